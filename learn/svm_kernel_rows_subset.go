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
// is contiguous. A pair's kernel rows then take its points from there (the
// same numbers in the same order, so the same bits as newKernelRows on a
// copy of the pair's points).

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
// the pair is point idx[t] of the set. With byte codes, the pair's codes
// are copied together (an eighth of its points' size): a row reads every
// active point's codes, and those of a pair spread over the whole set's
// took 15 % longer at 10 000 images (more pages and cache sets); the
// points themselves are read in place (flatRows.idx), one xᵢ per row.
// Without codes the rows read every active point's coordinates, which are
// copied together for the same reason.
func (p *pointRows) kernelRows(k Kernel, idx []int) *kernelRows {
	d := p.flat.d
	f := &flatRows{x: p.flat.x, d: d, norms: make([]float64, len(idx)), idx: idx}
	for t, i := range idx {
		f.norms[t] = p.flat.norms[i]
	}
	c := p.codes
	if c == nil {
		f.x = make([]float64, 0, len(idx)*d)
		for _, i := range idx {
			f.x = append(f.x, p.flat.row(i)...)
		}
		f.idx = nil
		// More than 256 distinct entries in the set; perhaps not in the pair.
		return &kernelRows{k: k, flatRows: f, codes: newByteRows(f.x, d)}
	}
	b := &byteRows{codes: make([]uint8, len(idx)*d), table: c.table, d: d, finite: c.finite}
	for t, i := range idx {
		copy(b.row(t), c.row(i))
	}
	return &kernelRows{k: k, flatRows: f, codes: b}
}
