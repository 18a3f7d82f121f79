package learn

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"mlnotes/matrix"
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

// TestTreeHistogramSameTree: on features of few distinct values (grey
// levels, −0 beside +0) a classification tree in sort mode with integer
// weights scans by histograms of ranks (tree_histscan.go); it must grow
// the tree the presorted lists grow, bit for bit, for both criteria, with
// and without bootstrap weights, and so must the sort path that fractional
// weights take.
func TestTreeHistogramSameTree(t *testing.T) {
	const n, d = 900, 48
	rng := rand.New(rand.NewPCG(4, 11))
	x := matrix.New(n, d)
	y := make([]int, n)
	for i := range n {
		row := x.Row(i)
		for j := range row {
			row[j] = float64(rng.IntN(2 + j%16)) // 2 to 17 grey levels
			if j%7 == 0 && row[j] == 0 && i%3 == 0 {
				row[j] = math.Copysign(0, -1)
			}
		}
		y[i] = (int(row[0]+row[1]*row[2]) + rng.IntN(3)) % 4
	}
	boot := make([]float64, n)
	for range n {
		boot[rng.IntN(n)]++
	}
	frac := make([]float64, n)
	for i := range frac {
		frac[i] = 0.25 + rng.Float64()
	}
	all, err := newTreeDataClass("test", x, y, d)
	one, err1 := newTreeDataClass("test", x, y, 1)
	if err != nil || err1 != nil {
		t.Fatal(err, err1)
	}
	if !integerWeights(boot) || integerWeights(frac) {
		t.Fatal("integerWeights misjudges the weights")
	}
	for _, crit := range []string{"gini", "entropy"} {
		for _, m := range []int{2, 6} {
			s := treeSettings{criterion: crit, maxDepth: 1 << 30, minSplit: 2, minLeaf: 1 + m/3, maxFeatures: m}
			for _, w := range [][]float64{nil, boot, frac} {
				a := growTreeMode(all, s, w, rand.New(rand.NewPCG(7, 8)), false)
				b := growTreeMode(one, s, w, rand.New(rand.NewPCG(7, 8)), true)
				if !reflect.DeepEqual(a, b) {
					t.Fatalf("%s, m = %d: sort mode (histograms) and the presorted lists grow different trees (%d and %d nodes)", crit, m, len(a.Nodes), len(b.Nodes))
				}
				for k, nd := range a.Nodes {
					if math.Float64bits(nd.Threshold) != math.Float64bits(b.Nodes[k].Threshold) {
						t.Fatalf("%s, m = %d: node %d threshold %v against %v", crit, m, k, nd.Threshold, b.Nodes[k].Threshold)
					}
				}
				if len(a.Nodes) < 50 {
					t.Fatalf("%s, m = %d: only %d nodes", crit, m, len(a.Nodes))
				}
			}
		}
	}
}
