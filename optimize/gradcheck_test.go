package optimize

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

// TestCheckGradientPasses runs the checker on the test problems at random
// points. For the quadratic the central difference has no truncation error,
// only rounding: |ĝᵢ − gᵢ| ≤ 2d·ε·max|f|/hᵢ with f summed over d terms, so
// RelErr ≤ 2d·ε·max|f|/(h·‖g‖∞) with h = ε^⅓ (|xᵢ| ≤ 1 here). The others
// add h²|∂³f|/6 and must still pass the default 10⁻⁶ with a wide margin.
func TestCheckGradientPasses(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	randomPoint := func(d int) []float64 {
		x := make([]float64, d)
		for i := range x {
			x[i] = 2*rng.Float64() - 1
		}
		return x
	}
	q, _ := refQuadratic(t)
	logistic, _ := refLogistic(t)
	for _, tc := range []struct {
		name string
		obj  Objective
		d    int
	}{
		{"quadratic", q, 6},
		{"rosenbrock", rosenbrock{}, 5},
		{"exp quadratic", expQuadratic{a: q.a}, 6},
		{"logistic (full batch)", FullBatch(logistic), 4},
		{"least squares (full batch)", FullBatch(lsqObjective{x: logistic.x, y: logistic.y}), 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for range 5 {
				x := randomPoint(tc.d)
				rep, err := CheckGradient(tc.obj, x, nil)
				if err != nil {
					t.Fatal(err)
				}
				if tc.name == "quadratic" {
					g := make([]float64, tc.d)
					f := math.Abs(tc.obj.ValueGrad(x, g))
					gmax := 0.0
					for _, v := range g {
						gmax = max(gmax, math.Abs(v))
					}
					// f(x ± hᵢeᵢ) differs from f(x) by at most h·‖g‖∞ + h²‖A‖.
					fmax := f + 1e-5*gmax + 1e-10*1000
					if bound := 2 * float64(tc.d) * gdEps * fmax / (math.Cbrt(gdEps) * gmax); rep.RelErr > bound {
						t.Errorf("RelErr = %.3g > rounding bound %.3g", rep.RelErr, bound)
					}
				}
				if rep.RelErr > 1e-8 {
					t.Errorf("RelErr = %.3g for a correct gradient", rep.RelErr)
				}
			}
		})
	}
}

// TestCheckGradientCatchesMistakes: the usual mistakes in a hand-written
// gradient give a relative error far above the tolerance and name the
// coordinate.
func TestCheckGradientCatchesMistakes(t *testing.T) {
	x := []float64{0.3, -0.4, 0.8}
	rosen := rosenbrock{}
	for _, tc := range []struct {
		name  string
		wrong func(x, g []float64)
		worst int
	}{
		{"missing factor 2", func(x, g []float64) { g[1] /= 2 }, 1},
		{"sign", func(x, g []float64) { g[2] = -g[2] }, 2},
		{"transposed term", func(x, g []float64) { g[0], g[1] = g[1], g[0] }, 0},
		{"forgotten term", func(x, g []float64) { g[2] -= 200 * (x[2] - x[1]*x[1]) }, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			obj := ObjectiveFunc(func(x, g []float64) float64 {
				f := rosen.ValueGrad(x, g)
				tc.wrong(x, g)
				return f
			})
			rep, err := CheckGradient(obj, x, nil)
			if !errors.Is(err, ErrGradientMismatch) || rep == nil {
				t.Fatalf("got %v", err)
			}
			// RelErr is normwise: the halved g₁ = 1.6 weighs against
			// ‖g‖∞ = 128 and gives 0.00625, still 6000 times the tolerance.
			if rep.RelErr < 1e-3 {
				t.Errorf("RelErr = %.3g", rep.RelErr)
			}
			// Swapping g₀ and g₁ errs equally in both.
			if rep.Worst != tc.worst && !(tc.name == "transposed term" && rep.Worst == 1) {
				t.Errorf("worst coordinate %d, want %d", rep.Worst, tc.worst)
			}
			checkMessage(t, err, "optimize: gradient check: gradient does not match finite differences: ")
			t.Log(err)
		})
	}
}

// TestCheckGradientSteps: the perturbation is ε^⅓·max(|xᵢ|, 1), exact as
// stored, and scaled for large coordinates.
func TestCheckGradientSteps(t *testing.T) {
	x := []float64{0, 1e6, -3}
	rep, err := CheckGradient(ObjectiveFunc(func(x, g []float64) float64 {
		copy(g, x)
		return 0.5 * matrix.Dot(x, x)
	}), x, nil)
	if err != nil {
		t.Fatal(err)
	}
	h := math.Cbrt(gdEps)
	for i, xi := range x {
		want := h * max(math.Abs(xi), 1)
		if math.Abs(rep.Steps[i]-want) > 2*gdEps*math.Abs(xi)+gdEps*want {
			t.Errorf("step %d = %.17g, want about %.17g", i, rep.Steps[i], want)
		}
	}
}

func TestCheckGradientSpecialCases(t *testing.T) {
	q, _ := diagQuadratic([]float64{1, 2}, []float64{0, 0})
	x := []float64{1, 1}
	for _, tc := range []struct {
		name string
		obj  Objective
		x    []float64
		s    *GradCheckSettings
		want error
	}{
		{"nil objective", nil, x, nil, matrix.ErrEmpty},
		{"empty x", q, nil, nil, matrix.ErrEmpty},
		{"NaN x", q, []float64{math.NaN(), 0}, nil, matrix.ErrNotFinite},
		{"negative step", q, x, &GradCheckSettings{Step: -1e-6}, ErrInvalidParameter},
		{"Inf tolerance", q, x, &GradCheckSettings{Tol: math.Inf(1)}, ErrInvalidParameter},
		{"NaN at x", ObjectiveFunc(func(x, g []float64) float64 { return math.NaN() }), x, nil, matrix.ErrNotFinite},
		{"Inf beside x", ObjectiveFunc(func(x, g []float64) float64 {
			if x[1] > 1 {
				return math.Inf(1)
			}
			return 0
		}), x, nil, matrix.ErrNotFinite},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := CheckGradient(tc.obj, tc.x, tc.s)
			if !errors.Is(err, tc.want) || rep != nil {
				t.Fatalf("got %v, %v; want %v", rep, err, tc.want)
			}
			checkMessage(t, err, "optimize: gradient check: ")
		})
	}
	t.Run("zero gradient", func(t *testing.T) {
		rep, err := CheckGradient(q, []float64{0, 0}, nil)
		if err != nil || rep.RelErr != 0 {
			t.Fatalf("got %+v, %v", rep, err)
		}
	})
}
