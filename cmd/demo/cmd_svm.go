package main

import (
	"fmt"
	"io"
	"math"
	"os"

	"mlnotes/learn"
	"mlnotes/matrix"
	"mlnotes/optimize"
)

func init() {
	register(command{
		name: "svm",
		args: "-type c|nu|eps-svr|nu-svr -kernel linear|poly|rbf [-C C] [-nu NU] [-epsilon E] [-sigma2 S | -gamma G] [-degree P] [-coef0 C0] [-tol T] [-hard] [-target COL] [-test T.csv] [-save M.json] [-trace] [-json] TRAIN.csv\n" +
			"       demo svm -load M.json -test T.csv [-target COL] [-json]",
		summary: "support vector machines: C-SVM, ν-SVM, ε-SVR, ν-SVR (SMO)",
		run:     runSVM,
	})
}

// formatSMOStep is the fixed trace format of SMO (docs/cli.md, "Traces").
func formatSMOStep(s optimize.SMOStep) string {
	return fmt.Sprintf("smo iter %7d  pair (%d, %d)  violation %.3e  objective %.9g  active %d", s.Iteration, s.I, s.J, s.Violation, s.Objective, s.Active)
}

func runSVM(args []string, stdout, stderr io.Writer) error {
	c, _ := findCommand("svm")
	fs, asJSON := newFlags(c, stderr)
	typ := fs.String("type", "c", "c, nu, eps-svr or nu-svr")
	kind := fs.String("kernel", "rbf", "linear, poly or rbf")
	cost := fs.Float64("C", 1, "cost of slack C")
	nu := fs.Float64("nu", 0.5, "ν of ν-SVM and ν-SVR")
	epsilon := fs.Float64("epsilon", 0.1, "half-width ε of the ε-SVR tube")
	sigma2 := fs.Float64("sigma2", 0, "σ² of the notes' Gaussian kernel exp(−‖x−y‖²/σ²)")
	gamma := fs.Float64("gamma", 0, "γ of LIBSVM's forms (rbf: exp(−γ‖x−y‖²); poly: (γxᵀy + c₀)^p)")
	degree := fs.Int("degree", 3, "degree P of the polynomial kernel (1 + xᵀy)^P")
	coef0 := fs.Float64("coef0", 1, "c₀ of the polynomial kernel")
	tol := fs.Float64("tol", 1e-3, "SMO stopping tolerance on the maximal KKT violation")
	hard := fs.Bool("hard", false, "hard margin (C = ∞); an error if the data are not separable")
	target := fs.String("target", "", "label column `COL` (default: the last)")
	test := fs.String("test", "", "evaluate on `T.csv`")
	save := fs.String("save", "", "save the trained model as JSON to `M.json`")
	load := fs.String("load", "", "load a model saved with -save instead of training")
	trace := fs.Bool("trace", false, "write the SMO iterations to stderr")
	maxOps := 1
	if containsFlag(args, "load") {
		maxOps = 0
	}
	ops, err := parseFlags(c, fs, args, maxOps, maxOps)
	if err != nil {
		return err
	}
	var fields []field
	var m *learn.SVMModel
	if *load != "" {
		if *test == "" {
			return &usageError{msg: "-load needs -test T.csv", usage: "demo svm " + c.args}
		}
		fh, err := os.Open(*load)
		if err != nil {
			return err
		}
		m, err = learn.LoadSVM(fh)
		fh.Close()
		if err != nil {
			return err
		}
	} else {
		if err := checkSVMFlags(*typ, *cost, *nu, *epsilon, *tol, *hard); err != nil {
			return withUsage(err, c)
		}
		kern, err := kernelFromFlags(*kind, *sigma2, *gamma, *degree, *coef0, flagSet(fs, "coef0"))
		if err != nil {
			return withUsage(err, c)
		}
		eps := *epsilon
		if eps == 0 {
			// learn.SVM reads a zero Epsilon as "the default 0.1"; the smallest
			// positive float64 gives the same ε-SVR problem as ε = 0 (it
			// vanishes in every pᵢ = ε ∓ yᵢ and in ε·Σ(αᵢ + αᵢ*)).
			eps = math.SmallestNonzeroFloat64
		}
		cfg := learn.SVM{Type: learn.SVMType(*typ), Kernel: kern, C: *cost, Nu: *nu, Epsilon: eps, Tol: *tol, Hard: *hard}
		if *trace {
			cfg.Trace = func(s optimize.SMOStep) { fmt.Fprintln(stderr, formatSMOStep(s)) }
		}
		x, y, err := loadLabelled(ops[0], *target)
		if err != nil {
			return err
		}
		m, fields, err = trainSVM(cfg, x, y)
		if err != nil {
			return err
		}
		if *save != "" {
			fh, err := os.Create(*save)
			if err != nil {
				return err
			}
			if err := m.Save(fh); err != nil {
				fh.Close()
				return err
			}
			if err := fh.Close(); err != nil {
				return err
			}
		}
	}
	if *test != "" {
		tx, ty, err := loadLabelled(*test, *target)
		if err != nil {
			return err
		}
		name, score, err := scoreSVM(m, tx, ty)
		if err != nil {
			return err
		}
		fields = append(fields, field{"test_" + name, score})
	}
	return emit(stdout, *asJSON, fields)
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

// containsFlag reports whether -name or --name appears among the arguments.
func containsFlag(args []string, name string) bool {
	for _, a := range args {
		if a == "-"+name || a == "--"+name || len(a) > len(name)+1 && (a[:len(name)+2] == "-"+name+"=" || a[:min(len(a), len(name)+3)] == "--"+name+"=") {
			return true
		}
	}
	return false
}

// trainSVM fits the model and collects the certificate of docs/cli.md.
func trainSVM(cfg learn.SVM, x *matrix.Dense, y []float64) (*learn.SVMModel, []field, error) {
	var m *learn.SVMModel
	var err error
	if cfg.Type == learn.EpsSVR || cfg.Type == learn.NuSVR {
		m, err = cfg.FitRegressor(x, y)
	} else {
		var labels []int
		if labels, err = intLabels(y); err != nil {
			return nil, nil, err
		}
		m, err = cfg.FitClassifier(x, labels)
	}
	if err != nil {
		return nil, nil, err
	}
	var fields []field
	if len(m.Machines) == 1 {
		b := m.Machines[0]
		nbsv := b.NumBounded
		dec, _ := m.Decision(x)
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
		if w, margin, err := m.PrimalW(0); err == nil {
			fields = append(fields, field{"w", w})
			if cfg.Type == learn.CSVC || cfg.Type == learn.NuSVC {
				fields = append(fields, field{"margin", margin})
			}
		}
	} else {
		fields = append(fields, field{"classes", m.Classes})
	}
	name, score, err := scoreSVM(m, x, y)
	if err != nil {
		return nil, nil, err
	}
	fields = append(fields, field{"train_" + name, score})
	return m, fields, nil
}

// scoreSVM returns ("accuracy", fraction right) for classifiers and
// ("mse", mean squared error) for regressors.
func scoreSVM(m *learn.SVMModel, x *matrix.Dense, y []float64) (string, float64, error) {
	pred, err := m.Predict(x)
	if err != nil {
		return "", 0, err
	}
	if m.Type == learn.EpsSVR || m.Type == learn.NuSVR {
		var s float64
		for i := range pred {
			s += (pred[i] - y[i]) * (pred[i] - y[i])
		}
		return "mse", s / float64(len(y)), nil
	}
	right := 0
	for i := range pred {
		if pred[i] == y[i] {
			right++
		}
	}
	return "accuracy", float64(right) / float64(len(y)), nil
}
