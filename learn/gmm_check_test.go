package learn

import "testing"

// checkMonotoneEM checks every EM iteration of the kept restart against
// the bound of GaussianMixture.Fit: the mean log-likelihood falls from one
// step to the next by no more than Σₖ (Nₖ/n)(r/2)(tr Σₖ⁻¹ before − after)
// (zero without regularization, or when no covariance grows), plus the
// rounding of an n-term mean (1e-12 relative).
func checkMonotoneEM(t *testing.T, m *GMMModel) {
	t.Helper()
	for i := 1; i < len(m.steps); i++ {
		a, b := m.steps[i-1], m.steps[i]
		round := 1e-12 * max(1, abs(a.ll))
		if bound := emDropBound(a, b); b.ll < a.ll-bound-round {
			t.Errorf("EM step %d: log-likelihood fell %.17g → %.17g, more than the bound %.3g", i, a.ll, b.ll, bound)
		}
	}
	if m.LogLikelihoods != nil && len(m.LogLikelihoods) != m.Iterations {
		t.Errorf("trace of %d values for %d iterations", len(m.LogLikelihoods), m.Iterations)
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
