package matrix

import "math"

// Convenience functions for one-off square problems. Each factorizes A
// with partial-pivoting LU (FactorizeLU) and discards the factors; to solve
// several systems with the same A, or to read the condition estimate,
// factorize once and keep the *LU.

// Solve returns X with A X = B for a square n×n A and an n×k B, by LU with
// partial pivoting: PA = LU, then L Y = PB and U X = Y.
//
// Special cases:
//
//	A empty, not square or not finite → ErrEmpty, ErrNotSquare, ErrNotFinite
//	B without n rows or not finite    → ErrShape, ErrNotFinite
//	A singular (zero pivot)           → nil and an error wrapping ErrSingular
//	A singular to working precision   → X and an error wrapping ErrSingular
//	(estimated κ₁ of the equilibrated A above 1/ε; equilibrate.go)
//	A badly scaled but well posed     → X, no error: diag(1, 1e-20) is fine
//
// For a rectangular A use QR.LeastSquares (full column rank) or the
// SVD-based LeastSquares (any rank).
func Solve(a, b *Dense) (*Dense, error) {
	f, err := factorizeLU(luOpNames{factor: "solve", solve: "solve"}, a)
	if err != nil {
		return nil, err
	}
	return f.Solve(b)
}

// Inverse returns A⁻¹ for a square A, by LU with partial pivoting and n
// solves with the columns of I. The error cases are those of Solve; a
// singular A (exactly, or to working precision) gives ErrSingular.
func Inverse(a *Dense) (*Dense, error) {
	f, err := factorizeLU(luOpNames{factor: "inverse", solve: "inverse"}, a)
	if err != nil {
		return nil, err
	}
	return f.Inverse()
}

// Det returns det A = det(P)·Πᵢ uᵢᵢ for a square A, by LU with partial
// pivoting (PA = LU, det P = ±1).
//
// Special cases:
//
//	A empty, not square or not finite → ErrEmpty, ErrNotSquare, ErrNotFinite
//	A exactly singular (zero pivot)   → 0 and no error
//	|det A| above the float64 range   → ±Inf and an error wrapping
//	                                    ErrNotFinite (use LU.LogAbsDet)
//	|det A| below the float64 range   → 0 (gradual underflow; LU.LogAbsDet
//	                                    gives the logarithm)
func Det(a *Dense) (float64, error) {
	const op = "det"
	f, err := factorizeLU(luOpNames{factor: op, solve: op}, a)
	if err != nil {
		return 0, err
	}
	d := f.Det()
	if math.IsInf(d, 0) {
		logAbs, _ := f.LogAbsDet()
		return d, newError(op, ErrNotFinite, "determinant overflows float64: log|det| = %.6g", logAbs)
	}
	return d, nil
}
