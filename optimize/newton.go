package optimize

import (
	"errors"
	"math"

	"mlnotes/matrix"
)

// NewtonSettings configures Newton. The zero value gives the defaults.
type NewtonSettings struct {
	// LineSearch configures the backtracking search along the Newton
	// direction, which always starts from the full step α = 1.
	LineSearch LineSearch
	// Stop holds the stopping rules; MaxIter defaults to 100.
	Stop Stop
	// Trace, if not nil, is called with every iterate, the starting point
	// included; Step.Shift reports the τ added to the Hessian.
	Trace func(Step)
}

const newtonDefaultMaxIterations = 100

// Newton minimizes f: ℝᵈ → ℝ from x₀ by Newton's method with a line search,
//
//	(∇²f(xₖ) + τₖI) pₖ = −∇f(xₖ),   xₖ₊₁ = xₖ + αₖ pₖ,
//
// solving for the d-vector pₖ with a Cholesky factorization of the d×d
// matrix ∇²f(xₖ) + τₖI (matrix.FactorizeCholesky), and taking αₖ by
// backtracking from αₖ = 1 until the Armijo condition
// f(xₖ + αₖpₖ) ≤ f(xₖ) + c₁αₖ∇f(xₖ)ᵀpₖ holds.
//
// The shift τₖ is zero when the Hessian is positive definite: pₖ is then the
// Newton step, which minimizes the quadratic model of f at xₖ. Otherwise
// (a saddle or a region of negative curvature, where the Newton step need
// not point downhill) τₖ is found as in Nocedal and Wright's "Cholesky with
// added multiple of the identity": with β = 10⁻³·maxᵢⱼ|hᵢⱼ|, start from
// τ = 0 if every hᵢᵢ > 0 and from τ = β − minᵢ hᵢᵢ otherwise, and double τ
// (at least to β) until the factorization succeeds. The shifted matrix is
// positive definite, so pₖ is a descent direction; should roundoff still give
// ∇f(xₖ)ᵀpₖ ≥ 0, the iteration falls back to the gradient step pₖ = −∇f(xₖ).
//
// Near a minimizer x* with a positive definite, Lipschitz continuous
// Hessian, τₖ = 0 and αₖ = 1 are accepted and convergence is quadratic,
// ‖xₖ₊₁ − x*‖ ≤ C‖xₖ − x*‖²: the number of correct digits doubles at
// every iteration. Each iteration costs one Hessian, one ValueGrad per trial
// step, and d³/3 flops per Cholesky attempt.
//
// Newton's method is how logistic regression (004, "Logistic Regression")
// is usually fitted: its negative log-likelihood has the Hessian
// Xᵀdiag(pᵢ(1−pᵢ))X, and the iteration is then called IRLS. The notes do not
// cover the method itself (docs/gradient-descent.md).
//
// Special cases:
//
//	nil objective, empty x₀             error (matrix.ErrEmpty)
//	NaN or ±Inf in x₀                   error (matrix.ErrNotFinite)
//	bad LineSearch or Stop              error (ErrInvalidParameter)
//	f(x₀) or ∇f(x₀) not finite          nil Result, error (matrix.ErrNotFinite)
//	∇f(x₀) = 0                          x₀, 0 iterations, GradientConverged
//	Hessian not positive definite       shifted by τI as above (Step.Shift)
//	Hessian with NaN or ±Inf            partial Result, error (matrix.ErrNotFinite)
//	Hessian not symmetric (beyond √ε·maxᵢⱼ|hᵢⱼ|)
//	                                    partial Result, error (matrix.ErrNotSymmetric)
//	MaxIter reached               partial Result, error (matrix.ErrNoConvergence)
//	no step decreases f                 partial Result, error (ErrLineSearch)
//
// Implements: 004, "Logistic Regression" (fitting the
// model the note defines).
//
// Reference: J. Nocedal and S. J. Wright, Numerical Optimization, 2nd ed.,
// Springer 2006, §3.3 (Theorem 3.5) and §3.4 (Algorithm 3.3).
func Newton(obj HessianObjective, x0 []float64, s *NewtonSettings) (*Result, error) {
	const op = "newton"
	if s == nil {
		s = &NewtonSettings{}
	}
	if err := checkStart(op, obj, x0); err != nil {
		return nil, err
	}
	ls, err := s.LineSearch.resolve(op)
	if err != nil {
		return nil, err
	}
	d := len(x0)
	t, err := newTracker(op, s.Stop, newtonDefaultMaxIterations, s.Trace, d)
	if err != nil {
		return nil, err
	}

	x, f, g := t.start(obj, x0)
	if t.status != NotTerminated {
		return t.result()
	}
	h := matrix.New(d, d)
	xNew, gNew, p := make([]float64, d), make([]float64, d), make([]float64, d)
	for {
		// H = ∇²f(xₖ)
		h.Zero()
		obj.Hessian(x, h)
		if err := h.CheckFinite(); err != nil {
			var me *matrix.Error
			errors.As(err, &me)
			t.fail(NotFinite, optError(op, matrix.ErrNotFinite, "Hessian at iteration %d: %s", t.iter, me.Detail))
			return t.result()
		}
		// (H + τI) = LLᵀ
		chol, tau, err := shiftedCholesky(h)
		if err != nil {
			t.fail(BadHessian, optError(op, err, "Hessian at iteration %d", t.iter))
			return t.result()
		}
		// p = −(H + τI)⁻¹∇f(xₖ), by L y = −∇f and Lᵀp = y.
		for i, gi := range g {
			p[i] = -gi
		}
		chol.SolveLower(p)
		chol.SolveUpper(p)
		if slope := matrix.Dot(g, p); !(slope < 0) || firstNonFinite(p) >= 0 {
			// Roundoff spoiled the descent property: take p = −∇f(xₖ).
			for i, gi := range g {
				p[i] = -gi
			}
		}
		alpha, fNew, ok := ls.search(t, obj, x, f, g, p, 1, xNew, gNew, nil)
		if !ok {
			return t.result()
		}
		x, xNew = xNew, x
		g, gNew = gNew, g
		f = fNew
		if t.accept(x, f, g, alpha, tau) != NotTerminated {
			return t.result()
		}
	}
}

// shiftedCholesky factorizes H + τI = LLᵀ with the smallest τ of the
// sequence 0 (if every hᵢᵢ > 0), τ₀ = β − minᵢ hᵢᵢ, 2τ₀, 4τ₀, … that makes
// it positive definite, β = 10⁻³·maxᵢⱼ|hᵢⱼ| (Nocedal and Wright,
// Algorithm 3.3). Since −λ_min(H) ≤ ‖H‖₂ ≤ d·maxᵢⱼ|hᵢⱼ|, the doubling
// ends after about log₂(1000·d) attempts; the cap of 64 is a safeguard.
// It returns matrix.ErrNotSymmetric for an H that is not symmetric to within
// √ε of its largest entry, and matrix.ErrNotSPD if the cap is reached.
func shiftedCholesky(h *matrix.Dense) (*matrix.Cholesky, float64, error) {
	d := h.Rows()
	beta := 1e-3 * matrix.NormMax(h)
	if beta == 0 {
		beta = 1e-3 // H = 0: no curvature information at all
	}
	minDiag := math.Inf(1)
	for i := range d {
		minDiag = min(minDiag, h.At(i, i))
	}
	tau := 0.0
	if minDiag <= 0 {
		tau = beta - minDiag
	}
	shifted := matrix.New(d, d)
	for range 64 {
		shifted.Copy(h)
		for i := range d {
			shifted.Set(i, i, h.At(i, i)+tau)
		}
		chol, err := matrix.FactorizeCholesky(shifted)
		if err == nil {
			return chol, tau, nil
		}
		if errors.Is(err, matrix.ErrNotSymmetric) {
			return nil, 0, matrix.ErrNotSymmetric
		}
		tau = max(2*tau, beta)
	}
	return nil, 0, matrix.ErrNotSPD
}
