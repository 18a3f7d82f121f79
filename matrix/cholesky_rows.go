package matrix

// SolveLowerRows overwrites every row bᵢ of the m×n matrix B with L⁻¹bᵢ,
// that is B ← B·L⁻ᵀ, for the factor L of A = LLᵀ (n×n). It is the
// many-right-hand-side form of SolveLower (the BLAS trsm), blocked on gemm:
// the Gaussian densities of learn whiten all their samples at once with
// it, the squared norm of row i being the Mahalanobis distance
// (xᵢ − μ)ᵀΣ⁻¹(xᵢ − μ) without Σ⁻¹ ever being formed.
//
// Special cases: a B whose width is not n gives an error wrapping
// ErrShape; non-finite entries of B propagate (the caller validates data).
func (c *Cholesky) SolveLowerRows(b *Dense) error {
	if b.cols != c.l.rows {
		return newError("cholesky solve rows", ErrShape, "%s right-hand sides for order %d", b.shape(), c.l.rows)
	}
	if b.rows == 0 {
		return nil
	}
	trsmRightLowerT(c.l, b)
	return nil
}
