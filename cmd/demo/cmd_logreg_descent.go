package main

import (
	"fmt"
	"math"
	"slices"

	"mlnotes/cmd/demo/internal/live"
	"mlnotes/learn"
)

// logregDescent holds demo logreg's -descent flags: instead of the solver,
// run a first-order method with a fixed rate for -max-iter iterations on
// the objective from θ = 0 and print its path (docs/cli.md; the
// descent paths of the site's logistic-regression page).
type logregDescent struct {
	method   *string
	lr, beta *float64
}

// declareDescentFlags declares -descent, -lr and -momentum on logreg's
// command line.
func declareDescentFlags(s *supervised) *logregDescent {
	return &logregDescent{
		method: s.fs.String("descent", "", "run `M` (gd, momentum or adam) with the fixed rate -lr for -max-iter iterations (default 100) from θ = 0 and print its path, instead of the solver"),
		lr:     s.fs.Float64("lr", 0, "with -descent: the step (gd, momentum) or rate (adam) `R` > 0"),
		beta:   s.fs.Float64("momentum", 0.9, "with -descent momentum: the momentum `B` in [0, 1)"),
	}
}

// check returns the usage problem of the -descent flags, if any.
func (f *logregDescent) check(s *supervised) error {
	if *f.method == "" {
		for _, n := range []string{"lr", "momentum"} {
			if s.set(n) {
				return s.usage("-%s applies to -descent", n)
			}
		}
		return nil
	}
	switch {
	case !slices.Contains(live.DescentMethods, *f.method):
		return s.usage("-descent %q: want gd, momentum or adam", *f.method)
	case s.set("solver") || s.set("tol"):
		return s.usage("-descent runs its method for -max-iter iterations: -solver and -tol do not apply")
	case !(*f.lr > 0) || math.IsInf(*f.lr, 0):
		return s.usage("-descent %s needs -lr R, a finite R > 0", *f.method)
	case s.set("momentum") && *f.method != "momentum":
		return s.usage("-momentum applies to -descent momentum")
	case !(*f.beta >= 0 && *f.beta < 1):
		return s.usage("-momentum %g: want B in [0, 1)", *f.beta)
	}
	return nil
}

// fit runs the method on the logistic loss of the training set and returns
// the model at its last iterate with the fields logreg prints, and the
// path: path (θ₀ … θ_N, each the weights then the intercept) and loss
// (f(θ₀) … f(θ_N)).
func (f *logregDescent) fit(cfg learn.LogisticRegression, d *trainingSet) (any, []field, error) {
	loss, err := learn.NewLogisticLoss(d.X, d.Labels, cfg.Lambda)
	if err != nil {
		return nil, nil, err
	}
	iters := cfg.MaxIter
	if iters == 0 {
		iters = 100
	}
	p, err := live.RunDescent(loss, *f.method, *f.lr, *f.beta, iters)
	if err != nil {
		return nil, nil, err
	}
	if p.Err != nil {
		return nil, nil, fmt.Errorf("-descent %s -lr %g: %w (after %d iterations; a smaller -lr converges)", *f.method, *f.lr, p.Err, len(p.F)-1)
	}
	m, err := loss.Model(p.X[len(p.X)-1])
	if err != nil {
		return nil, nil, err
	}
	m.Iterations, m.Solver = len(p.F)-1, learn.LogRegSolver(*f.method)
	return m, []field{{"classes", classNames(d, m.Classes)}, {"coef", m.Coef}, {"intercept", m.Intercept},
		{"objective", m.Objective}, {"iterations", m.Iterations}, {"solver", string(m.Solver)},
		{"path", p.X}, {"loss", p.F}}, nil
}
