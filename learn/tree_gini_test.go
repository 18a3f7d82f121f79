package learn

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"mlnotes/matrix"
)

// TestTreeGiniRunningSums: the Gini scans that keep running sums of
// squared class weights (tree_gini.go) grow the tree that summing the
// squares afresh at every candidate grows, bit for bit: both modes (sort
// mode with and without histograms), no weights and bootstrap counts, on
// grey levels with many ties between candidate splits (equal proxies,
// where the first met must win in both).
func TestTreeGiniRunningSums(t *testing.T) {
	const n, d = 700, 64
	rng := rand.New(rand.NewPCG(5, 13))
	x := matrix.New(n, d)
	y := make([]int, n)
	for i := range n {
		row := x.Row(i)
		for j := range row {
			row[j] = float64(rng.IntN(2+j%9)) / 8 // 2 to 10 levels: ties
			if j%5 == 0 {
				row[j] = float64(rng.IntN(300)) / 255 // more levels than a node has samples
			}
		}
		y[i] = (int(4*row[1]+3*row[2]) + rng.IntN(4)) % 5
	}
	boot := make([]float64, n)
	for range n {
		boot[rng.IntN(n)]++
	}
	all, err := newTreeDataClass("test", x, y, d)
	one, err1 := newTreeDataClass("test", x, y, 1)
	if err != nil || err1 != nil {
		t.Fatal(err, err1)
	}
	if !exactGini(boot) || exactGini([]float64{0.5, 1}) || exactGini([]float64{exactGiniMaxWeight, 1}) {
		t.Fatal("exactGini misjudges the weights")
	}
	for _, m := range []int{d, 8, 3} {
		for _, w := range [][]float64{nil, boot} {
			for _, sortMode := range []bool{false, true} {
				if sortMode && !useSortMode(m, d) {
					continue
				}
				data := all
				if sortMode {
					data = one
				}
				s := treeSettings{criterion: "gini", maxDepth: 1 << 30, minSplit: 2, minLeaf: 1, maxFeatures: m}
				direct := s
				direct.directGini = true
				a := growTreeMode(data, direct, w, rand.New(rand.NewPCG(3, 4)), sortMode)
				b := growTreeMode(data, s, w, rand.New(rand.NewPCG(3, 4)), sortMode)
				if !reflect.DeepEqual(a, b) {
					t.Fatalf("m = %d, sort mode %v, weights %v: running sums grow a different tree (%d and %d nodes)", m, sortMode, w != nil, len(a.Nodes), len(b.Nodes))
				}
				for k, nd := range a.Nodes {
					if math.Float64bits(nd.Threshold) != math.Float64bits(b.Nodes[k].Threshold) {
						t.Fatalf("m = %d: node %d threshold %v against %v", m, k, nd.Threshold, b.Nodes[k].Threshold)
					}
				}
				if len(a.Nodes) < 100 {
					t.Fatalf("m = %d: only %d nodes", m, len(a.Nodes))
				}
			}
		}
	}
}
