package matrix

// Householder bidiagonalization, the first half of the Golub–Kahan–Reinsch
// SVD. An m×n matrix A with m ≥ n is reduced to upper bidiagonal form by
// reflectors alternately from the left and from the right,
//
//	Hₙ₋₁ ⋯ H₁ H₀ · A · G₀ G₁ ⋯ Gₙ₋₃ = B,   B upper bidiagonal (d on the
//	diagonal, e on the superdiagonal),
//
// so A = U_B B V_Bᵀ with U_B = H₀ ⋯ Hₙ₋₁ and V_B = G₀ ⋯ Gₙ₋₃. Hₖ zeroes
// column k below the diagonal (rows k … m−1), Gₖ zeroes row k right of the
// superdiagonal (columns k+1 … n−1). Both are exact orthogonal
// transformations up to rounding, so B is the bidiagonal form of A + ΔA
// with ‖ΔA‖ ≤ c·m·n·ε·‖A‖. The cost is 4mn² − 4n³/3 flops.
//
// In row-major storage the right reflector Gₖ is built from a contiguous
// row, and both updates run along rows: A ← Hₖ A is w = Aᵀv, A −= τ v wᵀ
// (ApplyHouseholderLeft), A ← A Gₖ is r ← r − τ (r·v) vᵀ for each row
// (ApplyHouseholderRight). Only the left vector (a column) is gathered
// into a buffer.

// bidiagonal holds the result of bidiagonalize: the vectors of the
// reflectors in the LAPACK compact layout (vₖ's tail below the diagonal in
// column k, the tail of Gₖ's vector right of the superdiagonal in row k),
// their τs, and B.
type bidiagonal struct {
	a          *Dense    // m×n: the reflectors
	d, e       []float64 // B's diagonal (n) and superdiagonal (n−1)
	tauq, taup []float64 // τ of Hₖ (n) and of Gₖ (n−1, the last is 0)
}

// bidiagonalize reduces the m×n matrix a (m ≥ n), which it overwrites with
// the reflectors.
func bidiagonalize(a *Dense) *bidiagonal {
	m, n := a.Dims()
	b := &bidiagonal{a: a, d: make([]float64, n), e: make([]float64, max(n-1, 0)),
		tauq: make([]float64, n), taup: make([]float64, max(n-1, 0))}
	col := make([]float64, m)
	work := make([]float64, n)
	for k := range n {
		// Hₖ [aₖₖ; a₍ₖ₊₁:ₘ₎ₖ] = [dₖ; 0], the tail of vₖ stored back in column k.
		v := col[:m-k]
		for i := range v {
			v[i] = a.data[(k+i)*a.stride+k]
		}
		beta, tau := Householder(v[0], v[1:])
		b.d[k], b.tauq[k] = beta, tau
		for i := 1; i < len(v); i++ {
			a.data[(k+i)*a.stride+k] = v[i]
		}
		a.data[k*a.stride+k] = beta
		if k+1 == n {
			break
		}
		v[0] = 1
		ApplyHouseholderLeft(tau, v, a.Slice(k, m, k+1, n), work) // A[k:m, k+1:n] ← Hₖ A[k:m, k+1:n]
		// Gₖ maps row k right of the diagonal, [aₖ,ₖ₊₁ …], to [eₖ, 0 …].
		r := a.Row(k)[k+1:]
		beta, tau = Householder(r[0], r[1:])
		b.e[k], b.taup[k] = beta, tau
		r[0] = 1
		ApplyHouseholderRight(tau, r, a.Slice(k+1, m, k+1, n)) // A[k+1:m, k+1:n] ← A[k+1:m, k+1:n] Gₖ
		r[0] = beta
	}
	return b
}

// formU returns the first cols columns of U_B = H₀ ⋯ Hₙ₋₁ (m×cols,
// n ≤ cols ≤ m), accumulated backwards as in QR.formQ: one reflector at a
// time for small n, by blocks of qrBlock reflectors in the compact WY
// form (qr_blocked.go) otherwise.
func (b *bidiagonal) formU(cols int) *Dense {
	m, n := b.a.Dims()
	u := New(m, cols)
	for i := range cols {
		u.data[i*u.stride+i] = 1
	}
	if n >= 2*qrBlock {
		for k0 := (n - 1) / qrBlock * qrBlock; k0 >= 0; k0 -= qrBlock {
			k1 := min(k0+qrBlock, n)
			vt := New(k1-k0, m-k0) // row i: v_(k0+i) on rows k0 … m−1
			for i := range k1 - k0 {
				k := k0 + i
				r := vt.Row(i)
				r[i] = 1
				for j := k + 1; j < m; j++ {
					r[j-k0] = b.a.data[j*b.a.stride+k]
				}
			}
			applyBlock(vt, blockT(vt, b.tauq[k0:k1]), u.Slice(k0, m, k0, cols), false)
		}
		return u
	}
	v := make([]float64, m)
	work := make([]float64, cols)
	for k := n - 1; k >= 0; k-- {
		vk := v[:m-k]
		vk[0] = 1
		for i := 1; i < len(vk); i++ {
			vk[i] = b.a.data[(k+i)*b.a.stride+k]
		}
		ApplyHouseholderLeft(b.tauq[k], vk, u.Slice(k, m, k, cols), work)
	}
	return u
}

// formV returns V_B = G₀ ⋯ Gₙ₋₂ (n×n), accumulated backwards: Gₖ acts on
// rows and columns k+1 … n−1. Blocked like formU.
func (b *bidiagonal) formV() *Dense {
	n := b.a.cols
	vb := Identity(n)
	if n >= 2*qrBlock {
		g := n - 1 // reflectors G₀ … G_(n−2)
		for k0 := (g - 1) / qrBlock * qrBlock; k0 >= 0; k0 -= qrBlock {
			k1 := min(k0+qrBlock, g)
			vt := New(k1-k0, n-k0-1) // row i: the vector of G_(k0+i) on indices k0+1 … n−1
			for i := range k1 - k0 {
				k := k0 + i
				r := vt.Row(i)
				r[i] = 1
				copy(r[i+1:], b.a.Row(k)[k+2:])
			}
			applyBlock(vt, blockT(vt, b.taup[k0:k1]), vb.Slice(k0+1, n, k0+1, n), false)
		}
		return vb
	}
	v := make([]float64, n)
	work := make([]float64, n)
	for k := n - 2; k >= 0; k-- {
		vk := v[:n-k-1]
		vk[0] = 1
		copy(vk[1:], b.a.Row(k)[k+2:])
		ApplyHouseholderLeft(b.taup[k], vk, vb.Slice(k+1, n, k+1, n), work)
	}
	return vb
}
