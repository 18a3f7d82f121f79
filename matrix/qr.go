package matrix

import "math"

// QR is the Householder factorization A = QR of an m×n matrix: Q is m×m
// orthogonal, stored implicitly as k = min(m, n) reflectors
// Hⱼ = I − τⱼ vⱼ vⱼᵀ with Q = H₀H₁…Hₖ₋₁, and R is upper trapezoidal.
type QR struct {
	qr  *Dense    // R on and above the diagonal, vⱼ below it (vⱼ[j] = 1 implicit)
	tau []float64 // τⱼ
}

// FactorizeQR computes A = QR by Householder reflections: step j chooses Hⱼ
// to zero column j below the diagonal and applies it to the columns to the
// right. Each step is an exact orthogonal transformation up to rounding,
// which makes the factorization backward stable (unlike Gram–Schmidt, whose
// Q loses orthogonality on ill-conditioned input). Cost 2n²(m − n/3) flops.
//
// Layout: the reflector vector of column j is gathered into a contiguous
// buffer; applying Hⱼ is then w = Aᵀv followed by A −= τ v wᵀ, both of which
// run along the rows of the row-major storage.
//
// Errors: ErrEmpty, ErrNotFinite.
//
// Reference: Golub and Van Loan, Matrix Computations, 4th ed., §5.2.
func FactorizeQR(a *Dense) (*QR, error) {
	if a.IsEmpty() {
		return nil, newError("qr", ErrEmpty, "%s matrix", a.shape())
	}
	if err := a.CheckFinite(); err != nil {
		err.(*Error).Op = "qr"
		return nil, err
	}
	m, n := a.rows, a.cols
	k := min(m, n)
	f := &QR{qr: a.Clone(), tau: make([]float64, k)}
	v := make([]float64, m)
	work := make([]float64, n)
	for j := range k {
		// Gather column j from the diagonal down: [α; x].
		vj := v[:m-j]
		for i := range vj {
			vj[i] = f.qr.data[(j+i)*f.qr.stride+j]
		}
		beta, tau := Householder(vj[0], vj[1:]) // Hⱼ[α; x] = [β; 0]
		vj[0] = 1
		f.tau[j] = tau
		// Apply Hⱼ to the trailing columns j+1..n−1, rows j..m−1.
		if j+1 < n {
			ApplyHouseholderLeft(tau, vj, f.qr.Slice(j, m, j+1, n), work)
		}
		// Store β as r_jj and the tail of vⱼ below it.
		f.qr.data[j*f.qr.stride+j] = beta
		for i := 1; i < len(vj); i++ {
			f.qr.data[(j+i)*f.qr.stride+j] = vj[i]
		}
	}
	return f, nil
}

// Dims returns m and n, the dimensions of A.
func (f *QR) Dims() (m, n int) { return f.qr.rows, f.qr.cols }

// R returns the min(m,n)×n upper-trapezoidal factor of the thin
// factorization A = Q₁R.
func (f *QR) R() *Dense {
	m, n := f.qr.Dims()
	k := min(m, n)
	r := New(k, n)
	for i := range k {
		copy(r.Row(i)[i:], f.qr.Row(i)[i:])
	}
	return r
}

// reflector copies vⱼ (with its implicit leading 1) into v[:m−j].
func (f *QR) reflector(j int, v []float64) []float64 {
	m := f.qr.rows
	vj := v[:m-j]
	vj[0] = 1
	for i := 1; i < len(vj); i++ {
		vj[i] = f.qr.data[(j+i)*f.qr.stride+j]
	}
	return vj
}

// applyQ overwrites the m-row matrix b with Qb (trans false) or Qᵀb.
func (f *QR) applyQ(b *Dense, trans bool) {
	m := f.qr.rows
	k := len(f.tau)
	v := make([]float64, m)
	work := make([]float64, b.cols)
	for s := range k {
		j := k - 1 - s // Q b = H₀(H₁(…Hₖ₋₁ b)): the last reflector first
		if trans {
			j = s // Qᵀ b = Hₖ₋₁(…(H₀ b))
		}
		vj := f.reflector(j, v)
		ApplyHouseholderLeft(f.tau[j], vj, b.Slice(j, m, 0, b.cols), work)
	}
}

// Q returns the m×min(m,n) matrix Q₁ of the thin factorization, whose
// orthonormal columns span the range of A (when A has full column rank).
func (f *QR) Q() *Dense {
	m, n := f.qr.Dims()
	q := New(m, min(m, n))
	for i := range min(m, n) {
		q.data[i*q.stride+i] = 1
	}
	f.applyQ(q, false)
	return q
}

// QFull returns the whole m×m orthogonal Q.
func (f *QR) QFull() *Dense {
	q := Identity(f.qr.rows)
	f.applyQ(q, false)
	return q
}

// ApplyQ returns Q·B for an m-row B, without forming Q.
func (f *QR) ApplyQ(b *Dense) (*Dense, error) {
	if b.rows != f.qr.rows {
		return nil, newError("qr apply", ErrShape, "%s operand for Q of order %d", b.shape(), f.qr.rows)
	}
	c := b.Clone()
	f.applyQ(c, false)
	return c, nil
}

// ApplyQT returns Qᵀ·B for an m-row B, without forming Q.
func (f *QR) ApplyQT(b *Dense) (*Dense, error) {
	if b.rows != f.qr.rows {
		return nil, newError("qr apply", ErrShape, "%s operand for Q of order %d", b.shape(), f.qr.rows)
	}
	c := b.Clone()
	f.applyQ(c, true)
	return c, nil
}

// LeastSquares returns the X (n×k) minimizing ‖AX − B‖_F for an m×k B,
// when m ≥ n and A has full column rank: with Qᵀb = [c; d], the solution
// solves Rx = c and the residual norm is ‖d‖. This is the notes' normal
// equation AᵀAx = Aᵀb solved without forming AᵀA, whose condition number
// is the square of A's.
//
// Errors: ErrShape; ErrRankDeficient when m < n or some |rⱼⱼ| is at most
// max(m,n)·ε·maxᵢ|rᵢᵢ| (use the SVD-based LeastSquares, which returns the
// minimum-norm solution, for such problems). Without column pivoting this
// test can miss some rank deficiencies of ill-conditioned matrices; the SVD
// path does not.
//
// Implements: 004, "Linear Least Squares Regression"; 002, "Linear
// Regression in ℝᵈ".
func (f *QR) LeastSquares(b *Dense) (*Dense, error) {
	const op = "qr least squares"
	m, n := f.qr.Dims()
	if b.rows != m {
		return nil, newError(op, ErrShape, "right-hand side %s for A %d×%d", b.shape(), m, n)
	}
	if err := b.CheckFinite(); err != nil {
		return nil, err
	}
	if m < n {
		return nil, newError(op, ErrRankDeficient, "%d×%d is under-determined; use LeastSquares (SVD) for the minimum-norm solution", m, n)
	}
	var rmax float64
	for j := range n {
		rmax = math.Max(rmax, math.Abs(f.qr.data[j*f.qr.stride+j]))
	}
	tol := float64(max(m, n)) * 0x1p-52 * rmax
	for j := range n {
		if math.Abs(f.qr.data[j*f.qr.stride+j]) <= tol {
			return nil, newError(op, ErrRankDeficient, "|r[%d,%d]| ≤ %.2g", j, j, tol)
		}
	}
	c, _ := f.ApplyQT(b) // c = Qᵀb
	x := New(n, b.cols)
	col := make([]float64, n)
	for s := range b.cols {
		for i := range n {
			col[i] = c.data[i*c.stride+s]
		}
		for i := n - 1; i >= 0; i-- { // back substitution R x = c
			ri := f.qr.Row(i)
			col[i] = (col[i] - Dot(ri[i+1:n], col[i+1:])) / ri[i]
		}
		x.SetCol(s, col)
	}
	return x, nil
}
