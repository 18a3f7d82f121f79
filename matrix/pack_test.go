package matrix

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestPackRowsCentered checks the packing of centered rows into slivers
// (with the vector kernel where the machine has one) against the portable
// loop, bit for bit, on widths around the vector and sliver sizes, rows
// read from a NaN-padded parent with an odd stride, special values among
// the data, and a destination filled with a marker: the numbers outside
// the packed columns must keep it.
func TestPackRowsCentered(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 28))
	marker := math.Float64frombits(0x7ff8dead0000beef)
	specials := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), math.SmallestNonzeroFloat64, math.MaxFloat64}
	for _, nr := range []int{2, 6, 8, 16, 24} {
		for _, cols := range positive([]int{1, 3, 4, 5, 7, 8, 9, nr - 1, nr, nr + 1, 2*nr + 3, 3*nr + 5, 97}) {
			for _, kb := range []int{1, 2, 7} {
				ld := cols + 3
				src := make([]float64, kb*ld)
				for i := range src {
					src[i] = math.NaN()
				}
				for p := range kb {
					for j := range cols {
						v := rng.Float64()*4 - 2
						if rng.IntN(8) == 0 {
							v = specials[rng.IntN(len(specials))]
						}
						src[p*ld+j] = v
					}
				}
				shift := make([]float64, cols)
				for j := range shift {
					shift[j] = rng.Float64() - 0.5
				}
				size := ceilDiv(cols, nr) * kb * nr
				got, want := make([]float64, size+5), make([]float64, size+5)
				for i := range got {
					got[i], want[i] = marker, marker
				}
				packRowsCentered(got[:size], src, ld, shift, kb, nr, cols)
				packRowsCenteredGo(want[:size], src, ld, shift, kb, nr, cols, 0)
				name := fmt.Sprintf("nr=%d cols=%d kb=%d", nr, cols, kb)
				for i := range want {
					if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
						t.Fatalf("%s: element %d is %v, the portable loop gives %v", name, i, got[i], want[i])
					}
				}
				// The portable loop itself against the definition.
				for p := range kb {
					for j := range cols {
						w := src[p*ld+j] - shift[j]
						g := want[(j/nr)*kb*nr+p*nr+j%nr]
						if math.Float64bits(g) != math.Float64bits(w) && !(math.IsNaN(g) && math.IsNaN(w)) {
							t.Fatalf("%s: row %d column %d is %v, want %v", name, p, j, g, w)
						}
					}
				}
			}
		}
	}
}
