package learn_test

import (
	"fmt"
	"math"
	"math/rand/v2"

	"mlnotes/learn"
	"mlnotes/matrix"
)

func ExampleGaussianMLE() {
	// The invariance of the MLE: the MLE of σ is the square root of the
	// MLE of σ² (divisor n), not the square root of the unbiased estimate.
	x, _ := matrix.NewFromRows([][]float64{{1}, {2}, {4}, {7}})
	g, _ := learn.GaussianMLE{}.Fit(x)
	s2 := g.Cov().At(0, 0)
	fmt.Printf("μ̂ = %.2f, σ̂² = %.4f, σ̂ = √σ̂² = %.4f\n", g.Mean()[0], s2, math.Sqrt(s2))
	u, _ := learn.GaussianMLE{Unbiased: true}.Fit(x)
	fmt.Printf("unbiased s² = %.4f\n", u.Cov().At(0, 0))
	// Output:
	// μ̂ = 3.50, σ̂² = 5.2500, σ̂ = √σ̂² = 2.2913
	// unbiased s² = 7.0000
}

func ExampleMultivariateNormal() {
	g, _ := learn.NewMultivariateNormal([]float64{0, 0}, matrix.Identity(2), 0)
	near, _ := g.LogPdf([]float64{0, 0})
	far, _ := g.LogPdf([]float64{100, 100}) // its density underflows; its log does not
	p, _ := g.Pdf([]float64{100, 100})
	fmt.Printf("log f(0) = %.4f = −log 2π, log f(far) = %.1f, f(far) = %g\n", near, far, p)
	// Output: log f(0) = -1.8379 = −log 2π, log f(far) = -10001.8, f(far) = 0
}

func ExampleBayes() {
	x, _ := matrix.NewFromRows([][]float64{{0}, {1}, {2}, {1.5}, {4}, {5}, {6}, {5.5}})
	y := []int{0, 0, 0, 0, 1, 1, 1, 1}
	m, _ := learn.Bayes{Density: learn.SharedGaussDensity}.Fit(x, y)
	q, _ := matrix.NewFromRows([][]float64{{2.9}})
	post, _ := m.PredictProba(q)
	pred, _ := m.Predict(q)
	// Calling class 0 when the truth is class 1 now costs 10: the
	// decision argminᵢ Σⱼ L(αᵢ, Cⱼ) qⱼ moves to class 1.
	loss, _ := matrix.NewFromRows([][]float64{{0, 10}, {1, 0}})
	ml, _ := learn.Bayes{Density: learn.SharedGaussDensity, Loss: loss}.Fit(x, y)
	predL, _ := ml.Predict(q)
	fmt.Printf("q = %.3f, MAP %v, with the loss %v\n", post.Row(0), pred, predL)
	// Output: q = [0.838 0.162], MAP [0], with the loss [1]
}

func ExampleGaussianBayesError() {
	// Equal priors, N(0, 1) against N(2, 1): the error is Φ(−1).
	e, _ := learn.GaussianBayesError(0.5, 0, 1, 2, 1)
	fmt.Printf("%.6f %.6f\n", e, 0.5*math.Erfc(1/math.Sqrt2))
	// Output: 0.158655 0.158655
}

func ExampleKernelDensity() {
	x, _ := matrix.NewFromRows([][]float64{{0}, {0.3}, {0.45}, {2}})
	box, _ := learn.KernelDensity{Kernel: learn.BoxWindow, H: 1}.Fit(x)
	gauss, _ := learn.KernelDensity{H: 0.5}.Fit(x)
	q, _ := matrix.NewFromRows([][]float64{{0.2}, {1e3}})
	b, _ := box.Density(q)
	g, _ := gauss.LogDensity(q)
	fmt.Printf("box %.2f, log Gaussian %.4f and %.0f (far away, finite)\n", b, g[0], g[1])
	// Output: box [0.75 0.00], log Gaussian -0.5870 and -1992010 (far away, finite)
}

func ExampleGaussianMixture() {
	rng := rand.New(rand.NewPCG(1, 2))
	x := matrix.New(300, 2)
	for i := range 300 {
		c := float64(i % 2 * 6) // two blobs, at 0 and at 6
		x.Set(i, 0, c+rng.NormFloat64())
		x.Set(i, 1, c+rng.NormFloat64())
	}
	m, _ := learn.GaussianMixture{K: 2, Restarts: 3, Seed: 7}.Fit(x)
	lo := 0
	if m.Means.At(1, 0) < m.Means.At(0, 0) {
		lo = 1
	}
	fmt.Printf("weights %.2f, means near 0 and 6: %.1f %.1f, converged %v\n",
		m.Weights[lo], m.Means.Row(lo), m.Means.Row(1-lo), m.Converged)
	// Output: weights 0.50, means near 0 and 6: [0.0 -0.0] [6.0 6.0], converged true
}

func ExampleBetaBernoulli() {
	p, _ := learn.BetaBernoulli{A: 2, B: 2}.Update([]float64{1, 1, 1, 0, 1})
	fmt.Printf("Beta(%g, %g): MAP %.4f, mean %.4f, MLE %.4f\n", p.A, p.B, p.MAP, p.Mean, p.MLE)
	// Output: Beta(6, 3): MAP 0.7143, mean 0.6667, MLE 0.8000
}

func ExampleNormalMean() {
	p, _ := learn.NormalMean{Mu0: 0, Tau2: 1, Sigma2: 1}.Update([]float64{2, 2, 2})
	fmt.Printf("posterior N(%.2f, %.2f), MLE %.0f\n", p.Mean, p.Variance, p.MLE)
	// Output: posterior N(1.50, 0.25), MLE 2
}

func ExampleNormalInverseGamma() {
	// Unknown mean and variance. With eight observations near 4, the prior
	// mean 0 (one pseudo-observation) still pulls μ, and the conflict
	// between prior and data, κ₀n(x̄ − μ₀)²/(2κₙ) = 7.29 added to β,
	// inflates the variance far above the sample's.
	p, _ := learn.NormalInverseGamma{Mu0: 0, Kappa0: 1, Alpha0: 2, Beta0: 2}.Update([]float64{4.1, 3.8, 4.4, 3.9, 4.3, 4.0, 3.7, 4.2})
	fmt.Printf("μ: MAP %.3f, MLE %.3f; σ²: MAP %.3f, mean %.3f, MLE %.3f\n", p.MAPMean, p.MLEMean, p.MAPVar, p.MeanVar, p.MLEVar)
	// Output: μ: MAP 3.600, MLE 4.050; σ²: MAP 1.267, mean 1.900, MLE 0.053
}
