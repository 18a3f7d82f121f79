package learn

import (
	"errors"
	"fmt"
	"io"
	"math"
	"slices"

	"mlnotes/matrix"
	"mlnotes/optimize"
)

// ErrSeparable reports that logistic regression without a penalty (λ = 0)
// was given linearly separable classes: the likelihood then grows without
// bound as ‖W‖ → ∞ and no maximum exists.
var ErrSeparable = errors.New("classes are linearly separable")

// LogRegSolver selects the optimizer of LogisticRegression.
type LogRegSolver string

// The solvers of LogisticRegression.
const (
	// LogRegAuto (the zero value) is LogRegNewton for two classes with at
	// most 199 features (200 parameters), LogRegLBFGS otherwise (softmax,
	// many features).
	LogRegAuto LogRegSolver = ""
	// LogRegNewton is Newton's method (IRLS): a few iterations, each
	// O(n p²) for the Hessian and O(p³) for its Cholesky factorization.
	LogRegNewton LogRegSolver = "newton"
	// LogRegGD is gradient descent with a backtracking line search: cheap
	// steps, many of them; for teaching.
	LogRegGD LogRegSolver = "gd"
	// LogRegLBFGS is the limited-memory quasi-Newton method.
	LogRegLBFGS LogRegSolver = "lbfgs"
)

const newtonMaxParams = 200

// LogisticRegression configures logistic regression (two classes) and
// softmax regression (more), fitted by minimizing
//
//	f(W, b) = Σᵢ −log p(yᵢ | xᵢ) + (λ/2)‖W‖²_F,
//
// the negative log-likelihood plus a ridge penalty on the weights (the
// intercepts b are not penalized). This is scikit-learn's
// LogisticRegression with C = 1/λ (multinomial for more than two classes).
// The zero value is λ = 0, the automatic solver and tolerance 10⁻⁸.
type LogisticRegression struct {
	// Lambda is λ ≥ 0; zero means no penalty, and then separable data
	// are an error (ErrSeparable).
	Lambda float64
	// Solver is LogRegAuto (""), LogRegNewton, LogRegGD or LogRegLBFGS.
	Solver LogRegSolver
	// Tol bounds every entry of ∇f at the answer, |∂f/∂θⱼ| ≤ Tol: L-BFGS
	// tests exactly that; Newton and gradient descent test ‖∇f‖₂ ≤ Tol,
	// which implies it. Zero means 10⁻⁸. As f is a sum over samples, not a
	// mean, this is scikit-learn's tol for lbfgs.
	Tol float64
	// MaxIter caps the iterations; zero means the solver's default (Newton
	// 100, gradient descent and L-BFGS 10000).
	MaxIter int
	// FuncTol > 0 also ends the run, without an error, when one iteration
	// lowers f by at most FuncTol·max(|fₖ₋₁|, |fₖ|) — the stagnation test
	// of scipy's L-BFGS-B (its ftol), where scikit-learn's lbfgs solver
	// usually stops (ftol = 2.2e-9) before its tol is met. It does not
	// certify the optimum as Tol does; zero (the default) turns it off.
	FuncTol float64
	// Trace, if not nil, receives every iterate of the solver, the starting
	// point included, in TraceStep.Solver.
	Trace Trace
}

// LogisticModel is a fitted logistic or softmax regression.
type LogisticModel struct {
	// Classes are the labels, ascending.
	Classes []int
	// Coef is r×d and Intercept has r entries: for two classes r = 1 and
	// the row scores the larger label, p(Classes[1] | x) = σ(wᵀx + b); for
	// K > 2 classes r = K and p(k | x) = softmax(Wx + b)ₖ, with the
	// intercepts (and, for λ = 0, every column of W) shifted to sum to zero
	// over the classes, which changes no probability.
	Coef      *matrix.Dense
	Intercept []float64
	Lambda    float64
	// Objective is the minimized f; Iterations the solver's iterations.
	Objective  float64
	Iterations int
	// Converged reports that the run ended by the Tol test on ∇f (the one
	// that certifies the optimum); false when FuncTol's stagnation test
	// ended it first. (A run that reaches MaxIter is an error.) A file
	// written before the field existed loads with false.
	Converged bool `json:",omitempty"`
	Solver    LogRegSolver
	// Loss is the trace f(θ₀), f(θ₁), … of the solver, for plotting. It
	// is not saved.
	Loss []float64 `json:"-"`
}

// Compile-time checks of the interfaces.
var (
	_ ProbabilisticClassifier = (*LogisticModel)(nil)
	_ DecisionClassifier      = (*LogisticModel)(nil)
)

// Fit trains the model on X (n×d) with integer labels y (any integers).
//
// The default solver for two classes and up to 200 parameters is Newton's
// method, which for this objective is iteratively reweighted least squares;
// for softmax and for more features, L-BFGS. Both start from Θ = 0, where f = n log K. The data are not
// scaled: features of very different sizes slow gradient descent and
// L-BFGS (not Newton), so standardize them first when they do.
//
// Implements: 004, "Logistic Regression" (the model, fitted by maximum
// likelihood; the notes stop at the model) and its multinomial form.
//
// Special cases: fewer than two classes, mismatched lengths, NaN/Inf, bad
// settings are errors. With λ = 0 on separable classes (every sample on
// the right side of the fitted boundary with a positive margin: the
// infimum 0 of the data term is then not attained) the error wraps
// ErrSeparable. Non-convergence within MaxIter wraps
// matrix.ErrNoConvergence.
func (c LogisticRegression) Fit(x *matrix.Dense, y []int) (*LogisticModel, error) {
	const op = "learn: logistic regression"
	if err := checkData(op, x, 1); err != nil {
		return nil, err
	}
	n, d := x.Dims()
	if len(y) != n {
		return nil, fmt.Errorf("%s: %w: %d labels for %d samples", op, matrix.ErrShape, len(y), n)
	}
	if err := CheckClassSizes(op, y); err != nil { // n weight vectors
		return nil, err
	}
	if err := checkLambda(op, c.Lambda); err != nil {
		return nil, err
	}
	tol := c.Tol
	if tol == 0 {
		tol = 1e-8
	}
	if !(tol > 0) || math.IsInf(tol, 0) {
		return nil, fmt.Errorf("%s: %w: tolerance %g", op, ErrInvalidParameter, c.Tol)
	}
	if c.MaxIter < 0 {
		return nil, fmt.Errorf("%s: %w: max iterations %d", op, ErrInvalidParameter, c.MaxIter)
	}
	if !(c.FuncTol >= 0) || math.IsInf(c.FuncTol, 0) {
		return nil, fmt.Errorf("%s: %w: function tolerance %g", op, ErrInvalidParameter, c.FuncTol)
	}
	classes, idx := classIndex(y)
	if len(classes) < 2 {
		return nil, fmt.Errorf("%s: %w: need at least two classes, got %d", op, ErrInvalidParameter, len(classes))
	}
	obj := newLogObjective(x, idx, len(classes), c.Lambda)
	solver := c.Solver
	if solver == LogRegAuto {
		solver = LogRegLBFGS
		if obj.r == 1 && obj.params() <= newtonMaxParams {
			solver = LogRegNewton
		}
	}
	stop := optimize.Stop{GradAbsTol: tol, GradRelTol: -1, FuncRelTol: c.FuncTol, MaxIter: c.MaxIter}
	var trace func(optimize.Step)
	if c.Trace != nil {
		trace = func(s optimize.Step) { c.Trace(TraceStep{Iteration: s.Iteration, Objective: s.F, Solver: &s}) }
	}
	theta0 := make([]float64, obj.params())
	var res *optimize.Result
	var err error
	switch solver {
	case LogRegNewton:
		// FuncRelTol detects a run that has stalled in the rounding of f
		// (a relative change of at most 4ε) before the gradient test.
		nstop := stop
		nstop.FuncRelTol = 4 * eps
		res, err = optimize.Newton(obj, theta0, &optimize.NewtonSettings{Stop: nstop, Trace: trace})
		stalled := err == nil && res.Status == optimize.FunctionConverged && res.GradNorm > tol
		if (stalled || errors.Is(err, optimize.ErrLineSearch)) && res != nil {
			// Newton's backtracking never lets the computed f rise, and
			// near the optimum the decrease of a Newton step can be below
			// the rounding of f (a sum of n terms) before the gradient
			// meets Tol. L-BFGS, whose line search accepts a step within
			// that noise when the slope shows progress, finishes the job.
			var polish *optimize.Result
			polish, err = optimize.LBFGS(obj, res.X, &optimize.LBFGSSettings{Stop: stop, Trace: trace})
			if polish != nil {
				polish.Iterations += res.Iterations
				polish.Loss = append(res.Loss, polish.Loss[1:]...)
				res = polish
			}
		}
	case LogRegGD:
		res, err = optimize.GradientDescent(obj, theta0, &optimize.GDSettings{Stop: stop, Trace: trace})
	case LogRegLBFGS:
		// The exact test of Tol, on the largest entry.
		inf := optimize.Stop{GradAbsTol: -1, GradRelTol: -1, FuncRelTol: c.FuncTol, MaxIter: c.MaxIter}
		res, err = optimize.LBFGS(obj, theta0, &optimize.LBFGSSettings{Stop: inf, GradInfTol: tol, Trace: trace})
	default:
		return nil, fmt.Errorf("%s: %w: unknown solver %q (want newton, gd or lbfgs)", op, ErrInvalidParameter, c.Solver)
	}
	if c.Lambda == 0 && res != nil && obj.separates(res.X) {
		return nil, fmt.Errorf("%s: %w: with λ = 0 the weights grow without bound (the boundary after %d iterations classifies every sample correctly); use λ > 0", op, ErrSeparable, res.Iterations)
	}
	if errors.Is(err, matrix.ErrNotFinite) {
		return nil, fmt.Errorf("%s: %w (features too large for float64 arithmetic: scale them)", op, err)
	} else if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	m := &LogisticModel{Classes: classes, Lambda: c.Lambda, Objective: res.F, Iterations: res.Iterations, Solver: solver, Loss: res.Loss,
		Converged: res.Status == optimize.GradientConverged}
	th := obj.theta(res.X)
	m.Coef = th.Slice(0, obj.r, 0, d).Clone()
	m.Intercept = th.Col(d)
	if obj.r > 1 {
		centreOverClasses(m.Intercept)
		if c.Lambda == 0 {
			for j := range d {
				col := m.Coef.Col(j)
				centreOverClasses(col)
				m.Coef.SetCol(j, col)
			}
		}
	}
	return m, nil
}

// separates reports whether Θ classifies every sample correctly with a
// positive margin.
func (o *logObjective) separates(x []float64) bool {
	o.scores(x)
	for i, yi := range o.y {
		zi := o.z.Row(i)
		if o.r == 1 {
			if (2*float64(yi)-1)*zi[0] <= 0 {
				return false
			}
			continue
		}
		for k, v := range zi {
			if k != yi && v >= zi[yi] {
				return false
			}
		}
	}
	return true
}

// centreOverClasses subtracts the mean from v.
func centreOverClasses(v []float64) {
	s := 0.0
	for _, x := range v {
		s += x
	}
	s /= float64(len(v))
	for i := range v {
		v[i] -= s
	}
}

// classIndex returns the sorted distinct labels and the index of every
// label among them.
func classIndex(y []int) (classes, idx []int) {
	classes = slices.Clone(y)
	slices.Sort(classes)
	classes = slices.Compact(classes)
	idx = make([]int, len(y))
	for i, v := range y {
		idx[i], _ = slices.BinarySearch(classes, v)
	}
	return classes, idx
}

// augmentRight returns [X 1].
func augmentRight(x *matrix.Dense) *matrix.Dense {
	n, d := x.Dims()
	a := matrix.New(n, d+1)
	for i := range n {
		r := a.Row(i)
		copy(r, x.Row(i))
		r[d] = 1
	}
	return a
}

// Labels returns the class labels, ascending.
func (m *LogisticModel) Labels() []int { return slices.Clone(m.Classes) }

// DecisionFunction returns the scores XWᵀ + b (n×r): one column, positive
// for Classes[1], for two classes; one column per class otherwise.
func (m *LogisticModel) DecisionFunction(x *matrix.Dense) (*matrix.Dense, error) {
	const op = "learn: logistic regression"
	if err := checkQueryShape(op, x, m.Coef.Cols()); err != nil {
		return nil, err
	}
	z, err := matrix.MulABT(x, m.Coef)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	for i := range z.Rows() {
		matrix.Axpy(1, m.Intercept, z.Row(i))
	}
	if err := z.CheckFinite(); err != nil {
		// X's own error first, as when X was checked before the product.
		if err := checkQuery(op, x, m.Coef.Cols()); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("%s: scores: %w", op, err)
	}
	return z, nil
}

// PredictProba returns the n×K matrix of class probabilities, column j for
// Classes[j] (two columns also for two classes), computed from the scores
// by σ or by a softmax through the log-sum-exp, which cannot overflow.
func (m *LogisticModel) PredictProba(x *matrix.Dense) (*matrix.Dense, error) {
	z, err := m.DecisionFunction(x)
	if err != nil {
		return nil, err
	}
	n := z.Rows()
	k := len(m.Classes)
	p := matrix.New(n, k)
	for i := range n {
		zi, pi := z.Row(i), p.Row(i)
		if k == 2 {
			pi[0], pi[1] = logistic(-zi[0]), logistic(zi[0])
			continue
		}
		lse := logSumExp(zi)
		for c, v := range zi {
			pi[c] = math.Exp(v - lse)
		}
	}
	return p, nil
}

// Predict returns the most probable class of every row (ties to the
// smaller label).
func (m *LogisticModel) Predict(x *matrix.Dense) ([]int, error) {
	z, err := m.DecisionFunction(x)
	if err != nil {
		return nil, err
	}
	out := make([]int, z.Rows())
	for i := range out {
		zi := z.Row(i)
		if len(m.Classes) == 2 {
			out[i] = m.Classes[0]
			if zi[0] > 0 {
				out[i] = m.Classes[1]
			}
			continue
		}
		out[i] = m.Classes[argmax(zi)]
	}
	return out, nil
}

// Save writes the model as JSON (format "mlnotes/logreg").
func (m *LogisticModel) Save(w io.Writer) error { return saveModel(w, "logreg", m) }

// LoadLogistic reads a model written by LogisticModel.Save.
func LoadLogistic(r io.Reader) (*LogisticModel, error) {
	var m LogisticModel
	if err := loadModel(r, "logreg", &m); err != nil {
		return nil, err
	}
	k := len(m.Classes)
	rows := k
	if k == 2 {
		rows = 1
	}
	switch {
	case k < 2 || !slices.IsSorted(m.Classes) || len(slices.Compact(slices.Clone(m.Classes))) != k:
		return nil, fmt.Errorf("learn: load logreg: %w: classes %v", ErrFormat, m.Classes)
	case m.Coef == nil || m.Coef.Rows() != rows || m.Coef.Cols() < 1 || len(m.Intercept) != rows:
		return nil, fmt.Errorf("learn: load logreg: %w: coefficients do not match %d classes", ErrFormat, k)
	case m.Coef.CheckFinite() != nil || matrix.VecFinite(m.Intercept) != nil:
		return nil, fmt.Errorf("learn: load logreg: %w: a weight is not finite", ErrFormat)
	}
	return &m, nil
}

// FitClassifier is Fit as a ClassifierTrainer.
func (c LogisticRegression) FitClassifier(x *matrix.Dense, y []int) (Classifier, error) {
	return asClassifier(c.Fit(x, y))
}
