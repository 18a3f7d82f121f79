package learn

import (
	"errors"
	"strings"
	"testing"

	"mlnotes/matrix"
	"mlnotes/optimize"
)

// TestHugeInputsNamed: inputs near 1e308 make the first loss or gradient
// of logistic regression and of the networks overflow before any step; the
// error wraps matrix.ErrNotFinite and says to scale the data, not to lower
// the learning rate.
func TestHugeInputsNamed(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{1e308, 1}, {-1.7e308, 2}, {9e307, 0}, {-1.5e308, 4}})
	y := []int{0, 1, 0, 1}
	yr := []float64{1, 2, 3, 4}
	for name, fit := range map[string]func() error{
		"logreg":      func() error { _, err := LogisticRegression{Lambda: 1}.Fit(x, y); return err },
		"mlp":         func() error { _, err := MLP{Hidden: []int{3}}.Fit(x, y); return err },
		"mlp-reg":     func() error { _, err := MLP{Hidden: []int{3}}.FitRegression(x, yr); return err },
		"autoencoder": func() error { _, err := Autoencoder{Hidden: 2}.Fit(x); return err },
	} {
		err := fit()
		if !errors.Is(err, matrix.ErrNotFinite) || !strings.Contains(err.Error(), "scale them") || strings.Contains(err.Error(), "learning rate") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestEpochLossNearOverflow: mini-batch losses near 1.8e308 (a sparse
// penalty β = 1e308) average to a finite epoch loss; the sum Σ f_B·|B|
// alone would overflow.
func TestEpochLossNearOverflow(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{0, 0.5}, {1, 0.2}, {0.3, 1.1}, {1.2, 1.4}})
	m, err := Autoencoder{Hidden: 2, Type: AutoencoderSparse, Rho: 0.05, Beta: 1e308, Training: Training{Adam: &optimize.AdamSettings{Epochs: 2, BatchSize: 4}}}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if err := matrix.VecFinite(m.History.Loss); err != nil || m.History.Loss[0] < 1e307 {
		t.Errorf("epoch losses %v: %v", m.History.Loss, err)
	}
}
