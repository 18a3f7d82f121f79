package learn

import "math"

// The Gini split search with running sums of squared class weights.
//
// scikit-learn's proxy of the impurity decrease of a split (004, "Random
// Forest" › "Decision Trees"), for the Gini index, is
//
//	−w_R·(1 − S_R/w_R²) − w_L·(1 − S_L/w_L²),  S = Σₖ (class weight of k)²,
//
// and treeBuilder.scan evaluates S_L and S_R afresh, a loop over the c
// classes, at every candidate threshold: on the small nodes of a fully
// grown tree, where nearly every position is a candidate, that loop is
// most of the scan. When a sample of class k and weight w moves from the
// right child to the left one, the sums change by
//
//	S_L += w·(2·l_k + w),  S_R −= w·(2·r_k − w)   (l_k, r_k before the move),
//
// so scanGini keeps them up to date in O(1) a sample. With integer
// weights (a forest's bootstrap counts, or none) of total W ≤ 2²⁶ every
// class weight, square and sum of squares is an integer below 2⁵³, exact
// in float64 whatever the order of the additions: the running sums are
// then the very numbers the loop computes, the proxies the same bits, and
// the tree the same (TestTreeGiniRunningSums). Other weights, the entropy
// and regression keep the loop.

// exactGiniMaxWeight is the largest total weight for which the running
// sums of squares are exact: W² ≤ 2⁵².
const exactGiniMaxWeight = 1 << 26

// exactGini reports whether a classification tree with weights w can
// search its Gini splits with running sums of squares (see above).
func exactGini(w []float64) bool {
	sum := 0.0
	for _, v := range w {
		if v != math.Trunc(v) {
			return false
		}
		sum += v
	}
	return sum <= exactGiniMaxWeight
}

// giniProxy is scikit-learn's proxy −w_R·(1 − S_R/w_R²) − w_L·(1 − S_L/w_L²)
// of the Gini decrease of a split, from the children's weights and sums of
// squared class weights; every Gini scan evaluates it through here, so the
// same sums give the same bits.
func giniProxy(wl, wr, sqL, sqR float64) float64 {
	return -wr*(1-sqR/(wr*wr)) - wl*(1-sqL/(wl*wl))
}

// sumSquares returns Σₖ cₖ².
func sumSquares(cnt []float64) float64 {
	sq := 0.0
	for _, c := range cnt {
		sq += c * c
	}
	return sq
}

// scanGini is scan for the Gini index with running sums of squares (valid
// when b.exact): the same best position and proxy. The node's samples idx
// are in the order of feature j, whose value changes where its byte rank
// does (tree_ranks8.go), or, without byte ranks, where col does.
func (b *treeBuilder) scanGini(j int, idx []int32, weight float64) (bestP int, best float64) {
	if b.data.cols8 == nil {
		return b.scanGiniValues(b.data.cols[j], idx, weight)
	}
	best = math.Inf(-1)
	minLeaf, m := b.s.minLeaf, len(idx)
	lsum, total := b.lsum, b.total
	clear(lsum)
	sqL, sqR := 0.0, sumSquares(total)
	wl := 0.0
	yc, w := b.data.yc, b.w
	a, stride, off := b.data.rankView(j, m)
	prev := a[int(idx[0])*stride+off] // the rank at idx[p−1]
	for p := 1; p < m; p++ {
		i := idx[p-1]
		wi, c := w[i], yc[i]
		l := lsum[c]
		sqL += wi * (2*l + wi)            // S_L += w·(2·l_k + w)
		sqR -= wi * (2*(total[c]-l) - wi) // S_R −= w·(2·r_k − w)
		lsum[c] = l + wi
		wl += wi
		r := a[int(idx[p])*stride+off]
		same := r == prev
		prev = r
		if same || p < minLeaf || m-p < minLeaf {
			continue
		}
		if proxy := giniProxy(wl, weight-wl, sqL, sqR); proxy > best {
			best, bestP = proxy, p
		}
	}
	return bestP, best
}

// scanGiniValues is scanGini testing the values col themselves.
func (b *treeBuilder) scanGiniValues(col []float64, idx []int32, weight float64) (bestP int, best float64) {
	best = math.Inf(-1)
	minLeaf, m := b.s.minLeaf, len(idx)
	lsum, total := b.lsum, b.total
	clear(lsum)
	sqL, sqR := 0.0, sumSquares(total)
	wl := 0.0
	yc, w := b.data.yc, b.w
	for p := 1; p < m; p++ {
		i := idx[p-1]
		wi, c := w[i], yc[i]
		l := lsum[c]
		sqL += wi * (2*l + wi)            // S_L += w·(2·l_k + w)
		sqR -= wi * (2*(total[c]-l) - wi) // S_R −= w·(2·r_k − w)
		lsum[c] = l + wi
		wl += wi
		if col[idx[p]] <= col[i] || p < minLeaf || m-p < minLeaf {
			continue
		}
		if proxy := giniProxy(wl, weight-wl, sqL, sqR); proxy > best {
			best, bestP = proxy, p
		}
	}
	return bestP, best
}

// scanGiniKeys is scanGini over a node's samples as sorted keys (sort
// mode, nodeSorter.sortKeys): the value changes where the rank does.
func (b *treeBuilder) scanGiniKeys(keys []uint64, weight float64) (bestP int, best float64) {
	best = math.Inf(-1)
	minLeaf, m := b.s.minLeaf, len(keys)
	lsum, total := b.lsum, b.total
	clear(lsum)
	sqL, sqR := 0.0, sumSquares(total)
	wl := 0.0
	yc, w := b.data.yc, b.w
	for p := 1; p < m; p++ {
		key := keys[p-1]
		i := keySample(key)
		wi, c := w[i], yc[i]
		l := lsum[c]
		sqL += wi * (2*l + wi)            // S_L += w·(2·l_k + w)
		sqR -= wi * (2*(total[c]-l) - wi) // S_R −= w·(2·r_k − w)
		lsum[c] = l + wi
		wl += wi
		if keyRank(keys[p]) == keyRank(key) || p < minLeaf || m-p < minLeaf {
			continue
		}
		if proxy := giniProxy(wl, weight-wl, sqL, sqR); proxy > best {
			best, bestP = proxy, p
		}
	}
	return bestP, best
}
