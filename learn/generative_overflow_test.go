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
		"bayes":    func() error { _, err := Bayes{}.Fit(x, y); return err },
		"shared":   func() error { _, err := Bayes{Density: SharedGaussDensity}.Fit(x, y); return err },
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

// TestCovarianceUnderflowNamed: features near 1e-320 have variances that
// underflow to 0; the singular-covariance errors of the Gaussian MLE and
// LDA then name the underflow among the causes, and a truly constant
// feature beside a varying one does not.
func TestCovarianceUnderflowNamed(t *testing.T) {
	tiny, _ := matrix.NewFromRows([][]float64{{1e-320, 0}, {0, 2e-320}, {-1e-320, 1e-320}, {3e-320, 0}})
	y := []int{0, 1, 0, 1}
	_, err1 := GaussianMLE{}.Fit(tiny)
	_, err2 := FisherLDA{}.Fit(tiny, y)
	for _, err := range []error{err1, err2} {
		if !errors.Is(err, matrix.ErrNotSPD) || !strings.Contains(err.Error(), "underflow") {
			t.Errorf("tiny features: %v", err)
		}
	}
	c, _ := matrix.NewFromRows([][]float64{{1, 0}, {1, 2}, {1, 1}, {1, 3}})
	if _, err := (GaussianMLE{}).Fit(c); !errors.Is(err, matrix.ErrNotSPD) || strings.Contains(err.Error(), "underflow") {
		t.Errorf("constant feature: %v", err)
	}
}
