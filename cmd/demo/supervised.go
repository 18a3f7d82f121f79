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
//		register(command{name: "lda", args: "[-ridge R] " + supervisedArgs, …, run: runLDA})
//		registerModelKind("fisher", func(r io.Reader) (any, error) { return learn.LoadFisher(r) })
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
// registerModelKind(kind, load) tells `demo predict` and -load how to read
// the "model" part of a kind: load receives that envelope and returns a
// learn.Classifier or a learn.Regressor. Use the learn format's own name as
// the kind (the X of "mlnotes/X") so that a plain model file written by the
// learn package's Save (or by -save before the driver existed) loads too.
// If the model also implements learn.ProbabilisticClassifier, `predict
// -proba` prints its probabilities; if it implements learn.DecisionClassifier,
// -json output gives its decision values, and a row whose decision value is
// not finite is refused (it cannot be scored) rather than given a class.

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"mlnotes/learn"
	"mlnotes/matrix"
)

// supervisedArgs is the synopsis of the common flags, for a command's args.
const supervisedArgs = "[-target COL] [-sep S] [-format csv|libsvm] [-drop COL] [-drop-na] [-scale standard|minmax] [-pca K] [-test T.csv] [-save M.json] [-json] TRAIN.csv\n" +
	"       demo %s -load M.json -test T.csv [-target COL] [-json]"

// modelLoader reads the learn model of a kind from its saved envelope.
type modelLoader func(r io.Reader) (any, error)

var modelKinds = map[string]modelLoader{}

// registerModelKind makes the model files of a kind readable by `demo
// predict` and by -load. load must return a learn.Classifier or a
// learn.Regressor. Call it from the init function of the command's file.
func registerModelKind(kind string, load modelLoader) {
	if _, dup := modelKinds[kind]; dup {
		panic("demo: model kind " + kind + " registered twice")
	}
	modelKinds[kind] = load
}

// trainingSet is what a supervised command's train function receives.
type trainingSet struct {
	X      *matrix.Dense // n×d features after -scale and -pca
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
	loadKinds  []string // the kinds -load accepts
	fs         *flag.FlagSet
	stderr     io.Writer
	regression bool // set by the command before run: real targets, not classes
	// probaField, when set by the command, names a JSON field that -test
	// -json adds after the predictions: the class probabilities of every
	// test row, columns in ascending label order (bayes: "posteriors").
	probaField string

	asJSON                                          *bool
	target, sep, format, test, save, load, scaleOpt *string
	drop                                            columnList
	dropNA                                          *bool
	pca                                             *int
	ops                                             []string
	sepRune                                         rune
}

// columnList is the value of -drop: repeatable, or comma-separated.
type columnList []string

func (c *columnList) String() string { return strings.Join(*c, ",") }

func (c *columnList) Set(s string) error {
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			*c = append(*c, p)
		}
	}
	return nil
}

// newSupervised declares the common flags of the command name, whose models
// are of the given kind (registered with registerModelKind), or of one of
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
	return nil
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
		if err := m.writeFile(*s.save); err != nil {
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
	}
	pre, err := fitPreprocess(smp.x, *s.scaleOpt, *s.pca)
	if err != nil {
		return nil, nil, err
	}
	if d.X, err = pre.apply(smp.x); err != nil {
		return nil, nil, err
	}
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
	m := &cliModel{model: model, file: cliModelFile{
		Format: cliModelFormat, Version: 1, Kind: s.kind, Task: s.task(),
		Features: smp.features, NFeatures: smp.x.Cols(), Target: smp.labelName, Layout: lay,
		Labels: d.Names, Preprocess: pre,
	}}
	if pre.isIdentity() {
		m.file.Preprocess = nil
	}
	p, err := m.predictPre(d.X, smp.lines, false)
	if err != nil {
		return nil, nil, err
	}
	name, score, err := m.score(p, smp)
	if err != nil {
		return nil, nil, err
	}
	if d.Names != nil {
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
		smp, err := readLibSVMSample(path, 0)
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
	var feat []int
	for j := range t.width {
		if j != lab && !dropped[j] {
			feat = append(feat, j)
		}
	}
	if len(feat) == 0 {
		return nil, nil, fmt.Errorf("%s: need at least one feature column besides the label column", path)
	}
	smp, err := buildSample(t, feat, lab, ro)
	return smp, lay, err
}

// readOptions are the flags that say how to read a data file.
type readOptions struct {
	sep    rune
	format string
	target string
	dropNA bool
	stderr io.Writer
	cmd    string
}

func (o readOptions) isLibSVM(path string) bool {
	return o.format == "libsvm" || o.format == "" && isLibSVMPath(path)
}

// columnLayout records where the columns were in a header-less training
// file, so that a header-less file laid out the same way can be read.
type columnLayout struct {
	Columns int   `json:"columns"` // fields per record (0 for LIBSVM)
	Target  int   `json:"target"`  // 0-based index of the label column (−1 for LIBSVM)
	Dropped []int `json:"dropped,omitempty"`
}

// sample is a data file as read for a model: the features, the label
// cells (nil when the file has no label column), and where rows came from.
type sample struct {
	path      string
	x         *matrix.Dense
	features  []string // names of x's columns; nil without a header
	label     []string // label cells, trimmed
	labelName string   // the label column's header name ("" without one)
	labelDesc string   // the label column for messages: `column 5 ("species")`
	lines     []int    // the line of each row
}

// buildSample takes the feature columns feat and the label column lab (−1:
// none) of t, handling missing cells as -drop-na says.
func buildSample(t *rawTable, feat []int, lab int, o readOptions) (*sample, error) {
	used := slices.Clone(feat)
	if lab >= 0 {
		used = append(used, lab)
	}
	// Missing values: count the rows that have one, name the first.
	keep := make([]bool, len(t.cells))
	missing, first, firstCol := 0, -1, -1
	for i, rec := range t.cells {
		keep[i] = true
		for _, j := range used {
			if isMissing(rec[j]) {
				keep[i] = false
				if first < 0 {
					first, firstCol = i, j
				}
			}
		}
		if !keep[i] {
			missing++
		}
	}
	if missing > 0 {
		if !o.dropNA {
			rows := "1 row has one"
			if missing > 1 {
				rows = fmt.Sprintf("%d rows have one", missing)
			}
			return nil, fmt.Errorf("%s: line %d, %s: missing value (empty or NA); %s (-drop-na drops them)", t.path, t.lines[first], t.columnName(firstCol), rows)
		}
		if missing == len(t.cells) {
			return nil, fmt.Errorf("%s: every row has a missing value (empty or NA); -drop-na leaves nothing", t.path)
		}
		fmt.Fprintf(o.stderr, "demo %s: %s: dropped %d of %d rows with a missing value (-drop-na)\n", o.cmd, t.path, missing, len(t.cells))
	}
	n := len(t.cells) - missing
	smp := &sample{path: t.path, x: matrix.New(n, len(feat)), lines: make([]int, 0, n)}
	if lab >= 0 {
		smp.label = make([]string, 0, n)
		smp.labelDesc = t.columnName(lab)
		if t.names != nil {
			smp.labelName = t.names[lab]
		}
	}
	if t.names != nil {
		for _, j := range feat {
			smp.features = append(smp.features, t.names[j])
		}
	}
	r := 0
	for i, rec := range t.cells {
		if !keep[i] {
			continue
		}
		row := smp.x.Row(r)
		for k, j := range feat {
			v, err := parseNumber(rec[j])
			if err != nil {
				return nil, featureCellError(t, i, j, err)
			}
			row[k] = v
		}
		if lab >= 0 {
			smp.label = append(smp.label, rec[lab])
		}
		smp.lines = append(smp.lines, t.lines[i])
		r++
	}
	return smp, nil
}

// featureCellError explains a feature cell that is not a number: a column
// whose first value is text is a text column (drop it); otherwise the
// cell is a typo at its line.
func featureCellError(t *rawTable, i, j int, err error) error {
	for k, rec := range t.cells {
		if isMissing(rec[j]) {
			continue
		}
		if !isNumberCell(rec[j]) && k <= i {
			key := strconv.Itoa(j)
			if t.names != nil && len(t.names[j]) <= maxQuotedCell && !strings.ContainsAny(t.names[j], " ,\t\"'\n") {
				key = t.names[j]
			}
			return fmt.Errorf("%s: %s holds text (%s on line %d), not numbers: leave it out with -drop %s, or make it the label with -target %s",
				t.path, t.columnName(j), quoteCell(rec[j]), t.lines[k], key, key)
		}
		break
	}
	return fmt.Errorf("%s: line %d, %s: %v", t.path, t.lines[i], t.columnName(j), err)
}

// readLibSVMSample reads a LIBSVM file into a sample with at least d
// columns (d = 0: as many as the largest index).
func readLibSVMSample(path string, d int) (*sample, error) {
	data, err := readLibSVM(path)
	if err != nil {
		return nil, err
	}
	if d == 0 {
		if data.d == 0 {
			return nil, fmt.Errorf("%s: no feature on any line", path)
		}
		d = data.d
	} else if data.d > d {
		return nil, fmt.Errorf("%s: feature index %d, but the model has %d features", path, data.d, d)
	}
	smp := &sample{path: path, x: matrix.New(len(data.labels), d), label: data.labels, lines: data.lines, labelDesc: "the label (first item)"}
	for i := range data.labels {
		row := smp.x.Row(i)
		for k, j := range data.index[i] {
			row[j-1] = data.value[i][k]
		}
	}
	return smp, nil
}

// where names row i of a sample for messages: "line 7".
func (smp *sample) where(i int) string {
	return fmt.Sprintf("%s: line %d", smp.path, smp.lines[i])
}

// labelNames decides, at training, whether the labels are integers (nil)
// or names (the sorted distinct labels).
func (smp *sample) labelNames() ([]string, error) {
	for _, c := range smp.label {
		if !isNumberCell(c) {
			names := slices.Clone(smp.label)
			sort.Strings(names)
			return slices.Compact(names), nil
		}
	}
	return nil, nil
}

// classes turns the label cells into classes: the index of each name in
// names, or, with names nil, the integer each cell holds.
func (smp *sample) classes(names []string) ([]int, error) {
	out := make([]int, len(smp.label))
	index := make(map[string]int, len(names))
	for k, n := range names {
		index[n] = k
	}
	for i, c := range smp.label {
		if names != nil {
			k, ok := index[c]
			if !ok {
				return nil, fmt.Errorf("%s, %s: label %s is not a class of the model (%s)", smp.where(i), smp.labelDesc, quoteCell(c), quote(names))
			}
			out[i] = k
			continue
		}
		v, err := parseNumber(c)
		if err != nil {
			return nil, fmt.Errorf("%s, %s: label %v", smp.where(i), smp.labelDesc, err)
		}
		if v != math.Trunc(v) || math.Abs(v) > 1<<53 {
			return nil, fmt.Errorf("%s, %s: label %s is not an integer class", smp.where(i), smp.labelDesc, c)
		}
		out[i] = int(v)
	}
	return out, nil
}

// targets parses the label cells as real regression targets.
func (smp *sample) targets() ([]float64, error) {
	out := make([]float64, len(smp.label))
	for i, c := range smp.label {
		v, err := parseNumber(c)
		if err != nil {
			return nil, fmt.Errorf("%s, %s: target %v", smp.where(i), smp.labelDesc, err)
		}
		out[i] = v
	}
	return out, nil
}

// preprocess is the transformation fitted on the training features and
// applied to every matrix the model sees: x ← (x − center)/scale, then
// x ← (x − pca_mean)·Aᵀ with A the k×d matrix of principal directions.
type preprocess struct {
	Scaler        string      `json:"scaler,omitempty"` // "standard" or "minmax"
	Center        []float64   `json:"center,omitempty"`
	Scale         []float64   `json:"scale,omitempty"`
	PCAMean       []float64   `json:"pca_mean,omitempty"`
	PCAComponents [][]float64 `json:"pca_components,omitempty"`
}

func (p *preprocess) isIdentity() bool { return p.Scaler == "" && p.PCAComponents == nil }

// fitPreprocess fits -scale and -pca on the training features x.
// standard: center the mean, divide by the standard deviation (1/n, as
// scikit-learn's StandardScaler); minmax: map [min, max] to [0, 1] (as
// MinMaxScaler and LIBSVM's svm-scale -l 0). A constant column is centred
// and left unscaled (scale 1), as scikit-learn does.
func fitPreprocess(x *matrix.Dense, scaler string, k int) (*preprocess, error) {
	p := &preprocess{Scaler: scaler}
	n, d := x.Dims()
	if scaler != "" {
		p.Center, p.Scale = make([]float64, d), make([]float64, d)
		for j := range d {
			col := x.Col(j)
			switch scaler {
			case "standard":
				// A column beyond 2⁵⁰⁰ or below 2⁻⁵⁰⁰ in magnitude is
				// scaled by an exact power of two 2ᵏ first, so that its
				// sum and sum of squares neither overflow nor underflow.
				k := 0
				if amax := max(slices.Max(col), -slices.Min(col)); amax > 0x1p500 || amax > 0 && amax < 0x1p-500 {
					_, e := math.Frexp(amax)
					k = -e
					for i := range col {
						col[i] = math.Ldexp(col[i], k)
					}
				}
				mean := 0.0
				for _, v := range col {
					mean += v
				}
				mean /= float64(n)
				ss := 0.0
				for _, v := range col {
					ss += (v - mean) * (v - mean)
				}
				p.Center[j], p.Scale[j] = math.Ldexp(mean, -k), math.Ldexp(math.Sqrt(ss/float64(n)), -k)
			case "minmax":
				lo, hi := slices.Min(col), slices.Max(col)
				p.Center[j], p.Scale[j] = lo, hi-lo
			}
			if math.IsInf(p.Scale[j], 0) || math.IsNaN(p.Scale[j]) || math.IsInf(p.Center[j], 0) {
				return nil, fmt.Errorf("-scale %s: feature %d overflows (its spread is beyond float64)", scaler, j+1)
			}
			if p.Scale[j] == 0 {
				p.Scale[j] = 1
			}
		}
	}
	if k > 0 {
		if k > d {
			return nil, fmt.Errorf("-pca %d: the data have only %d features", k, d)
		}
		xs, err := p.apply(x)
		if err != nil {
			return nil, err
		}
		pm, err := learn.PCA{Components: k}.Fit(xs)
		if err != nil {
			return nil, fmt.Errorf("-pca: %w", err)
		}
		p.PCAMean, p.PCAComponents = pm.Mean, pm.Components.ToRows()
	}
	return p, nil
}

// apply transforms x (n×d) into a new matrix; x is not modified.
func (p *preprocess) apply(x *matrix.Dense) (*matrix.Dense, error) {
	if p == nil {
		return x, nil
	}
	out := x.Clone()
	if p.Scaler != "" {
		if out.Cols() != len(p.Center) {
			return nil, fmt.Errorf("%d features, the scaling was fitted on %d", out.Cols(), len(p.Center))
		}
		for i := range out.Rows() {
			row := out.Row(i)
			for j := range row {
				row[j] = (row[j] - p.Center[j]) / p.Scale[j]
			}
		}
	}
	if p.PCAComponents != nil {
		if out.Cols() != len(p.PCAMean) {
			return nil, fmt.Errorf("%d features, the PCA was fitted on %d", out.Cols(), len(p.PCAMean))
		}
		for i := range out.Rows() {
			row := out.Row(i)
			for j := range row {
				row[j] -= p.PCAMean[j]
			}
		}
		a, err := matrix.NewFromRows(p.PCAComponents)
		if err != nil {
			return nil, err
		}
		if out, err = matrix.MulABT(out, a); err != nil {
			return nil, err
		}
	}
	if err := out.CheckFinite(); err != nil {
		return nil, fmt.Errorf("the preprocessed features overflow: %w", err)
	}
	return out, nil
}

// check validates a preprocessing read from a model file with d features.
func (p *preprocess) check(d int) error {
	finite := func(v []float64) bool {
		for _, x := range v {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return false
			}
		}
		return true
	}
	switch p.Scaler {
	case "":
		if p.Center != nil || p.Scale != nil {
			return errors.New("center and scale without a scaler")
		}
	case "standard", "minmax":
		if len(p.Center) != d || len(p.Scale) != d || !finite(p.Center) || !finite(p.Scale) {
			return fmt.Errorf("the %s scaling does not have %d finite centers and scales", p.Scaler, d)
		}
		for _, s := range p.Scale {
			if !(s > 0) {
				return errors.New("a scale is not positive")
			}
		}
	default:
		return fmt.Errorf("unknown scaler %q", p.Scaler)
	}
	if p.PCAComponents != nil || p.PCAMean != nil {
		if len(p.PCAMean) != d || len(p.PCAComponents) == 0 || !finite(p.PCAMean) {
			return fmt.Errorf("the PCA does not have a finite mean of %d features and at least one component", d)
		}
		for _, row := range p.PCAComponents {
			if len(row) != d || !finite(row) {
				return fmt.Errorf("a PCA component is not %d finite numbers", d)
			}
		}
	}
	return nil
}

// outDim is the number of columns the learn model sees.
func (p *preprocess) outDim(d int) int {
	if p != nil && p.PCAComponents != nil {
		return len(p.PCAComponents)
	}
	return d
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

// fitOrLoad finishes a supervised command after s.parse: with -load the
// saved model is applied as it is; otherwise the settings that flags
// builds from the command line (a usage error if they are invalid) are
// fitted by fit on the training set. It is the common end of the commands
// whose settings are one value.
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
