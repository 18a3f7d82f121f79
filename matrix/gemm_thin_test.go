package matrix

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
)

// TestGemmThinSameBits: a product with a thin op(B) (gemmThin, the row
// blocks outside the kc blocks) has the bits of gemm.go's loop nest, for
// every kernel, one and two workers, both op(B), sizes around the tiles,
// the kc blocks and the row blocks of gemmThin, C accumulated onto. The
// general nest is reached with A stored transposed (op(A) = (Aᵀ)ᵀ), whose
// packing gives the same numbers; the triple loop bounds both.
func TestGemmThinSameBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 31))
	for _, kern := range productKernels() {
		mr, nr, kc := kern.mr, kern.nr, kern.kc
		count := 0
		for _, m := range []int{1, 5, mr + 1, 100, 301} {
			for _, k := range []int{1, 3, kc - 1, kc + 1, 2*kc + 7, 784} {
				for _, n := range positive([]int{1, nr - 1, nr, nr + 1, thinSlivers * nr}) {
					if testing.Short() && m*k > 100*kc {
						continue
					}
					count++
					transB := count%2 == 0
					workers := 1 + count%3%2
					s := gemmCase{m, k, n}
					a, b := operands(rng, false, transB, s)
					at := a.T()
					c0 := randDense(rng, m, n)
					ref, bound := naiveGemm(false, transB, -1.5, a, b, 1, c0)
					got, want := c0.Clone(), c0.Clone()
					gemmPacked(kern, false, transB, -1.5, a, b, got, false, workers, nil)
					gemmPacked(kern, true, transB, -1.5, at, b, want, false, workers, nil)
					name := fmt.Sprintf("%s %dx%dx%d transB=%v workers=%d", kern.name, m, k, n, transB, workers)
					sameDenseBits(t, name, got, want)
					checkWithin(t, name+" vs triple loop", got, ref, bound)
				}
			}
		}
	}
}

// TestGemmThinLongInnerBounded: a thin product with a long inner
// dimension (X·Xᵀ of 2 rows × 400 000 columns) takes gemm.go's nest, whose
// packed blocks do not grow with k, not gemmThin, which would pack B̃ and
// Ã for all k (k·nr·slivers + k·mr numbers, 14 times X here): what it
// allocates stays below X's own size, whatever the kernel.
func TestGemmThinLongInnerBounded(t *testing.T) {
	const k = 400000
	x := New(2, k)
	for j := range k {
		x.Set(0, j, 1)
		x.Set(1, j, float64(j%3))
	}
	c := New(2, 2)
	if err := Gemm(false, true, 1, x, x, 0, c); err != nil { // warm the pools of pack buffers
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if err := Gemm(false, true, 1, x, x, 0, c); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8*2*k {
		t.Errorf("X·Xᵀ of 2×%d allocated %d bytes, more than X's %d", k, alloc, 8*2*k)
	}
	if c.At(0, 0) != k || c.At(0, 1) != float64(k/3*3) {
		t.Errorf("X·Xᵀ = %v", c)
	}
}
