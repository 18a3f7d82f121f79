package matrix

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestLevel1KernelsAgree checks the vector kernels of Dot and Axpy against
// the portable loops of vector.go on every length around their unrolling
// (16, 4, 1) and at unaligned offsets.
//
// Rounding bounds. A dot product of n terms, in any order and with or
// without fused multiply-adds, lies within γₙ Σᵢ|xᵢyᵢ| of the exact value
// (γₙ ≈ nε, Higham §3.1), so two of them differ by at most 2(n+1)ε Σ|xᵢyᵢ|.
// An axpy element is y + αx rounded once (fused) or twice (product, then
// sum): each within ε(|y| + 2|αx|) of the exact value, so they differ by at
// most 2ε(|y| + 2|αx|).
func TestLevel1KernelsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 28))
	lengths := []int{}
	for n := range 41 {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 63, 64, 65, 1000, 1001)
	for _, n := range lengths {
		for off := range 4 {
			name := fmt.Sprintf("n=%d offset=%d", n, off)
			xb, yb := randDense(rng, 1, n+off).data, randDense(rng, 1, n+off).data
			x, y := xb[off:], yb[off:]
			var abs float64
			for i := range x {
				abs += math.Abs(x[i] * y[i])
			}
			want := dotPortable(x, y)
			if got, ok := dotFast(x, y); ok {
				if d := math.Abs(got - want); !(d <= 2*float64(n+1)*eps*abs) {
					t.Fatalf("dot %s: %v, portable %v (difference %.3g)", name, got, want, d)
				}
			}
			alpha := -0.75
			ref := append([]float64(nil), y...)
			axpyPortable(alpha, x, ref)
			got := append([]float64(nil), y...)
			if axpyFast(alpha, x, got) {
				for i := range got {
					bound := 2 * eps * (math.Abs(y[i]) + 2*math.Abs(alpha*x[i]))
					if d := math.Abs(got[i] - ref[i]); !(d <= bound) {
						t.Fatalf("axpy %s: element %d is %v, portable %v", name, i, got[i], ref[i])
					}
				}
			}
			// The public front doors agree with themselves whichever
			// kernel runs.
			if d := math.Abs(Dot(x, y) - want); !(d <= 2*float64(n+1)*eps*abs) {
				t.Fatalf("Dot %s: differs from the portable loop by %.3g", name, d)
			}
		}
	}
}

// TestLevel1KernelsSpecial checks NaN propagation, α = 0 (y untouched even
// when x holds NaNs, as Axpy) and that nothing past the slices is touched.
func TestLevel1KernelsSpecial(t *testing.T) {
	for _, n := range []int{8, 17, 33} {
		x := make([]float64, n+1)
		y := make([]float64, n+1)
		for i := range x {
			x[i], y[i] = 1, 2
		}
		x[n], y[n] = math.NaN(), math.NaN() // past the slices
		if s, ok := dotFast(x[:n], y[:n]); ok && s != float64(2*n) {
			t.Errorf("n=%d: dot of ones and twos = %v, want %d", n, s, 2*n)
		}
		x[n/2] = math.NaN()
		if s, ok := dotFast(x[:n], y[:n]); ok && !math.IsNaN(s) {
			t.Errorf("n=%d: NaN in x gave dot %v", n, s)
		}
		if axpyFast(0, x[:n], y[:n]) {
			for i := range n {
				if y[i] != 2 {
					t.Fatalf("n=%d: α = 0 changed y[%d] to %v", n, i, y[i])
				}
			}
		}
		x[n/2] = 1
		if axpyFast(3, x[:n], y[:n]) {
			for i := range n {
				if y[i] != 5 {
					t.Fatalf("n=%d: y[%d] = %v, want 5", n, i, y[i])
				}
			}
			if !math.IsNaN(y[n]) {
				t.Fatalf("n=%d: wrote past the slice", n)
			}
		}
	}
}

// BenchmarkLevel1 times the portable Dot and Axpy against the vector
// kernels on lengths from L1-resident to streamed from memory.
func BenchmarkLevel1(b *testing.B) {
	rng := rand.New(rand.NewPCG(29, 29))
	for _, n := range []int{16, 256, 5000, 1 << 20} {
		x, y := randDense(rng, 1, n).data, randDense(rng, 1, n).data
		var sink float64
		b.Run(fmt.Sprintf("dot/portable/n=%d", n), func(b *testing.B) {
			cpu := processCPU()
			for range b.N {
				sink += dotPortable(x, y)
			}
			reportCPU(b, cpu)
		})
		b.Run(fmt.Sprintf("dot/kernel/n=%d", n), func(b *testing.B) {
			cpu := processCPU()
			for range b.N {
				sink += Dot(x, y)
			}
			reportCPU(b, cpu)
		})
		b.Run(fmt.Sprintf("axpy/portable/n=%d", n), func(b *testing.B) {
			cpu := processCPU()
			for range b.N {
				axpyPortable(1e-9, x, y)
			}
			reportCPU(b, cpu)
		})
		b.Run(fmt.Sprintf("axpy/kernel/n=%d", n), func(b *testing.B) {
			cpu := processCPU()
			for range b.N {
				Axpy(1e-9, x, y)
			}
			reportCPU(b, cpu)
		})
		_ = sink
	}
}
