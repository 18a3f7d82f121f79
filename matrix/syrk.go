package matrix

// The symmetric rank-k update. A product of a matrix with its own
// transpose is symmetric, so only one triangle needs computing: half the
// flops of a general product. The blocked path is the packed GEMM of
// gemm.go run with its lower-triangle mask: the macro-kernel skips every
// register tile strictly above the diagonal, runs tiles strictly below it
// as in GEMM, and lets the few tiles that straddle the diagonal write only
// their lower part. The upper triangle is then copied from the lower one,
// so the result is exactly symmetric.

// syrkSmall is the size n·n·k below which Syrk runs on the reference loops.
const syrkSmall = 12 * 12 * 12

// syrkFewRows: C = α·A·Aᵀ of at most this many rows runs on the reference
// loops, n(n+1)/2 dot products of long contiguous rows, whatever k: for a
// few rows (a covariance of d ≤ 16 features held as the rows of a d×n
// matrix) packing them into panels costs as much as the product itself;
// the dot products were 3× faster for 10×10000 (learn's mixture M-step).
const syrkFewRows = 16

// Syrk computes the symmetric rank-k update (the BLAS dsyrk)
//
//	C ← α·A·Aᵀ + β·C   (trans false, A is n×k), or
//	C ← α·Aᵀ·A + β·C   (trans true,  A is k×n),
//
// into the n×n matrix C. It reads and writes only the lower triangle of C
// (i ≥ j), then copies it into the upper one, so C is exactly symmetric on
// return and its upper triangle on input is ignored. With A a data matrix
// X (n×d, rows are samples), Syrk(true, 1/n, Xc, 0, S) is the covariance
// S = (1/n) XcᵀXc of centered data and Syrk(false, 1, X, 0, G) the Gram
// matrix G = XXᵀ. It costs about n²k/2 multiply-adds, half of Gemm's, and runs in
// parallel for large sizes.
//
// Special cases: a C that is not n×n gives an error wrapping ErrShape, a
// C sharing memory with A one wrapping ErrAlias. With β = 0 the lower
// triangle of C is overwritten without being read, so NaNs in it do not
// propagate; with k = 0 or α = 0 only the scaling by β happens.
//
// Implements: 001, "Principal Component Analysis" (the scatter matrix
// (X − X̄)ᵀ(X − X̄), through Covariance) and the Gram matrices of the kernel
// methods.
//
// Reference: the BLAS dsyrk; F. G. Van Zee and R. A. van de Geijn, "BLIS:
// a framework for rapidly instantiating BLAS functionality", ACM TOMS
// 41(3), 2015.
func Syrk(trans bool, alpha float64, a *Dense, beta float64, c *Dense) error {
	if err := checkNotNil("syrk", a, c); err != nil {
		return err
	}
	n, _ := opDims(trans, a)
	if c.rows != n || c.cols != n {
		return newError("syrk", ErrShape, "op(A) has %d rows, C is %s", n, c.shape())
	}
	if overlaps(c, a) {
		return newError("syrk", ErrAlias, "C shares memory with A")
	}
	syrk(trans, alpha, a, beta, c)
	return nil
}

// syrk is Syrk after validation.
func syrk(trans bool, alpha float64, a *Dense, beta float64, c *Dense) {
	scaleLower(beta, c)
	syrkAddLower(trans, alpha, a, c)
	mirrorLower(c)
}

// syrkAddLower adds α·op(A)·op(A)ᵀ to the lower triangle of C (i ≥ j) and
// neither reads nor writes the strict upper one. It is the work of Syrk,
// and on its own the trailing update A₂₂ ← A₂₂ − L₂₁L₂₁ᵀ of the blocked
// Cholesky factorization, whose upper triangle is not part of the matrix.
func syrkAddLower(trans bool, alpha float64, a, c *Dense) {
	n, k := opDims(trans, a)
	switch {
	case alpha == 0 || k == 0:
	case n*n*k < syrkSmall, !trans && n <= syrkFewRows:
		syrkRef(trans, alpha, a, c)
	case trans:
		syrkTransLower(alpha, a, nil, c) // AᵀA: op = (T, N) on the same A
	default:
		// AAᵀ as a product with the lower-triangle mask, op = (N, T).
		gemmPacked(&activeKernel, false, true, alpha, a, a, c, true, gemmWorkers(n, n/2+1, k), nil)
	}
}

// syrkRef is the reference update of the lower triangle,
// cᵢⱼ += α Σₚ op(A)ᵢₚ op(A)ⱼₚ for j ≤ i.
func syrkRef(trans bool, alpha float64, a, c *Dense) {
	if trans {
		// C += α Σₚ aₚ aₚᵀ over the rows aₚ of A (a sum of rank-1 updates).
		for p := range a.rows {
			ap := a.Row(p)
			for i, api := range ap {
				Axpy(alpha*api, ap[:i+1], c.Row(i)[:i+1])
			}
		}
		return
	}
	// cᵢⱼ += α ⟨aᵢ, aⱼ⟩ over the rows of A.
	for i := range a.rows {
		ai, ci := a.Row(i), c.Row(i)
		for j := range i + 1 {
			ci[j] += alpha * Dot(ai, a.Row(j))
		}
	}
}

// syrkCentered computes C = α (X − 1x̄ᵀ)ᵀ(X − 1x̄ᵀ) for an n×d data matrix X
// and its column means x̄, into the d×d C, without forming the centered
// copy of X: the packing routines subtract x̄ as they copy X into the
// panels, the step a copy would have taken anyway. The result is the same
// as syrkLower(α, Center(X)), exactly symmetric.
func syrkCentered(alpha float64, x *Dense, mean []float64, c *Dense) {
	n, d := x.rows, x.cols
	if d*d*n < syrkSmall {
		xc, _, _ := Center(x)
		syrkLower(alpha, xc, c)
		return
	}
	scaleLower(0, c)
	syrkTransLower(alpha, x, mean, c)
	mirrorLower(c)
}

// syrkKernel returns the micro-kernel for AᵀA with n columns: the active
// kernel's syrk variant when it has one and the n columns fit one panel
// of it (which is when it reads Ã straight out of B̃), else the active
// kernel.
func syrkKernel(n int) *microKernel {
	if s := activeKernel.syrk; s != nil && n <= s.nc {
		return s
	}
	return &activeKernel
}

// scaleLower computes C ← βC on the lower triangle, treating β = 0 as an
// overwrite with zeros.
func scaleLower(beta float64, c *Dense) {
	if beta == 1 {
		return
	}
	for i := range c.rows {
		r := c.Row(i)[:i+1]
		if beta == 0 {
			clear(r)
		} else {
			ScaleVec(beta, r)
		}
	}
}

// mirrorLower copies the strict lower triangle of the square C into the
// upper one, cⱼᵢ = cᵢⱼ, in square blocks so that both the rows read and the
// columns written stay in cache.
func mirrorLower(c *Dense) {
	const bs = 32
	n, s := c.rows, c.stride
	for i0 := 0; i0 < n; i0 += bs {
		for j0 := 0; j0 <= i0; j0 += bs {
			for i := i0; i < min(i0+bs, n); i++ {
				for j := j0; j < min(j0+bs, i); j++ {
					c.data[j*s+i] = c.data[i*s+j]
				}
			}
		}
	}
}
