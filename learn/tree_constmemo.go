package learn

// Features known to be constant on a node.
//
// A feature that takes one value on a node's samples takes one value on
// every subset of them, so it is constant on all the node's descendants,
// and the split search skips it there (004, "Random Forest" › "Decision
// Trees": a threshold lies between two distinct values). Rechecking it at
// each of them cost a pass over the node's samples per draw — deep in a
// forest's trees most of the 784 pixels of Fashion-MNIST are blank on a
// node's few images, and a node keeps drawing until MaxFeatures
// non-constant features are found. The builder remembers them instead, as
// scikit-learn's splitter does, on a stack: a feature found constant at a
// node is marked until the node's subtree is grown. The draws themselves
// are unchanged (a known constant is still drawn, and skipped as before),
// so the tree is the same; the presorted lists of a constant feature are
// not partitioned either, since no descendant reads them.

// markConstant records that feature j is constant on the node being split
// and on its subtree.
func (b *treeBuilder) markConstant(j int) {
	b.constant[j] = true
	b.constants = append(b.constants, j)
}

// forgetConstants unmarks the features marked since the stack held mark
// entries: the node that found them is done.
func (b *treeBuilder) forgetConstants(mark int) {
	for _, j := range b.constants[mark:] {
		b.constant[j] = false
	}
	b.constants = b.constants[:mark]
}
