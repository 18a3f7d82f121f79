package eigen

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"mlnotes/matrix"
)

// TopKOptions configures TopK. The zero value asks for the k largest
// eigenpairs to a residual tolerance of 1e-10·‖A‖₂ with seed 1.
type TopKOptions struct {
	Smallest bool    // the k smallest eigenpairs instead of the largest
	Tol      float64 // stop when ‖Avᵢ − λᵢvᵢ‖ ≤ Tol·‖A‖₂ for the k wanted pairs; default 1e-10
	Seed     uint64  // seed of the random starting vectors; 0 means 1
}

// TopK computes the k largest (or smallest) eigenpairs of a symmetric n×n
// matrix without a full decomposition, by the Lanczos method with full
// reorthogonalization, locking and restarts. It works on the matrix scaled
// by a power of two (matrix.ScaleExponent), as Symmetric does.
//
// Lanczos builds an orthonormal basis Qₘ = [q₁ … qₘ] of the Krylov space
// span{q₁, Aq₁, …, Aᵐ⁻¹q₁} with the three-term recurrence
//
//	βⱼ qⱼ₊₁ = A qⱼ − αⱼ qⱼ − βⱼ₋₁ qⱼ₋₁,   αⱼ = qⱼᵀ A qⱼ,
//
// in which A is only multiplied by vectors, so that QₘᵀAQₘ = Tₘ is
// tridiagonal. The eigenpairs (θᵢ, sᵢ) of the small Tₘ give Ritz pairs
// (θᵢ, Qₘsᵢ) whose residual is exactly βₘ|sₘᵢ| — a free, rigorous stopping
// test. Extreme eigenvalues converge first, after far fewer than n steps
// when they are separated from the rest.
//
// Repeated eigenvalues. A Krylov space holds one direction of each
// eigenspace, so a single Lanczos run finds an eigenvalue of multiplicity
// m once, and with full reorthogonalization rounding never brings the
// other copies: diag(10, 10, 10, 10, 9, 8.9, …) gave [8.9 9 10 10]… from
// one run. TopK therefore locks the converged pairs of a run and restarts
// from a random vector orthogonal to everything locked (the operator is
// then A restricted to the orthogonal complement of the locked vectors),
// and repeats until a run finds nothing better than the k-th best locked
// value (to the tolerance): each run after the first looks for the best
// pair of the complement only, finds one more copy of a repeated
// eigenvalue among the wanted ones, and the last run confirms. A simple
// spectrum costs one run and a short confirming one (about 20 steps when
// the (k+1)-th eigenvalue is separated), a k-fold eigenvalue k + 1 runs.
//
// The tolerance is relative to ‖A‖₂, estimated honestly by the largest
// |θ| of the Ritz values seen (a lower bound that converges to ‖A‖₂ first
// of all), not by ‖A‖_F, which can exceed ‖A‖₂ by √n.
//
// Why Lanczos rather than block subspace iteration or a randomized range
// finder: for the few extreme eigenpairs that kernel PCA, spectral
// embedding and PCA need it converges fastest per matrix–vector product,
// it gives the residual of every Ritz pair for free, and with full
// reorthogonalization (each new vector is orthogonalized against all
// previous ones, twice) it has none of the ghost eigenvalues of the plain
// recurrence. Subspace iteration converges only linearly in the gap
// ratio; a randomized range finder has no residual-based stopping rule
// unless power iterations are added, which makes it a subspace iteration.
//
// Cost per run: m matrix–vector products (2n² flops each for a dense A)
// and O(n·m·(m + locked)) for the reorthogonalization, m typically 2k + 20
// to 4k + 40. For n ≤ 2k + 20 the Krylov space would be everything, and
// the dense solver runs instead.
//
// Errors: as Symmetric, plus ErrRange when k is not in 1..n, and
// matrix.ErrNoConvergence if the small tridiagonal problem does not
// converge. It never returns a nil result with a nil error.
//
// Implements: 004, "Kernel PCA" (the leading eigenvectors of the centered
// Gram matrix); 002, "Rayleigh quotient" (min trace(HᵀLH), the smallest
// eigenvectors of a graph Laplacian); 000, "PCA Procedure" when only k ≪ d
// components are wanted.
//
// Reference: Golub and Van Loan, Matrix Computations, 4th ed., §10.1–10.3;
// Parlett, The Symmetric Eigenvalue Problem (1998), ch. 13; Saad,
// Numerical Methods for Large Eigenvalue Problems, 2nd ed. (2011), §4.3
// and §5.3 (locking and deflation).
func TopK(a *matrix.Dense, k int, opts TopKOptions) (*Result, error) {
	if err := checkSymmetric("top-k", a); err != nil {
		return nil, err
	}
	n := a.Rows()
	if k < 1 || k > n {
		return nil, fmt.Errorf("eigen: top-k: %w: k = %d for a %d×%d matrix", ErrRange, k, n, n)
	}
	if n <= 2*k+20 { // the Krylov space would be the whole space anyway
		return denseExtremes(a, k, opts.Smallest)
	}
	e := matrix.ScaleExponent(a)
	w := matrix.ScalePow2(e, a) // 2ᵉA, max|aᵢⱼ| in [1/2, 1): exact
	apply := func(dst, x []float64) { matrix.Gemv(false, 1, w, x, 0, dst) }
	res, err := topK(n, apply, k, opts)
	if err != nil {
		return nil, err
	}
	if err := unscaleValues("top-k", res.Values, e); err != nil {
		return nil, err
	}
	return res, nil
}

// TopKFunc is TopK for a symmetric operator known only through products:
// apply(dst, x) must set dst = A·x for the n×n symmetric A (dst and x do
// not overlap). It lets PCA find the leading eigenpairs of a covariance
// S = XcᵀXc/n as Xcᵀ(Xc·x)/n without forming S. The caller is
// responsible for the scale of A (no scaling is applied) and for its
// symmetry; the result follows TopK's rules.
//
// Errors: ErrRange when k is not in 1..n, matrix.ErrEmpty for a nil
// apply; a non-finite product or
// eigenvalue wraps matrix.ErrNotFinite.
func TopKFunc(n int, apply func(dst, x []float64), k int, opts TopKOptions) (*Result, error) {
	if k < 1 || k > n {
		return nil, fmt.Errorf("eigen: top-k: %w: k = %d for an operator of order %d", ErrRange, k, n)
	}
	if apply == nil {
		return nil, fmt.Errorf("eigen: top-k: %w: nil operator", matrix.ErrEmpty)
	}
	if n <= 2*k+20 { // small: form A column by column and solve densely
		a := matrix.New(n, n)
		x, col := make([]float64, n), make([]float64, n)
		for j := range n {
			clear(x)
			x[j] = 1
			apply(col, x)
			a.SetCol(j, col)
		}
		symmetrizeScaledCopy(a)
		if err := a.CheckFinite(); err != nil {
			return nil, fmt.Errorf("eigen: top-k: %w", err)
		}
		return denseExtremes(a, k, opts.Smallest)
	}
	return topK(n, apply, k, opts)
}

// denseExtremes returns the k largest (or smallest) pairs of a small A by
// the dense solver.
func denseExtremes(a *matrix.Dense, k int, smallest bool) (*Result, error) {
	res, err := Symmetric(a, SymmetricOptions{})
	if err != nil {
		return nil, err
	}
	if smallest {
		return res.Smallest(k)
	}
	return res.Largest(k)
}

// symmetrizeScaledCopy replaces A by (A + Aᵀ)/2.
func symmetrizeScaledCopy(a *matrix.Dense) {
	for i := range a.Rows() {
		for j := range i {
			m := 0.5 * (a.At(i, j) + a.At(j, i))
			a.Set(i, j, m)
			a.Set(j, i, m)
		}
	}
}

// topK runs Lanczos with locking and restarts (see TopK).
func topK(n int, apply func(dst, x []float64), k int, opts TopKOptions) (*Result, error) {
	tol := opts.Tol
	if tol <= 0 {
		tol = 1e-10
	}
	seed := opts.Seed
	if seed == 0 {
		seed = 1
	}
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	// better reports whether eigenvalue x belongs before y in the order
	// wanted (descending for the largest, ascending for the smallest).
	better := func(x, y float64) bool { return x > y }
	if opts.Smallest {
		better = func(x, y float64) bool { return x < y }
	}
	var lockedVals []float64
	var lockedVecs [][]float64
	anorm := 0.0 // ‖A‖₂ estimate: the largest |θ| seen
	for len(lockedVecs) < n {
		// The first run looks for all k pairs; the runs after it only need
		// the best pair of the complement, to confirm that it is not
		// better than the k-th locked one (or to lock it if it is).
		want := min(k, n-len(lockedVecs))
		if len(lockedVals) >= k {
			want = 1
		}
		vals, vecs, norm, err := lanczosRun(n, apply, want, opts.Smallest, tol, anorm, lockedVecs, rng)
		if err != nil {
			return nil, err
		}
		anorm = math.Max(anorm, norm)
		if len(vals) == 0 {
			break // the complement of the locked vectors is exhausted
		}
		if len(lockedVals) >= k {
			kth := sortedWanted(lockedVals, better)[k-1]
			// Nothing better than the k-th locked value (to the
			// tolerance): the k wanted pairs are all locked.
			if !better(vals[0], kth) || math.Abs(vals[0]-kth) <= tol*anorm {
				break
			}
		}
		lockedVals = append(lockedVals, vals...)
		lockedVecs = append(lockedVecs, vecs...)
	}
	order := make([]int, len(lockedVals))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		switch {
		case better(lockedVals[i], lockedVals[j]):
			return -1
		case better(lockedVals[j], lockedVals[i]):
			return 1
		}
		return 0
	})
	if len(order) < k {
		return nil, fmt.Errorf("eigen: top-k: %w: %d of %d eigenpairs found", matrix.ErrNoConvergence, len(order), k)
	}
	values := make([]float64, k)
	vt := matrix.New(k, n)
	for j, o := range order[:k] {
		values[j] = lockedVals[o]
		if math.IsNaN(values[j]) || math.IsInf(values[j], 0) {
			return nil, fmt.Errorf("eigen: top-k: %w: eigenvalue %v", matrix.ErrNotFinite, values[j])
		}
		copy(vt.Row(j), lockedVecs[o])
	}
	return fromRows(values, vt), nil
}

// sortedWanted returns a copy of v sorted best first.
func sortedWanted(v []float64, better func(x, y float64) bool) []float64 {
	s := slices.Clone(v)
	slices.SortFunc(s, func(x, y float64) int {
		switch {
		case better(x, y):
			return -1
		case better(y, x):
			return 1
		}
		return 0
	})
	return s
}

// lanczosRun runs one Lanczos process in the orthogonal complement of the
// locked vectors until its `want` best Ritz pairs have residuals at most
// tol·‖A‖₂ (‖A‖₂ estimated by the largest |θ|, and at least anorm0), or
// the Krylov space is exhausted. It returns those pairs best first, and
// the norm estimate.
func lanczosRun(n int, apply func(dst, x []float64), want int, smallest bool, tol, anorm0 float64, locked [][]float64, rng *rand.Rand) (vals []float64, vecs [][]float64, anorm float64, err error) {
	l := &lanczos{apply: apply, n: n, rng: rng}
	if len(locked) > 0 {
		l.locked = matrix.New(len(locked), n)
		for i, v := range locked {
			copy(l.locked.Row(i), v)
		}
	}
	free := n - len(locked) // dimension of the space the run lives in
	if !l.restart() {
		return nil, nil, anorm0, nil
	}
	for m := min(free, 2*want+20); ; m = min(free, 2*m) {
		for len(l.q) < m {
			if !l.step() {
				free = len(l.q) // no direction left: the space is spanned
				break
			}
		}
		if err := l.nonFinite(); err != nil {
			return nil, nil, 0, err
		}
		vals, vecs, anorm, converged, err := l.ritz(min(want, len(l.q)), smallest, tol, anorm0)
		if err != nil {
			return nil, nil, 0, err
		}
		if converged || len(l.q) >= free {
			return vals, vecs, anorm, nil
		}
	}
}

// lanczos holds the state of one run: the basis vectors qⱼ and the
// tridiagonal Tₘ (α on the diagonal, β beside it), in the orthogonal
// complement of the locked vectors.
type lanczos struct {
	apply  func(dst, x []float64)
	n      int
	rng    *rand.Rand
	locked *matrix.Dense // rows: the locked vectors (nil when none)
	q      [][]float64   // the basis vectors, rows of basis
	basis  []float64     // q₁ … qₘ one after another, so that Qₘ is a matrix
	alpha  []float64
	beta   []float64 // beta[j] couples q_j and q_{j+1}
	next   []float64 // the unnormalized next vector r = βₘ qₘ₊₁
	bound  float64   // Gershgorin bound on ‖Tₘ‖ so far, the scale of "tiny"
}

// restart sets next to a random unit vector orthogonal to the basis and
// the locked vectors, and reports false when none is left (to rounding).
func (l *lanczos) restart() bool {
	for range 3 {
		r := make([]float64, l.n)
		for i := range r {
			r[i] = l.rng.NormFloat64()
		}
		before := matrix.Nrm2(r)
		l.orthogonalize(r)
		// A random vector keeps a fraction ~1/√n of its norm in any
		// subspace of dimension ≥ 1; far less means there is none.
		if nr := matrix.Nrm2(r); nr > 1e-8*before {
			matrix.ScaleVec(1/nr, r)
			l.next = r
			return true
		}
	}
	return false
}

// orthogonalize removes from r its components along every basis and locked
// vector, twice ("twice is enough": Parlett), so the basis stays
// orthonormal to working precision. Each pass is classical Gram–Schmidt,
// r ← r − Q(Qᵀr), two matrix–vector products (the vector kernels) rather
// than one dot product and axpy per vector; repeated, it orthogonalizes as
// well as the modified form repeated (Giraud, Langou and Rozložník 2005).
func (l *lanczos) orthogonalize(r []float64) {
	q := l.basisMatrix()
	h := make([]float64, max(q.Rows(), rowsOf(l.locked)))
	for range 2 {
		for _, v := range []*matrix.Dense{l.locked, q} {
			if rowsOf(v) == 0 {
				continue
			}
			hv := h[:v.Rows()]
			matrix.Gemv(false, 1, v, r, 0, hv) // h = Vr
			matrix.Gemv(true, -1, v, hv, 1, r) // r ← r − Vᵀh
		}
	}
}

// basisMatrix returns Qₘ as an m×n matrix whose rows are the basis vectors
// (a view of the basis, not a copy).
func (l *lanczos) basisMatrix() *matrix.Dense {
	m := len(l.q)
	q, _ := matrix.NewFromSlice(m, l.n, l.basis[:m*l.n])
	return q
}

// addBasis appends v to the basis and returns the basis's copy of it. The
// rows are re-sliced every time, since the append may move the basis.
func (l *lanczos) addBasis(v []float64) []float64 {
	l.basis = append(l.basis, v...)
	l.q = l.q[:0]
	for i := 0; i < len(l.basis); i += l.n {
		l.q = append(l.q, l.basis[i:i+l.n])
	}
	return l.q[len(l.q)-1]
}

// rowsOf returns the number of rows of a, 0 for nil.
func rowsOf(a *matrix.Dense) int {
	if a == nil {
		return 0
	}
	return a.Rows()
}

// step appends qₘ₊₁ = r/‖r‖ and computes αₘ₊₁ and the next r. An
// invariant subspace (‖r‖ at rounding level) continues from a fresh random
// direction with β = 0; step reports false when there is none.
func (l *lanczos) step() bool {
	if len(l.q) > 0 {
		b := matrix.Nrm2(l.next)
		if b <= float64(l.n)*eps*l.bound {
			if !l.restart() {
				return false
			}
			b = 0
		} else {
			matrix.ScaleVec(1/b, l.next)
		}
		l.beta = append(l.beta, b)
	}
	q := l.addBasis(l.next)
	r := make([]float64, l.n)
	l.apply(r, q)             // r = A qⱼ
	alpha := matrix.Dot(q, r) // αⱼ = qⱼᵀ A qⱼ
	l.alpha = append(l.alpha, alpha)
	l.orthogonalize(r) // r ⟂ locked, q₁…qⱼ (removes αⱼqⱼ, βⱼ₋₁qⱼ₋₁ and rounding)
	l.next = r
	prev := 0.0
	if len(l.beta) > 0 {
		prev = l.beta[len(l.beta)-1]
	}
	l.bound = math.Max(l.bound, math.Abs(alpha)+prev+matrix.Nrm2(r))
	return true
}

// nonFinite reports a NaN or Inf in Tₘ (an operator that overflows).
func (l *lanczos) nonFinite() error {
	for _, x := range append(slices.Clone(l.alpha), l.beta...) {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("eigen: top-k: %w: the Lanczos recurrence produced %v", matrix.ErrNotFinite, x)
		}
	}
	return nil
}

// ritz solves the small tridiagonal problem and returns the k best Ritz
// pairs (best first), the ‖A‖₂ estimate max(anorm0, maxᵢ|θᵢ|), and
// whether all k meet the residual bound βₘ|sₘᵢ| ≤ tol·‖A‖₂.
func (l *lanczos) ritz(k int, smallest bool, tol, anorm0 float64) ([]float64, [][]float64, float64, bool, error) {
	m := len(l.q)
	d := slices.Clone(l.alpha)
	e := slices.Clone(l.beta)
	st := matrix.Identity(m) // rows: eigenvectors sᵢ of Tₘ
	if err := tridiagonalQR(d, e, st, 0, nil); err != nil {
		return nil, nil, 0, false, err
	}
	all := fromRows(d, st) // ascending, columns sᵢ
	anorm := math.Max(anorm0, math.Max(math.Abs(all.Values[0]), math.Abs(all.Values[m-1])))
	betaM := matrix.Nrm2(l.next) // residual of Ritz pair i is βₘ|sₘᵢ|
	vals := make([]float64, k)
	wanted := matrix.New(k, m) // rows: the k wanted sᵢ, best first
	converged := true
	for j := range k {
		c := m - 1 - j // largest first
		if smallest {
			c = j
		}
		s := all.Vectors.Col(c)
		if betaM*math.Abs(s[m-1]) > tol*anorm {
			converged = false
		}
		vals[j] = all.Values[c]
		copy(wanted.Row(j), s)
	}
	v := matrix.New(k, l.n) // the Ritz vectors Qₘsᵢ, as rows: Sᵀ Qₘ
	matrix.Gemm(false, false, 1, wanted, l.basisMatrix(), 0, v)
	vecs := make([][]float64, k)
	for j := range vecs {
		vecs[j] = v.Row(j)
	}
	return vals, vecs, anorm, converged, nil
}
