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
	n := a.Rows()
	d, e = make([]float64, n), make([]float64, max(n-1, 0))
	taus := make([]float64, max(n-2, 0))
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
	if !wantQ {
		return d, e, nil
	}
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
	return d, e, q.T()
}
