package matrix

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// gramIntKernels returns every integer Gram kernel this machine can run,
// the portable reference first.
func gramIntKernels() map[string]gramIntKernel {
	k := map[string]gramIntKernel{"portable": gramIntPortable}
	for name, kern := range assemblyGramIntKernels() {
		k[name] = kern
	}
	return k
}

// randPairWords returns n words of two random 16-bit halves in
// [−255, 255], the operands of the kernels.
func randPairWords(rng *rand.Rand, n int) []int32 {
	w := make([]int32, n)
	for i := range w {
		lo, hi := rng.IntN(511)-255, rng.IntN(511)-255
		w[i] = int32(uint16(int16(lo))) | int32(hi)<<16
	}
	return w
}

// TestGramIntKernelsAgree runs every integer kernel on the same random
// operands, for counts of pairs from 1 to past a packed block, and wants
// the reference's sums exactly (integer arithmetic has no rounding), the
// rest of c untouched.
func TestGramIntKernelsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, kc := range []int{1, 2, 3, 7, 8, 9, 100, gramIntKC, gramIntKC + 1} {
		const ldc = 45 // odd and wider than a tile
		a := randPairWords(rng, gramIntNR*kc)
		b := randPairWords(rng, gramIntNR*kc)
		c0 := randPairWords(rng, ldc*gramIntMR)
		want := append([]int32(nil), c0...)
		// The definition, entry by entry.
		for i := range gramIntMR {
			for q := range gramIntNR {
				var s int32
				for p := range kc {
					x, y := a[gramIntNR*p+i], b[gramIntNR*p+q]
					s += int32(int16(x))*int32(int16(y)) + (x>>16)*(y>>16)
				}
				want[i*ldc+q] += s
			}
		}
		for name, kern := range gramIntKernels() {
			got := append([]int32(nil), c0...)
			kern(kc, a, b, got, ldc)
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%s, kc=%d: c[%d] = %d, want %d", name, kc, i, got[i], want[i])
				}
			}
		}
	}
}

// smallIntData returns an n×d view (stride d+3) of integers drawn from
// [lo, hi].
func smallIntData(rng *rand.Rand, n, d, lo, hi int) *Dense {
	big := New(n, d+3)
	x := big.Slice(0, n, 1, d+1)
	for i := range n {
		for j := range d {
			x.Set(i, j, float64(lo+rng.IntN(hi-lo+1)))
		}
	}
	return x
}

// exactCovariance is the golden covariance of integer data: G and the
// sums by a plain int64 loop, then (n·gₚq − sₚs_q)/(n·div) as the
// documentation derives it.
func exactCovariance(x *Dense, v Variance) (mean []float64, s *Dense) {
	n, d := x.Dims()
	sums := make([]int64, d)
	g := make([]int64, d*d)
	for i := range n {
		r := x.Row(i)
		for p := range d {
			sums[p] += int64(r[p])
			for q := range d {
				g[p*d+q] += int64(r[p]) * int64(r[q])
			}
		}
	}
	mean = make([]float64, d)
	s = New(d, d)
	for p := range d {
		mean[p] = float64(sums[p]) * (1 / float64(n))
		for q := range d {
			s.Set(p, q, float64(int64(n)*g[p*d+q]-sums[p]*sums[q])/(float64(n)*v.divisor(n)))
		}
	}
	return mean, s
}

// TestCovarianceSmallIntExact checks the integer path against the golden
// exact formula (the same bits), against the floating-point path (within
// its rounding bound), and its means against ColMeans (the same bits), on
// odd and even n, widths around the tile and panel sizes, views, one and
// two workers, every kernel.
func TestCovarianceSmallIntExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for _, shape := range [][2]int{{1, 1}, {2, 1}, {5, 7}, {40, 8}, {41, 9}, {33, 31}, {64, 32}, {99, 33}, {301, 65}, {1101, 40}} {
		for _, rangeLoHi := range [][2]int{{0, 255}, {-255, 255}, {-3, 3}} {
			n, d := shape[0], shape[1]
			x := smallIntData(rng, n, d, rangeLoHi[0], rangeLoHi[1])
			for _, v := range []Variance{Population, Sample} {
				if v == Sample && n < 2 {
					continue
				}
				wantMean, want := exactCovariance(x, v)
				colMeans, _ := ColMeans(x)
				for name, kern := range gramIntKernels() {
					for _, workers := range []int{1, 2, 3} {
						label := fmt.Sprintf("%s, %d workers, %d×%d in %v, %v", name, workers, n, d, rangeLoHi, v)
						mean, s, ok := meanCovarianceSmallInt(x, v, kern, workers)
						if !ok {
							t.Fatalf("%s: refused integer data", label)
						}
						if !identical(s, want) {
							t.Fatalf("%s: covariance differs from the exact formula", label)
						}
						for p := range mean {
							if mean[p] != wantMean[p] || mean[p] != colMeans[p] {
								t.Fatalf("%s: mean[%d] = %v, want %v (ColMeans %v)", label, p, mean[p], wantMean[p], colMeans[p])
							}
						}
					}
				}
				if n < 2 {
					continue
				}
				// The floating-point path: centring then a sum of n
				// products, each |error| ≤ (n+4)·eps·Σᵢ(|xᵢₚ|+|x̄ₚ|)(|xᵢq|+|x̄q|)/div.
				xc, _, _ := Center(x)
				float := New(d, d)
				syrkLower(1/v.divisor(n), xc, float)
				for p := range d {
					for q := range p + 1 {
						var mag float64
						for i := range n {
							mag += (math.Abs(x.At(i, p)) + math.Abs(wantMean[p])) * (math.Abs(x.At(i, q)) + math.Abs(wantMean[q]))
						}
						bound := float64(n+4) * eps * mag / v.divisor(n)
						if diff := math.Abs(float.At(p, q) - want.At(p, q)); diff > bound {
							t.Fatalf("%d×%d: floating point S[%d,%d] = %v, exact %v: |difference| %.3g > bound %.3g", n, d, p, q, float.At(p, q), want.At(p, q), diff, bound)
						}
					}
				}
			}
		}
	}
}

// TestCovarianceSmallIntFlushes makes the 32-bit sums pass their limit:
// 40000 rows of 255 and −255 sum 40000·255² = 2.6·10⁹ > 2³¹ in every entry
// of G, which only the flushes into 64 bits keep exact.
func TestCovarianceSmallIntFlushes(t *testing.T) {
	const n, d = 2*gramIntFlush + 7233, 3
	x := New(n, d)
	for i := range n {
		x.Set(i, 0, 255)
		x.Set(i, 1, -255)
		x.Set(i, 2, float64(255*(i%2)))
	}
	for name, kern := range gramIntKernels() {
		for _, workers := range []int{1, 2} {
			mean, s, ok := meanCovarianceSmallInt(x, Population, kern, workers)
			if !ok {
				t.Fatalf("%s: refused", name)
			}
			wantMean, want := exactCovariance(x, Population)
			if !identical(s, want) || mean[0] != wantMean[0] || mean[2] != wantMean[2] {
				t.Fatalf("%s, %d workers: S = %v, want %v", name, workers, s.data, want.data)
			}
			// Constant columns have variance 0 exactly; column 2
			// alternates 0 and 255 over an odd n.
			if s.At(0, 0) != 0 || s.At(0, 1) != 0 || s.At(1, 1) != 0 {
				t.Fatalf("%s: constant columns have variance %v, %v", name, s.At(0, 0), s.At(1, 1))
			}
		}
	}
}

// TestCovarianceSmallIntRefuses checks that one entry out of the integer
// path's reach — a fraction, ±256, NaN, ±Inf, in the last row or the last
// column, where the packing meets it last — makes the path decline, and
// that MeanCovariance then gives the floating-point result (or its error).
func TestCovarianceSmallIntRefuses(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 1))
	for _, bad := range []float64{0.5, -255.5, 256, -256, 1e300, math.NaN(), math.Inf(1), math.Inf(-1)} {
		for _, at := range [][2]int{{0, 0}, {1200, 17}, {1200, 0}, {37, 34}} {
			x := smallIntData(rng, 1201, 35, 0, 255)
			x.Set(at[0], at[1], bad)
			for name, kern := range gramIntKernels() {
				if _, _, ok := meanCovarianceSmallInt(x, Population, kern, 2); ok {
					t.Fatalf("%s: accepted %v at %v", name, bad, at)
				}
			}
			mean, s, err := MeanCovariance(x, Population)
			if math.IsNaN(bad) || math.IsInf(bad, 0) {
				if err == nil {
					t.Fatalf("%v at %v: no error", bad, at)
				}
				continue
			}
			colMeans, _ := ColMeans(x)
			float, _ := floatCovariance(x, Population)
			if err != nil || !identical(s, float) || mean[at[1]] != colMeans[at[1]] {
				t.Fatalf("%v at %v: err %v; not the floating-point result", bad, at, err)
			}
		}
	}
}

// floatCovariance is MeanCovariance's floating-point path.
func floatCovariance(x *Dense, v Variance) (*Dense, error) {
	mean, _ := ColMeans(x)
	s := New(x.cols, x.cols)
	syrkCentered(1/v.divisor(x.rows), x, mean, s)
	return s, nil
}

// TestMeanCovarianceTakesIntegerPath checks that MeanCovariance gives the
// exact result on pixel-like data where the machine has the kernel, and
// the floating-point path's bits where it has none.
func TestMeanCovarianceTakesIntegerPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	x := smallIntData(rng, 2000, 100, 0, 255)
	_, want := exactCovariance(x, Sample)
	if activeGramIntKernel == nil {
		want, _ = floatCovariance(x, Sample)
	}
	_, s, err := MeanCovariance(x, Sample)
	if err != nil || !identical(s, want) {
		t.Fatalf("integer kernel %v: err %v; not the expected covariance", activeGramIntKernel != nil, err)
	}
}

// BenchmarkCovariancePixels times MeanCovariance on 60000×784 integers in
// 0…255, the shape of Fashion-MNIST, and the integer path with each
// assembly kernel the machine has against the floating-point path with
// each product kernel, on the same data.
func BenchmarkCovariancePixels(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	x := New(60000, 784)
	for i := range x.data {
		x.data[i] = float64(rng.IntN(256))
	}
	b.Run("MeanCovariance", func(b *testing.B) {
		cpu := processCPU()
		for b.Loop() {
			MeanCovariance(x, Population)
		}
		reportCPU(b, cpu)
	})
	for name, kern := range assemblyGramIntKernels() {
		b.Run("integer-"+name, func(b *testing.B) {
			for b.Loop() {
				meanCovarianceSmallInt(x, Population, kern, gemmWorkers(784, 393, 60000))
			}
		})
	}
	for _, kern := range productKernels() {
		if kern == &portableKernel {
			continue
		}
		b.Run("float-"+kern.name, func(b *testing.B) {
			saved := activeKernel
			activeKernel = *kern
			defer func() { activeKernel = saved }()
			for b.Loop() {
				floatCovariance(x, Population)
			}
		})
	}
}

// TestPackPairsAgree checks every packing kernel this build has (the
// AVX-512 and AVX2 ones for the bulk of a row where the processor has
// them) against the reference packPairRow on every length to 41: the same
// words and sums on valid rows, and false from both with a bad entry at
// any position of either row.
func TestPackPairsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for name, pack := range packPairsFuncs() {
		for n := range 42 {
			first, second := make([]float64, n), make([]float64, n)
			for i := range n {
				first[i], second[i] = float64(rng.IntN(511)-255), float64(rng.IntN(511)-255)
			}
			want, got := make([]int32, n), make([]int32, n)
			wantSums, gotSums := make([]float64, n), make([]float64, n)
			for i := range wantSums {
				wantSums[i] = float64(i) // sums add to what is there
				gotSums[i] = float64(i)
			}
			okWant := packPairRow(first, second, want, wantSums)
			okGot := pack(first, second, got, gotSums)
			if !okWant || !okGot {
				t.Fatalf("%s, n=%d: valid rows refused (%v, %v)", name, n, okWant, okGot)
			}
			for i := range n {
				if got[i] != want[i] || gotSums[i] != wantSums[i] {
					t.Fatalf("%s, n=%d, column %d: word %#x sum %v, want %#x and %v", name, n, i, got[i], gotSums[i], want[i], wantSums[i])
				}
			}
			for i := range n {
				for _, row := range [][]float64{first, second} {
					for _, bad := range []float64{math.NaN(), math.Inf(-1), 255.5, -256, 1e300} {
						saved := row[i]
						row[i] = bad
						if pack(first, second, got, gotSums) || packPairRow(first, second, want, wantSums) {
							t.Fatalf("%s, n=%d: %v at column %d accepted", name, n, bad, i)
						}
						row[i] = saved
					}
				}
			}
		}
	}
}

// TestCovarianceSmallIntLargestN runs the integer path at its largest n,
// 2²² rows of ±255 (where n·gₚq and sₚs_q approach 2⁶⁰), exactly, and
// checks that one row more sends the data to floating point.
func TestCovarianceSmallIntLargestN(t *testing.T) {
	n := gramIntMaxRows
	x := New(n+1, 2)
	for i := range n + 1 {
		x.data[2*i] = 255
		x.data[2*i+1] = float64(255 - 510*(i%3/2)) // 255, 255, −255, …
	}
	rows := x.Slice(0, n, 0, 2)
	for name, kern := range gramIntKernels() {
		if name == "portable" {
			continue // the same arithmetic, 2²² rows slower
		}
		_, s, ok := meanCovarianceSmallInt(rows, Sample, kern, 2)
		_, want := exactCovariance(rows, Sample)
		if !ok || !identical(s, want) {
			t.Fatalf("%s: n = 2²²: ok %v, S = %v, want %v", name, ok, s.data, want.data)
		}
		if _, _, ok := meanCovarianceSmallInt(x, Sample, kern, 2); ok {
			t.Fatalf("%s: n = 2²² + 1 taken by the integer path", name)
		}
	}
}
