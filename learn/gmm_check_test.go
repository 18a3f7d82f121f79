package learn

import "testing"

// checkMonotoneEM checks every E-step of the kept restart: the penalized
// objective F that EM with Reg maximizes never decreases (up to rounding
// of its n-term sum, 1e-12 relative), and the mean log-likelihood ℓ̄ = F + c
// with c ∈ [lo, hi] (see GaussianMixture.Fit) never decreases by more than
// hiₜ − loₜ₊₁, the most c can fall.
func checkMonotoneEM(t *testing.T, m *GMMModel) {
	t.Helper()
	for i := 1; i < len(m.objective); i++ {
		a, b := m.objective[i-1], m.objective[i]
		round := 1e-12 * max(1, abs(a.penalized))
		if b.penalized < a.penalized-round {
			t.Errorf("EM step %d: penalized objective fell %.17g → %.17g", i, a.penalized, b.penalized)
		}
		if slack := max(0, a.hi-b.lo); b.ll < a.ll-slack-round {
			t.Errorf("EM step %d: log-likelihood fell %.17g → %.17g (allowed %.3g)", i, a.ll, b.ll, slack)
		}
	}
	if m.Trace != nil && len(m.Trace) != m.Iterations {
		t.Errorf("trace of %d values for %d iterations", len(m.Trace), m.Iterations)
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
