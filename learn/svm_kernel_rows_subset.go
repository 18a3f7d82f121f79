package learn

import "mlnotes/matrix"

// The kernel rows of the one-versus-one machines from data prepared once
// (docs/performance.md, "SMO and the support vector machines"). A c-class
// fit trains c(c − 1)/2 machines, each on the points of two classes, and
// every point takes part in c − 1 of them. Preparing each pair's rows from
// scratch (a second copy of its points, their squared norms, their byte
// codes by a hash of every entry) cost 0.5 s of the 6 s linear fit at
// 10 000 Fashion-MNIST images. pointRows prepares the whole training set
// once; a pair's kernel rows then read its points in place from the copy
// the machine keeps (rowsOf), and take the norms and codes of its points
// from the whole set: the same bits as newKernelRows on the pair's points.

// pointRows holds the squared norms and the byte codes (nil when the set
// has more than 256 distinct entries) of every training point.
type pointRows struct {
	norms []float64
	codes *byteRows
}

// newPointRows prepares the rows of x: norms summed as dot1 sums them, and
// codes as newByteRows builds them.
func newPointRows(x *matrix.Dense) *pointRows {
	n, d := x.Dims()
	p := &pointRows{norms: make([]float64, n)}
	for i := range n {
		p.norms[i] = dot1(x.Row(i), x.Row(i))
	}
	if data, stride := x.Raw(); stride == d {
		p.codes = newByteRows(data[:n*d], d)
	}
	return p
}

// kernelRows returns the kernel rows of the points idx, whose coordinates
// are the rows of sub (row t of sub is point idx[t]), with k.
func (p *pointRows) kernelRows(k Kernel, idx []int, sub *matrix.Dense) *kernelRows {
	data, stride := sub.Raw()
	n, d := sub.Dims()
	if stride != d || p.codes == nil {
		return newKernelRows(k, sub)
	}
	f := &flatRows{x: data[:n*d], d: d, norms: make([]float64, n)}
	b := &byteRows{codes: make([]uint8, n*d), table: p.codes.table, d: d, finite: p.codes.finite}
	for t, i := range idx {
		f.norms[t] = p.norms[i]
		copy(b.row(t), p.codes.row(i))
	}
	return &kernelRows{k: k, flatRows: f, codes: b}
}
