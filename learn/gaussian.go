package learn

import (
	"fmt"
	"math"
	"math/rand/v2"

	"mlnotes/matrix"
)

// log2Pi is log(2π).
const log2Pi = 1.8378770664093453

// MultivariateNormal is the d-dimensional normal density N(μ, Σ) with its
// Cholesky factor Σ = LLᵀ, ready to evaluate
//
//	log f(x) = −½ (d log 2π + log|Σ| + ‖L⁻¹(x − μ)‖²),
//
// the notes' density with R = Σ written in the form that neither inverts Σ
// nor overflows |Σ|: log|Σ| = 2 Σᵢ log lᵢᵢ and the quadratic form is the
// squared norm of a forward substitution.
//
// Implements: 004, "Multivariate Normal Distribution"
// (the notes write N(μ, σ) and then use R for the covariance).
type MultivariateNormal struct {
	mean []float64
	cov  *matrix.Dense
	chol *matrix.Cholesky
	// logNorm is −½(d log 2π + log|Σ|), the log of the normalizing constant.
	logNorm float64
}

// NewMultivariateNormal returns N(μ, Σ + r·I). The covariance must be
// symmetric and positive definite after the regularization r ≥ 0 is added
// to its diagonal; a singular Σ (a constant or redundant feature, fewer
// samples than features) is an error wrapping matrix.ErrNotSPD that says
// so, also when rounding has left it a pivot below d·ε·max σᵢᵢ, since its
// density would be determined by rounding noise. μ and Σ are copied.
func NewMultivariateNormal(mean []float64, cov *matrix.Dense, r float64) (*MultivariateNormal, error) {
	const op = "learn: normal"
	d := len(mean)
	if d == 0 {
		return nil, fmt.Errorf("%s: %w: empty mean", op, matrix.ErrEmpty)
	}
	if cov == nil || cov.Rows() != d || cov.Cols() != d {
		return nil, fmt.Errorf("%s: %w: covariance is not %d×%d", op, matrix.ErrShape, d, d)
	}
	if err := matrix.VecFinite(mean); err != nil {
		return nil, fmt.Errorf("%s: mean: %w", op, err)
	}
	if !(r >= 0) || math.IsInf(r, 0) {
		return nil, fmt.Errorf("%s: %w: regularization %g, need a finite r ≥ 0", op, ErrInvalidParameter, r)
	}
	sigma := cov.Clone()
	for i := range d {
		sigma.Set(i, i, sigma.At(i, i)+r)
	}
	chol, err := factorizeCovariance(sigma)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	return normalFromFactor(mean, sigma, chol), nil
}

// normalFromFactor assembles N(μ, Σ) from Σ's Cholesky factor (μ copied,
// Σ kept).
func normalFromFactor(mean []float64, sigma *matrix.Dense, chol *matrix.Cholesky) *MultivariateNormal {
	return &MultivariateNormal{
		mean:    append([]float64(nil), mean...),
		cov:     sigma,
		chol:    chol,
		logNorm: -0.5 * (float64(len(mean))*log2Pi + chol.LogDet()),
	}
}

// factorizeCovariance returns the Cholesky factor of a covariance matrix,
// or an error wrapping matrix.ErrNotSPD when it is singular to working
// precision: each pivot lᵢᵢ² bounds the smallest eigenvalue from above, so
// a pivot ≤ d·ε·maxᵢ σᵢᵢ proves κ(Σ) ≥ 1/(d·ε).
func factorizeCovariance(sigma *matrix.Dense) (*matrix.Cholesky, error) {
	d := sigma.Rows()
	const hint = "the covariance is singular (a constant or redundant feature, or fewer samples than features%s); regularize it by adding r·I"
	if err := sigma.CheckFinite(); err != nil {
		return nil, fmt.Errorf("the covariance overflows float64 (features spread beyond about 1e154: scale them): %w", err)
	}
	var maxDiag float64
	for i := range d {
		maxDiag = math.Max(maxDiag, sigma.At(i, i))
	}
	chol, err := matrix.FactorizeCholesky(sigma)
	if err != nil {
		return nil, fmt.Errorf(hint+": %w", underflowHint(maxDiag), err)
	}
	l := chol.L()
	for i := range d {
		if p := l.At(i, i) * l.At(i, i); p <= float64(d)*eps*maxDiag {
			return nil, fmt.Errorf(hint+" (pivot %d is %.3g against a largest variance %.3g): %w", underflowHint(maxDiag), i, p, maxDiag, matrix.ErrNotSPD)
		}
	}
	return chol, nil
}

// Dim returns d.
func (g *MultivariateNormal) Dim() int { return len(g.mean) }

// Mean returns a copy of μ.
func (g *MultivariateNormal) Mean() []float64 { return append([]float64(nil), g.mean...) }

// Cov returns a copy of Σ (with the regularization included).
func (g *MultivariateNormal) Cov() *matrix.Dense { return g.cov.Clone() }

// L returns a copy of the Cholesky factor of Σ.
func (g *MultivariateNormal) L() *matrix.Dense { return g.chol.L() }

// LogDet returns log|Σ|.
func (g *MultivariateNormal) LogDet() float64 { return g.chol.LogDet() }

// LogPdf returns log f(x).
func (g *MultivariateNormal) LogPdf(x []float64) (float64, error) {
	q, err := matrix.NewFromSlice(1, len(x), append([]float64(nil), x...))
	if err != nil {
		return 0, err
	}
	v, err := g.LogPdfRows(q)
	if err != nil {
		return 0, err
	}
	return v[0], nil
}

// Pdf returns f(x) = exp(log f(x)); it underflows to 0 far from μ, where
// LogPdf stays finite.
func (g *MultivariateNormal) Pdf(x []float64) (float64, error) {
	v, err := g.LogPdf(x)
	return math.Exp(v), err
}

// LogPdfRows returns log f(xᵢ) for every row of X (n×d), whitening all
// samples in one blocked triangular solve L⁻¹(X − 1μᵀ)ᵀ.
func (g *MultivariateNormal) LogPdfRows(x *matrix.Dense) ([]float64, error) {
	if err := checkQuery("learn: normal log-density", x, len(g.mean)); err != nil {
		return nil, err
	}
	out := make([]float64, x.Rows())
	g.logPdfT(x.T(), nil, out)
	return out, nil
}

// logPdfT writes log f(xᵢ) into out for the samples xᵢ held as the
// columns of xt (d×n), using work (d×n, or nil) as scratch.
func (g *MultivariateNormal) logPdfT(xt, work *matrix.Dense, out []float64) {
	mahalanobisT(xt, g.mean, g.chol, work, out)
	for i, q := range out {
		out[i] = g.logNorm - 0.5*q
	}
}

// mahalanobisT writes (xᵢ − μ)ᵀΣ⁻¹(xᵢ − μ) = ‖L⁻¹(xᵢ − μ)‖² into out for
// the columns xᵢ of xt (d×n): Z = L⁻¹(Xᵀ − μ1ᵀ) by one triangular solve
// with n right-hand sides (matrix.Cholesky.SolveLowerCols), then the
// column sums of Z∘Z. work (d×n, or nil) holds Z.
func mahalanobisT(xt *matrix.Dense, mu []float64, chol *matrix.Cholesky, work *matrix.Dense, out []float64) {
	d, n := xt.Dims()
	z := work
	if z == nil || z.Rows() != d || z.Cols() != n {
		z = matrix.New(d, n)
	}
	for j, m := range mu {
		zj, xj := z.Row(j), xt.Row(j)
		for i, v := range xj {
			zj[i] = v - m
		}
	}
	_ = chol.SolveLowerCols(z) // heights agree by construction
	clear(out)
	for j := range d {
		for i, v := range z.Row(j) {
			out[i] += v * v
		}
	}
	// A NaN can only come from ∞ − ∞ in the substitution, when some
	// |lᵢⱼzⱼ| overflowed: the point is beyond ~10¹⁵⁴ standard deviations,
	// and its distance is +Inf (its log-density −Inf) to working precision.
	for i, q := range out {
		if q != q {
			out[i] = math.Inf(1)
		}
	}
}

// LogLikelihood returns Σᵢ log f(xᵢ), the log-likelihood l(θ | x) of the
// notes' "Maximum Likelihood Estimation" at this density's parameters.
func (g *MultivariateNormal) LogLikelihood(x *matrix.Dense) (float64, error) {
	v, err := g.LogPdfRows(x)
	if err != nil {
		return 0, err
	}
	var s float64
	for _, t := range v {
		s += t
	}
	return s, nil
}

// Sample draws n points (rows of an n×d matrix) as xᵢ = μ + L zᵢ with
// zᵢ standard normal from rng, so that Cov(x) = LLᵀ = Σ.
func (g *MultivariateNormal) Sample(n int, rng *rand.Rand) *matrix.Dense {
	d := len(g.mean)
	z := matrix.New(n, d)
	for i := range n {
		for j := range d {
			z.Set(i, j, rng.NormFloat64())
		}
	}
	x, _ := matrix.MulABT(z, g.chol.L()) // rows zᵢᵀLᵀ = (Lzᵢ)ᵀ
	for i := range n {
		matrix.Axpy(1, g.mean, x.Row(i))
	}
	return x
}

// GaussianMLE configures the maximum-likelihood fit of a multivariate
// normal. The zero value is the notes' estimate: the sample mean and the
// covariance with divisor n.
type GaussianMLE struct {
	// Unbiased divides the covariance by n − 1 instead of n (then it is no
	// longer the maximum-likelihood estimate).
	Unbiased bool
	// Reg ≥ 0 is added to the diagonal of the covariance (zero: none).
	Reg float64
}

// Fit returns N(μ̂, Σ̂) with μ̂ = (1/n) Σᵢ xᵢ and
// Σ̂ = (1/n) Σᵢ (xᵢ − μ̂)(xᵢ − μ̂)ᵀ, the maximizers of the log-likelihood
// Σᵢ log f(xᵢ | μ, Σ) (at which it equals −(n/2)(d log 2π + log|Σ̂| + d)).
// By the invariance of the MLE, any function of (μ̂, Σ̂) — a standard
// deviation √σ̂ᵢᵢ, a correlation — is the MLE of that function.
//
// Implements: 004, "Maximum Likelihood Estimation"
// and "Theorem: In-variance of the MLE".
//
// Special cases: fewer than two samples, non-finite data, and a singular
// Σ̂ (with Reg = 0: a constant feature, n ≤ d, collinear features) are
// errors.
func (c GaussianMLE) Fit(x *matrix.Dense) (*MultivariateNormal, error) {
	const op = "learn: gaussian mle"
	if err := checkData(op, x, 2); err != nil {
		return nil, err
	}
	v := matrix.Population
	if c.Unbiased {
		v = matrix.Sample
	}
	mean, _ := matrix.ColMeans(x)
	cov, err := matrix.Covariance(x, v)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	g, err := NewMultivariateNormal(mean, cov, c.Reg)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	return g, nil
}
