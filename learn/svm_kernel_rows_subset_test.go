package learn

import (
	"math"
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

// A pair's kernel rows from the whole set's norms and codes are the same
// bits as newKernelRows on the pair's points, for every kernel family,
// with and without a byte form, and on a matrix whose rows are not
// contiguous (a slice of a wider one).
func TestPointRowsSameAsNewKernelRows(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 6))
	const n, d = 70, 19
	wide := greyData(r, n, d+3, 90)
	sets := map[string]*matrix.Dense{
		"grey":   greyData(r, n, d, 90),
		"normal": randData(r, n, d),
		"slice":  wide.Slice(0, n, 1, d+1),
	}
	idx := []int{1, 2, 5, 8, 9, 13, 21, 22, 34, 40, 41, 55, 69}
	// More than 256 distinct entries in the set, at most 256 in the pair.
	mixed := greyData(r, n, d, 90)
	for f := range d {
		mixed.Row(3)[f], mixed.Row(4)[f] = r.NormFloat64(), r.NormFloat64()
		mixed.Row(6)[f], mixed.Row(7)[f] = r.NormFloat64(), r.NormFloat64()
		mixed.Row(10)[f], mixed.Row(11)[f] = r.NormFloat64(), r.NormFloat64()
		mixed.Row(12)[f], mixed.Row(14)[f] = r.NormFloat64(), r.NormFloat64()
	}
	sets["mixed"] = mixed
	if newPointRows(mixed).codes != nil {
		t.Fatal("mixed set: a byte form")
	}
	cols := make([]int, len(idx))
	for j := range cols {
		cols[j] = j
	}
	for name, x := range sets {
		points := newPointRows(x)
		sub := rowsOf(x, idx)
		for _, k := range []Kernel{Linear(), Polynomial(2), Gaussian(0.7)} {
			got, want := points.kernelRows(k, idx), newKernelRows(k, sub)
			if (got.codes == nil) != (want.codes == nil) {
				t.Fatalf("%s: byte form %v, newKernelRows %v", name, got.codes != nil, want.codes != nil)
			}
			for i := range idx {
				a, b := make([]float64, len(idx)), make([]float64, len(idx))
				got.Row(i, cols, a)
				want.Row(i, cols, b)
				if math.Float64bits(got.Diag(i)) != math.Float64bits(want.Diag(i)) {
					t.Errorf("%s, %v: diagonal %d %v, want %v", name, k, i, got.Diag(i), want.Diag(i))
				}
				for j := range a {
					if math.Float64bits(a[j]) != math.Float64bits(b[j]) {
						t.Fatalf("%s, %v: K[%d][%d] = %v, newKernelRows %v", name, k, i, j, a[j], b[j])
					}
				}
			}
		}
	}
}
