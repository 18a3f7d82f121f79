package optimize

import (
	"math"

	"mlnotes/matrix"
)

// LBFGSSettings configures LBFGS. The zero value gives the defaults.
type LBFGSSettings struct {
	// Memory is the number m of correction pairs (sₖ, yₖ) kept. Zero means
	// 10; it must not be negative.
	Memory int
	// LineSearch configures the backtracking search along the quasi-Newton
	// direction, which starts from α = 1 (from 1/‖∇f(x₀)‖₂ at the first
	// iteration, when there is no curvature information yet).
	LineSearch LineSearch
	// Stop holds the stopping rules; MaxIter defaults to 10000.
	Stop Stop
	// GradInfTol, if positive, adds the test maxᵢ |∂f/∂xᵢ| ≤ GradInfTol
	// (status GradientConverged), the projected-gradient test of
	// L-BFGS-B (scipy's gtol, scikit-learn's tol). It is checked after the
	// tests of Stop; set Stop.GradAbsTol and GradRelTol negative to make
	// it the only gradient test.
	GradInfTol float64
	// Trace, if not nil, is called with every iterate, the starting point
	// included.
	Trace func(Step)
}

const (
	lbfgsDefaultMemory        = 10
	lbfgsDefaultMaxIterations = 10000
)

// LBFGS minimizes f: ℝᵈ → ℝ from x₀ by the limited-memory BFGS method,
//
//	pₖ = −Hₖ∇f(xₖ),   xₖ₊₁ = xₖ + αₖpₖ,
//
// where Hₖ approximates the inverse Hessian from the last m pairs
// sᵢ = xᵢ₊₁ − xᵢ, yᵢ = ∇f(xᵢ₊₁) − ∇f(xᵢ) and is applied to ∇f(xₖ) by the
// two-loop recursion (Nocedal and Wright, Algorithm 7.4) without ever being
// formed, starting from H⁰ = γₖI with γₖ = sᵀy/yᵀy of the newest pair. The
// step αₖ is found by backtracking from 1 until the Armijo condition holds
// (LineSearch). A pair is stored only when its curvature
// sᵀy > ε·‖s‖·‖y‖ is positive, which keeps Hₖ positive definite and pₖ a
// descent direction (backtracking alone does not enforce the Wolfe
// curvature condition that guarantees it).
//
// Each iteration costs one ValueGrad per trial step and about 4md
// arithmetic operations: this is the method for the many-parameter problems
// (softmax regression, networks) where Newton's d×d Hessian is too costly.
// On a strongly convex f it converges R-linearly, and in practice far
// faster than gradient descent.
//
// Special cases are those of GradientDescent; Memory < 0 is an error
// (ErrInvalidParameter).
//
// Implements: not in the notes; 004, "Logistic Regression" names no method,
// and learn.LogisticRegression uses this one for large d and for softmax.
//
// Reference: J. Nocedal and S. J. Wright, Numerical Optimization, 2nd ed.,
// Springer 2006, §7.2 (Algorithms 7.4 and 7.5); D. C. Liu and J. Nocedal,
// "On the limited memory BFGS method for large scale optimization",
// Mathematical Programming 45 (1989).
func LBFGS(obj Objective, x0 []float64, s *LBFGSSettings) (*Result, error) {
	const op = "l-bfgs"
	if s == nil {
		s = &LBFGSSettings{}
	}
	if err := checkStart(op, obj, x0); err != nil {
		return nil, err
	}
	if s.Memory < 0 {
		return nil, badSetting(op, "Memory m = %d < 0", s.Memory)
	}
	if !(s.GradInfTol >= 0) || math.IsInf(s.GradInfTol, 0) {
		return nil, badSetting(op, "GradInfTol = %v is not a finite number ≥ 0", s.GradInfTol)
	}
	// infDone applies the GradInfTol test to an iterate the tracker left
	// running.
	infDone := func(t *tracker, g []float64) bool {
		if s.GradInfTol > 0 && (t.status == NotTerminated || t.status == IterationLimit) && math.Abs(g[matrix.Iamax(g)]) <= s.GradInfTol {
			t.status, t.err = GradientConverged, nil
			return true
		}
		return false
	}
	m := s.Memory
	if m == 0 {
		m = lbfgsDefaultMemory
	}
	ls, err := s.LineSearch.resolve(op)
	if err != nil {
		return nil, err
	}
	d := len(x0)
	t, err := newTracker(op, s.Stop, lbfgsDefaultMaxIterations, s.Trace, d)
	if err != nil {
		return nil, err
	}
	x, f, g := t.start(obj, x0)
	if t.status != NotTerminated || infDone(t, g) {
		return t.result()
	}
	hist := newPairs(m, d)
	xNew, gNew, p := make([]float64, d), make([]float64, d), make([]float64, d)
	for {
		alpha0 := 1.0
		if hist.count == 0 {
			// No curvature yet: a first step of length 1 along −∇f/‖∇f‖.
			copy(p, g)
			matrix.ScaleVec(-1, p)
			alpha0 = 1 / matrix.Nrm2(g)
		} else {
			hist.direction(g, p)
		}
		if slope := matrix.Dot(g, p); !(slope < 0) || firstNonFinite(p) >= 0 {
			// Roundoff spoiled the descent property: restart from −∇f.
			hist.count = 0
			copy(p, g)
			matrix.ScaleVec(-1, p)
			alpha0 = 1 / matrix.Nrm2(g)
		}
		alpha, fNew, ok := wolfeSearch(t, obj, ls, x, f, g, p, alpha0, xNew, gNew)
		if !ok {
			return t.result()
		}
		hist.add(x, xNew, g, gNew)
		x, xNew = xNew, x
		g, gNew = gNew, g
		f = fNew
		if t.accept(x, f, g, alpha, 0) != NotTerminated || infDone(t, g) {
			return t.result()
		}
	}
}

// pairs is the ring buffer of the m newest correction pairs (sᵢ, yᵢ) with
// ρᵢ = 1/yᵢᵀsᵢ.
type pairs struct {
	s, y       [][]float64
	ss, sy     []float64 // scratch for a new pair
	rho, alpha []float64
	next       int // slot of the next pair
	count      int // number of stored pairs, ≤ m
}

func newPairs(m, d int) *pairs {
	p := &pairs{s: make([][]float64, m), y: make([][]float64, m), rho: make([]float64, m), alpha: make([]float64, m),
		ss: make([]float64, d), sy: make([]float64, d)}
	for i := range m {
		p.s[i], p.y[i] = make([]float64, d), make([]float64, d)
	}
	return p
}

// add stores s = xNew − x and y = gNew − g if sᵀy > ε‖s‖‖y‖. The pair
// is formed in scratch space first: when the ring is full, the slot it
// goes to holds the oldest pair, which a rejected pair must not spoil.
func (p *pairs) add(x, xNew, g, gNew []float64) {
	s, y := p.ss, p.sy
	for i := range x {
		s[i] = xNew[i] - x[i]
		y[i] = gNew[i] - g[i]
	}
	sy := matrix.Dot(s, y)
	if !(sy > 0x1p-52*matrix.Nrm2(s)*matrix.Nrm2(y)) || math.IsInf(sy, 0) {
		return // not stored
	}
	copy(p.s[p.next], s)
	copy(p.y[p.next], y)
	p.rho[p.next] = 1 / sy
	p.next = (p.next + 1) % len(p.s)
	p.count = min(p.count+1, len(p.s))
}

// direction writes r = −Hₖg into r by the two-loop recursion.
func (p *pairs) direction(g, r []float64) {
	m := len(p.s)
	copy(r, g)
	newest := (p.next - 1 + m) % m
	for k := range p.count { // newest to oldest
		i := (newest - k + m) % m
		p.alpha[i] = p.rho[i] * matrix.Dot(p.s[i], r)
		matrix.Axpy(-p.alpha[i], p.y[i], r)
	}
	// H⁰ = γI, γ = sᵀy/yᵀy of the newest pair.
	yn := p.y[newest]
	matrix.ScaleVec(1/(p.rho[newest]*matrix.Dot(yn, yn)), r)
	for k := p.count - 1; k >= 0; k-- { // oldest to newest
		i := (newest - k + m) % m
		beta := p.rho[i] * matrix.Dot(p.y[i], r)
		matrix.Axpy(p.alpha[i]-beta, p.s[i], r)
	}
	matrix.ScaleVec(-1, r)
}
