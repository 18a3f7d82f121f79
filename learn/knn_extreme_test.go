package learn

import (
	"math"
	"slices"
	"testing"

	"mlnotes/matrix"
)

// TestKNNExtremeScales: entries near the overflow threshold (whose squares
// are +Inf) and subnormal ones (whose squares are 0) give the neighbours
// of the same points at scale 1, and targets near ±1.8e308 a finite mean.
func TestKNNExtremeScales(t *testing.T) {
	base := [][]float64{{1, 1}, {-1, 1}, {0.9, 0.5}, {-0.7, -1}, {0.1, 0.2}}
	query := [][]float64{{0.8, 0.9}, {-0.8, -0.9}, {0, 0.1}}
	y := []int{0, 1, 0, 1, 2}
	scaled := func(rows [][]float64, s float64) *matrix.Dense {
		m := matrix.New(len(rows), len(rows[0]))
		for i, r := range rows {
			for j, v := range r {
				m.Set(i, j, v*s)
			}
		}
		return m
	}
	ref, err := KNN{K: 2}.Fit(scaled(base, 1), y)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := ref.Neighbours(scaled(query, 1))
	for _, s := range []float64{0x1p1020, 1.7e308, 0x1p-1060, 1e-320} {
		m, err := KNN{K: 2}.Fit(scaled(base, s), y)
		if err != nil {
			t.Fatal(err)
		}
		got, err := m.Neighbours(scaled(query, s))
		if err != nil {
			t.Fatal(err)
		}
		if s > 1 || s == 0x1p-1060 { // large scales and exact powers of two keep every ranking
			for i := range want {
				if !slices.Equal(got[i], want[i]) {
					t.Errorf("scale %g: neighbours of query %d %v, want %v", s, i, got[i], want[i])
				}
			}
		} else if len(got) != 3 || len(got[0]) != 2 { // 1e-320·x rounds: K neighbours, no panic
			t.Errorf("scale %g: %v", s, got)
		}
	}
	r, err := KNN{K: 2}.FitRegressor(scaled(base, 1), []float64{1.7e308, 1.6e308, -1e308, 0, 1})
	if err != nil {
		t.Fatal(err)
	}
	p, err := r.Predict(scaled([][]float64{{0, 1.5}}, 1))
	if err != nil {
		t.Fatal(err)
	}
	if math.IsInf(p[0], 0) || math.Abs(p[0]-1.65e308) > 1e-15*1.65e308 {
		t.Errorf("mean of 1.7e308 and 1.6e308: %v", p[0])
	}
}
