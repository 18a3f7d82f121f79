package learn

import (
	"math"
	"testing"

	"mlnotes/matrix"
)

// TestPearsonExtremeScales: Pearson's r is the same for a column and for
// that column times 2¹⁰⁰⁰ or 2⁻¹⁰⁶⁰ (beyond the overflow of its squares, or
// subnormal), and so is the target's.
func TestPearsonExtremeScales(t *testing.T) {
	rows := [][]float64{{1, 0.5}, {2, -1}, {3, 0.25}, {4, 2}, {5, 1}}
	y := []float64{1.5, 2, 3.5, 3, 6}
	x, _ := matrix.NewFromRows(rows)
	want, err := Pearson(x, y)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{1000, 1020, -1060} {
		xs, ys := matrix.ScalePow2(k, x), make([]float64, len(y))
		for i, v := range y {
			ys[i] = math.Ldexp(v, -k/2)
		}
		got, err := Pearson(xs, ys)
		if err != nil {
			t.Fatal(err)
		}
		for j := range want {
			if got[j] != want[j] {
				t.Errorf("2^%d: r[%d] = %v, want %v", k, j, got[j], want[j])
			}
		}
	}
}

// TestMutualInformationExtremeRange: equal-width bins over a range beyond
// float64 (max − min overflows) or deep in the subnormals give the mutual
// information of the same column at scale 1.
func TestMutualInformationExtremeRange(t *testing.T) {
	col := []float64{1, -1, 1.7, -1.7, 0.9, -0.9, 1.5, -1.2, 0.2, -0.1}
	y := []float64{0, 1, 0, 1, 0, 1, 0, 1, 1, 0}
	mi := func(s float64) float64 {
		x := matrix.New(len(col), 1)
		for i, v := range col {
			x.Set(i, 0, v*s)
		}
		r, err := MutualInformation(x, y, 2)
		if err != nil {
			t.Fatal(err)
		}
		return r[0]
	}
	want := mi(1)
	for _, s := range []float64{1e308, 0x1p-1060} {
		if got := mi(s); math.Abs(got-want) > 1e-15 {
			t.Errorf("scale %g: MI %v, want %v", s, got, want)
		}
	}
}
