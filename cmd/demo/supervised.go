package main

// The supervised driver: what every supervised command (svm, lda, and every
// learner added later) shares, so that a command is its hyper-parameter
// flags and a few lines that call learn. docs/cli.md ("Supervised
// commands") is the user's side of this contract.
//
// # Writing a supervised command
//
//	func runLDA(args []string, stdout, stderr io.Writer) error {
//		s := newSupervised("lda", "fisher", stderr) // command name, model kind
//		ridge := s.fs.Float64("ridge", 0, "add `R`·I to S_w")
//		if err := s.parse(args); err != nil {
//			return err // usage errors, -h
//		}
//		if !(*ridge >= 0) {
//			return s.usage("-ridge %g: want R ≥ 0", *ridge)
//		}
//		return s.run(stdout, func(d *trainingSet) (any, []field, error) {
//			m, err := learn.FisherLDA{Ridge: *ridge}.Fit(d.X, d.Labels)
//			if err != nil {
//				return nil, nil, err
//			}
//			return m, []field{{"w", m.W}}, nil
//		})
//	}
//
//	func init() {
//		register(command{name: "lda", args: "[-ridge R] " + supervisedArgs, …, run: runLDA, learner: ldaLearner})
//	}
//
// A regression command sets s.regression = true before s.run (svm sets it
// from -type); the training set then has Y (real targets) instead of Labels.
// A command whose classifier and regressor are saved as different kinds
// names the others after stderr, newSupervised("tree", "tree", stderr,
// "tree-regressor"), and sets s.kind to the one it trains before s.run;
// -load accepts any of them.
//
// newSupervised declares the common flags on s.fs (plus -json):
//
//	-target COL   the label column (name or 0-based index; default the last)
//	-sep S        the separator (default: detected among , ; tab)
//	-format F     csv or libsvm (default: libsvm for *.libsvm and *.svm)
//	-drop COL     leave a column out (repeatable, or a comma-separated list)
//	-drop-na      drop the rows with an empty or NA cell (count on stderr)
//	-scale S      standard or minmax, fitted on the training data
//	-pca K        project on the first K principal components (after -scale)
//	-test T       score the model on T (with -json: predictions too)
//	-save M       write the model, its labels and preprocessing to M
//	-load M       read M instead of training (then no training flag applies)
//
// The command adds its own flags, then calls s.parse(args) (one data operand,
// none with -load) and s.run(stdout, train). run does the rest:
//
//  1. with -load, reads the model file (the kind must be the command's, and
//     every flag other than -test, -target, -sep, -format, -drop-na and
//     -json is refused as not applying); otherwise reads the training file,
//     turns its label column into class labels or targets, fits -scale and
//     -pca on it and calls train with the preprocessed data;
//  2. train returns the fitted model (a learn.Classifier for
//     classification, a learn.Regressor for regression; with a Save(io.Writer)
//     error method for -save) and the fields the command prints about it;
//  3. run appends train_accuracy (or train_mse), then for -test the
//     test_accuracy (test_mse) and, with -json, the predictions; it checks
//     that every number is finite, saves the model file (only when all of
//     this succeeded) and prints.
//
// # Class labels
//
// A label column of integers gives those integers to the learner, as they
// are (−1/1, 0..k−1, 3/7 …). A label column with a word in it (setosa) makes
// every label a name: the names are sorted and the learner sees 0..k−1, the
// index of each name; the names are saved in the model file and every
// prediction is printed with its name. A number that is not an integer (1.5)
// is refused for a classifier, in the training and in the test file.
//
// # The model file
//
// One JSON object (format "mlnotes/cli-model", version 1) holding the model
// kind, the task, the feature columns, the label names, the preprocessing
// and, under "model", the learn model's own saved envelope unchanged:
//
//	{"format":"mlnotes/cli-model","version":1,"kind":"svm","task":"classification",
//	 "features":["sepal_length",…],"n_features":4,"target":"species",
//	 "layout":{"columns":5,"target":4},"labels":["setosa","versicolor","virginica"],
//	 "preprocess":{"scaler":"standard","center":[…],"scale":[…]},
//	 "model":{"format":"mlnotes/svm","version":1,"model":{…}}}
//
// Every model file is read by the library's loader, learn.Load, which
// knows every kind (the X of "mlnotes/X" that the learn model's Save
// writes, the kind the driver records), so that a model saved by any
// command predicts the same from a Go program. If the model also
// implements learn.ProbabilisticClassifier, `predict -proba` prints its
// probabilities; if it implements learn.DecisionClassifier, -json output
// gives its decision values, and a row whose decision value is not finite
// is refused (it cannot be scored) rather than given a class.

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"mlnotes/learn"
	"mlnotes/matrix"
)

// supervisedArgs is the synopsis of the common flags, for a command's args.
const supervisedArgs = "[-target COL] [-sep S] [-format csv|libsvm] [-drop COL] [-drop-na] [-scale standard|minmax] [-pca K] [-test T.csv] [-save M.json] [-json] TRAIN.csv\n" +
	"       demo %s -load M.json -test T.csv [-target COL] [-json]"

// trainingSet is what a supervised command's train function receives.
type trainingSet struct {
	X      *matrix.Dense // n×d features after -scale and -pca
	Raw    *matrix.Dense // the features as read, before -scale and -pca
	Labels []int         // classification: the class of every row
	Y      []float64     // regression: the target of every row
	// Names are the class names of text labels (Labels index them), nil
	// for integer labels.
	Names []string
	// Features names X's columns before -pca (nil without a header).
	Features []string
}

// trainFunc fits a model on a training set and returns it with the fields
// the command prints about it.
type trainFunc func(d *trainingSet) (model any, fields []field, err error)

// supervised is one run of a supervised command: its flags and options.
type supervised struct {
	cmd        command
	kind       string   // the kind saved by -save
	learner    string   // the learner a command that assesses or combines one names (parseMeta)
	loadKinds  []string // the kinds -load accepts
	fs         *flag.FlagSet
	stderr     io.Writer
	regression bool // set by the command before run: real targets, not classes
	// probaField, when set by the command, names a JSON field that -test
	// -json adds after the predictions: the class probabilities of every
	// test row, columns in ascending label order (bayes: "posteriors").
	probaField string
	// progress, when set by the command, reports long predictions
	// (cliModel.progress).
	progress *progressPrinter
	// taskFromLabels, when set by the command (mlp without -task), is
	// called by fit once the training file is read, with whether its
	// label column holds real targets (numbers that are not all
	// integers) rather than classes (integers or names): it sets
	// s.regression and s.kind accordingly, or refuses the flags that do
	// not fit that task (a usage error).
	taskFromLabels func(real bool) error

	asJSON                                          *bool
	target, sep, format, test, save, load, scaleOpt *string
	drop                                            columnList
	dropNA                                          *bool
	pca                                             *int
	ops                                             []string
	sepRune                                         rune
}

// newSupervised declares the common flags of the command name, whose models
// are of the given kind (the X of its "mlnotes/X" file), or of one of
// the other kinds.
func newSupervised(name, kind string, stderr io.Writer, other ...string) *supervised {
	c, ok := findCommand(name)
	if !ok {
		panic("demo: newSupervised of unregistered command " + name)
	}
	s := &supervised{cmd: c, kind: kind, stderr: stderr, loadKinds: append([]string{kind}, other...)}
	s.fs, s.asJSON = newFlags(c, stderr)
	s.target = s.fs.String("target", "", "the label column `COL` (name or 0-based index; default: the last)")
	s.sep = s.fs.String("sep", "", "field separator `S`: , ; or tab (default: detected)")
	s.format = s.fs.String("format", "", "csv or libsvm (default: libsvm for files named *.libsvm or *.svm, else csv)")
	s.fs.Var(&s.drop, "drop", "leave column `COL` out of the features (repeatable, or a comma-separated list)")
	s.dropNA = s.fs.Bool("drop-na", false, "drop the rows that have an empty or NA cell (reported on stderr)")
	s.scaleOpt = s.fs.String("scale", "", "standardize (standard) or scale to [0, 1] (minmax) each feature, fitted on the training data")
	s.pca = s.fs.Int("pca", 0, "project the (scaled) features on the first `K` principal components (0: no projection)")
	s.test = s.fs.String("test", "", "score the model on `T.csv` (with -json, print its predictions too)")
	s.save = s.fs.String("save", "", "save the model, its labels and preprocessing to `M.json`")
	s.load = s.fs.String("load", "", "read the model `M.json` instead of training")
	return s
}

// usage returns a usage error carrying the command's synopsis.
func (s *supervised) usage(format string, a ...any) error {
	return &usageError{msg: fmt.Sprintf(format, a...), usage: s.synopsis()}
}

func (s *supervised) synopsis() string {
	return "demo " + s.cmd.name + " " + s.cmd.args
}

// loading reports -load.
func (s *supervised) loading() bool { return *s.load != "" }

// parse parses the command line and checks the common flags.
func (s *supervised) parse(args []string) error {
	n := 1
	if containsFlag(args, "load") {
		n = 0
	}
	ops, err := parseFlags(s.cmd, s.fs, args, n, n)
	if err != nil {
		if ue, ok := err.(*usageError); ok {
			ue.usage = s.synopsis()
		}
		return err
	}
	s.ops = ops
	if s.sepRune, err = parseSeparator(*s.sep); err != nil {
		return s.usage("%v", err)
	}
	switch *s.format {
	case "", "csv", "libsvm":
	default:
		return s.usage("-format %q: want csv or libsvm", *s.format)
	}
	switch *s.scaleOpt {
	case "", "standard", "minmax":
	default:
		return s.usage("-scale %q: want standard or minmax", *s.scaleOpt)
	}
	if *s.pca < 0 {
		return s.usage("-pca %d: want K ≥ 1 (0: no projection)", *s.pca)
	}
	if s.loading() {
		if *s.test == "" {
			return s.usage("-load needs -test T.csv (or use demo predict)")
		}
		// -quiet (of the commands that report progress) only silences
		// stderr: it applies to loading as well.
		allowed := map[string]bool{"load": true, "test": true, "target": true, "sep": true, "format": true, "drop-na": true, "json": true, "quiet": true}
		var bad []string
		s.fs.Visit(func(f *flag.Flag) {
			if !allowed[f.Name] {
				bad = append(bad, "-"+f.Name)
			}
		})
		if len(bad) > 0 {
			return s.usage("%s: does not apply with -load (the model file fixes the training and the preprocessing)", strings.Join(bad, ", "))
		}
	}
	return checkOutputPath("save", *s.save, append([]string{*s.test, *s.load}, s.ops...)...)
}

// stepTrainers returns the preprocessing of -scale and -pca, unfitted.
func (s *supervised) stepTrainers() []learn.TransformerTrainer {
	return stepTrainers(*s.scaleOpt, *s.pca)
}

// set reports whether the flag was given on the command line.
func (s *supervised) set(name string) bool { return flagSet(s.fs, name) }

// task names what the model predicts.
func (s *supervised) task() string {
	if s.regression {
		return "regression"
	}
	return "classification"
}

// run trains (or loads) the model, scores it, saves it and prints.
func (s *supervised) run(stdout io.Writer, train trainFunc) error {
	var (
		m      *cliModel
		fields []field
		err    error
	)
	if s.loading() {
		if m, err = readCLIModel(*s.load); err != nil {
			return err
		}
		m.progress = s.progress
		if !slices.Contains(s.loadKinds, m.file.Kind) {
			return fmt.Errorf("%s holds a %s model, not a %s model (use demo predict)", *s.load, m.file.Kind, s.kind)
		}
	} else {
		if m, fields, err = s.fit(train); err != nil {
			return err
		}
	}
	if *s.test != "" {
		ro := readOptions{sep: s.sepRune, format: *s.format, target: *s.target, dropNA: *s.dropNA, stderr: s.stderr, cmd: s.cmd.name}
		smp, err := m.readData(*s.test, ro)
		if err != nil {
			return err
		}
		if smp.label == nil {
			return fmt.Errorf("%s has no label column to score against (use demo predict for unlabelled data)", *s.test)
		}
		p, err := m.predict(smp, s.probaField != "" && *s.asJSON)
		if err != nil {
			return err
		}
		name, score, err := m.score(p, smp)
		if err != nil {
			return err
		}
		fields = append(fields, field{"test_" + name, score})
		if *s.asJSON {
			fields = append(fields, field{"predictions", m.predictionValues(p)})
			if p.proba != nil {
				fields = append(fields, field{s.probaField, p.proba})
			}
		}
	}
	var out bytes.Buffer
	if err := emit(&out, *s.asJSON, fields); err != nil {
		return err
	}
	if *s.save != "" {
		if err := m.writeFile(stdout, *s.save); err != nil {
			return err
		}
	}
	_, err = stdout.Write(out.Bytes())
	return err
}

// fit reads the training file, preprocesses it and calls train.
func (s *supervised) fit(train trainFunc) (*cliModel, []field, error) {
	path := s.ops[0]
	smp, lay, err := s.readTraining(path)
	if err != nil {
		return nil, nil, err
	}
	if s.taskFromLabels != nil {
		if err := s.taskFromLabels(realTargets(smp)); err != nil {
			return nil, nil, err
		}
	}
	d := &trainingSet{Features: smp.features}
	if s.regression {
		if d.Y, err = smp.targets(); err != nil {
			return nil, nil, err
		}
	} else {
		if d.Names, err = smp.labelNames(); err != nil {
			return nil, nil, err
		}
		if d.Labels, err = smp.classes(d.Names); err != nil {
			return nil, nil, err
		}
		// Every classifier needs two classes; some learners (k-NN, a tree)
		// would return a constant model, which the contract refuses.
		if err := needTwoClasses(d); err != nil {
			return nil, nil, err
		}
		if err := notIdentifiers(d, smp.labelName); err != nil {
			return nil, nil, err
		}
	}
	steps, xt, err := fitPreprocess(smp.x, *s.scaleOpt, *s.pca)
	if err != nil {
		return nil, nil, err
	}
	d.X, d.Raw = xt, smp.x
	model, fields, err := train(d)
	if err != nil {
		return nil, nil, sizeFlagError(s.fs, err)
	}
	switch model.(type) {
	case learn.Classifier:
		if s.regression {
			return nil, nil, fmt.Errorf("internal error: %s returned a classifier for regression", s.cmd.name)
		}
	case learn.Regressor:
		if !s.regression {
			return nil, nil, fmt.Errorf("internal error: %s returned a regressor for classification", s.cmd.name)
		}
	default:
		return nil, nil, fmt.Errorf("internal error: %s returned %T, neither a learn.Classifier nor a learn.Regressor", s.cmd.name, model)
	}
	m := &cliModel{model: model, steps: steps, progress: s.progress, file: cliModelFile{
		Format: cliModelFormat, Version: 1, Kind: s.kind, Task: s.task(),
		Features: smp.features, NFeatures: smp.x.Cols(), Target: smp.labelName, Layout: lay,
		Labels: d.Names, Preprocess: fileSection(steps),
	}}
	p, err := m.predictPre(d.X, smp.lines, false)
	if err != nil {
		return nil, nil, err
	}
	name, score, err := m.score(p, smp)
	if err != nil {
		return nil, nil, err
	}
	// The class names, once: in text, a command that prints its classes
	// (as names, classNames) does not print them again as labels.
	if d.Names != nil && (*s.asJSON || !slices.ContainsFunc(fields, func(f field) bool { return f.name == "classes" })) {
		fields = append(fields, field{"labels", d.Names})
	}
	fields = append(fields, field{"train_" + name, score})
	return m, fields, nil
}

// readTraining reads the training file: features, label column, layout.
func (s *supervised) readTraining(path string) (*sample, *columnLayout, error) {
	ro := readOptions{sep: s.sepRune, format: *s.format, target: *s.target, dropNA: *s.dropNA, stderr: s.stderr, cmd: s.cmd.name}
	if ro.isLibSVM(path) {
		if *s.target != "" || len(s.drop) > 0 {
			return nil, nil, s.usage("-target and -drop apply to CSV files; a LIBSVM file's label is the first item of each line")
		}
		smp, err := readLibSVMSample(path, 0, peakOf(s.cmd.name, s.learner))
		if err != nil {
			return nil, nil, err
		}
		return smp, &columnLayout{Target: -1}, nil
	}
	t, err := readRawTable(path, s.sepRune)
	if err != nil {
		return nil, nil, err
	}
	lab := t.width - 1
	if *s.target != "" {
		if lab, err = t.column(*s.target); err != nil {
			return nil, nil, fmt.Errorf("%s: -target: %w", path, err)
		}
	}
	dropped := map[int]bool{}
	lay := &columnLayout{Columns: t.width, Target: lab}
	for _, key := range s.drop {
		j, err := t.column(key)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: -drop: %w", path, err)
		}
		if j == lab {
			return nil, nil, s.usage("-drop %s: that is the label column", key)
		}
		if !dropped[j] {
			dropped[j] = true
			lay.Dropped = append(lay.Dropped, j)
		}
	}
	slices.Sort(lay.Dropped)
	if err := t.checkSample(t.width); err != nil {
		return nil, nil, err
	}
	feat := make([]int, 0, t.width) // no growth: 8 bytes a column
	for j := range t.width {
		if j != lab && !dropped[j] {
			feat = append(feat, j)
		}
	}
	if len(feat) == 0 {
		return nil, nil, fmt.Errorf("%s: need at least one feature column besides the label column", path)
	}
	smp, err := buildSample(t, feat, lab, ro)
	if err != nil {
		return nil, nil, err
	}
	if err := checkDensePeak(smp, peakOf(s.cmd.name, s.learner)); err != nil {
		return nil, nil, err
	}
	return smp, lay, nil
}

// realTargets reports whether the label column of smp holds real
// targets: numbers (no names) that are not all integers.
func realTargets(smp *sample) bool {
	if names, _ := smp.labelNames(); names != nil {
		return false
	}
	_, err := smp.classes(nil)
	return err != nil
}

// needTwoClasses refuses a classification training set of one class, for
// every classifier command alike, even where a learner could return a
// constant model.
func needTwoClasses(d *trainingSet) error {
	if len(d.Labels) == 0 {
		return nil
	}
	for _, c := range d.Labels {
		if c != d.Labels[0] {
			return nil
		}
	}
	name := fmt.Sprint(d.Labels[0])
	if d.Names != nil {
		name = d.Names[d.Labels[0]]
	}
	return fmt.Errorf("the training set has one class (%s): a classifier needs at least two classes", name)
}

// notIdentifiers refuses a label column in which every row has a class of
// its own (an identifier, a row number): a classifier would learn nothing
// from it and an SVM would train n(n−1)/2 one-versus-one machines. It
// names the column and the flags that choose another.
func notIdentifiers(d *trainingSet, column string) error {
	if learn.CheckClassSizes("", d.Labels) == nil {
		return nil
	}
	if column == "" {
		column = "the last column"
	} else {
		column = fmt.Sprintf("the label column %q", column)
	}
	return fmt.Errorf("%s gives each of the %d rows a class of its own: it looks like an identifier, not a label; name the label column with -target COL, or leave this one out with -drop COL", column, len(d.Labels))
}

// fitOrLoad finishes a supervised command after s.parse: with -load the
// saved model is applied as it is; otherwise the settings that flags
// builds from the command line (a usage error if they are invalid) are
// fitted by fit on the training set. It is the common end of every
// supervised command; flags may also set s.regression and s.kind, from
// -regression or -type, or s.taskFromLabels (mlp without -task) to let
// the label column choose them.
func fitOrLoad[C any](s *supervised, stdout io.Writer, flags func() (C, error), fit func(C, *trainingSet) (any, []field, error)) error {
	if s.loading() {
		return s.run(stdout, nil)
	}
	cfg, err := flags()
	if err != nil {
		return s.usage("%v", err)
	}
	return s.run(stdout, func(d *trainingSet) (any, []field, error) { return fit(cfg, d) })
}
