package learn

import (
	"errors"
	"math"
	"testing"

	"mlnotes/matrix"
)

// TestEpsilonZero: Epsilon = Zero (any negative value) asks the ε-SVR for
// ε = 0 where the zero value gives the default 0.1. With ε = 0 there is no
// tube: on exactly linear data the linear SVR with a large C interpolates,
// and the machine is the one with the tiniest ε > 0 (ε vanishes in every
// pᵢ = ε ∓ yᵢ), to the solver's tolerance.
func TestEpsilonZero(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{0}, {1}, {2}, {3}, {4}, {5}})
	y := []float64{1, 3, 5, 7, 9, 11}
	zero, err := SVM{Type: EpsSVR, C: 1000, Epsilon: Zero, Tol: 1e-10}.FitRegression(x, y)
	if err != nil {
		t.Fatal(err)
	}
	tiny, err := SVM{Type: EpsSVR, C: 1000, Epsilon: math.SmallestNonzeroFloat64, Tol: 1e-10}.FitRegression(x, y)
	if err != nil {
		t.Fatal(err)
	}
	def, err := SVM{Type: EpsSVR, C: 1000, Tol: 1e-10}.FitRegression(x, y)
	if err != nil {
		t.Fatal(err)
	}
	fz, _ := zero.Predict(x)
	ft, _ := tiny.Predict(x)
	fd, _ := def.Predict(x)
	worst, worstDef := 0.0, 0.0
	for i := range y {
		if math.Abs(fz[i]-ft[i]) > 1e-9 {
			t.Errorf("row %d: ε = Zero gives %v, ε = 5e-324 gives %v", i, fz[i], ft[i])
		}
		worst = max(worst, math.Abs(fz[i]-y[i]))
		worstDef = max(worstDef, math.Abs(fd[i]-y[i]))
	}
	// Stopping at KKT violation Tol leaves residuals of that order.
	if worst > 1e-8 {
		t.Errorf("ε = 0 leaves residuals up to %g on linear data", worst)
	}
	if worstDef < 0.05 {
		t.Errorf("the default ε = 0.1 should leave residuals near 0.1, got %g", worstDef)
	}
	for _, bad := range []float64{math.NaN(), math.Inf(-1), math.Inf(1)} {
		if _, err := (SVM{Type: EpsSVR, Epsilon: bad}).FitRegression(x, y); !errors.Is(err, ErrInvalidParameter) {
			t.Errorf("ε = %v: %v", bad, err)
		}
	}
}
