package eigen

import (
	"fmt"

	"mlnotes/matrix"
)

// Generalized solves the symmetric-definite generalized eigenproblem
//
//	A v = λ B v,   A symmetric, B symmetric positive definite (both n×n),
//
// by Cholesky reduction to a standard problem: with B = LLᵀ,
//
//	C = L⁻¹ A L⁻ᵀ,   C w = λ w,   v = L⁻ᵀ w.
//
// C is symmetric, so its eigenvalues are real and the vectors are
// B-orthonormal: VᵀBV = WᵀL⁻¹(LLᵀ)L⁻ᵀW = WᵀW = I. Values are ascending.
// The standard problem is solved by Symmetric (opts as there).
//
// Accuracy degrades with the condition of B (the reduction multiplies by
// L⁻¹ twice); for a nearly singular B, regularize it (B + εI) first.
//
// Errors: as Symmetric for A and B, ErrShape when their sizes differ, and
// matrix.ErrNotSPD when B is not positive definite.
//
// Implements: 004, "Fisher Linear Discriminant" (S_B w = λ S_w w).
//
// Reference: Golub and Van Loan, Matrix Computations, 4th ed., §8.7.2.
func Generalized(a, b *matrix.Dense, opts SymmetricOptions) (*Result, error) {
	if err := checkSymmetric("generalized", a); err != nil {
		return nil, err
	}
	if err := checkSymmetric("generalized (B)", b); err != nil {
		return nil, err
	}
	n := a.Rows()
	if b.Rows() != n {
		return nil, fmt.Errorf("eigen: generalized: %w: A is %d×%d, B is %d×%d", matrix.ErrShape, n, n, b.Rows(), b.Cols())
	}
	chol, err := matrix.FactorizeCholesky(b)
	if err != nil {
		return nil, fmt.Errorf("eigen: generalized: B: %w", err)
	}
	// C = L⁻¹ A L⁻ᵀ by two triangular solves with n right-hand sides
	// (blocked on the matrix product): Y = L⁻¹A, then, A being symmetric,
	// Yᵀ = A L⁻ᵀ and C = L⁻¹ Yᵀ.
	y := a.Clone()
	_ = chol.SolveLowerCols(y) // orders agree by construction
	c := y.T()
	_ = chol.SolveLowerCols(c)
	symmetrize(c)
	res, err := Symmetric(c, opts)
	if err != nil {
		return nil, err
	}
	if res.Vectors == nil {
		return res, nil
	}
	// V = L⁻ᵀ W, all the columns in one solve.
	v := res.Vectors.Clone()
	_ = chol.SolveUpperCols(v)
	for j := range v.Cols() {
		col := v.Col(j)
		flipSign(col) // the sign rule holds for v, not only for w
		v.SetCol(j, col)
	}
	res.Vectors = v
	return res, nil
}

// symmetrize replaces C by (C + Cᵀ)/2, removing the rounding asymmetry of
// the two triangular solves.
func symmetrize(c *matrix.Dense) {
	n := c.Rows()
	for i := range n {
		for j := range i {
			m := 0.5 * (c.At(i, j) + c.At(j, i))
			c.Set(i, j, m)
			c.Set(j, i, m)
		}
	}
}
