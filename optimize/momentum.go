package optimize

import (
	"math"

	"mlnotes/matrix"
)

// MomentumSettings configures Momentum. The zero value gives Polyak's heavy
// ball with β = 0.9 and a step found by backtracking.
type MomentumSettings struct {
	// Nesterov selects Nesterov's accelerated gradient; false (the default)
	// selects Polyak's heavy ball.
	Nesterov bool
	// StepSize is a fixed step α > 0. Zero (the default) estimates α by
	// backtracking, as FISTA does: at every iteration α is halved until the
	// gradient step w = z − α∇f(z) from the current point z satisfies
	// f(w) ≤ f(z) − (α/2)‖∇f(z)‖² or ‖∇f(w) − ∇f(z)‖ ≤ ‖∇f(z)‖, tests that
	// every α ≤ 1/L passes for an L-smooth f (see lipschitzTest). The
	// search starts from α = 1 and α never grows again; each iteration then
	// costs two evaluations instead of one.
	StepSize float64
	// Momentum is β in [0, 1). Zero means 0.9; a negative value (Zero)
	// asks for β = 0, gradient descent with this method's backtracking.
	// For a μ-strongly convex, L-smooth f the
	// classical choices are β = ((√κ−1)/(√κ+1))² with α = 4/(√L+√μ)² for the
	// heavy ball on a quadratic, and β = (√κ−1)/(√κ+1) with α = 1/L for
	// Nesterov, κ = L/μ.
	Momentum float64
	// Stop holds the stopping rules; MaxIter defaults to 10000.
	Stop Stop
	// Trace, if not nil, is called with every iterate, the starting point
	// included.
	Trace func(Step)
}

const momentumDefaultMaxIterations = 10000

// Momentum minimizes f: ℝᵈ → ℝ from x₀ by gradient descent with momentum,
// in one of two forms. Polyak's heavy ball adds a multiple of the last step,
//
//	xₖ₊₁ = xₖ − α∇f(xₖ) + β(xₖ − xₖ₋₁),
//
// and Nesterov's accelerated gradient takes the gradient at the
// extrapolated point instead,
//
//	yₖ = xₖ + β(xₖ − xₖ₋₁),   xₖ₊₁ = yₖ − α∇f(yₖ),
//
// both with x₋₁ = x₀. The code keeps the velocity vₖ = xₖ − xₖ₋₁ and computes
// vₖ₊₁ = βvₖ − α∇f(zₖ), xₖ₊₁ = xₖ + vₖ₊₁, with zₖ = xₖ (heavy ball) or
// zₖ = yₖ (Nesterov). The stopping rules are applied at the points zₖ, where
// the gradient is known, so the Result's X is the last zₖ.
//
// On a quadratic with condition number κ the heavy ball with its optimal α
// and β contracts the error by about (√κ−1)/(√κ+1) per iteration, and
// Nesterov's method with α = 1/L and β = (√κ−1)/(√κ+1) by at least
// 1 − 1/√κ, against (κ−1)/(κ+1) for the best fixed-step gradient descent:
// √κ instead of κ iterations per digit. On a general smooth convex f
// Nesterov's method needs no strong convexity for its O(1/k²) rate; the
// heavy ball has no such guarantee off quadratics. Each iteration costs one
// ValueGrad (two with the backtracking step) and O(d) arithmetic.
//
// Special cases:
//
//	nil objective, empty x₀             error (matrix.ErrEmpty)
//	NaN or ±Inf in x₀                   error (matrix.ErrNotFinite)
//	StepSize < 0, Momentum outside [0, 1), bad Stop   error (ErrInvalidParameter)
//	f(x₀) or ∇f(x₀) not finite          nil Result, error (matrix.ErrNotFinite)
//	∇f(x₀) = 0                          x₀, 0 iterations, GradientConverged
//	f or ∇f not finite later (a step or momentum too large diverges this way)
//	                                    last good iterate, error (matrix.ErrNotFinite)
//	MaxIter reached               partial Result, error (matrix.ErrNoConvergence)
//	backtracking cannot decrease f      partial Result, error (ErrLineSearch)
//
// Implements: 004, "Backpropagation Algorithm" (the
// weights "updated using the gradient descent procedure"; momentum is the
// usual way that procedure is run, not in the notes).
//
// Reference: B. T. Polyak, "Some methods of speeding up the convergence of
// iteration methods", USSR Comput. Math. Math. Phys. 4(5), 1964;
// Y. Nesterov, Introductory Lectures on Convex Optimization, Kluwer 2004,
// §2.2; A. Beck and M. Teboulle, "A fast iterative shrinkage-thresholding
// algorithm", SIAM J. Imaging Sci. 2(1), 2009 (the backtracking of α).
func Momentum(obj Objective, x0 []float64, s *MomentumSettings) (*Result, error) {
	op := "heavy ball"
	if s != nil && s.Nesterov {
		op = "nesterov"
	}
	if s == nil {
		s = &MomentumSettings{}
	}
	if err := checkStart(op, obj, x0); err != nil {
		return nil, err
	}
	if !(s.StepSize >= 0 && s.StepSize < math.Inf(1)) {
		return nil, badSetting(op, "StepSize α = %v is not a finite number ≥ 0", s.StepSize)
	}
	beta := zeroOr(s.Momentum, 0.9)
	if !(beta >= 0 && beta < 1) {
		return nil, badSetting(op, "Momentum β = %v is outside [0, 1)", s.Momentum)
	}
	d := len(x0)
	t, err := newTracker(op, s.Stop, momentumDefaultMaxIterations, s.Trace, d)
	if err != nil {
		return nil, err
	}

	m := newVelocity(x0, beta, s.Nesterov)
	z, f, g := t.start(obj, x0) // z₀ = x₀
	if t.status != NotTerminated {
		return t.result()
	}
	// The backtracking of α along p = −∇f(z), halving α at each rejection.
	ls := LineSearch{Shrink: 0.5, MaxTrials: 60}
	alpha := s.StepSize
	var p, w, gw []float64
	if alpha == 0 {
		alpha = 1
		p, w, gw = make([]float64, d), make([]float64, d), make([]float64, d)
	}
	for {
		if s.StepSize == 0 {
			for i, gi := range g {
				p[i] = -gi
			}
			var ok bool
			if alpha, _, ok = ls.search(t, obj, z, f, g, p, alpha, w, gw, lipschitzTest); !ok {
				return t.result()
			}
		}
		m.update(alpha, g) // vₖ₊₁ = βvₖ − α∇f(zₖ), xₖ₊₁ = xₖ + vₖ₊₁
		m.point(z)         // zₖ₊₁ = xₖ₊₁, or yₖ₊₁ = xₖ₊₁ + βvₖ₊₁
		f = obj.ValueGrad(z, g)
		t.evals++
		if t.accept(z, f, g, alpha, 0) != NotTerminated {
			return t.result()
		}
	}
}

// velocity is the state of the momentum methods: the iterate x and the
// velocity v = xₖ − xₖ₋₁. SGD uses it for its momentum too.
type velocity struct {
	x, v     []float64
	beta     float64
	nesterov bool
}

// newVelocity starts from x₀ at rest (v₀ = 0, that is x₋₁ = x₀).
func newVelocity(x0 []float64, beta float64, nesterov bool) *velocity {
	return &velocity{x: append([]float64(nil), x0...), v: make([]float64, len(x0)), beta: beta, nesterov: nesterov}
}

// point writes into z the point where the next gradient is taken: xₖ for the
// heavy ball, yₖ = xₖ + βvₖ for Nesterov.
func (m *velocity) point(z []float64) {
	copy(z, m.x)
	if m.nesterov {
		matrix.Axpy(m.beta, m.v, z) // yₖ = xₖ + βvₖ
	}
}

// update applies vₖ₊₁ = βvₖ − αg and xₖ₊₁ = xₖ + vₖ₊₁, g being the
// gradient at the point given by point.
func (m *velocity) update(alpha float64, g []float64) {
	for i := range m.v {
		m.v[i] = m.beta*m.v[i] - alpha*g[i]
		m.x[i] += m.v[i]
	}
}

// lipschitzTest accepts the gradient step w = z − α∇f(z) (p = −∇f(z)) of the
// backtracking in Momentum when α is small enough for the local curvature:
//
//	f(w) ≤ f(z) − (α/2)‖∇f(z)‖²   (the descent lemma, as in FISTA), or
//	‖∇f(w) − ∇f(z)‖ ≤ ‖∇f(z)‖     (α·L̂ ≤ 1 for the secant estimate
//	                               L̂ = ‖∇f(w) − ∇f(z)‖/‖w − z‖ of L).
//
// Both hold for every α ≤ 1/L when ∇f is L-Lipschitz; on a quadratic the
// second implies the first. The second keeps working near the minimizer,
// where the decrease (α/2)‖∇f‖² is lost in the rounding of f and the first
// would shrink α for nothing (α never grows again).
func lipschitzTest(f0 float64, g0 []float64, f float64, g, p []float64, alpha float64) bool {
	gg := matrix.Dot(g0, g0)
	if f-f0 <= -0.5*alpha*gg { // the difference first, as in LineSearch.armijo
		return true
	}
	diff := 0.0
	for i := range g {
		diff += (g[i] - g0[i]) * (g[i] - g0[i])
	}
	return !math.IsInf(f, 1) && diff <= gg
}
