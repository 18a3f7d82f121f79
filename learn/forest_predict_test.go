package learn

import (
	"runtime"
	"testing"
)

// TestForestVoteBlocks: the forest's vote through flattened trees, block
// by block (forest_predict.go), elects the class the trees elect one row
// at a time through TreeNode (leaf, argmax of the leaf's value, ties to the
// smallest label), on one goroutine and on several, for a row count that
// is not a multiple of the block.
func TestForestVoteBlocks(t *testing.T) {
	x, y := benchClassification(700, 12)
	for i := range y {
		y[i] = (y[i] + i%3) % 3 // three classes
	}
	m, err := RandomForest{Trees: 15, Seed: 3}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	q := x.Slice(0, 2*voteBlock+37, 0, x.Cols())
	want := make([]int, q.Rows())
	for i := range want {
		count := make([]int, len(m.Classes))
		for _, tr := range m.Trees {
			count[argmax(tr.Nodes[tr.leaf(q.Row(i))].Value)]++
		}
		want[i] = m.Classes[argmaxInt(count)]
	}
	for _, procs := range []int{1, 3} {
		old := runtime.GOMAXPROCS(procs)
		got, err := m.Predict(q)
		runtime.GOMAXPROCS(old)
		if err != nil {
			t.Fatal(err)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("GOMAXPROCS %d, row %d: %d, the trees one by one %d", procs, i, got[i], want[i])
			}
		}
	}
}
