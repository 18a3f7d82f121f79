package learn

import "mlnotes/matrix"

// The kernel rows of the one-versus-one machines from data prepared once
// (docs/performance.md, "SMO and the support vector machines"). A c-class
// fit trains c(c − 1)/2 machines, each on the points of two classes, and
// every point takes part in c − 1 of them. Preparing each pair's rows from
// scratch (two copies of its points, their squared norms, their byte codes
// by a hash of every entry) cost 1 s of the 6 s linear fit at 10 000
// Fashion-MNIST images. pointRows prepares the whole training set once:
// the norms, the byte codes, and the rows themselves, read in place when X
// is contiguous. A pair's kernel rows then read its points through their
// indices (flatRows.idx, byteRows.idx): the same numbers in the same
// order, so the same bits as newKernelRows on a copy of the pair's points.

// pointRows holds every training point: its coordinates and squared norm
// (flat), and its byte codes (nil when the set has more than 256 distinct
// entries).
type pointRows struct {
	flat  *flatRows
	codes *byteRows
}

// newPointRows prepares the rows of x, in place when x is contiguous: norms
// summed as newFlatRows sums them, codes as newKernelRows builds them.
func newPointRows(x *matrix.Dense) *pointRows {
	n, d := x.Dims()
	data, stride := x.Raw()
	if stride != d {
		f := newFlatRows(x)
		return &pointRows{flat: f, codes: newByteRows(f.x, d)}
	}
	f := &flatRows{x: data[:n*d], d: d, norms: make([]float64, n)}
	for i := range n {
		f.norms[i] = dot1(f.row(i), f.row(i))
	}
	return &pointRows{flat: f, codes: newByteRows(f.x, d)}
}

// kernelRows returns the kernel rows of the points idx with k: point t of
// the pair is point idx[t] of the set.
func (p *pointRows) kernelRows(k Kernel, idx []int) *kernelRows {
	f := &flatRows{x: p.flat.x, d: p.flat.d, norms: make([]float64, len(idx)), idx: idx}
	for t, i := range idx {
		f.norms[t] = p.flat.norms[i]
	}
	q := &kernelRows{k: k, flatRows: f}
	if c := p.codes; c != nil {
		q.codes = &byteRows{codes: c.codes, table: c.table, d: c.d, finite: c.finite, idx: idx}
	} else {
		// More than 256 distinct entries in the set; perhaps not in the pair.
		q.codes = newByteRowsOf(len(idx), f.d, f.row)
	}
	return q
}
