package optimize

import (
	"math"

	"mlnotes/matrix"
)

// Stop holds the stopping rules of the batch methods (GradientDescent,
// Momentum, Newton). The zero value gives the defaults. At every iterate
// xₖ, k = 0, 1, …, the tests below are made in this order, and the first
// one that holds ends the run:
//
//	‖∇f(xₖ)‖₂ ≤ max(GradAbsTol, GradRelTol·‖∇f(x₀)‖₂)   GradientConverged
//	|fₖ₋₁ − fₖ| ≤ FuncRelTol·max(|fₖ₋₁|, |fₖ|)           FunctionConverged
//	‖xₖ − xₖ₋₁‖₂ ≤ XRelTol·max(‖xₖ‖₂, 1)                 StepConverged
//	k = MaxIter                                          IterationLimit (an error)
//
// The gradient test is the first-order optimality condition ∇f(x*) = 0 and
// is the one that certifies a minimizer; the relative form makes it
// independent of the scale of f. The tests on f and x detect stagnation:
// they are off by default, because a slowly converging method (fixed-step
// gradient descent on an ill-conditioned problem) can make tiny steps far
// from the minimizer.
type Stop struct {
	// GradAbsTol is the absolute tolerance on ‖∇f(xₖ)‖₂. Zero means 1e-8;
	// a negative value turns the absolute test off.
	GradAbsTol float64
	// GradRelTol is the tolerance on ‖∇f(xₖ)‖₂ relative to ‖∇f(x₀)‖₂.
	// Zero means 1e-8; a negative value turns the relative test off.
	GradRelTol float64
	// FuncRelTol is the tolerance on the relative change of f in one
	// iteration. Zero or negative (the default) turns the test off.
	FuncRelTol float64
	// XRelTol is the tolerance on the change of x in one iteration relative
	// to max(‖xₖ‖₂, 1). Zero or negative (the default) turns the test off.
	XRelTol float64
	// MaxIter caps the number of iterations. Zero means the method's
	// default (GradientDescent and Momentum 10000, Newton 100); it cannot be
	// turned off, so that no method loops forever.
	MaxIter int
}

// Default tolerances of Stop.
const (
	defaultGradAbsTol = 1e-8
	defaultGradRelTol = 1e-8
)

// resolve checks the rules and replaces zero fields by their defaults;
// disabled tests get the tolerance 0 (for the f and x tests) or −1 (for the
// gradient tests, so that ‖∇f‖ = 0 does not pass a disabled test).
func (s Stop) resolve(op string, defaultMaxIterations int) (Stop, error) {
	for _, v := range []struct {
		name string
		tol  float64
	}{{"GradAbsTol", s.GradAbsTol}, {"GradRelTol", s.GradRelTol}, {"FuncRelTol", s.FuncRelTol}, {"XRelTol", s.XRelTol}} {
		if math.IsNaN(v.tol) || math.IsInf(v.tol, 1) {
			return s, badSetting(op, "Stop.%s is %v", v.name, v.tol)
		}
	}
	if s.MaxIter < 0 {
		return s, badSetting(op, "Stop.MaxIter is %d < 0", s.MaxIter)
	}
	s.GradAbsTol = defaultOr(s.GradAbsTol, defaultGradAbsTol, -1)
	s.GradRelTol = defaultOr(s.GradRelTol, defaultGradRelTol, -1)
	s.FuncRelTol = max(s.FuncRelTol, 0)
	s.XRelTol = max(s.XRelTol, 0)
	if s.MaxIter == 0 {
		s.MaxIter = defaultMaxIterations
	}
	return s, nil
}

// defaultOr maps 0 to def and a negative v to off.
func defaultOr(v, def, off float64) float64 {
	switch {
	case v == 0:
		return def
	case v < 0:
		return off
	}
	return v
}

// Status says why an optimizer stopped, in the spirit of gonum's
// optimize.Status.
type Status int

const (
	// NotTerminated is the status of a run still in progress; a Result
	// never has it.
	NotTerminated Status = iota
	// GradientConverged: the gradient norm met its tolerance.
	GradientConverged
	// FunctionConverged: the relative change of f met Stop.FuncRelTol.
	FunctionConverged
	// StepConverged: the relative change of x met Stop.XRelTol.
	StepConverged
	// IterationLimit: Stop.MaxIter was reached first (an error for
	// the batch methods).
	IterationLimit
	// EpochLimit: a stochastic method ran its budget of epochs, which is
	// the normal end of SGD and Adam (not an error).
	EpochLimit
	// LineSearchFailed: the backtracking line search found no acceptable
	// step (an error wrapping ErrLineSearch).
	LineSearchFailed
	// NotFinite: the objective, its gradient or its Hessian had a NaN or
	// ±Inf (an error wrapping matrix.ErrNotFinite).
	NotFinite
	// BadHessian: Newton's Hessian was not symmetric (an error wrapping
	// matrix.ErrNotSymmetric) or could not be shifted to a positive
	// definite matrix (matrix.ErrNotSPD).
	BadHessian
)

var statusNames = [...]string{
	NotTerminated:     "not terminated",
	GradientConverged: "gradient norm below tolerance",
	FunctionConverged: "relative change in f below tolerance",
	StepConverged:     "relative change in x below tolerance",
	IterationLimit:    "iteration limit reached",
	EpochLimit:        "epoch limit reached",
	LineSearchFailed:  "line search failed",
	NotFinite:         "objective not finite",
	BadHessian:        "Hessian unusable",
}

// String returns a short description such as "gradient norm below tolerance".
func (s Status) String() string {
	if s < 0 || int(s) >= len(statusNames) {
		return "unknown status"
	}
	return statusNames[s]
}

// Converged reports whether s is one of the tolerance tests
// (GradientConverged, FunctionConverged, StepConverged).
func (s Status) Converged() bool {
	return s == GradientConverged || s == FunctionConverged || s == StepConverged
}

// tracker applies the stopping rules of a batch method, keeps a copy of the
// last accepted iterate (so that a failure can return it as the partial
// result), records the loss history and calls the trace.
type tracker struct {
	op      string
	stop    Stop // resolved
	gradTol float64
	trace   func(Step)

	x, g   []float64 // last accepted iterate and its gradient
	dx     []float64 // scratch for xₖ − xₖ₋₁
	f      float64
	iter   int // index k of the last accepted iterate
	evals  int // calls of ValueGrad
	loss   []float64
	status Status
	err    error
	begun  bool
}

// newTracker resolves the rules for a run from x₀ of dimension d.
func newTracker(op string, s Stop, defaultMaxIterations int, trace func(Step), d int) (*tracker, error) {
	stop, err := s.resolve(op, defaultMaxIterations)
	if err != nil {
		return nil, err
	}
	return &tracker{op: op, stop: stop, trace: trace, x: make([]float64, d), g: make([]float64, d), dx: make([]float64, d)}, nil
}

// start evaluates f and ∇f at a copy x of x₀ and accepts it as iterate 0.
// The run is over unless t.status is still NotTerminated.
func (t *tracker) start(obj Objective, x0 []float64) (x []float64, f float64, g []float64) {
	x, g = append([]float64(nil), x0...), make([]float64, len(x0))
	f = obj.ValueGrad(x, g)
	t.evals++
	t.accept(x, f, g, 0, 0)
	return x, f, g
}

// accept records the next iterate (the starting point on the first call),
// reached with step size alpha (and, for Newton, the diagonal shift τ), and
// returns the status after the stopping tests; NotTerminated means go on.
// A non-finite f or g ends the run with NotFinite and keeps the previous
// iterate.
func (t *tracker) accept(x []float64, f float64, g []float64, alpha, shift float64) Status {
	k := 0
	if t.begun {
		k = t.iter + 1
	}
	if err := checkValueGrad(t.op, k, f, g); err != nil {
		t.status, t.err = NotFinite, err
		return t.status
	}
	gnorm := matrix.Nrm2(g)
	dx := 0.0
	if t.begun && t.stop.XRelTol > 0 {
		dx = distance(t.x, x, t.dx)
	}
	if !t.begun {
		// max(GradAbsTol, GradRelTol·‖∇f(x₀)‖₂), with −1 for a disabled test.
		t.gradTol = t.stop.GradAbsTol
		if t.stop.GradRelTol >= 0 {
			t.gradTol = max(t.gradTol, t.stop.GradRelTol*gnorm)
		}
	}
	fPrev := t.f
	copy(t.x, x)
	copy(t.g, g)
	t.f, t.iter = f, k
	t.loss = append(t.loss, f)
	if t.trace != nil {
		t.trace(Step{Iteration: k, X: t.x, F: f, GradNorm: gnorm, StepSize: alpha, Shift: shift, Evaluations: t.evals})
	}
	switch {
	case gnorm <= t.gradTol:
		t.status = GradientConverged
	case t.begun && t.stop.FuncRelTol > 0 && math.Abs(fPrev-f) <= t.stop.FuncRelTol*max(math.Abs(fPrev), math.Abs(f)):
		t.status = FunctionConverged
	case t.begun && t.stop.XRelTol > 0 && dx <= t.stop.XRelTol*max(matrix.Nrm2(x), 1):
		t.status = StepConverged
	case k >= t.stop.MaxIter:
		t.status = IterationLimit
		if t.gradTol >= 0 {
			t.err = optError(t.op, matrix.ErrNoConvergence, "%d iterations, ‖∇f‖ = %.3g > %.3g", k, gnorm, t.gradTol)
		} else {
			t.err = optError(t.op, matrix.ErrNoConvergence, "%d iterations, ‖∇f‖ = %.3g (gradient test off)", k, gnorm)
		}
	}
	t.begun = true
	return t.status
}

// fail ends the run with a status and error found by the method itself
// (a failed line search).
func (t *tracker) fail(s Status, err error) Status {
	t.status, t.err = s, err
	return s
}

// result returns the Result for the last accepted iterate and the error of
// the run, if any. Before any iterate was accepted (f(x₀) not finite) the
// Result is nil.
func (t *tracker) result() (*Result, error) {
	if !t.begun {
		return nil, t.err
	}
	return &Result{
		X:           append([]float64(nil), t.x...),
		F:           t.f,
		Gradient:    append([]float64(nil), t.g...),
		GradNorm:    matrix.Nrm2(t.g),
		Iterations:  t.iter,
		Evaluations: t.evals,
		Status:      t.status,
		Converged:   t.status.Converged(),
		Loss:        t.loss,
	}, t.err
}

// distance returns ‖x − y‖₂, using work (same length) for x − y.
func distance(x, y, work []float64) float64 {
	for i := range x {
		work[i] = x[i] - y[i]
	}
	return matrix.Nrm2(work)
}
