package learn

import (
	"errors"
	"strings"
	"testing"

	"mlnotes/matrix"
)

// TestNormalEquationsOverflow: features whose products overflow make the
// normal equations (ridge, linreg -solver normal) fail with
// matrix.ErrNotFinite naming the overflow, not a rank problem; QR and the
// SVD solve the same data; a truly singular case still names the rank.
func TestNormalEquationsOverflow(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{1e300, 1}, {-1e300, 2}, {5e299, 0}, {-2e299, 1}})
	y := []float64{1, 2, 3, 4}
	for _, fit := range []func() error{
		func() error { _, err := Ridge{Lambda: 1}.Fit(x, y); return err },
		func() error { _, err := Ridge{Lambda: 1, PenalizeIntercept: true}.Fit(x, y); return err },
		func() error { _, err := LinearRegression{Solver: SolverNormal}.Fit(x, y); return err },
	} {
		err := fit()
		if !errors.Is(err, matrix.ErrNotFinite) || !strings.Contains(err.Error(), "overflows") || strings.Contains(err.Error(), "rank") {
			t.Errorf("got %v, want an overflow of AᵀA", err)
		}
	}
	for _, s := range []LSSolver{SolverQR, SolverSVD} {
		m, err := LinearRegression{Solver: s}.Fit(x, y)
		if err != nil {
			t.Errorf("%s: %v", s, err)
			continue
		}
		if p, err := m.Predict(x); err != nil || matrix.VecFinite(p) != nil {
			t.Errorf("%s: predictions %v, %v", s, p, err)
		}
	}
	c, _ := matrix.NewFromRows([][]float64{{1}, {1}, {1}})
	if _, err := (Ridge{}).Fit(c, []float64{1, 2, 3}); !errors.Is(err, matrix.ErrNotSPD) || !strings.Contains(err.Error(), "λ = 0 needs full column rank") {
		t.Errorf("λ = 0, constant column: %v", err)
	}
	if _, err := (LinearRegression{}).Fit(c, []float64{1, 2, 3}); err == nil || !strings.Contains(err.Error(), "use the svd solver") {
		t.Errorf("qr, constant column: %v", err)
	}
}

// TestLinearRegressionWeightsOverflow: subnormal features whose
// least-squares weights would be about 1e320 are an error wrapping
// matrix.ErrNotFinite for every solver, never a model with infinite
// weights; the same data scaled by 2¹⁰⁶⁰ fit.
func TestLinearRegressionWeightsOverflow(t *testing.T) {
	rows := [][]float64{{1, 0}, {0, 1}, {-1, 3}, {2, -1}, {1, 0.5}}
	y := []float64{0, 1, 0, 1, 0.5}
	x, _ := matrix.NewFromRows(rows)
	tiny := matrix.ScalePow2(-1060, x)
	for _, s := range []LSSolver{SolverQR, SolverSVD, SolverNormal} {
		m, err := (LinearRegression{Solver: s}).Fit(tiny, y)
		if s == SolverNormal && errors.Is(err, matrix.ErrNotSPD) && strings.Contains(err.Error(), "underflows") && !strings.Contains(err.Error(), "svd solver") {
			continue // AᵀA underflows to 0 first
		}
		if !errors.Is(err, matrix.ErrNotFinite) {
			t.Errorf("%s: model %v, error %v", s, m, err)
		}
	}
	for _, s := range []LSSolver{SolverQR, SolverSVD, SolverNormal} {
		if _, err := (LinearRegression{Solver: s}).Fit(x, y); err != nil {
			t.Errorf("%s at scale 1: %v", s, err)
		}
	}
}
