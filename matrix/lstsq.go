package matrix

// LeastSquares returns the minimum-norm solution X (n×k) of
// min ‖AX − B‖_F for any m×n A and m×k B: over-determined,
// under-determined or rank-deficient. With A = UΣVᵀ,
//
//	X = V Σ⁺ Uᵀ B,
//
// where Σ⁺ inverts the singular values above rcond·σ₁ and zeroes the
// others; rcond ≤ 0 means max(m, n)·ε. It also returns the effective rank
// (the number of singular values kept). Among all minimizers X is the one
// of least norm, because it has no component in the null space of A.
//
// Errors: ErrShape (B has the wrong number of rows), ErrEmpty, ErrNotFinite,
// ErrTooLarge (the n×k solution exceeds MemoryLimit).
//
// Implements: 004, "Linear Least Squares Regression" (w = A⁺y with the
// pseudo-inverse computed by the SVD); 002, "Linear Regression in ℝᵈ".
func LeastSquares(a, b *Dense, rcond float64) (x *Dense, rank int, err error) {
	if err := checkNotNil("least squares", a, b); err != nil {
		return nil, 0, err
	}
	if b.rows != a.rows {
		return nil, 0, newError("least squares", ErrShape, "A is %s but B is %s", a.shape(), b.shape())
	}
	if err := b.CheckFinite(); err != nil {
		return nil, 0, err
	}
	if err := CheckDims("least squares", "solution X", a.cols, b.cols); err != nil {
		return nil, 0, err
	}
	f, err := FactorizeSVD(a, SVDThin)
	if err != nil {
		return nil, 0, err
	}
	// The tolerance on the scaled σ(2ᵏA): rcond·σ₁ is scale-free, and the
	// solution is formed on the scaled side (applyPinv), so σ₁ above the
	// float64 range or subnormal σ do not turn into a rank of 0 or an Inf.
	t := f.scaledDefaultTolerance()
	if rcond > 0 {
		t = rcond * f.ss[0]
	}
	return f.applyPinv(b, t), f.scaledRank(t), nil
}

// PseudoInverse returns the Moore–Penrose pseudo-inverse A⁺ (n×m) by the
// SVD with the default tolerance max(m, n)·ε·σ₁.
func PseudoInverse(a *Dense) (*Dense, error) {
	f, err := FactorizeSVD(a, SVDThin)
	if err != nil {
		return nil, err
	}
	return f.PseudoInverse(0)
}

// Rank returns the numerical rank of A: the number of singular values above
// max(m, n)·ε·σ₁.
func Rank(a *Dense) (int, error) {
	f, err := FactorizeSVD(a, SVDValues)
	if err != nil {
		return 0, err
	}
	return f.Rank(0), nil
}

// Cond returns the 2-norm condition number σ₁/σₖ of A (+Inf if singular).
func Cond(a *Dense) (float64, error) {
	f, err := FactorizeSVD(a, SVDValues)
	if err != nil {
		return 0, err
	}
	return f.Cond(), nil
}
