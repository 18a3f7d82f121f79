package learn

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

// Sort mode and the presorted lists grow the same tree, bit for bit:
// classification and regression, weights with zeros (a bootstrap), ties in
// the features (rounded values), few and many features drawn.
func TestTreeSortModeSameTree(t *testing.T) {
	x, y := benchClassification(600, 40)
	for i := range x.Rows() {
		row := x.Row(i)
		for j := range row {
			if j%3 == 0 {
				row[j] = float64(int(row[j]*4)) / 4 // ties
			}
			if j%5 == 0 && row[j] == 0 && i%2 == 0 {
				row[j] = math.Copysign(0, -1) // −0 ties +0
			}
		}
	}
	yr := make([]float64, len(y))
	for i := range yr {
		yr[i] = x.At(i, 1) + float64(y[i])
	}
	rng := rand.New(rand.NewPCG(1, 2))
	w := make([]float64, len(y))
	for range len(y) {
		w[rng.IntN(len(y))]++
	}
	// Sort mode needs only column 0 presorted (presortColumns).
	cls, err := newTreeDataClass("test", x, y, x.Cols())
	cls1, err1 := newTreeDataClass("test", x, y, 1)
	reg, err2 := newTreeDataReg("test", x, yr, x.Cols())
	reg1, err3 := newTreeDataReg("test", x, yr, 1)
	if err != nil || err1 != nil || err2 != nil || err3 != nil {
		t.Fatal(err, err1, err2, err3)
	}
	for _, m := range []int{1, 3, 6, 40} {
		for _, c := range []struct {
			data, data1 *treeData
			crit        string
		}{{cls, cls1, "gini"}, {cls, cls1, "entropy"}, {reg, reg1, ""}} {
			s := treeSettings{criterion: c.crit, maxDepth: 1 << 30, minSplit: 2, minLeaf: 1, maxFeatures: m}
			if c.crit == "" {
				s.criterion = "squared_error"
			}
			for _, weights := range [][]float64{nil, w} {
				a := growTreeMode(c.data, s, weights, rand.New(rand.NewPCG(7, 8)), false)
				b := growTreeMode(c.data1, s, weights, rand.New(rand.NewPCG(7, 8)), true)
				if !reflect.DeepEqual(a, b) {
					t.Fatalf("m = %d, %s, weights %v: the two modes grow different trees (%d and %d nodes)", m, s.criterion, weights != nil, len(a.Nodes), len(b.Nodes))
				}
			}
		}
	}
}
