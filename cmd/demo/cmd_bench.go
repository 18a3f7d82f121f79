package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"mlnotes/learn"
	"mlnotes/matrix"
	"mlnotes/optimize"
)

// The benchmark table of docs/performance.md: every classifier of the notes
// trained on Fashion-MNIST (Xiao, Rasul and Vollgraf, 2017) and timed. The
// settings of every row are fixed here, documented in benchMethods, and
// mirrored by testdata/gen/fashion_sklearn.py with the closest scikit-learn
// estimator, so that the two tables can be read side by side.

func init() {
	register(command{
		name:    "bench",
		args:    "fashion [-dir DIR] [-train N] [-methods a,b,…] [-seed S] [-quiet] [-json]",
		summary: "the classifiers of the notes on Fashion-MNIST: accuracy and time",
		run:     runBench,
	})
}

// fashionDir is where Debian's dataset-fashion-mnist package installs the
// four IDX files.
const fashionDir = "/usr/share/datasets/fashion-mnist"

// fashionFiles are the four files of the data set, in the order train
// images, train labels, test images, test labels.
var fashionFiles = [4]string{
	"train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz",
	"t10k-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz",
}

// benchMethod is one row of the table: a name for -methods, the settings
// in words (printed in docs/cli.md, "The Fashion-MNIST table"), and the
// trainer, whose learner reports its progress on pr (nil: none; the
// settings are the same).
type benchMethod struct {
	name     string
	settings string
	trainer  func(seed uint64, pr *progressPrinter) learn.ClassifierTrainer
}

// benchMethods lists the rows in the order of the notes.
var benchMethods = []benchMethod{
	{"gauss-bayes", "Bayes classifier, Gaussian classes with one shared (pooled, 1/n) covariance + 0.01·I, empirical priors, 0–1 loss",
		func(uint64, *progressPrinter) learn.ClassifierTrainer {
			return learn.Bayes{Density: learn.SharedGaussDensity, Reg: 0.01}
		}},
	{"fisher", "Fisher's discriminant, c − 1 = 9 directions, S_w + 1e-3·I, nearest projected class mean (distances scaled by each direction's within-class scatter)",
		func(uint64, *progressPrinter) learn.ClassifierTrainer { return learn.FisherLDA{Ridge: 1e-3} }},
	{"logreg", "softmax regression, λ = 1 (C = 1), L-BFGS stopped as scikit-learn's lbfgs is: a gradient entry of at most 1e-4 (its default tol) or a relative decrease of f of at most 2.2e-9 (scipy's ftol), at most 2000 iterations (a cap that binds neither: scikit-learn stops at 927 here, mlnotes near 1000, a count that moves by a few per cent with rounding)",
		func(_ uint64, pr *progressPrinter) learn.ClassifierTrainer {
			return learn.LogisticRegression{Lambda: 1, Solver: learn.LogRegLBFGS, Tol: 1e-4, FuncTol: 2.220446049250313e-09, MaxIter: 2000,
				Trace: pr.trace(nil)}
		}},
	{"knn", "k-nearest neighbours, k = 5, Euclidean distance, majority vote",
		func(uint64, *progressPrinter) learn.ClassifierTrainer { return learn.KNN{K: 5} }},
	{"tree", "decision tree, Gini, grown until the leaves are pure",
		func(seed uint64, pr *progressPrinter) learn.ClassifierTrainer {
			return learn.DecisionTree{Seed: seed, Progress: pr.leaves()}
		}},
	{"forest", "random forest, 100 trees, √d features per split, bootstrap samples, Gini, full depth",
		func(seed uint64, pr *progressPrinter) learn.ClassifierTrainer {
			return learn.RandomForest{Trees: 100, Seed: seed, Progress: pr.count("trees")}
		}},
	{"adaboost", "AdaBoost (SAMME for the ten classes), 100 rounds of depth-3 trees",
		func(seed uint64, pr *progressPrinter) learn.ClassifierTrainer {
			return learn.AdaBoost{Rounds: 100, Base: learn.DecisionTree{MaxDepth: 3, Seed: seed}, Seed: seed, Trace: pr.trace(nil)}
		}},
	{"mlp", "MLP 784-256-10, ReLU, softmax and cross-entropy, Adam α = 0.001, batches of 128, 20 epochs, weight decay λ = 1e-4/n (scikit-learn's alpha = 1e-4)",
		func(seed uint64, pr *progressPrinter) learn.ClassifierTrainer {
			return learn.ClassifierFunc(func(x *matrix.Dense, y []int) (learn.Classifier, error) {
				adam := &optimize.AdamSettings{LearningRate: 1e-3, BatchSize: 128, Epochs: 20, Seed: seed}
				mlp := learn.MLP{Hidden: []int{256}, Lambda: 1e-4 / float64(x.Rows()), Training: learn.Training{Adam: adam, Trace: pr.trace(nil)}}
				return mlp.FitClassifier(x, y)
			})
		}},
	{"svm-linear", "C-SVM, linear kernel, C = 1, tol 1e-3, one-versus-one",
		func(_ uint64, pr *progressPrinter) learn.ClassifierTrainer {
			return learn.ClassifierFunc(func(x *matrix.Dense, y []int) (learn.Classifier, error) {
				return pr.smoTraced(learn.SVM{Kernel: learn.Linear(), C: 1, Tol: 1e-3}, x.Rows()).FitClassifier(x, y)
			})
		}},
	{"svm-rbf", "C-SVM, Gaussian kernel γ = 1/(d·Var X) (scikit-learn's \"scale\"), C = 1, tol 1e-3",
		func(_ uint64, pr *progressPrinter) learn.ClassifierTrainer { return scaledGammaSVM(0, pr) }},
	{"pca-svm", "PCA to 50 components, then the Gaussian C-SVM above",
		func(_ uint64, pr *progressPrinter) learn.ClassifierTrainer { return scaledGammaSVM(50, pr) }},
}

func benchMethodNames() []string {
	names := make([]string, len(benchMethods))
	for i, m := range benchMethods {
		names[i] = m.name
	}
	return names
}

// scaledGammaSVM is the Gaussian C-SVM with scikit-learn's default width
// γ = 1/(d·Var X), Var X the variance of all entries of the training
// matrix, after an optional PCA to k components (k = 0: none; at most the
// number of pixels); progress on pr.
func scaledGammaSVM(k int, pr *progressPrinter) learn.ClassifierTrainer {
	return learn.ClassifierFunc(func(x *matrix.Dense, y []int) (learn.Classifier, error) {
		var pca *learn.PCAModel
		if k > 0 {
			pr.update("PCA to %d components", min(k, x.Cols()))
			var err error
			if pca, err = (learn.PCA{Components: min(k, x.Cols())}).Fit(x); err != nil {
				return nil, err
			}
			if x, err = pca.Transform(x); err != nil {
				return nil, err
			}
		}
		v := entryVariance(x)
		if v == 0 {
			return nil, errors.New("bench: the training images are all equal; no Gaussian width can be chosen")
		}
		gamma := 1 / (float64(x.Cols()) * v)
		m, err := pr.smoTraced(learn.SVM{Kernel: learn.Gaussian(1 / gamma), C: 1, Tol: 1e-3}, x.Rows()).FitClassifier(x, y)
		if err != nil {
			return nil, err
		}
		return pcaThen{pca, m}, nil
	})
}

// pcaThen is a classifier that first projects on a fitted PCA (if any).
type pcaThen struct {
	pca *learn.PCAModel
	m   learn.Classifier
}

func (p pcaThen) Predict(x *matrix.Dense) ([]int, error) {
	if p.pca != nil {
		var err error
		if x, err = p.pca.Transform(x); err != nil {
			return nil, err
		}
	}
	return p.m.Predict(x)
}

// entryVariance is the variance of all the entries of x, by the two-pass
// formula (mean first, then squared deviations).
func entryVariance(x *matrix.Dense) float64 {
	n, d := x.Dims()
	var sum float64
	for i := range n {
		for _, v := range x.Row(i) {
			sum += v
		}
	}
	mean := sum / float64(n*d)
	var ss float64
	for i := range n {
		for _, v := range x.Row(i) {
			ss += (v - mean) * (v - mean)
		}
	}
	return ss / float64(n*d)
}

// benchResult is one row of the table as -json prints it.
type benchResult struct {
	Method         string  `json:"method"`
	TestAccuracy   float64 `json:"test_accuracy"`
	FitSeconds     float64 `json:"fit_seconds"`
	PredictSeconds float64 `json:"predict_seconds"`
	// FitCPUSeconds and PredictCPUSeconds are the process's CPU time
	// (user + system, every thread) over the same spans, where the system
	// reports it: on a loaded machine they measure the work, not the
	// queue; with GOMAXPROCS=1 they pair with a one-thread anchor.
	FitCPUSeconds     float64 `json:"fit_cpu_seconds,omitempty"`
	PredictCPUSeconds float64 `json:"predict_cpu_seconds,omitempty"`
	// Error is why the row has no result (a learner that did not
	// converge, say); the other rows still run.
	Error string `json:"error,omitempty"`
}

func runBench(args []string, stdout, stderr io.Writer) error {
	c, _ := findCommand("bench")
	fset, asJSON := newFlags(c, stderr)
	dir := fset.String("dir", fashionDir, "folder with the four Fashion-MNIST IDX files `DIR`")
	nTrain := fset.Int("train", 0, "use the first `N` training images (0: all 60000)")
	methods := fset.String("methods", strings.Join(benchMethodNames(), ","), "comma-separated `rows` to run")
	seed := fset.Uint64("seed", 1, "seed of the learners that draw random numbers")
	quiet := fset.Bool("quiet", false, "no progress on stderr")
	ops, err := parseFlags(c, fset, args, 1, 1)
	if err != nil {
		return err
	}
	if ops[0] != "fashion" {
		return &usageError{msg: fmt.Sprintf("unknown benchmark %q (the one benchmark is \"fashion\")", ops[0]), usage: "demo bench " + c.args}
	}
	rows, err := chooseBenchMethods(*methods)
	if err != nil {
		return &usageError{msg: err.Error(), usage: "demo bench " + c.args}
	}
	if *nTrain < 0 {
		return &usageError{msg: fmt.Sprintf("-train %d: N must be positive (0 means all)", *nTrain), usage: "demo bench " + c.args}
	}
	// Progress as every command reports it (progress.go): at most one
	// line a second, the state being the row, its place and its
	// learner's own progress; a heartbeat for the steps without news.
	pr := newProgress(stderr, "bench", *quiet)
	stop := pr.heartbeat()
	defer pr.done()
	defer stop()
	pr.update("reading %s", *dir)
	xTrain, yTrain, xTest, yTest, err := loadFashion(*dir, *nTrain)
	if err != nil {
		return err
	}
	// A row whose learner fails (an iteration limit reached on data the
	// settings were not made for, say) is reported as failed and the
	// others still run; the command then exits with status 1, after the
	// table.
	var results []benchResult
	var failed []string
	for i, m := range rows {
		pr.setPrefix(fmt.Sprintf("%s (%d/%d): ", m.name, i+1, len(rows)))
		pr.update("fitting on %d images of %d pixels", xTrain.Rows(), xTrain.Cols())
		r, err := benchOne(m, *seed, pr, xTrain, yTrain, xTest, yTest)
		if err != nil {
			pr.milestone("failed: %v", err)
			r = benchResult{Method: m.name, Error: err.Error()}
			failed = append(failed, m.name)
		} else {
			pr.milestone("accuracy %.4f, fit %.2f s (CPU %.2f s), predict %.2f s (CPU %.2f s)",
				r.TestAccuracy, r.FitSeconds, r.FitCPUSeconds, r.PredictSeconds, r.PredictCPUSeconds)
		}
		results = append(results, r)
	}
	pr.setPrefix("")
	pr.update("%d rows done, %d failed", len(rows), len(failed))
	stop()
	if err := writeBenchTable(stdout, *asJSON, results); err != nil {
		return err
	}
	if len(failed) > 0 {
		return fmt.Errorf("%d row(s) failed: %s (the reasons are in the table)", len(failed), strings.Join(failed, ", "))
	}
	return nil
}

// writeBenchTable prints the rows as JSON or as an aligned table, failed
// rows with their reason.
func writeBenchTable(w io.Writer, asJSON bool, results []benchResult) error {
	if asJSON {
		return emitJSON(w, []field{{"results", results}})
	}
	_, withCPU := processCPUSeconds()
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	if withCPU {
		fmt.Fprintln(tw, "method\ttest accuracy\tfit (s)\tpredict (s)\tfit CPU (s)\tpredict CPU (s)\t")
	} else {
		fmt.Fprintln(tw, "method\ttest accuracy\tfit (s)\tpredict (s)\t")
	}
	for _, r := range results {
		switch {
		case r.Error != "":
			fmt.Fprintf(tw, "%s\tfailed\t\t\t %s\n", r.Method, r.Error)
		case withCPU:
			fmt.Fprintf(tw, "%s\t%.4f\t%.2f\t%.2f\t%.2f\t%.2f\t\n", r.Method, r.TestAccuracy, r.FitSeconds, r.PredictSeconds, r.FitCPUSeconds, r.PredictCPUSeconds)
		default:
			fmt.Fprintf(tw, "%s\t%.4f\t%.2f\t%.2f\t\n", r.Method, r.TestAccuracy, r.FitSeconds, r.PredictSeconds)
		}
	}
	return tw.Flush()
}

// chooseBenchMethods resolves -methods to rows, in the order given.
func chooseBenchMethods(list string) ([]benchMethod, error) {
	var rows []benchMethod
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		i := slices.IndexFunc(benchMethods, func(m benchMethod) bool { return m.name == name })
		if i < 0 {
			return nil, fmt.Errorf("-methods: unknown method %q (known: %s)", name, strings.Join(benchMethodNames(), ", "))
		}
		rows = append(rows, benchMethods[i])
	}
	return rows, nil
}

// benchOne trains one row and times it; the accuracy is on the whole test
// set.
func benchOne(m benchMethod, seed uint64, pr *progressPrinter, xTrain *matrix.Dense, yTrain []int, xTest *matrix.Dense, yTest []int) (benchResult, error) {
	t0, c0 := time.Now(), newCPUClock()
	model, err := m.trainer(seed, pr).FitClassifier(xTrain, yTrain)
	if err != nil {
		return benchResult{}, err
	}
	fit, fitCPU := time.Since(t0).Seconds(), c0.since()
	pr.update("predicting %d test images", xTest.Rows())
	t0, c0 = time.Now(), newCPUClock()
	pred, err := chunkedPredict(pr, model, xTest, model.Predict) // k-NN in blocks, with progress
	if err != nil {
		return benchResult{}, err
	}
	predict, predictCPU := time.Since(t0).Seconds(), c0.since()
	right := 0
	for i, p := range pred {
		if p == yTest[i] {
			right++
		}
	}
	return benchResult{Method: m.name, TestAccuracy: float64(right) / float64(len(yTest)),
		FitSeconds: fit, PredictSeconds: predict, FitCPUSeconds: fitCPU, PredictCPUSeconds: predictCPU}, nil
}

// cpuClock reads the process's CPU time at a start; since is the CPU time
// used from then (0 where the system does not report it).
type cpuClock struct {
	start float64
	ok    bool
}

func newCPUClock() cpuClock {
	s, ok := processCPUSeconds()
	return cpuClock{s, ok}
}

func (c cpuClock) since() float64 {
	now, ok := processCPUSeconds()
	if !c.ok || !ok {
		return 0
	}
	return now - c.start
}

// loadFashion reads the four files of dir, scales the pixels to [0, 1] and
// keeps the first n training images (n = 0: all).
func loadFashion(dir string, n int) (xTrain *matrix.Dense, yTrain []int, xTest *matrix.Dense, yTest []int, err error) {
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil, nil, fmt.Errorf("%s does not exist: install Debian's package dataset-fashion-mnist or give -dir", dir)
	}
	var paths [4]string
	for i, f := range fashionFiles {
		paths[i] = filepath.Join(dir, f)
		if _, err := os.Stat(paths[i]); err != nil {
			return nil, nil, nil, nil, fmt.Errorf("%s is missing (Debian's package dataset-fashion-mnist installs it)", paths[i])
		}
	}
	if xTrain, _, _, err = matrix.ReadIDXImagesFile(paths[0]); err != nil {
		return
	}
	if yTrain, err = matrix.ReadIDXLabelsFile(paths[1]); err != nil {
		return
	}
	if xTest, _, _, err = matrix.ReadIDXImagesFile(paths[2]); err != nil {
		return
	}
	if yTest, err = matrix.ReadIDXLabelsFile(paths[3]); err != nil {
		return
	}
	if xTrain.Rows() != len(yTrain) || xTest.Rows() != len(yTest) {
		return nil, nil, nil, nil, fmt.Errorf("%s: %d training images but %d labels, %d test images but %d labels", dir, xTrain.Rows(), len(yTrain), xTest.Rows(), len(yTest))
	}
	if xTrain.Cols() != xTest.Cols() {
		return nil, nil, nil, nil, fmt.Errorf("%s: training images have %d pixels, test images %d", dir, xTrain.Cols(), xTest.Cols())
	}
	if n > xTrain.Rows() {
		return nil, nil, nil, nil, &usageError{msg: fmt.Sprintf("-train %d: the training set has %d images", n, xTrain.Rows())}
	}
	if n > 0 {
		xTrain, yTrain = xTrain.Slice(0, n, 0, xTrain.Cols()), yTrain[:n]
	}
	return matrix.Scale(1.0/255, xTrain), yTrain, matrix.Scale(1.0/255, xTest), yTest, nil
}
