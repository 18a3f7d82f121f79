package matrix

import "math"

// Householder QR.
//
// An m×n matrix A is reduced to upper-trapezoidal form by p = min(m, n)
// reflectors, Hₚ₋₁ ⋯ H₁ H₀ A = R, so A = Q R with Q = H₀ H₁ ⋯ Hₚ₋₁.
// Reflector Hₖ = I − τₖ vₖ vₖᵀ acts on rows k … m−1 and zeroes column k
// below the diagonal (matrix.Householder computes it). Every step is an
// orthogonal transformation, so the computed R is the exact R of A + ΔA
// with ‖ΔA‖_F ≤ c·m·n·ε·‖A‖_F, and the computed Q is orthogonal to
// working precision: the property that Gram–Schmidt lacks.
//
// Layout. In row-major storage column k of A, and with it the Householder
// vector vₖ, is strided by the row length. The factorization therefore
// works on W = Aᵀ (n×m, a copy): column k of A is row k of W, so
//
//   - the reflector is built from a contiguous slice (row k of W), and
//   - Hₖ applied to the trailing columns of A, A ← Hₖ A, is W ← W Hₖ on the
//     trailing rows of W (Hₖ is symmetric): each row w gets
//     w ← w − τₖ (w·vₖ) vₖ, one Dot and one Axpy on contiguous memory
//     (ApplyHouseholderRight).
//
// On return row k of W holds R's column k above the diagonal
// (wₖᵢ = rᵢₖ for i < k), the diagonal rₖₖ at position k and vₖ's tail
// (vₖ₀ = 1 implicit) after it: the LAPACK compact form, transposed. The
// vectors vₖ are thus the rows of Vᵀ, which is the layout the blocked
// version (compact WY, H_k0⋯H_k1−1 = I − V T Vᵀ, qr_blocked.go) wants: it
// builds T from the rows of W and applies each block reflector with two
// matrix products.

// QR is the Householder factorization A = QR of an m×n matrix, kept in
// compact form: Q is represented by its reflectors and never formed unless
// asked for. A QR is immutable once built; its methods may be called
// concurrently.
type QR struct {
	m, n    int
	e       int       // W holds the factors of 2ᵉA (ScaleExponent): R = 2⁻ᵉR_W
	w       *Dense    // n×m: (2ᵉA)ᵀ overwritten with its R (transposed) and the reflectors
	tau     []float64 // τₖ of Hₖ = I − τₖ vₖ vₖᵀ, k < min(m, n)
	colNorm []float64 // ‖aⱼ‖₂ of the columns of the original A, for the rank test
	nb      int       // reflectors per block of the compact WY form; 0: unblocked
	blockT  []*Dense  // T of each block, H_k0⋯H_k1−1 = I − V T Vᵀ (qr_blocked.go)
}

// FactorizeQR computes A = QR for an m×n matrix A (any shape) by
// Householder reflections:
//
//	for k = 0 … min(m,n)−1:
//	    (vₖ, τₖ, rₖₖ) = Householder(aₖₖ, a₍ₖ₊₁:ₘ₎ₖ)     so Hₖ a₍ₖ:ₘ₎ₖ = [rₖₖ; 0]
//	    A[k:m, k+1:n] ← (I − τₖ vₖ vₖᵀ) A[k:m, k+1:n]
//
// From min(m, n) = 2·qrBlock on, the loop runs by panels of qrBlock = 32
// columns: the panel is factored by the loop above (updating only its own
// columns), its reflectors are combined into one block reflector
// I − V T Vᵀ, and the trailing columns are updated by
// A₂ ← (I − V T Vᵀ)ᵀ A₂ = A₂ − V Tᵀ (Vᵀ A₂), two matrix products (LAPACK's
// dgeqrf). The reflectors are the same; only the grouping of the sums in
// the trailing update differs. Q is applied (ApplyQ, ApplyQT, Q, QFull,
// LeastSquares) by the same blocks.
//
// Q is m×m orthogonal and R is m×n upper trapezoidal; the thin forms are
// Q₁ = Q[:, :p] (m×p) and R₁ = R[:p, :] (p×n) with p = min(m, n), and
// A = Q₁R₁. The cost is 2n²(m − n/3) flops for m ≥ n. A is not modified.
// The diagonal of R may have either sign (rₖₖ has the sign opposite to the
// pivot it replaces, as in LAPACK), so R agrees with other libraries up to
// the signs of its rows.
//
// The factorization exists for every A, including rank-deficient ones;
// LeastSquares checks the rank before it divides by R's diagonal.
//
// Implements: 004, "Linear Least Squares Regression"
// (the stable way to the solution W = A⁺Y the notes write with (AᵀA)⁻¹).
//
// Special cases:
//
//	A empty (m = 0 or n = 0)  → error wrapping ErrEmpty
//	A has a NaN or ±Inf        → error wrapping ErrNotFinite
//	A is 1×1                   → Q = [1], R = A (τ = 0: a 1-vector needs no reflection)
//	a column already zero below the diagonal → Hₖ = I (τₖ = 0)
//
// Reference: G. H. Golub and C. F. Van Loan, Matrix Computations, 4th ed.,
// §5.2.2 (Householder QR), §5.2.3 (the WY representation); N. J. Higham,
// Accuracy and Stability of Numerical Algorithms, 2nd ed., ch. 19;
// R. Schreiber and C. Van Loan, "A storage-efficient WY representation for
// products of Householder transformations", SIAM J. Sci. Stat. Comput. 10
// (1989).
func FactorizeQR(a *Dense) (*QR, error) {
	const op = "qr"
	if a.IsEmpty() {
		return nil, newError(op, ErrEmpty, "%s matrix", a.shape())
	}
	if err := a.CheckFinite(); err != nil {
		err.(*Error).Op = op
		return nil, err
	}
	nb := 0
	if min(a.rows, a.cols) >= 2*qrBlock {
		nb = qrBlock
	}
	return factorizeQR(a, nb), nil
}

// factorizeQR factors a validated A, by blocks of nb reflectors (compact
// WY, qr_blocked.go) or, for nb = 0, by the unblocked loop alone.
func factorizeQR(a *Dense, nb int) *QR {
	m, n := a.rows, a.cols
	p := min(m, n)
	// Factor 2ᵉA with max|aᵢⱼ| in [1/2, 1), exactly scaled: the reflectors
	// (hence Q) do not depend on the scale, and β − α in Householder
	// cannot overflow (|R₁₁| = ‖a₁‖ of [[1e308, 1e308], [1e308, −1e308]]
	// is 1.41e308, and β − α = −2.41e308 is not a float64).
	e := ScaleExponent(a)
	f := &QR{m: m, n: n, e: e, w: ScalePow2(e, a).T(), tau: make([]float64, p), colNorm: make([]float64, n)}
	for j := range n {
		f.colNorm[j] = Nrm2(f.w.Row(j)) // ‖aⱼ‖₂, column j of A is row j of W
	}
	if nb > 0 {
		f.factorBlocked(nb)
	} else {
		f.factorColumns(0, p, n, make([]float64, m))
	}
	return f
}

// reflector copies vₖ = [1; tail] into v[:m−k] and returns it.
func (f *QR) reflector(k int, v []float64) []float64 {
	v = v[:f.m-k]
	v[0] = 1
	copy(v[1:], f.w.Row(k)[k+1:])
	return v
}

// Dims returns the dimensions m×n of the factorized matrix.
func (f *QR) Dims() (m, n int) { return f.m, f.n }

// R returns the thin triangular factor R₁, p×n with p = min(m, n), upper
// trapezoidal (upper triangular when m ≥ n).
func (f *QR) R() *Dense {
	p := min(f.m, f.n)
	r := New(p, f.n)
	for j := range f.n {
		wj := f.w.Row(j) // column j of R: rᵢⱼ = wⱼᵢ for i ≤ min(j, p−1)
		for i := 0; i <= j && i < p; i++ {
			r.data[i*r.stride+j] = math.Ldexp(wj[i], -f.e) // undo the scaling (exact unless R is out of range)
		}
	}
	return r
}

// Q returns the thin orthogonal factor Q₁ (m×p, p = min(m, n)), whose
// columns are an orthonormal basis of the range of A when A has full
// column rank. It is accumulated backwards, Q₁ = H₀(H₁(⋯(Hₚ₋₁ [I; 0]))),
// so that each reflector meets only the block it can change: about
// 2mp² − 2p³/3 flops.
func (f *QR) Q() *Dense {
	return f.formQ(min(f.m, f.n))
}

// QFull returns the full m×m orthogonal factor Q = H₀ H₁ ⋯ Hₚ₋₁ of A = QR.
func (f *QR) QFull() *Dense {
	return f.formQ(f.m)
}

// formQ returns the first cols columns of Q.
func (f *QR) formQ(cols int) *Dense {
	q := New(f.m, cols)
	for i := range cols {
		q.data[i*q.stride+i] = 1
	}
	if f.nb > 0 {
		// The blocks backwards, each on the rows and columns from its first
		// reflector on: Q = (I − V₀T₀V₀ᵀ)(⋯((I − V_bT_bV_bᵀ)[I; 0])).
		p := min(f.m, f.n)
		for b := len(f.blockT) - 1; b >= 0; b-- {
			k0 := b * f.nb
			applyBlock(f.panelVT(k0, min(k0+f.nb, p)), f.blockT[b], q.Slice(k0, f.m, k0, cols), false)
		}
		return q
	}
	v := make([]float64, f.m)
	work := make([]float64, cols)
	for k := min(f.m, f.n) - 1; k >= 0; k-- {
		// Rows k… and columns k… are the only part of Hₖ₊₁⋯Hₚ₋₁[I; 0]
		// that differs from the identity and that Hₖ touches.
		ApplyHouseholderLeft(f.tau[k], f.reflector(k, v), q.Slice(k, f.m, k, cols), work)
	}
	return q
}

// ApplyQT returns QᵀB for an m×k matrix B, applying the reflectors in
// turn, QᵀB = Hₚ₋₁ ⋯ H₁ H₀ B, without forming Q (4mpk flops). B is not
// modified.
//
// Errors: ErrShape if B does not have m rows, ErrNotFinite for a NaN or Inf
// in B.
func (f *QR) ApplyQT(b *Dense) (*Dense, error) {
	return f.applyQ("qr apply Qᵀ", b, true)
}

// ApplyQ returns QB for an m×k matrix B (Q is the full m×m factor),
// QB = H₀ H₁ ⋯ Hₚ₋₁ B, without forming Q. B is not modified.
//
// Errors: ErrShape if B does not have m rows, ErrNotFinite for a NaN or Inf
// in B.
func (f *QR) ApplyQ(b *Dense) (*Dense, error) {
	return f.applyQ("qr apply Q", b, false)
}

func (f *QR) applyQ(op string, b *Dense, trans bool) (*Dense, error) {
	if b == nil {
		return nil, errNil(op)
	}
	if b.rows != f.m {
		return nil, newError(op, ErrShape, "%s matrix for Q of order %d", b.shape(), f.m)
	}
	if err := b.CheckFinite(); err != nil {
		err.(*Error).Op = op
		return nil, err
	}
	c := b.Clone()
	f.applyInPlace(c, trans)
	return c, nil
}

// applyInPlace overwrites C (m×k) with QᵀC (trans) or QC.
func (f *QR) applyInPlace(c *Dense, trans bool) {
	if c.cols == 0 {
		return
	}
	p := min(f.m, f.n)
	if f.nb > 0 {
		// Qᵀ = (I − V_bT_bV_bᵀ)ᵀ⋯(I − V₀T₀V₀ᵀ)ᵀ: block 0 first; Q: the last first.
		nblocks := len(f.blockT)
		for s := range nblocks {
			b := s
			if !trans {
				b = nblocks - 1 - s
			}
			k0 := b * f.nb
			applyBlock(f.panelVT(k0, min(k0+f.nb, p)), f.blockT[b], c.Slice(k0, f.m, 0, c.cols), trans)
		}
		return
	}
	v := make([]float64, f.m)
	work := make([]float64, c.cols)
	for s := range p {
		k := s // Qᵀ = Hₚ₋₁⋯H₀: H₀ first
		if !trans {
			k = p - 1 - s // Q = H₀⋯Hₚ₋₁: Hₚ₋₁ first
		}
		// C[k:m, :] ← Hₖ C[k:m, :]: w = C[k:m,:]ᵀvₖ, then C −= τₖ vₖ wᵀ, both along rows of C.
		ApplyHouseholderLeft(f.tau[k], f.reflector(k, v), c.Slice(k, f.m, 0, c.cols), work)
	}
}

// LeastSquares returns the X (n×k) that minimizes ‖AX − B‖_F for an m×k B,
// that is, each column xⱼ minimizes ‖A xⱼ − bⱼ‖₂, when A (m×n) has m ≥ n
// and full column rank. Writing QᵀB = [C₁; C₂] (n and m−n rows),
//
//	‖AX − B‖² = ‖R₁X − C₁‖² + ‖C₂‖²,
//
// so X solves the triangular system R₁X = C₁ and the residual norm is
// ‖C₂‖. This is the solution W = (AᵀA)⁻¹AᵀY = A⁺Y of the notes without
// forming AᵀA, whose condition number is κ(A)²: the QR route loses digits
// in proportion to κ(A), the normal equations to κ(A)².
//
// Implements: 004, "Linear Least Squares Regression";
// 002, "Linear Regression in ℝ^d".
//
// The rank test: column j counts as dependent on the columns before it when
//
//	|rⱼⱼ| ≤ max(m, n)·ε·‖aⱼ‖₂,
//
// because |rⱼⱼ| is the distance of aⱼ from the span of a₀ … aⱼ₋₁, and a
// distance below the rounding error of aⱼ itself carries no information.
// Measuring against ‖aⱼ‖ rather than |r₀₀| keeps the test blind to column
// scaling, which does not change the least-squares problem. Without column
// pivoting QR cannot reveal every near rank deficiency: for those, and
// whenever a minimum-norm answer is wanted, use the SVD (LeastSquares).
//
// Special cases:
//
//	B does not have m rows     → error wrapping ErrShape
//	B has a NaN or ±Inf        → error wrapping ErrNotFinite
//	m < n (under-determined)   → error wrapping ErrRankDeficient: use the
//	                             SVD-based LeastSquares(a, b) for the minimum-norm solution
//	rank test fails            → error wrapping ErrRankDeficient naming the column
//	m = n                      → the solution of A X = B, with zero residual
//
// Reference: Golub and Van Loan, Matrix Computations, 4th ed., §5.3.3;
// Higham, Accuracy and Stability of Numerical Algorithms, 2nd ed., §20.2.
func (f *QR) LeastSquares(b *Dense) (*Dense, error) {
	const op = "qr least squares"
	if b == nil {
		return nil, errNil(op)
	}
	m, n := f.m, f.n
	if m < n {
		return nil, newError(op, ErrRankDeficient, "under-determined %d×%d system (m < n) has no unique solution: use LeastSquares (SVD) for the minimum-norm one", m, n)
	}
	if b.rows != m {
		return nil, newError(op, ErrShape, "right-hand side %s for a %d×%d matrix", b.shape(), m, n)
	}
	if err := b.CheckFinite(); err != nil {
		err.(*Error).Op = op
		return nil, err
	}
	tol := float64(max(m, n)) * machineEpsilon
	for j := range n {
		if rjj := f.w.data[j*f.w.stride+j]; !(math.Abs(rjj) > tol*f.colNorm[j]) {
			return nil, newError(op, ErrRankDeficient, "column %d: |r_jj| = %.3g ≤ max(m,n)·ε·‖a_j‖ = %.3g (use the SVD-based LeastSquares)", j, math.Abs(rjj), tol*f.colNorm[j])
		}
	}
	// X = R⁻¹QᵀB = 2ᵉ⁻ʲ·R_W⁻¹Qᵀ(2ʲB), with 2ʲ bringing B near 1 as 2ᵉ did A.
	j := ScaleExponent(b)
	c := ScalePow2(j, b)
	f.applyInPlace(c, true) // C = Qᵀ(2ʲB)
	x := c.Slice(0, n, 0, b.cols).Clone()
	f.solveR(x)
	return ScalePow2(f.e-j, x), nil
}

// solveR overwrites the n×k matrix X with R₁⁻¹X (back substitution,
// column-oriented): for j = n−1 … 0, xⱼ ← xⱼ/rⱼⱼ, then xᵢ ← xᵢ − rᵢⱼ xⱼ
// for i < j, where xᵢ is row i of X. Column j of R is row j of W, so rᵢⱼ
// for i < j is a contiguous slice.
func (f *QR) solveR(x *Dense) {
	if x.cols == 0 {
		return
	}
	for j := f.n - 1; j >= 0; j-- {
		wj, xj := f.w.Row(j), x.Row(j)
		for c := range xj {
			xj[c] /= wj[j] // xⱼ = cⱼ / rⱼⱼ (after the updates below from later rows)
		}
		for i, rij := range wj[:j] {
			Axpy(-rij, xj, x.Row(i)) // xᵢ ← xᵢ − rᵢⱼ xⱼ
		}
	}
}
