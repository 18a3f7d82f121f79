package main

// Trees and ensembles from the command line: tree, forest, adaboost (learner
// commands on the supervised driver, also registered as learners for cv,
// grid, holdout, bootstrap, bag and boost3), and bag and boost3 (over any
// LEARNER; see learner_registry.go).

import (
	"flag"
	"fmt"
	"io"
	"strconv"

	"mlnotes/learn"
	"mlnotes/matrix"
)

func init() {
	register(
		command{name: "tree", args: "[-criterion gini|entropy] [-max-depth D] [-min-split M] [-min-leaf L] [-regression] [-print] [-quiet] " + supervisedArgs,
			summary: "decision tree (Gini or entropy; regression trees with -regression)", run: runTree, learner: treeLearner},
		command{name: "forest", args: "[-trees T] [-max-features sqrt|log2|all|M] [-max-depth D] [-seed S] [-workers W] [-regression] [-quiet] " + supervisedArgs,
			summary: "random forest: out-of-bag accuracy (or MSE), feature importances", run: runForest, learner: forestLearner},
		command{name: "adaboost", args: "[-rounds M] [-base stump|tree] [-max-depth D] [-resample] [-seed S] [-trace] [-quiet] " + supervisedArgs,
			summary: "AdaBoost as the notes give it: ξₘ, αₘ and the half-weight check per round", run: runAdaBoost, learner: adaBoostLearner},
		command{name: "stump", summary: "the decision stump (a learner of cv, grid, bag, boost3, …; no command of its own)",
			learner: stumpLearner},
		command{name: "bag", args: "[-B B] [-seed S] [-quiet] [driver flags] " + learnerArgs,
			summary: "bagging (bootstrap aggregation) of any learner", run: runBag},
		command{name: "boost3", args: "[-n1 N] [-seed S] [driver flags] " + learnerArgs,
			summary: "the notes' three-classifier ensemble over any learner", run: runBoost3},
	)
}

// declareTreeFlags puts the tree's flags on fs.
func declareTreeFlags(fs *flag.FlagSet) func() (learn.DecisionTree, error) {
	crit := fs.String("criterion", "gini", "impurity: gini or entropy")
	depth := fs.Int("max-depth", 0, "maximal depth `D` ≥ 1 (root at depth 0; default: no limit)")
	split := fs.Int("min-split", 2, "fewest samples `M` ≥ 2 a node needs to be split")
	leaf := fs.Int("min-leaf", 1, "fewest samples `L` ≥ 1 in a leaf")
	return func() (learn.DecisionTree, error) {
		switch {
		case *crit != "gini" && *crit != "entropy":
			return learn.DecisionTree{}, fmt.Errorf("-criterion %q: want gini or entropy", *crit)
		case flagSet(fs, "max-depth") && *depth < 1:
			return learn.DecisionTree{}, fmt.Errorf("-max-depth %d: want D ≥ 1", *depth)
		case *split < 2:
			return learn.DecisionTree{}, fmt.Errorf("-min-split %d: want M ≥ 2", *split)
		case *leaf < 1:
			return learn.DecisionTree{}, fmt.Errorf("-min-leaf %d: want L ≥ 1", *leaf)
		}
		return learn.DecisionTree{Criterion: *crit, MaxDepth: *depth, MinSamplesSplit: *split, MinSamplesLeaf: *leaf}, nil
	}
}

func runTree(args []string, stdout, stderr io.Writer) error {
	s := newSupervised("tree", "tree", stderr)
	f := declareTreeFlags(s.fs)
	reg := s.fs.Bool("regression", false, "a regression tree (squared error)")
	print := s.fs.Bool("print", false, "print the tree as text (field tree)")
	quiet := s.fs.Bool("quiet", false, "no progress on stderr")
	if err := s.parse(args); err != nil {
		return err
	}
	return fitOrLoad(s, stdout, func() (learn.DecisionTree, error) {
		s.regression = *reg
		return f()
	}, func(c learn.DecisionTree, d *trainingSet) (any, []field, error) {
		var model any
		var m *learn.Tree
		var text func(names, classNames []string) string
		pr := newProgress(stderr, "tree", *quiet)
		c.Progress = pr.leaves()
		defer pr.done()
		if *reg {
			r, err := c.FitRegression(d.X, d.Y)
			if err != nil {
				return nil, nil, err
			}
			model, m, text = r, &r.Tree, func(names, _ []string) string { return r.Text(names) }
		} else {
			k, err := c.Fit(d.X, d.Labels)
			if err != nil {
				return nil, nil, err
			}
			model, m, text = k, &k.Tree, k.TextNamed
		}
		root := shown{map[string]any{}, "a leaf (no split)"}
		if r := m.Nodes[0]; r.Feature >= 0 {
			root = shown{map[string]any{"feature": r.Feature, "threshold": r.Threshold}, splitRule(d.Features, r.Feature, r.Threshold)}
		}
		fields := []field{{"nodes", len(m.Nodes)}, {"leaves", m.Leaves()}, {"depth", m.Depth()}, {"root", root}, {"importances", m.Importances}}
		if *print {
			text := text(d.Features, d.Names)
			if !*s.asJSON {
				text = "\n" + text // under its name, one node per line
			}
			fields = append(fields, field{"tree", text})
		}
		return model, fields, nil
	})
}

// splitRule writes a tree's split as a person does: "petal_length ≤ 2.45"
// with the file's header name, "x[2] ≤ 2.45" (0-based, as -json's feature
// index) without one; the left child takes the rows that satisfy it.
func splitRule(names []string, feature int, threshold float64) string {
	name := fmt.Sprintf("x[%d]", feature)
	if feature < len(names) && names[feature] != "" {
		name = names[feature]
	}
	return name + " ≤ " + formatNumber(threshold)
}

// declareForestFlags puts the forest's flags on fs; the max-features rule
// is resolved once the number of features is known.
func declareForestFlags(fs *flag.FlagSet) func() (learn.RandomForest, string, error) {
	trees := fs.Int("trees", 100, "number of trees `T` ≥ 1")
	mf := fs.String("max-features", "sqrt", "features tried per split: sqrt, log2, all or a number `M` (regression: all)")
	depth := fs.Int("max-depth", 0, "maximal depth `D` ≥ 1 of each tree (default: no limit)")
	seed := fs.Uint64("seed", 0, "seed `S`")
	workers := fs.Int("workers", 0, "goroutines growing trees `W` (default: every core; the forest is the same for any W)")
	return func() (learn.RandomForest, string, error) {
		switch {
		case *trees < 1:
			return learn.RandomForest{}, "", fmt.Errorf("-trees %d: want T ≥ 1", *trees)
		case flagSet(fs, "max-depth") && *depth < 1:
			return learn.RandomForest{}, "", fmt.Errorf("-max-depth %d: want D ≥ 1", *depth)
		case *workers < 0:
			return learn.RandomForest{}, "", fmt.Errorf("-workers %d: want W ≥ 1", *workers)
		}
		switch *mf {
		case "sqrt", "log2", "all":
		default:
			if m, err := strconv.Atoi(*mf); err != nil || m < 1 {
				return learn.RandomForest{}, "", fmt.Errorf("-max-features %q: want sqrt, log2, all or a number M ≥ 1", *mf)
			}
		}
		rule := *mf
		if !flagSet(fs, "max-features") && flagSet(fs, "regression") {
			rule = "all" // scikit-learn's default for regression forests
		}
		return learn.RandomForest{Trees: *trees, MaxDepth: *depth, Seed: *seed, Workers: *workers}, rule, nil
	}
}

func runForest(args []string, stdout, stderr io.Writer) error {
	s := newSupervised("forest", "forest", stderr, "forest-regressor")
	reg := s.fs.Bool("regression", false, "a regression forest (squared-error trees, the mean of the trees)")
	f := declareForestFlags(s.fs)
	quiet := s.fs.Bool("quiet", false, "no progress on stderr")
	if err := s.parse(args); err != nil {
		return err
	}
	var rule string // the -max-features rule, resolved on the data
	return fitOrLoad(s, stdout, func() (learn.RandomForest, error) {
		c, r, err := f()
		rule = r
		s.regression = *reg
		if *reg {
			s.kind = "forest-regressor"
		}
		return c, err
	}, func(c learn.RandomForest, d *trainingSet) (any, []field, error) {
		mf, err := learn.MaxFeaturesRule(rule, d.X.Cols())
		if err != nil {
			return nil, nil, err
		}
		c.MaxFeatures = mf
		// Progress: the trees grown, with a heartbeat until the first.
		pr := newProgress(stderr, "forest", *quiet)
		c.Progress = pr.count("trees")
		stop := pr.heartbeat()
		defer pr.done()
		defer stop()
		pr.update("0/%d trees", c.Trees)
		if *reg {
			m, err := c.FitRegression(d.X, d.Y)
			if err != nil {
				return nil, nil, err
			}
			return m, []field{{"trees", len(m.Trees)}, {"max_features", mf}, {"oob_mse", m.OOBMSE}, {"importances", m.Importances}}, nil
		}
		m, err := c.Fit(d.X, d.Labels)
		if err != nil {
			return nil, nil, err
		}
		return m, []field{{"trees", len(m.Trees)}, {"max_features", mf}, {"oob_accuracy", m.OOBAccuracy}, {"importances", m.Importances}}, nil
	})
}

// declareAdaBoostFlags puts AdaBoost's flags on fs.
func declareAdaBoostFlags(fs *flag.FlagSet) func() (learn.AdaBoost, error) {
	rounds := fs.Int("rounds", 50, "number of rounds `M` ≥ 1")
	base := fs.String("base", "stump", "base learner: stump (exhaustive, least weighted error) or tree")
	depth := fs.Int("max-depth", 2, "depth `D` ≥ 1 of the trees of -base tree")
	resample := fs.Bool("resample", false, "train each round on a resample drawn with the weights (the notes' variant)")
	seed := fs.Uint64("seed", 0, "seed `S` of the resampling")
	return func() (learn.AdaBoost, error) {
		c := learn.AdaBoost{Rounds: *rounds, Resample: *resample, Seed: *seed}
		switch {
		case *rounds < 1:
			return c, fmt.Errorf("-rounds %d: want M ≥ 1", *rounds)
		case *depth < 1:
			return c, fmt.Errorf("-max-depth %d: want D ≥ 1", *depth)
		case flagSet(fs, "max-depth") && *base != "tree":
			return c, fmt.Errorf("-max-depth applies to -base tree")
		}
		switch *base {
		case "stump":
		case "tree":
			c.Base = learn.DecisionTree{MaxDepth: *depth}
		default:
			return c, fmt.Errorf("-base %q: want stump or tree", *base)
		}
		return c, nil
	}
}

// writeAdaBoostTrace writes one line a round under a header (docs/cli.md,
// "Traces"): the weighted error ξₘ, the vote αₘ, for two classes the
// weight Σ_{hₘ(xᵢ)≠yᵢ} wᵢ(m+1) of the round's mistakes after reweighting
// (½ by the notes' check) and the training error of the ensemble so far.
func writeAdaBoostTrace(w io.Writer, m *learn.AdaBoostModel) {
	fmt.Fprintln(w, "adaboost  round           ξ           α  half-weight  train-error")
	for i, r := range m.Rounds {
		half := "-"
		if len(m.Classes) == 2 {
			half = fmt.Sprintf("%.9f", r.HalfWeight)
		}
		fmt.Fprintf(w, "adaboost  %5d %11.4e %11.4e  %11s  %11.4f\n", i+1, r.Error, r.Alpha, half, r.TrainError)
	}
}

func runAdaBoost(args []string, stdout, stderr io.Writer) error {
	s := newSupervised("adaboost", "adaboost", stderr)
	f := declareAdaBoostFlags(s.fs)
	trace := s.fs.Bool("trace", false, "write each round's ξ, α, the half-weight check and the training error to stderr")
	quiet := s.fs.Bool("quiet", false, "no progress on stderr")
	if err := s.parse(args); err != nil {
		return err
	}
	return fitOrLoad(s, stdout, f, func(c learn.AdaBoost, d *trainingSet) (any, []field, error) {
		pr := newProgress(stderr, "adaboost", *quiet || *trace)
		c.Trace = pr.trace(nil)
		end := pr.begin("round 1 on %d rows", d.X.Rows())
		m, err := c.Fit(d.X, d.Labels)
		end()
		if err != nil {
			return nil, nil, err
		}
		if *trace {
			writeAdaBoostTrace(stderr, m)
		}
		var xi, alpha, half, trainErr []float64
		for _, r := range m.Rounds {
			xi = append(xi, r.Error)
			alpha = append(alpha, r.Alpha)
			half = append(half, r.HalfWeight)
			trainErr = append(trainErr, r.TrainError)
		}
		fields := []field{{"rounds", len(m.Rounds)}, {"errors", nonNil(xi)}, {"alphas", nonNil(alpha)}}
		if len(m.Classes) == 2 {
			fields = append(fields, field{"half_weight", nonNil(half)}, field{"max_half_weight_gap", m.MaxHalfWeightGap},
				field{"half_weight_violations", m.HalfWeightViolations})
		}
		fields = append(fields, field{"train_errors", nonNil(trainErr)})
		if m.Stop != "" {
			fields = append(fields, field{"stop", m.Stop})
		}
		return m, fields, nil
	})
}

// nonNil makes an empty list print as [] in JSON, not null.
func nonNil(v []float64) []float64 {
	if v == nil {
		return []float64{}
	}
	return v
}

func runBag(args []string, stdout, stderr io.Writer) error {
	s := newSupervised("bag", "bag", stderr)
	b := s.fs.Int("B", 10, "number `B` of bootstrap models")
	seed := s.fs.Uint64("seed", 0, "seed `S` of the resamples")
	quiet := s.fs.Bool("quiet", false, "no progress on stderr")
	mc, err := parseMeta(s, args)
	if err != nil {
		return err
	}
	if *b < 2 {
		return s.usage("-B %d: want B ≥ 2 (one resample is no ensemble)", *b)
	}
	cfg := learn.Bagging{B: *b, Seed: *seed}
	return s.run(stdout, func(d *trainingSet) (any, []field, error) {
		ct, rt, err := mc.plan.trainers(d)
		if err != nil {
			return nil, nil, err
		}
		// Progress: the models fitted, with a heartbeat until the first.
		pr := newProgress(stderr, "bag", *quiet)
		cfg.Progress = pr.count("models")
		stop := pr.heartbeat()
		defer pr.done()
		defer stop()
		pr.update("0/%d models", *b)
		fields := []field{{"learner", mc.learner.name}, {"B", *b}}
		var m any
		if mc.plan.regression {
			cfg.Base = rt
			m, err = cfg.FitRegression(d.X, d.Y)
		} else {
			cfg.Base = ct
			m, err = cfg.Fit(d.X, d.Labels)
		}
		if err != nil {
			return nil, nil, err
		}
		s.kind = savedKind(m, "bag") // the kind learn.Load reads
		return m, fields, nil
	})
}

func runBoost3(args []string, stdout, stderr io.Writer) error {
	s := newSupervised("boost3", "boost3", stderr)
	n1 := s.fs.Int("n1", 0, "size `N` of D₁ (default n/3)")
	seed := s.fs.Uint64("seed", 0, "seed `S` of D₁ and D₂")
	mc, err := parseMeta(s, args)
	if err != nil {
		return err
	}
	if mc.plan.regression {
		return s.usage("boost3 combines classifiers; learner %s is set to regression", mc.learner.name)
	}
	if s.set("n1") && *n1 < 2 {
		return s.usage("-n1 %d: want 2 ≤ N < n", *n1)
	}
	return s.run(stdout, func(d *trainingSet) (any, []field, error) {
		if *n1 >= d.X.Rows() {
			return nil, nil, fmt.Errorf("-n1 %d: the training set has %d points (want 2 ≤ N < n)", *n1, d.X.Rows())
		}
		ct, _, err := mc.plan.trainers(d)
		if err != nil {
			return nil, nil, err
		}
		m, err := learn.Boost3{Base: ct, N1: *n1, Seed: *seed}.Fit(d.X, d.Labels)
		if err != nil {
			return nil, nil, err
		}
		s.kind = savedKind(m, "boost3") // the kind learn.Load reads
		// Accuracies of h1, h2, h3 and the ensemble: on the test file if
		// there is one, else on the training set.
		x, y := d.X, d.Labels
		if *s.test != "" {
			tx, ty, err := s.readTestFor(d)
			if err != nil {
				return nil, nil, err
			}
			x, y = tx, ty
		}
		fields := []field{{"learner", mc.learner.name}, {"n1", len(m.D1)}, {"n2", len(m.D2)}, {"n3", len(m.D3)}, {"h1_on_d2", m.H1OnD2}}
		for _, h := range []struct {
			name string
			c    learn.Classifier
		}{{"h1", m.H1}, {"h2", m.H2}, {"h3", m.H3}, {"ensemble", m}} {
			p, err := h.c.Predict(x)
			if err != nil {
				return nil, nil, err
			}
			ok := 0
			for i := range p {
				if p[i] == y[i] {
					ok++
				}
			}
			fields = append(fields, field{h.name, float64(ok) / float64(len(y))})
		}
		return m, fields, nil
	})
}

// readTestFor reads the -test file as the driver will (same columns, label
// names and preprocessing, refitted on the training file), for a command
// that scores more than its final model.
func (s *supervised) readTestFor(d *trainingSet) (*matrix.Dense, []int, error) {
	smp, lay, err := s.readTraining(s.ops[0])
	if err != nil {
		return nil, nil, err
	}
	steps, _, err := fitPreprocess(smp.x, *s.scaleOpt, *s.pca)
	if err != nil {
		return nil, nil, err
	}
	m := &cliModel{steps: steps, file: cliModelFile{Format: cliModelFormat, Version: 1, Kind: s.kind, Task: "classification",
		Features: smp.features, NFeatures: smp.x.Cols(), Target: smp.labelName, Layout: lay, Labels: d.Names, Preprocess: fileSection(steps)}}
	ro := readOptions{sep: s.sepRune, format: *s.format, target: *s.target, dropNA: *s.dropNA, stderr: io.Discard, cmd: s.cmd.name}
	tsmp, err := m.readData(*s.test, ro)
	if err != nil {
		return nil, nil, err
	}
	if tsmp.label == nil {
		return nil, nil, fmt.Errorf("%s has no label column to score against", *s.test)
	}
	x, err := applySteps(steps, tsmp.x)
	if err != nil {
		return nil, nil, err
	}
	y, err := tsmp.classes(d.Names)
	return x, y, err
}

// treeLearner declares the flags of the tree learner (for cv, grid, holdout,
// bootstrap, bag and boost3) and returns its constructor.
func treeLearner(fs *flag.FlagSet) func() (learnerPlan, error) {
	f := declareTreeFlags(fs)
	reg := fs.Bool("regression", false, "a regression tree (squared error)")
	return func() (learnerPlan, error) {
		c, err := f()
		if err != nil {
			return learnerPlan{}, err
		}
		if *reg {
			return regressorPlan(c), nil
		}
		return classifierPlan(c), nil
	}
}

// stumpLearner declares the flags of the stump learner (for cv, grid, holdout,
// bootstrap, bag and boost3) and returns its constructor.
func stumpLearner(fs *flag.FlagSet) func() (learnerPlan, error) {
	return func() (learnerPlan, error) { return classifierPlan(learn.Stump{}), nil }
}

// forestLearner declares the flags of the forest learner (for cv, grid, holdout,
// bootstrap, bag and boost3) and returns its constructor.
func forestLearner(fs *flag.FlagSet) func() (learnerPlan, error) {
	reg := fs.Bool("regression", false, "a regression forest")
	f := declareForestFlags(fs)
	return func() (learnerPlan, error) {
		c, rule, err := f()
		if err != nil {
			return learnerPlan{}, err
		}
		return learnerPlan{regression: *reg, build: func(d *trainingSet) (learn.ClassifierTrainer, learn.RegressorTrainer, error) {
			mf, err := learn.MaxFeaturesRule(rule, d.X.Cols())
			if err != nil {
				return nil, nil, err
			}
			c.MaxFeatures = mf
			if *reg {
				return nil, c, nil
			}
			return c, nil, nil
		}}, nil
	}
}

// adaBoostLearner declares the flags of the adaboost learner (for cv, grid, holdout,
// bootstrap, bag and boost3) and returns its constructor.
func adaBoostLearner(fs *flag.FlagSet) func() (learnerPlan, error) {
	f := declareAdaBoostFlags(fs)
	return func() (learnerPlan, error) {
		c, err := f()
		return classifierPlan(c), err
	}
}
