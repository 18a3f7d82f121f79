package learn

import (
	"math"
	"testing"
)

// TestConjugateExtremes: posteriors whose naive sums overflow (observations
// near 1.8e308, a Beta prior near 1.8e308, τ²/σ² at the ends of float64)
// are the finite values of the closed forms, not ±Inf, NaN or 0.
func TestConjugateExtremes(t *testing.T) {
	rel := func(got, want float64) bool { return math.Abs(got-want) <= 8*eps*math.Abs(want) }
	p, err := NormalMean{Tau2: 1, Sigma2: 1}.Update([]float64{1e308, 1.7e308, 1.5e308})
	if err != nil || !rel(p.Mean, 0.75*1.4e308) || p.Variance != 0.25 || !rel(p.MLE, 1.4e308) {
		t.Errorf("huge observations: %+v, %v", p, err)
	}
	// τ² = 1e308, σ² = 1e-308: the data dominate, τₙ² = σ²/n (1 − tiny).
	p, err = NormalMean{Tau2: 1e308, Sigma2: 1e-308}.Update([]float64{0, 1, 2})
	if err != nil || !rel(p.Mean, 1) || !rel(p.Variance, 1e-308/3) {
		t.Errorf("dominant data: %+v, %v", p, err)
	}
	// τ² = 1e-320, σ² = 1e308: the prior dominates.
	p, err = NormalMean{Mu0: 2, Tau2: 1e-320, Sigma2: 1e308}.Update([]float64{5})
	if err != nil || p.Mean != 2 || p.Variance != 1e-320 {
		t.Errorf("dominant prior: %+v, %v", p, err)
	}
	b, err := BetaBernoulli{A: 1e308, B: 1e308}.Update([]float64{1})
	if err != nil || b.Mean != 0.5 || b.MAP != 0.5 {
		t.Errorf("Beta(1e308, 1e308): %+v, %v", b, err)
	}
	b, err = BetaBernoulli{A: 1.5e308, B: 0.5e308}.Update([]float64{1, 0})
	if err != nil || !rel(b.Mean, 0.75) || !rel(b.MAP, 0.75) {
		t.Errorf("Beta(1.5e308, 0.5e308): %+v, %v", b, err)
	}
}
