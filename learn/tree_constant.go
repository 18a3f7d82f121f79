package learn

import "mlnotes/matrix"

// A feature that takes one value on every training sample can never split
// a node (004, "Random Forest" › "Decision Trees": a threshold lies
// between two distinct values of the feature). A tree that tries every feature at every node, in
// index order, finds such a feature constant and skips it, so leaving the
// constant columns out before the columns are sorted grows the same tree,
// bit for bit, at a cost of one pass over X for them instead of a sorted
// list, a rank list and a scan per node each. That is what keeps a sparse
// LIBSVM file of two samples naming feature 2²⁶ quick: its dense matrix
// has 2²⁶ columns, all but two constant zero.
//
// Trees that draw features at random (MaxFeatures < d, a forest's) keep
// every column: the draws are made among all d features.

// varyingColumns returns the indices of the columns of x that take at
// least two values (NaN counts as different from everything) and column 0
// always, or nil when that is every column. Column 0 stays because the
// root's samples are listed in its order, and the sums of a node's
// statistics run in its list's order: with it the sums, and so the tree,
// are the same to the bit.
func varyingColumns(x *matrix.Dense) []int {
	n, d := x.Dims()
	data, stride := x.Raw()
	first := data[:d]
	varies := make([]bool, d)
	varies[0] = true
	for i := 1; i < n; i++ {
		for j, v := range data[i*stride : i*stride+d] {
			if v != first[j] {
				varies[j] = true
			}
		}
	}
	var keep []int
	for j, v := range varies {
		if v || first[j] != first[j] {
			keep = append(keep, j)
		}
	}
	if len(keep) == d {
		return nil
	}
	return keep
}

// dropConstantColumns returns the columns of x that a tree trying every
// feature can split on, and the index in x of each (keep); keep is nil
// when x itself is returned: every column varies, the tree draws features
// at random, or x is not a finite non-empty matrix (for the fit to report).
func (c DecisionTree) dropConstantColumns(x *matrix.Dense) (*matrix.Dense, []int) {
	if x.IsEmpty() || (c.MaxFeatures != 0 && c.MaxFeatures != x.Cols()) {
		return x, nil
	}
	keep := varyingColumns(x)
	if keep == nil || x.CheckFinite() != nil {
		return x, nil
	}
	n := x.Rows()
	out := matrix.New(n, len(keep))
	for i := range n {
		src, dst := x.Row(i), out.Row(i)
		for k, j := range keep {
			dst[k] = src[j]
		}
	}
	return out, keep
}

// restoreColumns renumbers the features of a tree grown on the kept
// columns keep of a d-column matrix to that matrix's: split features map
// through keep, and the dropped columns get importance 0.
func (t *Tree) restoreColumns(keep []int, d int) {
	if keep == nil {
		return
	}
	for k := range t.Nodes {
		if f := t.Nodes[k].Feature; f >= 0 {
			t.Nodes[k].Feature = keep[f]
		}
	}
	imp := make([]float64, d)
	for k, j := range keep {
		imp[j] = t.Importances[k]
	}
	t.Importances = imp
	t.Features = d
}
