package learn

import (
	"errors"
	"math"
	"testing"

	"mlnotes/matrix"
)

// TestScaleGammaDefault checks the zero-value γ of a Gaussian SVM: the
// fitted model holds 1/(d·Var(X)) (the eight entries have mean 13/8 and
// Σ(v − mean)² = 9.375), and the model
// is the one fitted with that γ given explicitly, to the bit.
func TestScaleGammaDefault(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{0, 1}, {2, 3}, {0.5, 1}, {2.5, 3}})
	y := []int{0, 1, 0, 1}
	g, err := ScaleGamma(x)
	if err != nil {
		t.Fatal(err)
	}
	// Var of {0,1,2,3,0.5,1,2.5,3}: mean 13/8, Σ(v−m)² = 9.375, /8.
	want := 1 / (2 * (9.375 / 8))
	if math.Abs(g-want) > 4*0x1p-52*want {
		t.Fatalf("ScaleGamma = %.17g, want %.17g", g, want)
	}
	m, err := SVM{Kernel: Kernel{Type: GaussianKernel}}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if m.Kernel.Gamma != g {
		t.Fatalf("model γ = %g, ScaleGamma %g", m.Kernel.Gamma, g)
	}
	e, err := SVM{Kernel: Kernel{Type: GaussianKernel, Gamma: g}}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	d1, _ := m.DecisionFunction(x)
	d2, _ := e.DecisionFunction(x)
	for i := range x.Rows() {
		if d1.At(i, 0) != d2.At(i, 0) {
			t.Fatalf("row %d: %v with the default γ, %v with it given", i, d1.At(i, 0), d2.At(i, 0))
		}
	}
	r, err := SVM{Type: EpsSVR, Kernel: Kernel{Type: GaussianKernel}}.FitRegression(x, []float64{0, 1, 0.2, 1.1})
	if err != nil || r.Kernel.Gamma != g {
		t.Fatalf("regressor: γ %v, err %v; want %g", r.Kernel.Gamma, err, g)
	}
}

// TestScaleGammaEdges: a constant matrix gives γ = 1; entries near 10¹²⁰
// give the exact power-of-four rescaling of the γ of the scaled data;
// entries near 10³⁰¹, whose γ underflows, are a named error.
func TestScaleGammaEdges(t *testing.T) {
	c, _ := matrix.NewFromRows([][]float64{{3, 3}, {3, 3}})
	if g, err := ScaleGamma(c); err != nil || g != 1 {
		t.Fatalf("constant: %v, %v; want 1", g, err)
	}
	small, _ := matrix.NewFromRows([][]float64{{0, 1}, {2, 3}})
	big := matrix.ScalePow2(1000, small)
	gs, _ := ScaleGamma(small)
	mid := matrix.ScalePow2(400, small)
	gm, err := ScaleGamma(mid)
	if err != nil || gm != math.Ldexp(gs, -800) {
		t.Fatalf("2⁴⁰⁰·X: %v, %v; want %v", gm, err, math.Ldexp(gs, -800))
	}
	if _, err := ScaleGamma(big); !errors.Is(err, matrix.ErrNotFinite) {
		t.Fatalf("2¹⁰⁰⁰·X: %v, want ErrNotFinite", err)
	}
}
