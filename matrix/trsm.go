package matrix

// A triangular solve with many right-hand sides (the BLAS trsm), the piece
// of blocked Cholesky that turns a factored diagonal block into the panel
// below it. It is blocked on gemm: with the triangle split into diagonal
// blocks of trsmBlock, each block of unknowns is first updated by one
// matrix product with the blocks already solved, then solved by
// substitution against its small diagonal block. All but O(k·trsmBlock)
// of the flops per row are in the products.

// trsmBlock is the width of the diagonal blocks of the blocked solve.
const trsmBlock = 64

// trsmRightLowerT overwrites the m×k matrix B with B·L⁻ᵀ, where L is k×k
// lower triangular with a non-zero diagonal: it solves X Lᵀ = B. Row by
// row, each row x of X satisfies L xᵀ = bᵀ, that is forward substitution
//
//	xⱼ = (bⱼ − Σₚ₍ₚ<ⱼ₎ xₚ lⱼₚ) / lⱼⱼ,
//
// which is how Cholesky computes the panel L₂₁ = A₂₁ L₁₁⁻ᵀ below a
// factored diagonal block.
func trsmRightLowerT(l, b *Dense) {
	k := l.rows
	for j0 := 0; j0 < k; j0 += trsmBlock {
		j1 := min(j0+trsmBlock, k)
		if j0 > 0 {
			// B[:, j0:j1] −= X[:, 0:j0] · L[j0:j1, 0:j0]ᵀ  (the xₚ lⱼₚ with p < j0)
			gemm(false, true, -1, b.Slice(0, b.rows, 0, j0), l.Slice(j0, j1, 0, j0), 1, b.Slice(0, b.rows, j0, j1))
		}
		trsmRightLowerTUnblocked(l, b, j0, j1)
	}
}

// trsmRightLowerTUnblocked is the reference substitution of
// trsmRightLowerT on columns j0 … j1−1 of B, assuming the contributions of
// the columns before j0 have already been subtracted. With j0 = 0 and
// j1 = k it is the whole solve.
func trsmRightLowerTUnblocked(l, b *Dense, j0, j1 int) {
	for i := range b.rows {
		x := b.Row(i)
		for j := j0; j < j1; j++ {
			lj := l.Row(j)
			x[j] = (x[j] - Dot(x[j0:j], lj[j0:j])) / lj[j] // xⱼ = (bⱼ − Σ xₚ lⱼₚ) / lⱼⱼ
		}
	}
}
