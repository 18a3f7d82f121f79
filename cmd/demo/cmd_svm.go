package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"mlnotes/learn"
	"mlnotes/matrix"
	"mlnotes/optimize"
)

func init() {
	register(command{
		name:    "svm",
		args:    "-type c|nu|eps-svr|nu-svr -kernel linear|poly|rbf [-C C] [-nu NU] [-epsilon E] [-sigma2 S | -gamma G] [-degree P] [-coef0 C0] [-tol T] [-max-iter N] [-hard] [-proba [-seed S]] [-trace] [-quiet] " + supervisedArgs,
		summary: "support vector machines: C-SVM, ν-SVM, ε-SVR, ν-SVR (SMO)",
		help: "Without -sigma2 or -gamma the Gaussian kernel takes γ = 1/(d·Var(X)), d the number of\n" +
			"features and Var(X) the variance of all the entries of the (preprocessed) training\n" +
			"matrix (scikit-learn's gamma=\"scale\"); γ = 1 when Var(X) = 0. The γ chosen is printed (field gamma).\n" +
			"-proba (types c and nu) also fits class probabilities by Platt's method on 5-fold\n" +
			"cross-validated decision values (LIBSVM's -b 1), saved with the model for demo predict -proba.\n" +
			"A fit that reaches -max-iter keeps the model and says so on stderr (converged: false).\n" +
			"Two-class decision values (field decision; demo predict's decision) follow scikit-learn's\n" +
			"decision_function: positive for the larger label (1 against 0, +1 against −1). LIBSVM's\n" +
			"are positive for the label seen first in the training file (+1 against −1). The fields\n" +
			"coef, b, rho and w describe the machine as trained, positive for the lower label (+1\n" +
			"against −1): with labels 0 and 1, decision = −(Σ coef·K + b). Several classes: one column\n" +
			"per pair (i, j), i < j, positive for i, as scikit-learn's ovo; equal votes go to the\n" +
			"lowest label (LIBSVM: the class seen first in the training file).\n",
		run:     runSVM,
		learner: svmLearner,
	})
}

// svmView is what the driver sees of an SVM classifier: a
// learn.DecisionClassifier (decision values, one column per one-versus-one
// machine, so that the driver refuses rows whose decision value is not
// finite) that is also a learn.ProbabilisticClassifier when the model was
// trained with -proba.
func svmView(m *learn.SVMClassifierModel) any { return svmViewMemo(m, nil) }

// svmViewMemo is svmView with a decisionMemo: the driver asks the model
// for the decision values of a matrix and then for its predictions, and
// both come from one evaluation.
func svmViewMemo(m *learn.SVMClassifierModel, memo *decisionMemo) any {
	c := svmClassifier{m, memo}
	if m.Probability {
		return svmProbClassifier{c}
	}
	return c
}

// decisionMemo keeps the decision values of the last matrix a model was
// evaluated on, so that a second question about the same matrix (the same
// pointer: the driver does not change a matrix between its calls) costs
// no kernel evaluation. The svm command seeds it with the training
// matrix's values, read from the solver's gradient (TrainingDecision of
// the learn models). A nil memo keeps nothing.
type decisionMemo struct {
	x   *matrix.Dense
	dec *matrix.Dense // x.Rows() × machines
}

// decision returns the machines' decision values on x, from the memo when
// x is the matrix it holds, otherwise from eval (then remembered).
func (d *decisionMemo) decision(x *matrix.Dense, eval func(*matrix.Dense) (*matrix.Dense, error)) (*matrix.Dense, error) {
	if d != nil && d.x == x && x != nil {
		return d.dec.Clone(), nil
	}
	dec, err := eval(x)
	if err != nil || d == nil {
		return dec, err
	}
	d.x, d.dec = x, dec.Clone()
	return dec, nil
}

// svmClassifier forwards the classifier methods of learn.SVMClassifierModel
// but not PredictProba, so that a model without probabilities is not a
// learn.ProbabilisticClassifier and predict -proba says so.
type svmClassifier struct {
	c    *learn.SVMClassifierModel
	memo *decisionMemo
}

// Predict returns the classes (one-versus-one votes on DecisionFunction).
func (v svmClassifier) Predict(x *matrix.Dense) ([]int, error) {
	dec, err := v.DecisionFunction(x)
	if err != nil {
		return nil, err
	}
	return v.c.Vote(dec)
}

// Labels returns the sorted classes.
func (v svmClassifier) Labels() []int { return v.c.Labels() }

// DecisionFunction returns SVMClassifierModel.DecisionFunction.
func (v svmClassifier) DecisionFunction(x *matrix.Dense) (*matrix.Dense, error) {
	return v.memo.decision(x, v.c.DecisionFunction)
}

// Save writes the learn model (SVMClassifierModel.Save).
func (v svmClassifier) Save(w io.Writer) error { return v.c.Save(w) }

// svmProbClassifier is an svmClassifier with the probabilities of a model
// trained with -proba.
type svmProbClassifier struct{ svmClassifier }

// PredictProba returns SVMClassifierModel.PredictProba.
func (v svmProbClassifier) PredictProba(x *matrix.Dense) (*matrix.Dense, error) {
	return v.c.PredictProba(x)
}

// svmRegressor is the learn.Regressor view of an ε-SVR or ν-SVR model
// with a decisionMemo.
type svmRegressor struct {
	m    *learn.SVMRegressorModel
	memo *decisionMemo
}

// Predict returns f(x) (SVMRegressorModel.Predict).
func (v svmRegressor) Predict(x *matrix.Dense) ([]float64, error) {
	dec, err := v.memo.decision(x, func(x *matrix.Dense) (*matrix.Dense, error) {
		f, err := v.m.Predict(x)
		if err != nil {
			return nil, err
		}
		return matrix.NewFromSlice(len(f), 1, f)
	})
	if err != nil {
		return nil, err
	}
	return dec.Col(0), nil
}

// Save writes the learn model (SVMRegressorModel.Save).
func (v svmRegressor) Save(w io.Writer) error { return v.m.Save(w) }

// smoTraceHeader names the columns of formatSMOStep (docs/cli.md,
// "Traces"): the iteration, the working pair, αᵢ and αⱼ before and after
// the step, Platt's clipping box [L, H] of αⱼ, the bounds the pair sits
// at after the step (0 or C, - for free), the KKT gap m(α) − M(α) at the
// pair's selection and the dual objective after the step.
const smoTraceHeader = "smo    iter      i      j αi before  αi after αj before  αj after         L         H  i j        gap  objective"

// formatSMOStep is the fixed trace format of SMO, one step a line under
// smoTraceHeader; the solver's final report (after the last step, with the
// gap measured on every variable) is a line of its own.
func formatSMOStep(s optimize.SMOStep) string {
	if s.Final {
		return fmt.Sprintf("smo end  iterations %d  gap %.3e  objective %.9g", s.Iteration, s.Violation, s.Objective)
	}
	return fmt.Sprintf("smo %7d %6d %6d %9.4g %9.4g %9.4g %9.4g %9.4g %9.4g  %-4s %9.3e  %.9g",
		s.Iteration, s.I, s.J, s.OldAlphaI, s.AlphaI, s.OldAlphaJ, s.AlphaJ, s.L, s.H,
		boundOf(s.AlphaI, s.CI)+boundOf(s.AlphaJ, s.CJ), s.Violation, s.Objective)
}

// boundOf writes which bound a multiplier sits at: "0", "C" or "-" (free),
// followed by a space.
func boundOf(a, c float64) string {
	switch {
	case a <= 0:
		return "0 "
	case a >= c:
		return "C "
	}
	return "- "
}

// declareSVMFlags puts the svm command's hyper-parameter flags on fs: once
// for the command and once for the svm learner of cv, grid, holdout,
// bootstrap, bag and boost3 (learner_registry.go). The function it returns
// checks them after parsing (every error is a usage error) and gives the
// configuration. Without -gamma or -sigma2 the Gaussian kernel's Gamma is
// 0, which learn.SVM resolves on its training data (learn.ScaleGamma).
func declareSVMFlags(fs *flag.FlagSet) func() (cfg learn.SVM, err error) {
	typ := fs.String("type", "c", "c, nu, eps-svr or nu-svr")
	kind := fs.String("kernel", "rbf", "linear, poly or rbf")
	cost := fs.Float64("C", 1, "cost of slack C (types c, eps-svr, nu-svr)")
	nu := fs.Float64("nu", 0.5, "ν of ν-SVM and ν-SVR")
	epsilon := fs.Float64("epsilon", 0.1, "half-width ε of the ε-SVR tube")
	sigma2 := fs.Float64("sigma2", 0, "σ² of the notes' Gaussian kernel exp(−‖x−y‖²/σ²) (default: from γ)")
	gamma := fs.Float64("gamma", 0, "γ of LIBSVM's forms (rbf: exp(−γ‖x−y‖²), default 1/(d·Var(X)); poly: (γxᵀy + c₀)^p, default 1)")
	degree := fs.Int("degree", 3, "degree P of the polynomial kernel (1 + xᵀy)^P")
	coef0 := fs.Float64("coef0", 1, "c₀ of the polynomial kernel")
	tol := fs.Float64("tol", 1e-3, "SMO stopping tolerance on the maximal KKT violation")
	hard := fs.Bool("hard", false, "hard margin (C = ∞); an error if the data are not separable")
	maxIter := fs.Int("max-iter", 0, "cap `N` on the SMO iterations of each machine (0: LIBSVM's max(10⁷, 100n))")
	return func() (learn.SVM, error) {
		if err := checkSVMFlags(*typ, *cost, *nu, *epsilon, *tol, *hard); err != nil {
			return learn.SVM{}, err
		}
		if err := checkSVMApplicable(fs, *typ, *kind, *hard); err != nil {
			return learn.SVM{}, err
		}
		if *maxIter < 0 {
			return learn.SVM{}, &usageError{msg: fmt.Sprintf("-max-iter %d: want N ≥ 1 (0: the default)", *maxIter)}
		}
		defaultGamma := *kind == "rbf" && !flagSet(fs, "gamma") && !flagSet(fs, "sigma2")
		g := *gamma
		if defaultGamma {
			g = 1 // a placeholder that passes the checks; replaced from the data
		}
		kern, err := kernelFromFlags(*kind, *sigma2, g, *degree, *coef0, func(name string) bool { return flagSet(fs, name) })
		if err != nil {
			return learn.SVM{}, err
		}
		if defaultGamma {
			kern.Gamma = 0 // learn.SVM takes 1/(d·Var(X)) of its training data
		}
		eps := *epsilon
		if eps == 0 {
			eps = learn.Zero // a zero Epsilon would mean "the default 0.1"
		}
		return learn.SVM{Type: learn.SVMType(*typ), Kernel: kern, C: *cost, Nu: *nu, Epsilon: eps, Tol: *tol, Hard: *hard,
			MaxIter: *maxIter}, nil
	}
}

func runSVM(args []string, stdout, stderr io.Writer) error {
	s := newSupervised("svm", "svm", stderr)
	fs := s.fs
	flags := declareSVMFlags(fs)
	trace := fs.Bool("trace", false, "write the SMO iterations to stderr")
	proba := fs.Bool("proba", false, "also fit class probabilities (Platt, 5-fold cross-validation; types c and nu)")
	seed := fs.Uint64("seed", 1, "seed `S` of the cross-validation shuffle of -proba")
	quiet := fs.Bool("quiet", false, "no progress on stderr")
	if err := s.parse(args); err != nil {
		return err
	}
	return fitOrLoad(s, stdout, func() (learn.SVM, error) {
		cfg, err := flags()
		if err != nil {
			return cfg, err
		}
		switch {
		case *proba && (cfg.Type == learn.EpsSVR || cfg.Type == learn.NuSVR):
			return cfg, fmt.Errorf("-proba does not apply to -type %s (probabilities are for classifiers)", cfg.Type)
		case s.set("seed") && !*proba:
			return cfg, fmt.Errorf("-seed applies to -proba only")
		}
		cfg.Probability, cfg.Seed = *proba, *seed
		if *trace {
			header := false
			cfg.Trace = func(ts learn.TraceStep) {
				st := *ts.SMO
				if !header && !st.Final {
					fmt.Fprintln(stderr, smoTraceHeader)
					header = true
				}
				fmt.Fprintln(stderr, formatSMOStep(st))
			}
		}
		s.regression = cfg.Type == learn.EpsSVR || cfg.Type == learn.NuSVR
		return cfg, nil
	}, func(cfg learn.SVM, d *trainingSet) (any, []field, error) {
		// Progress (not with -trace, which shows every step): SMO steps
		// and the end of every machine.
		pr := newProgress(stderr, "svm", *quiet || *trace)
		cfg = pr.smoTraced(cfg, d.X.Rows())
		defer pr.begin("machine 1 on %d rows", d.X.Rows())()
		return trainSVM(cfg, d, stderr)
	})
}

// checkSVMApplicable refuses, as usage errors, the flags that the chosen
// type and kernel do not use (they would otherwise be silently ignored).
func checkSVMApplicable(fs *flag.FlagSet, typ, kind string, hard bool) error {
	uses := map[string]bool{
		"C":       typ != "nu" && !hard,
		"nu":      typ == "nu" || typ == "nu-svr",
		"epsilon": typ == "eps-svr",
		"sigma2":  kind == "rbf",
		"gamma":   kind == "rbf" || kind == "poly",
		"degree":  kind == "poly",
		"coef0":   kind == "poly",
	}
	for _, name := range []string{"C", "nu", "epsilon", "sigma2", "gamma", "degree", "coef0"} {
		if flagSet(fs, name) && !uses[name] {
			why := "-type " + typ
			switch name {
			case "sigma2", "gamma", "degree", "coef0":
				why = "-kernel " + kind
			case "C":
				if hard {
					why = "-hard (C = ∞)"
				}
			}
			return &usageError{msg: fmt.Sprintf("-%s does not apply to %s", name, why)}
		}
	}
	return nil
}

// checkSVMFlags rejects, as usage errors (exit 2), the flag values that
// learn.SVM would otherwise read as "use the default" (zeros) or refuse
// later as a computation error.
func checkSVMFlags(typ string, cost, nu, epsilon, tol float64, hard bool) error {
	switch {
	case typ != "c" && typ != "nu" && typ != "eps-svr" && typ != "nu-svr":
		return &usageError{msg: fmt.Sprintf("-type %q: want c, nu, eps-svr or nu-svr", typ)}
	case !(cost > 0) || math.IsInf(cost, 0):
		return &usageError{msg: fmt.Sprintf("-C %g: the cost must be positive and finite (-hard for C = ∞)", cost)}
	case !(nu > 0 && nu <= 1):
		return &usageError{msg: fmt.Sprintf("-nu %g: ν must be in (0, 1]", nu)}
	case !(epsilon >= 0) || math.IsInf(epsilon, 0):
		return &usageError{msg: fmt.Sprintf("-epsilon %g: ε must be finite and non-negative", epsilon)}
	case !(tol > 0) || math.IsInf(tol, 0):
		return &usageError{msg: fmt.Sprintf("-tol %g: the tolerance must be positive and finite", tol)}
	case hard && typ != "c":
		return &usageError{msg: "-hard is an option of -type c only"}
	}
	return nil
}

// trainSVM fits the model and collects the certificate of docs/cli.md. A
// fit that reaches the iteration cap keeps its model, as svm-train does:
// the reason goes to stderr and the field converged is false. The model
// is the regressor or the classifier as the driver sees it (svmRegressor,
// svmViewMemo). The decision values of the training rows (field decision)
// are read from the solver's gradient (TrainingDecision), and the model's
// memo keeps them for the training score.
func trainSVM(cfg learn.SVM, d *trainingSet, stderr io.Writer) (any, []field, error) {
	var (
		model    any
		machines []*learn.BinarySVM
		classes  []int
		decision func(*matrix.Dense) ([]float64, error)
		fitDec   func() []float64
		primalW  func(int) ([]float64, float64, error)
		kernel   learn.Kernel
		err      error
	)
	x := d.X
	memo := &decisionMemo{}
	if cfg.Type == learn.EpsSVR || cfg.Type == learn.NuSVR {
		var m *learn.SVMRegressorModel
		if m, err = cfg.FitRegression(x, d.Y); m != nil {
			model, machines, decision, fitDec, primalW, kernel = svmRegressor{m, memo}, m.Machines, m.Decision, m.TrainingDecision, m.PrimalW, m.Kernel
		}
	} else {
		var m *learn.SVMClassifierModel
		if m, err = cfg.Fit(x, d.Labels); m != nil {
			model, machines, classes, decision, fitDec, primalW, kernel = svmViewMemo(m, memo), m.Machines, m.Classes, m.Decision, m.TrainingDecision, m.PrimalW, m.Kernel
		}
	}
	converged := true
	if err != nil && model != nil && errors.Is(err, matrix.ErrNoConvergence) {
		for _, line := range strings.Split(err.Error(), "\n") {
			fmt.Fprintf(stderr, "demo svm: warning: %s; the model is kept as it stands\n", line)
		}
		converged, err = false, nil
	}
	defaultGamma := cfg.Kernel.Type == learn.GaussianKernel && cfg.Kernel.Gamma == 0
	if err != nil {
		if defaultGamma && errors.Is(err, matrix.ErrNotFinite) && strings.Contains(err.Error(), "default γ") {
			err = fmt.Errorf("%w; give -gamma or -sigma2, or scale the features (-scale standard)", err)
		}
		return nil, nil, err
	}
	var fields []field
	if defaultGamma {
		fields = append(fields, field{"gamma", kernel.Gamma}) // the γ learn.SVM chose
	}
	fields = append(fields, field{"converged", converged})
	if len(machines) == 1 {
		b := machines[0]
		nbsv := b.NumBounded
		dec := fitDec() // from the solver's gradient, without evaluating the model
		if dec == nil {
			dec, _ = decision(x)
		}
		if dec != nil {
			memo.x = x
			memo.dec, _ = matrix.NewFromSlice(len(dec), 1, slices.Clone(dec))
		}
		fields = append(fields,
			field{"objective", b.Objective}, field{"b", b.B()}, field{"rho", b.Rho},
			field{"n_sv", len(b.Support)}, field{"n_bsv", nbsv}, field{"iterations", b.Iterations},
			field{"kkt_violation", b.KKTViolation}, field{"support", b.Support}, field{"coef", b.Coef},
			field{"decision", dec})
		switch cfg.Type {
		case learn.NuSVC:
			fields = append(fields, field{"equivalent_c", b.EquivalentC}, field{"nu_rho", b.NuRho},
				field{"fraction_sv", b.FractionSV}, field{"fraction_margin_errors", b.FractionBounded})
		case learn.NuSVR:
			fields = append(fields, field{"epsilon", b.EpsilonFound})
		}
		if w, margin, err := primalW(0); err == nil {
			fields = append(fields, field{"w", w})
			if cfg.Type == learn.CSVC || cfg.Type == learn.NuSVC {
				fields = append(fields, field{"margin", margin})
			}
		}
	} else {
		fields = append(fields, field{"classes", classNames(d, classes)})
	}
	return model, fields, nil
}

// svmLearner declares the flags of the svm learner (for cv, grid, holdout,
// bootstrap, bag and boost3) and returns its constructor.
func svmLearner(fs *flag.FlagSet) func() (learnerPlan, error) {
	flags := declareSVMFlags(fs)
	return func() (learnerPlan, error) {
		cfg, err := flags()
		if err != nil {
			return learnerPlan{}, err
		}
		if cfg.Type == learn.EpsSVR || cfg.Type == learn.NuSVR {
			return regressorPlan(cfg), nil
		}
		return classifierPlan(learn.ClassifierFunc(func(x *matrix.Dense, y []int) (learn.Classifier, error) {
			m, err := cfg.Fit(x, y)
			if err != nil {
				return nil, err
			}
			return svmClassifier{m, nil}, nil
		})), nil
	}
}
