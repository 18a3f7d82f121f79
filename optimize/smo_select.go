package optimize

import (
	"math"

	"mlnotes/matrix"
)

// Working-set selection and the two-variable step (docs/smo.md, sections
// "Working-set selection" and "The two-variable step").
//
// With G = Qα + p, the KKT conditions of the one-equality problem say that
// some ρ separates the values −yₜGₜ:
//
//	m(α) = max_{t ∈ I_up} −yₜGₜ  ≤  M(α) = min_{t ∈ I_low} −yₜGₜ,
//
// where I_up holds the variables that may move so that yₜαₜ grows and
// I_low those that may move so that it shrinks. A pair i ∈ I_up, j ∈ I_low
// with −yᵢGᵢ > −yⱼGⱼ is a violating pair: moving along
// dᵢ = yᵢ, dⱼ = −yⱼ keeps yᵀα and lowers f at the rate −bᵢⱼ, with
// bᵢⱼ = −yᵢGᵢ + yⱼGⱼ > 0 and curvature aᵢⱼ = Qᵢᵢ + Qⱼⱼ − 2yᵢyⱼQᵢⱼ.
// Minimizing f on that line lowers it by bᵢⱼ²/(2aᵢⱼ) when no bound
// interferes; WSS 2 picks i with the largest −yᵢGᵢ and then the j with the
// largest gain bᵢⱼ²/aᵢⱼ.

// selectPair returns the working pair (i, j) by WSS 2 on the active
// variables, or j = −1 when m(α) − M(α) ≤ Tol there. It records the
// violation m(α) − M(α) in sv.violation.
//
// Implements WSS 2 of Fan, Chen and Lin (2005):
//
//	i = argmax_{t ∈ I_up} −yₜGₜ
//	j = argmin_{t ∈ I_low, −yₜGₜ < −yᵢGᵢ} −bᵢₜ²/āᵢₜ,  āᵢₜ = aᵢₜ if aᵢₜ > 0, else τ.
func (sv *solver) selectPair() (i, j int) {
	if sv.nu {
		return sv.selectPairNu()
	}
	// m(α) = max_{t ∈ I_up} −yₜGₜ, attained at i: from the last step's
	// gradient update when it is still valid (upMax), else by a pass.
	gmax, i := sv.upMax, sv.upArg
	if !sv.upValid {
		gmax, i = sv.maxUp()
	}
	sv.upValid = false
	if math.IsInf(gmax, -1) {
		sv.violation = 0 // I_up is empty: every variable is fixed
		return -1, -1
	}
	gmin, j := sv.partner(i, gmax)
	sv.violation = max(gmax-gmin, 0)
	if gmax-gmin <= sv.tol {
		return i, -1
	}
	return i, j
}

// maxUp returns m(α) = max_{t ∈ I_up} −yₜGₜ over the active variables and
// the last t in the active order that attains it (−Inf, −1 when I_up is
// empty). upPen is 0 on I_up and −Inf elsewhere, which avoids a
// hard-to-predict branch. step computes the same in its gradient update.
func (sv *solver) maxUp() (gmax float64, i int) {
	y, g, upPen := sv.y, sv.grad, sv.upPen
	gmax, i = math.Inf(-1), -1
	for _, t := range sv.act.idx {
		if v := -y[t]*g[t] + upPen[t]; v >= gmax {
			gmax, i = v, t
		}
	}
	return gmax, i
}

// partner returns M(α) = min_{t ∈ I_low} −yₜGₜ over the active variables
// and WSS 2's j for i: the last t in the active order with the least
//
//	gain −bᵢₜ²/āᵢₜ  over t ∈ I_low with bᵢₜ = m(α) + yₜGₜ > 0
//
// (j = −1 if there is none). The division is skipped for a t that cannot
// win (partnerCut): the same j, to the bit, at a multiplication's cost
// for most t.
func (sv *solver) partner(i int, gmax float64) (gmin float64, j int) {
	idx, y, g := sv.act.idx, sv.y, sv.grad
	qi := sv.cache.row(i)
	yi, qii := y[i], sv.qd[i]
	gmin, j = math.Inf(1), -1
	best, cut := math.Inf(1), math.Inf(-1)
	lowPen := sv.lowPen // 0 on I_low, +Inf elsewhere
	for _, t := range idx {
		v := -y[t]*g[t] + lowPen[t]
		if v < gmin {
			gmin = v
		}
		if b := gmax - v; b > 0 { // bᵢₜ = −yᵢGᵢ + yₜGₜ
			a := qii + sv.qd[t] - 2*yi*y[t]*qi[t] // aᵢₜ
			if a <= 0 {
				a = tau
			}
			bb := b * b
			if w := a * cut; bb < w && w >= minPartnerCut {
				continue // −b²/a > best: t cannot be j
			}
			if gain := -bb / a; gain <= best {
				best, j = gain, t
				cut = partnerCut(best)
			}
		}
	}
	return gmin, j
}

// partnerCut returns κ such that fl(b²) < fl(a·κ) implies
// fl(fl(b²)/a) < −best for every a > 0, so that the gain −fl(b²)/a is
// above best and t cannot be chosen; −Inf (no t skipped) when best is not
// negative or so small that the products could leave the normal range.
//
// With u = 2⁻⁵³, c the float below −best and κ = fl(c·(1 − 8u)): if
// κ and w = fl(a·κ) are normal, w ≤ a·c·(1 − 8u)(1 + u)² < a·c, so
// fl(b²) < w gives fl(b²)/a < c, and rounding, monotone, gives
// fl(fl(b²)/a) ≤ c < −best. A w that overflows to +Inf means a·c > the
// largest float ≥ fl(b²), the same conclusion; fl(b²) = +Inf is never
// below w. NaNs compare false and fall through to the division, as before.
func partnerCut(best float64) float64 {
	c := math.Nextafter(-best, 0)
	k := c * (1 - 0x1p-50)
	if !(k >= minPartnerCut) {
		return math.Inf(-1)
	}
	return k
}

// minPartnerCut keeps κ and a·κ in partner's test far from the subnormal
// numbers, where rounding errors are no longer relative.
const minPartnerCut = 0x1p-1000

// selectPairNu is WSS 2 for the ν form. Both equalities hold only if αᵢ
// and αⱼ move within one class (yᵢ = yⱼ), so the KKT conditions split by
// class, with a threshold r₊ for yₜ = +1 and r₋ for yₜ = −1:
//
//	m₊ = max_{t ∈ I_up, yₜ=+1} −Gₜ ≤ M₊ = min_{t ∈ I_low, yₜ=+1} −Gₜ,
//	m₋ = max_{t ∈ I_up, yₜ=−1}  Gₜ ≤ M₋ = min_{t ∈ I_low, yₜ=−1}  Gₜ.
//
// i₊ and i₋ are the maximizers of each class; j is the best second-order
// gain over both classes, paired with the i of its own class. The violation
// is max(m₊ − M₊, m₋ − M₋).
func (sv *solver) selectPairNu() (i, j int) {
	idx, y, g := sv.act.idx, sv.y, sv.grad
	gmaxP, gmaxN := math.Inf(-1), math.Inf(-1)
	ip, in := -1, -1
	for _, t := range idx {
		if !sv.up[t] {
			continue
		}
		if v := -y[t] * g[t]; y[t] > 0 {
			if v >= gmaxP {
				gmaxP, ip = v, t
			}
		} else if v >= gmaxN {
			gmaxN, in = v, t
		}
	}
	var qp, qn []float64
	if ip >= 0 {
		qp = sv.cache.row(ip)
	}
	if in >= 0 {
		qn = sv.cache.row(in)
	}
	gminP, gminN := math.Inf(1), math.Inf(1)
	j, best := -1, math.Inf(1)
	for _, t := range idx {
		if !sv.low[t] {
			continue
		}
		v := -y[t] * g[t]
		var b, a float64
		if y[t] > 0 {
			gminP = min(gminP, v)
			if ip < 0 {
				continue
			}
			b = gmaxP - v
			a = sv.qd[ip] + sv.qd[t] - 2*qp[t]
		} else {
			gminN = min(gminN, v)
			if in < 0 {
				continue
			}
			b = gmaxN - v
			a = sv.qd[in] + sv.qd[t] - 2*qn[t]
		}
		if b > 0 {
			if a <= 0 {
				a = tau
			}
			if gain := -b * b / a; gain <= best {
				best, j = gain, t
			}
		}
	}
	gap := max(gmaxP-gminP, gmaxN-gminN)
	sv.violation = max(gap, 0)
	if j < 0 || gap <= sv.tol {
		return -1, -1
	}
	if y[j] > 0 {
		return ip, j
	}
	return in, j
}

// room returns how far αₜ can move in the direction s = ±1 before it
// reaches a bound: Cₜ − αₜ upwards, αₜ downwards.
func (sv *solver) room(t int, s float64) float64 {
	if s > 0 {
		return sv.c[t] - sv.alpha[t]
	}
	return sv.alpha[t]
}

// step minimizes f along αᵢ ← αᵢ + yᵢλ, αⱼ ← αⱼ − yⱼλ (docs/smo.md (6)):
//
//	f(λ) = f(α) − bᵢⱼλ + ½aᵢⱼλ²,  λ* = bᵢⱼ/āᵢⱼ,
//	λ = min(λ*, room of αᵢ in direction yᵢ, room of αⱼ in direction −yⱼ),
//
// sets a variable that reaches its bound exactly to it, and updates
// G ← G + Q·ᵢΔαᵢ + Q·ⱼΔαⱼ on the active set, Ḡ when a variable enters or
// leaves its upper bound, and f.
func (sv *solver) step(i, j int) {
	qi := sv.cache.row(i)
	qj := sv.cache.row(j)
	y, g, alpha := sv.y, sv.grad, sv.alpha
	yi, yj := y[i], y[j]

	a := sv.qd[i] + sv.qd[j] - 2*yi*yj*qi[j] // aᵢⱼ
	b := -yi*g[i] + yj*g[j]                  // bᵢⱼ > 0
	roomI, roomJ := sv.room(i, yi), sv.room(j, -yj)
	if math.IsInf(roomI, 1) && math.IsInf(roomJ, 1) && a <= 4*eps*(sv.qd[i]+sv.qd[j]) {
		// No bound stops the step and f has no curvature along it.
		sv.unbounded = smoError(ErrUnbounded,
			"f decreases without limit along the pair (%d, %d): curvature %.3g, slope %.3g", i, j, a, -b)
		return
	}
	abar := a
	if abar <= 0 {
		abar = tau
	}
	lambda := b / abar // λ* = bᵢⱼ/āᵢⱼ

	oldI, oldJ := alpha[i], alpha[j]
	upI, upJ := sv.atUpper(i), sv.atUpper(j)
	switch {
	case roomI <= lambda && roomI <= roomJ:
		// αᵢ reaches its bound (and αⱼ too if its room is the same).
		alpha[i] = boundTowards(sv.c[i], yi)
		if roomJ == roomI {
			alpha[j] = boundTowards(sv.c[j], -yj)
		} else {
			alpha[j] = sv.clip(j, oldJ-yj*roomI)
		}
	case roomJ <= lambda:
		alpha[j] = boundTowards(sv.c[j], -yj)
		alpha[i] = sv.clip(i, oldI+yi*roomJ)
	default:
		alpha[i] = sv.clip(i, oldI+yi*lambda)
		alpha[j] = sv.clip(j, oldJ-yj*lambda)
	}
	dai, daj := alpha[i]-oldI, alpha[j]-oldJ

	// f(α + Δ) = f(α) + GᵢΔαᵢ + GⱼΔαⱼ + ½(QᵢᵢΔαᵢ² + QⱼⱼΔαⱼ² + 2QᵢⱼΔαᵢΔαⱼ).
	sv.objective += dai*g[i] + daj*g[j] +
		0.5*(sv.qd[i]*dai*dai+sv.qd[j]*daj*daj) + qi[j]*dai*daj

	sv.setStatus(i)
	sv.setStatus(j)
	// G ← G + Q·ᵢΔαᵢ + Q·ⱼΔαⱼ on the active variables; in the one-equality
	// form the same pass finds the next m(α) and i (maxUp's loop), which
	// selectPair uses unless shrinking changes the active set first.
	if sv.nu {
		for _, t := range sv.act.idx {
			g[t] += qi[t]*dai + qj[t]*daj
		}
	} else {
		gmax, arg := math.Inf(-1), -1
		upPen := sv.upPen
		for _, t := range sv.act.idx {
			g[t] += qi[t]*dai + qj[t]*daj
			if v := -y[t]*g[t] + upPen[t]; v >= gmax {
				gmax, arg = v, t
			}
		}
		sv.upMax, sv.upArg, sv.upValid = gmax, arg, true
	}
	// Ḡ = Σ_{αₜ = Cₜ} Cₜ Q·ₜ changes when αᵢ or αⱼ enters or leaves Cᵢ.
	sv.updateGbar(i, upI)
	sv.updateGbar(j, upJ)
}

// boundTowards returns the bound reached by moving in direction s: C or 0.
func boundTowards(c, s float64) float64 {
	if s > 0 {
		return c
	}
	return 0
}

// clip keeps a rounded update inside [0, Cₜ].
func (sv *solver) clip(t int, v float64) float64 {
	return min(max(v, 0), sv.c[t])
}

// updateGbar adds or removes Cₜ Q·ₜ (all n entries) in Ḡ when αₜ has
// entered or left its upper bound; wasUpper is the state before the step.
func (sv *solver) updateGbar(t int, wasUpper bool) {
	isUpper := sv.atUpper(t)
	if isUpper == wasUpper {
		return
	}
	ct := sv.c[t]
	if !isUpper {
		ct = -ct
	}
	matrix.Axpy(ct, sv.cache.fullRow(t), sv.gbar)
}

// eps is the machine epsilon 2⁻⁵² of float64.
const eps = 0x1p-52

// maxViolation returns max(m(α) − M(α), 0) on all variables (in the ν form
// the larger of the two classes' values).
func (sv *solver) maxViolation() float64 {
	mP, MP := math.Inf(-1), math.Inf(1) // class +1, or all in the one-equality form
	mN, MN := math.Inf(-1), math.Inf(1)
	for t := range sv.n {
		v := -sv.y[t] * sv.grad[t]
		if sv.nu && sv.y[t] < 0 {
			if sv.up[t] {
				mN = max(mN, v)
			}
			if sv.low[t] {
				MN = min(MN, v)
			}
			continue
		}
		if sv.up[t] {
			mP = max(mP, v)
		}
		if sv.low[t] {
			MP = min(MP, v)
		}
	}
	return max(mP-MP, mN-MN, 0)
}
