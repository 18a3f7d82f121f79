package eigen

import (
	"fmt"
	"math"

	"mlnotes/matrix"
)

// The secular equation of a rank-one update (docs/eigenproblems.md,
// "Divide and conquer"). The eigenvalues of D + ρzzᵀ, with
// D = diag(d₀ < d₁ < … < d_{k−1}), ρ > 0 and every zⱼ ≠ 0, are the k roots
// of
//
//	f(λ) = 1/ρ + Σⱼ zⱼ²/(dⱼ − λ) = 0.
//
// f rises from −∞ to +∞ between consecutive poles, so there is exactly one
// root λᵢ in each interval (dᵢ, dᵢ₊₁), and the last one lies in
// (d_{k−1}, d_{k−1} + ρ‖z‖²). The eigenvector of λᵢ is (D − λᵢI)⁻¹z,
// normalized.
//
// What must be accurate is not λᵢ itself but the differences
// δⱼ = dⱼ − λᵢ, which build the eigenvector: a root next to a pole is
// found as λ = d_org + τ with the origin d_org at the nearer pole, so that
// δⱼ = (dⱼ − d_org) − τ is computed without cancellation.

// maxSecularIterations bounds the safeguarded iteration; each step at
// least halves the bracket, so 200 steps are more than 64-bit numbers hold.
const maxSecularIterations = 200

// secularRoot returns the i-th root (0-based, ascending) of the secular
// equation of D + ρzzᵀ and fills delta[j] = dⱼ − λᵢ for every j.
//
// The iteration keeps a bracket [lo, hi] for τ = λ − d_org and, at each
// step, replaces f by the rational model with the two nearest poles,
//
//	f(λ) ≈ c + B₁/(dᵢ − λ) + B₂/(dᵢ₊₁ − λ),
//
// whose weights match ψ (the terms j ≤ i) and φ (the terms j > i) and their
// derivatives at the current point (Gragg's fixed-weight method, as in
// LAPACK's dlaed4); its root is the next iterate, and a bisection step is
// taken whenever that root leaves the bracket or the step is not half the
// one before last (Brent's safeguard against a crawling iteration). The
// iteration stops when |f| is below the bound of its own rounding error.
//
// It also returns the number of iterations taken.
func secularRoot(d, z []float64, rho float64, i int, delta []float64) (float64, int, error) {
	k := len(d)
	var org int
	var lo, hi float64
	if i == k-1 {
		org = i
		lo, hi = 0, rho*sumSquares(z)
	} else {
		gap := d[i+1] - d[i]
		// The sign of f at the midpoint says which half holds the root.
		if f, _, _ := secularValue(d, z, rho, i, i, gap/2, delta); f >= 0 {
			org, lo, hi = i, 0, gap/2
		} else {
			org, lo, hi = i+1, -gap/2, 0
		}
	}
	tau := (lo + hi) / 2
	step2 := math.Inf(1) // |τ change| two iterations ago
	step1 := math.Inf(1)
	for it := 1; it <= maxSecularIterations; it++ {
		f, psi, phi := secularValue(d, z, rho, i, org, tau, delta)
		var dpsi, dphi float64
		for j, dj := range delta {
			w := z[j] / dj
			if j <= i {
				dpsi += w * w // ψ′ = Σⱼ≤ᵢ zⱼ²/δⱼ²
			} else {
				dphi += w * w // φ′ = Σⱼ>ᵢ zⱼ²/δⱼ²
			}
		}
		// Rounding bound of f at this point (LAPACK's erretm).
		errBound := 8*(phi-psi) + 1/rho + math.Abs(tau)*(dpsi+dphi)
		if math.Abs(f) <= 2*eps*errBound {
			return d[org] + tau, it, nil
		}
		if f < 0 {
			lo = tau // f increases with λ: the root is to the right
		} else {
			hi = tau
		}
		if hi-lo <= 2*eps*math.Max(math.Abs(lo), math.Abs(hi)) {
			return d[org] + tau, it, nil
		}
		step, ok := secularModelStep(delta, i, rho, psi, phi, dpsi, dphi)
		next := tau + step
		// Bisect when the model's root leaves the bracket, or when the step
		// is not half the one before last (Brent's rule: an iteration that
		// crawls is replaced by one that halves the bracket).
		if !ok || math.Abs(next-tau) > step2/2 || !(next > lo && next < hi) {
			next = (lo + hi) / 2
		}
		step2, step1 = step1, math.Abs(next-tau)
		tau = next
	}
	return 0, maxSecularIterations, fmt.Errorf("eigen: divide and conquer: %w: secular equation root %d of %d", matrix.ErrNoConvergence, i, k)
}

// secularValue evaluates f at λ = d[org] + τ, filling delta, and returns
// f with its two partial sums ψ = Σⱼ≤ᵢ zⱼ²/δⱼ ≤ 0 and φ = Σⱼ>ᵢ zⱼ²/δⱼ ≥ 0.
func secularValue(d, z []float64, rho float64, i, org int, tau float64, delta []float64) (f, psi, phi float64) {
	for j, dj := range d {
		delta[j] = (dj - d[org]) - tau // δⱼ = dⱼ − λ, without cancellation
		t := z[j] * (z[j] / delta[j])
		if j <= i {
			psi += t
		} else {
			phi += t
		}
	}
	return 1/rho + psi + phi, psi, phi
}

// secularModelStep returns the change Δ of λ that zeroes the two-pole
// model c + B₁/(δᵢ − Δ) + B₂/(δᵢ₊₁ − Δ), with B₁ = δᵢ²ψ′, B₂ = δᵢ₊₁²φ′ and
// c = 1/ρ + (ψ − B₁/δᵢ) + (φ − B₂/δᵢ₊₁). For the last root there is no
// pole to the right and the model is c + B₁/(δᵢ − Δ).
func secularModelStep(delta []float64, i int, rho, psi, phi, dpsi, dphi float64) (float64, bool) {
	x1 := delta[i]
	b1 := x1 * x1 * dpsi
	if i == len(delta)-1 {
		c := 1/rho + psi - b1/x1 + phi
		if c <= 0 {
			return 0, false
		}
		return x1 + b1/c, true // c + B₁/(x₁ − Δ) = 0
	}
	x2 := delta[i+1]
	b2 := x2 * x2 * dphi
	c := 1/rho + (psi - b1/x1) + (phi - b2/x2)
	// c(x₁ − Δ)(x₂ − Δ) + B₁(x₂ − Δ) + B₂(x₁ − Δ) = 0, i.e.
	// cΔ² − bΔ + q = 0 with the root wanted in (x₁, x₂).
	b := c*(x1+x2) + b1 + b2
	q := c*x1*x2 + b1*x2 + b2*x1
	if c == 0 {
		if b == 0 {
			return 0, false
		}
		return q / b, true
	}
	sq := math.Sqrt(math.Max(b*b-4*c*q, 0))
	h := (b + math.Copysign(sq, b)) / 2 // no cancellation in b ± √…
	for _, r := range [2]float64{h / c, q / h} {
		if r > x1 && r < x2 {
			return r, true
		}
	}
	return 0, false
}

func sumSquares(z []float64) float64 {
	var s float64
	for _, v := range z {
		s += v * v
	}
	return s
}
