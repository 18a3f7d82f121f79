package learn

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
)

// A row long enough to be shared between goroutines (rowShareWork) has the
// same bits on one, two and three of them, for every kernel family and on
// a shrunk (gappy) column set whose last chunk is partial.
func TestSVMKernelRowsSharedSameBits(t *testing.T) {
	const n, d = 3000, 420
	x := randData(rand.New(rand.NewPCG(4, 28)), n, d)
	var cols []int
	for j := range n {
		if j%7 != 3 {
			cols = append(cols, j)
		}
	}
	if len(cols)*d < rowShareWork || len(cols)%rowChunk == 0 {
		t.Fatalf("%d columns × %d features do not exercise the shared path", len(cols), d)
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, k := range []Kernel{Linear(), Polynomial(3), {Type: GaussianKernel, Gamma: 1.0 / d}} {
		q := newKernelRows(k, x)
		for _, i := range []int{0, 1234} {
			var want []float64
			for _, procs := range []int{1, 2, 3} {
				runtime.GOMAXPROCS(procs)
				dst := make([]float64, n)
				for j := range dst {
					dst[j] = math.NaN() // the shrunk columns must stay untouched
				}
				q.Row(i, cols, dst)
				if want == nil {
					want = dst
					continue
				}
				for j := range dst {
					if math.Float64bits(dst[j]) != math.Float64bits(want[j]) {
						t.Fatalf("%v, row %d, GOMAXPROCS %d: K[%d] = %v, on one goroutine %v", k, i, procs, j, dst[j], want[j])
					}
				}
			}
			for j, v := range want {
				if math.IsNaN(v) != (j%7 == 3) {
					t.Fatalf("%v, row %d: column %d written = %v", k, i, j, !math.IsNaN(v))
				}
			}
		}
	}
}
