package optimize

import (
	"errors"
	"math"
	"testing"

	"mlnotes/matrix"
)

// momentumGrowth returns maxⱼ₌₀…ₖ ‖Tʲ‖_F for the iteration matrix T of the
// two-step recurrences on the state (xₖ, xₖ₋₁) of a quadratic with Hessian
// A: heavy ball xₖ₊₁ = ((1+β)I − αA)xₖ − βxₖ₋₁, Nesterov
// xₖ₊₁ = (I − αA)((1+β)xₖ − βxₖ₋₁). A rounding error committed at one step
// is multiplied by at most this factor later on: T is not normal, so the
// factor exceeds the spectral radius (it is about √κ here).
func momentumGrowth(a *matrix.Dense, alpha, beta float64, nesterov bool, k int) float64 {
	d := a.Rows()
	t := matrix.New(2*d, 2*d)
	for i := range d {
		for j := range d {
			m := -alpha * a.At(i, j) // −αA
			if i == j {
				m++ // I − αA
			}
			if nesterov {
				t.Set(i, j, (1+beta)*m)
				t.Set(i, d+j, -beta*m)
			} else {
				if i == j {
					m += beta // (1+β)I − αA
				}
				t.Set(i, j, m)
				if i == j {
					t.Set(i, d+j, -beta)
				}
			}
		}
		t.Set(d+i, i, 1)
	}
	p := matrix.Identity(2 * d)
	growth := 1.0
	for range k {
		p, _ = matrix.Mul(t, p)
		growth = max(growth, matrix.NormFrobenius(p))
	}
	return growth
}

// TestMomentumReferenceTrajectories compares the heavy ball and Nesterov
// iterates with the numpy transcriptions of the two-step formulas. The
// velocity form used here and the two-step form used in numpy round
// differently, by at most about d·ε·S per step with
// S = max‖x‖·(1 + β + αL) + α‖b‖; the later steps amplify an error by at
// most G = maxⱼ‖Tʲ‖, so after k steps the two differ by at most 2k·d·ε·S·G.
func TestMomentumReferenceTrajectories(t *testing.T) {
	q, ref := refQuadratic(t)
	rq := ref.Quadratic
	for _, tc := range []struct {
		name        string
		nesterov    bool
		alpha, beta float64
		want        [][]float64
	}{
		{"heavy ball", false, rq.HeavyBall.Alpha, rq.HeavyBall.Beta, rq.HeavyBall.Iterates},
		{"nesterov", true, rq.Nesterov.Alpha, rq.Nesterov.Beta, rq.Nesterov.PointsY},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got [][]float64
			K := len(tc.want) - 1
			_, err := Momentum(q, rq.X0, &MomentumSettings{
				Nesterov: tc.nesterov, StepSize: tc.alpha, Momentum: tc.beta,
				Stop:  Stop{GradAbsTol: -1, GradRelTol: -1, MaxIter: K},
				Trace: traceIterates(&got),
			})
			if !errors.Is(err, matrix.ErrNoConvergence) || len(got) != K+1 {
				t.Fatalf("%d iterates, %v", len(got), err)
			}
			d := float64(len(rq.X0))
			S := maxNorm(got)*(1+tc.beta+tc.alpha*rq.L) + tc.alpha*matrix.Nrm2(rq.B)
			G := momentumGrowth(q.a, tc.alpha, tc.beta, tc.nesterov, K)
			compareIterates(t, got, tc.want, 2*d*gdEps*S*G)
			t.Logf("growth factor G = %.3g", G)
		})
	}
}

// TestNesterovRate checks Nesterov's theorem for the constant-step scheme on
// a μ-strongly convex, L-smooth f with α = 1/L and β = (√κ−1)/(√κ+1):
//
//	f(xₖ) − f* ≤ (1 − 1/√κ)ᵏ (f(x₀) − f* + (μ/2)‖x₀ − x*‖²),
//
// where xₖ₊₁ = yₖ − α∇f(yₖ) are rebuilt from the traced points yₖ. It also
// checks that this beats fixed-step gradient descent by far on the
// reference quadratic (κ = 1000): theory predicts √κ ≈ 32 against κ/2 = 500
// iterations per factor e.
func TestNesterovRate(t *testing.T) {
	q, ref := refQuadratic(t)
	rq := ref.Quadratic
	kappa := rq.L / rq.Mu
	var ys [][]float64
	resN, err := Momentum(q, rq.X0, &MomentumSettings{
		Nesterov: true, StepSize: 1 / rq.L, Momentum: (math.Sqrt(kappa) - 1) / (math.Sqrt(kappa) + 1),
		Trace: traceIterates(&ys),
	})
	if err != nil {
		t.Fatal(err)
	}
	g := make([]float64, len(rq.X0))
	f0 := q.ValueGrad(rq.X0, g)
	gap0 := f0 - rq.Fstar + rq.Mu/2*math.Pow(dist(rq.X0, rq.Xstar), 2)
	x := make([]float64, len(rq.X0))
	for k, y := range ys {
		q.ValueGrad(y, g)
		for i := range x {
			x[i] = y[i] - g[i]/rq.L // xₖ₊₁ = yₖ − ∇f(yₖ)/L
		}
		fx := q.ValueGrad(x, g)
		bound := math.Pow(1-1/math.Sqrt(kappa), float64(k+1))*gap0 + 4*gdEps*math.Abs(rq.Fstar)
		if fx-rq.Fstar > bound {
			t.Fatalf("k = %d: f(xₖ) − f* = %.3g > %.3g", k+1, fx-rq.Fstar, bound)
		}
	}
	resGD, err := GradientDescent(q, rq.X0, &GDSettings{StepSize: 2 / (rq.L + rq.Mu)})
	if err != nil {
		t.Fatal(err)
	}
	resHB, err := Momentum(q, rq.X0, &MomentumSettings{StepSize: rq.HeavyBall.Alpha, Momentum: rq.HeavyBall.Beta})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("iterations to ‖∇f‖ ≤ 1e-8‖∇f(x₀)‖: gradient descent %d, Nesterov %d, heavy ball %d",
		resGD.Iterations, resN.Iterations, resHB.Iterations)
	if 5*resN.Iterations > resGD.Iterations || 5*resHB.Iterations > resGD.Iterations {
		t.Errorf("momentum not faster than gradient descent")
	}
}

// TestMomentumBacktracking runs both methods with the default settings
// (β = 0.9, α by backtracking) and checks the minimizer and the
// backtracking's promise α ≥ ρ/L = 1/(2L) (the test passes for every
// α ≤ 1/L, so halving stops before going below 1/(2L)).
func TestMomentumBacktracking(t *testing.T) {
	q, ref := refQuadratic(t)
	rq := ref.Quadratic
	for _, nesterov := range []bool{false, true} {
		var minStep float64 = math.Inf(1)
		res, err := Momentum(q, rq.X0, &MomentumSettings{
			Nesterov: nesterov,
			Trace: func(s Step) {
				if s.Iteration > 0 {
					minStep = min(minStep, s.StepSize)
				}
			},
		})
		if err != nil {
			t.Fatal(err)
		}
		if e := dist(res.X, rq.Xstar); e > res.GradNorm/rq.Mu+6*(rq.L/rq.Mu)*gdEps*matrix.Nrm2(rq.Xstar) {
			t.Errorf("nesterov=%v: ‖x − x*‖ = %.3g", nesterov, e)
		}
		if minStep < 0.5/rq.L {
			t.Errorf("nesterov=%v: α = %.3g < 1/(2L) = %.3g", nesterov, minStep, 0.5/rq.L)
		}
		t.Logf("nesterov=%v: %d iterations, %d evaluations, α = %.3g (1/L = %.3g)",
			nesterov, res.Iterations, res.Evaluations, minStep, 1/rq.L)
	}
	// Both on Rosenbrock from (−1.2, 1): ‖x − x*‖ ≤ 1.01‖∇f‖/μ as for
	// gradient descent (μ = λ_min(∇²f(1, 1)) ≈ 0.39936).
	for _, nesterov := range []bool{false, true} {
		res, err := Momentum(rosenbrock{}, []float64{-1.2, 1}, &MomentumSettings{Nesterov: nesterov, Stop: Stop{MaxIter: 100000}})
		if err != nil {
			t.Fatal(err)
		}
		if e := dist(res.X, []float64{1, 1}); e > 1.01*res.GradNorm/(501-math.Hypot(301, 400)) {
			t.Errorf("rosenbrock, nesterov=%v: ‖x − x*‖ = %.3g, ‖∇f‖ = %.3g", nesterov, e, res.GradNorm)
		}
	}
	// Nesterov with backtracking on the logistic regression.
	obj, lref := refLogistic(t)
	res, err := Momentum(obj, make([]float64, 4), &MomentumSettings{Nesterov: true})
	if err != nil {
		t.Fatal(err)
	}
	if e := dist(res.X, lref.Logistic.Wstar); e > (res.GradNorm+lref.Logistic.GradNorm)/lref.Logistic.Lambda {
		t.Errorf("logistic: ‖w − w*‖ = %.3g", e)
	}
}

func TestMomentumSpecialCases(t *testing.T) {
	q, _ := diagQuadratic([]float64{1, 4}, []float64{1, 1})
	good := []float64{3, -2}
	for _, tc := range []struct {
		name string
		obj  Objective
		x0   []float64
		s    *MomentumSettings
		want error
	}{
		{"nil objective", nil, good, nil, matrix.ErrEmpty},
		{"empty x0", q, nil, &MomentumSettings{Nesterov: true}, matrix.ErrEmpty},
		{"Inf x0", q, []float64{0, math.Inf(1)}, nil, matrix.ErrNotFinite},
		{"β = 1", q, good, &MomentumSettings{Momentum: 1}, ErrInvalidParameter},
		{"β = −Inf", q, good, &MomentumSettings{Momentum: math.Inf(-1)}, ErrInvalidParameter},
		{"β NaN", q, good, &MomentumSettings{Momentum: math.NaN()}, ErrInvalidParameter},
		{"α < 0", q, good, &MomentumSettings{StepSize: -1}, ErrInvalidParameter},
		{"bad stop", q, good, &MomentumSettings{Stop: Stop{XRelTol: math.NaN()}}, ErrInvalidParameter},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Momentum(tc.obj, tc.x0, tc.s)
			if !errors.Is(err, tc.want) || res != nil {
				t.Fatalf("got %v, %v; want %v", res, err, tc.want)
			}
		})
	}
	t.Run("divergent step", func(t *testing.T) {
		res, err := Momentum(q, good, &MomentumSettings{StepSize: 1, Momentum: 0.5})
		if !errors.Is(err, matrix.ErrNotFinite) || res == nil || res.Status != NotFinite {
			t.Fatalf("got %+v, %v", res, err)
		}
		checkMessage(t, err, "optimize: heavy ball: non-finite value: ")
	})
}
