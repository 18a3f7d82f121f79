package matrix

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// Every fast micro-kernel this machine can run (not only the one the
// products choose) against the portable kernel, on the sizes where tiled
// code goes wrong: 1, the tile sizes mr and nr ± 1, the cache blocks mc
// and kc ± 1, operands that are views with odd strides inside NaN-filled
// parents, and both triangles' masks.
//
// Rounding bound. The portable kernel rounds every product and every sum;
// the assembly kernels fuse each multiply-add (one rounding) and sum in
// another order. Both are sums of k products, each within
// γ Σₚ |α op(A)ᵢₚ op(B)ₚⱼ| (+ |β c⁰ᵢⱼ|), γ = (k+3)ε, of the exact value
// (Higham, Accuracy and Stability of Numerical Algorithms, §3.1, which
// holds with or without fused multiply-adds), so they differ by at most
// twice that, element by element: the bound of naiveGemm. Both results
// are also checked against the triple loop with the same bound.

// kernelEdgeSizes returns the sizes around the tile and block edges of a
// kernel: op(A) m×k, op(B) k×n.
func kernelEdgeSizes(kern *microKernel) (ms, ns, ks []int) {
	ms = []int{1, kern.mr - 1, kern.mr, kern.mr + 1, 2*kern.mr + 1, kern.mc + 1}
	ns = []int{1, kern.nr - 1, kern.nr, kern.nr + 1, 3*kern.nr - 1}
	ks = []int{1, 2, 3, 4, 5, kern.kc - 1, kern.kc, kern.kc + 1}
	return positive(ms), positive(ns), positive(ks)
}

// positive drops the sizes below 1 (mr − 1 for a kernel with mr = 1).
func positive(s []int) []int {
	out := s[:0]
	for _, v := range s {
		if v >= 1 {
			out = append(out, v)
		}
	}
	return out
}

func TestFastKernelsAgreeWithPortable(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 21))
	trans := [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}}
	kernels := fastKernels()
	t.Logf("fast kernels on this machine: %d", len(kernels))
	for _, kern := range kernels {
		if kern.mc%kern.mr != 0 || kern.nc%kern.nr != 0 || kern.mr*kern.nr > maxTile {
			t.Fatalf("%s: mc = %d, nc = %d are not multiples of mr = %d, nr = %d, or the tile exceeds %d",
				kern.name, kern.mc, kern.nc, kern.mr, kern.nr, maxTile)
		}
		ms, ns, ks := kernelEdgeSizes(kern)
		count := 0
		for _, m := range ms {
			for _, n := range ns {
				for _, k := range ks {
					if testing.Short() && m > kern.mc && k > kern.kc {
						continue // the two largest together: one per block is enough
					}
					tr := trans[count%len(trans)]
					count++
					s := gemmCase{m, k, n}
					a, b := operands(rng, tr[0], tr[1], s)
					c0, parent := viewIn(rng, m, n)
					ref, bound := naiveGemm(tr[0], tr[1], -1.5, a, b, 0.5, c0)
					want := c0.Clone()
					ScaleVec(0.5, want.data)
					gemmPacked(&portableKernel, tr[0], tr[1], -1.5, a, b, want, false, 1, nil)
					got := c0
					for i := range m {
						ScaleVec(0.5, got.Row(i))
					}
					workers := 1 + count%2
					gemmPacked(kern, tr[0], tr[1], -1.5, a, b, got, false, workers, nil)
					name := fmt.Sprintf("%s %dx%dx%d trans=%v workers=%d", kern.name, m, k, n, tr, workers)
					checkWithin(t, name+" vs portable", got, want, bound)
					checkWithin(t, name+" vs triple loop", got, ref, bound)
					checkParentUntouched(t, name, parent, 2, 3, m, n)
				}
			}
		}
	}
}

// TestFastKernelsTriangle runs the lower-triangle (Syrk) path of every
// fast kernel on sizes around its tiles against the portable kernel.
func TestFastKernelsTriangle(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 22))
	for _, kern := range fastKernels() {
		for _, n := range positive([]int{1, kern.mr - 1, kern.mr + 1, kern.nr - 1, kern.nr + 1, kern.mr * kern.nr / 2, kern.mc + 1}) {
			for _, k := range []int{1, 7, kern.kc + 1} {
				for _, trans := range []bool{false, true} {
					ar, ac := n, k
					if trans {
						ar, ac = k, n
					}
					a, _ := viewIn(rng, ar, ac)
					c, parent := viewIn(rng, n, n)
					for i := range n {
						for j := range n {
							c.Set(i, j, 0)
						}
					}
					want := New(n, n)
					gemmPacked(&portableKernel, trans, !trans, 0.75, a, a, want, true, 1, nil)
					gemmPacked(kern, trans, !trans, 0.75, a, a, c, true, 2, nil)
					ref, bound := naiveSyrk(trans, 0.75, a, 0, New(n, n))
					name := fmt.Sprintf("%s triangle n=%d k=%d trans=%v", kern.name, n, k, trans)
					for i := range n {
						for j := i + 1; j < n; j++ {
							if c.At(i, j) != 0 {
								t.Fatalf("%s: wrote %v above the diagonal at (%d, %d)", name, c.At(i, j), i, j)
							}
							ref.Set(i, j, 0)
							want.Set(i, j, 0)
						}
					}
					checkWithin(t, name+" vs portable", c, want, bound)
					checkWithin(t, name+" vs triple loop", c, ref, bound)
					checkParentUntouched(t, name, parent, 2, 3, n, n)
				}
			}
		}
	}
}

// TestMicroKernelsDirect calls every kernel's run on one packed tile with
// an odd leading dimension, inside a NaN frame: the tile must be updated
// exactly where it lies, and nothing around it touched.
func TestMicroKernelsDirect(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 23))
	for _, kern := range productKernels() {
		mr, nr := kern.mr, kern.nr
		for _, kc := range []int{1, 2, 3, 4, 5, 8, 9, 31} {
			a := randDense(rng, 1, mr*kc).data
			b := randDense(rng, 1, nr*kc).data
			ldc := nr + 3
			buf := make([]float64, (mr+2)*ldc)
			for i := range buf {
				buf[i] = math.NaN()
			}
			c0 := randDense(rng, mr, nr)
			for i := range mr {
				copy(buf[(i+1)*ldc+1:], c0.Row(i))
			}
			kern.run(kc, a, b, buf[ldc+1:], ldc)
			for i := range mr + 2 {
				for j := range ldc {
					v := buf[i*ldc+j]
					inside := i >= 1 && i <= mr && j >= 1 && j <= nr
					if !inside {
						if !math.IsNaN(v) {
							t.Fatalf("%s kc=%d: wrote %v at (%d, %d), outside the tile", kern.name, kc, v, i-1, j-1)
						}
						continue
					}
					var s, abs float64
					for p := range kc {
						prod := a[p*mr+i-1] * b[p*nr+j-1]
						s += prod
						abs += math.Abs(prod)
					}
					want := c0.At(i-1, j-1) + s
					bound := 2 * float64(kc+3) * eps * (abs + math.Abs(c0.At(i-1, j-1)))
					if d := math.Abs(v - want); !(d <= bound) {
						t.Fatalf("%s kc=%d: c[%d,%d] = %v, want %v (difference %.3g, bound %.3g)", kern.name, kc, i-1, j-1, v, want, d, bound)
					}
				}
			}
		}
	}
}

// TestPackAFromB checks that the block Ã copied out of the packed panel B̃
// (the AᵀA path) has the bits packA computes from A itself, with and
// without a mean to subtract, on a view, for ragged tiles.
func TestPackAFromB(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 25))
	for _, kern := range productKernels() {
		mr, nr := kern.mr, kern.nr
		x, _ := viewIn(rng, 37, 3*nr+5) // k = 37 rows, n = 3nr+5 columns
		kb, n := x.rows, x.cols
		for _, mean := range [][]float64{nil, randDense(rng, 1, n).data} {
			slivers := ceilDiv(n, nr)
			bp := make([]float64, slivers*kb*nr)
			packBSlivers(bp, x, false, 0, kb, 0, n, nr, 0, slivers, mean)
			shift := mean
			if shift == nil {
				shift = make([]float64, n)
			}
			for _, blk := range [][2]int{{0, n}, {nr - 1, 2*mr + 1}, {n - 1, 1}} {
				i0, mb := blk[0], blk[1]
				want := make([]float64, roundUp(mb, mr)*kb)
				got := make([]float64, len(want))
				for i := range got {
					got[i] = math.NaN()
				}
				packA(want, x, true, i0, mb, 0, kb, mr, -0.7, shift)
				packAFromB(got, bp, i0, mb, kb, mr, nr, -0.7)
				for i := range want {
					if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
						t.Fatalf("%s block %v mean=%v: element %d is %v, packA gives %v", kern.name, blk, mean != nil, i, got[i], want[i])
					}
				}
			}
		}
	}
}

// TestStridedKernelsDirect calls every kernel's runS (Ã's groups lda
// apart, the tile scaled by α as it is added) on one tile against the
// portable kernelStrided. Ã lies in a NaN-filled buffer with only the
// numbers the kernel should read set, so a wrong stride reads a NaN; C is
// a tile with an odd leading dimension inside a NaN frame. The bound is
// TestMicroKernelsDirect's with α's product and the final multiply-add:
// both are within (kc+3)ε Σ|α ã b̃| + ε|c| of the exact value. With α = 1
// and lda = mr, runS must give run's bits, and the narrow kernels runS's
// on their columns.
func TestStridedKernelsDirect(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 26))
	for _, kern := range fastKernels() {
		if kern.runS == nil {
			continue
		}
		mr, nr := kern.mr, kern.nr
		for _, kc := range []int{1, 2, 3, 4, 5, 8, 9, 31, kern.kc - 1, kern.kc + 1} {
			for _, lda := range []int{mr, nr, nr + 5} {
				for _, alpha := range []float64{1, -0.7} {
					a := make([]float64, (kc-1)*lda+mr)
					for i := range a {
						a[i] = math.NaN()
					}
					for p := range kc {
						for i := range mr {
							a[p*lda+i] = rng.Float64()*2 - 1
						}
					}
					b := randDense(rng, 1, nr*kc).data
					ldc := nr + 3
					frame := func() []float64 {
						buf := make([]float64, (mr+2)*ldc)
						for i := range buf {
							buf[i] = math.NaN()
						}
						return buf
					}
					got, want := frame(), frame()
					c0 := randDense(rng, mr, nr)
					for i := range mr {
						copy(got[(i+1)*ldc+1:], c0.Row(i))
						copy(want[(i+1)*ldc+1:], c0.Row(i))
					}
					name := fmt.Sprintf("%s kc=%d lda=%d α=%v", kern.name, kc, lda, alpha)
					kern.runS(kc, a, lda, b, got[ldc+1:], ldc, alpha)
					kernelStrided(mr, nr, kc, a, lda, b, want[ldc+1:], ldc, alpha)
					for i := range mr + 2 {
						for j := range ldc {
							v := got[i*ldc+j]
							if !(i >= 1 && i <= mr && j >= 1 && j <= nr) {
								if !math.IsNaN(v) {
									t.Fatalf("%s: wrote %v at (%d, %d), outside the tile", name, v, i-1, j-1)
								}
								continue
							}
							var abs float64
							for p := range kc {
								abs += math.Abs(alpha * a[p*lda+i-1] * b[p*nr+j-1])
							}
							bound := 2 * float64(kc+3) * eps * (abs + math.Abs(c0.At(i-1, j-1)))
							if d := math.Abs(v - want[i*ldc+j]); !(d <= bound) {
								t.Fatalf("%s: c[%d,%d] = %v, portable %v (difference %.3g, bound %.3g)", name, i-1, j-1, v, want[i*ldc+j], d, bound)
							}
						}
					}
					// The narrow kernels: their columns have runS's bits, the
					// rest of the tile keeps C's numbers.
					for q, narrow := range kern.narrow {
						width := (q + 1) * nr / (len(kern.narrow) + 1)
						part := frame()
						for i := range mr {
							copy(part[(i+1)*ldc+1:], c0.Row(i))
						}
						narrow(kc, a, lda, b, part[ldc+1:], ldc, alpha)
						for i := range mr + 2 {
							for j := range ldc {
								want := got[i*ldc+j]
								if i >= 1 && i <= mr && j > width && j <= nr {
									want = c0.At(i-1, j-1)
								}
								if math.Float64bits(part[i*ldc+j]) != math.Float64bits(want) {
									t.Fatalf("%s narrow %d: (%d, %d) is %v, want %v", name, width, i-1, j-1, part[i*ldc+j], want)
								}
							}
						}
					}
					if alpha == 1 && lda == mr {
						viaRun := frame()
						for i := range mr {
							copy(viaRun[(i+1)*ldc+1:], c0.Row(i))
						}
						kern.run(kc, a, b, viaRun[ldc+1:], ldc)
						for i := range viaRun {
							if math.Float64bits(viaRun[i]) != math.Float64bits(got[i]) {
								t.Fatalf("%s: run and runS differ at %d: %v, %v", name, i, viaRun[i], got[i])
							}
						}
					}
				}
			}
		}
	}
}

// TestDirectSyrkCentered runs the direct path (Ã read out of B̃ by runS)
// of every kernel that has one on the centered product, against the
// portable kernel and the triple loop on the centered copy, on sizes
// around its tiles and blocks, on a strided view: any number of workers
// must give the same bits, and nothing above the diagonal may be written.
func TestDirectSyrkCentered(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 27))
	for _, kern := range fastKernels() {
		if kern.runS == nil {
			continue
		}
		mr, nr := kern.mr, kern.nr
		ns := positive([]int{1, mr - 1, mr, mr + 1, nr - 1, nr, nr + 1, 2*nr + mr + 1, kern.mc + 1})
		ks := []int{1, 5, kern.kc - 1, kern.kc + 1}
		for _, n := range ns {
			for _, k := range ks {
				if testing.Short() && n > kern.mc && k > kern.kc {
					continue
				}
				x, _ := viewIn(rng, k, n)
				for i := range k {
					for j := range n {
						x.Set(i, j, x.At(i, j)+float64(j%5)) // means away from zero
					}
				}
				mean, _ := ColMeans(x)
				xc, _, _ := Center(x)
				const alpha = -0.3
				want := New(n, n)
				gemmPacked(&portableKernel, true, false, alpha, x, x, want, true, 1, mean)
				ref, bound := naiveSyrk(true, alpha, xc, 0, New(n, n))
				var first *Dense
				for _, workers := range []int{1, 2, 3} {
					c, parent := viewIn(rng, n, n)
					for i := range n {
						for j := range n {
							if j <= i {
								c.Set(i, j, 0)
							} else {
								c.Set(i, j, math.NaN()) // must stay unread and unwritten
							}
						}
					}
					gemmPacked(kern, true, false, alpha, x, x, c, true, workers, mean)
					name := fmt.Sprintf("%s centered n=%d k=%d workers=%d", kern.name, n, k, workers)
					for i := range n {
						for j := i + 1; j < n; j++ {
							if !math.IsNaN(c.At(i, j)) {
								t.Fatalf("%s: wrote %v above the diagonal at (%d, %d)", name, c.At(i, j), i, j)
							}
						}
					}
					checkParentUntouched(t, name, parent, 2, 3, n, n)
					mirrorLower(c)
					mirrorLower(want)
					mirrorLower(ref)
					mirrorLower(bound)
					checkWithin(t, name+" vs portable", c, want, bound)
					checkWithin(t, name+" vs triple loop", c, ref, bound)
					if first == nil {
						first = c
					} else if !identical(first, c) {
						t.Fatalf("%s: differs from one worker", name)
					}
				}
			}
		}
	}
}
