package optimize

import "math"

// The threshold from the KKT conditions (docs/smo.md, "The threshold").
//
// One-equality form: the multiplier ρ of yᵀα = Δ satisfies
//
//	yₜGₜ = ρ  for 0 < αₜ < Cₜ,
//	yₜGₜ ≥ ρ  for αₜ = 0 with yₜ = +1 and for αₜ = Cₜ with yₜ = −1,
//	yₜGₜ ≤ ρ  for αₜ = 0 with yₜ = −1 and for αₜ = Cₜ with yₜ = +1.
//
// For the C-SVM, Gₜ = yₜ Σⱼ yⱼαⱼK(xⱼ, xₜ) − 1, so yₜGₜ = ρ reads
// yₜ(Σⱼ yⱼαⱼK(xⱼ, xₜ) − ρ) = 1: the notes' b* = yⱼ − Σᵢ μᵢyᵢK(xᵢ, xⱼ) with b = −ρ.

// threshold returns ρ, the mean of yₜGₜ over the free variables (the
// average the notes take over the free support vectors, which is robust to
// rounding), and the interval [lo, hi] the bounded variables allow. Without
// free variables ρ is the midpoint of the interval; if one end is infinite,
// the finite end; if both are, zero.
func (sv *solver) threshold() (rho, lo, hi float64) {
	lo, hi = math.Inf(-1), math.Inf(1)
	var sum float64
	free := 0
	for t := range sv.n {
		yg := sv.y[t] * sv.grad[t]
		upper, lower := sv.atUpper(t), sv.atLower(t)
		switch {
		case !upper && !lower:
			sum += yg
			free++
		case upper == (sv.y[t] < 0): // αₜ = Cₜ, yₜ = −1 or αₜ = 0, yₜ = +1
			hi = min(hi, yg)
		default:
			lo = max(lo, yg)
		}
	}
	if free > 0 {
		return sum / float64(free), lo, hi
	}
	return midpoint(lo, hi), lo, hi
}

// classThreshold returns, in the ν form, the common value r of Gₜ over the
// free variables of class s (their mean), or the midpoint of the interval
// the bounded ones allow: Gₜ ≥ r at αₜ = 0 and Gₜ ≤ r at αₜ = Cₜ.
func (sv *solver) classThreshold(s float64) float64 {
	lo, hi := math.Inf(-1), math.Inf(1)
	var sum float64
	free := 0
	for t := range sv.n {
		if sv.y[t] != s {
			continue
		}
		switch {
		case sv.atUpper(t):
			lo = max(lo, sv.grad[t])
		case sv.atLower(t):
			hi = min(hi, sv.grad[t])
		default:
			sum += sv.grad[t]
			free++
		}
	}
	if free > 0 {
		return sum / float64(free)
	}
	return midpoint(lo, hi)
}

// midpoint returns (lo + hi)/2, the finite end when the other is infinite,
// and 0 when both are.
func midpoint(lo, hi float64) float64 {
	switch {
	case math.IsInf(lo, 0) && math.IsInf(hi, 0):
		return 0
	case math.IsInf(lo, 0):
		return hi
	case math.IsInf(hi, 0):
		return lo
	}
	return (lo + hi) / 2
}
