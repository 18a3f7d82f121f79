package optimize

import "math"

// Shrinking (docs/smo.md, "Shrinking"). Most variables of an SVM dual end
// at a bound, and once the KKT conditions hold for them with room to spare,
// they are unlikely to move again. Every min(n, 1000) iterations the solver
// drops such variables from the active set, so that selection, the gradient
// update and new rows of Q only touch the rest. The gradient of a shrunk
// variable is no longer updated; it is rebuilt before the final check from
//
//	Gₜ = pₜ + Ḡₜ + Σ_{j free} αⱼQₜⱼ,   Ḡₜ = Σ_{j: αⱼ = Cⱼ} CⱼQₜⱼ,
//
// where Ḡ, the part of the gradient contributed by variables at their upper
// bound, is kept up to date for all n variables at every change of bound.

// shrink removes from the active set the variables that are at a bound and
// on the right side of the current violation interval [M(α), m(α)] (for the
// ν form, of their class's interval). The first time m(α) − M(α) ≤ 10·Tol it
// first undoes all shrinking, so that the final stretch works with
// gradients rebuilt exactly (LIBSVM does the same).
func (sv *solver) shrink() {
	sv.upValid = false
	// m = max_{I_up} −yG and M = min_{I_low} −yG on the active set, per
	// class in the ν form (index 0: yₜ = +1 or all, 1: yₜ = −1).
	var m, M [2]float64
	m[0], m[1] = math.Inf(-1), math.Inf(-1)
	M[0], M[1] = math.Inf(1), math.Inf(1)
	for _, t := range sv.act.idx {
		k := sv.classSlot(t)
		v := -sv.y[t] * sv.grad[t]
		if sv.up[t] {
			m[k] = max(m[k], v)
		}
		if sv.low[t] {
			M[k] = min(M[k], v)
		}
	}
	if !sv.unshrunk && max(m[0]-M[0], m[1]-M[1]) <= 10*sv.tol {
		sv.unshrunk = true
		if len(sv.act.idx) < sv.n {
			sv.unshrink()
		}
	}

	keep := sv.act.idx[:0]
	for _, t := range sv.act.idx {
		k := sv.classSlot(t)
		v := -sv.y[t] * sv.grad[t]
		// A variable in only one of I_up, I_low can pair only with the
		// other side; it cannot violate while beyond that side's extreme.
		stuck := (sv.up[t] && !sv.low[t] && v < M[k]) ||
			(sv.low[t] && !sv.up[t] && v > m[k])
		if stuck {
			sv.act.log = append(sv.act.log, t)
		} else {
			keep = append(keep, t)
		}
	}
	sv.act.idx = keep
}

// classSlot is 1 for a variable of class −1 in the ν form and 0 otherwise.
func (sv *solver) classSlot(t int) int {
	if sv.nu && sv.y[t] < 0 {
		return 1
	}
	return 0
}

// unshrink rebuilds the gradient of the shrunk variables and makes every
// variable active again, starting a new epoch of the shrink log.
func (sv *solver) unshrink() {
	sv.upValid = false
	sv.reconstructGradient()
	idx := sv.act.idx[:0]
	for t := range sv.n {
		idx = append(idx, t)
	}
	sv.act.idx = idx
	// A new slice, not log[:0]: cached rows keep the old log as the list of
	// their missing columns.
	sv.act.log = nil
	sv.act.epoch++
}

// reconstructGradient sets Gₜ = pₜ + Ḡₜ + Σ_{j free} αⱼQⱼₜ for every shrunk
// t. Free variables are never shrunk, so their rows are usually cached on
// the active columns, and completing them costs only the shrunk columns.
func (sv *solver) reconstructGradient() {
	shrunk := sv.act.log
	if len(shrunk) == 0 {
		return
	}
	for _, t := range shrunk {
		sv.grad[t] = sv.p[t] + sv.gbar[t]
	}
	for _, j := range sv.act.idx {
		if sv.atLower(j) || sv.atUpper(j) {
			continue
		}
		aj := sv.alpha[j]
		qj := sv.cache.fullRow(j)
		for _, t := range shrunk {
			sv.grad[t] += aj * qj[t]
		}
	}
}
