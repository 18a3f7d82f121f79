package learn

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

func randData(rng *rand.Rand, n, d int) *matrix.Dense {
	x := matrix.New(n, d)
	for i := range n {
		for j := range d {
			x.Set(i, j, rng.NormFloat64())
		}
	}
	return x
}

// TestPolynomialFeatureMap checks the notes' worked example (004, "Example
// of Kernel function"): (1 + xᵀy)² = φ(x)ᵀφ(y) with
// φ(x) = (1, x₁², x₂², √2x₁, √2x₂, √2x₁x₂).
func TestPolynomialFeatureMap(t *testing.T) {
	phi := func(x []float64) []float64 {
		s := math.Sqrt2
		return []float64{1, x[0] * x[0], x[1] * x[1], s * x[0], s * x[1], s * x[0] * x[1]}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20 {
		x := []float64{rng.NormFloat64(), rng.NormFloat64()}
		y := []float64{rng.NormFloat64(), rng.NormFloat64()}
		got := Polynomial(2).Eval(x, y)
		want := matrix.Dot(phi(x), phi(y))
		if math.Abs(got-want) > 16*0x1p-52*math.Max(1, math.Abs(want)) {
			t.Fatalf("k(x, y) = %v, φ(x)ᵀφ(y) = %v", got, want)
		}
	}
}

func TestGramMatchesEval(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	x := randData(rng, 150, 4) // above the parallel threshold
	y := randData(rng, 7, 4)
	for _, k := range []Kernel{Linear(), Polynomial(3), Gaussian(2), {Type: PolynomialKernel, Degree: 2, Gamma: 0.5, Coef0: -1}} {
		g, err := GramMatrix(k, x)
		if err != nil {
			t.Fatal(err)
		}
		c, err := CrossGram(k, y, x)
		if err != nil {
			t.Fatal(err)
		}
		for i := range x.Rows() {
			for j := range x.Rows() {
				want := k.Eval(x.Row(i), x.Row(j))
				// The Gram path forms ‖x−y‖² from norms and a dot product:
				// its error is a few ε times the norms, not times the distance.
				tol := 64 * 0x1p-52 * math.Max(1, math.Abs(want)) * (1 + k.Gamma*(g.At(i, i)+g.At(j, j)))
				if math.Abs(g.At(i, j)-want) > tol*10 || g.At(i, j) != g.At(j, i) {
					t.Fatalf("%v: K[%d,%d] = %v, k(xᵢ, xⱼ) = %v", k, i, j, g.At(i, j), want)
				}
			}
		}
		for i := range y.Rows() {
			for j := range x.Rows() {
				want := k.Eval(y.Row(i), x.Row(j))
				if math.Abs(c.At(i, j)-want) > 1e-12*math.Max(1, math.Abs(want)) {
					t.Fatalf("%v: cross K[%d,%d] = %v, want %v", k, i, j, c.At(i, j), want)
				}
			}
		}
	}
}

func TestKernelErrors(t *testing.T) {
	x := matrix.New(3, 2)
	for _, k := range []Kernel{Polynomial(0), Gaussian(0), Gaussian(-1), {Type: "sigmoid"}} {
		if _, err := GramMatrix(k, x); !errors.Is(err, ErrInvalidParameter) {
			t.Errorf("%+v: got %v, want ErrInvalidParameter", k, err)
		}
	}
	x.Set(1, 1, math.NaN())
	if _, err := GramMatrix(Linear(), x); !errors.Is(err, matrix.ErrNotFinite) {
		t.Errorf("NaN: got %v", err)
	}
	if _, err := CrossGram(Linear(), matrix.New(2, 3), matrix.New(2, 2)); !errors.Is(err, matrix.ErrShape) {
		t.Errorf("widths: got %v", err)
	}
	if _, err := GramMatrix(Linear(), matrix.New(0, 2)); !errors.Is(err, matrix.ErrEmpty) {
		t.Errorf("empty: got %v", err)
	}
}
