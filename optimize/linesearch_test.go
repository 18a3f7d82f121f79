package optimize

import (
	"errors"
	"math"
	"testing"

	"mlnotes/matrix"
)

// offsetQuadratic is f(x) = C + ½Σᵢ λᵢxᵢ²: the constant C does not change
// the minimizer or the gradient, but for C = 10⁸ every decrease of f below
// ulp(10⁸)/2 ≈ 7.5·10⁻⁹ is lost when f is rounded.
type offsetQuadratic struct {
	c      float64
	lambda []float64
}

func (o offsetQuadratic) ValueGrad(x, g []float64) float64 {
	f := 0.0
	for i, l := range o.lambda {
		g[i] = l * x[i]
		f += 0.5 * l * x[i] * x[i]
	}
	return o.c + f
}

// TestLineSearchBelowRoundingOfF: with C = 10⁸ the Armijo test on values
// cannot see any decrease once ½‖x‖² < 10⁻⁸, and only its derivative form
// lets gradient descent go on. On a quadratic the two forms accept the same
// steps, so the run with C = 10⁸ must take as many iterations, and end as
// close to x* = 0, as the run with C = 0. (It also caught the trap of
// evaluating f(x + αp) ≤ f(x) + c₁α∇f(x)ᵀp as written: the right side
// rounds back to f(x), and steps that overshoot pass.)
func TestLineSearchBelowRoundingOfF(t *testing.T) {
	lambda := []float64{1, 10}
	x0 := []float64{1e-4, -2e-4}
	stop := Stop{GradAbsTol: 1e-14, GradRelTol: -1}
	plain, err := GradientDescent(offsetQuadratic{0, lambda}, x0, &GDSettings{Stop: stop})
	if err != nil {
		t.Fatal(err)
	}
	offset, err := GradientDescent(offsetQuadratic{1e8, lambda}, x0, &GDSettings{Stop: stop})
	if err != nil {
		t.Fatalf("with the offset: %v", err)
	}
	if plain.Iterations != offset.Iterations {
		t.Errorf("%d iterations with C = 0, %d with C = 10⁸", plain.Iterations, offset.Iterations)
	}
	// ‖x − x*‖ ≤ ‖∇f‖/μ with μ = 1.
	if e := matrix.Nrm2(offset.X); e > offset.GradNorm {
		t.Errorf("‖x‖ = %.3g", e)
	}
	for k := 1; k < len(offset.Loss); k++ {
		if offset.Loss[k] > offset.Loss[k-1] {
			t.Fatalf("f increased at iteration %d", k)
		}
	}
}

// TestLineSearchInfiniteTrial: a barrier f = −log(1 − ‖x‖²) is +Inf outside
// the unit ball; the first trial steps land there and must be shortened,
// not reported.
func TestLineSearchInfiniteTrial(t *testing.T) {
	barrier := ObjectiveFunc(func(x, g []float64) float64 {
		r := 1 - matrix.Dot(x, x)
		if r <= 0 {
			for i := range g {
				g[i] = math.NaN() // never used: the step is rejected on f
			}
			return math.Inf(1)
		}
		for i, xi := range x {
			g[i] = 2 * xi / r
		}
		return -math.Log(r)
	})
	res, err := GradientDescent(barrier, []float64{0.6, -0.7}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if e := matrix.Nrm2(res.X); e > res.GradNorm {
		t.Errorf("‖x − x*‖ = %.3g", e)
	}
}

// TestLineSearchFailures: NaN at a trial point is an error, not a long
// step; and a search that runs out of trials reports ErrLineSearch.
func TestLineSearchFailures(t *testing.T) {
	// f = 2‖x‖², NaN outside the ball of radius 2: the unit step from
	// (1.5, 0) lands at (−4.5, 0).
	nanOutside := ObjectiveFunc(func(x, g []float64) float64 {
		if matrix.Nrm2(x) > 2 {
			return math.NaN()
		}
		for i, xi := range x {
			g[i] = 4 * xi
		}
		return 2 * matrix.Dot(x, x)
	})
	res, err := GradientDescent(nanOutside, []float64{1.5, 0}, &GDSettings{StepSize: 0})
	if !errors.Is(err, matrix.ErrNotFinite) || res == nil || res.Status != NotFinite {
		t.Fatalf("NaN trial: got %+v, %v", res, err)
	}
	// From (−1.2, 1) the unit step on Rosenbrock overshoots by far: two
	// trials (α = 1, ½) are not enough.
	res, err = GradientDescent(rosenbrock{}, []float64{-1.2, 1}, &GDSettings{LineSearch: LineSearch{MaxTrials: 2}})
	if !errors.Is(err, ErrLineSearch) || res == nil || res.Iterations != 0 {
		t.Fatalf("out of trials: got %+v, %v", res, err)
	}
	t.Log(err)
}
