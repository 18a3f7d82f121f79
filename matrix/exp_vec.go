package matrix

import "math"

// ExpTo sets dst[i] = e^{src[i]} for every i, the same values as Exp, with
// the loop inside: the per-element call of Exp (which is too large to be
// inlined) costs about as much as the polynomial itself when a caller
// exponentiates 10⁸ kernel values. dst and src may be the same slice; they
// must have the same length.
func ExpTo(dst, src []float64) {
	checkSameLen("ExpTo", dst, src)
	const (
		invStep = 369.3299304675746     // 256/ln 2
		stepHi  = 0x1.62e42fefp-9       // head of ln2/256
		stepLo  = 0x1.473de6af278edp-42 // ln2/256 − stepHi
		round   = 0x1.8p52              // adding and subtracting it rounds to an integer
	)
	dst = dst[:len(src)]
	for i, x := range src {
		if !(x >= -708 && x <= 709) {
			dst[i] = math.Exp(x)
			continue
		}
		kf := (x*invStep + round) - round
		k := int64(kf)
		r := (x - kf*stepHi) - kf*stepLo
		q := r + r*r*(0.5+r*(1.0/6+r*(1.0/24+r*(1.0/120))))
		s := math.Float64frombits(exp2Table[k&255] + uint64(k>>8)<<52)
		dst[i] = s + s*q
	}
}
