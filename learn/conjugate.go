package learn

import (
	"fmt"
	"math"
)

// Conjugate Bayesian estimation (004, "Bayesian
// Estimation"): the parameter is a random variable with a prior density,
// the data turn it into a posterior of the same family (a conjugate
// prior), and the estimate is the posterior's mode (MAP) or its mean.

// BetaBernoulli is the Beta(a, b) prior on the success probability θ of
// Bernoulli observations: f(θ) ∝ θ^(a−1)(1 − θ)^(b−1), a, b > 0.
type BetaBernoulli struct {
	A, B float64
}

// BetaPosterior is the posterior Beta(A, B) after the observations, with
// the estimates of θ.
type BetaPosterior struct {
	A, B float64 // the posterior's parameters a + s, b + n − s
	N    int     // n, the number of observations
	S    int     // s, the number of ones
	MAP  float64 // the mode of the posterior
	Mean float64 // the posterior mean A/(A + B)
	MLE  float64 // s/n, which both approach as n grows
}

// Update returns the posterior after observing x (each 0 or 1): by Bayes'
// theorem f(θ | x) ∝ θ^s(1 − θ)^(n−s) · θ^(a−1)(1 − θ)^(b−1), which is
// Beta(a + s, b + n − s). Its mode is (A − 1)/(A + B − 2) when A, B > 1,
// else 0 when A ≤ 1 (the density decreases from θ = 0) and 1 when B ≤ 1;
// with n ≥ 1 and a, b > 0, A ≤ 1 and B ≤ 1 cannot hold together. As n
// grows the prior's pseudo-counts a, b are outweighed and MAP, mean and
// MLE s/n converge.
//
// Special cases: a or b not finite and positive, no observations, and a
// value that is not 0 or 1 are errors.
func (p BetaBernoulli) Update(x []float64) (*BetaPosterior, error) {
	const op = "learn: beta-bernoulli"
	if !(p.A > 0) || !(p.B > 0) || math.IsInf(p.A, 0) || math.IsInf(p.B, 0) {
		return nil, fmt.Errorf("%s: %w: prior Beta(%g, %g), need a, b > 0", op, ErrInvalidParameter, p.A, p.B)
	}
	if len(x) == 0 {
		return nil, fmt.Errorf("%s: %w: no observations", op, ErrInvalidParameter)
	}
	s := 0
	for i, v := range x {
		switch v {
		case 1:
			s++
		case 0:
		default:
			return nil, fmt.Errorf("%s: %w: observation %d is %g, need 0 or 1", op, ErrInvalidParameter, i, v)
		}
	}
	n := len(x)
	post := &BetaPosterior{A: p.A + float64(s), B: p.B + float64(n-s), N: n, S: s}
	switch {
	case post.A > 1 && post.B > 1:
		post.MAP = (post.A - 1) / (post.A + post.B - 2)
	case post.A <= 1:
		post.MAP = 0
	default:
		post.MAP = 1
	}
	post.Mean = post.A / (post.A + post.B)
	if math.IsInf(post.A+post.B, 0) {
		// A + B overflows (a prior near 1.8e308): the same ratios
		// written so that no sum exceeds its terms' scale.
		post.Mean = 1 / (1 + post.B/post.A)
		if post.A > 1 && post.B > 1 {
			post.MAP = 1 / (1 + (post.B-1)/(post.A-1))
		}
	}
	post.MLE = float64(s) / float64(n)
	return post, nil
}

// LogPdf returns the log-density of the posterior Beta(A, B) at θ ∈ (0, 1)
// (−Inf outside), log Γ(A + B) − log Γ(A) − log Γ(B)
// + (A − 1) log θ + (B − 1) log(1 − θ).
func (b *BetaPosterior) LogPdf(theta float64) float64 {
	if !(theta > 0 && theta < 1) {
		return math.Inf(-1)
	}
	lab, _ := math.Lgamma(b.A + b.B)
	la, _ := math.Lgamma(b.A)
	lb, _ := math.Lgamma(b.B)
	return lab - la - lb + (b.A-1)*math.Log(theta) + (b.B-1)*math.Log1p(-theta)
}

// NormalMean is the N(μ₀, τ²) prior on the mean μ of normal observations
// of known variance σ².
type NormalMean struct {
	Mu0, Tau2, Sigma2 float64
}

// NormalPosterior is the posterior N(Mean, Variance) of μ.
type NormalPosterior struct {
	Mean, Variance float64 // μₙ and τₙ²
	N              int
	MAP            float64 // equal to Mean: a normal's mode is its mean
	MLE            float64 // the sample mean x̄
}

// Update returns the posterior of μ after observing x: the precisions
// add, 1/τₙ² = 1/τ² + n/σ², and the mean is the precision-weighted
// average μₙ = τₙ²(μ₀/τ² + n x̄/σ²) of the prior mean and the sample mean.
// As n grows μₙ → x̄ (the MLE) and τₙ² ~ σ²/n → 0.
//
// Special cases: τ² or σ² not finite and positive, μ₀ not finite, no or
// non-finite observations are errors.
func (p NormalMean) Update(x []float64) (*NormalPosterior, error) {
	const op = "learn: normal-mean"
	if !(p.Tau2 > 0) || !(p.Sigma2 > 0) || math.IsInf(p.Tau2, 0) || math.IsInf(p.Sigma2, 0) || math.IsNaN(p.Mu0) || math.IsInf(p.Mu0, 0) {
		return nil, fmt.Errorf("%s: %w: prior N(%g, %g) with σ² = %g, need τ², σ² > 0", op, ErrInvalidParameter, p.Mu0, p.Tau2, p.Sigma2)
	}
	sum, err := sumObservations(op, x)
	if err != nil {
		return nil, err
	}
	n := float64(len(x))
	xbar := sum / n
	prec := 1/p.Tau2 + n/p.Sigma2
	v := 1 / prec
	mean := v * (p.Mu0/p.Tau2 + sum/p.Sigma2)
	if math.IsInf(xbar, 0) || math.IsNaN(mean) || math.IsInf(mean, 0) || v == 0 || math.IsInf(v, 0) {
		// A sum or a precision beyond float64 (observations near
		// 1.8e308, τ² or σ² near its limits): the same posterior as a
		// weighted average, μₙ = (1 − w)μ₀ + w x̄ with w = 1/(1 + r),
		// r = σ²/(nτ²), and τₙ² = (σ²/n)/(1 + r) = τ²/(1 + 1/r),
		// whose terms stay within the range of the data and the prior.
		if math.IsInf(xbar, 0) {
			xbar = 0
			for _, xi := range x {
				xbar += xi / n
			}
		}
		r := p.Sigma2 / n / p.Tau2
		w, wc := 1/(1+r), r/(1+r) // w and 1 − w
		if math.IsInf(r, 0) {
			w, wc = 0, 1
		}
		mean = wc*p.Mu0 + w*xbar
		if r >= 1 {
			v = p.Tau2 / (1 + 1/r)
		} else {
			v = p.Sigma2 / n / (1 + r)
		}
	}
	return &NormalPosterior{Mean: mean, Variance: v, N: len(x), MAP: mean, MLE: xbar}, nil
}

// NormalInverseGamma is the conjugate prior of normal observations whose
// mean μ and variance σ² are both unknown: σ² ∼ InvGamma(α₀, β₀) and, given
// σ², μ ∼ N(μ₀, σ²/κ₀) — κ₀ pseudo-observations of mean μ₀ and 2α₀ of
// spread. All of κ₀, α₀, β₀ must be positive.
type NormalInverseGamma struct {
	Mu0, Kappa0, Alpha0, Beta0 float64
}

// NIGPosterior is the posterior NIG(Mu, Kappa, Alpha, Beta) of (μ, σ²),
// with its estimates.
type NIGPosterior struct {
	Mu, Kappa, Alpha, Beta float64
	N                      int
	// MAPMean and MAPVar are the joint mode of the posterior density of
	// (μ, σ²): μₙ and βₙ/(αₙ + 3/2).
	MAPMean, MAPVar float64
	// MeanVar is E[σ² | x] = βₙ/(αₙ − 1), +Inf when αₙ ≤ 1 (the posterior
	// of σ² then has no mean); E[μ | x] is Mu.
	MeanVar float64
	// MLEMean and MLEVar are x̄ and (1/n) Σ (xᵢ − x̄)².
	MLEMean, MLEVar float64
}

// Update returns the posterior after observing x. With x̄ and
// S = Σ (xᵢ − x̄)², multiplying the prior by the likelihood
// (σ²)^(−n/2) exp(−(S + n(x̄ − μ)²)/(2σ²)) and completing the square in μ
// gives
//
//	κₙ = κ₀ + n,  μₙ = (κ₀μ₀ + n x̄)/κₙ,  αₙ = α₀ + n/2,
//	βₙ = β₀ + S/2 + κ₀ n (x̄ − μ₀)²/(2κₙ).
//
// The joint density ∝ (σ²)^(−αₙ−3/2) exp(−(2βₙ + κₙ(μ − μₙ)²)/(2σ²)) is
// largest at μ = μₙ, σ² = βₙ/(αₙ + 3/2). As n grows μₙ → x̄ and both
// variance estimates → S/n, the MLE. S is accumulated around x̄ (two
// passes), not as Σxᵢ² − n x̄², which cancels.
//
// Special cases: non-finite or non-positive κ₀, α₀, β₀, a non-finite μ₀,
// and no or non-finite observations are errors.
func (p NormalInverseGamma) Update(x []float64) (*NIGPosterior, error) {
	const op = "learn: normal-inverse-gamma"
	for _, v := range []float64{p.Kappa0, p.Alpha0, p.Beta0} {
		if !(v > 0) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("%s: %w: prior κ₀ = %g, α₀ = %g, β₀ = %g, need all > 0", op, ErrInvalidParameter, p.Kappa0, p.Alpha0, p.Beta0)
		}
	}
	if math.IsNaN(p.Mu0) || math.IsInf(p.Mu0, 0) {
		return nil, fmt.Errorf("%s: %w: prior mean μ₀ = %g", op, ErrInvalidParameter, p.Mu0)
	}
	sum, err := sumObservations(op, x)
	if err != nil {
		return nil, err
	}
	n := float64(len(x))
	xbar := sum / n
	var s float64
	for _, v := range x {
		s += (v - xbar) * (v - xbar)
	}
	k := p.Kappa0 + n
	post := &NIGPosterior{
		Mu:      (p.Kappa0*p.Mu0 + n*xbar) / k,
		Kappa:   k,
		Alpha:   p.Alpha0 + n/2,
		Beta:    p.Beta0 + s/2 + p.Kappa0*n*(xbar-p.Mu0)*(xbar-p.Mu0)/(2*k),
		N:       len(x),
		MLEMean: xbar,
		MLEVar:  s / n,
	}
	post.MAPMean = post.Mu
	post.MAPVar = post.Beta / (post.Alpha + 1.5)
	post.MeanVar = math.Inf(1)
	if post.Alpha > 1 {
		post.MeanVar = post.Beta / (post.Alpha - 1)
	}
	return post, nil
}

// LogPdf returns the log-density of NIG(Mu, Kappa, Alpha, Beta) at
// (μ, σ²) (−Inf for σ² ≤ 0):
// ½ log(κ/(2π)) + α log β − log Γ(α) − (α + 3/2) log σ² − (2β + κ(μ − μₙ)²)/(2σ²).
func (p *NIGPosterior) LogPdf(mu, sigma2 float64) float64 {
	return nigLogPdf(p.Mu, p.Kappa, p.Alpha, p.Beta, mu, sigma2)
}

// nigLogPdf is the NIG(m, κ, α, β) log-density at (μ, σ²).
func nigLogPdf(m, kappa, alpha, beta, mu, sigma2 float64) float64 {
	if !(sigma2 > 0) {
		return math.Inf(-1)
	}
	lg, _ := math.Lgamma(alpha)
	return 0.5*math.Log(kappa/(2*math.Pi)) + alpha*math.Log(beta) - lg -
		(alpha+1.5)*math.Log(sigma2) - (2*beta+kappa*(mu-m)*(mu-m))/(2*sigma2)
}

// sumObservations is Σxᵢ of the observations a conjugate update takes,
// refusing an empty sample or one that is not finite.
func sumObservations(op string, x []float64) (float64, error) {
	if len(x) == 0 {
		return 0, fmt.Errorf("%s: %w: no observations", op, ErrInvalidParameter)
	}
	var sum float64
	for i, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, fmt.Errorf("%s: %w: observation %d is %g", op, ErrInvalidParameter, i, v)
		}
		sum += v
	}
	return sum, nil
}
