package learn

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"mlnotes/matrix"
)

// Leaving the constant columns out grows the same tree as trying them at
// every node: the columns are renumbered back, importances of 0 restored.
func TestTreeConstantColumnsSameTree(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n, d := 60, 9
	x := matrix.New(n, d)
	y, yr := make([]int, n), make([]float64, n)
	for i := range n {
		for j := range d {
			switch j % 3 {
			case 0:
				x.Set(i, j, float64(j)) // constant
			default:
				x.Set(i, j, float64(rng.IntN(7)))
			}
		}
		y[i] = rng.IntN(3)
		yr[i] = rng.NormFloat64()
	}
	keep := varyingColumns(x)
	if !reflect.DeepEqual(keep, []int{0, 1, 2, 4, 5, 7, 8}) {
		t.Fatalf("varying columns %v", keep)
	}
	got, err := DecisionTree{}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	// The reference: the builder on every column.
	data, err := newTreeDataClass("test", x, y, d)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := DecisionTree{}.settings("test", d)
	want := data.classifier(growTree(data, s, nil, DecisionTree{}.rng()))
	if !reflect.DeepEqual(got, want) {
		t.Errorf("classification tree differs without the constant columns")
	}
	gotR, err := DecisionTree{}.FitRegression(x, yr)
	if err != nil {
		t.Fatal(err)
	}
	dataR, _ := newTreeDataReg("test", x, yr, d)
	s.criterion = "squared_error"
	wantR := &TreeRegressorModel{*growTree(dataR, s, nil, DecisionTree{}.rng())}
	if !reflect.DeepEqual(gotR, wantR) {
		t.Errorf("regression tree differs without the constant columns")
	}
}

// A wide matrix of constant columns (a sparse file naming a large feature
// index) costs one pass, and every column constant still gives a leaf of
// the full width.
func TestTreeConstantColumnsWide(t *testing.T) {
	x := matrix.New(2, 1<<20)
	x.Set(0, 5, 1)
	m, err := DecisionTree{}.Fit(x, []int{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	if m.Features != 1<<20 || len(m.Importances) != 1<<20 || m.Nodes[0].Feature != 5 || m.Importances[5] != 1 {
		t.Errorf("features %d, root feature %d, importance %v", m.Features, m.Nodes[0].Feature, m.Importances[5])
	}
	leaf, err := DecisionTree{}.Fit(matrix.New(3, 4), []int{1, 2, 1})
	if err != nil || leaf.Features != 4 || len(leaf.Nodes) != 1 {
		t.Errorf("all-constant data: %v, %+v", err, leaf)
	}
	if _, err := (DecisionTree{}).Fit(nil, nil); err == nil {
		t.Errorf("nil data accepted")
	}
}
