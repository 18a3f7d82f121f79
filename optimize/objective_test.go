package optimize

import (
	"math"
	"testing"
)

// TestFullBatch: the Objective of FullBatch is the mean of the per-sample
// values and gradients, that is BatchValueGrad over all the samples; here
// checked against the sum of n one-sample batches (n·ε relative: two
// orders of summation).
func TestFullBatch(t *testing.T) {
	obj, ref := refLogistic(t)
	w := []float64{0.3, -0.2, 0.5, 0.1}
	d, n := len(w), obj.Samples()
	g := make([]float64, d)
	f := FullBatch(obj).ValueGrad(w, g)
	sumF, sumG, gi := 0.0, make([]float64, d), make([]float64, d)
	for i := range n {
		sumF += obj.BatchValueGrad(w, gi, []int{i})
		for j := range d {
			sumG[j] += gi[j]
		}
	}
	tol := float64(n) * gdEps
	if math.Abs(f-sumF/float64(n)) > tol*math.Abs(f) {
		t.Errorf("f = %.17g, mean of samples %.17g", f, sumF/float64(n))
	}
	for j := range d {
		if math.Abs(g[j]-sumG[j]/float64(n)) > tol*(math.Abs(g[j])+ref.Logistic.Lambda) {
			t.Errorf("∂f/∂w%d = %.17g, mean of samples %.17g", j, g[j], sumG[j]/float64(n))
		}
	}
}

func TestObjectiveFunc(t *testing.T) {
	var obj Objective = ObjectiveFunc(func(x, g []float64) float64 { g[0] = 2 * x[0]; return x[0] * x[0] })
	g := []float64{0}
	if f := obj.ValueGrad([]float64{3}, g); f != 9 || g[0] != 6 {
		t.Errorf("f = %v, g = %v", f, g)
	}
}
