package matrix

import "math"

// The portable micro-kernel: plain Go, scalar, register-tiled. It keeps a
// 3×2 tile of C in six local variables (the compiler puts them in
// registers) and adds one rank-1 update per inner index p:
//
//	c_ij += ã_i(p) · b̃_j(p)   for i < 3, j < 2,
//
// reading 3 numbers of the packed Ã and 2 of the packed B̃ per p.
//
// Why this shape. Measured here on one core (GFLOP/s, n = 512 and 1024):
// with one p per loop trip 2×4 runs at 8.5–9, 3×2 at 9–10, 4×4, 3×3 and
// 5×2 at 4–7; with two p per trip 3×2, 2×3 and 1×6 run at 12.5–13.3, 2×4
// at 12, 2×2 at 11. The compiler issues all the multiplications of a trip
// before the additions, so the products and the accumulators must fit
// together in the 15 floating-point registers it uses: tiles of more than
// six accumulators spill. Two p per trip halves the loop overhead (the
// bounds and loop tests) per multiply-add. The slices are re-sliced as the
// loop advances, which lets the compiler drop the bounds checks.

// kernel3x2 adds Ã·B̃ to the 3×2 tile of C at c (row i at c[i*ldc:]).
func kernel3x2(kc int, a, b, c []float64, ldc int) {
	var c00, c01, c10, c11, c20, c21 float64
	a = a[:3*kc]
	b = b[:2*kc]
	// Two inner indices per trip: p and p+1.
	for len(a) >= 6 && len(b) >= 4 {
		a0, a1, a2 := a[0], a[1], a[2]
		b0, b1 := b[0], b[1]
		c00 += a0 * b0
		c01 += a0 * b1
		c10 += a1 * b0
		c11 += a1 * b1
		c20 += a2 * b0
		c21 += a2 * b1
		a0, a1, a2 = a[3], a[4], a[5]
		b0, b1 = b[2], b[3]
		c00 += a0 * b0
		c01 += a0 * b1
		c10 += a1 * b0
		c11 += a1 * b1
		c20 += a2 * b0
		c21 += a2 * b1
		a, b = a[6:], b[4:]
	}
	// An odd kc leaves one.
	if len(a) >= 3 && len(b) >= 2 {
		a0, a1, a2 := a[0], a[1], a[2]
		b0, b1 := b[0], b[1]
		c00 += a0 * b0
		c01 += a0 * b1
		c10 += a1 * b0
		c11 += a1 * b1
		c20 += a2 * b0
		c21 += a2 * b1
	}
	r := c[0:2:2]
	r[0] += c00
	r[1] += c01
	r = c[ldc : ldc+2 : ldc+2]
	r[0] += c10
	r[1] += c11
	r = c[2*ldc : 2*ldc+2 : 2*ldc+2]
	r[0] += c20
	r[1] += c21
}

// kernelStrided is the portable reference of the strided kernels
// (microKernel.runS): it adds α·Ã·B̃ to the mr×nr tile of C at c, with Ã's
// kc groups of mr numbers lda apart (a[p·lda + i]) and B̃ packed as kc
// groups of nr, rounding every product and sum (the assembly fuses each
// multiply-add), then c ← α·t + c with one rounding, as the assembly does.
func kernelStrided(mr, nr, kc int, a []float64, lda int, b, c []float64, ldc int, alpha float64) {
	if kc == 0 {
		return
	}
	_ = a[:(kc-1)*lda+mr]
	_ = b[:kc*nr]
	_ = c[:(mr-1)*ldc+nr]
	for i := range mr {
		for j := range nr {
			var t float64
			for p := range kc {
				t += a[p*lda+i] * b[p*nr+j]
			}
			c[i*ldc+j] = math.FMA(alpha, t, c[i*ldc+j])
		}
	}
}
