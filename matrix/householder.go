package matrix

import "math"

// Householder reflectors, the building block of QR, bidiagonalization (SVD)
// and tridiagonalization (eigen). A reflector is
//
//	H = I − τ v vᵀ,  v₀ = 1,
//
// chosen so that H [α; x] = [β; 0]. H is symmetric and orthogonal, and
// applying it costs one matrix–vector product and one rank-1 update, which
// is why Householder-based factorizations are backward stable: each step is
// an exact orthogonal transformation up to rounding in that product.

// Householder computes the reflector that maps [α; x] to [β; 0]. On return
// x holds v₁.., the tail of v (v₀ = 1 is implicit), and the function returns
// β and τ. When x is already zero it returns β = α and τ = 0 (H = I).
//
// The sign of β is opposite to that of α, so that v₀ = α − β never suffers
// cancellation. Vectors so small that β would underflow are rescaled first,
// as LAPACK's dlarfg does.
func Householder(alpha float64, x []float64) (beta, tau float64) {
	xnorm := Nrm2(x)
	if xnorm == 0 {
		return alpha, 0
	}
	beta = -math.Copysign(math.Hypot(alpha, xnorm), alpha)
	const safeMin = 0x1p-1022 / 0x1p-53 // smallest normal divided by ε
	rescaled := 0
	for math.Abs(beta) < safeMin && rescaled < 20 {
		// β is tiny: scale x and α up, recompute, and undo the scaling on β
		// at the end. Each pass gains a factor 1/safeMin.
		ScaleVec(1/safeMin, x)
		alpha /= safeMin
		beta /= safeMin
		rescaled++
	}
	if rescaled > 0 {
		beta = -math.Copysign(math.Hypot(alpha, Nrm2(x)), alpha)
	}
	tau = (beta - alpha) / beta
	ScaleVec(1/(alpha-beta), x)
	for range rescaled {
		beta *= safeMin
	}
	return beta, tau
}

// ApplyHouseholderLeft computes A ← (I − τ v vᵀ) A, where len(v) is the
// number of rows of A and v[0] is read as given (set it to 1 for a vector
// produced by Householder). work must have room for A's columns. The cost
// is 4·m·n flops: w = Aᵀv, then A −= τ v wᵀ.
func ApplyHouseholderLeft(tau float64, v []float64, a *Dense, work []float64) {
	if tau == 0 {
		return
	}
	w := work[:a.cols]
	clear(w)
	for i, vi := range v[:a.rows] { // w = Aᵀ v
		Axpy(vi, a.Row(i), w)
	}
	for i, vi := range v[:a.rows] { // A −= τ v wᵀ
		Axpy(-tau*vi, w, a.Row(i))
	}
}

// ApplyHouseholderRight computes A ← A (I − τ v vᵀ), where len(v) is the
// number of columns of A (v[0] read as given). No workspace is needed: each
// row r of A becomes r − τ (r·v) vᵀ.
func ApplyHouseholderRight(tau float64, v []float64, a *Dense) {
	if tau == 0 {
		return
	}
	v = v[:a.cols]
	for i := range a.rows {
		r := a.Row(i)
		Axpy(-tau*Dot(r, v), v, r)
	}
}
