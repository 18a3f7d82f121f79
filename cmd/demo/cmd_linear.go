package main

import (
	"flag"
	"fmt"
	"io"
	"math"

	"mlnotes/learn"
	"mlnotes/matrix"
)

// The linear models and feature selection on the command line (docs/cli.md,
// "Linear models").
func init() {
	register(
		command{name: "linreg", args: "[-basis none|poly|gauss|sigmoid] [-degree P] [-centers M] [-width S] [-solver qr|svd|normal] [-rcond R] " + supervisedArgs,
			summary: "least squares with basis functions (QR, SVD minimum norm, normal equations)", run: runLinreg, learner: linregLearner},
		command{name: "ridge", args: "[-lambda L] [-penalize-intercept] [-basis none|poly|gauss|sigmoid] [-degree P] [-centers M] [-width S] " + supervisedArgs,
			summary: "ridge regression ½‖y − Xw − b‖² + (λ/2)‖w‖² by Cholesky", run: runRidge, learner: ridgeLearner},
		command{name: "logreg", args: "[-lambda L] [-solver newton|gd|lbfgs] [-tol T] [-max-iter N] [-descent gd|momentum|adam -lr R [-momentum B]] [-quiet] " + supervisedArgs,
			summary: "logistic (two classes) and softmax regression, Σ −log p + (λ/2)‖W‖²",
			help: "-tol bounds the largest entry of the objective's gradient at the answer (the objective\n" +
				"is a sum over the samples, as scikit-learn's lbfgs minimizes it with C = 1/λ). The default\n" +
				"solver is newton for two classes and up to 199 features, lbfgs otherwise (softmax, more features). With -json\n" +
				"and -test, proba holds the class probabilities of every test row in the order of classes.\n" +
				"-descent M runs gd, momentum or adam with the fixed rate -lr for -max-iter iterations (default\n" +
				"100) from θ = 0 instead of the solver (two classes) and prints its path and loss.\n",
			run: runLogreg, learner: logregLearner},
		command{name: "perceptron", args: "[-epochs E] [-lr R] [-seed S] [-quiet] " + supervisedArgs,
			summary: "Rosenblatt's perceptron (stops at an epoch without a mistake; one versus rest for more than two classes)", run: runPerceptron, learner: perceptronLearner},
		command{name: "adaline", args: "[-epochs E] [-lr R] [-seed S] " + supervisedArgs,
			summary: "AdaLinE trained by the Widrow–Hoff (LMS) rule (one versus rest for more than two classes)",
			help: "The rule is w ← w + R·(t − wᵀx − b)·x per sample, t = ±1 (+1 for the larger label, or for\n" +
				"each class in turn against the rest when there are more than two); it is\n" +
				"stable for R < 2/max‖(x, 1)‖², so scale the features (-scale standard). Training stops when\n" +
				"an epoch changes the mean squared error of the linear output by less than 1e-6 relative\n" +
				"(converged) or after E epochs.\n",
			run: runAdaline, learner: adalineLearner},
		command{name: "select", args: "-score pearson|mi [-bins B] [-k K] [-target COL] [-json] DATA.csv",
			summary: "filter feature selection: Pearson's r or mutual information (nats) with the target", run: runSelect},
	)
}

// The hyper-parameter flags of each linear model are declared once, by its
// declareXFlags, for the command and for its learner (cv, grid, holdout,
// bootstrap, bag, boost3; see learner_registry.go). The function a declaration
// returns checks the flags after parsing: its errors are usage errors.

// declareLinregFlags declares linreg's flags.
func declareLinregFlags(fs *flag.FlagSet) func() (learn.LinearRegression, error) {
	basis := declareBasisFlags(fs)
	solver := fs.String("solver", "qr", "qr, svd (minimum norm) or normal (the normal equations by Cholesky)")
	rcond := fs.Float64("rcond", 0, "with -solver svd: singular values below `R`·σmax count as zero, as numpy.linalg.lstsq's rcond (default max(n, p)·ε)")
	return func() (learn.LinearRegression, error) {
		b, err := basis()
		if err != nil {
			return learn.LinearRegression{}, err
		}
		switch *solver {
		case "qr", "svd", "normal":
		default:
			return learn.LinearRegression{}, fmt.Errorf("-solver %q: want qr, svd or normal", *solver)
		}
		switch {
		case flagSet(fs, "rcond") && *solver != "svd":
			return learn.LinearRegression{}, fmt.Errorf("-rcond applies to -solver svd")
		case !(*rcond >= 0 && *rcond < 1):
			return learn.LinearRegression{}, fmt.Errorf("-rcond %g: want 0 ≤ R < 1", *rcond)
		}
		return learn.LinearRegression{Basis: b, Solver: learn.LSSolver(*solver), RCond: *rcond}, nil
	}
}

func runLinreg(args []string, stdout, stderr io.Writer) error {
	s := newSupervised("linreg", "linreg", stderr)
	flags := declareLinregFlags(s.fs)
	if err := s.parse(args); err != nil {
		return err
	}
	s.regression = true
	return fitOrLoad(s, stdout, flags, func(cfg learn.LinearRegression, d *trainingSet) (any, []field, error) {
		m, err := cfg.Fit(d.X, d.Y)
		if err != nil {
			return nil, nil, err
		}
		return m, []field{{"coef", m.Coef}, {"intercept", m.Intercept}, {"rank", m.Rank}, {"sigma2", m.Sigma2}}, nil
	})
}

// declareBasisFlags declares the basis flags of linreg and ridge and
// returns their checked values.
func declareBasisFlags(fs *flag.FlagSet) func() (learn.Basis, error) {
	basis := fs.String("basis", "none", "basis functions: none, poly, gauss or sigmoid")
	degree := fs.Int("degree", 3, "degree `P` of the polynomial basis")
	centers := fs.Int("centers", 5, "number `M` of Gaussian or sigmoid centres per feature")
	width := fs.Float64("width", 0, "width `S` of the Gaussian and sigmoid bumps (default: the spacing of the centres)")
	return func() (learn.Basis, error) { return basisFromFlags(fs, *basis, *degree, *centers, *width) }
}

// basisFromFlags checks the basis flags: values in range, and no flag that
// the chosen basis does not use.
func basisFromFlags(fs *flag.FlagSet, kind string, degree, centers int, width float64) (learn.Basis, error) {
	b := learn.Basis{Kind: learn.BasisKind(kind), Degree: degree, Centers: centers, Width: width}
	switch b.Kind {
	case learn.BasisNone, learn.BasisPoly, learn.BasisGauss, learn.BasisSigmoid:
	default:
		return b, fmt.Errorf("-basis %q: want none, poly, gauss or sigmoid", kind)
	}
	uses := map[string]bool{"degree": b.Kind == learn.BasisPoly, "centers": b.Kind == learn.BasisGauss || b.Kind == learn.BasisSigmoid}
	uses["width"] = uses["centers"]
	for _, name := range []string{"degree", "centers", "width"} {
		if flagSet(fs, name) && !uses[name] {
			return b, fmt.Errorf("-%s does not apply to -basis %s", name, kind)
		}
	}
	switch {
	case degree < 1:
		return b, fmt.Errorf("-degree %d: want P ≥ 1", degree)
	case centers < 1:
		return b, fmt.Errorf("-centers %d: want M ≥ 1", centers)
	case !(width >= 0) || math.IsInf(width, 0):
		return b, fmt.Errorf("-width %g: want a finite S > 0 (0: the spacing of the centres)", width)
	}
	return b, nil
}

// checkLambda refuses a negative or non-finite -lambda.
func checkLambda(lambda float64) error {
	if !(lambda >= 0) || math.IsInf(lambda, 0) {
		return fmt.Errorf("-lambda %g: want a finite λ ≥ 0", lambda)
	}
	return nil
}

// declareRidgeFlags declares ridge's flags.
func declareRidgeFlags(fs *flag.FlagSet) func() (learn.Ridge, error) {
	lambda := fs.Float64("lambda", 1, "the penalty `L` = λ ≥ 0 (scikit-learn's alpha)")
	penalize := fs.Bool("penalize-intercept", false, "penalize b too, as the notes write (AᵀA + λI)W = AᵀY with A = [1 X]")
	basis := declareBasisFlags(fs)
	return func() (learn.Ridge, error) {
		b, err := basis()
		if err != nil {
			return learn.Ridge{}, err
		}
		return learn.Ridge{Lambda: *lambda, PenalizeIntercept: *penalize, Basis: b}, checkLambda(*lambda)
	}
}

func runRidge(args []string, stdout, stderr io.Writer) error {
	s := newSupervised("ridge", "ridge", stderr)
	flags := declareRidgeFlags(s.fs)
	if err := s.parse(args); err != nil {
		return err
	}
	s.regression = true
	return fitOrLoad(s, stdout, flags, func(cfg learn.Ridge, d *trainingSet) (any, []field, error) {
		m, err := cfg.Fit(d.X, d.Y)
		if err != nil {
			return nil, nil, err
		}
		return m, []field{{"coef", m.Coef}, {"intercept", m.Intercept}, {"lambda", m.Lambda}}, nil
	})
}

// declareLogregFlags declares logreg's flags.
func declareLogregFlags(fs *flag.FlagSet) func() (learn.LogisticRegression, error) {
	lambda := fs.Float64("lambda", 1, "the penalty `L` = λ ≥ 0 on ‖W‖² (scikit-learn's 1/C); 0 refuses separable data")
	solver := fs.String("solver", "", "newton, gd or lbfgs (default: newton up to 200 parameters, else lbfgs)")
	tol := fs.Float64("tol", 1e-8, "bound `T` on the largest entry of the gradient at the answer")
	maxIter := fs.Int("max-iter", 0, "iteration cap `N` (default: newton 100, gd and lbfgs 10000)")
	return func() (learn.LogisticRegression, error) {
		if err := checkLambda(*lambda); err != nil {
			return learn.LogisticRegression{}, err
		}
		switch {
		case *solver != "" && *solver != "newton" && *solver != "gd" && *solver != "lbfgs":
			return learn.LogisticRegression{}, fmt.Errorf("-solver %q: want newton, gd or lbfgs", *solver)
		case !(*tol > 0) || math.IsInf(*tol, 0):
			return learn.LogisticRegression{}, fmt.Errorf("-tol %g: want a finite T > 0", *tol)
		case *maxIter < 0:
			return learn.LogisticRegression{}, fmt.Errorf("-max-iter %d: want N ≥ 1 (0: the solver's default)", *maxIter)
		}
		return learn.LogisticRegression{Lambda: *lambda, Solver: learn.LogRegSolver(*solver), Tol: *tol, MaxIter: *maxIter}, nil
	}
}

func runLogreg(args []string, stdout, stderr io.Writer) error {
	s := newSupervised("logreg", "logreg", stderr)
	flags := declareLogregFlags(s.fs)
	quiet := s.fs.Bool("quiet", false, "no progress on stderr")
	descent := declareDescentFlags(s)
	if err := s.parse(args); err != nil {
		return err
	}
	if err := descent.check(s); err != nil {
		return err
	}
	s.probaField = "proba"
	return fitOrLoad(s, stdout, flags, func(cfg learn.LogisticRegression, d *trainingSet) (any, []field, error) {
		if *descent.method != "" {
			return descent.fit(cfg, d)
		}
		pr := newProgress(stderr, "logreg", *quiet)
		cfg.Trace = pr.trace(nil)
		end := pr.begin("the starting point on %d rows", d.X.Rows())
		m, err := cfg.Fit(d.X, d.Labels)
		end()
		if err != nil {
			return nil, nil, err
		}
		return m, []field{{"classes", classNames(d, m.Classes)}, {"coef", m.Coef}, {"intercept", m.Intercept},
			{"objective", m.Objective}, {"iterations", m.Iterations}, {"solver", string(m.Solver)}}, nil
	})
}

// classNames returns the class labels as printed: the names of text labels,
// or the integers.
func classNames(d *trainingSet, classes []int) any {
	if d.Names == nil {
		return classes
	}
	out := make([]string, len(classes))
	for i, c := range classes {
		out[i] = d.Names[c]
	}
	return out
}

// declareNeuronFlags declares -epochs, -lr and -seed (perceptron, adaline)
// and returns their checked values.
func declareNeuronFlags(fs *flag.FlagSet, defEpochs int, defLR float64) func() (epochs int, lr float64, seed uint64, err error) {
	epochs := fs.Int("epochs", defEpochs, "maximum number of passes `E` over the data")
	lr := fs.Float64("lr", defLR, "learning rate `R` > 0")
	seed := fs.Uint64("seed", 0, "seed `S` of the shuffling of every epoch")
	return func() (int, float64, uint64, error) {
		switch {
		case *epochs < 1:
			return 0, 0, 0, fmt.Errorf("-epochs %d: want E ≥ 1", *epochs)
		case !(*lr > 0) || math.IsInf(*lr, 0):
			return 0, 0, 0, fmt.Errorf("-lr %g: want a finite R > 0", *lr)
		}
		return *epochs, *lr, *seed, nil
	}
}

// declarePerceptronFlags declares perceptron's flags.
func declarePerceptronFlags(fs *flag.FlagSet) func() (learn.Perceptron, error) {
	f := declareNeuronFlags(fs, 1000, 1)
	return func() (learn.Perceptron, error) {
		e, lr, seed, err := f()
		return learn.Perceptron{MaxIter: e, LearningRate: lr, Seed: seed}, err
	}
}

// declareAdalineFlags declares adaline's flags.
func declareAdalineFlags(fs *flag.FlagSet) func() (learn.Adaline, error) {
	f := declareNeuronFlags(fs, 100, 0.01)
	return func() (learn.Adaline, error) {
		e, lr, seed, err := f()
		return learn.Adaline{MaxIter: e, LearningRate: lr, Seed: seed}, err
	}
}

func runPerceptron(args []string, stdout, stderr io.Writer) error {
	s := newSupervised("perceptron", "perceptron", stderr)
	flags := declarePerceptronFlags(s.fs)
	quiet := s.fs.Bool("quiet", false, "no progress on stderr (with progress, the neurons of more than two classes are trained one after the other)")
	if err := s.parse(args); err != nil {
		return err
	}
	return fitOrLoad(s, stdout, flags, func(cfg learn.Perceptron, d *trainingSet) (any, []field, error) {
		pr := newProgress(stderr, "perceptron", *quiet)
		cfg.Trace = pr.trace(nil)
		m, err := cfg.Fit(d.X, d.Labels)
		pr.done()
		if err != nil {
			return nil, nil, err
		}
		coef, intercept := neuronFields(m.Coef, m.Intercept, m.ClassCoef, m.ClassIntercept)
		return m, []field{{"classes", classNames(d, m.Classes)}, {"coef", coef}, {"intercept", intercept},
			{"epochs", m.Epochs}, {"converged", m.Converged}, {"mistakes", m.Mistakes}}, nil
	})
}

func runAdaline(args []string, stdout, stderr io.Writer) error {
	s := newSupervised("adaline", "adaline", stderr)
	flags := declareAdalineFlags(s.fs)
	if err := s.parse(args); err != nil {
		return err
	}
	return fitOrLoad(s, stdout, flags, func(cfg learn.Adaline, d *trainingSet) (any, []field, error) {
		m, err := cfg.Fit(d.X, d.Labels)
		if err != nil {
			return nil, nil, err
		}
		coef, intercept := neuronFields(m.Coef, m.Intercept, m.ClassCoef, m.ClassIntercept)
		return m, []field{{"classes", classNames(d, m.Classes)}, {"coef", coef}, {"intercept", intercept},
			{"epochs", m.Epochs}, {"converged", m.Converged}, {"train_mse", m.TrainMSE()}}, nil
	})
}

// neuronFields returns what the single neurons print as coef and
// intercept: w and b for two classes, the matrix of one row per class and
// the vector of intercepts for more (as logreg prints them).
func neuronFields(w []float64, b float64, ws *matrix.Dense, bs []float64) (coef, intercept any) {
	if ws != nil {
		return ws, bs
	}
	return w, b
}

func runSelect(args []string, stdout, stderr io.Writer) error {
	c, _ := findCommand("select")
	fs, asJSON := newFlags(c, stderr)
	score := fs.String("score", "pearson", "pearson (ranked by |r|) or mi (mutual information in nats)")
	bins := fs.Int("bins", 10, "number `B` of equal-width bins for -score mi")
	k := fs.Int("k", 0, "keep the best `K` features (default: all)")
	target := fs.String("target", "", "the target column `COL` (name or 0-based index; default: the last)")
	ops, err := parseFlags(c, fs, args, 1, 1)
	if err != nil {
		return err
	}
	usage := "demo select " + c.args
	switch {
	case *score != "pearson" && *score != "mi":
		return &usageError{msg: fmt.Sprintf("-score %q: want pearson or mi", *score), usage: usage}
	case *bins < 2:
		return &usageError{msg: fmt.Sprintf("-bins %d: want B ≥ 2", *bins), usage: usage}
	case flagSet(fs, "bins") && *score != "mi":
		return &usageError{msg: "-bins applies to -score mi", usage: usage}
	case *k < 0:
		return &usageError{msg: fmt.Sprintf("-k %d: want K ≥ 1", *k), usage: usage}
	}
	x, y, words, err := loadLabelled(ops[0], *target)
	if err != nil {
		return err
	}
	if words != nil {
		// A column of words is a class label: mutual information with the
		// classes is the everyday question; Pearson's r has no meaning.
		if *score != "mi" {
			return fmt.Errorf("%s: the target holds words (%s): Pearson's r needs a numeric target; use -score mi (mutual information with the classes)", ops[0], quote(words[:min(3, len(words))]))
		}
		if len(words) > *bins {
			return fmt.Errorf("%s: the target has %d classes, more than -bins %d: give -bins %d or more so that each class is its own category", ops[0], len(words), *bins, len(words))
		}
	}
	sel, err := learn.SelectFeatures{Score: learn.FeatureScore(*score), Bins: *bins, K: *k}.Fit(x, y)
	if err != nil {
		return err
	}
	return emit(stdout, *asJSON, []field{{"scores", sel.Scores}, {"ranking", sel.Ranking}, {"selected", sel.Selected}})
}

// linregLearner declares the flags of the linreg learner (for cv, grid, holdout,
// bootstrap, bag and boost3) and returns its constructor.
func linregLearner(fs *flag.FlagSet) func() (learnerPlan, error) {
	f := declareLinregFlags(fs)
	return func() (learnerPlan, error) { c, err := f(); return regressorPlan(c), err }
}

// ridgeLearner declares the flags of the ridge learner (for cv, grid, holdout,
// bootstrap, bag and boost3) and returns its constructor.
func ridgeLearner(fs *flag.FlagSet) func() (learnerPlan, error) {
	f := declareRidgeFlags(fs)
	return func() (learnerPlan, error) { c, err := f(); return regressorPlan(c), err }
}

// logregLearner declares the flags of the logreg learner (for cv, grid, holdout,
// bootstrap, bag and boost3) and returns its constructor.
func logregLearner(fs *flag.FlagSet) func() (learnerPlan, error) {
	f := declareLogregFlags(fs)
	return func() (learnerPlan, error) { c, err := f(); return classifierPlan(c), err }
}

// perceptronLearner declares the flags of the perceptron learner (for cv, grid, holdout,
// bootstrap, bag and boost3) and returns its constructor.
func perceptronLearner(fs *flag.FlagSet) func() (learnerPlan, error) {
	f := declarePerceptronFlags(fs)
	return func() (learnerPlan, error) { c, err := f(); return classifierPlan(c), err }
}

// adalineLearner declares the flags of the adaline learner (for cv, grid, holdout,
// bootstrap, bag and boost3) and returns its constructor.
func adalineLearner(fs *flag.FlagSet) func() (learnerPlan, error) {
	f := declareAdalineFlags(fs)
	return func() (learnerPlan, error) { c, err := f(); return classifierPlan(c), err }
}
