package matrix

import (
	"math"
	"slices"
)

// NormFrobenius returns ‖A‖_F = √(Σᵢⱼ aᵢⱼ²), computed with the same
// overflow-safe scaling as Nrm2.
func NormFrobenius(a *Dense) float64 {
	if a == nil {
		return 0
	}
	s := newSumSquares()
	for i := range a.rows {
		s.add(Nrm2(a.Row(i))) // folding a row norm is folding one element
	}
	return s.norm()
}

// Norm1 returns ‖A‖₁ = maxⱼ Σᵢ |aᵢⱼ|, the largest absolute column sum.
func Norm1(a *Dense) float64 {
	if a == nil {
		return 0
	}
	sums := make([]float64, a.cols)
	for i := range a.rows {
		for j, v := range a.Row(i) {
			sums[j] += math.Abs(v)
		}
	}
	var m float64
	for _, s := range sums {
		m = math.Max(m, s)
	}
	return m
}

// NormInf returns ‖A‖∞ = maxᵢ Σⱼ |aᵢⱼ|, the largest absolute row sum.
func NormInf(a *Dense) float64 {
	if a == nil {
		return 0
	}
	var m float64
	for i := range a.rows {
		m = math.Max(m, Asum(a.Row(i)))
	}
	return m
}

// NormMax returns maxᵢⱼ |aᵢⱼ| (not a sub-multiplicative norm, but the
// natural scale for element-wise tolerances).
func NormMax(a *Dense) float64 {
	if a == nil {
		return 0
	}
	// The largest |aᵢⱼ| is found on the bit patterns with the sign bit
	// cleared: for non-negative floats the order of the patterns as
	// unsigned integers is the order of the values, and every NaN pattern
	// is above +Inf's, so a NaN entry gives NaN, as it must. Integer
	// maxima need no branch and no NaN test per entry: the pass runs at
	// memory speed on whole data matrices (PCA's rescaling), on every
	// core for large ones (passes.go).
	workers := passWorkers(a)
	maxes := make([]uint64, workers)
	forRowRanges(a.rows, workers, func(w, lo, hi int) {
		maxes[w] = maxAbsBits(a, lo, hi)
	})
	return math.Float64frombits(slices.Max(maxes))
}

// maxAbsBits returns the largest bit pattern of |aᵢⱼ| in rows lo…hi−1.
func maxAbsBits(a *Dense, lo, hi int) uint64 {
	const abs = 1<<63 - 1
	var m0, m1, m2, m3 uint64
	for i := lo; i < hi; i++ {
		r := a.Row(i)
		for len(r) >= 4 {
			m0 = max(m0, math.Float64bits(r[0])&abs)
			m1 = max(m1, math.Float64bits(r[1])&abs)
			m2 = max(m2, math.Float64bits(r[2])&abs)
			m3 = max(m3, math.Float64bits(r[3])&abs)
			r = r[4:]
		}
		for _, v := range r {
			m0 = max(m0, math.Float64bits(v)&abs)
		}
	}
	return max(m0, m1, m2, m3)
}

// Trace returns Σᵢ aᵢᵢ. It returns an error wrapping ErrNotSquare for a
// rectangular matrix.
func Trace(a *Dense) (float64, error) {
	if a == nil {
		return 0, errNil("trace")
	}
	if a.rows != a.cols {
		return 0, newError("trace", ErrNotSquare, "%s", a.shape())
	}
	var t float64
	for i := range a.rows {
		t += a.data[i*a.stride+i]
	}
	return t, nil
}
