package live

import (
	"math"
	"testing"

	"mlnotes/learn"
	"mlnotes/matrix"
)

// Two centred orthogonal columns of norms 3 and 1/2: ΦcᵀΦc + λI =
// diag(9 + λ, 1/4 + λ), so κ₂ = (9 + λ)/(1/4 + λ).
func TestRidgeCondition(t *testing.T) {
	x, err := matrix.NewFromSlice(4, 2, []float64{1.5, 0.25, -1.5, 0.25, 1.5, -0.25, -1.5, -0.25})
	if err != nil {
		t.Fatal(err)
	}
	for _, lambda := range []float64{0, 1e-3, 10} {
		got, err := ridgeCondition(learn.Basis{}, x, lambda)
		want := (9 + lambda) / (0.25 + lambda)
		if err != nil || math.Abs(got-want) > 16*0x1p-52*want { // an SVD of a 4×2 matrix: a few ulps
			t.Errorf("λ = %g: κ = %v (%v), want %v", lambda, got, err, want)
		}
	}
}

// The watch records the largest κ₂ of the Vandermonde matrices and leaves
// the fit alone.
func TestConditionWatch(t *testing.T) {
	x, _ := matrix.NewFromSlice(5, 1, []float64{0, 0.25, 0.5, 0.75, 1})
	y := []float64{1, 0, 2, 1, 3}
	w := &conditionWatch{degree: 2}
	m1, err := w.wrap(learn.VandermondeFit(2)).FitRegressor(x, y)
	if err != nil {
		t.Fatal(err)
	}
	m2, _ := learn.VandermondeFit(2).FitRegressor(x, y)
	p1, _ := m1.Predict(x)
	p2, _ := m2.Predict(x)
	for i := range p1 {
		if p1[i] != p2[i] {
			t.Fatalf("the watched fit predicts %v, the fit %v", p1, p2)
		}
	}
	v, _ := matrix.NewFromSlice(5, 3, []float64{1, 0, 0, 1, 0.25, 0.0625, 1, 0.5, 0.25, 1, 0.75, 0.5625, 1, 1, 1})
	if k, _ := matrix.Cond(v); w.worst != k {
		t.Errorf("worst κ %v, want %v", w.worst, k)
	}
}
