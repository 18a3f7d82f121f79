package optimize

import (
	"math"

	"mlnotes/matrix"
)

// LineSearch configures the backtracking line search of GradientDescent
// and Newton. The zero value gives the defaults.
//
// Along a descent direction p (∇f(x)ᵀp < 0) it tries the steps
// α₀, ρα₀, ρ²α₀, … and accepts the first that satisfies the Armijo
// (sufficient decrease) condition
//
//	f(x + αp) ≤ f(x) + c₁ α ∇f(x)ᵀp.
//
// Near a minimizer, where the decrease of f is lost in its rounding error,
// the equivalent test on directional derivatives is used instead, as long
// as f does not increase beyond its rounding noise (see armijo and
// search). A trial point where f = +Inf (an overflow, a logarithm of zero)
// counts as a step that is too long; f = NaN is an error.
type LineSearch struct {
	// Decrease is c₁. Zero means 1e-4 (Nocedal and Wright's choice); it
	// must lie in (0, 1), and below ½ for Newton's method to accept the
	// unit step near a minimizer.
	Decrease float64
	// Shrink is ρ, the factor applied to a rejected step. Zero means ½; it
	// must lie in (0, 1).
	Shrink float64
	// MaxTrials caps the trial steps of one search. Zero means 60, which
	// with ρ = ½ reaches α₀·2⁻⁶⁰ ≈ 10⁻¹⁸α₀, below the resolution of
	// floating point for any x.
	MaxTrials int
}

// resolve checks the settings and fills in the defaults.
func (ls LineSearch) resolve(op string) (LineSearch, error) {
	if ls.Decrease == 0 {
		ls.Decrease = 1e-4
	}
	if ls.Shrink == 0 {
		ls.Shrink = 0.5
	}
	if ls.MaxTrials == 0 {
		ls.MaxTrials = 60
	}
	switch {
	case !(ls.Decrease > 0 && ls.Decrease < 1):
		return ls, badSetting(op, "LineSearch.Decrease c₁ = %v is outside (0, 1)", ls.Decrease)
	case !(ls.Shrink > 0 && ls.Shrink < 1):
		return ls, badSetting(op, "LineSearch.Shrink ρ = %v is outside (0, 1)", ls.Shrink)
	case ls.MaxTrials < 0:
		return ls, badSetting(op, "LineSearch.MaxTrials is %d < 0", ls.MaxTrials)
	}
	return ls, nil
}

// search runs the backtracking search from x (with f = f(x), g = ∇f(x)) along
// p, starting from the step alpha0, and accepts the first trial step that
// passes test (ls.armijo when test is nil). On success xNew holds x + αp,
// gNew its gradient, and it returns α, f(xNew) and true. On failure it ends
// the run of t (LineSearchFailed with an error wrapping ErrLineSearch when no
// trial is accepted, NotFinite when f is NaN at a trial point) and returns
// false. Every evaluation is counted in t.evals.
func (ls LineSearch) search(t *tracker, obj Objective, x []float64, f float64, g, p []float64,
	alpha0 float64, xNew, gNew []float64, test trialTest) (alpha, fNew float64, ok bool) {
	relax := test == nil
	if test == nil {
		test = ls.armijo
	}
	// noise is the allowance for the rounding error of f (see fNoise); flat
	// stays true while no trial of this search has raised f beyond it.
	noise, flat := fNoise*math.Abs(f), true
	alpha = alpha0
	for trial := 0; trial < ls.MaxTrials; trial++ {
		// xNew = x + αp
		moved := false
		for i := range x {
			xNew[i] = x[i] + alpha*p[i]
			moved = moved || xNew[i] != x[i]
		}
		if !moved {
			t.fail(LineSearchFailed, optError(t.op, ErrLineSearch,
				"at iteration %d the step α = %.3g no longer changes x (‖∇f‖ = %.3g): f cannot be decreased further in floating point",
				t.iter+1, alpha, matrix.Nrm2(g)))
			return alpha, f, false
		}
		fNew = obj.ValueGrad(xNew, gNew)
		t.evals++
		if math.IsNaN(fNew) {
			t.fail(NotFinite, optError(t.op, matrix.ErrNotFinite, "f(x) is NaN at a trial point of iteration %d", t.iter+1))
			return alpha, f, false
		}
		flat = flat && fNew <= f+noise
		if test(f, g, fNew, gNew, p, alpha) || relax && flat && ls.approxArmijo(f, g, fNew, gNew, p, noise) {
			return alpha, fNew, true
		}
		alpha *= ls.Shrink
	}
	t.fail(LineSearchFailed, optError(t.op, ErrLineSearch, "no sufficient decrease in %d trials at iteration %d (last α = %.3g)",
		ls.MaxTrials, t.iter+1, alpha/ls.Shrink))
	return alpha, f, false
}

// trialTest decides whether the trial point xNew = x + αp of a line search
// is accepted, from f(x), ∇f(x), f(xNew), ∇f(xNew), p and α.
type trialTest func(f0 float64, g0 []float64, f float64, g, p []float64, alpha float64) bool

// armijo is the test of LineSearch. With φ(α) = f(x + αp) it accepts when
//
//	φ(α) ≤ φ(0) + c₁αφ′(0)                      (Armijo), or
//	φ′(α) ≤ (2c₁ − 1)φ′(0) and φ(α) ≤ φ(0)      (approximate Armijo).
//
// Near a minimizer the decrease φ(α) − φ(0) becomes smaller than the
// rounding error of f itself, and the first test rejects good steps until
// α is too small to change x. For a quadratic φ(α) − φ(0) =
// α(φ′(0) + φ′(α))/2 exactly, so the same test can be written with the
// directional derivatives, which keep their accuracy there: this is Hager
// and Zhang's approximate Armijo condition. It is accepted here only when
// the computed f did not increase at all, so that f never goes up and a
// wrong gradient still fails the search. (LineSearch.search and
// wolfeSearch relax the condition on f to the rounding noise of f.)
func (ls LineSearch) armijo(f0 float64, g0 []float64, f float64, g, p []float64, alpha float64) bool {
	slope0 := matrix.Dot(g0, p) // φ′(0) = ∇f(x)ᵀp < 0
	// Armijo: f(x + αp) − f(x) ≤ c₁α∇f(x)ᵀp (false for f = +Inf). The
	// difference is formed first: f(x) + c₁α∇f(x)ᵀp could round back to
	// f(x) and accept a step that does not decrease f at all.
	if f-f0 <= ls.Decrease*alpha*slope0 {
		return true
	}
	return ls.approxArmijo(f0, g0, f, g, p, 0)
}

// approxArmijo is Hager and Zhang's approximate Armijo condition with the
// allowance noise ≥ 0 for the rounding error of f:
//
//	φ′(α) ≤ (2c₁ − 1)φ′(0) and φ(α) ≤ φ(0) + noise.
func (ls LineSearch) approxArmijo(f0 float64, g0 []float64, f float64, g, p []float64, noise float64) bool {
	return f <= f0+noise && matrix.Dot(g, p) <= (2*ls.Decrease-1)*matrix.Dot(g0, p)
}

// fNoise bounds the relative rounding error of a computed objective, the ε
// of Hager and Zhang's relaxation f(x + αp) ≤ f(x) + ε|f(x)| (CG_DESCENT
// uses 10⁻⁶; 10⁻¹² is the error of a sum of about 10⁴ terms, each rounded
// with unit roundoff 1.1·10⁻¹⁶, with the same sign). Near a minimizer the
// true decrease α‖∇f‖² of a step falls below this noise long before the
// gradient reaches its tolerance: how the last bits of f round then decides
// whether f "rose", and it differs between machines (a fused multiply-add
// rounds once where a multiply and an add round twice). The line searches
// accept a step whose directional derivatives show a decrease when f rose
// by no more than fNoise·|f(x)|.
//
// LineSearch.search does so only while every trial of the search has kept f
// within that noise: a search whose first, longer steps raised f clearly is
// not at the noise floor, and a gradient of the wrong sign (every step
// raises f) still fails instead of creeping upward by the noise at every
// iteration.
const fNoise = 1e-12
