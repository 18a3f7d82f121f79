//go:build amd64 && !purego

package matrix

// gemvDot4AVX2 sets out[r] = Σⱼ a[r·lda + j]·x[j] for the four rows
// r = 0 … 3 of length n starting at a (gemv_amd64.s).
//
//go:noescape
func gemvDot4AVX2(a *float64, lda int, x *float64, n int, out *[4]float64)

// gemvAxpy4AVX2 adds x4[0]·row 0 + … + x4[3]·row 3 of the four rows of
// length n starting at a to y, in fused multiply-adds.
//
//go:noescape
func gemvAxpy4AVX2(x4 *[4]float64, a *float64, lda int, y *float64, n int)

// dot4Fast sets s to the dot products of x with rows i … i+3 of A (their
// first len(x) numbers) with the AVX2 kernel, and reports whether the
// machine has one.
func dot4Fast(a *Dense, i int, x []float64, s *[4]float64) bool {
	if !hostCPU.avx2FMA || len(x) == 0 {
		return false
	}
	_ = a.data[(i+3)*a.stride : (i+3)*a.stride+len(x)] // bounds, once
	gemvDot4AVX2(&a.data[i*a.stride], a.stride, &x[0], len(x), s)
	return true
}

// axpy4Fast adds x4[0]·A[p, j0:j1] + … + x4[3]·A[p+3, j0:j1] to y
// (len(y) = j1 − j0) with the AVX2 kernel, and reports whether the machine
// has one.
func axpy4Fast(x4 *[4]float64, a *Dense, p, j0 int, y []float64) bool {
	if !hostCPU.avx2FMA || len(y) == 0 {
		return false
	}
	_ = a.data[(p+3)*a.stride+j0 : (p+3)*a.stride+j0+len(y)] // bounds, once
	gemvAxpy4AVX2(x4, &a.data[p*a.stride+j0], a.stride, &y[0], len(y))
	return true
}
