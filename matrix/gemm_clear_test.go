package matrix

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
)

// TestGemmColumnsClearSameBits: the column split that clears C as it goes
// (gemmColumnsClear, Gemm with β = 0) gives the bits of clearing C first
// and running the loop nest on one worker, on one to four workers, with C
// full of NaNs beforehand (a view inside a NaN-filled parent): every transpose case, a centred A, k within one
// kc block (where only the shared-out last block clears) and beyond.
func TestGemmColumnsClearSameBits(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	rng := rand.New(rand.NewPCG(28, 6))
	tiny := tinyBlocksKernel()
	shapes := []gemmCase{{1, 1, 1}, {13, 5, 9}, {13, 17, 9}, {100, 20, 70}, {131, 259, 35}, {7, 30, 130}}
	for _, kern := range append(productKernels(), &tiny) {
		for _, s := range shapes {
			for _, tr := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
				a, b := operands(rng, tr[0], tr[1], s)
				m, _ := opDims(tr[0], a)
				shift := []float64(nil)
				if tr[0] {
					shift = make([]float64, m)
				}
				want := New(s.m, s.n)
				gemmPacked(kern, tr[0], tr[1], -1.5, a, b, want, false, 1, nil)
				for _, procs := range []int{1, 2} {
					runtime.GOMAXPROCS(procs)
					for workers := 1; workers <= 4; workers++ {
						got, _ := viewIn(rng, s.m, s.n) // a view with a stride
						for i := range s.m {
							for j := range s.n {
								got.Set(i, j, math.NaN())
							}
						}
						gemmColumnsClear(kern, tr[0], tr[1], -1.5, a, b, got, workers, shift, true)
						sameDenseBits(t, fmt.Sprintf("%s %dx%dx%d trans=%v GOMAXPROCS=%d workers=%d", kern.name, s.m, s.k, s.n, tr, procs, workers), got, want)
					}
				}
			}
		}
	}
}

// TestGemmSameBitsAnyGOMAXPROCS calls Gemm on products large enough for
// the helpers and the column split, with β = 0 on a C full of NaNs and
// with β ≠ 0, in every transpose case and with GOMAXPROCS from 1 to 4, and
// checks that the bits never change.
func TestGemmSameBitsAnyGOMAXPROCS(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	rng := rand.New(rand.NewPCG(28, 5))
	for _, s := range []gemmCase{{519, 301, 263}, {97, 130, 1029}, {300, 515, 601}} {
		for _, tr := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
			a, b := operands(rng, tr[0], tr[1], s)
			for _, beta := range []float64{0, 1.25} {
				c0 := randDense(rng, s.m, s.n)
				if beta == 0 {
					for i := range c0.data {
						c0.data[i] = math.NaN()
					}
				}
				var first *Dense
				for procs := 1; procs <= 4; procs++ {
					runtime.GOMAXPROCS(procs)
					c := c0.Clone()
					if err := Gemm(tr[0], tr[1], -0.75, a, b, beta, c); err != nil {
						t.Fatal(err)
					}
					if first == nil {
						if err := c.CheckFinite(); err != nil {
							t.Fatalf("%dx%dx%d trans=%v β=%v: %v", s.m, s.k, s.n, tr, beta, err)
						}
						first = c
						continue
					}
					sameDenseBits(t, fmt.Sprintf("%dx%dx%d trans=%v β=%v GOMAXPROCS=%d", s.m, s.k, s.n, tr, beta, procs), c, first)
				}
			}
		}
	}
}
