package learn

import "math"

// Small numerical pieces shared by the probabilistic learners (logistic and
// softmax regression, the Bayes classifier, mixtures, networks): sums of
// exponentials computed in log space so that they neither overflow nor
// underflow to a log of zero.

// logSumExp returns log Σᵢ exp(vᵢ) without overflow: the largest term is
// factored out, log Σ exp(vᵢ) = m + log Σ exp(vᵢ − m). All −∞ gives −∞; a +∞
// term gives +∞.
func logSumExp(v []float64) float64 {
	m := math.Inf(-1)
	for _, t := range v {
		m = max(m, t)
	}
	if math.IsInf(m, 0) {
		return m
	}
	var s float64
	for _, t := range v {
		s += math.Exp(t - m)
	}
	return m + math.Log(s)
}

// softplus returns log(1 + eᶻ), the logistic loss −log σ(−z), without
// overflow for large z or loss of accuracy for very negative z.
func softplus(z float64) float64 {
	if z > 0 {
		return z + math.Log1p(math.Exp(-z))
	}
	return math.Log1p(math.Exp(z))
}

// argmax returns the index of the largest entry, the first one on ties.
func argmax(v []float64) int {
	best := 0
	for i, x := range v {
		if x > v[best] {
			best = i
		}
	}
	return best
}
