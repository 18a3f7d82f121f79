package matrix

import "math"

// Exp returns eˣ within 2 ulp of math.Exp, about twice as fast. It exists
// for the Gaussian kernel exp(−γ‖x − y‖²): the SVMs' kernel rows and
// decision functions spend most of their time in it (docs/performance.md,
// "SMO and the support vector machines"). The table method: with
// k = round(x·256/ln 2) and x = k·ln2/256 + r, |r| ≤ ln2/512,
//
//	eˣ = 2^⌊k/256⌋ · 2^((k mod 256)/256) · eʳ,
//
// the middle factor from a table and eʳ − 1 from its Taylor polynomial of
// degree 5 (truncation error r⁶/720 < 1e-20). ln2/256 is split into a head
// of 32 significant bits, so that k·head is exact, and a tail (Cody and
// Waite's reduction). Arguments outside [−708, 709], where the result is
// subnormal or overflows, and NaN go to math.Exp.
//
// Reference: P. T. P. Tang, "Table-driven implementation of the exponential
// function in IEEE floating-point arithmetic", ACM TOMS 15 (1989).
func Exp(x float64) float64 {
	if !(x >= -708 && x <= 709) {
		return math.Exp(x)
	}
	const (
		invStep = 369.3299304675746     // 256/ln 2
		stepHi  = 0x1.62e42fefp-9       // head of ln2/256
		stepLo  = 0x1.473de6af278edp-42 // ln2/256 − stepHi
		round   = 0x1.8p52              // adding and subtracting it rounds to an integer
	)
	kf := (x*invStep + round) - round
	k := int64(kf)
	r := (x - kf*stepHi) - kf*stepLo
	// eʳ − 1 = r + r²(1/2 + r(1/6 + r(1/24 + r/120)))
	q := r + r*r*(0.5+r*(1.0/6+r*(1.0/24+r*(1.0/120))))
	// s = 2^(k/256): the table entry with k div 256 added to its exponent.
	s := math.Float64frombits(exp2Table[k&255] + uint64(k>>8)<<52)
	return s + s*q
}

// exp2Table[j] holds the bits of 2^(j/256), j = 0…255.
var exp2Table = func() (t [256]uint64) {
	for j := range t {
		t[j] = math.Float64bits(math.Exp2(float64(j) / 256))
	}
	return t
}()
