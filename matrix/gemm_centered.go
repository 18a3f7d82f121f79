package matrix

// GemmCentered computes C ← α·(A − 1cᵀ)·op(B) + β·C: the product of a
// data matrix A (n×k, one sample per row) centred by the vector c (one
// entry per column of A, a mean or any centre) with op(B) (k×m), without
// forming the centred copy of A. c is subtracted from every row of A as
// the product packs it (gemm.go, packA), so each aᵢₚ − cₚ is rounded
// once, as in a centred copy, and the result has the bits of
// Gemm(false, transB, α, A − 1cᵀ, B, β, C).
//
// Why: the scores of a linear model taken around a centre, (xᵢ − c)ᵀaⱼ,
// are accurate to the size of the data's spread around c rather than of
// |xᵢ| (learn's shared-Gaussian discriminants, PCA's projections). A
// centred copy costs a pass through memory to write it and one to read it
// again; a centred block at a time still costs a copy, and the repacking
// of B for every block. Here the data are read once, by the packing.
//
// op(B) must be k×m and C n×m (ErrShape otherwise), c of length k
// (ErrShape); C must not share memory with A or B (ErrAlias). When β = 0,
// C is overwritten without being read.
func GemmCentered(alpha float64, a *Dense, centre []float64, transB bool, b *Dense, beta float64, c *Dense) error {
	const op = "gemm centered"
	if err := checkNotNil(op, a, b, c); err != nil {
		return err
	}
	n, k := a.Dims()
	k2, m := opDims(transB, b)
	if k != k2 || c.rows != n || c.cols != m {
		return newError(op, ErrShape, "A %d×%d, op(B) %d×%d, C %s", n, k, k2, m, c.shape())
	}
	if len(centre) != k {
		return newError(op, ErrShape, "centre of length %d for %d columns of A", len(centre), k)
	}
	if overlaps(c, a) || overlaps(c, b) {
		return newError(op, ErrAlias, "C shares memory with A or B")
	}
	scaleInPlace(beta, c)
	if alpha == 0 || n == 0 || m == 0 || k == 0 {
		return nil
	}
	if n*m*k < gemmSmall {
		// The reference loops, as Gemm runs them, on a centred copy.
		u := a.Clone()
		for i := range n {
			Axpy(-1, centre, u.Row(i))
		}
		gemmRef(false, transB, alpha, u, b, c)
		return nil
	}
	gemmPackedShifted(&activeKernel, false, transB, alpha, a, b, c, false, gemmWorkers(n, m, k), nil, centre)
	return nil
}
