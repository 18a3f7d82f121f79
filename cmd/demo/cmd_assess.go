package main

// Assessing learnt models from the command line: cv, grid, holdout,
// bootstrap (over any LEARNER, see learner_registry.go), biasvar, and the
// knn command.

import (
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

func init() {
	register(
		command{name: "cv", args: "[-k K] [-stratified] [-seed S] [-folds F.csv] [-quiet] [driver flags] " + learnerArgs,
			summary: "K-fold cross-validation of any learner: fold scores, mean, std, e_cv", run: runCV},
		command{name: "grid", args: "-param NAME=v1,v2,… [-param …] [-k K] [-stratified] [-seed S] [-folds F.csv] [-quiet] [driver flags] " + learnerArgs,
			summary: "model selection by cross-validation over every combination of a learner's flags", run: runGrid},
		command{name: "holdout", args: "[-frac P] [-stratified] [-seed S] [driver flags] " + learnerArgs,
			summary: "hold-out validation of any learner: training and validation scores", run: runHoldout},
		command{name: "bootstrap", args: "[-B B] [-seed S] [-quiet] [driver flags] " + learnerArgs,
			summary: "bootstrap error estimates of any learner: e¹_boot, e_boot, .632", run: runBootstrap},
		command{name: "biasvar", args: "[-degrees 1,3,9] [-n N] [-trials T] [-noise S] [-seed S] [-json]",
			summary: "bias–variance decomposition of polynomial least squares on a noisy sine", run: runBiasVar},
		command{name: "knn", args: "-k K [-regression] [-quiet] " + supervisedArgs,
			summary: "k-nearest-neighbour classifier (or regressor)", run: runKNN, learner: knnLearner},
	)
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
		ct, rt, err := mc.assessed(mc.plan, d)
		if err != nil {
			return nil, nil, err
		}
		pr, folds := newProgress(stderr, "cv", *quiet), 0
		nFolds := slices.Max(rho) + 1
		ct, rt = counted(ct, rt, func() { folds++; pr.update("%s: fold %d/%d done", mc.learner.name, folds, nFolds) })
		// A heartbeat while a fold, or the model on all the rows, runs.
		stop := pr.heartbeat()
		defer pr.done()
		defer stop()
		pr.update("%s: %d folds of %d rows", mc.learner.name, nFolds, n)
		var cv *learn.CVResult
		if mc.plan.regression {
			cv, err = learn.CrossValidateRegressor(rt, d.Raw, d.Y, rho)
		} else {
			cv, err = learn.CrossValidateClassifier(ct, d.Raw, d.Labels, rho)
		}
		if err != nil {
			return nil, nil, err
		}
		pr.update("%s: %d folds done; the model on all %d rows", mc.learner.name, nFolds, n)
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
		ct, rt, err := mc.assessed(mc.plan, d)
		if err != nil {
			return nil, nil, err
		}
		var r *learn.HoldOutResult
		if mc.plan.regression {
			r, err = learn.HoldOutRegressor(rt, d.Raw, d.Y, tr, va)
		} else {
			r, err = learn.HoldOutClassifier(ct, d.Raw, d.Labels, tr, va)
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
		ct, rt, err := mc.assessed(mc.plan, d)
		if err != nil {
			return nil, nil, err
		}
		pr, fits := newProgress(stderr, "bootstrap", *quiet), 0
		ct, rt = counted(ct, rt, func() { fits++; pr.update("resample %d/%d of %d points", min(fits, *b), *b, d.X.Rows()) })
		stop := pr.heartbeat() // while a resample, or the model on all the rows, runs
		defer pr.done()
		defer stop()
		pr.update("%d resamples of %d points", *b, d.X.Rows())
		cfg := learn.Bootstrap{B: *b, Seed: *seed}
		var r *learn.BootstrapResult
		if mc.plan.regression {
			r, err = cfg.EstimateRegressor(rt, d.Raw, d.Y)
		} else {
			r, err = cfg.EstimateClassifier(ct, d.Raw, d.Labels)
		}
		if err != nil {
			return nil, nil, err
		}
		pr.update("%d resamples done; the model on all %d points", *b, d.X.Rows())
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
	strat := s.fs.Bool("stratified", false, "keep the class proportions in every fold (classifiers)")
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
	if *strat && *folds != "" {
		return s.usage("-stratified and -folds exclude each other")
	}
	if *strat && mc.plan.regression {
		return s.usage("-stratified applies to classifiers; learner %s is set to regression", mc.learner.name)
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
		lfs, finish := s.learnerFlags(mc.learner, false)
		if err := lfs.Parse(mc.args); err != nil {
			return s.usage("learner %s: %v", mc.learner.name, err)
		}
		for pi, p := range params {
			if lfs.Lookup(p.name) == nil || isCommonFlag(p.name) && !learnerHasFlag(mc.learner, p.name) {
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
		rho, err := foldsFor(d, n, *k, *strat, *seed, *folds)
		if err != nil {
			return nil, nil, err
		}
		var results []map[string]any
		table := [][]string{gridHeader(params)}
		best, bestScore := -1, 0.0
		pr, folds := newProgress(stderr, "grid", *quiet), slices.Max(rho)+1
		stop := pr.heartbeat() // while a fold, or the best model on all the rows, runs
		defer pr.done()
		defer stop()
		pr.update("%d combinations × %d folds of %d rows", len(plans), folds, n)
		for ci, plan := range plans {
			ct, rt, err := mc.assessed(plan, d)
			if err != nil {
				return nil, nil, err
			}
			fold := 0
			ct, rt = counted(ct, rt, func() {
				fold++
				pr.update("combination %d/%d (%s): fold %d/%d done", ci+1, len(plans), describeCombo(params, combos[ci]), fold, folds)
			})
			var cv *learn.CVResult
			if plan.regression {
				cv, err = learn.CrossValidateRegressor(rt, d.Raw, d.Y, rho)
			} else {
				cv, err = learn.CrossValidateClassifier(ct, d.Raw, d.Labels, rho)
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
		}
		mc.plan = plans[best]
		pr.update("%d combinations done; the best (%s) on all %d rows", len(plans), describeCombo(params, combos[best]), n)
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
	quiet := s.fs.Bool("quiet", false, "no progress on stderr")
	if err := s.parse(args); err != nil {
		return err
	}
	s.progress = newProgress(stderr, "knn", *quiet)
	defer s.progress.done()
	var reg bool
	return fitOrLoad(s, stdout, func() (learn.KNN, error) {
		c, r, err := f()
		reg, s.regression = r, r
		if reg {
			s.kind = "knn-regressor"
		}
		return c, err
	}, func(c learn.KNN, d *trainingSet) (any, []field, error) {
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

// knnLearner declares the flags of the knn learner (for cv, grid, holdout,
// bootstrap, bag and boost3) and returns its constructor.
func knnLearner(fs *flag.FlagSet) func() (learnerPlan, error) {
	f := declareKNNFlags(fs)
	return func() (learnerPlan, error) {
		c, reg, err := f()
		if reg {
			return regressorPlan(c), err
		}
		return classifierPlan(c), err
	}
}

// learnerHasFlag reports whether the learner itself declares the flag.
func learnerHasFlag(def learnerDef, name string) bool {
	fs := flag.NewFlagSet(def.name, flag.ContinueOnError)
	def.declare(fs)
	return fs.Lookup(name) != nil
}
