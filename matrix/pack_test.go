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

// TestPackARows checks packA without transposition (packA4's vector
// kernel where the machine has one, the portable loops for the rest)
// against its definition, bit for bit: dst[(r·kb + p)·mr + i] =
// α·(a[i0 + r·mr + i, p0 + p] − shift[p0 + p]), without the subtraction
// for a nil shift, zeros for the rows past mb of the last sliver. A is a
// view with an odd stride in a NaN-filled parent (a read outside the
// block shows), special values among its numbers; the destination is
// filled with a marker, which must remain past the packed block. Sizes
// straddle the groups of four rows and four columns of packA4.
func TestPackARows(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 29))
	marker := math.Float64frombits(0x7ff8dead0000beef)
	specials := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), math.SmallestNonzeroFloat64, math.MaxFloat64}
	for _, mr := range []int{1, 3, 4, 6, 8, 12} {
		for _, mb := range positive([]int{1, 3, 4, 5, mr - 1, mr, mr + 1, 2*mr + 3}) {
			for _, kb := range []int{1, 3, 4, 5, 7, 8, 9, 33} {
				a, _ := viewIn(rng, mb+3, kb+6)
				for i := range a.rows {
					for j := range a.cols {
						if rng.IntN(8) == 0 {
							a.Set(i, j, specials[rng.IntN(len(specials))])
						}
					}
				}
				for _, shift := range [][]float64{nil, randDense(rng, 1, a.cols).data} {
					for _, alpha := range []float64{1, -0.7} {
						i0, p0 := 2, 5
						size := roundUp(mb, mr) * kb
						got := make([]float64, size+5)
						for i := range got {
							got[i] = marker
						}
						packA(got[:size], a, false, i0, mb, p0, kb, mr, alpha, shift)
						name := fmt.Sprintf("mr=%d mb=%d kb=%d shift=%v α=%v", mr, mb, kb, shift != nil, alpha)
						for r := range ceilDiv(mb, mr) {
							for p := range kb {
								for i := range mr {
									want := 0.0
									if row := r*mr + i; row < mb {
										v := a.At(i0+row, p0+p)
										if shift != nil {
											v -= shift[p0+p]
										}
										want = alpha * v
									}
									g := got[(r*kb+p)*mr+i]
									if math.Float64bits(g) != math.Float64bits(want) && !(math.IsNaN(g) && math.IsNaN(want)) {
										t.Fatalf("%s: sliver %d, column %d, row %d is %v, want %v", name, r, p, i, g, want)
									}
								}
							}
						}
						for i := size; i < len(got); i++ {
							if math.Float64bits(got[i]) != math.Float64bits(marker) {
								t.Fatalf("%s: wrote past the block at %d", name, i)
							}
						}
					}
				}
			}
		}
	}
}
