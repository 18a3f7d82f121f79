package learn

// The ranks of the data as bytes, by columns and by rows.
//
// The split search reads, at every node, the rank of each of its samples'
// values in the features it tries (nodeSorter.sortKeys, scanHist, and the
// presorted scans' test for a change of value): one read per sample and
// feature. Those reads are most of the memory traffic of a tree: as 8-byte
// values or 4-byte ranks in columns of n entries, the few reads of a small
// node land on a different cache line each — a node of 300 images touches
// 300 lines in each of the columns it tries, and its children try others —
// so deep in the tree nearly every read missed the caches: half of a
// forest's time and of a single tree's on Fashion-MNIST (10 000 images,
// 784 pixels). When every column has at most 256 distinct values (grey
// levels), treeData keeps the ranks as bytes twice:
//
//   - by columns (cols8, n bytes per feature: a quarter of the lines of
//     the 4-byte ranks), read by the nodes of more than rowRanksNodeMax
//     samples, whose reads cover a good part of a column;
//   - by rows (rows8, d bytes per sample), read by the smaller nodes: a
//     node's samples occupy n rows, and its whole subtree reads nothing
//     else, so after its first features its reads hit the cache.
//
// The ranks are the same numbers in every layout, the comparisons the same,
// and so is the tree.

// rowRanksNodeMax is the largest node that reads its ranks by rows: the
// rows of its samples (784 bytes each for an image, 0.8 MB in all) then
// stay in a 2 MB second-level cache. (On Fashion-MNIST, 10 000 images,
// 100 trees, one core: 1024 and 2048 within the noise of each other, 4096
// and above slower, by columns only 1.7 times slower.)
const rowRanksNodeMax = 1024

// transposeRanks returns the n×d ranks by rows (rows[i·d + j]) from the
// ranks by columns (cols[j·n + i]).
func transposeRanks(cols []uint8, n, d int) []uint8 {
	rows := make([]uint8, n*d)
	const block = 64 // rows per block: the block's rows stay in cache while the columns are read
	for lo := 0; lo < n; lo += block {
		hi := min(n, lo+block)
		for j := range d {
			col := cols[j*n : j*n+n]
			for i := lo; i < hi; i++ {
				rows[i*d+j] = col[i]
			}
		}
	}
	return rows
}

// rankView returns where a node of n samples reads the byte ranks of
// feature j (t.cols8 must be set): the rank of sample i is a[i·stride + off].
func (t *treeData) rankView(j, n int) (a []uint8, stride, off int) {
	if n <= rowRanksNodeMax {
		return t.rows8, t.d, j
	}
	return t.cols8[j*t.n : (j+1)*t.n], 1, 0
}

// fillKeys sets keys[k] to the sort key of sample order[k] in feature j
// and returns the smallest and largest rank.
func (t *treeData) fillKeys(keys []uint64, order []int32, j int) (lo, hi uint32) {
	lo = ^uint32(0)
	if t.cols8 != nil {
		a, stride, off := t.rankView(j, len(order))
		for k, i := range order {
			r := uint32(a[int(i)*stride+off])
			keys[k] = sortKey(r, i)
			lo, hi = min(lo, r), max(hi, r)
		}
		return lo, hi
	}
	rank := t.rank[j]
	for k, i := range order {
		r := rank[i]
		keys[k] = sortKey(r, i)
		lo, hi = min(lo, r), max(hi, r)
	}
	return lo, hi
}
