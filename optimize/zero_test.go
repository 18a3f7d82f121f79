package optimize

import (
	"math"
	"testing"
)

// TestZeroAsksForZero: the settings whose zero value means a non-zero
// default take a negative value (Zero) as a real zero. Momentum with β = 0
// is gradient descent with the same fixed step, iterate for iterate; Adam
// with β₁ = 0 steps along the current gradient alone, checked against
// two updates computed by hand.
func TestZeroAsksForZero(t *testing.T) {
	q, _ := diagQuadratic([]float64{1, 10}, []float64{0.5, -1})
	x0 := []float64{1, -2}
	stop := Stop{MaxIter: 25, GradAbsTol: -1, GradRelTol: -1}
	var gdPath, mPath [][]float64
	_, errGD := GradientDescent(q, x0, &GDSettings{StepSize: 0.05, Stop: stop,
		Trace: func(s Step) { gdPath = append(gdPath, append([]float64(nil), s.X...)) }})
	_, errM := Momentum(q, x0, &MomentumSettings{StepSize: 0.05, Momentum: Zero, Stop: stop,
		Trace: func(s Step) { mPath = append(mPath, append([]float64(nil), s.X...)) }})
	if (errGD == nil) != (errM == nil) || len(gdPath) != len(mPath) || len(gdPath) < 20 {
		t.Fatalf("gradient descent %d iterates (%v), momentum β = 0 %d (%v)", len(gdPath), errGD, len(mPath), errM)
	}
	for k := range gdPath {
		if gdPath[k][0] != mPath[k][0] || gdPath[k][1] != mPath[k][1] {
			t.Fatalf("iterate %d: momentum with β = 0 at %v, gradient descent at %v", k, mPath[k], gdPath[k])
		}
	}
	if _, err := Momentum(q, x0, &MomentumSettings{Momentum: math.Inf(-1)}); err == nil {
		t.Error("β = −Inf accepted")
	}

	// f(x) = ½x², one sample, full batch: g = x.
	half := stochasticFunc{n: 1, f: func(x, g []float64, batch []int) float64 {
		copy(g, x)
		return 0.5 * x[0] * x[0]
	}}
	const alpha, b2, e = 0.1, 0.999, 1e-8
	res, err := Adam(half, []float64{1}, &AdamSettings{LearningRate: alpha, Beta1: Zero, Epochs: 2})
	if err != nil {
		t.Fatal(err)
	}
	x1 := 1 - alpha*1/(1+e) // m̂ = g = 1, v̂ = g² = 1
	v2 := b2*(1-b2)*1 + (1-b2)*x1*x1
	x2 := x1 - alpha*x1/(math.Sqrt(v2/(1-b2*b2))+e)
	if math.Abs(res.X[0]-x2) > 4*dblEpsilon {
		t.Errorf("Adam with β₁ = 0: x₂ = %.17g, by hand %.17g", res.X[0], x2)
	}
	if _, err := Adam(half, []float64{1}, &AdamSettings{Beta2: Zero, Epochs: 2}); err != nil {
		t.Errorf("β₂ = 0: %v", err)
	}
}
