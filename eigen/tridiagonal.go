package eigen

import "mlnotes/matrix"

// tridiagonalize reduces the symmetric n×n matrix A, in place, to a
// tridiagonal T = QᵀAQ by n − 2 Householder similarity transformations and
// returns its diagonal d, its off-diagonal e (e[i] couples i and i+1) and,
// when wantQ is set, Qᵀ as a matrix whose rows are the columns of Q.
//
// Step k chooses H = I − τvvᵀ that zeroes column k below the subdiagonal
// (row k of A, by symmetry, so the vector is contiguous) and applies it from
// both sides to the trailing block B = A[k+1:, k+1:] as one symmetric
// rank-2 update:
//
//	p = τBv,  w = p − (τ/2)(pᵀv)v,  B ← B − vwᵀ − wvᵀ,
//
// which is HBH written so that it costs 4m² flops instead of 8m².
// Total: 4n³/3 flops for T, and 4n³/3 more to form Q.
//
// Reference: Golub and Van Loan, Matrix Computations, 4th ed., §8.3.1.
func tridiagonalize(a *matrix.Dense, wantQ bool) (d, e []float64, qt *matrix.Dense) {
	d, e, taus := reduceTridiagonalBlocked(a)
	if !wantQ {
		return d, e, nil
	}
	if a.Rows() < blockedQMin {
		return d, e, formQ(a, taus).T()
	}
	return d, e, formQT(a, taus)
}

// blockedQMin is the size from which tridiagonalize forms Q by the blocked
// formQT rather than the plain formQ (below it the blocks are too small
// to pay for their set-up).
const blockedQMin = 200

// reduceTridiagonal is the reduction of tridiagonalize without forming Q:
// on return row k of a holds, right of column k, the vector vₖ of the k-th
// reflector Hₖ = I − τₖvₖvₖᵀ (vₖ[0] = 1 stored), and taus[k] its τₖ.
func reduceTridiagonal(a *matrix.Dense) (d, e, taus []float64) {
	n := a.Rows()
	d, e = make([]float64, n), make([]float64, max(n-1, 0))
	taus = make([]float64, max(n-2, 0))
	p := make([]float64, n)
	w := make([]float64, n)
	for k := 0; k < n-2; k++ {
		x := a.Row(k)[k+1:] // [α; x] = column k below the diagonal
		beta, tau := matrix.Householder(x[0], x[1:])
		taus[k] = tau
		e[k] = beta
		x[0] = 1 // x now holds v (v₀ = 1), kept in row k for forming Q
		if tau == 0 {
			continue
		}
		v := x
		b := a.Slice(k+1, n, k+1, n)
		m := n - k - 1
		// p = τ B v (B symmetric: its rows are its columns).
		for i := range m {
			p[i] = tau * matrix.Dot(b.Row(i), v)
		}
		// w = p − (τ/2)(pᵀv) v
		alpha := -0.5 * tau * matrix.Dot(p[:m], v)
		copy(w[:m], p[:m])
		matrix.Axpy(alpha, v, w[:m])
		// B ← B − v wᵀ − w vᵀ, row by row.
		for i := range m {
			bi := b.Row(i)
			matrix.Axpy(-v[i], w[:m], bi)
			matrix.Axpy(-w[i], v, bi)
		}
	}
	for i := range n {
		d[i] = a.At(i, i)
	}
	if n >= 2 {
		e[n-2] = a.At(n-2, n-1)
	}
	return d, e, taus
}

// formQ returns Q = H₀H₁…Hₙ₋₃ from the reflectors left in a by
// reduceTridiagonal.
func formQ(a *matrix.Dense, taus []float64) *matrix.Dense {
	n := a.Rows()
	// Q = H₀H₁…Hₙ₋₃, accumulated backwards: Q ← Hₖ Q for k = n−3 … 0.
	// Hₖ touches only rows k+1.., and at that point Q differs from the
	// identity only in its trailing block, so each step updates
	// Q[k+1:, k+1:] alone (the cheap order, as LAPACK's dorgtr).
	q := matrix.Identity(n)
	work := make([]float64, n)
	for k := n - 3; k >= 0; k-- {
		if taus[k] == 0 {
			continue
		}
		v := a.Row(k)[k+1:]
		matrix.ApplyHouseholderLeft(taus[k], v, q.Slice(k+1, n, k+1, n), work)
	}
	return q
}

// backTransformBlock is the number of reflectors applied together by
// applyQT (the nb of LAPACK's dormtr); 32 keeps V and W in cache and makes
// both products long enough to run at matrix.Gemm speed.
const backTransformBlock = 32

// applyQT computes Zᵀ ← ZᵀQᵀ in place, where Q = H₀H₁…Hₙ₋₃ is stored in
// a as reduceTridiagonal left it and the rows of zt are eigenvectors of T.
// The rows of the result are then the eigenvectors QZ of A.
//
// The reflectors are applied in blocks of nb in the compact WY form
// (Schreiber and Van Loan): for consecutive reflectors Hⱼ…Hⱼ₊nb₋₁ =
// I − VTVᵀ, with V (m×nb) their vectors and T (nb×nb) upper triangular,
// so that Qᵀ = ∏ (I − VTᵀVᵀ) over the blocks, the last block first, and
// each block costs two matrix products:
//
//	W = Zᵀ V,   Zᵀ ← Zᵀ − (W Tᵀ) Vᵀ.
//
// W Tᵀ = Zᵀ U with U = V Tᵀ, the same for every row of Zᵀ: it is formed
// once per block (nb²m flops, a small product) so that each chunk of rows
// does only the two long products, W = Zᵀ U and Zᵀ ← Zᵀ − W Vᵀ. U is kept
// m×nb (not as Uᵀ, like Vᵀ) so that Gemm packs it row by row.
//
// Cost: 2n³ flops, nearly all in matrix.Gemm.
//
// Reference: Golub and Van Loan, Matrix Computations, 4th ed., §5.1.7;
// LAPACK dormtr, dlarft and dlarfb.
func applyQT(zt, a *matrix.Dense, taus []float64) {
	applyQTRows(zt, a, taus, false)
}

// formQT returns Qᵀ (rows: the columns of Q) by the blocked code of
// applyQT started from the identity. While the blocks are applied, the
// last first, every row r ≤ j is still the unit row e_r when block j
// comes, and block j only touches columns j+1..n−1, where such a row is
// zero; so block j skips those rows, which brings the cost from 2n³ to
// 4n³/3 (as LAPACK's dorgtr against dormtr). formQ is the plain version.
func formQT(a *matrix.Dense, taus []float64) *matrix.Dense {
	qt := matrix.Identity(a.Rows())
	applyQTRows(qt, a, taus, true)
	return qt
}

// applyQTRows is applyQT; fromIdentity says that zt starts as the identity,
// so that block j may skip rows 0..j.
func applyQTRows(zt, a *matrix.Dense, taus []float64, fromIdentity bool) {
	n := a.Rows()
	nb := backTransformBlock
	nref := len(taus)
	// The blocks (V, T), the last one first, shared by every row chunk.
	type block struct {
		j  int
		vt *matrix.Dense // Vᵀ, b×m
		u  *matrix.Dense // U = V Tᵀ, m×b
	}
	var blocks []block
	for j := ((nref - 1) / nb) * nb; j >= 0; j -= nb {
		b := min(nb, nref-j)
		m := n - 1 - j // reflectors j.. act on rows (columns of Zᵀ) j+1..n−1
		// Vᵀ (b×m): row c is v_{j+c}, which starts at offset c.
		vt := matrix.New(b, m)
		for c := range b {
			row := vt.Row(c)
			row[c] = 1
			copy(row[c+1:], a.Row(j + c)[j+c+2:])
		}
		u := matrix.New(m, b)
		matrix.Gemm(true, true, 1, vt, blockReflectorT(vt, taus[j:j+b]), 0, u) // U = V Tᵀ
		blocks = append(blocks, block{j, vt, u})
	}
	// Each row of Zᵀ is transformed independently: chunks of rows in parallel.
	parallelChunks(zt.Rows(), applyQTChunk, func(lo, hi int) {
		w := matrix.New(hi-lo, nb)
		for _, blk := range blocks {
			b := blk.vt.Rows()
			zs := zt.Slice(lo, hi, blk.j+1, n)
			wb := w.Slice(0, hi-lo, 0, b)
			matrix.Gemm(false, false, 1, zs, blk.u, 0, wb)   // W = Zᵀ V Tᵀ
			matrix.Gemm(false, false, -1, wb, blk.vt, 1, zs) // Zᵀ ← Zᵀ − W Vᵀ
		}
	})
}

// applyQTChunk is the number of rows of Zᵀ per parallel task of applyQT.
const applyQTChunk = 64

// blockReflectorT returns the upper triangular T with
// H₀H₁…H_{b−1} = I − VTVᵀ, where row c of vt is vc and Hc = I − τc vc vcᵀ
// (LAPACK's dlarft, forward and columnwise):
//
//	T[c][c] = τc,   T[0:c, c] = −τc T[0:c, 0:c] (V[:, 0:c]ᵀ vc).
func blockReflectorT(vt *matrix.Dense, taus []float64) *matrix.Dense {
	b := len(taus)
	t := matrix.New(b, b)
	y := make([]float64, b)
	for c := range b {
		tau := taus[c]
		t.Set(c, c, tau)
		if tau == 0 {
			continue
		}
		for i := range c { // y = V[:, 0:c]ᵀ vc
			y[i] = matrix.Dot(vt.Row(i), vt.Row(c))
		}
		for i := range c { // T[0:c, c] = −τ T[0:c, 0:c] y (T upper)
			var s float64
			for l := i; l < c; l++ {
				s += t.At(i, l) * y[l]
			}
			t.Set(i, c, -tau*s)
		}
	}
	return t
}
