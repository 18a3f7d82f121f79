package learn

import (
	"slices"
)

// Growing a tree that draws a few features at every split (a random
// forest's trees: m = √d of d) in "sort mode".
//
// The default builder keeps d lists, each the node's samples sorted by one
// feature, and partitions all d of them at every split: O(d·n) work and
// d·n indices of memory per level, whichever m features are drawn. When
// m ≪ d (Fashion-MNIST: 28 of 784) that memory no longer fits in the
// caches and the partitions dominate. Sort mode keeps one list of the
// node's samples instead and sorts the m drawn features at the node, as
// scikit-learn does: O(m·n log n) per level. Both order a node's samples
// by (value, sample index) — the presorted lists by construction and
// stable partitions, sort mode by its comparison — so both modes grow the
// same tree, bit for bit (TestTreeSortModeSameTree).

// sortModeRatio is how many times fewer features than d must be drawn per
// split for sort mode: its m·log n sorting then costs less than the d
// partitions.
const sortModeRatio = 8

// useSortMode reports whether a tree drawing m of d features per split
// grows in sort mode.
func useSortMode(m, d int) bool { return m*sortModeRatio <= d }

// presortColumns is how many columns a forest's shared data must presort:
// all d of them, unless its trees draw so few features (maxFeatures; zero
// means √d for classification, d for regression) that they grow in sort
// mode, which needs only the root's order, that of column 0.
func presortColumns(maxFeatures, d int, classify bool) int {
	m := maxFeatures
	if m == 0 {
		m = d
		if classify {
			m, _ = MaxFeaturesRule("sqrt", d)
		}
	}
	if useSortMode(m, d) {
		return 1
	}
	return d
}

// keepWeighted returns the samples of order whose weight is positive, in
// that order (cap m).
func keepWeighted(order []int32, w []float64, m int) []int32 {
	l := make([]int32, 0, m)
	for _, i := range order {
		if w[i] > 0 {
			l = append(l, i)
		}
	}
	return l
}

// list returns the node's samples [start, end) in the order of feature key
// (the parent's split feature, whose order the node inherits).
func (b *treeBuilder) list(key, start, end int) []int32 {
	if b.sortMode {
		return b.node[start:end]
	}
	return b.idx[key][start:end]
}

// nodeSorter sorts a node's samples by one feature, reusing its buffers.
//
// The order wanted is by (value, sample index). The samples are first put
// in index order (once per node: sorting int32s is cheap), then every
// feature drawn at the node is sorted by value with a stable LSD radix sort
// on the value's bits made order-preserving as unsigned integers, which
// keeps equal values in index order; the keys are the values' ranks in
// their column (denseRanks, computed once per fit), so that the radix
// passes of bytes every key shares — all but one or two — are skipped.
// Nodes of fewer than radixMin samples use insertion sort.
type nodeSorter struct {
	byIndex  []int32  // the node's samples in index order
	keys     []uint64 // order-preserving bits of the values, in step with cand
	keys2    []uint64
	cand     []int32 // the samples of the last sort, in order
	cand2    []int32
	best     []int32 // a copy of the order of the best feature so far
	forStart int     // the node byIndex was built for: [forStart, forEnd) of b.node
	forEnd   int
}

// radixMin is the node size from which the radix sort beats insertion sort.
const radixMin = 64

func newNodeSorter(m int) *nodeSorter {
	return &nodeSorter{byIndex: make([]int32, m), keys: make([]uint64, m), keys2: make([]uint64, m),
		cand: make([]int32, m), cand2: make([]int32, m), best: make([]int32, m), forStart: -1}
}

// denseRanks returns the rank of every value of col among its distinct
// values (0 for the smallest; −0 and +0 are one value, as the comparisons
// of the presorted lists find them equal). Sorting samples by rank is
// sorting them by value, and ranks below n take two radix passes at most
// (one for the 256 grey levels of an image).
func denseRanks(col []float64) []uint32 {
	distinct := slices.Clone(col)
	slices.Sort(distinct)
	distinct = slices.Compact(distinct)
	rank := make([]uint32, len(col))
	for i, v := range col {
		r, _ := slices.BinarySearch(distinct, v)
		rank[i] = uint32(r)
	}
	return rank
}

// sort returns the samples of list (the node [start, end) of b.node)
// ordered by (rank[i], i), that is by (value, index); the result is valid
// until the next call.
func (s *nodeSorter) sort(rank []uint32, list []int32, start, end int) []int32 {
	n := len(list)
	if s.forStart != start || s.forEnd != end {
		s.byIndex = append(s.byIndex[:0], list...)
		slices.Sort(s.byIndex)
		s.forStart, s.forEnd = start, end
	}
	out, keys := s.cand[:n], s.keys[:n]
	copy(out, s.byIndex)
	lo, hi := ^uint64(0), uint64(0)
	for k, i := range out {
		key := uint64(rank[i])
		keys[k] = key
		lo, hi = min(lo, key), max(hi, key)
	}
	if lo == hi {
		return out // constant on the node (a blank pixel): nothing to sort, and the caller skips it
	}
	if n < radixMin {
		for a := 1; a < n; a++ { // insertion sort, stable
			ka, ia := keys[a], out[a]
			b := a
			for ; b > 0 && keys[b-1] > ka; b-- {
				keys[b], out[b] = keys[b-1], out[b-1]
			}
			keys[b], out[b] = ka, ia
		}
		return out
	}
	src, dst := keys, s.keys2[:n]
	isrc, idst := out, s.cand2[:n]
	var count [256]int
	for shift := uint(0); shift < 64 && hi>>shift != 0; shift += 8 { // bytes above hi's are all zero
		clear(count[:])
		for _, k := range src {
			count[byte(k>>shift)]++
		}
		if count[byte(src[0]>>shift)] == n {
			continue // every key has this byte: the pass would change nothing
		}
		sum := 0
		for b, c := range count {
			count[b] = sum
			sum += c
		}
		for k, key := range src {
			b := byte(key >> shift)
			dst[count[b]], idst[count[b]] = key, isrc[k]
			count[b]++
		}
		src, dst = dst, src
		isrc, idst = idst, isrc
	}
	if &isrc[0] != &out[0] {
		copy(out, isrc)
	}
	return out
}

// keep records order (the last sort's result) as the best so far.
func (s *nodeSorter) keep(order []int32) { s.best = append(s.best[:0], order...) }
