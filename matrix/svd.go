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

// SVD is the singular value decomposition A = UΣVᵀ of an m×n matrix, with
// σ₁ ≥ σ₂ ≥ … ≥ 0.
//
// The algorithm is one-sided Jacobi (Hestenes) after a Householder QR:
// A = QR, then plane rotations applied to the columns of R until they are
// mutually orthogonal, RV = W with orthogonal columns; then σⱼ = ‖wⱼ‖,
// uⱼ = Q wⱼ/σⱼ. We chose it over Golub–Kahan–Reinsch (bidiagonalization and
// implicit-shift QR) deliberately: it is short enough to read in one
// sitting, every step is a 2×2 symmetric eigenproblem a student has seen,
// it computes small singular values to high relative accuracy, and the
// preliminary QR makes it converge in a handful of sweeps. The price is
// speed on large square matrices (each sweep costs about 6n³ flops for the
// columns and as much for V); see docs/performance.md.
//
// Sign rule: the largest-magnitude entry of every column uⱼ is positive
// (vⱼ follows), as scikit-learn's svd_flip does, so results are stable.
type SVD struct {
	s    []float64
	u, v *Dense // nil for SVDValues
	m, n int
	kind SVDKind
}

// maxJacobiSweeps bounds the sweeps of one-sided Jacobi; quadratic
// convergence makes 10 or fewer typical.
const maxJacobiSweeps = 60

// FactorizeSVD computes the singular value decomposition of A.
//
// Special cases: a zero matrix has all σ = 0 and U, V built from the
// identity; columns of U (or V) belonging to zero singular values are an
// orthonormal completion, not unique. Entries near the overflow threshold
// are handled by scaling A by a power of two before the rotations.
//
// Errors: ErrEmpty, ErrNotFinite, ErrNoConvergence (not seen in practice).
//
// Implements: 004, "Linear Least Squares Regression" (the pseudo-inverse by
// the SVD).
//
// Reference: M. R. Hestenes, "Inversion of matrices by biorthogonalization",
// J. SIAM 6 (1958); Z. Drmač and K. Veselić, "New fast and accurate Jacobi
// SVD algorithm", SIAM J. Matrix Anal. Appl. 29 (2008).
func FactorizeSVD(a *Dense, kind SVDKind) (*SVD, error) {
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
		t, err := FactorizeSVD(a.T(), kind)
		if err != nil {
			return nil, err
		}
		t.u, t.v = t.v, t.u
		t.m, t.n = t.n, t.m
		t.flipSigns()
		return t, nil
	}
	return tallSVD(a, kind)
}

// tallSVD factorizes an m×n A with m ≥ n.
func tallSVD(a *Dense, kind SVDKind) (*SVD, error) {
	m, n := a.Dims()
	// Scale by a power of two (exact) so the sums of squares cannot overflow.
	scale := 1.0
	if amax := NormMax(a); amax > 0 {
		_, e := math.Frexp(amax)
		scale = math.Ldexp(1, -e)
	}
	qr, err := FactorizeQR(Scale(scale, a))
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
	order := make([]int, n)
	for j := range order {
		order[j] = j
	}
	sort.SliceStable(order, func(p, q int) bool { return sigma[order[p]] > sigma[order[q]] })
	f := &SVD{s: make([]float64, n), m: m, n: n, kind: kind}
	for p, j := range order {
		f.s[p] = sigma[j] / scale
	}
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
	// U = Q [U_R; 0] (thin) or Q blockdiag(U_R, I) (full).
	cols := n
	if kind == SVDFull {
		cols = m
	}
	u := New(m, cols)
	u.Slice(0, n, 0, n).Copy(ur)
	for i := n; i < cols; i++ {
		u.data[i*u.stride+i] = 1
	}
	f.u, _ = qr.ApplyQ(u)
	f.flipSigns()
	return f, nil
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
		big := 0
		for i, x := range col {
			if math.Abs(x) > math.Abs(col[big]) {
				big = i
			}
		}
		if col[big] < 0 {
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
	return float64(max(f.m, f.n)) * 0x1p-52 * f.s[0]
}

// Rank returns the number of singular values above tol; tol ≤ 0 means
// DefaultTolerance.
func (f *SVD) Rank(tol float64) int {
	if tol <= 0 {
		tol = f.DefaultTolerance()
	}
	r := 0
	for _, s := range f.s {
		if s > tol {
			r++
		}
	}
	return r
}

// Cond returns the 2-norm condition number σ₁/σₖ (+Inf when σₖ = 0).
func (f *SVD) Cond() float64 {
	last := f.s[len(f.s)-1]
	if last == 0 {
		return math.Inf(1)
	}
	return f.s[0] / last
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
	if tol <= 0 {
		tol = f.DefaultTolerance()
	}
	k := len(f.s)
	// V Σ⁺ (n×k), then times U₁ᵀ (k×m).
	vs := New(f.n, k)
	for i := range f.n {
		vr, out := f.v.Row(i), vs.Row(i)
		for j := range k {
			if f.s[j] > tol {
				out[j] = vr[j] / f.s[j]
			}
		}
	}
	return MulABT(vs, f.u.Slice(0, f.m, 0, k))
}
