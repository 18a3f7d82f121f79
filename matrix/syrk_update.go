package matrix

// syrkUpdateLower computes C ← C − A Aᵀ on the lower triangle of the n×n C
// (A is n×k; entries of C above the diagonal are neither read nor
// written): the symmetric rank-k update of the trailing matrix in blocked
// Cholesky, A₂₂ ← A₂₂ − L₂₁ L₂₁ᵀ. It costs n²k flops, half a general
// product.
//
// C is cut into block rows of syrkBlock: the part of a block row left of
// its diagonal block is one matrix product, C[I, 0:i0] −= A[I, :] A[0:i0, :]ᵀ,
// and the diagonal block is a product into a small buffer, D = A[I, :] A[I, :]ᵀ,
// whose lower triangle is then subtracted, cᵢⱼ −= dᵢⱼ (j ≤ i). The buffer
// wastes the upper half of D's flops (bs²k/2 per block row) but keeps all
// the work in gemm.
func syrkUpdateLower(a, c *Dense) {
	n := c.rows
	d := New(min(syrkBlock, n), min(syrkBlock, n))
	for i0 := 0; i0 < n; i0 += syrkBlock {
		i1 := min(i0+syrkBlock, n)
		ai := a.Slice(i0, i1, 0, a.cols)
		if i0 > 0 {
			gemm(false, true, -1, ai, a.Slice(0, i0, 0, a.cols), 1, c.Slice(i0, i1, 0, i0))
		}
		di := d.Slice(0, i1-i0, 0, i1-i0)
		gemm(false, true, 1, ai, ai, 0, di) // D = A[I, :] A[I, :]ᵀ
		for i := i0; i < i1; i++ {
			ci, dr := c.Row(i), di.Row(i-i0)
			for j := i0; j <= i; j++ {
				ci[j] -= dr[j-i0] // cᵢⱼ −= ⟨aᵢ, aⱼ⟩
			}
		}
	}
}

// syrkBlock is the height of the block rows of syrkUpdateLower.
const syrkBlock = 64
