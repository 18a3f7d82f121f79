package main

// Assessing learnt models from the command line: cv, grid, holdout,
// bootstrap (over any registered LEARNER), biasvar, and the knn learner.
//
// # The learner registry
//
// The commands that assess or combine a learner (cv, grid, holdout,
// bootstrap, bag, boost3) name it by its command and take its flags:
//
//	demo cv -k 5 -json tree -max-depth 3 DATA.csv
//
// Their own flags (and the driver's: -json, -test, -target, -scale, …) come
// before LEARNER; LEARNER's flags come after it, then the data file. A
// learner is available to them once its command file registers it, in its
// init function. Its hyper-parameter flags are declared once, by a
// declareXFlags function that both its command and its registration call
// (so that `demo knn -k 3` and `demo cv knn -k 3` cannot drift apart):
//
//	func declareKNNFlags(fs *flag.FlagSet) func() (learn.KNN, bool, error) {
//		k := fs.Int("k", 5, "number of neighbours `K`")
//		reg := fs.Bool("regression", false, "…")
//		return func() (learn.KNN, bool, error) { // called after parsing
//			if *k < 1 {
//				return learn.KNN{}, *reg, fmt.Errorf("-k %d: want K ≥ 1", *k)
//			}
//			return learn.KNN{K: *k}, *reg, nil
//		}
//	}
//
//	registerLearner(learnerDef{
//		name: "knn",
//		declare: func(fs *flag.FlagSet) func() (learnerPlan, error) {
//			f := declareKNNFlags(fs)
//			return func() (learnerPlan, error) {
//				c, reg, err := f()
//				if reg {
//					return regressorPlan(c), err
//				}
//				return classifierPlan(c), err
//			}
//		},
//	})
//
// The command calls f := declareKNNFlags(s.fs) before s.parse, then f() (an
// error is s.usage). Flags only the command has (output options such as
// -trace, -print, -gradcheck, -proba) it declares itself.
//
// declare puts the learner's flags on a fresh flag set (each use of the
// learner gets its own, so grid can parse the flags once per combination)
// and returns the function that validates them (an error is a usage error)
// and says what to train: a learnerPlan holds a ClassifierTrainer, or a
// RegressorTrainer with regression set (which makes the driver read real
// targets), or a build function when the trainer depends on the training
// data (the SVM's default γ).

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"mlnotes/learn"
	"mlnotes/matrix"
)

// learnerPlan is what a learner's flags ask for.
type learnerPlan struct {
	regression bool
	classifier learn.ClassifierTrainer
	regressor  learn.RegressorTrainer
	// build, if not nil, makes the trainers from the (preprocessed)
	// training set instead.
	build func(d *trainingSet) (learn.ClassifierTrainer, learn.RegressorTrainer, error)
}

func classifierPlan(t learn.ClassifierTrainer) learnerPlan { return learnerPlan{classifier: t} }
func regressorPlan(t learn.RegressorTrainer) learnerPlan {
	return learnerPlan{regression: true, regressor: t}
}

// trainers returns the plan's trainers for a training set.
func (p learnerPlan) trainers(d *trainingSet) (learn.ClassifierTrainer, learn.RegressorTrainer, error) {
	if p.build != nil {
		return p.build(d)
	}
	return p.classifier, p.regressor, nil
}

// learnerDef is one registered learner (see the top of this file).
type learnerDef struct {
	name    string
	declare func(fs *flag.FlagSet) (finish func() (learnerPlan, error))
}

var learners []learnerDef

// registerLearner makes a learner usable by cv, grid, holdout, bootstrap,
// bag and boost3. Call it from the init function of the learner's command
// file.
func registerLearner(d learnerDef) {
	for _, l := range learners {
		if l.name == d.name {
			panic("demo: learner " + d.name + " registered twice")
		}
	}
	learners = append(learners, d)
}

func findLearner(name string) (learnerDef, bool) {
	for _, l := range learners {
		if l.name == name {
			return l, true
		}
	}
	return learnerDef{}, false
}

func learnerNames() string {
	var names []string
	for _, l := range learners {
		names = append(names, l.name)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// learnerArgs is the synopsis of a meta command's operands.
const learnerArgs = "LEARNER [its flags] DATA.csv"

// metaCommand is a command over a LEARNER: its driver, the learner and the
// learner's arguments.
type metaCommand struct {
	s       *supervised
	learner learnerDef
	args    []string // the learner's flags (the data file removed)
	plan    learnerPlan
}

// parseMeta splits `OWN-FLAGS LEARNER LEARNER-FLAGS DATA` and parses both
// parts; OWN-FLAGS go to s.fs (already holding the command's flags).
func parseMeta(s *supervised, args []string) (*metaCommand, error) {
	fs := s.fs
	fs.SetOutput(io.Discard)
	if err := parseQuietly(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			// flag has printed the usage (fs.Usage writes to stderr).
			fmt.Fprintf(s.stderr, "LEARNER is one of: %s\n", learnerNames())
			return nil, errHelpShown
		}
		return nil, s.usage("%v", err)
	}
	rest := fs.Args()
	if len(rest) == 0 {
		return nil, s.usage("missing LEARNER (one of: %s)", learnerNames())
	}
	def, ok := findLearner(rest[0])
	if !ok {
		return nil, s.usage("unknown learner %q (want one of: %s)", rest[0], learnerNames())
	}
	if s.set("load") {
		return nil, s.usage("-load does not apply to %s (it trains its own models)", s.cmd.name)
	}
	lfs := flag.NewFlagSet(def.name, flag.ContinueOnError)
	lfs.SetOutput(io.Discard)
	finish := def.declare(lfs)
	var ops []string
	largs := rest[1:]
	for {
		if err := lfs.Parse(largs); err != nil {
			return nil, s.usage("learner %s: %v", def.name, err)
		}
		largs = lfs.Args()
		if len(largs) == 0 {
			break
		}
		ops = append(ops, largs[0])
		largs = largs[1:]
	}
	if len(ops) != 1 {
		return nil, s.usage("expected one data file after the learner's flags, got %d operand(s)", len(ops))
	}
	plan, err := finish()
	if err != nil {
		return nil, s.usage("learner %s: %v", def.name, err)
	}
	// The driver's own checks (separator, format, -scale, -pca), as its
	// parse makes them, with the data file as the operand.
	s.ops = ops
	if s.sepRune, err = parseSeparator(*s.sep); err != nil {
		return nil, s.usage("%v", err)
	}
	switch *s.format {
	case "", "csv", "libsvm":
	default:
		return nil, s.usage("-format %q: want csv or libsvm", *s.format)
	}
	switch *s.scaleOpt {
	case "", "standard", "minmax":
	default:
		return nil, s.usage("-scale %q: want standard or minmax", *s.scaleOpt)
	}
	if *s.pca < 0 {
		return nil, s.usage("-pca %d: want K ≥ 1 (0: no projection)", *s.pca)
	}
	s.regression = plan.regression
	largsOnly := slices.Clone(rest[1:])
	if i := slices.Index(largsOnly, ops[0]); i >= 0 {
		largsOnly = slices.Delete(largsOnly, i, i+1)
	}
	return &metaCommand{s: s, learner: def, args: largsOnly, plan: plan}, nil
}

// modelOf trains the learner on all of d: the model the driver scores,
// saves (as the kind its own Save names) and tests.
func (mc *metaCommand) modelOf(d *trainingSet) (any, learn.ClassifierTrainer, learn.RegressorTrainer, error) {
	ct, rt, err := mc.plan.trainers(d)
	if err != nil {
		return nil, nil, nil, err
	}
	var m any
	if mc.plan.regression {
		m, err = rt.FitRegressor(d.X, d.Y)
	} else {
		m, err = ct.FitClassifier(d.X, d.Labels)
	}
	if err != nil {
		return nil, nil, nil, err
	}
	mc.s.kind = savedKind(m, mc.learner.name)
	return m, ct, rt, nil
}

// savedKind is the X of the "mlnotes/X" envelope the model's Save writes
// (the kind -save records and predict reads), or fallback.
func savedKind(m any, fallback string) string {
	saver, ok := m.(interface{ Save(io.Writer) error })
	if !ok {
		return fallback
	}
	var buf bytes.Buffer
	if saver.Save(&buf) != nil {
		return fallback
	}
	var env struct {
		Format string `json:"format"`
	}
	if json.Unmarshal(buf.Bytes(), &env) != nil {
		return fallback
	}
	if kind, ok := strings.CutPrefix(env.Format, "mlnotes/"); ok {
		return kind
	}
	return fallback
}

// progress returns a progress printer on stderr unless -quiet.
func progress(stderr io.Writer, name string, quiet bool) func(done, total int) {
	if quiet {
		return nil
	}
	return func(done, total int) {
		if done == total || done%max(1, total/10) == 0 {
			fmt.Fprintf(stderr, "demo %s: %d/%d\n", name, done, total)
		}
	}
}

func init() {
	register(
		command{name: "cv", args: "[-k K] [-stratified] [-seed S] [-folds F.csv] [-quiet] [driver flags] " + learnerArgs,
			summary: "K-fold cross-validation of any learner: fold scores, mean, std, e_cv", run: runCV},
		command{name: "grid", args: "-param NAME=v1,v2,… [-param …] [-k K] [-seed S] [-folds F.csv] [-quiet] [driver flags] " + learnerArgs,
			summary: "model selection by cross-validation over every combination of a learner's flags", run: runGrid},
		command{name: "holdout", args: "[-frac P] [-stratified] [-seed S] [driver flags] " + learnerArgs,
			summary: "hold-out validation of any learner: training and validation scores", run: runHoldout},
		command{name: "bootstrap", args: "[-B B] [-seed S] [-quiet] [driver flags] " + learnerArgs,
			summary: "bootstrap error estimates of any learner: e¹_boot, e_boot, .632", run: runBootstrap},
		command{name: "biasvar", args: "[-degrees 1,3,9] [-n N] [-trials T] [-noise S] [-seed S] [-json]",
			summary: "bias–variance decomposition of polynomial least squares on a noisy sine", run: runBiasVar},
		command{name: "knn", args: "-k K [-regression] " + supervisedArgs,
			summary: "k-nearest-neighbour classifier (or regressor)", run: runKNN},
	)
	registerModelKind("knn", func(r io.Reader) (any, error) { return learn.LoadKNN(r) })
	registerModelKind("knn-regressor", func(r io.Reader) (any, error) { return learn.LoadKNNRegressor(r) })
	registerLearner(learnerDef{name: "knn", declare: func(fs *flag.FlagSet) func() (learnerPlan, error) {
		f := declareKNNFlags(fs)
		return func() (learnerPlan, error) {
			c, reg, err := f()
			if reg {
				return regressorPlan(c), err
			}
			return classifierPlan(c), err
		}
	}})
}

// readFolds reads a fold file: one integer 0…K−1 per line (a header line
// and blank lines are skipped; the first column of a CSV is used).
func readFolds(path string, n int) ([]int, error) {
	t, err := matrix.ReadCSVFile(path)
	if err != nil {
		return nil, fmt.Errorf("-folds: %w", err)
	}
	rows := t.Data.Rows()
	if rows != n {
		return nil, fmt.Errorf("-folds %s: %d fold numbers for %d data rows", path, rows, n)
	}
	rho := make([]int, n)
	for i := range n {
		v := t.Data.At(i, 0)
		if v != math.Trunc(v) || v < 0 || v > 1e9 {
			return nil, fmt.Errorf("-folds %s: row %d: fold %v is not an integer ≥ 0", path, i+1, v)
		}
		rho[i] = int(v)
	}
	return rho, nil
}

// foldsFor returns ρ: from the fold file, or seeded (stratified for a
// classifier with -stratified).
func foldsFor(d *trainingSet, n, k int, stratified bool, seed uint64, file string) ([]int, error) {
	if file != "" {
		return readFolds(file, n)
	}
	if k < 2 || k > n {
		return nil, &usageError{msg: fmt.Sprintf("-k %d: want 2 ≤ K ≤ n = %d", k, n)}
	}
	if stratified && d.Labels != nil {
		return learn.StratifiedKFold(d.Labels, k, seed)
	}
	return learn.KFold(n, k, seed)
}

func runCV(args []string, stdout, stderr io.Writer) error {
	s := newSupervised("cv", "cv", stderr)
	k := s.fs.Int("k", 5, "number of folds `K`")
	strat := s.fs.Bool("stratified", false, "keep the class proportions in every fold (classifiers)")
	seed := s.fs.Uint64("seed", 0, "seed `S` of the random fold assignment")
	folds := s.fs.String("folds", "", "`F.csv`: the fold (0…K−1) of every data row, instead of a random split")
	quiet := s.fs.Bool("quiet", false, "no progress on stderr")
	mc, err := parseMeta(s, args)
	if err != nil {
		return err
	}
	if *strat && *folds != "" {
		return s.usage("-stratified and -folds exclude each other")
	}
	if *strat && mc.plan.regression {
		return s.usage("-stratified applies to classifiers; learner %s is set to regression", mc.learner.name)
	}
	return s.run(stdout, func(d *trainingSet) (any, []field, error) {
		n := d.X.Rows()
		rho, err := foldsFor(d, n, *k, *strat, *seed, *folds)
		if err != nil {
			return nil, nil, err
		}
		ct, rt, err := mc.plan.trainers(d)
		if err != nil {
			return nil, nil, err
		}
		if !*quiet {
			fmt.Fprintf(stderr, "demo cv: %s, %d points\n", mc.learner.name, n)
		}
		var cv *learn.CVResult
		if mc.plan.regression {
			cv, err = learn.CrossValidateRegressor(rt, d.X, d.Y, rho)
		} else {
			cv, err = learn.CrossValidateClassifier(ct, d.X, d.Labels, rho)
		}
		if err != nil {
			return nil, nil, err
		}
		m, _, _, err := mc.modelOf(d)
		if err != nil {
			return nil, nil, err
		}
		return m, []field{{"learner", mc.learner.name}, {"fold_scores", cv.FoldScores}, {"mean", cv.Mean}, {"std", cv.Std}, {"e_cv", cv.ECV}}, nil
	})
}

func runHoldout(args []string, stdout, stderr io.Writer) error {
	s := newSupervised("holdout", "holdout", stderr)
	frac := s.fs.Float64("frac", 0.25, "fraction `P` of the points held out for validation, in (0, 1)")
	strat := s.fs.Bool("stratified", false, "keep the class proportions in both parts (classifiers)")
	seed := s.fs.Uint64("seed", 0, "seed `S` of the split")
	mc, err := parseMeta(s, args)
	if err != nil {
		return err
	}
	if !(*frac > 0 && *frac < 1) {
		return s.usage("-frac %g: want 0 < P < 1", *frac)
	}
	if *strat && mc.plan.regression {
		return s.usage("-stratified applies to classifiers; learner %s is set to regression", mc.learner.name)
	}
	return s.run(stdout, func(d *trainingSet) (any, []field, error) {
		n := d.X.Rows()
		var tr, va []int
		var err error
		if *strat {
			tr, va, err = learn.StratifiedHoldOutSplit(d.Labels, *frac, *seed)
		} else {
			tr, va, err = learn.HoldOutSplit(n, *frac, *seed)
		}
		if err != nil {
			return nil, nil, err
		}
		ct, rt, err := mc.plan.trainers(d)
		if err != nil {
			return nil, nil, err
		}
		var r *learn.HoldOutResult
		if mc.plan.regression {
			r, err = learn.HoldOutRegressor(rt, d.X, d.Y, tr, va)
		} else {
			r, err = learn.HoldOutClassifier(ct, d.X, d.Labels, tr, va)
		}
		if err != nil {
			return nil, nil, err
		}
		m, _, _, err := mc.modelOf(d)
		if err != nil {
			return nil, nil, err
		}
		return m, []field{{"learner", mc.learner.name}, {"train_size", len(tr)}, {"validation_size", len(va)},
			{"train_score", r.TrainScore}, {"validation_score", r.ValidationScore}}, nil
	})
}

func runBootstrap(args []string, stdout, stderr io.Writer) error {
	s := newSupervised("bootstrap", "bootstrap", stderr)
	b := s.fs.Int("B", 100, "number `B` of bootstrap resamples")
	seed := s.fs.Uint64("seed", 0, "seed `S` of the resamples")
	quiet := s.fs.Bool("quiet", false, "no progress on stderr")
	mc, err := parseMeta(s, args)
	if err != nil {
		return err
	}
	if *b < 2 {
		return s.usage("-B %d: want B ≥ 2 resamples", *b)
	}
	return s.run(stdout, func(d *trainingSet) (any, []field, error) {
		ct, rt, err := mc.plan.trainers(d)
		if err != nil {
			return nil, nil, err
		}
		if !*quiet {
			fmt.Fprintf(stderr, "demo bootstrap: %d resamples of %d points\n", *b, d.X.Rows())
		}
		cfg := learn.Bootstrap{B: *b, Seed: *seed}
		var r *learn.BootstrapResult
		if mc.plan.regression {
			r, err = cfg.EstimateRegressor(rt, d.X, d.Y)
		} else {
			r, err = cfg.EstimateClassifier(ct, d.X, d.Labels)
		}
		if err != nil {
			return nil, nil, err
		}
		m, _, _, err := mc.modelOf(d)
		if err != nil {
			return nil, nil, err
		}
		return m, []field{{"learner", mc.learner.name}, {"e_boot1", r.EBoot1}, {"e_boot", r.EBoot}, {"train_error", r.TrainError},
			{"e_632", r.E632}, {"left_out_fraction", r.LeftOutFraction}, {"skipped", r.Skipped}}, nil
	})
}

// paramList is the value of -param NAME=v1,v2,…, repeatable.
type paramList []gridParam

type gridParam struct {
	name   string
	values []string
}

func (p *paramList) String() string { return fmt.Sprint(*p) }
func (p *paramList) Set(s string) error {
	name, vals, ok := strings.Cut(s, "=")
	name = strings.TrimLeft(strings.TrimSpace(name), "-")
	if !ok || name == "" || vals == "" {
		return fmt.Errorf("want NAME=v1,v2,…, got %q", s)
	}
	var vs []string
	for _, v := range strings.Split(vals, ",") {
		if v = strings.TrimSpace(v); v == "" {
			return fmt.Errorf("empty value in %q", s)
		}
		vs = append(vs, v)
	}
	*p = append(*p, gridParam{name, vs})
	return nil
}

func runGrid(args []string, stdout, stderr io.Writer) error {
	s := newSupervised("grid", "grid", stderr)
	var params paramList
	s.fs.Var(&params, "param", "`NAME=v1,v2,…`: a flag of the learner and its values (repeatable)")
	k := s.fs.Int("k", 5, "number of folds `K`")
	seed := s.fs.Uint64("seed", 0, "seed `S` of the fold assignment")
	folds := s.fs.String("folds", "", "`F.csv`: the fold of every data row")
	quiet := s.fs.Bool("quiet", false, "no progress on stderr")
	mc, err := parseMeta(s, args)
	if err != nil {
		return err
	}
	if len(params) == 0 {
		return s.usage("grid needs at least one -param NAME=v1,v2,…")
	}
	// Every combination's learner flags, checked before any training.
	combos := [][]string{nil}
	for _, p := range params {
		var next [][]string
		for _, c := range combos {
			for _, v := range p.values {
				next = append(next, append(slices.Clone(c), v))
			}
		}
		combos = next
	}
	plans := make([]learnerPlan, len(combos))
	for ci, c := range combos {
		lfs := flag.NewFlagSet(mc.learner.name, flag.ContinueOnError)
		lfs.SetOutput(io.Discard)
		finish := mc.learner.declare(lfs)
		if err := lfs.Parse(mc.args); err != nil {
			return s.usage("learner %s: %v", mc.learner.name, err)
		}
		for pi, p := range params {
			if lfs.Lookup(p.name) == nil {
				return s.usage("-param %s: the learner %s has no flag -%s", p.name, mc.learner.name, p.name)
			}
			if err := lfs.Set(p.name, c[pi]); err != nil {
				return s.usage("-param %s=%s: %v", p.name, c[pi], err)
			}
		}
		plan, err := finish()
		if err != nil {
			return s.usage("learner %s with %s: %v", mc.learner.name, describeCombo(params, c), err)
		}
		if plan.regression != mc.plan.regression {
			return s.usage("-param: the combinations mix classification and regression")
		}
		plans[ci] = plan
	}
	return s.run(stdout, func(d *trainingSet) (any, []field, error) {
		n := d.X.Rows()
		rho, err := foldsFor(d, n, *k, false, *seed, *folds)
		if err != nil {
			return nil, nil, err
		}
		var results []map[string]any
		table := [][]string{gridHeader(params)}
		best, bestScore := -1, 0.0
		for ci, plan := range plans {
			ct, rt, err := plan.trainers(d)
			if err != nil {
				return nil, nil, err
			}
			var cv *learn.CVResult
			if plan.regression {
				cv, err = learn.CrossValidateRegressor(rt, d.X, d.Y, rho)
			} else {
				cv, err = learn.CrossValidateClassifier(ct, d.X, d.Labels, rho)
			}
			if err != nil {
				return nil, nil, fmt.Errorf("%s: %w", describeCombo(params, combos[ci]), err)
			}
			if math.IsNaN(cv.Mean) || math.IsInf(cv.Mean, 0) || math.IsNaN(cv.Std) || math.IsInf(cv.Std, 0) {
				return nil, nil, fmt.Errorf("%s: the fold scores are not finite", describeCombo(params, combos[ci]))
			}
			better := cv.Mean > bestScore
			if plan.regression {
				better = cv.Mean < bestScore
			}
			if best < 0 || better {
				best, bestScore = ci, cv.Mean
			}
			results = append(results, map[string]any{"params": comboValues(params, combos[ci]), "mean": cv.Mean, "std": cv.Std})
			table = append(table, append(slices.Clone(combos[ci]), formatNumber(cv.Mean), formatNumber(cv.Std)))
			if !*quiet {
				fmt.Fprintf(stderr, "demo grid: %s: mean %.6g, std %.6g\n", describeCombo(params, combos[ci]), cv.Mean, cv.Std)
			}
		}
		mc.plan = plans[best]
		m, _, _, err := mc.modelOf(d)
		if err != nil {
			return nil, nil, err
		}
		return m, []field{{"learner", mc.learner.name}, {"results", shown{results, formatTable(table)}},
			{"best", shown{comboValues(params, combos[best]), describeBest(params, combos[best])}}, {"best_score", bestScore}}, nil
	})
}

func describeCombo(params paramList, c []string) string {
	var parts []string
	for i, p := range params {
		parts = append(parts, "-"+p.name+"="+c[i])
	}
	return strings.Join(parts, " ")
}

// gridHeader names the columns of grid's text table: the parameters, then
// the cross-validation mean and standard deviation.
func gridHeader(params paramList) []string {
	var h []string
	for _, p := range params {
		h = append(h, p.name)
	}
	return append(h, "mean", "std")
}

// describeBest writes the best combination as "C = 1, gamma = 0.5".
func describeBest(params paramList, c []string) string {
	parts := make([]string, len(params))
	for i, p := range params {
		parts[i] = p.name + " = " + c[i]
	}
	return strings.Join(parts, ", ")
}

// comboValues maps flag names to values, numbers as numbers.
func comboValues(params paramList, c []string) map[string]any {
	out := map[string]any{}
	for i, p := range params {
		if v, err := strconv.ParseFloat(c[i], 64); err == nil && !math.IsInf(v, 0) && !math.IsNaN(v) {
			out[p.name] = v
		} else {
			out[p.name] = c[i]
		}
	}
	return out
}

func runBiasVar(args []string, stdout, stderr io.Writer) error {
	c, _ := findCommand("biasvar")
	fs, asJSON := newFlags(c, stderr)
	degrees := fs.String("degrees", "1,3,9", "comma-separated polynomial degrees")
	n := fs.Int("n", 20, "training set size `N`")
	trials := fs.Int("trials", 200, "number `T` of training sets")
	noise := fs.Float64("noise", 0.3, "noise standard deviation σ")
	seed := fs.Uint64("seed", 0, "seed `S`")
	if _, err := parseFlags(c, fs, args, 0, 0); err != nil {
		return err
	}
	var degs []int
	for _, p := range strings.Split(*degrees, ",") {
		d, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || d < 0 || d > 30 {
			return &usageError{msg: fmt.Sprintf("-degrees %q: want integers 0…30 separated by commas", *degrees), usage: "demo biasvar " + c.args}
		}
		degs = append(degs, d)
	}
	if *n < 1 || *trials < 2 || !(*noise >= 0) || math.IsInf(*noise**noise, 0) {
		return &usageError{msg: fmt.Sprintf("-n %d -trials %d -noise %g: want N ≥ 1, T ≥ 2, σ ≥ 0 (with σ² finite)", *n, *trials, *noise), usage: "demo biasvar " + c.args}
	}
	// The peak of the largest degree's trial (the library checks each
	// part as it comes; this refuses the whole before any of it runs).
	need := matrix.AddBytes(matrix.FloatBytes(2, *n), matrix.FloatBytes(3, *n, slices.Max(degs)+1), matrix.FloatBytes(*trials, 104))
	if err := matrix.CheckAlloc("bias-variance", fmt.Sprintf("%d trials of %d points", *trials, *n), need); err != nil {
		return sizeFlagError(fs, err)
	}
	bv := learn.BiasVariance{Sigma: *noise, N: *n, Trials: *trials, Seed: *seed}
	var rows []map[string]any
	var fields []field
	for _, d := range degs {
		r, err := bv.Run(learn.VandermondeFit(d))
		if err != nil {
			return sizeFlagError(fs, err)
		}
		for _, v := range []float64{r.MeanBias2, r.MeanVariance, r.MeanError} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("degree %d: the decomposition overflows (too high a degree for %d points)", d, *n)
			}
		}
		rows = append(rows, map[string]any{"degree": d, "bias2": r.MeanBias2, "variance": r.MeanVariance, "noise": r.Noise, "error": r.MeanError})
		if !*asJSON {
			fields = append(fields, field{fmt.Sprintf("degree %d", d), fmt.Sprintf("bias² %.6g  variance %.6g  noise %.6g  error %.6g", r.MeanBias2, r.MeanVariance, r.Noise, r.MeanError)})
		}
	}
	if *asJSON {
		fields = []field{{"degrees", rows}}
	}
	return emit(stdout, *asJSON, fields)
}

// declareKNNFlags puts the knn command's flags on fs (for the command and
// its learner); regression reports -regression.
func declareKNNFlags(fs *flag.FlagSet) func() (c learn.KNN, regression bool, err error) {
	k := fs.Int("k", 5, "number of neighbours `K`")
	reg := fs.Bool("regression", false, "average the neighbours' targets (a regressor) instead of voting")
	return func() (learn.KNN, bool, error) {
		if *k < 1 {
			return learn.KNN{}, *reg, fmt.Errorf("-k %d: want K ≥ 1", *k)
		}
		return learn.KNN{K: *k}, *reg, nil
	}
}

func runKNN(args []string, stdout, stderr io.Writer) error {
	s := newSupervised("knn", "knn", stderr, "knn-regressor")
	f := declareKNNFlags(s.fs)
	if err := s.parse(args); err != nil {
		return err
	}
	if s.loading() {
		return s.run(stdout, nil)
	}
	c, reg, err := f()
	if err != nil {
		return s.usage("%v", err)
	}
	s.regression = reg
	if reg {
		s.kind = "knn-regressor"
	}
	return s.run(stdout, func(d *trainingSet) (any, []field, error) {
		if c.K > d.X.Rows() {
			return nil, nil, fmt.Errorf("-k %d: the training set has only %d points", c.K, d.X.Rows())
		}
		if reg {
			m, err := c.FitRegressor(d.X, d.Y)
			return m, nil, err
		}
		m, err := c.Fit(d.X, d.Labels)
		return m, nil, err
	})
}
