package optimize

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"mlnotes/matrix"
)

// TestLBFGSQuadratic: on an ill-conditioned diagonal quadratic (κ = 10³)
// L-BFGS reaches the gradient tolerance, and ‖x − x*‖ ≤ ‖∇f‖/μ bounds the
// error (plus the rounding of x* itself), in far fewer iterations than the
// κ/2 per factor e of gradient descent (about 6000 for 10⁻⁸ here).
func TestLBFGSQuadratic(t *testing.T) {
	d := 50
	lambda, b := make([]float64, d), make([]float64, d)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range d {
		lambda[i] = math.Pow(10, 3*float64(i)/float64(d-1)) // 1 … 10³
		b[i] = r.NormFloat64()
	}
	q, xstar := diagQuadratic(lambda, b)
	res, err := LBFGS(q, make([]float64, d), &LBFGSSettings{Stop: Stop{GradAbsTol: 1e-8, GradRelTol: -1}})
	if err != nil {
		t.Fatal(err)
	}
	if e := dist(res.X, xstar); e > res.GradNorm/lambda[0]+4*gdEps*matrix.Nrm2(xstar) {
		t.Errorf("‖x − x*‖ = %.3g, ‖∇f‖ = %.3g", e, res.GradNorm)
	}
	if res.Iterations > 400 { // scipy L-BFGS-B stalls at ‖∇f‖ ≈ 5e-7 after 246
		t.Errorf("%d iterations", res.Iterations)
	}
	t.Logf("%d iterations, %d evaluations", res.Iterations, res.Evaluations)
}

// TestLBFGSRosenbrock: the banana from scipy's starting point.
func TestLBFGSRosenbrock(t *testing.T) {
	ref := loadGDRef(t)
	res, err := LBFGS(rosenbrock{}, ref.Rosenbrock.X0, &LBFGSSettings{Stop: Stop{GradAbsTol: 1e-10}})
	if err != nil {
		t.Fatal(err)
	}
	// μ = λ_min of the Hessian at (1, 1) bounds the error near the minimizer.
	mu := 501 - math.Hypot(301, 400)
	if e := dist(res.X, []float64{1, 1}); e > 1.01*res.GradNorm/mu+2*gdEps {
		t.Errorf("‖x − (1, 1)‖ = %.3g, ‖∇f‖ = %.3g", e, res.GradNorm)
	}
	t.Logf("%d iterations, %d evaluations", res.Iterations, res.Evaluations)
}

// TestLBFGSLogistic fits the reference logistic regression and meets the
// same bound as Newton: μ ≥ λ gives ‖w − w*‖ ≤ (‖∇f(w)‖ + ‖∇f(w*)‖)/λ.
func TestLBFGSLogistic(t *testing.T) {
	obj, ref := refLogistic(t)
	rl := ref.Logistic
	d := len(rl.Wstar)
	res, err := LBFGS(obj, make([]float64, d), &LBFGSSettings{Stop: Stop{GradAbsTol: 1e-12}})
	if err != nil {
		t.Fatal(err)
	}
	if e, tol := dist(res.X, rl.Wstar), (res.GradNorm+rl.GradNorm)/rl.Lambda; e > tol {
		t.Errorf("‖w − w*‖ = %.3g > %.3g", e, tol)
	}
}

// TestLBFGSSecant: the two-loop recursion applies an H that satisfies the
// secant equation of the newest pair, H yₖ = sₖ, exactly (to rounding), and
// with one pair in one dimension it is the secant slope s/y.
func TestLBFGSSecant(t *testing.T) {
	d, m := 6, 3
	r := rand.New(rand.NewPCG(3, 4))
	a := matrix.New(d, d)
	for i := range d {
		for j := range d {
			a.Set(i, j, r.NormFloat64())
		}
	}
	spd, _ := matrix.MulATB(a, a)
	for i := range d {
		spd.Set(i, i, spd.At(i, i)+1)
	}
	grad := func(x []float64) []float64 { g, _ := matrix.MulVec(spd, x); return g }
	p := newPairs(m, d)
	x := make([]float64, d)
	for range 5 { // more pairs than the memory: the ring wraps
		xn := make([]float64, d)
		for i := range xn {
			xn[i] = x[i] + r.NormFloat64()
		}
		p.add(x, xn, grad(x), grad(xn))
		x = xn
	}
	if p.count != m {
		t.Fatalf("%d pairs stored, want %d", p.count, m)
	}
	newest := (p.next - 1 + m) % m
	out := make([]float64, d)
	p.direction(p.y[newest], out) // −H y
	for i := range d {
		if math.Abs(out[i]+p.s[newest][i]) > 1e3*gdEps*matrix.Nrm2(p.s[newest]) {
			t.Fatalf("H y ≠ s: %v vs %v", out, p.s[newest])
		}
	}
	// A pair of negative curvature is not stored, and leaves the stored
	// pairs (the ring is full: its next slot holds the oldest) intact.
	saved := make([][]float64, m)
	for i := range m {
		saved[i] = slices.Clone(p.s[i])
	}
	neg := make([]float64, d)
	neg[0] = 1
	down := make([]float64, d)
	down[0] = -1 // y = −s: sᵀy < 0
	p.add(make([]float64, d), neg, make([]float64, d), down)
	for i := range m {
		if !slices.Equal(saved[i], p.s[i]) || p.count != m {
			t.Fatal("a rejected pair changed the stored ones")
		}
	}
	p2 := newPairs(2, 1)
	p2.add([]float64{0}, []float64{1}, []float64{0}, []float64{-1})
	if p2.count != 0 {
		t.Error("a pair with sᵀy ≤ 0 was stored")
	}
}

func TestLBFGSSpecialCases(t *testing.T) {
	q, _ := diagQuadratic([]float64{1, 2}, []float64{1, 1})
	if _, err := LBFGS(q, []float64{0, 0}, &LBFGSSettings{Memory: -1}); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("Memory −1: %v", err)
	}
	if _, err := LBFGS(nil, []float64{0}, nil); !errors.Is(err, matrix.ErrEmpty) {
		t.Errorf("nil objective: %v", err)
	}
	if _, err := LBFGS(q, []float64{math.NaN(), 0}, nil); !errors.Is(err, matrix.ErrNotFinite) {
		t.Errorf("NaN start: %v", err)
	}
	res, err := LBFGS(q, []float64{1, 0.5}, nil) // the minimizer itself
	if err != nil || res.Iterations != 0 || res.Status != GradientConverged {
		t.Errorf("start at x*: %v, %+v", err, res)
	}
	res, err = LBFGS(q, []float64{5, 5}, &LBFGSSettings{Stop: Stop{MaxIter: 1, GradAbsTol: 1e-300, GradRelTol: -1}})
	if !errors.Is(err, matrix.ErrNoConvergence) || res == nil || res.Iterations != 1 {
		t.Errorf("iteration limit: %v, %+v", err, res)
	}
	unbounded := ObjectiveFunc(func(x, g []float64) float64 { g[0] = -1; return -x[0] })
	if _, err := LBFGS(unbounded, []float64{0}, &LBFGSSettings{Stop: Stop{MaxIter: 50}}); err == nil {
		t.Error("unbounded objective: no error")
	}
	// Loss history: f(x₀), f(x₁), …, decreasing.
	res, err = LBFGS(q, []float64{3, -3}, nil)
	if err != nil || len(res.Loss) != res.Iterations+1 {
		t.Fatalf("%v, %d losses for %d iterations", err, len(res.Loss), res.Iterations)
	}
	for k := 1; k < len(res.Loss); k++ {
		if res.Loss[k] > res.Loss[k-1] {
			t.Errorf("f increased at iteration %d", k)
		}
	}
}

// TestLBFGSGradInfTol: with the 2-norm tests off, the run stops at the
// first iterate whose largest gradient entry meets GradInfTol, and not
// before; a negative GradInfTol is refused.
func TestLBFGSGradInfTol(t *testing.T) {
	d := 30
	lambda, b := make([]float64, d), make([]float64, d)
	for i := range d {
		lambda[i], b[i] = 1+float64(i), 1
	}
	q, _ := diagQuadratic(lambda, b)
	s := &LBFGSSettings{Stop: Stop{GradAbsTol: -1, GradRelTol: -1}, GradInfTol: 1e-6}
	res, err := LBFGS(q, make([]float64, d), s)
	if err != nil || res.Status != GradientConverged {
		t.Fatalf("%v %+v", err, res)
	}
	if g := math.Abs(res.Gradient[matrix.Iamax(res.Gradient)]); g > 1e-6 {
		t.Errorf("‖∇f‖∞ = %g", g)
	}
	// the iterate before did not pass: rerun one iteration short.
	s.Stop.MaxIter = res.Iterations - 1
	res2, err := LBFGS(q, make([]float64, d), s)
	if res.Iterations > 1 && (err == nil || math.Abs(res2.Gradient[matrix.Iamax(res2.Gradient)]) <= 1e-6) {
		t.Errorf("stopped late: %v", err)
	}
	if _, err := LBFGS(q, make([]float64, d), &LBFGSSettings{GradInfTol: -1}); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("negative GradInfTol: %v", err)
	}
}
