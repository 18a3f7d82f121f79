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
// few distinct values on the node (the 256 grey levels of an image), one
// pass can instead add each sample's weight to the bin of its value's rank
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
// node to node: per rank the weighted class counts, the number of
// samples, and the smallest and largest sample index (whose values give
// the threshold exactly as the sorted order's neighbours would).
type treeHist struct {
	w           []float64 // w[(r−lo)·k + c]
	count       []int32
	first, last []int32
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

// histSpan returns the smallest and largest rank of feature j among the
// node's samples, and whether a histogram over that span is worth filling:
// at most histMaxBins bins, and not many more bins than samples.
func (b *treeBuilder) histSpan(rank []uint32, list []int32) (lo, hi uint32, ok bool) {
	lo, hi = math.MaxUint32, 0
	for _, i := range list {
		r := rank[i]
		lo, hi = min(lo, r), max(hi, r)
	}
	span := int(hi-lo) + 1
	return lo, hi, span <= histMaxBins && span*b.k <= 4*len(list)
}

// scanHist is scan by the histogram of feature j over the node's samples
// list, whose ranks lie in [lo, hi] (lo < hi): it returns the same best
// position p, proxy and the neighbouring values lo, hi of the sorted
// order around p, and the rank at which the left child ends.
func (b *treeBuilder) scanHist(j int, list []int32, lo, hi uint32, weight float64) (bestP int, best, vlo, vhi float64, bestRank uint32) {
	rank, col := b.data.rank[j], b.data.cols[j]
	k, span := b.k, int(hi-lo)+1
	h := &b.hist
	if cap(h.count) < span {
		h.w = make([]float64, histMaxBins*k)
		h.count = make([]int32, histMaxBins)
		h.first, h.last = make([]int32, histMaxBins), make([]int32, histMaxBins)
	}
	hw, cnt := h.w[:span*k], h.count[:span]
	first, last := h.first[:span], h.last[:span]
	clear(hw)
	clear(cnt)
	for r := range first {
		first[r], last[r] = math.MaxInt32, -1
	}
	yc, w := b.data.yc, b.w
	for _, i := range list {
		r := int(rank[i] - lo)
		hw[r*k+int(yc[i])] += w[i]
		cnt[r]++
		first[r], last[r] = min(first[r], i), max(last[r], i)
	}

	best = math.Inf(-1)
	minLeaf, m := b.s.minLeaf, len(list)
	lsum, rsum := b.lsum, b.rsum
	clear(lsum)
	wl, p := 0.0, 0
	prev := -1 // the last non-empty bin
	for r := range span {
		if cnt[r] == 0 {
			continue
		}
		if prev >= 0 && p >= minLeaf && m-p >= minLeaf {
			// The boundary between bins prev and r: p samples on the left.
			wr := weight - wl
			var proxy float64
			if b.entropy {
				for c := range rsum {
					rsum[c] = b.total[c] - lsum[c]
				}
				proxy = -wr*b.classImpurity(rsum, wr) - wl*b.classImpurity(lsum, wl)
			} else { // Gini, as scan evaluates it
				sqL, sqR := 0.0, 0.0
				for c, l := range lsum {
					r := b.total[c] - l
					sqL += l * l
					sqR += r * r
				}
				proxy = -wr*(1-sqR/(wr*wr)) - wl*(1-sqL/(wl*wl))
			}
			if proxy > best {
				best, bestP = proxy, p
				vlo, vhi = col[last[prev]], col[first[r]]
				bestRank = lo + uint32(prev)
			}
		}
		bin := hw[r*k : r*k+k]
		for c, v := range bin {
			lsum[c] += v
			wl += v
		}
		p += int(cnt[r])
		prev = r
	}
	return bestP, best, vlo, vhi, bestRank
}

// partitionByRank orders the node's samples list stably into those whose
// rank of feature j is at most r, then the others (the children of a
// split found by scanHist).
func (b *treeBuilder) partitionByRank(rank []uint32, list []int32, r uint32) {
	right := b.buf[:len(list)]
	li, ri := 0, 0
	for _, i := range list {
		g := 0
		if rank[i] <= r {
			g = 1
		}
		list[li] = i
		right[ri] = i
		li += g
		ri += 1 - g
	}
	copy(list[li:], right[:ri])
}
