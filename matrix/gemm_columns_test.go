package matrix

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
)

// tinyBlocksKernel returns the portable kernel with blocks so small
// (mc = 6, kc = 8, nc = 16) that small operands cross several kc, row
// and column blocks, as large products do with the real blocks.
func tinyBlocksKernel() microKernel {
	tiny := portableKernel
	tiny.name, tiny.mc, tiny.kc, tiny.nc = "portable, tiny blocks", 6, 8, 16
	return tiny
}

// TestGemmColumnsSameBits runs the column split (gemmColumns) on two to
// four workers, with one and two threads, and checks that it gives the
// bits of the loop nest on one worker: every transpose case, α ≠ 1, a
// centred A (GemmCentered), m not a multiple of mc or mr, n not a
// multiple of nr, one sliver of columns per worker and fewer slivers
// than workers. Besides every kernel, a portable kernel with tiny blocks
// (mc = 6, kc = 8, nc = 16) crosses on small operands what large
// products cross with the real ones: several kc and row blocks, and
// several panels of nc columns per worker.
func TestGemmColumnsSameBits(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	rng := rand.New(rand.NewPCG(28, 3))
	tiny := tinyBlocksKernel()
	shapes := []gemmCase{
		{1, 1, 1}, {5, 3, 2}, {4, 7, 6}, {13, 17, 9}, {100, 20, 70},
		{200, 9, 41}, {7, 30, 130}, {131, 259, 35},
	}
	for _, kern := range append(productKernels(), &tiny) {
		for _, s := range shapes {
			for _, tr := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
				a, b := operands(rng, tr[0], tr[1], s)
				var centre []float64
				if !tr[0] {
					centre = randDense(rng, 1, s.k).data
				}
				c0 := randDense(rng, s.m, s.n)
				for _, procs := range []int{1, 2} {
					runtime.GOMAXPROCS(procs)
					for workers := 2; workers <= 4; workers++ {
						name := fmt.Sprintf("%s %dx%dx%d trans=%v GOMAXPROCS=%d workers=%d", kern.name, s.m, s.k, s.n, tr, procs, workers)
						checkColumns(t, name, kern, tr[0], tr[1], a, b, c0, workers, nil)
						if centre != nil {
							checkColumns(t, name+" centred", kern, false, tr[1], a, b, c0, workers, centre)
						}
					}
				}
			}
		}
	}
}

// checkColumns fails unless gemmColumns on the given workers adds to c0
// the bits gemmPacked adds on one worker (on the centred copy of A when
// centre is not nil).
func checkColumns(t *testing.T, name string, kern *microKernel, transA, transB bool, a, b, c0 *Dense, workers int, centre []float64) {
	t.Helper()
	m, _ := opDims(transA, a)
	shift := centre
	u := a
	if centre != nil {
		u = centredCopy(a, centre)
	} else if transA {
		shift = make([]float64, m) // packATrans subtracts a shift: zeros
	}
	want, got := c0.Clone(), c0.Clone()
	gemmPacked(kern, transA, transB, -1.5, u, b, want, false, 1, nil)
	gemmColumns(kern, transA, transB, -1.5, a, b, got, workers, shift)
	sameDenseBits(t, name, got, want)
}
