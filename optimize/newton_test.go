package optimize

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

// TestNewtonQuadraticOneStep: on f = ½xᵀAx − bᵀx the Newton step from any
// x₀ lands on x* = A⁻¹b, and the unit step satisfies Armijo for c₁ ≤ ½. The
// computed x₁ is within the error of a backward stable solve,
// about d·κ·ε·(‖x₀‖ + ‖x*‖), of x*.
func TestNewtonQuadraticOneStep(t *testing.T) {
	q, ref := refQuadratic(t)
	rq := ref.Quadratic
	res, err := Newton(q, rq.X0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Iterations != 1 || res.Status != GradientConverged {
		t.Errorf("%d iterations, status %v; want one step", res.Iterations, res.Status)
	}
	d := float64(len(rq.X0))
	kappa := rq.L / rq.Mu
	tol := 4 * d * kappa * gdEps * (matrix.Nrm2(rq.X0) + matrix.Nrm2(rq.Xstar))
	if e := dist(res.X, rq.Xstar); e > tol {
		t.Errorf("‖x₁ − x*‖ = %.3g > %.3g", e, tol)
	}
}

// expQuadratic is f(x) = ½xᵀAx + Σᵢ (exp(xᵢ) − 1 − xᵢ), minimized at x* = 0,
// with ∇²f = A + diag(exp(xᵢ)).
type expQuadratic struct{ a *matrix.Dense }

func (e expQuadratic) ValueGrad(x, grad []float64) float64 {
	if err := matrix.Gemv(false, 1, e.a, x, 0, grad); err != nil {
		panic(err)
	}
	f := 0.5 * matrix.Dot(x, grad)
	for i, xi := range x {
		em1 := math.Expm1(xi)
		f += em1 - xi
		grad[i] += em1
	}
	return f
}

func (e expQuadratic) Hessian(x []float64, h *matrix.Dense) {
	h.Copy(e.a)
	for i, xi := range x {
		h.Set(i, i, h.At(i, i)+math.Exp(xi))
	}
}

// TestNewtonQuadraticConvergence checks that the digits double. For Newton's
// full step, eₖ₊₁ = H(xₖ)⁻¹ ∫₀¹ (H(xₖ) − H(x* + s eₖ)) eₖ ds, hence
// ‖eₖ₊₁‖ ≤ ‖H(xₖ)⁻¹‖·(M/2)·‖eₖ‖² with M the Lipschitz constant of the
// Hessian on the segment. Here H = A + diag(eˣ), so with r = ‖eₖ‖∞,
// M ≤ eʳ and ‖H⁻¹‖ ≤ 1/(λ_min(A) + e⁻ʳ): Cₖ = eʳ/(2(μ + e⁻ʳ)). Rounding
// adds about d·κ·ε·‖eₖ‖ (the gradient Axₖ + (eˣ − 1) is accurate to
// d·ε·‖A‖‖xₖ‖ and the solve multiplies by ‖H⁻¹‖ ≤ 1/μ).
func TestNewtonQuadraticConvergence(t *testing.T) {
	q, ref := refQuadratic(t)
	rq := ref.Quadratic
	obj := expQuadratic{a: q.a}
	var steps []Step
	res, err := Newton(obj, rq.X0, &NewtonSettings{
		Stop:  Stop{GradAbsTol: 1e-30, GradRelTol: -1},
		Trace: func(s Step) { s.X = append([]float64(nil), s.X...); steps = append(steps, s) },
	})
	// x* = 0 exactly, so rounding does not stop the digits from doubling
	// until ‖∇f‖ ≤ 10⁻³⁰.
	if err != nil {
		t.Fatal(err)
	}
	d := float64(len(rq.X0))
	kappa := (rq.L + 1) / (rq.Mu + math.Exp(-1))
	quadratic := 0
	for k := 0; k+1 < len(steps); k++ {
		next := steps[k+1]
		if next.StepSize != 1 || next.Shift != 0 {
			continue
		}
		ek, ek1 := matrix.Nrm2(steps[k].X), matrix.Nrm2(next.X)
		r := 0.0
		for _, v := range steps[k].X {
			r = max(r, math.Abs(v))
		}
		c := math.Exp(r) / (2 * (rq.Mu + math.Exp(-r)))
		bound := c*ek*ek + 2*d*kappa*gdEps*ek
		t.Logf("k = %d: ‖eₖ‖ = %.3e, ‖eₖ₊₁‖ = %.3e, Cₖ‖eₖ‖² = %.3e", k, ek, ek1, c*ek*ek)
		if ek1 > bound {
			t.Errorf("k = %d: ‖eₖ₊₁‖ = %.3g > Cₖ‖eₖ‖² + rounding = %.3g", k, ek1, bound)
		}
		if ek < 1e-2 && ek1 > 1e-300 {
			quadratic++
		}
	}
	if quadratic < 2 {
		t.Errorf("only %d full Newton steps in the quadratic regime", quadratic)
	}
	if e := matrix.Nrm2(res.X); e > 1e-30 {
		t.Errorf("‖x − x*‖ = %.3g at the end", e)
	}
}

// TestNewtonRosenbrock reaches (1, 1) from (−1.2, 1); as for gradient
// descent, ‖x − x*‖ ≤ 1.01‖∇f‖/μ with μ = λ_min(∇²f(x*)) ≈ 0.39936.
func TestNewtonRosenbrock(t *testing.T) {
	ref := loadGDRef(t)
	res, err := Newton(rosenbrock{}, ref.Rosenbrock.X0, &NewtonSettings{Stop: Stop{GradAbsTol: 1e-12}})
	if err != nil {
		t.Fatal(err)
	}
	mu := 501 - math.Hypot(301, 400)
	if e := dist(res.X, []float64{1, 1}); e > 1.01*res.GradNorm/mu+2*gdEps {
		t.Errorf("‖x − (1, 1)‖ = %.3g, ‖∇f‖ = %.3g", e, res.GradNorm)
	}
	if res.Iterations > 30 {
		t.Errorf("%d iterations", res.Iterations)
	}
	t.Logf("%d iterations, %d evaluations", res.Iterations, res.Evaluations)
}

// TestRosenbrockMatchesScipy validates the test function itself against
// scipy.optimize.rosen, rosen_der and rosen_hess (d = 5): the sums have at
// most three terms of size ≤ S, so each entry agrees to a few ε·S.
func TestRosenbrockMatchesScipy(t *testing.T) {
	ref := loadGDRef(t).Rosenbrock
	d := len(ref.Point)
	g := make([]float64, d)
	f := rosenbrock{}.ValueGrad(ref.Point, g)
	h := matrix.New(d, d)
	rosenbrock{}.Hessian(ref.Point, h)
	S := 1200 * 2.1 * 2.1 * 2.1 * 2.1 // the largest term at this point
	if math.Abs(f-ref.Value) > 8*gdEps*S {
		t.Errorf("f = %.17g, scipy %.17g", f, ref.Value)
	}
	if e := dist(g, ref.Gradient); e > 8*gdEps*S {
		t.Errorf("gradient differs by %.3g", e)
	}
	if !matrix.EqualApprox(h, mustDense(t, ref.Hessian), 8*gdEps*S) {
		t.Errorf("Hessian\n%v\nscipy\n%v", h, mustDense(t, ref.Hessian))
	}
}

// TestNewtonLogistic fits the reference logistic regression (IRLS). μ ≥ λ
// bounds ‖w − w*‖ by (‖∇f(w)‖ + ‖∇f(w*_scipy)‖)/λ; BFGS agrees with
// scipy's trust-exact to 4e-10, scikit-learn's lbfgs only to its own
// tolerance (3.6e-5).
func TestNewtonLogistic(t *testing.T) {
	obj, ref := refLogistic(t)
	rl := ref.Logistic
	d := len(rl.Wstar)
	// The objective first: value, gradient and Hessian at w = 0 against
	// numpy (sums of n = 80 terms of size ≤ max‖xᵢ‖²: n·ε relative).
	g := make([]float64, d)
	f := obj.ValueGrad(make([]float64, d), g)
	h := matrix.New(d, d)
	obj.Hessian(make([]float64, d), h)
	n := float64(len(rl.Y))
	if math.Abs(f-rl.ValueAtZero) > n*gdEps || dist(g, rl.GradientAtZero) > n*gdEps*10 ||
		!matrix.EqualApprox(h, mustDense(t, rl.HessianAtZero), n*gdEps*10) {
		t.Fatalf("objective disagrees with numpy at 0: f %v vs %v, g %v vs %v", f, rl.ValueAtZero, g, rl.GradientAtZero)
	}

	res, err := Newton(obj, make([]float64, d), &NewtonSettings{Stop: Stop{GradAbsTol: 1e-13}})
	if err != nil {
		t.Fatal(err)
	}
	tol := (res.GradNorm + rl.GradNorm) / rl.Lambda
	if e := dist(res.X, rl.Wstar); e > tol {
		t.Errorf("‖w − w*‖ = %.3g > %.3g", e, tol)
	}
	if e := dist(res.X, rl.WstarBFGS); e > tol+1e-9 {
		t.Errorf("BFGS: differs by %.3g", e)
	}
	if e := dist(res.X, rl.WstarSklearn); e > 1e-4 {
		t.Errorf("scikit-learn: differs by %.3g", e)
	}
	if math.Abs(res.F-rl.Fstar) > 4*gdEps*math.Abs(rl.Fstar)+0.5*tol*tol {
		t.Errorf("f = %.17g, scipy %.17g", res.F, rl.Fstar)
	}
	if res.Iterations > 10 {
		t.Errorf("%d Newton iterations", res.Iterations)
	}
	t.Logf("%d iterations, ‖w − w*‖ = %.3g", res.Iterations, dist(res.X, rl.Wstar))
}

// doubleWell is f(x, y) = x⁴/4 − x²/2 + y²/2: minimizers (±1, 0), a saddle
// at the origin, and ∇²f = diag(3x² − 1, 1), indefinite for |x| < 1/√3.
type doubleWell struct{}

func (doubleWell) ValueGrad(x, g []float64) float64 {
	g[0] = x[0]*x[0]*x[0] - x[0]
	g[1] = x[1]
	return x[0]*x[0]*x[0]*x[0]/4 - x[0]*x[0]/2 + x[1]*x[1]/2
}

func (doubleWell) Hessian(x []float64, h *matrix.Dense) {
	h.Set(0, 0, 3*x[0]*x[0]-1)
	h.Set(1, 1, 1)
}

// TestNewtonIndefiniteHessian starts where the Hessian is indefinite: the
// plain Newton step would head for the saddle; the shifted one goes
// downhill to the minimizer (1, 0), and f decreases at every step.
func TestNewtonIndefiniteHessian(t *testing.T) {
	var steps []Step
	res, err := Newton(doubleWell{}, []float64{0.1, 1}, &NewtonSettings{Trace: func(s Step) { steps = append(steps, s) }})
	if err != nil {
		t.Fatal(err)
	}
	if steps[1].Shift <= 0 {
		t.Errorf("first step taken without a shift (τ = %g)", steps[1].Shift)
	}
	for k := 1; k < len(steps); k++ {
		if steps[k].F >= steps[k-1].F {
			t.Errorf("f increased at step %d", k)
		}
	}
	// H(x*) = diag(2, 1): ‖x − x*‖ ≤ ‖∇f‖/1.
	if e := dist(res.X, []float64{1, 0}); e > res.GradNorm+gdEps {
		t.Errorf("ended at %v", res.X)
	}
}

// TestNewtonUnboundedBelow: f = −½‖x‖² has a negative definite Hessian
// everywhere; the shifted Newton steps run off to infinity, and the run
// ends with an error once f overflows, instead of looping.
func TestNewtonUnboundedBelow(t *testing.T) {
	obj := hessFunc{
		vg: func(x, g []float64) float64 {
			for i := range x {
				g[i] = -x[i]
			}
			return -0.5 * matrix.Dot(x, x)
		},
		h: func(x []float64, h *matrix.Dense) {
			for i := range x {
				h.Set(i, i, -1)
			}
		},
	}
	res, err := Newton(obj, []float64{1, 2}, nil)
	if !errors.Is(err, matrix.ErrNotFinite) || res == nil {
		t.Fatalf("got %v, %v", res, err)
	}
	t.Log(err)
}

// hessFunc makes a HessianObjective from two functions.
type hessFunc struct {
	vg func(x, g []float64) float64
	h  func(x []float64, h *matrix.Dense)
}

func (f hessFunc) ValueGrad(x, g []float64) float64     { return f.vg(x, g) }
func (f hessFunc) Hessian(x []float64, h *matrix.Dense) { f.h(x, h) }

func TestNewtonSpecialCases(t *testing.T) {
	q, _ := diagQuadratic([]float64{1, 4}, []float64{1, 1})
	good := []float64{3, -2}
	for _, tc := range []struct {
		name string
		obj  HessianObjective
		x0   []float64
		s    *NewtonSettings
		want error
	}{
		{"nil objective", nil, good, nil, matrix.ErrEmpty},
		{"empty x0", q, []float64{}, nil, matrix.ErrEmpty},
		{"NaN x0", q, []float64{math.NaN(), 1}, nil, matrix.ErrNotFinite},
		{"c1 negative", q, good, &NewtonSettings{LineSearch: LineSearch{Decrease: -1}}, ErrInvalidParameter},
		{"negative iterations", q, good, &NewtonSettings{Stop: Stop{MaxIter: -3}}, ErrInvalidParameter},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Newton(tc.obj, tc.x0, tc.s)
			if !errors.Is(err, tc.want) || res != nil {
				t.Fatalf("got %v, %v; want %v", res, err, tc.want)
			}
			checkMessage(t, err, "optimize: newton: ")
		})
	}
	t.Run("asymmetric Hessian", func(t *testing.T) {
		obj := hessFunc{vg: q.ValueGrad, h: func(x []float64, h *matrix.Dense) { h.Copy(q.a); h.Set(0, 1, 0.5) }}
		res, err := Newton(obj, good, nil)
		if !errors.Is(err, matrix.ErrNotSymmetric) || res == nil || res.Status != BadHessian {
			t.Fatalf("got %+v, %v", res, err)
		}
		checkMessage(t, err, "optimize: newton: matrix is not symmetric")
	})
	t.Run("NaN Hessian", func(t *testing.T) {
		obj := hessFunc{vg: q.ValueGrad, h: func(x []float64, h *matrix.Dense) { h.Set(1, 1, math.NaN()) }}
		res, err := Newton(obj, good, nil)
		if !errors.Is(err, matrix.ErrNotFinite) || res == nil || res.Status != NotFinite || res.Iterations != 0 {
			t.Fatalf("got %+v, %v", res, err)
		}
		t.Log(err)
	})
	t.Run("iteration cap", func(t *testing.T) {
		res, err := Newton(rosenbrock{}, []float64{-1.2, 1}, &NewtonSettings{Stop: Stop{MaxIter: 3}})
		if !errors.Is(err, matrix.ErrNoConvergence) || res == nil || res.Iterations != 3 {
			t.Fatalf("got %+v, %v", res, err)
		}
	})
}

// TestShiftedCholesky checks Algorithm 3.3 on random symmetric matrices of
// both kinds: the returned τ makes H + τI = LLᵀ (residual within
// 4·d·ε·‖H + τI‖), τ = 0 for positive definite H, and τ is the first of its
// sequence that works (H + (τ/2)I fails when τ was reached by doubling).
func TestShiftedCholesky(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 40 {
		d := 1 + trial%7
		// H = BBᵀ − sI: positive definite for s < 0, indefinite for most s > 0.
		b := matrix.New(d, d)
		for i := range d {
			for j := range d {
				b.Set(i, j, rng.NormFloat64())
			}
		}
		h, _ := matrix.MulABT(b, b)
		s := float64(trial%5-1) * 2
		for i := range d {
			h.Set(i, i, h.At(i, i)-s)
		}
		chol, tau, err := shiftedCholesky(h)
		if err != nil {
			t.Fatal(err)
		}
		shifted := h.Clone()
		for i := range d {
			shifted.Set(i, i, h.At(i, i)+tau)
		}
		l := chol.L()
		llt, _ := matrix.MulABT(l, l)
		r, _ := matrix.Sub(llt, shifted)
		if res := matrix.NormFrobenius(r); res > 4*float64(d)*gdEps*matrix.NormFrobenius(shifted) {
			t.Errorf("trial %d: ‖LLᵀ − (H + τI)‖ = %.3g", trial, res)
		}
		if s < 0 && tau != 0 {
			t.Errorf("trial %d: positive definite H shifted by %g", trial, tau)
		}
		minDiag := math.Inf(1)
		for i := range d {
			minDiag = min(minDiag, h.At(i, i))
		}
		tau0 := 0.0
		if minDiag <= 0 {
			tau0 = 1e-3*matrix.NormMax(h) - minDiag
		}
		if tau > tau0 {
			half := h.Clone()
			for i := range d {
				half.Set(i, i, h.At(i, i)+tau/2)
			}
			if _, err := matrix.FactorizeCholesky(half); err == nil {
				t.Errorf("trial %d: τ/2 = %g would have done", trial, tau/2)
			}
		}
	}
}
