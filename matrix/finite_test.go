package matrix

import (
	"math"
	"testing"
)

// TestAllFinite puts each non-finite value at each position of slices of
// every length around the unrolling by four (portable loop) and by
// sixteen (the vector kernel, where the machine has one), among finite
// numbers at both ends of the range (the largest, the smallest subnormal,
// −0), for allFinite and its portable reference alike; the slices are
// views inside a parent whose neighbouring entries are NaN, which must
// not be read.
func TestAllFinite(t *testing.T) {
	finite := []float64{math.MaxFloat64, -math.MaxFloat64, 5e-324, math.Copysign(0, -1), 1, -2.5}
	lengths := []int{63, 64, 65, 127, 128, 129, 1000}
	for n := range 41 {
		lengths = append(lengths, n)
	}
	for _, n := range lengths {
		parent := make([]float64, n+2)
		parent[0], parent[n+1] = math.NaN(), math.NaN()
		x := parent[1 : n+1]
		for i := range x {
			x[i] = finite[i%len(finite)]
		}
		for name, f := range map[string]func([]float64) bool{"allFinite": allFinite, "portable": allFinitePortable} {
			if !f(x) {
				t.Fatalf("%s, n=%d: finite slice reported non-finite", name, n)
			}
			for i := range n {
				for _, bad := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
					saved := x[i]
					x[i] = bad
					if f(x) {
						t.Fatalf("%s, n=%d: %v at %d not found", name, n, bad, i)
					}
					x[i] = saved
				}
			}
		}
	}
}

// BenchmarkAllFinite times the check of a 10000×784 data matrix (63 MB,
// streamed from memory) with the portable loop and with allFinite.
func BenchmarkAllFinite(b *testing.B) {
	x := make([]float64, 10000*784)
	for i := range x {
		x[i] = float64(i%255) / 255
	}
	for name, f := range map[string]func([]float64) bool{"portable": allFinitePortable, "allFinite": allFinite} {
		b.Run(name, func(b *testing.B) {
			for range b.N {
				if !f(x) {
					b.Fatal("finite data reported non-finite")
				}
			}
			b.SetBytes(int64(8 * len(x)))
		})
	}
}
