package matrix

import "math"

// estimateNorm1 estimates ‖B‖₁ = maxⱼ Σᵢ |bᵢⱼ| for an n×n matrix B that is
// known only through products: apply(x, false) overwrites x with Bx and
// apply(x, true) with Bᵀx. With B = A⁻¹ applied through a factorization it
// estimates ‖A⁻¹‖₁ in O(n²) work instead of the O(n³) of forming A⁻¹.
//
// It is Hager's method with Higham's refinements (the algorithm of LAPACK's
// dlacon). ‖Bx‖₁ over the unit 1-ball is a convex function maximized at a
// vertex ±eⱼ; starting from x = (1/n)·1 the method climbs along the
// subgradient:
//
//	y = B x,  ξ = sign(y),  z = Bᵀ ξ,  j = argmaxᵢ |zᵢ|,  x ← eⱼ
//
// and stops when ‖y‖₁ no longer grows, ξ repeats or j repeats (at most five
// products with B). A second estimate 2‖Bx‖₁/(3n) with the alternating
// vector xᵢ = (−1)ⁱ(1 + i/(n−1)) guards against matrices that fool the
// climb. The result is a lower bound on ‖B‖₁, in practice within a factor 3.
//
// Reference: N. J. Higham, ACM TOMS 14(4), 381–396, 1988, Algorithm 4.1;
// W. W. Hager, SIAM J. Sci. Stat. Comput. 5(2), 1984.
func estimateNorm1(n int, apply func(x []float64, trans bool)) float64 {
	const maxProducts = 5
	x := make([]float64, n)
	for i := range x {
		x[i] = 1 / float64(n)
	}
	apply(x, false) // y = B·(1/n)
	if n == 1 {
		return math.Abs(x[0])
	}
	est := Asum(x)
	xi := signVector(x, nil) // ξ = sign(y)
	z := append([]float64(nil), xi...)
	apply(z, true) // z = Bᵀξ
	j := argmaxAbs(z)
	for range maxProducts - 1 {
		clear(x)
		x[j] = 1
		apply(x, false) // y = B eⱼ, column j of B
		prev := est
		est = Asum(x)
		if !(est > prev) { // no growth: the climb has reached a local maximum
			est = math.Max(est, prev)
			break
		}
		next := signVector(x, nil)
		if equalVec(next, xi) { // ξ repeats: the next step would give the same z
			break
		}
		xi = next
		copy(z, xi)
		apply(z, true) // z = Bᵀξ
		last := j
		j = argmaxAbs(z)
		if math.Abs(z[last]) == math.Abs(z[j]) { // no better vertex
			break
		}
	}
	// Alternative estimate from xᵢ = (−1)ⁱ(1 + i/(n−1)).
	for i := range x {
		x[i] = 1 + float64(i)/float64(n-1)
		if i%2 == 1 {
			x[i] = -x[i]
		}
	}
	apply(x, false)
	if alt := 2 * Asum(x) / (3 * float64(n)); alt > est || math.IsNaN(alt) {
		est = alt
	}
	return est
}

// signVector writes sign(yᵢ) (with sign(0) = +1) into dst, allocating it if
// nil, and returns it.
func signVector(y, dst []float64) []float64 {
	if dst == nil {
		dst = make([]float64, len(y))
	}
	for i, v := range y {
		dst[i] = 1
		if v < 0 {
			dst[i] = -1
		}
	}
	return dst
}

// argmaxAbs returns the first index of the largest |xᵢ| (0 for an empty or
// all-NaN x).
func argmaxAbs(x []float64) int {
	best, big := 0, -1.0
	for i, v := range x {
		if a := math.Abs(v); a > big {
			best, big = i, a
		}
	}
	return best
}

// equalVec reports whether x and y hold the same values.
func equalVec(x, y []float64) bool {
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return len(x) == len(y)
}
