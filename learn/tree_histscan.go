package learn

import (
	"math"
)

// The split search of a classification tree in sort mode by histograms
// over the ranks of a feature's values.
//
// Sorting a node's samples by a drawn feature and scanning them in that
// order (nodeSorter.sort, treeBuilder.scan) visits every sample twice and
// evaluates the impurity only where the value changes. When the feature has
// few distinct values in its column (at most histMaxBins, and bins times
// classes at most four times the node's samples: the 256 grey levels of
// an image at nodes of 640 samples or more for ten classes), one pass can
// instead add each sample's weight to the bin of its value's rank
// and class, and the scan walks the bins in increasing rank: the
// candidate positions are the same (between consecutive distinct values,
// with the same sample counts on each side), and the left-hand class sums
// at each are the same numbers. They are also the same bits when the
// weights are integers (a forest's bootstrap counts), whose sums are exact
// in any order: then the same proxies are compared in the same order, and
// the tree is the one the sort-and-scan search grows, bit for bit
// (TestTreeHistogramSameTree). With other weights, or for regression
// (sums of targets), the search sorts.

// histMaxBins is the most distinct-rank bins a histogram scan uses.
const histMaxBins = 4096

// treeHist holds the histogram scan's bins for one builder, reused from
// node to node: per rank the weighted class counts and the number of
// samples.
type treeHist struct {
	w     []float64 // w[r·k + c]
	count []int32
}

// integerWeights reports whether every weight is an integer below 2⁵³ in
// total, so that sums of them are exact in any order.
func integerWeights(w []float64) bool {
	sum := 0.0
	for _, v := range w {
		if v != math.Trunc(v) {
			return false
		}
		sum += v
	}
	return sum < 1<<53
}

// histValues returns the value of each rank of a column (rank as
// denseRanks gives it), or nil when the column has more than histMaxBins
// distinct values or holds both −0 and +0 (one rank, two values: the
// threshold must then come from the samples themselves, as the sorted
// order gives them).
func histValues(col []float64, rank []uint32) []float64 {
	bins := 0
	for _, r := range rank {
		bins = max(bins, int(r)+1)
	}
	if bins > histMaxBins {
		return nil
	}
	vals := make([]float64, bins)
	neg, pos := false, false
	for i, v := range col {
		vals[rank[i]] = v
		if v == 0 {
			neg, pos = neg || math.Signbit(v), pos || !math.Signbit(v)
		}
	}
	if neg && pos {
		return nil
	}
	return vals
}

// scanHist is scan by the histogram of the ranks of feature j over the
// node's samples list: it returns the same best position p and proxy, the
// neighbouring values vlo < vhi of the sorted order around p, the rank at
// which the left child ends, and whether the feature is constant on the
// node.
func (b *treeBuilder) scanHist(j int, list []int32, weight float64) (bestP int, best, vlo, vhi float64, bestRank uint32, constant bool) {
	vals := b.data.binValues[j]
	k, span := b.k, len(vals)
	h := &b.hist
	if len(h.count) < span {
		h.w = make([]float64, span*k)
		h.count = make([]int32, span)
	}
	hw, cnt := h.w[:span*k], h.count[:span]
	clear(hw)
	clear(cnt)
	yc, w := b.data.yc, b.w
	if b.data.cols8 != nil {
		a, stride, off := b.data.rankView(j, len(list))
		for _, i := range list {
			r := int(a[int(i)*stride+off])
			hw[r*k+int(yc[i])] += w[i]
			cnt[r]++
		}
	} else {
		rank := b.data.rank[j]
		for _, i := range list {
			r := int(rank[i])
			hw[r*k+int(yc[i])] += w[i]
			cnt[r]++
		}
	}

	best = math.Inf(-1)
	minLeaf, m := b.s.minLeaf, len(list)
	lsum, total := b.lsum, b.total
	clear(lsum)
	wl, p := 0.0, 0
	sqL, sqR := 0.0, sumSquares(total) // running sums when b.exact (tree_gini.go)
	prev := -1                         // the last non-empty bin
	for r := range span {
		if cnt[r] == 0 {
			continue
		}
		if prev >= 0 && p >= minLeaf && m-p >= minLeaf {
			// The boundary between bins prev and r: p samples on the left.
			if proxy := b.histProxy(wl, weight-wl, sqL, sqR); proxy > best {
				best, bestP = proxy, p
				vlo, vhi, bestRank = vals[prev], vals[r], uint32(prev)
			}
		}
		bin := hw[r*k : r*k+k]
		if b.exact {
			for c, v := range bin {
				if v != 0 {
					l := lsum[c]
					sqL += v * (2*l + v)            // S_L += w·(2·l_k + w)
					sqR -= v * (2*(total[c]-l) - v) // S_R −= w·(2·r_k − w)
					lsum[c] = l + v
					wl += v
				}
			}
		} else {
			for c, v := range bin {
				lsum[c] += v
				wl += v
			}
		}
		p += int(cnt[r])
		prev = r
	}
	return bestP, best, vlo, vhi, bestRank, p == int(cnt[prev])
}

// histProxy is the proxy of the split whose children weigh wl and wr with
// class sums b.lsum and b.total − b.lsum: from the running sums of squares
// sqL and sqR when b.exact, else summed afresh (as scan does).
func (b *treeBuilder) histProxy(wl, wr, sqL, sqR float64) float64 {
	if b.exact {
		return giniProxy(wl, wr, sqL, sqR)
	}
	lsum, rsum := b.lsum, b.rsum
	if b.entropy {
		for c := range rsum {
			rsum[c] = b.total[c] - lsum[c]
		}
		return -wr*b.classImpurity(rsum, wr) - wl*b.classImpurity(lsum, wl)
	}
	sqL, sqR = 0.0, 0.0 // Gini, as scan evaluates it
	for c, l := range lsum {
		r := b.total[c] - l
		sqL += l * l
		sqR += r * r
	}
	return giniProxy(wl, wr, sqL, sqR)
}

// partitionByRank orders the node's samples list stably into those whose
// rank of feature j is at most r, then the others (the children of a
// split found by scanHist).
func (b *treeBuilder) partitionByRank(j int, list []int32, r uint32) {
	right := b.buf[:len(list)]
	li, ri := 0, 0
	rankOf := func(i int32) uint32 { return b.data.rank[j][i] }
	if b.data.cols8 != nil {
		a, stride, off := b.data.rankView(j, len(list))
		rankOf = func(i int32) uint32 { return uint32(a[int(i)*stride+off]) }
	}
	for _, i := range list {
		g := 0
		if rankOf(i) <= r {
			g = 1
		}
		list[li] = i
		right[ri] = i
		li += g
		ri += 1 - g
	}
	copy(list[li:], right[:ri])
}
