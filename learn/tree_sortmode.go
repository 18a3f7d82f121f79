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
// The order wanted is by (value, sample index). Each sample becomes one
// 64-bit key, the rank of its value in the column (fewRanks or
// denseRanks, computed once per fit; read as bytes where tree_ranks8.go
// keeps them so) above its index, so that sorting the keys as integers is
// sorting the samples by (value, index), and the scan that follows reads
// the order, the sample and whether the value changes from one array.
// Nodes of radixMin samples or more are first put in index order (once
// per node: sorting int32s is cheap), then every feature drawn at the
// node is sorted with a stable LSD radix sort on the rank's bytes, which
// keeps equal ranks in index order; the passes of bytes every key shares
// — all but one or two — are skipped. Smaller nodes use insertion sort
// on the whole keys.
type nodeSorter struct {
	byIndex  []int32  // the node's samples in index order
	keys     []uint64 // rank<<32 | index of the node's samples: the last sort's result
	keys2    []uint64
	cand     []int32  // the samples of the last sort, in order (indices)
	best     []uint64 // a copy of the keys of the best feature so far
	forStart int      // the node byIndex was built for: [forStart, forEnd) of b.node
	forEnd   int
}

// radixMin is the node size from which the radix sort beats insertion sort.
const radixMin = 64

func newNodeSorter(m int) *nodeSorter {
	return &nodeSorter{byIndex: make([]int32, m), keys: make([]uint64, m), keys2: make([]uint64, m),
		cand: make([]int32, m), best: make([]uint64, m), forStart: -1}
}

// sortKey is the key of sample i whose value has rank r: sorting keys as
// integers sorts by (rank, index).
func sortKey(r uint32, i int32) uint64 { return uint64(r)<<32 | uint64(uint32(i)) }

// keyRank and keySample take a key apart.
func keyRank(key uint64) uint32  { return uint32(key >> 32) }
func keySample(key uint64) int32 { return int32(uint32(key)) }

// denseRanks returns the rank of every value of col among its distinct
// values (0 for the smallest; −0 and +0 are one value, as the comparisons
// of the presorted lists find them equal). Sorting samples by rank is
// sorting them by value, and ranks below n take two radix passes at most
// (one for the 256 grey levels of an image). col must be finite.
func denseRanks(col []float64) []uint32 {
	distinct := slices.Clone(col)
	slices.Sort(distinct)
	distinct = slices.Compact(distinct)
	rank := make([]uint32, len(col))
	for i, v := range col {
		rank[i] = uint32(lastAtMost(distinct, v))
	}
	return rank
}

// lastAtMost returns the largest index r with s[r] ≤ v, for s sorted
// increasingly and v ≥ s[0]: a binary search whose steps depend on a
// comparison only through the index they move (a conditional move, not
// a branch that mispredicts half the time).
func lastAtMost(s []float64, v float64) int {
	base, n := 0, len(s)
	for n > 1 {
		half := n / 2
		if s[base+half] <= v {
			base += half
		}
		n -= half
	}
	return base
}

// sortKeys returns the keys (sortKey) of the samples of list (the node
// [start, end) of b.node) in feature j of data in increasing order, that
// is by (value, index);
// the result is valid until the next call. All keys have one rank when
// the feature is constant on the node.
func (s *nodeSorter) sortKeys(data *treeData, j int, list []int32, start, end int) []uint64 {
	n := len(list)
	keys := s.keys[:n]
	if n < radixMin {
		lo, hi := data.fillKeys(keys, list, j)
		if lo == hi {
			return keys // constant on the node: nothing to sort, and the caller skips it
		}
		for a := 1; a < n; a++ { // insertion sort on the whole keys
			ka := keys[a]
			b := a
			for ; b > 0 && keys[b-1] > ka; b-- {
				keys[b] = keys[b-1]
			}
			keys[b] = ka
		}
		return keys
	}
	if s.forStart != start || s.forEnd != end {
		s.byIndex = append(s.byIndex[:0], list...)
		slices.Sort(s.byIndex)
		s.forStart, s.forEnd = start, end
	}
	lo, hi := data.fillKeys(keys, s.byIndex, j)
	if lo == hi {
		return keys
	}
	src, dst := keys, s.keys2[:n]
	var count [256]int
	for shift := uint(32); shift < 64 && uint64(hi)>>(shift-32) != 0; shift += 8 { // bytes above hi's are all zero
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
		for _, key := range src {
			b := byte(key >> shift)
			dst[count[b]] = key
			count[b]++
		}
		src, dst = dst, src
	}
	if &src[0] != &keys[0] {
		copy(keys, src)
	}
	return keys
}

// indices returns the samples of keys, in order (valid until the next
// call).
func (s *nodeSorter) indices(keys []uint64) []int32 {
	out := s.cand[:len(keys)]
	for k, key := range keys {
		out[k] = keySample(key)
	}
	return out
}

// keep records keys (the last sort's result) as the best so far.
func (s *nodeSorter) keep(keys []uint64) { s.best = append(s.best[:0], keys...) }

// keptOrder writes the samples of the kept keys into list, in order.
func (s *nodeSorter) keptOrder(list []int32) {
	for k, key := range s.best[:len(list)] {
		list[k] = keySample(key)
	}
}
