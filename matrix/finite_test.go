package matrix

import (
	"math"
	"testing"
)

// TestAllFinite puts each non-finite value at each position of slices of
// every length around the unrolling by four, among finite numbers at both
// ends of the range (the largest, the smallest subnormal, −0).
func TestAllFinite(t *testing.T) {
	finite := []float64{math.MaxFloat64, -math.MaxFloat64, 5e-324, math.Copysign(0, -1), 1, -2.5}
	for n := range 10 {
		x := make([]float64, n)
		for i := range x {
			x[i] = finite[i%len(finite)]
		}
		if !allFinite(x) {
			t.Fatalf("n=%d: finite slice %v reported non-finite", n, x)
		}
		for i := range n {
			for _, bad := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
				saved := x[i]
				x[i] = bad
				if allFinite(x) {
					t.Fatalf("n=%d: %v at %d not found", n, bad, i)
				}
				x[i] = saved
			}
		}
	}
}
