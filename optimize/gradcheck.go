package optimize

import (
	"math"

	"mlnotes/matrix"
)

// GradCheckSettings configures CheckGradient. The zero value gives the
// defaults.
type GradCheckSettings struct {
	// Step is the relative step: coordinate i is perturbed by
	// hᵢ = Step·max(|xᵢ|, 1). Zero means ε^⅓ ≈ 6.06·10⁻⁶, which balances the
	// O(h²) truncation error of a central difference against its O(ε/h)
	// rounding error.
	Step float64
	// Tol is the largest relative error RelErr accepted. Zero means 10⁻⁶.
	Tol float64
}

// GradientReport is the outcome of CheckGradient.
type GradientReport struct {
	// Analytic is ∇f(x) as ValueGrad computes it; Numeric its central
	// difference estimate; Steps the perturbations hᵢ used.
	Analytic, Numeric, Steps []float64
	// RelErr is the normwise relative error
	// maxᵢ |gᵢ − ĝᵢ| / max(‖g‖∞, ‖ĝ‖∞) (0 when both gradients are 0), and
	// Worst the coordinate i where |gᵢ − ĝᵢ| is largest.
	RelErr float64
	Worst  int
}

// CheckGradient compares the gradient g = ∇f(x) returned by obj.ValueGrad
// with the central differences
//
//	ĝᵢ = (f(x + hᵢeᵢ) − f(x − hᵢeᵢ)) / (2hᵢ),   hᵢ = Step·max(|xᵢ|, 1),
//
// (the denominator is the exact distance between the two points as stored)
// and returns an error wrapping ErrGradientMismatch when the normwise
// relative error
//
//	RelErr = ‖g − ĝ‖∞ / max(‖g‖∞, ‖ĝ‖∞)
//
// exceeds Tol. The error of ĝ is about hᵢ²|∂³f|/6 + ε|f|/hᵢ, near 10⁻¹⁰
// relative for a smooth f of moderate curvature with the default step, so a
// correct gradient gives RelErr of 10⁻⁹ or less and a wrong one (a missing
// factor, a sign, a transposed index) gives RelErr of order 1. Because the
// error is measured against the whole gradient, a mistake in a component
// smaller than Tol·‖g‖∞ goes unnoticed; and at a stationary point, where
// g ≈ 0, the test compares noise with noise: check at a generic point.
// It costs 2d + 1 calls of ValueGrad. The learners use it in their tests;
// FullBatch turns a StochasticObjective into an Objective it can check.
//
// Special cases:
//
//	nil objective, empty x              error (matrix.ErrEmpty)
//	NaN or ±Inf in x                    error (matrix.ErrNotFinite)
//	Step or Tol negative or not finite  error (ErrInvalidParameter)
//	f or ∇f not finite at x or at a perturbed point
//	                                    nil report, error (matrix.ErrNotFinite)
//	RelErr > Tol                        the report, error (ErrGradientMismatch)
//
// Implements: not in the notes; it checks the gradients of 004,
// "Backpropagation Algorithm" and of every other loss the learners minimize.
//
// Reference: J. Nocedal and S. J. Wright, Numerical Optimization, 2nd ed.,
// Springer 2006, §8.1 (finite differences and gradient checking).
func CheckGradient(obj Objective, x []float64, s *GradCheckSettings) (*GradientReport, error) {
	const op = "gradient check"
	if s == nil {
		s = &GradCheckSettings{}
	}
	if err := checkStart(op, obj, x); err != nil {
		return nil, err
	}
	step := defaultOr(s.Step, math.Cbrt(dblEpsilon), s.Step)
	tol := defaultOr(s.Tol, 1e-6, s.Tol)
	if !(step > 0 && step < math.Inf(1)) {
		return nil, badSetting(op, "Step = %v is not a finite number > 0", s.Step)
	}
	if !(tol > 0 && tol < math.Inf(1)) {
		return nil, badSetting(op, "Tol = %v is not a finite number > 0", s.Tol)
	}
	d := len(x)
	r := &GradientReport{Analytic: make([]float64, d), Numeric: make([]float64, d), Steps: make([]float64, d)}
	f := obj.ValueGrad(x, r.Analytic)
	if what := nonFinite(f, r.Analytic); what != "" {
		return nil, optError(op, matrix.ErrNotFinite, "%s at the point checked", what)
	}
	xp := append([]float64(nil), x...)
	scratch := make([]float64, d)
	for i, xi := range x {
		h := step * max(math.Abs(xi), 1)
		xPlus, xMinus := xi+h, xi-h
		xp[i] = xPlus
		fPlus := obj.ValueGrad(xp, scratch)
		xp[i] = xMinus
		fMinus := obj.ValueGrad(xp, scratch)
		xp[i] = xi
		if math.IsNaN(fPlus-fMinus) || math.IsInf(fPlus-fMinus, 0) {
			return nil, optError(op, matrix.ErrNotFinite, "f(x ± hᵢeᵢ) is %v, %v for coordinate %d", fPlus, fMinus, i)
		}
		// ĝᵢ = (f(x + hᵢeᵢ) − f(x − hᵢeᵢ)) / ((xᵢ + hᵢ) − (xᵢ − hᵢ))
		r.Steps[i] = (xPlus - xMinus) / 2
		r.Numeric[i] = (fPlus - fMinus) / (xPlus - xMinus)
	}
	scale := 0.0
	for i := range d {
		diff := math.Abs(r.Analytic[i] - r.Numeric[i])
		if diff > math.Abs(r.Analytic[r.Worst]-r.Numeric[r.Worst]) {
			r.Worst = i
		}
		scale = max(scale, math.Abs(r.Analytic[i]), math.Abs(r.Numeric[i]))
	}
	if worst := math.Abs(r.Analytic[r.Worst] - r.Numeric[r.Worst]); worst > 0 {
		r.RelErr = worst / scale
	}
	if r.RelErr > tol {
		return r, optError(op, ErrGradientMismatch,
			"relative error %.3g > %.3g; worst at coordinate %d: analytic %.6g, finite difference %.6g",
			r.RelErr, tol, r.Worst, r.Analytic[r.Worst], r.Numeric[r.Worst])
	}
	return r, nil
}

// dblEpsilon is ε = 2⁻⁵², the spacing of float64 numbers at 1.
const dblEpsilon = 0x1p-52
