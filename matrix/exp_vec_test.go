package matrix

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestExpTo: the slice form gives Exp's values bit for bit, in place too,
// including the arguments Exp hands to math.Exp.
func TestExpTo(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	src := []float64{0, -0.0, 1, -1, -708, -708.5, 709, 710, -745.2, -800, math.Inf(-1), math.Inf(1), math.NaN()}
	for range 1000 {
		src = append(src, 1400*rng.Float64()-700, -40*rng.Float64())
	}
	dst := make([]float64, len(src))
	ExpTo(dst, src)
	for i, x := range src {
		want := Exp(x)
		if math.Float64bits(dst[i]) != math.Float64bits(want) && !(math.IsNaN(want) && math.IsNaN(dst[i])) {
			t.Fatalf("ExpTo(%g) = %g, Exp %g", x, dst[i], want)
		}
	}
	ExpTo(src, src)
	for i := range src {
		if math.Float64bits(dst[i]) != math.Float64bits(src[i]) && !math.IsNaN(src[i]) {
			t.Fatalf("in place differs at %d", i)
		}
	}
}
