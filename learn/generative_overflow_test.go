package learn

import (
	"errors"
	"strings"
	"testing"

	"mlnotes/matrix"
)

// TestCovarianceOverflowNamed: data spread beyond about 1e154 have a
// covariance (or scatter) beyond float64; the Gaussian MLE, the Bayes
// classifier (full and shared), Fisher's LDA and the mixture say that it
// overflows, wrapping matrix.ErrNotFinite, and do not call it singular.
// Class means whose sums overflow are finite.
func TestCovarianceOverflowNamed(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{1e308, 1}, {1.7e308, 2}, {9e307, 0}, {1.5e308, 4},
		{-1e308, 1}, {-1.7e308, 3}, {-9e307, 0}, {-1.2e308, 2}})
	y := []int{0, 0, 0, 0, 1, 1, 1, 1}
	_, means, _ := classMeans(x, y)
	if err := means.CheckFinite(); err != nil {
		t.Errorf("class means: %v", err)
	}
	fits := map[string]func() error{
		"gaussian": func() error { _, err := GaussianMLE{}.Fit(x); return err },
		"bayes":    func() error { _, err := BayesClassifier{}.Fit(x, y); return err },
		"shared":   func() error { _, err := BayesClassifier{Density: SharedGaussDensity}.Fit(x, y); return err },
		"lda":      func() error { _, err := FisherLDA{}.Fit(x, y); return err },
		"gmm":      func() error { _, err := GaussianMixture{K: 2}.Fit(x); return err },
	}
	for name, fit := range fits {
		err := fit()
		if !errors.Is(err, matrix.ErrNotFinite) || !strings.Contains(err.Error(), "overflows") || strings.Contains(err.Error(), "singular") {
			t.Errorf("%s: %v", name, err)
		}
	}
}
