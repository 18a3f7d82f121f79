package matrix

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Exp agrees with math.Exp to 2 ulp over the range a kernel uses and
// beyond, and hands the extremes to math.Exp.
func TestExp(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	worst := 0.0
	for range 200000 {
		x := -60 * r.Float64()
		if r.IntN(10) == 0 {
			x = 1417*r.Float64() - 708
		}
		want, got := math.Exp(x), Exp(x)
		if rel := math.Abs(got-want) / want; rel > worst {
			worst = rel
		}
	}
	if worst > 2*0x1p-52 {
		t.Errorf("largest relative difference from math.Exp %g > 2ε", worst)
	}
	for _, x := range []float64{0, math.Copysign(0, -1), 1, -1, -708, 709, -745, -800, 710, math.Inf(-1), math.Inf(1)} {
		if got, want := Exp(x), math.Exp(x); got != want && math.Abs(got-want) > 2*0x1p-52*want {
			t.Errorf("Exp(%v) = %v, math.Exp %v", x, got, want)
		}
	}
	if !math.IsNaN(Exp(math.NaN())) {
		t.Error("Exp(NaN) is not NaN")
	}
}
