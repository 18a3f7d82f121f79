package learn

import (
	"runtime"
	"sync"

	"mlnotes/matrix"
)

// A forest's vote, evaluated tree by tree over blocks of rows.
//
// Walking each row through the hundred trees one after the other reads
// every tree's nodes from memory for every row: the TreeNode records (80
// bytes each, with their Value slices) of a forest grown on 10 000 images
// outgrow the caches. Predict instead flattens each tree once into 24-byte
// records (flatNode) whose leaves carry their vote, and sends a block of
// rows through one tree before the next, so that a tree's nodes stay in the
// cache for the whole block. The comparisons x[f] ≤ t and the votes are
// those of Tree.leaf and argmax, so the predictions are the same.

// flatNode is a node of a flattened tree: a split x[feat] ≤ thr → left,
// else right; or, with feat = −1, a leaf voting for class index left.
type flatNode struct {
	thr         float64
	feat        int32
	left, right int32
}

// flatten returns the tree's nodes as flatNodes, in the same order.
func (m *TreeClassifierModel) flatten() []flatNode {
	out := make([]flatNode, len(m.Nodes))
	for k := range m.Nodes {
		n := &m.Nodes[k]
		if n.Feature < 0 {
			out[k] = flatNode{feat: -1, left: int32(argmax(n.Value))}
			continue
		}
		out[k] = flatNode{thr: n.Threshold, feat: int32(n.Feature), left: int32(n.Left), right: int32(n.Right)}
	}
	return out
}

// voteBlock is the number of rows a block of the vote sends through each
// tree in turn.
const voteBlock = 128

// votes returns the number of trees voting for each class (n × classes,
// counts in row-major order) for every row of X.
func (m *ForestModel) votes(x *matrix.Dense) []int32 { return m.votesOutOfBag(x, nil) }

// votesOutOfBag is votes counting, for each row i, only the trees b whose
// bootstrap sample left it out (!inBag[b][i]); inBag nil counts every
// tree. With the training set as X, this is the out-of-bag vote.
func (m *ForestModel) votesOutOfBag(x *matrix.Dense, inBag [][]bool) []int32 {
	k := len(m.Classes)
	trees := make([][]flatNode, len(m.Trees))
	for b, t := range m.Trees {
		trees[b] = t.flatten()
	}
	n := x.Rows()
	count := make([]int32, n*k)
	blocks := (n + voteBlock - 1) / voteBlock
	workers := min(runtime.GOMAXPROCS(0), blocks)
	var wg sync.WaitGroup
	for w := range workers { // worker w takes the blocks w, w + workers, …
		wg.Go(func() {
			for blk := w; blk < blocks; blk += workers {
				lo := blk * voteBlock
				voteRows(trees, x, lo, min(n, lo+voteBlock), count, k, inBag)
			}
		})
	}
	wg.Wait()
	return count
}

// voteRows adds the votes of every tree for the rows [lo, hi) to count,
// one tree over all the rows before the next, leaving out the rows in the
// tree's bag (inBag[b][i]; inBag nil: none).
func voteRows(trees [][]flatNode, x *matrix.Dense, lo, hi int, count []int32, k int, inBag [][]bool) {
	for b, nodes := range trees {
		for i := lo; i < hi; i++ {
			if inBag != nil && inBag[b][i] {
				continue
			}
			row := x.Row(i)
			j := int32(0)
			for nodes[j].feat >= 0 {
				nd := &nodes[j]
				if row[nd.feat] <= nd.thr {
					j = nd.left
				} else {
					j = nd.right
				}
			}
			count[i*k+int(nodes[j].left)]++
		}
	}
}
