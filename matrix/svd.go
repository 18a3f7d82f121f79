package matrix

import (
	"math"
	"slices"
	"sort"
)

// SVDKind selects what FactorizeSVD computes.
type SVDKind int

const (
	// SVDThin computes U (m×k), Σ and V (n×k) with k = min(m, n). It is the
	// zero value.
	SVDThin SVDKind = iota
	// SVDFull computes U (m×m) and V (n×n).
	SVDFull
	// SVDValues computes the singular values only.
	SVDValues
)

// SVDMethod selects the algorithm of FactorizeSVDWith.
type SVDMethod int

const (
	// SVDGolubKahan is Householder bidiagonalization followed by the
	// implicit-shift bidiagonal QR iteration (Golub–Kahan–Reinsch, with
	// the Demmel–Kahan zero shift), after a Householder QR when the matrix
	// is tall. It is the zero value and the default: backward stable and
	// several times faster than Jacobi.
	SVDGolubKahan SVDMethod = iota
	// SVDJacobi is one-sided (Hestenes) Jacobi on the R of a Householder
	// QR. It is slower (several sweeps of n²/2 rotations) but computes
	// every singular value, even tiny ones of a graded matrix, to high
	// relative accuracy when A = B·D with B well conditioned and D a
	// diagonal scaling of the columns.
	SVDJacobi
)

// SVDOptions configures FactorizeSVDWith. The zero value computes the thin
// SVD by Golub–Kahan–Reinsch.
type SVDOptions struct {
	// Kind selects what is computed (default SVDThin).
	Kind SVDKind
	// Method selects the algorithm (default SVDGolubKahan).
	Method SVDMethod
}

// SVD is the singular value decomposition A = UΣVᵀ of an m×n matrix, with
// σ₁ ≥ σ₂ ≥ … ≥ 0.
//
// The default algorithm is Golub–Kahan–Reinsch: A = U_B B V_Bᵀ with B upper
// bidiagonal (Householder reflectors from both sides), then B = U' Σ V'ᵀ by
// the implicit-shift QR iteration on B, U = U_B U', V = V_B V'. A tall
// matrix (m ≥ 1.6n) is first reduced to its n×n triangle R by Householder
// QR, so the bidiagonalization and the rotations work on n×n, not m×n.
// We measured both candidates (docs/performance.md): one-sided Jacobi is
// the shorter program and the more accurate one for tiny singular values
// of graded matrices, but each of its sweeps costs about 6n³ flops and it
// needs 6 to 10 of them, while Golub–Kahan–Reinsch costs 8n³/3 for the
// reduction plus about two sweeps of at most n rotations per singular
// value, each rotation touching two columns of U and V, applied as whole
// sequences to contiguous rows. Jacobi stays available as SVDJacobi.
//
// Sign rule: the largest-magnitude entry of every column uⱼ is positive
// (vⱼ follows), as scikit-learn's svd_flip does, so results are stable.
type SVD struct {
	s    []float64 // σ of A, descending (±Inf or 0 where σ is beyond float64)
	ss   []float64 // σ of the scaled 2ᵏA, descending: always in range
	k    int       // the exponent of the scaling (matrix.ScaleExponent)
	u, v *Dense    // nil for SVDValues
	m, n int
	kind SVDKind
}

// maxJacobiSweeps bounds the sweeps of one-sided Jacobi; quadratic
// convergence makes 10 or fewer typical.
const maxJacobiSweeps = 60

// FactorizeSVD computes the singular value decomposition of A by the
// default method, Golub–Kahan–Reinsch; it is FactorizeSVDWith(a,
// SVDOptions{Kind: kind}).
//
//	A = U Σ Vᵀ,  A is m×n, U is m×k (m×m for SVDFull), Σ = diag(σ₁ ≥ … ≥ σₖ ≥ 0),
//	V is n×k (n×n for SVDFull), k = min(m, n).
//
// The steps are: scale A by a power of two (exact) so that its largest
// entry is near 1 and no square can overflow; if m ≥ 1.6n, A = QR (FactorizeQR) and continue
// with R; bidiagonalize, A = U_B B V_Bᵀ (bidiagonalize, 4mn² − 4n³/3
// flops); diagonalize B by implicit-shift QR sweeps (bidiagonalQR), whose
// rotations update U_B and V_B; make σ non-negative and sort them; for the
// QR path U = Q·[U_R; 0]. The computed factors are those of A + ΔA with
// ‖ΔA‖ ≤ c·max(m,n)·ε·‖A‖, and U, V are orthogonal to working precision.
// A wide A (m < n) is factorized through Aᵀ = VΣUᵀ.
//
// Implements: 004, "Linear Least Squares Regression"
// (the pseudo-inverse by the SVD).
//
// Special cases:
//
//	A empty               → error wrapping ErrEmpty
//	A has a NaN or ±Inf   → error wrapping ErrNotFinite
//	A = 0                 → all σ = 0, U and V orthogonal (not unique)
//	entries subnormal or near overflow → exact scaling by 2ᵏ, k up to ±1074;
//	                        σ below 2⁻¹⁰²² carry only a subnormal's precision
//	repeated or zero σ    → the corresponding columns of U and V are an
//	                        orthonormal basis of the singular subspace, not unique
//	no convergence        → error wrapping ErrNoConvergence (after 6n² inner
//	                        steps; not seen in practice)
//
// Reference: G. H. Golub and C. Reinsch, "Singular value decomposition and
// least squares solutions", Numer. Math. 14 (1970); J. Demmel and W. Kahan,
// "Accurate singular values of bidiagonal matrices", SIAM J. Sci. Stat.
// Comput. 11 (1990); Golub and Van Loan, Matrix Computations, 4th ed.,
// §8.6; LAPACK's dgesvd and dbdsqr.
func FactorizeSVD(a *Dense, kind SVDKind) (*SVD, error) {
	return FactorizeSVDWith(a, SVDOptions{Kind: kind})
}

// FactorizeSVDWith computes the singular value decomposition of A with the
// given options: what to compute (Kind) and the algorithm (Method). See
// FactorizeSVD for the default, and SVDJacobi for the alternative.
//
// Errors: ErrEmpty, ErrNotFinite, ErrNoConvergence (not seen in practice).
//
// Reference: for SVDJacobi, M. R. Hestenes, "Inversion of matrices by
// biorthogonalization", J. SIAM 6 (1958); Z. Drmač and K. Veselić, "New
// fast and accurate Jacobi SVD algorithm", SIAM J. Matrix Anal. Appl. 29
// (2008).
func FactorizeSVDWith(a *Dense, opts SVDOptions) (*SVD, error) {
	const op = "svd"
	if a.IsEmpty() {
		return nil, newError(op, ErrEmpty, "%s matrix", a.shape())
	}
	if err := a.CheckFinite(); err != nil {
		err.(*Error).Op = op
		return nil, err
	}
	if a.rows < a.cols {
		// A = UΣVᵀ  ⇔  Aᵀ = VΣUᵀ: factorize the tall transpose and swap.
		t, err := FactorizeSVDWith(a.T(), opts)
		if err != nil {
			return nil, err
		}
		t.u, t.v = t.v, t.u
		t.m, t.n = t.n, t.m
		t.flipSigns()
		return t, nil
	}
	if opts.Method == SVDJacobi {
		return jacobiSVD(a, opts.Kind)
	}
	return golubKahanSVD(a, opts.Kind)
}

// golubKahanSVD factorizes an m×n A with m ≥ n by Golub–Kahan–Reinsch.
func golubKahanSVD(a *Dense, kind SVDKind) (*SVD, error) {
	m, n := a.Dims()
	k := ScaleExponent(a)
	w := ScalePow2(k, a) // m×n working copy 2ᵏA, entries below 1 in magnitude
	var qr *QR
	if 5*m >= 8*n && n > 1 { // m ≥ 1.6n: A = QR, continue with the n×n R
		var err error
		if qr, err = FactorizeQR(w); err != nil {
			return nil, err
		}
		w = qr.R()
	}
	bd := bidiagonalize(w)
	var u, v *Dense
	if kind != SVDValues {
		cols := n
		if kind == SVDFull && qr == nil {
			cols = m
		}
		u, v = bd.formU(cols), bd.formV()
	}
	d := bd.d
	if err := bidiagonalQR(d, bd.e, u, v); err != nil {
		return nil, err
	}
	for j, x := range d { // σⱼ = |dⱼ|; a negative dⱼ flips vⱼ
		if x < 0 {
			d[j] = -x
			if v != nil {
				for i := range n {
					v.data[i*v.stride+j] = -v.data[i*v.stride+j]
				}
			}
		}
	}
	f, order := sortedSVD(d, k, m, n, kind)
	if kind == SVDValues {
		return f, nil
	}
	u, v = permuteCols(u, order), permuteCols(v, order)
	if qr != nil {
		u = liftByQ(qr, u, m, kind)
	}
	f.u, f.v = u, v
	f.flipSigns()
	return f, nil
}

// permuteCols returns the matrix whose column p is column order[p] of x,
// for p < len(order); later columns are copied unchanged.
func permuteCols(x *Dense, order []int) *Dense {
	y := x.Clone()
	for i := range x.rows {
		xr, yr := x.Row(i), y.Row(i)
		for p, j := range order {
			yr[p] = xr[j]
		}
	}
	return y
}

// jacobiSVD factorizes an m×n A with m ≥ n by one-sided Jacobi on the R of
// a Householder QR.
func jacobiSVD(a *Dense, kind SVDKind) (*SVD, error) {
	m, n := a.Dims()
	// Scale by a power of two (exact) so the sums of squares cannot overflow.
	k := ScaleExponent(a)
	qr, err := FactorizeQR(ScalePow2(k, a))
	if err != nil {
		return nil, err
	}
	// W holds the columns of R as its rows, so every rotation combines two
	// contiguous rows. Vᵀ accumulates the same rotations.
	w := qr.R().T() // row j of W is column j of the n×n triangle R
	var vt *Dense
	if kind != SVDValues {
		vt = Identity(n)
	}
	if err := orthogonalizeRows(w, vt); err != nil {
		return nil, err
	}
	// σⱼ = ‖wⱼ‖; order descending.
	sigma := make([]float64, n)
	for j := range n {
		sigma[j] = Nrm2(w.Row(j))
	}
	f, order := sortedSVD(sigma, k, m, n, kind)
	if kind == SVDValues {
		return f, nil
	}
	// U_R (n×n): column p is w_j/σ_j, completed where σ_j = 0; V from Vᵀ.
	ur := New(n, n)
	f.v = New(n, n)
	tiny := sigma[order[0]] * 0x1p-52 * float64(n) // below this a column is noise
	var zero []int
	for p, j := range order {
		if sigma[j] > tiny && sigma[j] > 0 {
			wj := w.Row(j)
			for i := range n {
				ur.data[i*ur.stride+p] = wj[i] / sigma[j]
			}
		} else {
			zero = append(zero, p)
		}
		f.v.SetCol(p, vt.Row(j))
	}
	completeOrthonormal(ur, zero)
	f.u = liftByQ(qr, ur, m, kind)
	f.flipSigns()
	return f, nil
}

// sortedSVD returns the factorization shell of an m×n matrix with its
// singular values in descending order, σ(A) = 2⁻ᵏσ(2ᵏA) for the values
// sigma computed on the scaled 2ᵏA, and the order: order[p] is the index
// in sigma of the p-th largest.
func sortedSVD(sigma []float64, k, m, n int, kind SVDKind) (*SVD, []int) {
	order := make([]int, len(sigma))
	for j := range order {
		order[j] = j
	}
	sort.SliceStable(order, func(p, q int) bool { return sigma[order[p]] > sigma[order[q]] })
	f := &SVD{s: make([]float64, len(sigma)), ss: make([]float64, len(sigma)), k: k, m: m, n: n, kind: kind}
	for p, j := range order {
		f.ss[p] = sigma[j]
		f.s[p] = math.Ldexp(sigma[j], -k)
	}
	return f, order
}

// liftByQ returns the left singular vectors of A = QR from those of R
// (n×n): U = Q [U_R; 0] (thin, m×n) or U = Q blockdiag(U_R, I) (full, m×m).
func liftByQ(qr *QR, ur *Dense, m int, kind SVDKind) *Dense {
	n := ur.rows
	cols := n
	if kind == SVDFull {
		cols = m
	}
	u := New(m, cols)
	u.Slice(0, n, 0, n).Copy(ur)
	for i := n; i < cols; i++ {
		u.data[i*u.stride+i] = 1
	}
	qr.applyInPlace(u, false)
	return u
}

// orthogonalizeRows applies cyclic sweeps of plane rotations to the rows
// of W until every pair is orthogonal to working precision,
// |wᵢᵀwⱼ| ≤ n·ε·‖wᵢ‖‖wⱼ‖, applying each rotation to the rows of Vᵀ too
// (when not nil).
//
// For a pair with α = ‖wᵢ‖², β = ‖wⱼ‖², γ = wᵢᵀwⱼ, the rotation is the one
// that diagonalizes the 2×2 Gram matrix [α γ; γ β]: ζ = (β − α)/(2γ),
// t = sign(ζ)/(|ζ| + √(1 + ζ²)) (the smaller root, computed without
// cancellation), c = 1/√(1 + t²), s = ct.
func orthogonalizeRows(w, vt *Dense) error {
	n := w.rows
	tol := float64(n) * 0x1p-52
	for sweep := 0; sweep < maxJacobiSweeps; sweep++ {
		rotated := false
		for i := 0; i < n-1; i++ {
			wi := w.Row(i)
			for j := i + 1; j < n; j++ {
				wj := w.Row(j)
				alpha, beta, gamma := Dot(wi, wi), Dot(wj, wj), Dot(wi, wj)
				if gamma == 0 || math.Abs(gamma) <= tol*math.Sqrt(alpha)*math.Sqrt(beta) {
					continue
				}
				rotated = true
				zeta := (beta - alpha) / (2 * gamma)
				t := math.Copysign(1, zeta) / (math.Abs(zeta) + math.Sqrt(1+zeta*zeta))
				c := 1 / math.Sqrt(1+t*t)
				s := c * t
				Rot(wi, wj, c, -s) // wᵢ ← c·wᵢ − s·wⱼ, wⱼ ← s·wᵢ + c·wⱼ
				if vt != nil {
					Rot(vt.Row(i), vt.Row(j), c, -s)
				}
			}
		}
		if !rotated {
			return nil
		}
	}
	return newError("svd", ErrNoConvergence, "one-sided Jacobi did not converge in %d sweeps", maxJacobiSweeps)
}

// completeOrthonormal replaces the listed columns of the square matrix q
// by unit vectors orthogonal to all other columns (Gram–Schmidt applied
// twice to candidate unit vectors, which is enough for orthogonality to
// working precision).
func completeOrthonormal(q *Dense, cols []int) {
	if len(cols) == 0 {
		return
	}
	n := q.rows
	filled := make([]bool, q.cols)
	for j := range filled {
		filled[j] = !slices.Contains(cols, j)
	}
	cand := make([]float64, n)
	next := 0
	for _, c := range cols {
		for ; next < n; next++ {
			clear(cand)
			cand[next] = 1
			for range 2 {
				for j := range q.cols {
					if filled[j] {
						qj := q.Col(j)
						Axpy(-Dot(qj, cand), qj, cand)
					}
				}
			}
			if nrm := Nrm2(cand); nrm > 0.5 {
				ScaleVec(1/nrm, cand)
				q.SetCol(c, cand)
				filled[c] = true
				next++
				break
			}
		}
	}
}

// flipSigns makes the largest-magnitude entry of each uⱼ positive,
// negating vⱼ with it (UΣVᵀ is unchanged).
func (f *SVD) flipSigns() {
	if f.u == nil {
		return
	}
	for j := range len(f.s) {
		col := f.u.Col(j)
		if col[Iamax(col)] < 0 {
			for i := range f.u.rows {
				f.u.data[i*f.u.stride+j] = -f.u.data[i*f.u.stride+j]
			}
			for i := range f.v.rows {
				f.v.data[i*f.v.stride+j] = -f.v.data[i*f.v.stride+j]
			}
		}
	}
}

// Values returns the singular values σ₁ ≥ … ≥ σₖ ≥ 0, k = min(m, n).
func (f *SVD) Values() []float64 { return append([]float64(nil), f.s...) }

// U returns the left singular vectors as columns (m×k thin, m×m full), or
// nil for SVDValues.
func (f *SVD) U() *Dense {
	if f.u == nil {
		return nil
	}
	return f.u.Clone()
}

// V returns the right singular vectors as columns (n×k thin, n×n full), or
// nil for SVDValues.
func (f *SVD) V() *Dense {
	if f.v == nil {
		return nil
	}
	return f.v.Clone()
}

// DefaultTolerance returns max(m, n)·ε·σ₁, the threshold below which a
// singular value counts as zero (numpy's matrix_rank and LAPACK's
// convention).
func (f *SVD) DefaultTolerance() float64 {
	return math.Ldexp(f.scaledDefaultTolerance(), -f.k)
}

// scaledDefaultTolerance is DefaultTolerance for the scaled 2ᵏA, which
// stays in range when σ₁ of A does not (σ₁ above 1.8e308 or subnormal).
func (f *SVD) scaledDefaultTolerance() float64 {
	return float64(max(f.m, f.n)) * 0x1p-52 * f.ss[0]
}

// scaledTolerance turns a caller's tol on σ(A) into one on σ(2ᵏA); tol ≤ 0
// means the default.
func (f *SVD) scaledTolerance(tol float64) float64 {
	if tol <= 0 {
		return f.scaledDefaultTolerance()
	}
	return math.Ldexp(tol, f.k)
}

// Rank returns the number of singular values above tol; tol ≤ 0 means
// DefaultTolerance. The comparison is made on the scaled values, so that
// σ beyond the float64 range are counted right.
func (f *SVD) Rank(tol float64) int {
	return f.scaledRank(f.scaledTolerance(tol))
}

// scaledRank counts the scaled singular values above t.
func (f *SVD) scaledRank(t float64) int {
	r := 0
	for _, s := range f.ss {
		if s > t {
			r++
		}
	}
	return r
}

// Cond returns the 2-norm condition number σ₁/σₖ (+Inf when σₖ = 0),
// a ratio taken on the scaled values, so it is right even when σ₁ of A
// overflows or σₖ underflows.
func (f *SVD) Cond() float64 {
	last := f.ss[len(f.ss)-1]
	if last == 0 {
		return math.Inf(1)
	}
	return f.ss[0] / last
}

// PseudoInverse returns the Moore–Penrose pseudo-inverse
// A⁺ = V Σ⁺ Uᵀ (n×m), inverting the singular values above tol and zeroing
// the others; tol ≤ 0 means DefaultTolerance. It needs U and V (ErrShape
// for an SVDValues factorization).
//
// Implements: 004, "Linear Least Squares Regression" (w = A⁺y).
func (f *SVD) PseudoInverse(tol float64) (*Dense, error) {
	if f.u == nil {
		return nil, newError("pseudo-inverse", ErrShape, "the factorization has no singular vectors")
	}
	// A⁺ = applyPinv(I) without the m×m identity (m may be 200 000 rows):
	// Uᵀ I is Uᵀ, and I needs no scaling (2⁰).
	t := f.scaledTolerance(tol)
	c := f.u.T() // k×m
	for p, s := range f.ss {
		inv := 0.0
		if s > t {
			inv = 1 / s
		}
		ScaleVec(inv, c.Row(p))
	}
	x, _ := Mul(f.v, c)
	return ScalePow2(f.k, x), nil
}

// applyPinv returns A⁺B = 2ᵏ(2ᵏA)⁺B = 2ᵏ⁻ʲ·V Σₛ⁺ Uᵀ(2ʲB) for an m×c B,
// inverting the scaled singular values above t (a tolerance on σ(2ᵏA)): with 2ᵏ
// and 2ʲ exact powers of two that bring A and B near 1, nothing
// overflows or underflows unless the result itself does (dlascl's
// purpose in LAPACK's dgelsd).
func (f *SVD) applyPinv(b *Dense, t float64) *Dense {
	j := ScaleExponent(b)
	c, _ := MulATB(f.u, ScalePow2(j, b)) // c = Uᵀ(2ʲB), k×cols
	for p, s := range f.ss {             // c ← Σₛ⁺ c
		inv := 0.0
		if s > t {
			inv = 1 / s
		}
		ScaleVec(inv, c.Row(p))
	}
	x, _ := Mul(f.v, c)
	return ScalePow2(f.k-j, x)
}
