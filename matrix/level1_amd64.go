//go:build amd64 && !purego

package matrix

// Vector kernels for the level-1 operations (level1_amd64.s), which Dot
// and Axpy (vector.go) call first:
//
//	if s, ok := dotFast(x, y); ok { return s }
//	if axpyFast(alpha, x, y) { return }
//
// They are the inner loops of the SMO solver's gradient updates, of the
// Householder updates of QR and the SVD, of the matrix–vector products
// and of Lanczos. Both use fused multiply-adds, so their results differ
// from the portable loops by rounding (bounded in level1_test.go).

// dotAVX2 returns Σᵢ xᵢyᵢ over n numbers.
//
//go:noescape
func dotAVX2(x, y *float64, n int) float64

// axpyAVX2 computes yᵢ += α·xᵢ over n numbers.
//
//go:noescape
func axpyAVX2(alpha float64, x, y *float64, n int)

// zeroDotAVX2 returns Σᵢ 0·xᵢ over n numbers, n a multiple of 16.
//
//go:noescape
func zeroDotAVX2(x *float64, n int) float64

// finiteBulk checks the longest prefix of x whose length is a multiple of
// 16 with the AVX2 kernel, and returns what is left to check and whether
// the prefix is finite (all of x is left on a machine without AVX2).
func finiteBulk(x []float64) (rest []float64, ok bool) {
	n := len(x) &^ 15
	if !hostCPU.avx2FMA || n == 0 {
		return x, true
	}
	return x[n:], zeroDotAVX2(&x[0], n) == 0
}

// level1Min is the length from which dotFast uses its kernel; below it
// the call costs about what it saves.
const level1Min = 8

// dotFast returns xᵀy with the AVX2 kernel and true, or false when the
// machine has no AVX2 and FMA or the vectors are short. x and y must
// have the same length (Dot checks it).
func dotFast(x, y []float64) (float64, bool) {
	if !hostCPU.avx2FMA || len(x) < level1Min {
		return 0, false
	}
	y = y[:len(x)]
	return dotAVX2(&x[0], &y[0], len(x)), true
}

// axpyFast computes y ← αx + y with the AVX2 kernel and reports true, or
// does nothing and reports false when the machine has no AVX2 and FMA.
//
// Unlike dotFast it takes every length: its elements are independent, and
// rounding each one the same way (fused) whatever the length keeps a
// product split across workers bitwise the same for any number of them.
func axpyFast(alpha float64, x, y []float64) bool {
	if !hostCPU.avx2FMA {
		return false
	}
	if alpha == 0 || len(x) == 0 {
		return true // y unchanged, as Axpy: 0·x must not bring x's NaNs in
	}
	y = y[:len(x)]
	axpyAVX2(alpha, &x[0], &y[0], len(x))
	return true
}
