package matrix

import "math"

// Scaling against overflow and underflow, shared by every factorization
// and eigensolver of mlnotes (matrix's SVD, QR and least squares, and
// package eigen): one exact power-of-two scaling, and one scaled sum of
// squares.

// ScaleExponent returns the k for which 2ᵏ·max|aᵢⱼ| lies in [1/2, 1), or
// 0 for a zero matrix (or one with a NaN, which the callers refuse first).
// k ranges from −1024 (entries near the overflow threshold) to 1073
// (the smallest subnormal, 2⁻¹⁰⁷⁴), so 2ᵏ itself may not be a float64:
// apply it with ScalePow2 and undo it with math.Ldexp(x, −k).
//
// Working on 2ᵏA keeps every square and sum of squares of an O(n³)
// algorithm far from both thresholds, and the scaling is exact (unless
// entries of A are so much smaller than max|aᵢⱼ| that 2ᵏaᵢⱼ underflows,
// and then they are below ε·max|aᵢⱼ|·2⁻⁹⁶⁹ and do not matter).
func ScaleExponent(a *Dense) int {
	return scaleExponentOf(NormMax(a))
}

// CheckedScaleExponent returns ScaleExponent(A) and the error of
// A.CheckFinite from one pass over A: NormMax lets a NaN or an infinity
// through to its result, so a finite maximum proves every entry finite,
// and only a matrix that fails pays for the search that names the entry.
func CheckedScaleExponent(a *Dense) (int, error) {
	if a == nil {
		return 0, errNil("check")
	}
	amax := NormMax(a)
	if math.IsNaN(amax) || math.IsInf(amax, 0) {
		return 0, a.CheckFinite()
	}
	return scaleExponentOf(amax), nil
}

// scaleExponentOf returns the k for which 2ᵏ·amax lies in [1/2, 1), or 0
// when amax is 0 or not finite.
func scaleExponentOf(amax float64) int {
	if amax == 0 || math.IsNaN(amax) || math.IsInf(amax, 0) {
		return 0
	}
	_, e := math.Frexp(amax)
	return -e
}

// ScalePow2 returns 2ᵏA, exactly (unless entries underflow): a product
// with 2ᵏ when that is a normal float64, math.Ldexp on each entry
// otherwise. It is the dlascl of LAPACK restricted to powers of two, which
// need no care about the order of the multiplications.
func ScalePow2(k int, a *Dense) *Dense {
	if a == nil {
		return nil
	}
	if k >= -1022 && k <= 1023 {
		return Scale(math.Ldexp(1, k), a)
	}
	c := a.Clone()
	for i := range c.rows {
		r := c.Row(i)
		for j, x := range r {
			r[j] = math.Ldexp(x, k)
		}
	}
	return c
}

// sumSquares accumulates √(Σ xᵢ²) as scale·√ssq, where scale is the
// largest |xᵢ| so far and ssq ≥ 1, rescaling when a larger term arrives
// (the reference BLAS dnrm2 and LAPACK's dlassq). Every squared ratio is at
// most 1, so neither overflow nor underflow can occur. Nrm2, NormFrobenius
// and NormOffDiag fold their terms with it.
type sumSquares struct{ scale, ssq float64 }

func newSumSquares() sumSquares { return sumSquares{0, 1} }

// add folds |x| into the sum. A NaN or infinite x makes the result NaN or
// +Inf (sticky), which callers check with norm.
func (s *sumSquares) add(x float64) {
	a := math.Abs(x)
	switch {
	case a == 0:
	case math.IsNaN(a) || math.IsInf(a, 0):
		if !math.IsNaN(s.scale) {
			s.scale, s.ssq = a, 1
		}
	case s.scale < a:
		r := s.scale / a
		s.ssq = 1 + s.ssq*r*r
		s.scale = a
	default:
		r := a / s.scale
		s.ssq += r * r
	}
}

// norm returns scale·√ssq.
func (s *sumSquares) norm() float64 {
	if math.IsInf(s.scale, 0) || math.IsNaN(s.scale) {
		return s.scale
	}
	return s.scale * math.Sqrt(s.ssq)
}

// NormOffDiag returns off(A) = √(Σᵢ≠ⱼ aᵢⱼ²), the quantity the Jacobi
// eigenvalue method drives to zero, with the overflow-safe scaling of Nrm2.
func NormOffDiag(a *Dense) float64 {
	if a == nil {
		return 0
	}
	s := newSumSquares()
	for i := range a.rows {
		r := a.Row(i)
		if i < len(r) {
			s.add(Nrm2(r[:i]))
			s.add(Nrm2(r[i+1:]))
		} else {
			s.add(Nrm2(r))
		}
	}
	return s.norm()
}
