package learn

import (
	"errors"
	"math"
	"testing"

	"mlnotes/matrix"
)

// TestBiasVariance: error = σ² + bias² + variance at every test point to
// rounding (a few ε of the error), and the trade-off of the notes: the
// straight line is biased (a sine is not a line), degree 9 on 25 points
// has a large variance, the cubic is better than both. (Neither term is
// monotone in the degree: a line's fit depends on where the random xᵢ
// fall, and degree 9 extrapolates wildly near the ends, biasing the mean.)
func TestBiasVariance(t *testing.T) {
	bv := BiasVariance{Sigma: 0.3, N: 25, Trials: 150, Seed: 5}
	var res []*BiasVarianceResult
	for _, deg := range []int{1, 3, 9} {
		r, err := bv.Run(VandermondeFit(deg))
		if err != nil {
			t.Fatal(err)
		}
		for j := range r.Test {
			if math.Abs(r.Error[j]-(r.Noise+r.Bias2[j]+r.Variance[j])) > 16*eps*r.Error[j] {
				t.Fatalf("degree %d, x₀ = %v: error %v ≠ σ² + bias² + variance %v", deg, r.Test[j], r.Error[j], r.Noise+r.Bias2[j]+r.Variance[j])
			}
		}
		if r.Noise != 0.09 {
			t.Errorf("noise %v, want σ² = 0.09", r.Noise)
		}
		res = append(res, r)
	}
	if !(res[0].MeanBias2 > 10*res[1].MeanBias2 && res[2].MeanVariance > 10*res[1].MeanVariance &&
		res[1].MeanError < res[0].MeanError && res[1].MeanError < res[2].MeanError) {
		t.Errorf("degrees 1, 3, 9: bias² %v %v %v, variance %v %v %v", res[0].MeanBias2, res[1].MeanBias2, res[2].MeanBias2,
			res[0].MeanVariance, res[1].MeanVariance, res[2].MeanVariance)
	}
	// Degree 1 on a straight line without noise: no bias, no variance.
	line := BiasVariance{F: func(x float64) float64 { return 2 - 3*x }, N: 5, Trials: 3}
	r, err := line.Run(VandermondeFit(1))
	if err != nil || r.MeanBias2 > 1e-24 || r.MeanVariance > 1e-24 {
		t.Errorf("exact line: %v bias² %v variance %v", err, r.MeanBias2, r.MeanVariance)
	}
	if _, err := (BiasVariance{Trials: 1}).Run(VandermondeFit(1)); err == nil {
		t.Error("one trial accepted")
	}
}

// TestVandermondeFit: a cubic is recovered from exact samples.
func TestVandermondeFit(t *testing.T) {
	x := col(-1, -0.5, 0, 0.5, 1, 2)
	y := make([]float64, 6)
	for i := range y {
		v := x.At(i, 0)
		y[i] = 1 - 2*v + 0.5*v*v*v
	}
	m, err := VandermondeFit(3).FitRegressor(x, y)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := m.Predict(col(3))
	if math.Abs(p[0]-8.5) > 1e-12 {
		t.Errorf("p(3) = %v, want 8.5", p[0])
	}
	if _, err := VandermondeFit(2).FitRegressor(matrix.New(3, 2), []float64{1, 2, 3}); err == nil {
		t.Error("two columns accepted")
	}
}

// TestBiasVarianceNoiseRange: a σ whose square overflows is refused
// (the noise term σ² of the decomposition would be +Inf).
func TestBiasVarianceNoiseRange(t *testing.T) {
	if _, err := (BiasVariance{Sigma: 1e155, N: 5, Trials: 2}).Run(VandermondeFit(1)); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("σ = 1e155: %v", err)
	}
}
