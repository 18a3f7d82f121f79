package matrix

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// Tests of the blocked level-3 helpers (trsm.go, syrk_update.go) against
// the naive loops they replace, on sizes around and across the block size
// and on strided views.

// blockSizes returns the sizes a blocked routine with block bs must be
// tested on: 1, just below, at and above one block, and several blocks
// with a ragged end.
func blockSizes(bs int) []int { return []int{1, bs - 1, bs, bs + 1, 3*bs + 7} }

// stridedView returns a view with the contents of a whose stride exceeds
// its width, cut from the middle of a larger matrix filled with NaN, so a
// routine that reads or writes outside the view shows it.
func stridedView(a *Dense) *Dense {
	big := New(a.rows+3, a.cols+5)
	for i := range big.rows {
		for j := range big.cols {
			big.Set(i, j, math.NaN())
		}
	}
	v := big.Slice(1, 1+a.rows, 2, 2+a.cols)
	v.Copy(a)
	return v
}

// checkBorder fails if the NaN frame around a stridedView was written.
func checkBorder(t *testing.T, v *Dense) {
	t.Helper()
	// v.data runs from the view's first to its last element; the gaps
	// between rows are the frame.
	for i := 0; i+1 < v.rows; i++ {
		for j := v.cols; j < v.stride; j++ {
			if x := v.data[i*v.stride+j]; !math.IsNaN(x) {
				t.Fatalf("wrote %v outside the view (row %d, gap column %d)", x, i, j)
			}
		}
	}
}

// lowerWellConditioned returns a k×k lower-triangular matrix with unit-size
// diagonal and small off-diagonal entries, so its solves are well
// conditioned and errors are of order k·ε.
func lowerWellConditioned(rng *rand.Rand, k int) *Dense {
	l := New(k, k)
	for i := range k {
		for j := range i {
			l.Set(i, j, (2*rng.Float64()-1)/float64(k))
		}
		l.Set(i, i, 1+rng.Float64())
	}
	return l
}

func TestTrsmRightLowerT(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 1))
	for _, k := range append(blockSizes(trsmBlock), 2*trsmBlock) {
		for _, m := range []int{1, 9} {
			t.Run(fmt.Sprintf("%dx%d", m, k), func(t *testing.T) {
				l := lowerWellConditioned(rng, k)
				b := randDense(rng, m, k)
				want := b.Clone()
				trsmRightLowerTUnblocked(l, want, 0, k) // the reference substitution
				got := stridedView(b)
				trsmRightLowerT(stridedView(l), got)
				checkBorder(t, got)
				tol := 4 * float64(k) * eps * NormMax(want)
				if !EqualApprox(got, want, tol) {
					t.Fatalf("blocked and unblocked solves differ by more than %.3g", tol)
				}
				// And the defining identity X Lᵀ = B.
				xlt, _ := MulABT(got, l)
				if r := backwardRatio(b, xlt, k); r > 10 {
					t.Errorf("‖XLᵀ − B‖/(kε‖B‖) = %.3g", r)
				}
			})
		}
	}
}

// TestSyrkAddLower checks Cholesky's trailing update against the naive
// loop, across the sizes where the SYRK switches from the reference loops
// to the packed kernel and beyond one gemm block.
func TestSyrkAddLower(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 3))
	for _, n := range []int{1, 2, 11, 12, 13, 63, 64, 65, 200} {
		for _, k := range []int{1, 13} {
			t.Run(fmt.Sprintf("n=%d,k=%d", n, k), func(t *testing.T) {
				a := randDense(rng, n, k)
				c := randDense(rng, n, n)
				want := c.Clone()
				for i := range n { // the naive loop: cᵢⱼ −= Σₚ aᵢₚ aⱼₚ on j ≤ i
					for j := 0; j <= i; j++ {
						s := want.At(i, j)
						for p := range k {
							s -= a.At(i, p) * a.At(j, p)
						}
						want.Set(i, j, s)
					}
				}
				got := stridedView(c)
				syrkAddLower(false, -1, stridedView(a), got)
				checkBorder(t, got)
				tol := 4 * float64(k+1) * eps * (NormMax(c) + float64(k)*NormMax(a)*NormMax(a))
				if !EqualApprox(got, want, tol) {
					t.Fatalf("blocked and naive updates differ by more than %.3g", tol)
				}
				for i := range n { // the upper triangle is untouched
					for j := i + 1; j < n; j++ {
						if got.At(i, j) != c.At(i, j) {
							t.Fatalf("upper entry (%d, %d) changed", i, j)
						}
					}
				}
			})
		}
	}
}
