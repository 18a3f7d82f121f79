package optimize

import (
	"math"

	"mlnotes/matrix"
)

// wolfeCurvature is c₂ of the strong Wolfe condition used by LBFGS (the
// value Nocedal and Wright recommend for quasi-Newton methods).
const wolfeCurvature = 0.9

// wolfeSearch finds a step α along the descent direction p that satisfies
// the strong Wolfe conditions
//
//	φ(α) ≤ φ(0) + c₁αφ′(0),   |φ′(α)| ≤ c₂|φ′(0)|,   φ(α) = f(x + αp),
//
// by Nocedal and Wright's Algorithms 3.5 (bracketing, doubling the step)
// and 3.6 (zoom, with the minimizer of the cubic through the two ends of
// the bracket, safeguarded into its middle 80%). The curvature condition
// makes sᵀy > 0 for the pair it produces, which a quasi-Newton update needs.
// The decrease condition is tested by ls.armijo, which near the minimizer,
// where the decrease is lost in the rounding of f, accepts the approximate
// form on directional derivatives; here that form is also accepted when f
// rose by no more than fNoise·|f(x)|, its rounding noise (Hager and Zhang's
// ε-relaxation, CG_DESCENT), so that the gradient can still be driven down
// where f no longer resolves the progress. The best step that passed is
// accepted when the trial budget ls.MaxTrials runs out. Results and
// failures are reported as for LineSearch.search.
func wolfeSearch(t *tracker, obj Objective, ls LineSearch, x []float64, f float64, g, p []float64,
	alpha0 float64, xNew, gNew []float64) (alpha, fNew float64, ok bool) {
	slope0 := matrix.Dot(g, p)
	c2 := wolfeCurvature
	type point struct{ a, f, d float64 } // α, φ(α), φ′(α)
	eval := func(a float64) (point, bool) {
		moved := false
		for i := range x {
			xNew[i] = x[i] + a*p[i]
			moved = moved || xNew[i] != x[i]
		}
		if !moved {
			return point{}, false
		}
		fa := obj.ValueGrad(xNew, gNew)
		t.evals++
		return point{a, fa, matrix.Dot(gNew, p)}, true
	}
	// best is the best step seen that passes the Armijo test, kept as a
	// fallback; bestX and bestG are its point and gradient.
	best := point{a: -1}
	bestX, bestG := make([]float64, len(x)), make([]float64, len(x))
	// Hager and Zhang's relaxation: within the rounding noise of f, a step
	// whose slope passes the approximate Armijo test is a decrease.
	noise := fNoise * math.Abs(f)
	keep := func(q point) bool {
		if !ls.armijo(f, g, q.f, gNew, p, q.a) && !ls.approxArmijo(f, g, q.f, gNew, p, noise) {
			return false
		}
		if best.a < 0 || q.f < best.f {
			best = q
			copy(bestX, xNew)
			copy(bestG, gNew)
		}
		return true
	}
	accept := func(q point) (float64, float64, bool) { return q.a, q.f, true }
	fallback := func(reason string) (float64, float64, bool) {
		if best.a > 0 {
			copy(xNew, bestX)
			copy(gNew, bestG)
			return best.a, best.f, true
		}
		t.fail(LineSearchFailed, optError(t.op, ErrLineSearch, "%s at iteration %d (‖∇f‖ = %.3g)", reason, t.iter+1, matrix.Nrm2(g)))
		return 0, f, false
	}
	lo := point{0, f, slope0}
	a := alpha0
	trials := 0
	var hi point
	bracketed := false
	for !bracketed {
		if trials == ls.MaxTrials {
			return fallback("no strong Wolfe step found while bracketing")
		}
		trials++
		q, moved := eval(a)
		if !moved {
			return fallback("the step no longer changes x: f cannot be decreased further in floating point")
		}
		if math.IsNaN(q.f) || math.IsNaN(q.d) {
			t.fail(NotFinite, optError(t.op, matrix.ErrNotFinite, "f(x) is NaN at a trial point of iteration %d", t.iter+1))
			return 0, f, false
		}
		decrease := keep(q)
		switch {
		case !decrease || (trials > 1 && q.f > lo.f+noise):
			hi, bracketed = q, true
		case math.Abs(q.d) <= -c2*slope0:
			return accept(q)
		case q.d >= 0:
			hi, lo, bracketed = lo, q, true
		default:
			lo = q
			a *= 2
		}
	}
	// zoom: lo satisfies the decrease condition and has the lower φ of the
	// two ends; the minimizer lies between lo and hi.
	for trials < ls.MaxTrials {
		trials++
		a = interpolate(lo.a, lo.f, lo.d, hi.a, hi.f, hi.d)
		q, moved := eval(a)
		if !moved {
			return fallback("the step no longer changes x: f cannot be decreased further in floating point")
		}
		if math.IsNaN(q.f) || math.IsNaN(q.d) {
			t.fail(NotFinite, optError(t.op, matrix.ErrNotFinite, "f(x) is NaN at a trial point of iteration %d", t.iter+1))
			return 0, f, false
		}
		if decrease := keep(q); !decrease || q.f > lo.f+noise {
			hi = q
			continue
		}
		if math.Abs(q.d) <= -c2*slope0 {
			return accept(q)
		}
		if q.d*(hi.a-lo.a) >= 0 {
			hi = lo
		}
		lo = q
	}
	return fallback("no strong Wolfe step found while zooming")
}

// interpolate returns the minimizer of the cubic with values and slopes
// (fa, da) at a and (fb, db) at b, kept in the middle 80% of [a, b] (the
// midpoint when the cubic has no usable minimizer or b is infinite in f).
func interpolate(a, fa, da, b, fb, db float64) float64 {
	lo, hi := min(a, b), max(a, b)
	safe := func(c float64) float64 {
		w := hi - lo
		return max(lo+0.1*w, min(hi-0.1*w, c))
	}
	if math.IsInf(fb, 0) || math.IsNaN(fb) {
		return safe(a + 0.5*(b-a))
	}
	d1 := da + db - 3*(fa-fb)/(a-b)
	disc := d1*d1 - da*db
	if disc < 0 {
		return safe(a + 0.5*(b-a))
	}
	d2 := math.Copysign(math.Sqrt(disc), b-a)
	c := b - (b-a)*(db+d2-d1)/(db-da+2*d2)
	if math.IsNaN(c) || math.IsInf(c, 0) {
		return safe(a + 0.5*(b-a))
	}
	return safe(c)
}
