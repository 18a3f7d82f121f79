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

// noisyQuadratic is f(x) = 1 + ½Σᵢ λᵢxᵢ² computed with a rounding error:
// a deterministic noise of up to amp, a hash of the bits of x, stands for
// the error of a sum of many terms whose last bits depend on x (and, on
// another machine, on whether multiply-adds are fused). The gradient is
// exact.
type noisyQuadratic struct {
	lambda []float64
	amp    float64
}

func (o noisyQuadratic) ValueGrad(x, g []float64) float64 {
	f := 1.0
	h := uint64(0x9e3779b97f4a7c15)
	for i, l := range o.lambda {
		g[i] = l * x[i]
		f += 0.5 * l * x[i] * x[i]
		h = splitmix(h ^ math.Float64bits(x[i]))
	}
	u := float64(h>>11)/(1<<52) - 1 // in [−1, 1)
	return f + o.amp*u
}

// splitmix is the finalizer of SplitMix64, a bijective mixing of 64 bits.
func splitmix(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// TestLineSearchAtNoiseFloor: with a noise of 10⁻¹⁴ in f (within the
// allowance fNoise·|f| = 10⁻¹²), f stops resolving the decrease α‖∇f‖² of
// a step once ‖∇f‖ is near √(10⁻¹⁴·L) ≈ 3·10⁻⁷, and the iterates the search
// accepted are those whose noise happened to be low, so that every nearby
// trial point looks higher. Requiring the computed f not to rise at all then
// fails the search there (on arm64 this stopped the reference logistic
// regression at ‖∇f‖ = 7·10⁻⁹); with the allowance, the directional
// derivatives, which are exact here, drive ‖∇f‖ to 10⁻¹², and f never rises
// above its noise.
func TestLineSearchAtNoiseFloor(t *testing.T) {
	const amp = 1e-14
	obj := noisyQuadratic{lambda: []float64{1, 10}, amp: amp}
	res, err := GradientDescent(obj, []float64{1, 1}, &GDSettings{Stop: Stop{GradAbsTol: 1e-12, GradRelTol: -1}})
	if err != nil {
		t.Fatal(err)
	}
	// ‖x − x*‖ ≤ ‖∇f‖/μ with μ = 1, x* = 0.
	if e := matrix.Nrm2(res.X); e > res.GradNorm {
		t.Errorf("‖x‖ = %.3g > ‖∇f‖ = %.3g", e, res.GradNorm)
	}
	// The true f decreases; the computed one may rise by its noise, 2·amp
	// from one evaluation to the next, never by more.
	for k := 1; k < len(res.Loss); k++ {
		if res.Loss[k] > res.Loss[k-1]+2*amp {
			t.Errorf("f rose by %.3g at iteration %d", res.Loss[k]-res.Loss[k-1], k)
		}
	}
	t.Logf("%d iterations, ‖∇f‖ = %.3g", res.Iterations, res.GradNorm)
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
