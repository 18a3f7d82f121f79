package learn

import (
	"fmt"
	"math"
)

// GaussianBayesError returns the Bayes error of two one-dimensional
// Gaussian classes with priors p₀ = p0 and p₁ = 1 − p0 and densities
// fₖ = N(μₖ, σₖ²),
//
//	F(h_B) = ∫ min(p₀f₀(x), p₁f₁(x)) dx,
//
// the smallest error probability any classifier of the two can reach, by
// adaptive Simpson quadrature (tolerance 1e-13 absolute) over the interval
// of ±40 standard deviations around both means, beyond which the
// integrand is below 1e-300, cut first into panels one (smaller) standard
// deviation wide. The kinks of the integrand, where the two
// weighted densities cross, are resolved by the adaptive bisection.
//
// Implements: 004, "Optimality" (the Bayes error as
// the integral of the smaller weighted density).
//
// Special cases: p0 outside [0, 1], σₖ ≤ 0 and non-finite arguments are
// errors.
func GaussianBayesError(p0, mu0, sigma0, mu1, sigma1 float64) (float64, error) {
	for _, v := range []float64{p0, mu0, sigma0, mu1, sigma1} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, fmt.Errorf("learn: bayes error: %w: non-finite argument", ErrInvalidParameter)
		}
	}
	if p0 < 0 || p0 > 1 {
		return 0, fmt.Errorf("learn: bayes error: %w: prior %g outside [0, 1]", ErrInvalidParameter, p0)
	}
	if !(sigma0 > 0) || !(sigma1 > 0) {
		return 0, fmt.Errorf("learn: bayes error: %w: standard deviations %g, %g, need σ > 0", ErrInvalidParameter, sigma0, sigma1)
	}
	p1 := 1 - p0
	f := func(x float64) float64 {
		return min(p0*normalPdf(x, mu0, sigma0), p1*normalPdf(x, mu1, sigma1))
	}
	lo := min(mu0-40*sigma0, mu1-40*sigma1)
	hi := max(mu0+40*sigma0, mu1+40*sigma1)
	// Panels no wider than the narrower standard deviation, so that the
	// first samples of the adaptive rule cannot all miss a narrow peak.
	panels := int(math.Ceil((hi - lo) / min(sigma0, sigma1)))
	width := (hi - lo) / float64(panels)
	var total float64
	for k := range panels {
		a := lo + float64(k)*width
		total += adaptiveSimpson(f, a, a+width, 1e-13/float64(panels))
	}
	return total, nil
}

// normalPdf returns the N(μ, σ²) density at x.
func normalPdf(x, mu, sigma float64) float64 {
	z := (x - mu) / sigma
	return math.Exp(-0.5*z*z) / (sigma * math.Sqrt(2*math.Pi))
}

// adaptiveSimpson integrates f over [a, b] to an absolute tolerance tol by
// recursive bisection with Richardson's correction (S₂ + (S₂ − S₁)/15),
// splitting an interval until the two Simpson estimates agree within 15·tol
// (Lyness's criterion) or 60 levels deep.
func adaptiveSimpson(f func(float64) float64, a, b, tol float64) float64 {
	fa, fm, fb := f(a), f((a+b)/2), f(b)
	return simpsonStep(f, a, b, fa, fm, fb, (b-a)/6*(fa+4*fm+fb), tol, 60)
}

// simpsonStep refines the Simpson estimate whole of [a, b].
func simpsonStep(f func(float64) float64, a, b, fa, fm, fb, whole, tol float64, depth int) float64 {
	m := (a + b) / 2
	lm, rm := (a+m)/2, (m+b)/2
	flm, frm := f(lm), f(rm)
	left := (m - a) / 6 * (fa + 4*flm + fm)
	right := (b - m) / 6 * (fm + 4*frm + fb)
	if depth <= 0 || math.Abs(left+right-whole) <= 15*tol {
		return left + right + (left+right-whole)/15
	}
	return simpsonStep(f, a, m, fa, flm, fm, left, tol/2, depth-1) +
		simpsonStep(f, m, b, fm, frm, fb, right, tol/2, depth-1)
}
