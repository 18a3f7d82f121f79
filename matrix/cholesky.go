package matrix

import "math"

// symmetryTolerance is the relative asymmetry |aᵢⱼ − aⱼᵢ| / max|aᵢⱼ| that a
// factorization of a symmetric matrix accepts. It is √ε: loose enough for
// matrices read back from text with a dozen digits, tight enough to catch a
// matrix that is simply not symmetric.
const symmetryTolerance = 1.4901161193847656e-08

// Cholesky is the factorization A = LLᵀ of a symmetric positive definite
// matrix, with L lower triangular with a positive diagonal.
//
// It is how the notes' Gaussian models evaluate log|Σ| and Σ⁻¹x, how the
// generalized eigenproblem of Fisher's discriminant is reduced to a standard
// one, and how Newton's method solves for its step.
type Cholesky struct {
	l      *Dense
	condEq float64 // estimate of κ₁(SAS), A equilibrated (equilibrate.go)
}

// FactorizeCholesky computes A = LLᵀ by the row-oriented
// Cholesky–Banachiewicz recurrence
//
//	lⱼⱼ = √(aⱼⱼ − Σₖ₍ₖ<ⱼ₎ lⱼₖ²),   lᵢⱼ = (aᵢⱼ − Σₖ₍ₖ<ⱼ₎ lᵢₖ lⱼₖ) / lⱼⱼ  (i > j),
//
// which costs n³/3 flops and is backward stable without pivoting for SPD
// input. Only the lower triangle is used in the arithmetic, but the input
// must be symmetric to within √ε relative to its largest entry.
//
// From n = 2·cholBlock on, the same recurrence runs by blocks of columns
// (the right-looking blocked algorithm of LAPACK's dpotrf): with
//
//	[A₁₁  · ]   [L₁₁  0 ] [L₁₁ᵀ L₂₁ᵀ]
//	[A₂₁ A₂₂] = [L₂₁ L₂₂] [ 0   L₂₂ᵀ],
//
// the diagonal block is factored by the recurrence above (A₁₁ = L₁₁L₁₁ᵀ),
// the panel below it by a triangular solve (L₂₁ = A₂₁L₁₁⁻ᵀ, trsmRightLowerT)
// and the trailing matrix by a symmetric rank-k update
// (A₂₂ ← A₂₂ − L₂₁L₂₁ᵀ, syrkAddLower), which holds almost all the flops
// and runs on gemm. Every lᵢⱼ receives the same terms as in the unblocked
// order; only the grouping of the sums differs.
//
// Errors: ErrEmpty (0×0), ErrNotSquare, ErrNotFinite, ErrNotSymmetric, and
// ErrNotSPD naming the first pivot that is not positive (the leading minor
// of that order is not positive definite). After the factorization it
// estimates κ₁ of the equilibrated matrix (O(n²)); Solve and SolveVec
// follow the policy of LU (equilibrate.go): above 1/ε the solution comes
// with an error wrapping ErrSingular.
//
// Implements: 004, "Multivariate Normal Distribution"
// (Σ⁻¹x and log|Σ| of a Gaussian).
//
// Reference: Golub and Van Loan, Matrix Computations, 4th ed., §4.2
// (Cholesky, including the blocked "gaxpy" and outer-product forms).
func FactorizeCholesky(a *Dense) (*Cholesky, error) {
	const op = "cholesky"
	if err := checkSquare(op, a); err != nil {
		return nil, err
	}
	if !a.IsSymmetric(symmetryTolerance) {
		return nil, newError(op, ErrNotSymmetric, "asymmetry above √ε·max|aᵢⱼ|")
	}
	n := a.rows
	l := New(n, n)
	for i := range n {
		copy(l.Row(i)[:i+1], a.Row(i)[:i+1]) // the lower triangle of A
	}
	var pivot int
	var d float64
	if n < 2*cholBlock {
		pivot, d = cholUnblocked(l, 0)
	} else {
		pivot, d = cholBlocked(l, cholBlock)
	}
	if pivot >= 0 {
		return nil, newError(op, ErrNotSPD, "pivot %d is %.3g", pivot, d)
	}
	c := &Cholesky{l: l}
	sigma := symmetricExponents(a)
	c.condEq = equilibratedCond(scaledNorm1(a, sigma, sigma), sigma, sigma, func(x []float64, _ bool) {
		c.solveInPlace(x) // A⁻ᵀ = A⁻¹
	})
	return c, nil
}

// EquilibratedCond returns the estimate of κ₁(SAS), the condition number
// of A after the symmetric power-of-two scaling of LAPACK's dpoequb
// (sᵢ ≈ 1/√aᵢᵢ), by which Solve and SolveVec judge A singular to working
// precision (above 1/ε): the same policy as LU (equilibrate.go).
func (c *Cholesky) EquilibratedCond() float64 { return c.condEq }

// cholBlock is the width of the column blocks of the blocked Cholesky;
// below 2·cholBlock the unblocked recurrence alone is used. Measured on
// the benchmark machine (docs/performance.md): 64 to 128 are within noise.
const cholBlock = 96

// cholBlocked overwrites the lower triangle of l (holding A's) with L, by
// blocks of bs columns. It returns the global index and value of the first
// pivot that is not positive, or −1.
func cholBlocked(l *Dense, bs int) (pivot int, d float64) {
	n := l.rows
	for k0 := 0; k0 < n; k0 += bs {
		k1 := min(k0+bs, n)
		// A₁₁ = L₁₁ L₁₁ᵀ by the recurrence.
		if p, d := cholUnblocked(l.Slice(k0, k1, k0, k1), k0); p >= 0 {
			return p, d
		}
		if k1 == n {
			break
		}
		l11 := l.Slice(k0, k1, k0, k1)
		l21 := l.Slice(k1, n, k0, k1)
		trsmRightLowerT(l11, l21)                           // L₂₁ = A₂₁ L₁₁⁻ᵀ
		syrkAddLower(false, -1, l21, l.Slice(k1, n, k1, n)) // A₂₂ ← A₂₂ − L₂₁ L₂₁ᵀ
	}
	return -1, 0
}

// cholUnblocked is the reference kernel: the Cholesky–Banachiewicz
// recurrence on the lower triangle of the square l (which holds A's lower
// triangle on entry), row by row. offset is added to the index of a
// failing pivot, so that a diagonal block of the blocked algorithm
// reports its position in the whole matrix. It returns that index and the
// pivot's value, or −1.
func cholUnblocked(l *Dense, offset int) (pivot int, d float64) {
	for i := range l.rows {
		li := l.Row(i)
		for j := 0; j < i; j++ {
			lj := l.Row(j)
			li[j] = (li[j] - Dot(li[:j], lj[:j])) / lj[j] // lᵢⱼ
		}
		d := li[i] - Dot(li[:i], li[:i]) // lᵢᵢ² = aᵢᵢ − Σₖ lᵢₖ²
		if !(d > 0) {
			return offset + i, d
		}
		li[i] = math.Sqrt(d)
	}
	return -1, 0
}

// checkSquare validates the input of a square factorization.
func checkSquare(op string, a *Dense) error {
	if a.IsEmpty() {
		return newError(op, ErrEmpty, "%s matrix", a.shape())
	}
	if a.rows != a.cols {
		return newError(op, ErrNotSquare, "%s", a.shape())
	}
	if err := a.CheckFinite(); err != nil {
		err.(*Error).Op = op
		return err
	}
	return nil
}

// Size returns n, the order of the factorized matrix.
func (c *Cholesky) Size() int { return c.l.rows }

// L returns a copy of the lower-triangular factor.
func (c *Cholesky) L() *Dense { return c.l.Clone() }

// SolveVec returns x with A x = b, by forward substitution L y = b and back
// substitution Lᵀ x = y.
//
// Errors: ErrShape, ErrNotFinite; ErrSingular, with x, when A is singular
// to working precision (EquilibratedCond above 1/ε).
func (c *Cholesky) SolveVec(b []float64) ([]float64, error) {
	if len(b) != c.l.rows {
		return nil, newError("cholesky solve", ErrShape, "right-hand side of length %d for order %d", len(b), c.l.rows)
	}
	if err := VecFinite(b); err != nil {
		return nil, err
	}
	x := append([]float64(nil), b...)
	c.solveInPlace(x)
	return x, solutionError("cholesky solve", x, conditionWarning("cholesky solve", c.condEq))
}

// Solve returns X with A X = B for an n×k right-hand side B. Errors: those
// of SolveVec.
func (c *Cholesky) Solve(b *Dense) (*Dense, error) {
	if b == nil {
		return nil, errNil("cholesky solve")
	}
	if b.rows != c.l.rows {
		return nil, newError("cholesky solve", ErrShape, "right-hand side %s for order %d", b.shape(), c.l.rows)
	}
	if err := b.CheckFinite(); err != nil {
		return nil, err
	}
	x := New(b.rows, b.cols)
	col := make([]float64, b.rows)
	for j := range b.cols {
		for i := range col {
			col[i] = b.data[i*b.stride+j]
		}
		c.solveInPlace(col)
		x.SetCol(j, col)
	}
	return x, solutionError("cholesky solve", x, conditionWarning("cholesky solve", c.condEq))
}

// solveInPlace overwrites x with A⁻¹x.
func (c *Cholesky) solveInPlace(x []float64) {
	c.SolveLower(x)
	c.SolveUpper(x)
}

// SolveLower overwrites x with L⁻¹x (forward substitution,
// yᵢ = (xᵢ − Σₖ₍ₖ<ᵢ₎ lᵢₖ yₖ) / lᵢᵢ). len(x) must be the order.
func (c *Cholesky) SolveLower(x []float64) {
	for i := range x {
		li := c.l.Row(i)
		x[i] = (x[i] - Dot(li[:i], x[:i])) / li[i]
	}
}

// SolveUpper overwrites x with L⁻ᵀx (back substitution with Lᵀ).
func (c *Cholesky) SolveUpper(x []float64) {
	for i := len(x) - 1; i >= 0; i-- {
		x[i] /= c.l.data[i*c.l.stride+i]
		// Column i of Lᵀ is row i of L: remove xᵢ's contribution above it.
		Axpy(-x[i], c.l.Row(i)[:i], x[:i])
	}
}

// LogDet returns log det A = 2 Σᵢ log lᵢᵢ, which stays finite where det A
// itself would overflow or underflow.
func (c *Cholesky) LogDet() float64 {
	var s float64
	for i := range c.l.rows {
		s += math.Log(c.l.data[i*c.l.stride+i])
	}
	return 2 * s
}

// Det returns det A = Πᵢ lᵢᵢ². It may overflow to +Inf or underflow to 0;
// LogDet does not.
func (c *Cholesky) Det() float64 {
	p := 1.0
	for i := range c.l.rows {
		p *= c.l.data[i*c.l.stride+i]
	}
	return p * p
}

// Inverse returns A⁻¹ = L⁻ᵀL⁻¹, computed column by column from A X = I and
// symmetrized, so the result is exactly symmetric.
func (c *Cholesky) Inverse() *Dense {
	n := c.l.rows
	inv, _ := c.Solve(Identity(n)) // a condition warning still gives the inverse
	for i := range n {
		for j := range i {
			m := 0.5 * (inv.data[i*inv.stride+j] + inv.data[j*inv.stride+i])
			inv.data[i*inv.stride+j], inv.data[j*inv.stride+i] = m, m
		}
	}
	return inv
}
