package learn

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"mlnotes/matrix"
)

// TestKNNNeighboursIndependentOfBatch: on a grid of spacing 0.1 queried at
// the centres of its cells (four neighbours at equal distance up to
// rounding), a row's neighbours are the same asked alone and in a batch of
// 300 rows (other blocking of the product QXᵀ, other rounding of its inner
// products), and equal true distances go to the lower index where the
// direct distances are equal.
func TestKNNNeighboursIndependentOfBatch(t *testing.T) {
	var rows [][]float64
	for i := range 12 {
		for j := range 12 {
			rows = append(rows, []float64{0.1 * float64(i), 0.1 * float64(j), 0.3})
		}
	}
	x := mustRows(t, rows)
	y := make([]int, x.Rows())
	for i := range y {
		y[i] = i % 4
	}
	q := matrix.New(300, 3)
	for r := range 300 {
		q.Set(r, 0, 0.05+0.1*float64(r%11))
		q.Set(r, 1, 0.05+0.1*float64((r/11)%11))
		q.Set(r, 2, 0.3)
	}
	for _, k := range []int{1, 2, 3, 5} {
		m, err := KNN{K: k}.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		batch, err := m.Neighbours(q)
		if err != nil {
			t.Fatal(err)
		}
		for r := range q.Rows() {
			alone, err := m.Neighbours(q.Slice(r, r+1, 0, 3))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(alone[0], batch[r]) {
				t.Fatalf("k = %d, row %d: %v alone, %v in the batch", k, r, alone[0], batch[r])
			}
			// Direct distances equal → the lower index first.
			for a := 1; a < len(alone[0]); a++ {
				i, j := alone[0][a-1], alone[0][a]
				di, dj := directDist2(q.Row(r), x.Row(i)), directDist2(q.Row(r), x.Row(j))
				if di > dj || di == dj && i > j {
					t.Fatalf("k = %d, row %d: %v out of order (%g, %g)", k, r, alone[0], di, dj)
				}
			}
		}
	}
}

// TestKNNUnpackedBlocks: when the memory limit refuses the packed copy of
// Xᵀ (here its coded form), every block of queries forms its products by Gemm on slices of the
// training rows; the neighbours are those found with the copy.
func TestKNNUnpackedBlocks(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	n, d, q := 3000, 40, 3*knnRows
	x, qx := matrix.New(n, d), matrix.New(q, d)
	for _, m := range []*matrix.Dense{x, qx} {
		raw, _ := m.Raw()
		for i := range raw {
			raw[i] = float64(rng.IntN(5)) // many ties
		}
	}
	m, err := KNN{K: 3}.Fit(x, make([]int, n))
	if err != nil {
		t.Fatal(err)
	}
	want, err := m.Neighbours(qx)
	if err != nil {
		t.Fatal(err)
	}
	// Less than the packed copy, which with five distinct numbers is kept
	// as one-byte codes (an eighth of X).
	withMemoryLimit(t, matrix.FloatBytes(n, d)/16)
	if _, err := matrix.PackB(x, true); !errors.Is(err, matrix.ErrTooLarge) {
		t.Fatalf("the packed copy was not refused: %v", err)
	}
	got, err := m.Neighbours(qx)
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Fatalf("query %d: neighbours %v unpacked, %v packed", i, got[i], want[i])
		}
	}
}
