package optimize

import (
	"errors"
	"math"
	"testing"

	"mlnotes/matrix"
)

// oneSample turns an Objective into a StochasticObjective with n = 1, so
// that the stochastic methods run on it deterministically.
type oneSample struct{ Objective }

func (oneSample) Samples() int { return 1 }

func (o oneSample) BatchValueGrad(x, g []float64, _ []int) float64 { return o.ValueGrad(x, g) }

// TestAdamFirstStep: the bias corrections make m̂₁ = g₁ and v̂₁ = g₁², so
// the first step is x₁ = x₀ − α·g₁/(|g₁| + ε): α in the direction of
// −sign(g₁) in every coordinate, whatever the scale of the gradient (here
// from 10⁻³ to 10³). The bias-corrected quantities carry a few roundings,
// hence the 8ε relative.
func TestAdamFirstStep(t *testing.T) {
	scales := []float64{1e-3, -1, 1e3, -20}
	obj := oneSample{ObjectiveFunc(func(x, g []float64) float64 {
		f := 0.0
		for i, s := range scales {
			g[i] = s // f(x) = sᵀx
			f += s * x[i]
		}
		return f
	})}
	x0 := []float64{1, 2, 3, 4}
	var first []float64
	alpha, epsilon := 0.05, 1e-8
	_, err := Adam(obj, x0, &AdamSettings{LearningRate: alpha, Epochs: 1, Trace: func(s Step) {
		first = append([]float64(nil), s.X...)
	}})
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range scales {
		want := x0[i] - alpha*s/(math.Abs(s)+epsilon)
		if math.Abs(first[i]-want) > 8*gdEps*(math.Abs(x0[i])+alpha) {
			t.Errorf("coordinate %d: x₁ = %.17g, want %.17g", i, first[i], want)
		}
		if math.Abs(math.Abs(first[i]-x0[i])-alpha) > alpha*epsilon/math.Abs(s)+8*gdEps*math.Abs(x0[i]) {
			t.Errorf("coordinate %d moved by %.17g, not α", i, first[i]-x0[i])
		}
	}
}

// TestAdamReferenceTrajectory compares 50 full-gradient Adam steps on the
// reference quadratic with the numpy transcription of Algorithm 1. Each
// step rounds xₜ₋₁ − α·u at ε|xᵢ| and computes u = m̂/(√v̂ + ε) to a few ε,
// that is α·8ε per coordinate. A difference δ in x changes the next update
// by about α(1−β₁)‖A‖‖δ‖/√v̂ᵢ; √v̂ is a root mean square of the past
// gradients, which start at |gᵢ| ≥ 70 here, so √v̂ᵢ ≥ 25 along these 50
// steps and the factor is below α(1−β₁)‖A‖/25 = 0.04: errors are not
// amplified, and after k steps the two implementations agree to
// 2k·ε·(max‖x‖ + 8α√d).
func TestAdamReferenceTrajectory(t *testing.T) {
	q, ref := refQuadratic(t)
	ra := ref.Quadratic.Adam
	var got [][]float64
	K := len(ra.Iterates) - 1
	_, err := Adam(oneSample{q}, ref.Quadratic.X0, &AdamSettings{
		LearningRate: ra.Alpha, Beta1: ra.Beta1, Beta2: ra.Beta2, Epsilon: ra.Epsilon, Epochs: K,
		Trace: traceIterates(&got),
	})
	if err != nil {
		t.Fatal(err)
	}
	d := float64(len(ref.Quadratic.X0))
	xmax := maxNorm(ra.Iterates)
	// got[k] is the iterate after epoch k + 1.
	compareIterates(t, append([][]float64{ref.Quadratic.X0}, got...), ra.Iterates, 2*gdEps*(xmax+8*ra.Alpha*math.Sqrt(d)))
}

// TestAdamLeastSquares: on the least-squares problem with mini-batches of
// 10, Adam's steps are at most about α per coordinate and its noise around
// w* shrinks with α; with α = 0.01 decayed to α/11 over 200 epochs it ends
// within α of w* (‖w*‖ ≈ 1.3, so this is far from the start at 0).
func TestAdamLeastSquares(t *testing.T) {
	obj, ref := refLeastSquares(t)
	rl := ref.LeastSquares
	res, err := Adam(obj, make([]float64, len(rl.Wstar)), &AdamSettings{
		LearningRate: 0.01, Decay: 0.05, BatchSize: 10, Epochs: 200, Seed: 3,
	})
	if err != nil || res.Status != EpochLimit || res.Converged {
		t.Fatalf("%v, %v", res.Status, err)
	}
	e := dist(res.X, rl.Wstar)
	t.Logf("‖w − w*‖ = %.3g, f − f* = %.3g (‖w*‖ = %.3g)", e, res.F-rl.Fstar, matrix.Nrm2(rl.Wstar))
	if e > 0.01 {
		t.Errorf("‖w − w*‖ = %.3g", e)
	}
	for k := 1; k < len(res.Loss); k++ {
		if res.Loss[k] > res.Loss[0] {
			t.Errorf("epoch loss %d = %.3g above the first epoch's %.3g", k, res.Loss[k], res.Loss[0])
		}
	}
}

func TestAdamSpecialCases(t *testing.T) {
	obj, _ := refLeastSquares(t)
	x0 := make([]float64, 5)
	for _, tc := range []struct {
		name string
		obj  StochasticObjective
		x0   []float64
		s    *AdamSettings
		want error
	}{
		{"nil objective", nil, x0, nil, matrix.ErrEmpty},
		{"no samples", &batchRecorder{}, x0, nil, matrix.ErrEmpty},
		{"empty x0", obj, nil, nil, matrix.ErrEmpty},
		{"Inf x0", obj, []float64{0, math.Inf(-1), 0, 0, 0}, nil, matrix.ErrNotFinite},
		{"β₁ = 1", obj, x0, &AdamSettings{Beta1: 1}, ErrInvalidParameter},
		{"β₁ = −Inf", obj, x0, &AdamSettings{Beta1: math.Inf(-1)}, ErrInvalidParameter},
		{"β₂ > 1", obj, x0, &AdamSettings{Beta2: 1.5}, ErrInvalidParameter},
		{"β₂ NaN", obj, x0, &AdamSettings{Beta2: math.NaN()}, ErrInvalidParameter},
		{"ε < 0", obj, x0, &AdamSettings{Epsilon: -1e-8}, ErrInvalidParameter},
		{"negative rate", obj, x0, &AdamSettings{LearningRate: -1}, ErrInvalidParameter},
		{"negative batch", obj, x0, &AdamSettings{BatchSize: -2}, ErrInvalidParameter},
		{"negative epochs", obj, x0, &AdamSettings{Epochs: -2}, ErrInvalidParameter},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Adam(tc.obj, tc.x0, tc.s)
			if !errors.Is(err, tc.want) || res != nil {
				t.Fatalf("got %v, %v; want %v", res, err, tc.want)
			}
			checkMessage(t, err, "optimize: adam: ")
		})
	}
	t.Run("NaN gradient", func(t *testing.T) {
		bad := stochasticFunc{n: 4, f: func(x, g []float64, batch []int) float64 {
			copy(g, x)
			if batch[0] == 2 {
				g[1] = math.NaN()
			}
			return 0.5 * matrix.Dot(x, x)
		}}
		res, err := Adam(bad, []float64{1, 1}, nil)
		if !errors.Is(err, matrix.ErrNotFinite) || res == nil || res.Status != NotFinite {
			t.Fatalf("got %+v, %v", res, err)
		}
	})
	t.Run("same seed, same run", func(t *testing.T) {
		a, _ := Adam(obj, x0, &AdamSettings{BatchSize: 8, Epochs: 3, Seed: 9})
		b, _ := Adam(obj, x0, &AdamSettings{BatchSize: 8, Epochs: 3, Seed: 9})
		if dist(a.X, b.X) != 0 || a.F != b.F {
			t.Error("different runs")
		}
	})
}
