package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"mlnotes/learn"
	"mlnotes/matrix"
	"mlnotes/optimize"
)

// Neural networks on the command line (docs/cli.md, "Neural networks"):
// `demo mlp` on the supervised driver and `demo autoencoder`.
func init() {
	register(
		command{name: "mlp",
			args:    "[-hidden 100] [-activation relu|sigmoid|tanh] [-task classify|regress] [-loss xent|mse] [-epochs E] [-batch B] [-lr R] [-optimizer sgd|momentum|adam] [-lambda L] [-seed S] [-valid F] [-gradcheck] [-quiet] " + supervisedArgs,
			summary: "multilayer perceptron trained by backpropagation (classifier or regressor)",
			help: "A classifier when the label column holds integers or names, a regressor otherwise (or as -task says).\n" +
				"Classifier: softmax outputs with the cross-entropy (-loss xent), or sigmoid outputs with the\n" +
				"notes' squared loss (-loss mse); regressor: one linear output, squared loss. -lambda (weight\n" +
				"decay) defaults to 0, where scikit-learn's MLPClassifier uses alpha = 1e-4. Weights start\n" +
				"fan-in scaled from -seed, which also seeds the shuffles and the -valid split. Without -lr the\n" +
				"optimizer's default rate (adam 0.001, sgd and momentum 0.01); momentum is β = 0.9. -batch 0 means\n" +
				"min(200, n). -valid F holds out F of the rows and stops when their loss has not improved for\n" +
				"10 epochs, keeping the best weights. -gradcheck compares backpropagation with finite differences\n" +
				"on the first 10 rows at the initial weights (field gradcheck: the largest relative error).\n" +
				"Progress (epoch, loss, time) goes to stderr unless -quiet.\n",
			run: runMLP, learner: mlpLearner},
		command{name: "autoencoder",
			args:    "-hidden H [-type plain|denoising|sparse] [-activation sigmoid|tanh|relu|identity] [-corrupt P] [-rho R] [-beta B] [-epochs E] [-batch B] [-lr R] [-optimizer sgd|momentum|adam] [-lambda L] [-seed S] [-codes OUT.csv] [-test T.csv] [-scale standard|minmax] [-target COL] [-quiet] [-json] DATA.csv",
			summary: "autoencoders: plain, denoising (masking noise), sparse (KL penalty)",
			help: "Every column is a feature unless -target names one to leave out. train_mse and test_mse are\n" +
				"the mean squared reconstruction error per entry on the clean inputs. -codes writes the hidden\n" +
				"codes of the training rows as CSV. Defaults: sigmoid hidden units, identity outputs, -corrupt\n" +
				"0.25, -rho 0.05, -beta 3.\n",
			run: runAutoencoder},
	)
	// As a learner, mlp is a classifier unless -task regress says otherwise
	// (the learner's plan is fixed before the data are read), and quiet.
}

// trainingFlags are the optimizer flags shared by mlp and autoencoder.
type trainingFlags struct {
	epochs, batch *int
	lr, lambda    *float64
	optimizer     *string
	seed          *uint64
	quiet         *bool
}

func declareTrainingFlags(fs interface {
	Int(string, int, string) *int
	Float64(string, float64, string) *float64
	String(string, string, string) *string
	Uint64(string, uint64, string) *uint64
	Bool(string, bool, string) *bool
}, epochs int) trainingFlags {
	return trainingFlags{
		epochs:    fs.Int("epochs", epochs, "number of epochs `E`"),
		batch:     fs.Int("batch", 0, "mini-batch size `B` (0: min(200, n))"),
		lr:        fs.Float64("lr", 0, "learning rate `R` > 0 (default: adam 0.001, sgd and momentum 0.01)"),
		optimizer: fs.String("optimizer", "adam", "sgd, momentum (β = 0.9) or adam"),
		lambda:    fs.Float64("lambda", 0, "weight decay `L` ≥ 0: (L/2)·Σ‖W‖²"),
		seed:      fs.Uint64("seed", 0, "seed `S` of the initial weights, the shuffles and the splits"),
		quiet:     fs.Bool("quiet", false, "do not print the progress on stderr"),
	}
}

// epochValues is what every epoch adds to a network's history: the four
// values of learn.History and the command's loss curve.
const epochValues = 5

// check rejects invalid values as usage errors; lrSet says -lr was given.
// Like the other size flags, -epochs is refused when the history it
// implies cannot fit in the memory limit (memory_limit.go).
func (f trainingFlags) check(lrSet bool) error {
	switch {
	case *f.epochs < 1:
		return &usageError{msg: fmt.Sprintf("-epochs %d: want E ≥ 1", *f.epochs)}
	case matrix.FloatBytes(*f.epochs, epochValues) > matrix.MemoryLimit():
		return &usageError{msg: fmt.Sprintf("-epochs %d: the history of that many epochs (%d numbers an epoch) needs %s, the limit is %s (set %s to move the limit)",
			*f.epochs, epochValues, matrix.FormatBytes(matrix.FloatBytes(*f.epochs, epochValues)), matrix.FormatBytes(matrix.MemoryLimit()), memoryLimitEnv)}
	case *f.batch < 0:
		return &usageError{msg: fmt.Sprintf("-batch %d: want B ≥ 1 (0: min(200, n))", *f.batch)}
	case lrSet && !(*f.lr > 0 && *f.lr < math.Inf(1)):
		return &usageError{msg: fmt.Sprintf("-lr %g: the learning rate must be positive and finite", *f.lr)}
	case !(*f.lambda >= 0 && *f.lambda < math.Inf(1)):
		return &usageError{msg: fmt.Sprintf("-lambda %g: want a finite L ≥ 0", *f.lambda)}
	}
	switch *f.optimizer {
	case "sgd", "momentum", "adam":
	default:
		return &usageError{msg: fmt.Sprintf("-optimizer %q: want sgd, momentum or adam", *f.optimizer)}
	}
	return nil
}

// training builds learn.Training for n samples, with progress lines on
// stderr unless -quiet, and the loss curve collected into curve.
func (f trainingFlags) training(n int, stderr io.Writer, curve *[]float64) learn.Training {
	batch := *f.batch
	if batch == 0 {
		batch = min(200, n)
	}
	var t learn.Training
	switch *f.optimizer {
	case "adam":
		t.Adam = &optimize.AdamSettings{LearningRate: *f.lr, BatchSize: batch, Epochs: *f.epochs, Seed: *f.seed}
	case "momentum":
		t.SGD = &optimize.SGDSettings{LearningRate: *f.lr, Momentum: 0.9, BatchSize: batch, Epochs: *f.epochs, Seed: *f.seed}
	default:
		t.SGD = &optimize.SGDSettings{LearningRate: *f.lr, BatchSize: batch, Epochs: *f.epochs, Seed: *f.seed}
	}
	start, last := time.Now(), time.Time{}
	t.Trace = func(s learn.TraceStep) {
		r := s.Epoch
		*curve = append(*curve, r.Loss)
		if *f.quiet {
			return
		}
		// One line a second at most, and the last epoch's.
		if now := time.Now(); now.Sub(last) >= time.Second || r.Epoch == *f.epochs {
			last = now
			line := fmt.Sprintf("epoch %4d/%d  loss %.6g", r.Epoch, *f.epochs, r.Loss)
			if !math.IsNaN(r.Accuracy) {
				line += fmt.Sprintf("  accuracy %.4f", r.Accuracy)
			}
			if !math.IsNaN(r.ValidLoss) {
				line += fmt.Sprintf("  valid loss %.6g", r.ValidLoss)
			}
			fmt.Fprintf(stderr, "%s  time %.2fs\n", line, now.Sub(start).Seconds())
		}
	}
	return t
}

// parseWidths reads -hidden "64,32".
func parseWidths(s string) ([]int, error) {
	if strings.TrimSpace(s) == "" {
		return []int{}, nil
	}
	var out []int
	for _, p := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 1 {
			return nil, &usageError{msg: fmt.Sprintf("-hidden %q: want widths ≥ 1 separated by commas (e.g. 64,32)", s)}
		}
		out = append(out, n)
	}
	return out, nil
}

// parseActivationFlag reads -activation among the allowed kinds.
func parseActivationFlag(s string, allowed ...string) (learn.Activation, error) {
	for _, a := range allowed {
		if s == a {
			return learn.ParseActivation(s)
		}
	}
	return learn.Activation{}, &usageError{msg: fmt.Sprintf("-activation %q: want %s", s, strings.Join(allowed, ", "))}
}

// mlpFlags are the values of mlp's hyper-parameter flags, checked.
type mlpFlags struct {
	widths     []int
	activation learn.Activation
	task       string // classify, regress, or "" (the command decides from the labels)
	loss       string
	valid      float64
	tf         trainingFlags
}

// declareMLPFlags puts mlp's hyper-parameter flags on fs, for the command
// and for its learner (cv, grid, …); the function it returns checks them
// (its errors are usage errors).
func declareMLPFlags(fs *flag.FlagSet) func() (mlpFlags, error) {
	hidden := fs.String("hidden", "100", "widths of the hidden layers, comma-separated (\"\" for none)")
	activation := fs.String("activation", "relu", "hidden activation: relu, sigmoid or tanh")
	task := fs.String("task", "", "classify or regress (default: classify when the labels are integers or names)")
	loss := fs.String("loss", "", "classifier loss: xent (softmax, the default) or mse (sigmoid outputs)")
	valid := fs.Float64("valid", 0, "hold out the fraction `F` of the rows to stop early (0: none)")
	tf := declareTrainingFlags(fs, 200)
	return func() (mlpFlags, error) {
		if err := tf.check(flagSet(fs, "lr")); err != nil {
			return mlpFlags{}, err
		}
		widths, err := parseWidths(*hidden)
		if err != nil {
			return mlpFlags{}, err
		}
		f, err := parseActivationFlag(*activation, "relu", "sigmoid", "tanh")
		if err != nil {
			return mlpFlags{}, err
		}
		switch {
		case !(*valid >= 0 && *valid < 1):
			return mlpFlags{}, fmt.Errorf("-valid %g: want a fraction F in [0, 1)", *valid)
		case *task != "" && *task != "classify" && *task != "regress":
			return mlpFlags{}, fmt.Errorf("-task %q: want classify or regress", *task)
		case *loss != "" && *loss != "xent" && *loss != "mse":
			return mlpFlags{}, fmt.Errorf("-loss %q: want xent or mse", *loss)
		case *task == "regress" && *loss == "xent":
			return mlpFlags{}, fmt.Errorf("-loss xent applies to classification; a regressor uses mse")
		}
		return mlpFlags{widths: widths, activation: f, task: *task, loss: *loss, valid: *valid, tf: tf}, nil
	}
}

// config is the learn.MLP of the flags for n training rows (progress lines
// on stderr unless -quiet, the loss of every epoch appended to curve).
func (mf mlpFlags) config(n int, stderr io.Writer, curve *[]float64) learn.MLP {
	cfg := learn.MLP{Hidden: mf.widths, Activation: mf.activation, Loss: learn.LossKind(mf.loss), Lambda: *mf.tf.lambda,
		Training: mf.tf.training(n, stderr, curve)}
	cfg.Training.ValidationFraction = mf.valid
	return cfg
}

func runMLP(args []string, stdout, stderr io.Writer) error {
	s := newSupervised("mlp", "mlp-classifier", stderr, "mlp-regressor")
	flags := declareMLPFlags(s.fs)
	gradcheck := s.fs.Bool("gradcheck", false, "check backpropagation against finite differences (field gradcheck)")
	if err := s.parse(args); err != nil {
		return err
	}
	return fitOrLoad(s, stdout, func() (mlpFlags, error) {
		mf, err := flags()
		if err != nil {
			return mf, err
		}
		// The task: from -task, or from the label column (classification
		// when it holds integers or names, else regression).
		setTask := func(regress bool) error {
			s.regression = regress
			if !regress {
				return nil
			}
			if mf.loss == "xent" {
				return s.usage("-loss xent applies to classification; a regressor uses mse")
			}
			s.kind = "mlp-regressor"
			return nil
		}
		if mf.task == "" {
			s.taskFromLabels = setTask
			return mf, nil
		}
		return mf, setTask(mf.task == "regress")
	}, func(mf mlpFlags, d *trainingSet) (any, []field, error) {
		var curve []float64
		cfg := mf.config(d.X.Rows(), stderr, &curve)
		var fields []field
		if *gradcheck {
			g, err := mlpGradCheck(cfg, d, *mf.tf.seed)
			if err != nil {
				return nil, nil, err
			}
			fields = append(fields, field{"gradcheck", g.MaxRelErr}, field{"gradcheck_kinks", g.Kinks})
		}
		var model any
		var h *learn.History
		if s.regression {
			m, err := cfg.FitRegression(d.X, d.Y)
			if err != nil {
				return nil, nil, err
			}
			model, h = m, m.History
		} else {
			m, err := cfg.Fit(d.X, d.Labels)
			if err != nil {
				return nil, nil, err
			}
			model, h = m, m.History
		}
		fields = append(fields, field{"epochs", h.Epochs}, field{"loss_curve", curve})
		if mf.valid > 0 {
			fields = append(fields, field{"best_epoch", h.BestEpoch})
		}
		return model, fields, nil
	})
}

// mlpGradCheck builds the network MLP would start from and checks its
// gradient on the first 10 training rows.
func mlpGradCheck(cfg learn.MLP, d *trainingSet, seed uint64) (*learn.GradCheck, error) {
	n := min(10, d.X.Rows())
	x := d.X.Slice(0, n, 0, d.X.Cols())
	sizes := append(append([]int{d.X.Cols()}, cfg.Hidden...), 1)
	out, loss := learn.Activation{Kind: learn.ActIdentity}, learn.LossSquared
	var target *matrix.Dense
	if d.Y != nil {
		target = matrix.New(n, 1)
		target.SetCol(0, d.Y[:n])
	} else {
		classes := slices.Sorted(slices.Values(d.Labels))
		classes = slices.Compact(classes)
		sizes[len(sizes)-1] = len(classes)
		out, loss = learn.Activation{Kind: learn.ActSoftmax}, learn.LossCrossEntropy
		if cfg.Loss == learn.LossSquared {
			out, loss = learn.Activation{Kind: learn.ActSigmoid}, learn.LossSquared
		}
		target = matrix.New(n, len(classes))
		for i, y := range d.Labels[:n] {
			for k, c := range classes {
				if c == y {
					target.Set(i, k, 1)
				}
			}
		}
	}
	net, err := learn.NewNetwork(sizes, cfg.Activation, out, seed)
	if err != nil {
		return nil, err
	}
	return net.GradientCheck(x, target, loss, cfg.Lambda)
}

func runAutoencoder(args []string, stdout, stderr io.Writer) error {
	c, _ := findCommand("autoencoder")
	fs, asJSON := newFlags(c, stderr)
	hidden := fs.Int("hidden", 0, "number `H` of hidden units (required)")
	typ := fs.String("type", "plain", "plain, denoising or sparse")
	activation := fs.String("activation", "sigmoid", "hidden activation: sigmoid, tanh, relu or identity")
	corrupt := fs.Float64("corrupt", 0.25, "denoising: fraction `P` in [0, 1) of the inputs set to 0")
	rho := fs.Float64("rho", 0.05, "sparse: target mean activation `R` in (0, 1)")
	beta := fs.Float64("beta", 3, "sparse: weight `B` > 0 of the KL penalty")
	codes := fs.String("codes", "", "write the codes of the training rows to `OUT.csv`")
	test := fs.String("test", "", "also report the reconstruction error of `T.csv`")
	target := fs.String("target", "", "leave the column `COL` (name or 0-based index) out of the features")
	scale := fs.String("scale", "", "scale the features first: standard or minmax (fitted on DATA, applied to -test)")
	tf := declareTrainingFlags(fs, 200)
	ops, err := parseFlags(c, fs, args, 1, 1)
	if err != nil {
		return err
	}
	if err := checkOutputPath("codes", *codes, ops[0], *test); err != nil {
		return err
	}
	usage := func(format string, a ...any) error {
		return &usageError{msg: fmt.Sprintf(format, a...), usage: "demo autoencoder " + c.args}
	}
	if err := tf.check(flagSet(fs, "lr")); err != nil {
		return withUsage(err, c)
	}
	f, err := parseActivationFlag(*activation, "sigmoid", "tanh", "relu", "identity")
	if err != nil {
		return withUsage(err, c)
	}
	switch {
	case *hidden < 1:
		return usage("-hidden %d: want H ≥ 1 hidden units", *hidden)
	case *typ != "plain" && *typ != "denoising" && *typ != "sparse":
		return usage("-type %q: want plain, denoising or sparse", *typ)
	case !(*corrupt >= 0 && *corrupt < 1):
		return usage("-corrupt %g: want a fraction P in [0, 1)", *corrupt)
	case !(*rho > 0 && *rho < 1):
		return usage("-rho %g: want ρ in (0, 1)", *rho)
	case !(*beta > 0 && *beta < math.Inf(1)):
		return usage("-beta %g: want a finite β > 0", *beta)
	case flagSet(fs, "corrupt") && *typ != "denoising":
		return usage("-corrupt applies to -type denoising")
	case (flagSet(fs, "rho") || flagSet(fs, "beta")) && *typ != "sparse":
		return usage("-rho and -beta apply to -type sparse")
	case *typ == "sparse" && *activation != "sigmoid":
		return usage("-type sparse needs -activation sigmoid (the mean activations ρ̂ must lie in (0, 1))")
	}
	if *scale != "" && *scale != "standard" && *scale != "minmax" {
		return usage("-scale %q: want standard or minmax", *scale)
	}
	x, err := loadFeatures(ops, *target, "")
	if err != nil {
		return withUsage(err, c)
	}
	var scaler *learn.ScalerModel
	if *scale != "" {
		if *scale == "standard" {
			scaler, err = learn.StandardScaler{}.Fit(x)
		} else {
			scaler, err = learn.MinMaxScaler{}.Fit(x)
		}
		if err == nil {
			x, err = scaler.Transform(x)
		}
		if err != nil {
			return err
		}
	}
	var curve []float64
	cfg := learn.Autoencoder{Hidden: *hidden, Type: learn.AutoencoderType(*typ), Activation: f, Lambda: *tf.lambda,
		Training: tf.training(x.Rows(), stderr, &curve)}
	switch *typ {
	case "denoising":
		cfg.Corruption = *corrupt
		if cfg.Corruption == 0 {
			cfg.Type = learn.AutoencoderPlain // no corruption: the plain objective
		}
	case "sparse":
		cfg.Rho, cfg.Beta = *rho, *beta
	}
	m, err := cfg.Fit(x)
	if err != nil {
		return sizeFlagError(fs, err)
	}
	perEntry := func(x *matrix.Dense) (float64, error) {
		e, err := m.ReconstructionError(x)
		return e / float64(x.Cols()), err
	}
	trainMSE, err := perEntry(x)
	if err != nil {
		return err
	}
	fields := []field{{"train_mse", trainMSE}}
	if *test != "" {
		xt, err := loadFeatures([]string{*test}, *target, "")
		if err != nil {
			return err
		}
		if xt.Cols() != x.Cols() {
			return fmt.Errorf("%s: %d feature columns, the training data has %d", *test, xt.Cols(), x.Cols())
		}
		if scaler != nil {
			if xt, err = scaler.Transform(xt); err != nil {
				return err
			}
		}
		testMSE, err := perEntry(xt)
		if err != nil {
			return err
		}
		fields = append(fields, field{"test_mse", testMSE})
	}
	fields = append(fields, field{"epochs", m.History.Epochs}, field{"loss_curve", curve})
	if err := checkFinite(fields); err != nil {
		return err
	}
	if n := len(curve); scaler == nil && n >= 10 && curve[n-1] > 0.99*curve[0] {
		fmt.Fprintf(stderr, "demo autoencoder: warning: the loss barely moved (%.6g to %.6g) on unscaled features: try -scale standard\n", curve[0], curve[n-1])
	}
	if *codes != "" {
		y, _ := m.Encode(x)
		if err := writeCodes(stdout, *codes, y); err != nil {
			return err
		}
	}
	return emit(stdout, *asJSON, fields)
}

// writeCodes writes the codes as a CSV file with a header h1, h2, ….
func writeCodes(stdout io.Writer, path string, y *matrix.Dense) error {
	names := make([]string, y.Cols())
	for j := range names {
		names[j] = "h" + strconv.Itoa(j+1)
	}
	var b strings.Builder
	if err := matrix.WriteCSV(&b, y, names); err != nil {
		return err
	}
	return writeOutputFile(stdout, path, []byte(b.String()))
}

// mlpLearner declares the flags of the mlp learner (for cv, grid, holdout,
// bootstrap, bag and boost3) and returns its constructor.
func mlpLearner(fs *flag.FlagSet) func() (learnerPlan, error) {
	flags := declareMLPFlags(fs)
	return func() (learnerPlan, error) {
		mf, err := flags()
		if err != nil {
			return learnerPlan{}, err
		}
		if mf.task == "regress" {
			return regressorPlan(learn.RegressorFunc(func(x *matrix.Dense, y []float64) (learn.Regressor, error) {
				var curve []float64
				return mf.config(x.Rows(), io.Discard, &curve).FitRegressor(x, y)
			})), nil
		}
		return classifierPlan(learn.ClassifierFunc(func(x *matrix.Dense, y []int) (learn.Classifier, error) {
			var curve []float64
			return mf.config(x.Rows(), io.Discard, &curve).FitClassifier(x, y)
		})), nil
	}
}
