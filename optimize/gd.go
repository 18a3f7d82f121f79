package optimize

import (
	"fmt"
	"math"
)

// GDSettings configures GradientDescent. The zero value gives the defaults:
// a backtracking Armijo line search and the default stopping rules.
type GDSettings struct {
	// StepSize is a fixed step α > 0. Zero (the default) selects the
	// backtracking line search instead. For an L-smooth f a fixed step
	// converges when α < 2/L; α = 1/L guarantees a decrease of f at every
	// iteration, and α = 2/(L+μ) is the best fixed step for a μ-strongly
	// convex f (see GradientDescent).
	StepSize float64
	// LineSearch configures the backtracking search used when StepSize is
	// zero.
	LineSearch LineSearch
	// Stop holds the stopping rules; MaxIter defaults to 10000.
	Stop Stop
	// Trace, if not nil, is called with every iterate, the starting point
	// included.
	Trace func(Step)
}

const gdDefaultMaxIterations = 10000

// GradientDescent minimizes f: ℝᵈ → ℝ from x₀ by steepest descent,
//
//	xₖ₊₁ = xₖ − αₖ ∇f(xₖ),
//
// with a fixed step αₖ = α (GDSettings.StepSize) or, by default, with αₖ
// chosen by backtracking until the Armijo condition
//
//	f(xₖ − αₖ∇f(xₖ)) ≤ f(xₖ) − c₁ αₖ ‖∇f(xₖ)‖²
//
// holds. The search for xₖ₊₁ starts from 2αₖ₋₁ (from 1 at k = 0), so the
// step can grow again after a short one and usually costs one or two
// evaluations. It stops by the rules of Stop, by default when
// ‖∇f(xₖ)‖ ≤ max(10⁻⁸, 10⁻⁸‖∇f(x₀)‖).
//
// Each iteration costs one ValueGrad (one more for each rejected trial step)
// and O(d) arithmetic. On an L-smooth, μ-strongly convex f with κ = L/μ the
// fixed step α = 2/(L+μ) contracts the error at the rate
// ‖xₖ − x*‖ ≤ ((κ−1)/(κ+1))ᵏ ‖x₀ − x*‖, which is sharp on a quadratic:
// about κ/2 iterations per factor e. Momentum and Newton do better on
// ill-conditioned problems (docs/gradient-descent.md).
//
// Implements: 004, "Backpropagation Algorithm" (the
// closing update of the weights by gradient descent, w ← w − α ∂J/∂w).
//
// Special cases:
//
//	nil objective, empty x₀             error (matrix.ErrEmpty)
//	NaN or ±Inf in x₀                   error (matrix.ErrNotFinite)
//	StepSize < 0 or not finite, bad LineSearch or Stop   error (ErrInvalidParameter)
//	f(x₀) or ∇f(x₀) not finite          nil Result, error (matrix.ErrNotFinite)
//	∇f(x₀) = 0                          x₀, 0 iterations, GradientConverged
//	f or ∇f not finite at a later iterate (a fixed step above 2/L diverges
//	this way)                           last good iterate, error (matrix.ErrNotFinite)
//	MaxIter reached               partial Result, error (matrix.ErrNoConvergence)
//	no step decreases f (tolerance below the roundoff of f)
//	                                    partial Result, error (ErrLineSearch)
//
// Reference: J. Nocedal and S. J. Wright, Numerical Optimization, 2nd ed.,
// Springer 2006, Algorithm 3.1 and Theorem 3.4; S. Boyd and L. Vandenberghe,
// Convex Optimization, Cambridge 2004, §9.2–9.3.
func GradientDescent(obj Objective, x0 []float64, s *GDSettings) (*Result, error) {
	const op = "gradient descent"
	if s == nil {
		s = &GDSettings{}
	}
	if err := checkStart(op, obj, x0); err != nil {
		return nil, err
	}
	if !(s.StepSize >= 0 && s.StepSize < math.Inf(1)) {
		return nil, badSetting(op, "StepSize α = %v is not a finite number ≥ 0", s.StepSize)
	}
	ls, err := s.LineSearch.resolve(op)
	if err != nil {
		return nil, err
	}
	d := len(x0)
	t, err := newTracker(op, s.Stop, gdDefaultMaxIterations, s.Trace, d)
	if err != nil {
		return nil, err
	}

	x, f, g := t.start(obj, x0)
	if t.status != NotTerminated {
		return t.result()
	}
	xNew, gNew, p := make([]float64, d), make([]float64, d), make([]float64, d)
	alpha := 0.5 // the first search starts from 2α = 1
	for {
		// p = −∇f(xₖ), the direction of steepest descent.
		for i, gi := range g {
			p[i] = -gi
		}
		var fNew float64
		if s.StepSize > 0 {
			// xₖ₊₁ = xₖ − α∇f(xₖ). The step αpᵢ is rounded before it is
			// added (an explicit conversion keeps the compiler from fusing
			// the multiply and the add, as it does on arm64 and amd64 v3),
			// as Momentum rounds its velocity βv − α∇f: Momentum with β = 0
			// is this method iterate for iterate on every architecture.
			alpha = s.StepSize
			for i := range x {
				xNew[i] = x[i] + float64(alpha*p[i])
			}
			fNew = obj.ValueGrad(xNew, gNew)
			t.evals++
		} else {
			var ok bool
			if alpha, fNew, ok = ls.search(t, obj, x, f, g, p, 2*alpha, xNew, gNew, nil); !ok {
				return t.result()
			}
		}
		x, xNew = xNew, x
		g, gNew = gNew, g
		f = fNew
		if st := t.accept(x, f, g, alpha, 0); st != NotTerminated {
			if st == NotFinite && s.StepSize > 0 {
				t.err = fmt.Errorf("%w (a fixed step α = %g diverges if α ≥ 2/L)", t.err, s.StepSize)
			}
			return t.result()
		}
	}
}
