package optimize

import (
	"errors"
	"math"
	"slices"
	"testing"

	"mlnotes/matrix"
)

// refLeastSquares returns the SGD test problem: f(w) = (1/n)Σᵢ ½(xᵢᵀw − yᵢ)²
// with n = 200, d = 5 and w* from numpy.linalg.lstsq.
func refLeastSquares(t testing.TB) (lsqObjective, *gdRef) {
	ref := loadGDRef(t)
	return lsqObjective{x: mustDense(t, ref.LeastSquares.X), y: ref.LeastSquares.Y}, ref
}

// gradientNoise returns σ*² = (1/n)Σᵢ‖∇fᵢ(w*)‖², the variance of a one-sample
// gradient at the minimizer (its mean ∇f(w*) is 0).
func gradientNoise(obj StochasticObjective, wstar []float64) float64 {
	g := make([]float64, len(wstar))
	s := 0.0
	for i := range obj.Samples() {
		obj.BatchValueGrad(wstar, g, []int{i})
		s += matrix.Dot(g, g)
	}
	return s / float64(obj.Samples())
}

// TestSGDNeighbourhood checks what the theory says about SGD on a strongly
// convex least-squares problem. With a constant rate α and sampling with
// replacement, the iterates settle where E[f(w) − f*] ≈ α·σ*²/4 (from the
// Lyapunov equation HP + PH = αΣ of the linearized iteration, for small α);
// random reshuffling, which SGD uses, does at least as well (Mishchenko,
// Khaled and Richtárik 2020: the neighbourhood shrinks like α² or faster).
// So: every final gap stays below 10·α·σ*²/4 (a far tail of its
// distribution); the mean gap over seeds falls at least in proportion to α
// (by 4 or more from α = 0.02 to 0.005); and a decaying rate (Robbins–Monro)
// goes well inside the constant-rate neighbourhood.
func TestSGDNeighbourhood(t *testing.T) {
	obj, ref := refLeastSquares(t)
	rl := ref.LeastSquares
	noise := gradientNoise(obj, rl.Wstar)
	d := len(rl.Wstar)
	meanGap := func(alpha, decay float64) float64 {
		sum := 0.0
		const seeds = 10
		for seed := range uint64(seeds) {
			res, err := SGD(obj, make([]float64, d), &SGDSettings{LearningRate: alpha, Decay: decay, Epochs: 100, Seed: seed})
			if err != nil || res.Status != EpochLimit || res.Converged {
				t.Fatalf("α = %g: %v, %v", alpha, res.Status, err)
			}
			gap := res.F - rl.Fstar
			if gap > 10*alpha*noise/4 || gap < -4*gdEps*rl.Fstar {
				t.Errorf("α = %g, decay %g, seed %d: f − f* = %.3g, bound 10ασ*²/4 = %.3g", alpha, decay, seed, gap, 10*alpha*noise/4)
			}
			sum += gap
		}
		return sum / seeds
	}
	big, small, decayed := meanGap(0.02, 0), meanGap(0.005, 0), meanGap(0.02, 0.1)
	t.Logf("mean f − f*: α = 0.02: %.3g, α = 0.005: %.3g, α = 0.02 decaying: %.3g (ασ*²/4 = %.3g)",
		big, small, decayed, 0.02*noise/4)
	if big < 4*small {
		t.Errorf("the neighbourhood does not shrink with α: %.3g vs %.3g", big, small)
	}
	if decayed > big/10 {
		t.Errorf("decaying rate ends at %.3g, constant rate at %.3g", decayed, big)
	}
}

// TestSGDReproducible: the same seed gives the same run, bit for bit; a
// different seed a different one.
func TestSGDReproducible(t *testing.T) {
	obj, _ := refLeastSquares(t)
	run := func(seed uint64) *Result {
		res, err := SGD(obj, make([]float64, 5), &SGDSettings{BatchSize: 7, Momentum: 0.5, Nesterov: true, Epochs: 5, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	a, b, c := run(42), run(42), run(43)
	if !slices.Equal(a.X, b.X) || !slices.Equal(a.Loss, b.Loss) || a.F != b.F {
		t.Error("same seed, different runs")
	}
	if slices.Equal(a.X, c.X) {
		t.Error("different seeds, same run")
	}
}

// batchRecorder records the batches SGD asks for.
type batchRecorder struct {
	n       int
	batches [][]int
}

func (r *batchRecorder) Samples() int { return r.n }

func (r *batchRecorder) BatchValueGrad(x, g []float64, batch []int) float64 {
	r.batches = append(r.batches, slices.Clone(batch))
	copy(g, x)
	return 0.5 * matrix.Dot(x, x)
}

// TestSGDBatches: each epoch is a permutation of the samples cut into
// batches of B (the last shorter), the order changes between epochs, and
// the counts in the Result add up.
func TestSGDBatches(t *testing.T) {
	rec := &batchRecorder{n: 10}
	var steps []Step
	res, err := SGD(rec, []float64{1}, &SGDSettings{BatchSize: 3, Epochs: 4, Trace: func(s Step) { steps = append(steps, s) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.batches) != 4*4+1 || res.Evaluations != 17 || res.Iterations != 4 || len(res.Loss) != 4 || len(steps) != 4 {
		t.Fatalf("%d batches, %d evaluations, %d epochs, %d losses", len(rec.batches), res.Evaluations, res.Iterations, len(res.Loss))
	}
	var orders [][]int
	for e := range 4 {
		var seen []int
		for b, batch := range rec.batches[4*e : 4*e+4] {
			if want := []int{3, 3, 3, 1}[b]; len(batch) != want {
				t.Errorf("epoch %d batch %d has %d samples", e, b, len(batch))
			}
			seen = append(seen, batch...)
		}
		orders = append(orders, slices.Clone(seen))
		slices.Sort(seen)
		if !slices.Equal(seen, allSamples(10)) {
			t.Errorf("epoch %d visits %v", e, seen)
		}
		if steps[e].Iteration != e+1 || !math.IsNaN(steps[e].GradNorm) {
			t.Errorf("trace of epoch %d: %+v", e, steps[e])
		}
	}
	if slices.Equal(orders[0], orders[1]) && slices.Equal(orders[1], orders[2]) {
		t.Error("the order does not change between epochs")
	}
	if final := rec.batches[16]; !slices.Equal(final, allSamples(10)) {
		t.Errorf("final evaluation on %v", final)
	}
}

// TestSGDFullBatchIsGradientDescent: with B ≥ n one update per epoch is a
// step of gradient descent with the fixed step α (with momentum, of the
// heavy ball). The only difference is the order of the sum over samples,
// worth at most n·ε·G per gradient with G = (1/n)Σᵢ|rᵢ|‖xᵢ‖ (at its largest
// at x₀ = 0); the iteration does not amplify it (‖I − αH‖ ≤ 1, and at most
// the growth factor of the momentum recurrence), so K steps differ by at
// most K·α·n·ε·G times that factor.
func TestSGDFullBatchIsGradientDescent(t *testing.T) {
	obj, ref := refLeastSquares(t)
	rl := ref.LeastSquares
	n, d := obj.Samples(), len(rl.Wstar)
	x0 := make([]float64, d)
	G := 0.0
	for i := range n {
		G += math.Abs(rl.Y[i]) * matrix.Nrm2(obj.x.Row(i)) / float64(n)
	}
	const alpha, K = 0.1, 30
	h, _ := matrix.MulATB(obj.x, obj.x)
	h = matrix.Scale(1/float64(n), h) // H = XᵀX/n
	for _, beta := range []float64{0, 0.5} {
		var sgdIter [][]float64
		_, err := SGD(obj, x0, &SGDSettings{LearningRate: alpha, Momentum: beta, BatchSize: n + 5, Epochs: K,
			Trace: traceIterates(&sgdIter)})
		if err != nil {
			t.Fatal(err)
		}
		var gdIter [][]float64
		stop := Stop{GradAbsTol: -1, GradRelTol: -1, MaxIter: K}
		if beta == 0 {
			_, err = GradientDescent(FullBatch(obj), x0, &GDSettings{StepSize: alpha, Stop: stop, Trace: traceIterates(&gdIter)})
		} else {
			_, err = Momentum(FullBatch(obj), x0, &MomentumSettings{StepSize: alpha, Momentum: beta, Stop: stop, Trace: traceIterates(&gdIter)})
		}
		if !errors.Is(err, matrix.ErrNoConvergence) {
			t.Fatal(err)
		}
		growth := 1.0
		if beta > 0 {
			growth = momentumGrowth(h, alpha, beta, false, K)
		}
		for k := 1; k <= K; k++ {
			tol := float64(k) * alpha * float64(n) * gdEps * G * growth
			if e := dist(sgdIter[k-1], gdIter[k]); e > tol {
				t.Errorf("β = %g, step %d: ‖x_sgd − x_gd‖ = %.3g > %.3g", beta, k, e, tol)
			}
		}
	}
}

// TestSGDGradTol stops as soon as the full gradient is small, and reports
// it as convergence.
func TestSGDGradTol(t *testing.T) {
	obj, ref := refLeastSquares(t)
	res, err := SGD(obj, make([]float64, 5), &SGDSettings{LearningRate: 0.01, Decay: 0.1, GradTol: 1e-3, Epochs: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != GradientConverged || !res.Converged || res.GradNorm > 1e-3 || res.Iterations >= 1000 {
		t.Fatalf("status %v after %d epochs, ‖∇f‖ = %.3g", res.Status, res.Iterations, res.GradNorm)
	}
	// One full pass per epoch and none more at the end.
	if res.Evaluations != res.Iterations*(obj.Samples()+1) {
		t.Errorf("%d evaluations in %d epochs", res.Evaluations, res.Iterations)
	}
	if e := dist(res.X, ref.LeastSquares.Wstar); e > 1e-2 {
		t.Errorf("‖w − w*‖ = %.3g", e)
	}
}

func TestSGDSpecialCases(t *testing.T) {
	obj, _ := refLeastSquares(t)
	x0 := make([]float64, 5)
	for _, tc := range []struct {
		name string
		obj  StochasticObjective
		x0   []float64
		s    *SGDSettings
		want error
	}{
		{"nil objective", nil, x0, nil, matrix.ErrEmpty},
		{"no samples", &batchRecorder{n: 0}, x0, nil, matrix.ErrEmpty},
		{"empty x0", obj, nil, nil, matrix.ErrEmpty},
		{"NaN x0", obj, []float64{0, 0, math.NaN(), 0, 0}, nil, matrix.ErrNotFinite},
		{"negative rate", obj, x0, &SGDSettings{LearningRate: -0.1}, ErrInvalidParameter},
		{"Inf rate", obj, x0, &SGDSettings{LearningRate: math.Inf(1)}, ErrInvalidParameter},
		{"negative decay", obj, x0, &SGDSettings{Decay: -1}, ErrInvalidParameter},
		{"β = 1", obj, x0, &SGDSettings{Momentum: 1}, ErrInvalidParameter},
		{"β NaN", obj, x0, &SGDSettings{Momentum: math.NaN()}, ErrInvalidParameter},
		{"negative batch", obj, x0, &SGDSettings{BatchSize: -1}, ErrInvalidParameter},
		{"negative epochs", obj, x0, &SGDSettings{Epochs: -1}, ErrInvalidParameter},
		{"NaN gradient tolerance", obj, x0, &SGDSettings{GradTol: math.NaN()}, ErrInvalidParameter},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := SGD(tc.obj, tc.x0, tc.s)
			if !errors.Is(err, tc.want) || res != nil {
				t.Fatalf("got %v, %v; want %v", res, err, tc.want)
			}
			checkMessage(t, err, "optimize: sgd: ")
		})
	}
	t.Run("NaN mid-run", func(t *testing.T) {
		calls := 0
		bad := stochasticFunc{n: 3, f: func(x, g []float64, batch []int) float64 {
			calls++
			if calls == 5 {
				return math.NaN()
			}
			copy(g, x)
			return 0.5 * matrix.Dot(x, x)
		}}
		res, err := SGD(bad, []float64{1, 2}, &SGDSettings{LearningRate: 0.5})
		if !errors.Is(err, matrix.ErrNotFinite) || res == nil || res.Status != NotFinite || res.Converged {
			t.Fatalf("got %+v, %v", res, err)
		}
		// The evaluations at x = 1, ½, ¼, ⅛ (times x₀) were finite, the
		// fifth, at 1/16, was not: X is the last point where f was finite.
		if res.X[0] != 1.0/8 || res.Iterations != 1 || len(res.Loss) != 1 {
			t.Errorf("partial result %+v", res)
		}
		t.Log(err)
	})
	t.Run("NaN in the full pass", func(t *testing.T) {
		bad := stochasticFunc{n: 3, f: func(x, g []float64, batch []int) float64 {
			copy(g, x)
			if len(batch) == 3 {
				return math.NaN()
			}
			return 0.5 * matrix.Dot(x, x)
		}}
		res, err := SGD(bad, []float64{1, 2}, &SGDSettings{GradTol: 1e-3})
		if !errors.Is(err, matrix.ErrNotFinite) || res == nil || res.Status != NotFinite || res.Iterations != 1 {
			t.Fatalf("got %+v, %v", res, err)
		}
		checkMessage(t, err, "optimize: sgd: non-finite value: f(x) is NaN over all samples after epoch 1")
	})
	t.Run("divergent rate", func(t *testing.T) {
		res, err := SGD(obj, x0, &SGDSettings{LearningRate: 5})
		if !errors.Is(err, matrix.ErrNotFinite) || res == nil || firstNonFinite(res.X) >= 0 {
			t.Fatalf("got %+v, %v", res, err)
		}
	})
}

// stochasticFunc makes a StochasticObjective from a function.
type stochasticFunc struct {
	n int
	f func(x, g []float64, batch []int) float64
}

func (s stochasticFunc) Samples() int { return s.n }

func (s stochasticFunc) BatchValueGrad(x, g []float64, batch []int) float64 { return s.f(x, g, batch) }
