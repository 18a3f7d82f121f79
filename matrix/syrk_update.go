package matrix

// syrkUpdateLower computes C ← C − A Aᵀ on the lower triangle of the n×n C
// (A is n×k; entries of C above the diagonal are neither read nor
// written): the symmetric rank-k update of the trailing matrix in blocked
// Cholesky, A₂₂ ← A₂₂ − L₂₁ L₂₁ᵀ. It costs n²k flops, half a general
// product.
//
// C is cut into block rows of syrkBlock: the part of a block row left of
// its diagonal block is one matrix product, C[I, 0:i0] −= A[I, :] A[0:i0, :]ᵀ,
// and the small lower triangle of the diagonal block is a loop of dot
// products, cᵢⱼ −= ⟨aᵢ, aⱼ⟩ (j ≤ i).
func syrkUpdateLower(a, c *Dense) {
	n := c.rows
	for i0 := 0; i0 < n; i0 += syrkBlock {
		i1 := min(i0+syrkBlock, n)
		if i0 > 0 {
			gemm(false, true, -1, a.Slice(i0, i1, 0, a.cols), a.Slice(0, i0, 0, a.cols), 1, c.Slice(i0, i1, 0, i0))
		}
		for i := i0; i < i1; i++ {
			ai, ci := a.Row(i), c.Row(i)
			for j := i0; j <= i; j++ {
				ci[j] -= Dot(ai, a.Row(j)) // cᵢⱼ −= ⟨aᵢ, aⱼ⟩
			}
		}
	}
}

// syrkBlock is the height of the block rows of syrkUpdateLower.
const syrkBlock = 64
