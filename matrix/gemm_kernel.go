package matrix

// The portable micro-kernels: plain Go, scalar, register-tiled. Each keeps
// a tile of C in local variables (the compiler puts them in registers) and
// adds one rank-1 update per inner index p:
//
//	c_ij += ã_i(p) · b̃_j(p)   for the mr×nr tile,
//
// reading mr numbers of the packed Ã and nr of the packed B̃ per p. The
// slices are re-sliced to their exact length first so the compiler can
// prove every index in range and drop the bounds checks from the loop.

// kernel2x4 is the 2×4 micro-kernel: 8 accumulators, 6 loads and 8
// multiply-adds per inner index.
func kernel2x4(kc int, a, b, c []float64, ldc int) {
	var c00, c01, c02, c03 float64
	var c10, c11, c12, c13 float64
	a = a[:2*kc]
	b = b[:4*kc]
	for p := 0; p < kc; p++ {
		ap := a[2*p : 2*p+2 : 2*p+2]
		bp := b[4*p : 4*p+4 : 4*p+4]
		b0, b1, b2, b3 := bp[0], bp[1], bp[2], bp[3]
		a0, a1 := ap[0], ap[1]
		c00 += a0 * b0
		c01 += a0 * b1
		c02 += a0 * b2
		c03 += a0 * b3
		c10 += a1 * b0
		c11 += a1 * b1
		c12 += a1 * b2
		c13 += a1 * b3
	}
	r := c[0:4:4]
	r[0] += c00
	r[1] += c01
	r[2] += c02
	r[3] += c03
	r = c[ldc : ldc+4 : ldc+4]
	r[0] += c10
	r[1] += c11
	r[2] += c12
	r[3] += c13
}
