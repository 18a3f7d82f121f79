package optimize

import (
	"errors"
	"math"
	"testing"

	"mlnotes/matrix"
)

// traceIterates returns a Trace that records copies of the iterates.
func traceIterates(into *[][]float64) func(Step) {
	return func(s Step) { *into = append(*into, append([]float64(nil), s.X...)) }
}

// maxNorm returns maxₖ ‖vₖ‖₂.
func maxNorm(vs [][]float64) float64 {
	m := 0.0
	for _, v := range vs {
		m = max(m, matrix.Nrm2(v))
	}
	return m
}

// TestGradientDescentReferenceTrajectory compares fixed-step gradient
// descent, iterate by iterate, with the numpy transcription of
// xₖ₊₁ = xₖ − α(Axₖ − b) in the reference file. One step commits rounding
// errors of at most about d·ε·(‖x‖ + α‖A‖‖x‖ + α‖b‖) = d·ε·S (the product
// Ax dominates), in Go and in numpy; the iteration matrix I − αA has norm
// (κ−1)/(κ+1) < 1, so the errors add up to at most 2k·d·ε·S after k steps.
func TestGradientDescentReferenceTrajectory(t *testing.T) {
	q, ref := refQuadratic(t)
	rq := ref.Quadratic
	var got [][]float64
	_, err := GradientDescent(q, rq.X0, &GDSettings{
		StepSize: rq.GD.Alpha,
		Stop:     Stop{GradAbsTol: -1, GradRelTol: -1, MaxIter: len(rq.GD.Iterates) - 1},
		Trace:    traceIterates(&got),
	})
	if !errors.Is(err, matrix.ErrNoConvergence) {
		t.Fatalf("want the iteration cap (tolerances off), got %v", err)
	}
	d := float64(len(rq.X0))
	S := maxNorm(got)*(1+rq.GD.Alpha*rq.L) + rq.GD.Alpha*matrix.Nrm2(rq.B)
	compareIterates(t, got, rq.GD.Iterates, 2*d*gdEps*S)
}

// TestGradientDescentQuadraticMinimizer runs both step rules to the
// minimizer x* = A⁻¹b of the reference quadratic (κ = 1000). At the end
// ‖x − x*‖ ≤ ‖∇f(x)‖/μ, since ∇f(x) = A(x − x*); scipy's x* is itself exact
// to about d·κ·ε·‖x*‖ (a backward stable solve).
func TestGradientDescentQuadraticMinimizer(t *testing.T) {
	q, ref := refQuadratic(t)
	rq := ref.Quadratic
	for _, tc := range []struct {
		name string
		s    GDSettings
	}{
		{"armijo", GDSettings{}},
		{"fixed 2/(L+μ)", GDSettings{StepSize: 2 / (rq.L + rq.Mu)}},
		// Rate 1 − 1/κ: about κ·ln(‖∇f(x₀)‖/tol) ≈ 18400 iterations.
		{"fixed 1/L", GDSettings{StepSize: 1 / rq.L, Stop: Stop{MaxIter: 50000}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := GradientDescent(q, rq.X0, &tc.s)
			if err != nil {
				t.Fatal(err)
			}
			if !res.Converged || res.Status != GradientConverged {
				t.Fatalf("status %v", res.Status)
			}
			d := float64(len(rq.X0))
			tol := res.GradNorm/rq.Mu + d*(rq.L/rq.Mu)*gdEps*matrix.Nrm2(rq.Xstar)
			if e := dist(res.X, rq.Xstar); e > tol {
				t.Errorf("‖x − x*‖ = %.3g > %.3g", e, tol)
			}
			if res.F < rq.Fstar-d*gdEps*math.Abs(rq.Fstar) {
				t.Errorf("f = %.17g below the minimum %.17g", res.F, rq.Fstar)
			}
			if len(res.Loss) != res.Iterations+1 || res.Loss[len(res.Loss)-1] != res.F {
				t.Errorf("loss history of length %d for %d iterations", len(res.Loss), res.Iterations)
			}
			t.Logf("%d iterations, %d evaluations, ‖x − x*‖ = %.3g", res.Iterations, res.Evaluations,
				dist(res.X, rq.Xstar))
		})
	}
}

// TestGradientDescentLinearRate checks the theory of fixed-step gradient
// descent on f = ½xᵀAx − bᵀx with A = diag(λ), μ = 1 ≤ λᵢ ≤ L = 100: with
// α = 2/(L+μ) the error obeys eₖ₊₁ = (I − αA)eₖ, so ‖eₖ₊₁‖ ≤ q‖eₖ‖ with
// q = (κ−1)/(κ+1) at every step (up to the rounding of one step, about
// 2ε(‖x‖ + α‖Ax‖)), and the bound is attained by the components along the
// eigenvectors of μ and L, which shrink by exactly q per step. A diagonal A
// loses no generality: gradient descent commutes with rotations.
func TestGradientDescentLinearRate(t *testing.T) {
	lambda := []float64{1, 3, 10, 30, 100}
	b := []float64{1, -2, 0.5, 3, -1}
	q, xstar := diagQuadratic(lambda, b)
	mu, L := 1.0, 100.0
	kappa := L / mu
	rate := (kappa - 1) / (kappa + 1)
	alpha := 2 / (L + mu)
	x0 := []float64{5, 5, 5, 5, 5}
	var xs [][]float64
	const K = 300
	_, err := GradientDescent(q, x0, &GDSettings{
		StepSize: alpha, Stop: Stop{GradAbsTol: -1, GradRelTol: -1, MaxIter: K}, Trace: traceIterates(&xs),
	})
	if !errors.Is(err, matrix.ErrNoConvergence) {
		t.Fatal(err)
	}
	roundoff := 2 * gdEps * maxNorm(xs) * (1 + alpha*L)
	for k := 0; k+1 < len(xs); k++ {
		ek, ek1 := dist(xs[k], xstar), dist(xs[k+1], xstar)
		if ek1 > rate*ek+roundoff {
			t.Fatalf("step %d: ‖eₖ₊₁‖ = %.6g > q‖eₖ‖ = %.6g", k, ek1, rate*ek)
		}
	}
	// Sharpness: the components along λ = μ and λ = L shrink by exactly q.
	for _, i := range []int{0, len(lambda) - 1} {
		e0 := x0[i] - xstar[i]
		predicted := math.Pow(rate, K) * math.Abs(e0)
		got := math.Abs(xs[K][i] - xstar[i])
		if math.Abs(got-predicted) > 2*K*gdEps*math.Abs(e0)+roundoff {
			t.Errorf("component %d after %d steps: |e| = %.6g, theory qᴷ|e₀| = %.6g", i, K, got, predicted)
		}
	}
}

// TestGradientDescentRosenbrock runs the line search from the classical
// start (−1.2, 1) to the minimizer (1, 1) of scipy's Rosenbrock function.
// Near x* the error is ‖x − x*‖ ≈ ‖H⁻¹∇f(x)‖ ≤ ‖∇f(x)‖/μ with
// μ = λ_min(∇²f(1, 1)) = 501 − √(301² + 400²) ≈ 0.39936; the factor 1.01
// covers the curvature change over that distance.
func TestGradientDescentRosenbrock(t *testing.T) {
	ref := loadGDRef(t)
	res, err := GradientDescent(rosenbrock{}, ref.Rosenbrock.X0, &GDSettings{
		Stop: Stop{GradAbsTol: 1e-8, MaxIter: 100000},
	})
	if err != nil {
		t.Fatal(err)
	}
	mu := 501 - math.Hypot(301, 400)
	if e := dist(res.X, []float64{1, 1}); e > 1.01*res.GradNorm/mu {
		t.Errorf("‖x − (1, 1)‖ = %.3g > ‖∇f‖/μ = %.3g", e, res.GradNorm/mu)
	}
	// scipy's Newton-CG answer agrees to its own accuracy (xtol 1e-14 on
	// the step; it stopped within 1e-9).
	if e := dist(res.X, ref.Rosenbrock.Xstar); e > 1e-9+res.GradNorm/mu {
		t.Errorf("differs from scipy by %.3g", e)
	}
	t.Logf("%d iterations, %d evaluations", res.Iterations, res.Evaluations)
}

// TestGradientDescentLogistic fits the reference logistic regression with
// the line search; μ ≥ λ (the penalty), so ‖w − w*‖ ≤ ‖∇f(w)‖/λ plus the
// error of scipy's w* (its gradient norm over λ).
func TestGradientDescentLogistic(t *testing.T) {
	obj, ref := refLogistic(t)
	w0 := make([]float64, len(ref.Logistic.Wstar))
	res, err := GradientDescent(obj, w0, &GDSettings{Stop: Stop{GradAbsTol: 1e-10}})
	if err != nil {
		t.Fatal(err)
	}
	lam := ref.Logistic.Lambda
	if e := dist(res.X, ref.Logistic.Wstar); e > (res.GradNorm+ref.Logistic.GradNorm)/lam {
		t.Errorf("‖w − w*‖ = %.3g", e)
	}
	t.Logf("%d iterations", res.Iterations)
}

// TestGradientDescentArmijoHolds checks the line search's contract at every
// accepted step: f(xₖ₊₁) ≤ f(xₖ) − c₁αₖ‖∇f(xₖ)‖².
func TestGradientDescentArmijoHolds(t *testing.T) {
	var steps []Step
	c1 := 0.3
	_, err := GradientDescent(rosenbrock{}, []float64{-1.2, 1}, &GDSettings{
		LineSearch: LineSearch{Decrease: c1, Shrink: 0.3},
		Stop:       Stop{MaxIter: 500, GradAbsTol: 1e-3},
		Trace:      func(s Step) { steps = append(steps, s) },
	})
	if err != nil && !errors.Is(err, matrix.ErrNoConvergence) {
		t.Fatal(err)
	}
	for k := 1; k < len(steps); k++ {
		prev, cur := steps[k-1], steps[k]
		if cur.F > prev.F-c1*cur.StepSize*prev.GradNorm*prev.GradNorm {
			t.Fatalf("step %d violates Armijo: f %.17g → %.17g with α = %g", k, prev.F, cur.F, cur.StepSize)
		}
		if cur.Iteration != k {
			t.Fatalf("trace numbering %d at position %d", cur.Iteration, k)
		}
	}
}

// TestGradientDescentSpecialCases covers every row of the doc comment's
// table.
func TestGradientDescentSpecialCases(t *testing.T) {
	q, _ := diagQuadratic([]float64{1, 4}, []float64{1, 1})
	good := []float64{3, -2}
	nan := math.NaN()
	for _, tc := range []struct {
		name string
		obj  Objective
		x0   []float64
		s    *GDSettings
		want error
	}{
		{"nil objective", nil, good, nil, matrix.ErrEmpty},
		{"empty x0", q, nil, nil, matrix.ErrEmpty},
		{"NaN in x0", q, []float64{1, nan}, nil, matrix.ErrNotFinite},
		{"Inf in x0", q, []float64{math.Inf(-1), 0}, nil, matrix.ErrNotFinite},
		{"negative step", q, good, &GDSettings{StepSize: -0.1}, ErrInvalidParameter},
		{"NaN step", q, good, &GDSettings{StepSize: nan}, ErrInvalidParameter},
		{"Inf step", q, good, &GDSettings{StepSize: math.Inf(1)}, ErrInvalidParameter},
		{"c1 = 1", q, good, &GDSettings{LineSearch: LineSearch{Decrease: 1}}, ErrInvalidParameter},
		{"ρ negative", q, good, &GDSettings{LineSearch: LineSearch{Shrink: -0.5}}, ErrInvalidParameter},
		{"ρ NaN", q, good, &GDSettings{LineSearch: LineSearch{Shrink: nan}}, ErrInvalidParameter},
		{"negative trials", q, good, &GDSettings{LineSearch: LineSearch{MaxTrials: -1}}, ErrInvalidParameter},
		{"negative iterations", q, good, &GDSettings{Stop: Stop{MaxIter: -1}}, ErrInvalidParameter},
		{"NaN tolerance", q, good, &GDSettings{Stop: Stop{GradAbsTol: nan}}, ErrInvalidParameter},
		{"Inf tolerance", q, good, &GDSettings{Stop: Stop{FuncRelTol: math.Inf(1)}}, ErrInvalidParameter},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := GradientDescent(tc.obj, tc.x0, tc.s)
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			if res != nil {
				t.Errorf("a Result for invalid input")
			}
			checkMessage(t, err, "optimize: gradient descent: ")
		})
	}

	t.Run("f(x0) NaN", func(t *testing.T) {
		res, err := GradientDescent(ObjectiveFunc(func(x, g []float64) float64 { return nan }), good, nil)
		if !errors.Is(err, matrix.ErrNotFinite) || res != nil {
			t.Fatalf("got %v, %v", res, err)
		}
	})
	t.Run("gradient Inf at x0", func(t *testing.T) {
		_, err := GradientDescent(ObjectiveFunc(func(x, g []float64) float64 { g[1] = math.Inf(1); return 0 }), good, nil)
		if !errors.Is(err, matrix.ErrNotFinite) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("stationary start", func(t *testing.T) {
		res, err := GradientDescent(q, []float64{1, 0.25}, nil)
		if err != nil || res.Iterations != 0 || res.Status != GradientConverged || res.Evaluations != 1 {
			t.Fatalf("got %+v, %v", res, err)
		}
	})
	t.Run("NaN mid-run keeps the last good iterate", func(t *testing.T) {
		calls := 0
		obj := ObjectiveFunc(func(x, g []float64) float64 {
			calls++
			if calls == 4 {
				return nan
			}
			return q.ValueGrad(x, g)
		})
		res, err := GradientDescent(obj, good, &GDSettings{StepSize: 0.1})
		if !errors.Is(err, matrix.ErrNotFinite) || res == nil {
			t.Fatalf("got %v, %v", res, err)
		}
		if res.Iterations != 2 || res.Status != NotFinite || res.Converged || math.IsNaN(res.F) {
			t.Errorf("partial result %+v", res)
		}
	})
	t.Run("step above 2/L diverges", func(t *testing.T) {
		// λ = 4 so 2/L = 0.5: α = 0.6 multiplies that component by −1.4.
		res, err := GradientDescent(q, good, &GDSettings{StepSize: 0.6})
		if !errors.Is(err, matrix.ErrNotFinite) || res == nil {
			t.Fatalf("got %v, %v", res, err)
		}
		checkMessage(t, err, "optimize: gradient descent: non-finite value: ")
		t.Log(err)
	})
	t.Run("iteration cap", func(t *testing.T) {
		res, err := GradientDescent(rosenbrock{}, []float64{-1.2, 1}, &GDSettings{Stop: Stop{MaxIter: 10}})
		if !errors.Is(err, matrix.ErrNoConvergence) || res == nil || res.Iterations != 10 || res.Status != IterationLimit {
			t.Fatalf("got %+v, %v", res, err)
		}
		if len(res.Loss) != 11 || res.F != res.Loss[10] || res.Loss[10] >= res.Loss[0] {
			t.Errorf("partial loss history %v", res.Loss)
		}
		t.Log(err)
	})
	t.Run("wrong gradient sign fails the line search", func(t *testing.T) {
		obj := ObjectiveFunc(func(x, g []float64) float64 {
			f := q.ValueGrad(x, g)
			matrix.ScaleVec(-1, g)
			return f
		})
		res, err := GradientDescent(obj, good, nil)
		if !errors.Is(err, ErrLineSearch) || res == nil || res.Status != LineSearchFailed {
			t.Fatalf("got %+v, %v", res, err)
		}
		if dist(res.X, good) != 0 {
			t.Errorf("moved to %v", res.X)
		}
		t.Log(err)
	})
}

// checkMessage checks the shape of an error message.
func checkMessage(t *testing.T, err error, prefix string) {
	t.Helper()
	msg := err.Error()
	if len(msg) < len(prefix) || msg[:len(prefix)] != prefix {
		t.Errorf("message %q does not start with %q", msg, prefix)
	}
	if last := msg[len(msg)-1]; last == '.' || last == '!' {
		t.Errorf("message %q ends with punctuation", msg)
	}
}
