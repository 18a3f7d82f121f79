package matrix

// Blocked Householder QR with the compact WY representation (LAPACK's
// dgeqrf, dlarft and dlarfb), in the transposed storage of qr.go.
//
// A block of nb consecutive reflectors multiplies out to one block
// reflector,
//
//	H_k0 H_k0+1 ⋯ H_k1−1 = I − V T Vᵀ,
//
// where V (m×nb) has the vectors vₖ as columns (unit "diagonal", zeros
// above it) and T (nb×nb) is upper triangular. T is built column by column
// (dlarft, forward):
//
//	T[i][i] = τᵢ,   T[0:i, i] = −τᵢ · T[0:i, 0:i] · (V[:, 0:i]ᵀ vᵢ),
//
// which follows from (I − V₀T₀V₀ᵀ)(I − τ v vᵀ) = I − [V₀ v] [T₀ −τT₀V₀ᵀv; 0 τ] [V₀ v]ᵀ.
// Applying the block to C (m×k) takes two matrix products and a small
// triangular one:
//
//	Y = Vᵀ C  (nb×k),   Y ← T Y  (or Tᵀ Y for the transpose),   C ← C − V Y,
//
// so the O(m·n·k) work of applying Q runs in gemm instead of in rank-1
// updates. The factorization itself factors each panel of nb columns with
// the unblocked loop (which updates only the panel) and then applies the
// panel's block reflector, transposed, to the trailing columns.
//
// In our storage W = Aᵀ the vectors are the rows of W, so the nb×(m−k0)
// matrix Vᵀ of a block is a copy of the panel's rows with the R entries
// replaced by zeros and the diagonal by one (panelVT), and every product
// above is written with that Vᵀ.

// qrBlock is the number of reflectors per block; below 2·qrBlock columns
// the unblocked loop is used alone (measured: docs/performance.md).
const qrBlock = 32

// panelVT returns Vᵀ of the block of reflectors k0 … k1−1: row i is
// v_(k0+i) over rows k0 … m−1 of A (zeros before its unit entry).
func (f *QR) panelVT(k0, k1 int) *Dense {
	vt := New(k1-k0, f.m-k0)
	for i := range k1 - k0 {
		k := k0 + i
		r := vt.Row(i)
		r[i] = 1
		copy(r[i+1:], f.w.Row(k)[k+1:f.m])
	}
	return vt
}

// blockT returns the nb×nb upper triangular T with
// H_k0 ⋯ H_k1−1 = I − V T Vᵀ, from the rows of Vᵀ.
func blockT(vt *Dense, tau []float64) *Dense {
	nb := vt.rows
	t := New(nb, nb)
	z := make([]float64, nb)
	for i := range nb {
		t.data[i*t.stride+i] = tau[i]
		if tau[i] == 0 {
			continue // Hᵢ = I: column i of T stays zero
		}
		vi := vt.Row(i)
		for j := range i {
			z[j] = Dot(vt.Row(j)[i:], vi[i:]) // (Vᵀvᵢ)ⱼ; vⱼ vanishes before row j ≤ i, vᵢ before i
		}
		for j := range i { // T[0:i, i] = −τᵢ T[0:i, 0:i] z (T upper triangular)
			tj := t.Row(j)
			t.data[j*t.stride+i] = -tau[i] * Dot(tj[j:i], z[j:i])
		}
	}
	return t
}

// applyBlock overwrites C (rows k0 … m−1 of the operand, (m−k0)×k) with
// (I − V T Vᵀ)C, or with (I − V T Vᵀ)ᵀC = (I − V Tᵀ Vᵀ)C when trans.
// V is formed explicitly (a transpose of the nb rows of Vᵀ, O(m·nb)) so
// that both products read their operands along rows: the last one then
// updates each row of C with all nb rows of Y while that row is in cache.
func applyBlock(vt, t, c *Dense, trans bool) {
	nb, k := vt.rows, c.cols
	v := vt.T() // (m−k0)×nb
	y := New(nb, k)
	gemm(true, false, 1, v, c, 0, y)   // Y = Vᵀ C
	triangularTimes(t, y, trans)       // Y ← T Y or Tᵀ Y
	gemm(false, false, -1, v, y, 1, c) // C −= V Y
}

// triangularTimes overwrites Y (nb×k) with T·Y, or Tᵀ·Y when trans, for
// the upper triangular nb×nb T (the BLAS trmm, small here).
func triangularTimes(t, y *Dense, trans bool) {
	nb := t.rows
	if !trans {
		// Row i of TY is Σ_{j ≥ i} tᵢⱼ yⱼ: top to bottom, each row reads
		// only rows at or below it, which are not yet overwritten.
		for i := range nb {
			yi := y.Row(i)
			ScaleVec(t.data[i*t.stride+i], yi)
			for j := i + 1; j < nb; j++ {
				Axpy(t.data[i*t.stride+j], y.Row(j), yi)
			}
		}
		return
	}
	// Row i of TᵀY is Σ_{j ≤ i} tⱼᵢ yⱼ: bottom to top.
	for i := nb - 1; i >= 0; i-- {
		yi := y.Row(i)
		ScaleVec(t.data[i*t.stride+i], yi)
		for j := range i {
			Axpy(t.data[j*t.stride+i], y.Row(j), yi)
		}
	}
}

// factorBlocked runs the Householder loop on W by panels of nb
// reflectors and stores the T of every block for the applications of Q.
func (f *QR) factorBlocked(nb int) {
	m, n := f.m, f.n
	p := min(m, n)
	v := make([]float64, m)
	for k0 := 0; k0 < p; k0 += nb {
		k1 := min(k0+nb, p)
		f.factorColumns(k0, k1, k1, v) // the panel, updating only its own columns
		vt := f.panelVT(k0, k1)
		t := blockT(vt, f.tau[k0:k1])
		f.blockT = append(f.blockT, t)
		if k1 < n {
			// A[k0:m, k1:n] ← (I − V T Vᵀ)ᵀ A[k0:m, k1:n]. In W = Aᵀ this is
			// the transpose: Wt ← Wt − (Wt V) T Vᵀ for Wt = W[k1:n, k0:m].
			wt := f.w.Slice(k1, n, k0, m)
			y := New(k1-k0, n-k1)
			gemm(false, true, 1, vt, wt, 0, y)       // Y = Vᵀ A₂ = (Wt V)ᵀ  (nb×(n−k1))
			triangularTimes(t, y, true)              // Y ← Tᵀ Y = (Wt V T)ᵀ
			gemm(false, false, -1, y.T(), vt, 1, wt) // Wt −= (Wt V T) Vᵀ = Yᵀ Vᵀ, row by row of Wt
		}
	}
	f.nb = nb
}

// factorColumns is the unblocked Householder loop for reflectors
// k0 … k1−1, applying each only to columns up to end−1 of A (rows of W);
// with k0 = 0 and k1 = end = n it is the whole textbook algorithm.
func (f *QR) factorColumns(k0, k1, end int, v []float64) {
	m := f.m
	for k := k0; k < k1; k++ {
		wk := f.w.Row(k)
		// Hₖ [aₖₖ; a₍ₖ₊₁:ₘ₎ₖ] = [rₖₖ; 0]; the tail of vₖ overwrites a₍ₖ₊₁:ₘ₎ₖ.
		beta, tau := Householder(wk[k], wk[k+1:])
		wk[k], f.tau[k] = beta, tau
		if k+1 < end && tau != 0 {
			// A[k:m, k+1:end] ← Hₖ A[k:m, k+1:end], that is W[k+1:end, k:m] ← W[k+1:end, k:m] Hₖ.
			f.reflector(k, v)
			ApplyHouseholderRight(tau, v[:m-k], f.w.Slice(k+1, end, k, m))
		}
	}
}
