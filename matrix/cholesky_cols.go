package matrix

// SolveLowerCols overwrites the n×k matrix B with L⁻¹B for the factor L of
// A = LLᵀ (n×n): every column bⱼ becomes L⁻¹bⱼ. It is the
// many-right-hand-side form of SolveLower (the BLAS trsm, left, lower, no
// transpose), by rows of B:
//
//	row i ← (row i − Σₚ₍ₚ<ᵢ₎ lᵢₚ · row p) / lᵢᵢ,
//
// so the inner loops are Axpy over the k columns, long and contiguous.
// From n > trsmBlock on, the rows are taken in blocks and the contribution
// of the rows already solved to a block is one gemm. The Gaussian densities
// of learn whiten all their samples at once with it, the samples as the
// columns of B = (X − 1μᵀ)ᵀ: the squared norm of column i is the
// Mahalanobis distance (xᵢ − μ)ᵀΣ⁻¹(xᵢ − μ), and Σ⁻¹ is never formed.
//
// Special cases: a B with a number of rows other than n gives an error
// wrapping ErrShape; non-finite entries of B propagate (the caller
// validates its data).
func (c *Cholesky) SolveLowerCols(b *Dense) error {
	n := c.l.rows
	if b.rows != n {
		return newError("cholesky solve cols", ErrShape, "right-hand sides %s for order %d", b.shape(), n)
	}
	if b.cols == 0 {
		return nil
	}
	for i0 := 0; i0 < n; i0 += trsmBlock {
		i1 := min(i0+trsmBlock, n)
		if i0 > 0 {
			// B[i0:i1] −= L[i0:i1, 0:i0] · B[0:i0]  (the lᵢₚ rowₚ with p < i0)
			gemm(false, false, -1, c.l.Slice(i0, i1, 0, i0), b.Slice(0, i0, 0, b.cols), 1, b.Slice(i0, i1, 0, b.cols))
		}
		for i := i0; i < i1; i++ {
			li, row := c.l.Row(i), b.Row(i)
			for p := i0; p < i; p++ {
				Axpy(-li[p], b.Row(p), row)
			}
			d := li[i]
			for t := range row {
				row[t] /= d
			}
		}
	}
	return nil
}

// SolveUpperCols overwrites the n×k matrix B with L⁻ᵀB for the factor L of
// A = LLᵀ: every column bⱼ becomes L⁻ᵀbⱼ (back substitution with Lᵀ, the
// BLAS trsm, left, lower, transposed). By rows of B, from the last:
//
//	row i ← (row i − Σₚ₍ₚ>ᵢ₎ lₚᵢ · row p) / lᵢᵢ,
//
// in blocks of trsmBlock rows whose update by the rows below them is one
// gemm with Lᵀ. With SolveLowerCols it applies A⁻¹ = L⁻ᵀL⁻¹ to many
// vectors at matrix-product speed; the generalized eigensolver maps the
// eigenvectors w of L⁻¹AL⁻ᵀ back to v = L⁻ᵀw with it.
//
// Special cases: as SolveLowerCols.
func (c *Cholesky) SolveUpperCols(b *Dense) error {
	n := c.l.rows
	if b.rows != n {
		return newError("cholesky solve upper cols", ErrShape, "right-hand sides %s for order %d", b.shape(), n)
	}
	if b.cols == 0 {
		return nil
	}
	for i1 := n; i1 > 0; i1 -= trsmBlock {
		i0 := max(i1-trsmBlock, 0)
		if i1 < n {
			// B[i0:i1] −= L[i1:n, i0:i1]ᵀ · B[i1:n]  (the lₚᵢ rowₚ with p ≥ i1)
			gemm(true, false, -1, c.l.Slice(i1, n, i0, i1), b.Slice(i1, n, 0, b.cols), 1, b.Slice(i0, i1, 0, b.cols))
		}
		for i := i1 - 1; i >= i0; i-- {
			row := b.Row(i)
			for p := i + 1; p < i1; p++ {
				Axpy(-c.l.data[p*c.l.stride+i], b.Row(p), row)
			}
			d := c.l.data[i*c.l.stride+i]
			for t := range row {
				row[t] /= d
			}
		}
	}
	return nil
}
