package learn

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"mlnotes/matrix"
)

var (
	_ ProbabilisticClassifier = (*KNNModel)(nil)
	_ ClassifierTrainer       = KNN{}
	_ RegressorTrainer        = KNN{}
	_ Regressor               = (*KNNRegressorModel)(nil)
)

func col(v ...float64) *matrix.Dense {
	m, _ := matrix.NewFromSlice(len(v), 1, v)
	return m
}

// TestKNNHand: neighbours and votes worked out by hand on a line.
func TestKNNHand(t *testing.T) {
	x := col(0, 1, 2, 10, 11)
	y := []int{7, 7, 3, 3, 3}
	m, err := KNN{K: 1}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	nb, _ := m.Neighbours(col(0.5, 1.5, 6, 10.4))
	// 0.5 is as far from 0 as from 1, and 6 as far from 2 as from 10:
	// the lower training index wins.
	if want := [][]int{{0}, {1}, {2}, {3}}; !slices.EqualFunc(nb, want, slices.Equal) {
		t.Errorf("1-NN neighbours %v, want %v", nb, want)
	}
	m3, _ := KNN{K: 3}.Fit(x, y)
	p, _ := m3.Predict(col(0, 11, 1.6))
	if want := []int{7, 3, 7}; !slices.Equal(p, want) {
		t.Errorf("3-NN predictions %v, want %v", p, want)
	}
	// A 2–2 tie between labels 7 and 3 goes to the smaller label, 3.
	m4, _ := KNN{K: 4}.Fit(col(0, 1, 2, 3), []int{7, 7, 3, 3})
	if p, _ := m4.Predict(col(1.5)); p[0] != 3 {
		t.Errorf("tied vote gave %d, want 3", p[0])
	}
	r, _ := KNN{K: 2}.FitRegressor(x, []float64{1, 2, 3, 4, 5})
	if v, _ := r.Predict(col(10.6, 0.2)); v[0] != 4.5 || v[1] != 1.5 {
		t.Errorf("2-NN regression %v, want [4.5 1.5]", v)
	}
}

// TestKNNBruteForce: on random data the neighbours are those of a direct
// computation of every distance, sorted by (distance, index).
func TestKNNBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n, d, q := 300, 5, 600 // several blocks of queries (knnRows), one tile of the product
	x, qx := matrix.New(n, d), matrix.New(q, d)
	for _, m := range []*matrix.Dense{x, qx} {
		for i := range m.Rows() {
			for j := range d {
				m.Set(i, j, rng.NormFloat64())
			}
		}
	}
	y := make([]int, n)
	m, err := KNN{K: 7}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	nb, _ := m.Neighbours(qx)
	for i := range q {
		dist := make([]float64, n)
		idx := make([]int, n)
		for j := range n {
			s := 0.0
			for c := range d {
				e := qx.At(i, c) - x.At(j, c)
				s += e * e
			}
			dist[j], idx[j] = s, j
		}
		sort.SliceStable(idx, func(a, b int) bool { return dist[idx[a]] < dist[idx[b]] })
		if !slices.Equal(nb[i], idx[:7]) {
			t.Fatalf("query %d: neighbours %v, brute force %v", i, nb[i], idx[:7])
		}
	}
}

func TestKNNErrors(t *testing.T) {
	x := col(0, 1, 2)
	for _, c := range []struct {
		k    int
		x    *matrix.Dense
		y    []int
		want error
	}{
		{4, x, []int{0, 1, 0}, ErrInvalidParameter},
		{-1, x, []int{0, 1, 0}, ErrInvalidParameter},
		{1, x, []int{0, 1}, matrix.ErrShape},
		{1, matrix.New(0, 1), nil, matrix.ErrEmpty},
		{1, col(0, math.NaN(), 1), []int{0, 1, 0}, matrix.ErrNotFinite},
	} {
		if _, err := (KNN{K: c.k}).Fit(c.x, c.y); !errors.Is(err, c.want) {
			t.Errorf("k=%d: error %v, want %v", c.k, err, c.want)
		}
	}
	m, _ := KNN{K: 1}.Fit(x, []int{0, 1, 0})
	if _, err := m.Predict(matrix.New(2, 2)); !errors.Is(err, matrix.ErrShape) {
		t.Errorf("wrong width: %v", err)
	}
}

func TestKNNPersistence(t *testing.T) {
	x, y := loadLabelled(t, "iris.csv")
	m, _ := KNN{K: 3}.Fit(x, y)
	var buf bytes.Buffer
	if err := m.Save(&buf); err != nil {
		t.Fatal(err)
	}
	l, err := LoadKNN(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	p1, _ := m.PredictProba(x)
	p2, _ := l.PredictProba(x)
	if !matrix.EqualApprox(p1, p2, 0) {
		t.Error("the loaded model differs")
	}
	bad := strings.Replace(buf.String(), `"K": 3`, `"K": 151`, 1)
	if _, err := LoadKNN(strings.NewReader(bad)); !errors.Is(err, ErrFormat) {
		t.Errorf("k = 151 of 150: %v", err)
	}
}

// Fit keeps the training matrix itself (documented: storing is the whole
// training, as in scikit-learn), but its own copy of the labels.
func TestKNNKeepsTrainingMatrix(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {1, 0}, {5, 5}})
	y := []int{1, 1, 2}
	m, err := KNN{K: 1}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if m.X != x {
		t.Error("the model holds a copy of X; Fit documents that it refers to X")
	}
	y[0] = 7
	if m.Y[0] != 1 {
		t.Error("the model's labels changed with the caller's slice")
	}
	r, err := KNN{K: 1}.FitRegressor(x, []float64{1, 2, 3})
	if err != nil || r.(*KNNRegressorModel).X != x {
		t.Errorf("FitRegressor: err %v, or a copy of X", err)
	}
}

// TestKNNSeveralBlocks: with a training set large enough that the queries
// are split into blocks (knnRows), whose products use Xᵀ packed once,
// every row's neighbours are those found by asking for it alone (one
// block, Gemm), and Progress follows the blocks up to the last row.
func TestKNNSeveralBlocks(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n, d, q := 40000, 3, 900
	if q <= 2*knnRows {
		t.Fatalf("blocks of %d rows for %d queries: not several blocks", knnRows, q)
	}
	x, qx := matrix.New(n, d), matrix.New(q, d)
	for _, m := range []*matrix.Dense{x, qx} {
		raw, _ := m.Raw()
		for i := range raw {
			raw[i] = rng.NormFloat64()
		}
	}
	y := make([]int, n)
	for i := range y {
		y[i] = rng.IntN(3)
	}
	m, err := KNN{K: 4}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	var done []int
	m.Progress = func(k, total int) {
		if total != q {
			t.Errorf("progress total %d, want %d", total, q)
		}
		done = append(done, k)
	}
	nb, err := m.Neighbours(qx)
	if err != nil {
		t.Fatal(err)
	}
	if len(done) < 3 || !slices.IsSorted(done) || done[len(done)-1] != q {
		t.Errorf("progress %v: want one call a block, ending at %d", done, q)
	}
	m.Progress = nil
	for i := 0; i < q; i += 29 {
		alone, err := m.Neighbours(qx.Slice(i, i+1, 0, d))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(nb[i], alone[0]) {
			t.Fatalf("query %d: neighbours %v in blocks, %v alone", i, nb[i], alone[0])
		}
	}
}
