package eigen

import (
	"fmt"
	"math"
	"math/rand/v2"

	"mlnotes/matrix"
)

// TopKOptions configures TopK. The zero value asks for the k largest
// eigenpairs to a residual tolerance of √ε·‖A‖ with seed 1.
type TopKOptions struct {
	Smallest bool    // the k smallest eigenpairs instead of the largest
	Tol      float64 // stop when ‖Avᵢ − λᵢvᵢ‖ ≤ Tol·‖A‖ for the k wanted pairs; default 1e-10
	Seed     uint64  // seed of the random starting vector; 0 means 1
}

// TopK computes the k largest (or smallest) eigenpairs of a symmetric n×n
// matrix without a full decomposition, by the Lanczos method with full
// reorthogonalization.
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
// Why Lanczos rather than block subspace iteration or a randomized range
// finder: for the few extreme eigenpairs that kernel PCA and spectral
// embedding need it converges fastest per matrix–vector product, it gives
// the residual of every Ritz pair for free, and with full
// reorthogonalization (each new vector is orthogonalized against all
// previous ones, twice, which costs O(n·m) per step) it has none of the
// ghost eigenvalues of the plain recurrence. Subspace iteration converges
// only linearly in the gap ratio; a randomized range finder has no
// residual-based stopping rule unless power iterations are added, which
// makes it a subspace iteration.
//
// The basis grows in chunks until the k wanted pairs meet the tolerance or
// the basis spans the whole space (then the result is exact). An invariant
// subspace found early (βⱼ = 0) is continued from a new random vector.
//
// Cost: m matrix–vector products (2n² flops each for a dense A) and
// O(n·m²) for the reorthogonalization, with m typically 2k + 20 to 4k + 40.
//
// Errors: as Symmetric, plus ErrRange when k is not in 1..n.
//
// Implements: 004, "Kernel PCA" (the leading eigenvectors of the centered
// Gram matrix); 002, "Rayleigh quotient" (min trace(HᵀLH), the smallest
// eigenvectors of a graph Laplacian).
//
// Reference: Golub and Van Loan, Matrix Computations, 4th ed., §10.1–10.3;
// Parlett, The Symmetric Eigenvalue Problem (1998), ch. 13.
func TopK(a *matrix.Dense, k int, opts TopKOptions) (*Result, error) {
	if err := checkSymmetric("top-k", a); err != nil {
		return nil, err
	}
	n := a.Rows()
	if k < 1 || k > n {
		return nil, fmt.Errorf("eigen: top-k: %w: k = %d for a %d×%d matrix", ErrRange, k, n, n)
	}
	tol := opts.Tol
	if tol <= 0 {
		tol = 1e-10
	}
	seed := opts.Seed
	if seed == 0 {
		seed = 1
	}
	if n <= 2*k+20 { // the Krylov space would be the whole space anyway
		res, err := Symmetric(a, SymmetricOptions{})
		if err != nil {
			return nil, err
		}
		if opts.Smallest {
			return res.Smallest(k)
		}
		return res.Largest(k)
	}
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	anorm := matrix.NormFrobenius(a) // ≥ ‖A‖₂: a safe scale for the test
	l := &lanczos{a: a, n: n, tiny: 1e3 * eps * matrix.NormMax(a) * float64(n), rng: rng}
	l.restart()
	for m := min(n, 2*k+20); ; m = min(n, 2*m) {
		for len(l.q) < m {
			l.step()
		}
		res, converged := l.ritz(k, opts.Smallest, tol*anorm)
		if converged || len(l.q) == n {
			return res, nil
		}
	}
}

// lanczos holds the state of the recurrence: the basis vectors qⱼ (rows of
// a growing list) and the tridiagonal Tₘ (α on the diagonal, β beside it).
type lanczos struct {
	a     *matrix.Dense
	n     int
	tiny  float64 // ‖r‖ below this means an invariant subspace: 1e3·n·ε·max|aᵢⱼ|
	rng   *rand.Rand
	q     [][]float64
	alpha []float64
	beta  []float64 // beta[j] couples q_j and q_{j+1}
	next  []float64 // the unnormalized next vector r = βₘ qₘ₊₁
}

// restart sets next to a random vector orthogonal to the basis so far.
func (l *lanczos) restart() {
	r := make([]float64, l.n)
	for i := range r {
		r[i] = l.rng.NormFloat64()
	}
	l.orthogonalize(r)
	l.next = r
}

// orthogonalize removes from r its components along every basis vector,
// twice ("twice is enough": Parlett), so the basis stays orthonormal to
// working precision.
func (l *lanczos) orthogonalize(r []float64) {
	for range 2 {
		for _, qj := range l.q {
			matrix.Axpy(-matrix.Dot(qj, r), qj, r)
		}
	}
}

// step appends qₘ₊₁ = r/‖r‖ and computes αₘ₊₁, βₘ₊₁ and the next r.
func (l *lanczos) step() {
	b := matrix.Nrm2(l.next)
	if len(l.q) > 0 {
		if b <= l.tiny {
			// Invariant subspace: continue from a fresh direction; the
			// coupling to the previous block is zero.
			l.restart()
			b = 0
			matrix.ScaleVec(1/matrix.Nrm2(l.next), l.next)
			l.beta = append(l.beta, 0)
		} else {
			l.beta = append(l.beta, b)
			matrix.ScaleVec(1/b, l.next)
		}
	} else {
		matrix.ScaleVec(1/b, l.next)
	}
	q := l.next
	l.q = append(l.q, q)
	r, _ := matrix.MulVec(l.a, q) // r = A qⱼ
	alpha := matrix.Dot(q, r)     // αⱼ = qⱼᵀ A qⱼ
	l.alpha = append(l.alpha, alpha)
	l.orthogonalize(r) // r ⟂ q₁…qⱼ (removes αⱼqⱼ and βⱼ₋₁qⱼ₋₁ and rounding)
	l.next = r
}

// ritz solves the small tridiagonal problem and returns the k wanted Ritz
// pairs, and whether all of them meet the residual bound.
func (l *lanczos) ritz(k int, smallest bool, bound float64) (*Result, bool) {
	m := len(l.q)
	d := append([]float64(nil), l.alpha...)
	e := append([]float64(nil), l.beta...)
	st := matrix.Identity(m) // rows: eigenvectors sᵢ of Tₘ
	if err := tridiagonalQR(d, e, st, 0, nil); err != nil {
		return nil, false
	}
	all := fromRows(d, st) // ascending, columns sᵢ
	var pick *Result
	if smallest {
		pick, _ = all.Smallest(k)
	} else {
		pick, _ = all.Largest(k)
	}
	betaM := matrix.Nrm2(l.next) // residual of Ritz pair i is βₘ|sₘᵢ|
	converged := true
	vt := matrix.New(k, l.n)
	for j := range k {
		s := pick.Vectors.Col(j)
		if betaM*math.Abs(s[m-1]) > bound {
			converged = false
		}
		row := vt.Row(j) // v = Qₘ s
		for i, qi := range l.q {
			matrix.Axpy(s[i], qi, row)
		}
	}
	return fromRows(pick.Values, vt), converged
}
