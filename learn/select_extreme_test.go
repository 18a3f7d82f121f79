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
