package matrix

import (
	"fmt"
	"math"
)

// Level-1 helpers on []float64. They are the inner loops of SMO, gradient
// descent and the factorizations, so they take plain slices and do not
// allocate. A length mismatch is a bug in the caller and panics, as an out of
// range index would.

func checkSameLen(op string, x, y []float64) {
	if len(x) != len(y) {
		panic(fmt.Sprintf("matrix: %s of vectors of lengths %d and %d", op, len(x), len(y)))
	}
}

// Dot returns xᵀy = Σᵢ xᵢyᵢ. On amd64 with AVX2 and FMA, vectors of eight
// numbers or more go through the vector kernel (level1_amd64.s: sixteen
// products in flight, fused multiply-adds), whose result differs from the
// portable loop's by rounding only (level1_test.go bounds it).
func Dot(x, y []float64) float64 {
	checkSameLen("Dot", x, y)
	if s, ok := dotFast(x, y); ok {
		return s
	}
	return dotPortable(x, y)
}

// dotPortable is Dot in plain Go: the reference for the kernel, and Dot
// itself on other machines and with -tags purego.
func dotPortable(x, y []float64) float64 {
	var s0, s1, s2, s3 float64
	// Four independent partial sums let the CPU overlap the additions
	// (eight measured no faster here); re-slicing both vectors as the loop
	// advances lets the compiler drop the bounds checks.
	for len(x) >= 4 && len(y) >= 4 {
		s0 += x[0] * y[0]
		s1 += x[1] * y[1]
		s2 += x[2] * y[2]
		s3 += x[3] * y[3]
		x, y = x[4:], y[4:]
	}
	for i, v := range x {
		s0 += v * y[i]
	}
	return (s0 + s1) + (s2 + s3)
}

// Axpy computes y ← αx + y; α = 0 leaves y untouched (NaNs in x
// included). On amd64 with AVX2 and FMA every element is one fused
// multiply-add of the vector kernel, whatever the length, so a product
// split among workers gives the same bits for any number of them.
func Axpy(alpha float64, x, y []float64) {
	checkSameLen("Axpy", x, y)
	if alpha == 0 || axpyFast(alpha, x, y) {
		return
	}
	axpyPortable(alpha, x, y)
}

// axpyPortable is Axpy in plain Go, the reference for the kernel.
func axpyPortable(alpha float64, x, y []float64) {
	// Unrolled by four, re-slicing as it goes: no bounds checks and a
	// quarter of the loop overhead.
	for len(x) >= 4 && len(y) >= 4 {
		y[0] += alpha * x[0]
		y[1] += alpha * x[1]
		y[2] += alpha * x[2]
		y[3] += alpha * x[3]
		x, y = x[4:], y[4:]
	}
	y = y[:len(x)]
	for i, v := range x {
		y[i] += alpha * v
	}
}

// ScaleVec computes x ← αx.
func ScaleVec(alpha float64, x []float64) {
	for i := range x {
		x[i] *= alpha
	}
}

// Nrm2 returns the Euclidean norm ‖x‖₂ = √(Σᵢ xᵢ²) without overflow or
// underflow in the intermediate sum of squares.
//
// It keeps the running sum as scale²·ssq, where scale is the largest |xᵢ|
// seen so far and ssq ≥ 1, rescaling when a larger element arrives (the
// algorithm of the reference BLAS dnrm2). Every squared term is then at
// most 1, so vectors with entries near 1e±300 give the right answer.
func Nrm2(x []float64) float64 {
	s := newSumSquares()
	for _, v := range x {
		s.add(v)
	}
	return s.norm()
}

// Iamax returns the index of the entry of largest magnitude, the first of
// equal ones (the BLAS idamax), or −1 for an empty x. The sign rules of the
// eigenvectors and singular vectors ("largest-magnitude entry positive")
// are built on it.
func Iamax(x []float64) int {
	if len(x) == 0 {
		return -1
	}
	big := 0
	for i, v := range x {
		if math.Abs(v) > math.Abs(x[big]) {
			big = i
		}
	}
	return big
}

// Asum returns Σᵢ |xᵢ|.
func Asum(x []float64) float64 {
	var s float64
	for _, v := range x {
		s += math.Abs(v)
	}
	return s
}

// VecFinite returns an error wrapping ErrNotFinite naming the first NaN or
// infinite entry of x, or nil.
func VecFinite(x []float64) error {
	for i, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return newError("check", ErrNotFinite, "entry %d is %v", i, v)
		}
	}
	return nil
}

// Rot applies the plane rotation [x; y] ← [c·x + s·y; c·y − s·x] to the
// pair of vectors (the BLAS drot). Jacobi methods and the implicit QR
// iterations apply their rotations to rows of row-major matrices with it.
func Rot(x, y []float64, c, s float64) {
	checkSameLen("Rot", x, y)
	y = y[:len(x)]
	// Four pairs per trip: independent multiply-adds keep the pipeline
	// full, and the three-index slices let the compiler drop the bounds
	// checks. The rotations of the QR iterations spend their time here.
	k := 0
	for ; k+4 <= len(x); k += 4 {
		xs, ys := x[k:k+4:k+4], y[k:k+4:k+4]
		x0, x1, x2, x3 := xs[0], xs[1], xs[2], xs[3]
		y0, y1, y2, y3 := ys[0], ys[1], ys[2], ys[3]
		xs[0], xs[1], xs[2], xs[3] = c*x0+s*y0, c*x1+s*y1, c*x2+s*y2, c*x3+s*y3
		ys[0], ys[1], ys[2], ys[3] = c*y0-s*x0, c*y1-s*x1, c*y2-s*x2, c*y3-s*x3
	}
	for ; k < len(x); k++ {
		xk, yk := x[k], y[k]
		x[k] = c*xk + s*yk
		y[k] = c*yk - s*xk
	}
}
