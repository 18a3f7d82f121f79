package matrix

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestGemvKernelsAgree checks the vector kernels of Gemv's four-row loops
// against the portable ones on every length around their unrolling (8, 4,
// 1), on rows of a view with an odd stride inside a NaN-filled parent, and
// on column ranges that start anywhere (as the split across workers makes
// them).
//
// Rounding bounds: each result is a sum of n products (dot) or y plus four
// products (axpy), in a different order and with fused multiply-adds in
// the kernel; both lie within (n+3)ε (dot) or 7ε (axpy: four products
// and four sums at most) times the sum of the magnitudes of the terms
// from the exact value (Higham §3.1), so they differ by at most twice
// that.
func TestGemvKernelsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 30))
	for n := 1; n <= 40; n++ {
		for _, j0 := range []int{0, 1, 3} {
			name := fmt.Sprintf("n=%d j0=%d", n, j0)
			a, _ := viewIn(rng, 5, n+j0)
			x := randDense(rng, 1, n).data

			var got, want [4]float64
			if dot4Fast(a, 1, x, &got) {
				dot4Portable(a, 1, x, &want)
				for r := range 4 {
					var abs float64
					for j, xj := range x {
						abs += math.Abs(a.At(1+r, j) * xj)
					}
					if d := math.Abs(got[r] - want[r]); !(d <= 2*float64(n+3)*eps*abs) {
						t.Fatalf("dot4 %s row %d: %v, portable %v", name, r, got[r], want[r])
					}
				}
			}

			x4 := [4]float64{0.5, -1.25, 2, -0.75}
			y0 := randDense(rng, 1, n).data
			yGot := append([]float64(nil), y0...)
			yWant := append([]float64(nil), y0...)
			if axpy4Fast(&x4, a, 1, j0, yGot) {
				axpy4Portable(&x4, a, 1, j0, yWant)
				for j := range n {
					abs := math.Abs(y0[j])
					for r := range 4 {
						abs += math.Abs(x4[r] * a.At(1+r, j0+j))
					}
					if d := math.Abs(yGot[j] - yWant[j]); !(d <= 2*7*eps*abs) {
						t.Fatalf("axpy4 %s element %d: %v, portable %v", name, j, yGot[j], yWant[j])
					}
				}
				// A range split in two gives the bits of the whole range.
				ySplit := append([]float64(nil), y0...)
				h := n / 2
				axpy4Fast(&x4, a, 1, j0, ySplit[:h])
				axpy4Fast(&x4, a, 1, j0+h, ySplit[h:])
				for j := range n {
					if math.Float64bits(ySplit[j]) != math.Float64bits(yGot[j]) {
						t.Fatalf("axpy4 %s: split at %d changes element %d", name, h, j)
					}
				}
			}
		}
	}
}
