package matrix

import (
	"math"
	"slices"
)

// LU is the factorization PA = LU of a square matrix with partial
// pivoting: P permutes rows, L is unit lower triangular with |lᵢⱼ| ≤ 1 and
// U is upper triangular. It solves square systems, and gives the
// determinant and the inverse.
type LU struct {
	lu    *Dense  // L below the diagonal (unit diagonal implicit), U on and above
	piv   []int   // row i of PA is row piv[i] of A
	sign  float64 // det P = ±1
	anorm float64 // ‖A‖₁, for the condition estimate

	// Row and column scalings r, c that equilibrate A (every row and column
	// of RAC has largest entry 1, as LAPACK's dgeequ computes them), and
	// ‖RAC‖₁. The singularity test uses the condition of RAC, so a matrix
	// that is merely badly scaled (graded) is not called singular.
	r, c  []float64
	bnorm float64
}

// FactorizeLU computes PA = LU by Gaussian elimination with partial
// pivoting: at step k the row with the largest |aᵢₖ| (i ≥ k) is swapped
// into place, the multipliers lᵢₖ = aᵢₖ/aₖₖ are stored, and every row below
// is updated as aᵢ. ← aᵢ. − lᵢₖ aₖ. (a row operation, so the inner loop
// runs along contiguous memory). It costs 2n³/3 flops and is backward
// stable in practice (the growth factor of partial pivoting is small for
// all but contrived matrices).
//
// Special cases: an exactly zero pivot does not stop the factorization
// (the remaining columns are still eliminated) but makes Solve and Inverse
// return ErrSingular; Det is then 0.
//
// Errors: ErrEmpty, ErrNotSquare, ErrNotFinite.
//
// Reference: Golub and Van Loan, Matrix Computations, 4th ed., §3.4.
func FactorizeLU(a *Dense) (*LU, error) {
	if err := checkSquare("lu", a); err != nil {
		return nil, err
	}
	n := a.rows
	f := &LU{lu: a.Clone(), piv: make([]int, n), sign: 1, anorm: Norm1(a)}
	for i := range f.piv {
		f.piv[i] = i
	}
	f.equilibrate(a)
	lu := f.lu
	for k := range n {
		p := k // pivot row: argmax |aᵢₖ| for i ≥ k
		for i := k + 1; i < n; i++ {
			if math.Abs(lu.data[i*lu.stride+k]) > math.Abs(lu.data[p*lu.stride+k]) {
				p = i
			}
		}
		if p != k {
			rp, rk := lu.Row(p), lu.Row(k)
			for j := range rp {
				rp[j], rk[j] = rk[j], rp[j]
			}
			f.piv[p], f.piv[k] = f.piv[k], f.piv[p]
			f.sign = -f.sign
		}
		pivot := lu.data[k*lu.stride+k]
		if pivot == 0 {
			continue // singular: nothing to eliminate with
		}
		rk := lu.Row(k)[k+1:]
		for i := k + 1; i < n; i++ {
			ri := lu.Row(i)
			l := ri[k] / pivot // lᵢₖ = aᵢₖ / aₖₖ
			ri[k] = l
			Axpy(-l, rk, ri[k+1:]) // aᵢⱼ ← aᵢⱼ − lᵢₖ aₖⱼ
		}
	}
	return f, nil
}

// Size returns the order n.
func (f *LU) Size() int { return f.lu.rows }

// L returns the unit lower-triangular factor.
func (f *LU) L() *Dense {
	n := f.lu.rows
	l := Identity(n)
	for i := range n {
		copy(l.Row(i)[:i], f.lu.Row(i)[:i])
	}
	return l
}

// U returns the upper-triangular factor.
func (f *LU) U() *Dense {
	n := f.lu.rows
	u := New(n, n)
	for i := range n {
		copy(u.Row(i)[i:], f.lu.Row(i)[i:])
	}
	return u
}

// Pivots returns the row permutation: row i of PA is row Pivots()[i] of A.
func (f *LU) Pivots() []int { return append([]int(nil), f.piv...) }

// Det returns det A = det P · Πᵢ uᵢᵢ.
func (f *LU) Det() float64 {
	d := f.sign
	for i := range f.lu.rows {
		d *= f.lu.data[i*f.lu.stride+i]
	}
	return d
}

// LogAbsDet returns log|det A| and the sign of det A (0 when singular),
// which stay representable when det A itself overflows or underflows.
func (f *LU) LogAbsDet() (logAbs, sign float64) {
	sign = f.sign
	for i := range f.lu.rows {
		u := f.lu.data[i*f.lu.stride+i]
		if u == 0 {
			return math.Inf(-1), 0
		}
		if u < 0 {
			sign = -sign
		}
		logAbs += math.Log(math.Abs(u))
	}
	return logAbs, sign
}

// Cond returns an estimate of the 1-norm condition number κ₁(A) = ‖A‖₁‖A⁻¹‖₁
// (+Inf for an exactly singular matrix). The estimate of ‖A⁻¹‖₁ is Hager's
// method as refined by Higham: a few solves with A and Aᵀ, never the
// inverse itself; it is a lower bound that is almost always within a
// factor of 3.
//
// Reference: N. J. Higham, "FORTRAN codes for estimating the one-norm of a
// real or complex matrix", ACM TOMS 14 (1988).
func (f *LU) Cond() float64 {
	if f.singularColumn() >= 0 {
		return math.Inf(1)
	}
	return f.anorm * f.invNorm1(func(x []float64, trans bool) { f.solveInPlace(x, trans) })
}

// equilibrate computes the scalings r and c of dgeequ and ‖RAC‖₁. A zero
// row or column gets scale 1 (the matrix is singular anyway).
func (f *LU) equilibrate(a *Dense) {
	n := a.rows
	f.r, f.c = make([]float64, n), make([]float64, n)
	for i := range n {
		f.r[i] = 1
		if m := NormInf(a.Slice(i, i+1, 0, n)); m > 0 {
			f.r[i] = 1 / m
		}
	}
	for j := range n {
		var m float64
		for i := range n {
			m = math.Max(m, f.r[i]*math.Abs(a.data[i*a.stride+j]))
		}
		f.c[j] = 1
		if m > 0 {
			f.c[j] = 1 / m
		}
	}
	colSums := make([]float64, n)
	for i := range n {
		for j, v := range a.Row(i) {
			colSums[j] += math.Abs(f.r[i] * v * f.c[j])
		}
	}
	f.bnorm = slices.Max(colSums)
}

// equilibratedCond estimates κ₁(RAC), applying (RAC)⁻¹ = C⁻¹A⁻¹R⁻¹ through
// the factors of A.
func (f *LU) equilibratedCond() float64 {
	return f.bnorm * f.invNorm1(func(x []float64, trans bool) {
		inner, outer := f.r, f.c // B⁻¹x = C⁻¹ A⁻¹ R⁻¹ x
		if trans {
			inner, outer = f.c, f.r // B⁻ᵀx = R⁻¹ A⁻ᵀ C⁻¹ x
		}
		for i := range x {
			x[i] /= inner[i]
		}
		f.solveInPlace(x, trans)
		for i := range x {
			x[i] /= outer[i]
		}
	})
}

// invNorm1 estimates ‖M⁻¹‖₁ by Hager's method with Higham's refinements,
// given a function that overwrites x with M⁻¹x (or M⁻ᵀx).
func (f *LU) invNorm1(solve func(x []float64, trans bool)) float64 {
	n := f.lu.rows
	x := make([]float64, n)
	for i := range x {
		x[i] = 1 / float64(n)
	}
	est := 0.0
	for iter := 0; iter < 5; iter++ {
		y := append([]float64(nil), x...)
		solve(y, false) // y = M⁻¹x
		newEst := Asum(y)
		if iter > 0 && newEst <= est {
			break
		}
		est = newEst
		z := make([]float64, n) // z = M⁻ᵀ sign(y)
		for i, v := range y {
			z[i] = math.Copysign(1, v)
		}
		solve(z, true)
		j, zmax := 0, 0.0
		for i, v := range z {
			if math.Abs(v) > zmax {
				j, zmax = i, math.Abs(v)
			}
		}
		if iter > 0 && zmax <= Dot(z, x) {
			break
		}
		clear(x)
		x[j] = 1
	}
	return est
}

// singularColumn returns the first column with a zero pivot, or −1.
func (f *LU) singularColumn() int {
	for i := range f.lu.rows {
		if f.lu.data[i*f.lu.stride+i] == 0 {
			return i
		}
	}
	return -1
}

// checkSolvable reports ErrSingular for a zero pivot, or for a matrix so
// ill-conditioned (estimated 1/κ₁ below ε) that a solution would be noise.
func (f *LU) checkSolvable(op string) error {
	if j := f.singularColumn(); j >= 0 {
		return newError(op, ErrSingular, "zero pivot in column %d", j)
	}
	if rc := 1 / f.equilibratedCond(); rc < 0x1p-52 {
		return newError(op, ErrSingular, "numerically singular: reciprocal condition number %.2g (after row and column scaling) is below machine epsilon", rc)
	}
	return nil
}

// SolveVec returns x with A x = b: Ly = Pb by forward substitution, then
// Ux = y by back substitution.
//
// Errors: ErrShape, ErrNotFinite, and ErrSingular for an exactly or
// numerically singular A: a zero pivot, or an estimated reciprocal
// condition number of the equilibrated matrix RAC below ε (R, C scale the
// rows and columns to unit largest entry, so a merely badly scaled matrix
// is not refused; LAPACK's dgesvx reports the same quantity).
func (f *LU) SolveVec(b []float64) ([]float64, error) {
	const op = "lu solve"
	if len(b) != f.lu.rows {
		return nil, newError(op, ErrShape, "right-hand side of length %d for order %d", len(b), f.lu.rows)
	}
	if err := VecFinite(b); err != nil {
		return nil, err
	}
	if err := f.checkSolvable(op); err != nil {
		return nil, err
	}
	x := append([]float64(nil), b...)
	f.solveInPlace(x, false)
	return x, nil
}

// Solve returns X with A X = B for an n×k B, column by column.
func (f *LU) Solve(b *Dense) (*Dense, error) {
	const op = "lu solve"
	if b.rows != f.lu.rows {
		return nil, newError(op, ErrShape, "right-hand side %s for order %d", b.shape(), f.lu.rows)
	}
	if err := b.CheckFinite(); err != nil {
		return nil, err
	}
	if err := f.checkSolvable(op); err != nil {
		return nil, err
	}
	x := New(b.rows, b.cols)
	for j := range b.cols {
		col := b.Col(j)
		f.solveInPlace(col, false)
		x.SetCol(j, col)
	}
	return x, nil
}

// Inverse returns A⁻¹, solving A X = I.
func (f *LU) Inverse() (*Dense, error) {
	return f.Solve(Identity(f.lu.rows))
}

// solveInPlace overwrites x with A⁻¹x, or A⁻ᵀx when trans is set.
func (f *LU) solveInPlace(x []float64, trans bool) {
	lu, n := f.lu, f.lu.rows
	if !trans {
		y := make([]float64, n)
		for i, p := range f.piv { // y = Pb
			y[i] = x[p]
		}
		for i := range n { // L y = Pb, unit diagonal
			y[i] -= Dot(lu.Row(i)[:i], y[:i])
		}
		for i := n - 1; i >= 0; i-- { // U x = y
			ri := lu.Row(i)
			y[i] = (y[i] - Dot(ri[i+1:], y[i+1:])) / ri[i]
		}
		copy(x, y)
		return
	}
	// Aᵀ = Uᵀ Lᵀ P: solve Uᵀ z = x, then Lᵀ w = z, then x = Pᵀ w.
	z := append([]float64(nil), x...)
	for i := range n {
		z[i] /= lu.data[i*lu.stride+i]
		Axpy(-z[i], lu.Row(i)[i+1:], z[i+1:])
	}
	for i := n - 1; i >= 0; i-- {
		Axpy(-z[i], lu.Row(i)[:i], z[:i])
	}
	for i, p := range f.piv {
		x[p] = z[i]
	}
}
