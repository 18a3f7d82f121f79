package eigen

import (
	"math"

	"mlnotes/matrix"
)

// The blocked Householder reduction to tridiagonal form (LAPACK's dsytrd
// with dlatrd), the fast path of reduceTridiagonal; tridiagonalize keeps
// the plain version, and TestBlockedReduction checks one against the other.
//
// The unblocked step k applies the rank-2 update B ← B − vwᵀ − wvᵀ to the
// whole trailing matrix, reading and writing it once per column. Here the
// updates of nb consecutive columns are collected instead, as the columns
// of V and W (m×nb), and applied at once,
//
//	A ← A − VWᵀ − WVᵀ,
//
// with matrix.Gemm. Within the panel, column k of the updated matrix is
// formed on the fly (its stale entries minus V Wₖᵀ + W Vₖᵀ), and the
// product with the stale trailing block is corrected the same way:
//
//	w = τ (A v − V(Wᵀv) − W(Vᵀv)),   w ← w − (τ/2)(wᵀv) v.
//
// Half of the 4n³/3 flops move into matrix products; the other half, the
// product A v for every column, stays a matrix–vector product, which reads
// only the upper triangle (each entry used twice), so the memory traffic
// per column is m²/2 words instead of 3m².
//
// Storage: only the upper triangle of a is read and kept up to date
// (row k right of the diagonal is column k below it, by symmetry, and is
// contiguous in row-major storage); the lower triangle is left stale.

// Block sizes of the reduction: nb columns per panel, and the trailing
// size below which the rest is reduced unblocked.
const (
	reduceBlock     = 32
	reduceCrossover = 96
)

// reduceTridiagonalBlocked does what reduceTridiagonal does, with the
// same outputs and the same reflectors left in a.
func reduceTridiagonalBlocked(a *matrix.Dense) (d, e, taus []float64) {
	n := a.Rows()
	if n <= reduceCrossover {
		return reduceTridiagonal(a)
	}
	d, e = make([]float64, n), make([]float64, n-1)
	taus = make([]float64, n-2)
	nb := reduceBlock
	vt := matrix.New(nb, n) // row c: v of panel column c (global indices)
	wt := matrix.New(nb, n) // row c: w of panel column c
	p := make([]float64, n)
	j0 := 0
	for ; n-j0 > reduceCrossover; j0 += nb {
		reducePanel(a, j0, nb, vt, wt, d, e, taus, p)
		// Trailing update of the upper triangle, a strip of rows at a time:
		// A[i0:i1, i0:n] −= V[i0:i1]W[i0:n]ᵀ + W[i0:i1]V[i0:n]ᵀ.
		// The strips are independent: run them in parallel.
		t0 := j0 + nb
		parallelChunks(n-t0, 32, func(lo, hi int) {
			i0, i1 := t0+lo, t0+hi
			c := a.Slice(i0, i1, i0, n)
			matrix.Gemm(true, false, -1, vt.Slice(0, nb, i0, i1), wt.Slice(0, nb, i0, n), 1, c)
			matrix.Gemm(true, false, -1, wt.Slice(0, nb, i0, i1), vt.Slice(0, nb, i0, n), 1, c)
		})
	}
	// The rest, unblocked, on a full symmetric copy of the trailing block.
	rest := a.Slice(j0, n, j0, n)
	m := n - j0
	for i := range m {
		for j := range i {
			rest.Set(i, j, rest.At(j, i))
		}
	}
	dr, er, tr := reduceTridiagonal(rest)
	copy(d[j0:], dr)
	copy(e[j0:], er)
	copy(taus[j0:], tr)
	return d, e, taus
}

// reducePanel reduces the columns j0..j0+nb−1, filling rows 0..nb−1 of vt
// and wt with the panel's V and W (zero left of each vector's start).
func reducePanel(a *matrix.Dense, j0, nb int, vt, wt *matrix.Dense, d, e, taus, p []float64) {
	n := a.Rows()
	parts := matrix.New(symvChunks, n) // partial products of symvUpperChunked
	// Coefficients of the panel's pending updates, c of each: the entries
	// of column k of Vᵀ and Wᵀ, then Wᵀv and Vᵀv.
	vk, wk := make([]float64, nb), make([]float64, nb)
	wv, vv := make([]float64, nb), make([]float64, nb)
	for c := range nb {
		k := j0 + c
		row := a.Row(k)
		// Column k of the updated matrix: a[k][k:] −= Σc' v_c'[k] w_c'[k:] + w_c'[k] v_c'[k:],
		// that is a[k][k:] −= W[k:]·(Vᵀ)[:, k] + V[k:]·(Wᵀ)[:, k], two
		// products with the panel's c rows of Vᵀ and Wᵀ (dlatrd's dgemv).
		if c > 0 {
			for cp := range c {
				vk[cp], wk[cp] = vt.At(cp, k), wt.At(cp, k)
			}
			matrix.Gemv(true, -1, wt.Slice(0, c, k, n), vk[:c], 1, row[k:])
			matrix.Gemv(true, -1, vt.Slice(0, c, k, n), wk[:c], 1, row[k:])
		}
		d[k] = row[k]
		x := row[k+1:] // [α; x]: column k below the diagonal
		beta, tau := matrix.Householder(x[0], x[1:])
		taus[k], e[k] = tau, beta
		x[0] = 1
		v := x
		vrow, wrow := vt.Row(c), wt.Row(c)
		clear(vrow[:k+1])
		clear(wrow[:k+1])
		copy(vrow[k+1:], v)
		w := wrow[k+1:]
		if tau == 0 {
			clear(w)
			continue
		}
		// p = A v on the stale trailing block (upper triangle only).
		symvUpperChunked(a.Slice(k+1, n, k+1, n), v, p[:len(v)], parts)
		// p −= V(Wᵀv) + W(Vᵀv): the panel's pending updates, four
		// matrix–vector products with the c rows of Vᵀ and Wᵀ.
		if c > 0 {
			vtc, wtc := vt.Slice(0, c, k+1, n), wt.Slice(0, c, k+1, n)
			matrix.Gemv(false, 1, wtc, v, 0, wv[:c]) // Wᵀv
			matrix.Gemv(false, 1, vtc, v, 0, vv[:c]) // Vᵀv
			matrix.Gemv(true, -1, vtc, wv[:c], 1, p[:len(v)])
			matrix.Gemv(true, -1, wtc, vv[:c], 1, p[:len(v)])
		}
		// w = τp − (τ/2)(τpᵀv) v
		copy(w, p[:len(v)])
		matrix.ScaleVec(tau, w)
		matrix.Axpy(-0.5*tau*matrix.Dot(w, v), v, w)
	}
}

// symvChunks is the number of row ranges of symvUpperChunked.
const symvChunks = 4

// symvUpperChunked computes y = Bv for the symmetric B of which only the
// upper triangle is read (matrix.SymvUpper, the dsymv of dlatrd), split
// into symvChunks ranges of rows with equal shares of the triangle, each
// accumulating into its own row of parts, which are then added in order.
// The ranges depend on the size alone, so the result is the same for any
// number of workers; with more than one the ranges run in parallel.
func symvUpperChunked(b *matrix.Dense, v, y []float64, parts *matrix.Dense) {
	m := b.Rows()
	if m < 256 {
		// The shapes fit by construction: no error to handle.
		matrix.SymvUpper(b, v, y)
		return
	}
	// Range c covers rows [bound(c), bound(c+1)): the triangle's rows
	// shrink, so the bounds follow 1 − √(1 − c/C).
	bound := func(c int) int {
		if c >= symvChunks {
			return m
		}
		r := int(float64(m) * (1 - math.Sqrt(1-float64(c)/symvChunks)))
		return r &^ 3 // a multiple of 4, so the kernel's four-row groups stay whole
	}
	parallelChunks(symvChunks, 1, func(lo, hi int) {
		for c := lo; c < hi; c++ {
			r0, r1 := bound(c), bound(c+1)
			part := parts.Row(c)[:m]
			clear(part[:r0])
			matrix.SymvUpperRows(b, v, part, r0, r1)
		}
	})
	copy(y, parts.Row(0)[:m])
	for c := 1; c < symvChunks; c++ {
		matrix.Axpy(1, parts.Row(c)[:m], y)
	}
}
