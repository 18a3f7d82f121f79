package matrix

// allFinite reports whether every number of x is finite. It multiplies
// each by zero and sums: v·0 is ±0 for finite v and NaN for ±Inf and NaN,
// so the sum is zero exactly when all are finite. Four sums and no
// branch per element make it run at the speed of memory (a test per
// element with math.IsNaN and math.IsInf was three times slower, and a
// covariance of 60000×784 spent a fifth of its time checking its input).
//
// On amd64 the bulk of x goes through the same sum in vector registers
// (finiteBulk): the scalar loop reads about 8 GB/s here, the kernel as
// fast as memory delivers.
func allFinite(x []float64) bool {
	rest, ok := finiteBulk(x)
	return ok && allFinitePortable(rest)
}

// allFinitePortable is allFinite in plain Go, the reference for the
// kernel and the whole of it elsewhere.
func allFinitePortable(x []float64) bool {
	var s0, s1, s2, s3 float64
	for len(x) >= 4 {
		s0 += x[0] * 0
		s1 += x[1] * 0
		s2 += x[2] * 0
		s3 += x[3] * 0
		x = x[4:]
	}
	for _, v := range x {
		s0 += v * 0
	}
	return s0+s1+s2+s3 == 0
}
