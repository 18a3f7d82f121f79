package learn

import (
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"mlnotes/matrix"
)

// TestFewRanks: the hash-table ranks and the counting order are those of
// the comparison sorts (denseRanks, sortedOrder), −0 and +0 being one
// value, and columns of more than fewRanksMax distinct values are left to
// the sorts.
func TestFewRanks(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 9))
	for _, levels := range []int{1, 2, 17, 256, 300, fewRanksMax, fewRanksMax + 1, 5000} {
		col := make([]float64, 3000)
		for i := range col {
			col[i] = float64(rng.IntN(levels)-levels/3) / 7
			if col[i] == 0 && i%2 == 1 {
				col[i] = math.Copysign(0, -1)
			}
		}
		rank, got := fewRanks(col)
		want := denseRanks(col)
		distinct := int(slices.Max(want)) + 1
		if distinct > fewRanksMax {
			if rank != nil {
				t.Errorf("%d levels (%d distinct): fewRanks took them", levels, distinct)
			}
			continue
		}
		if !slices.Equal(rank, want) || got != distinct {
			t.Fatalf("%d levels: fewRanks differs from denseRanks (%d and %d distinct)", levels, got, distinct)
		}
		if !slices.Equal(countingOrder(rank, got), sortedOrder(col)) {
			t.Fatalf("%d levels: the counting order differs from the sorted order", levels)
		}
	}
}

// stripByteRanks returns a copy of data without its byte ranks, its ranks
// as 4-byte columns instead (sort mode) or none (presorted lists): the
// split search then reads the values and the 4-byte ranks, as for data of
// more than 256 distinct values.
func stripByteRanks(data *treeData, sortMode bool) *treeData {
	c := *data
	c.cols8, c.rows8, c.rank = nil, nil, nil
	if sortMode {
		c.rank = make([][]uint32, c.d)
		for j, col := range c.cols {
			c.rank[j] = denseRanks(col)
		}
	}
	return &c
}

// TestTreeByteRanksSameTree: the byte ranks, by rows for the small nodes
// and by columns for the large ones (tree_ranks8.go), grow the trees that
// the values and 4-byte ranks grow, bit for bit: both modes, both
// criteria, with and without bootstrap weights, on nodes on both sides of
// rowRanksNodeMax.
func TestTreeByteRanksSameTree(t *testing.T) {
	const n, d = 2 * rowRanksNodeMax, 40
	rng := rand.New(rand.NewPCG(8, 21))
	x := matrix.New(n, d)
	y := make([]int, n)
	for i := range n {
		row := x.Row(i)
		for j := range row {
			row[j] = float64(rng.IntN(2+j*6)) / 255 // 2 to 236 grey levels
		}
		y[i] = (int(8*row[1]+5*row[2]) + rng.IntN(3)) % 4
	}
	boot := make([]float64, n)
	for range n {
		boot[rng.IntN(n)]++
	}
	for _, sortMode := range []bool{false, true} {
		sortCols := d
		if sortMode {
			sortCols = 1
		}
		data, err := newTreeDataClass("test", x, y, sortCols)
		if err != nil {
			t.Fatal(err)
		}
		if data.cols8 == nil || data.rows8 == nil {
			t.Fatal("no byte ranks for grey levels")
		}
		plain := stripByteRanks(data, sortMode)
		for _, crit := range []string{"gini", "entropy"} {
			for _, w := range [][]float64{nil, boot} {
				m := d
				if sortMode {
					m = 4
				}
				s := treeSettings{criterion: crit, maxDepth: 1 << 30, minSplit: 2, minLeaf: 1, maxFeatures: m}
				a := growTreeMode(plain, s, w, rand.New(rand.NewPCG(1, 6)), sortMode)
				b := growTreeMode(data, s, w, rand.New(rand.NewPCG(1, 6)), sortMode)
				if !reflect.DeepEqual(a, b) {
					t.Fatalf("sort mode %v, %s, weights %v: byte ranks grow a different tree (%d and %d nodes)", sortMode, crit, w != nil, len(a.Nodes), len(b.Nodes))
				}
				if len(a.Nodes) < 200 {
					t.Fatalf("sort mode %v, %s: only %d nodes", sortMode, crit, len(a.Nodes))
				}
			}
		}
	}
}
