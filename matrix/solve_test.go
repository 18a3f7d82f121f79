package matrix

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestSolveInverseDetGolden(t *testing.T) {
	// An integer matrix with det 1 has an integer inverse:
	// A = [[1 2 3] [0 1 4] [5 6 0]], A⁻¹ = [[−24 18 5] [20 −15 −4] [−5 4 1]].
	a, _ := NewFromRows([][]float64{{1, 2, 3}, {0, 1, 4}, {5, 6, 0}})
	want, _ := NewFromRows([][]float64{{-24, 18, 5}, {20, -15, -4}, {-5, 4, 1}})
	kappa := Norm1(a) * Norm1(want) // κ₁ = 10·47
	tol := 10 * 3 * kappa * eps
	inv, err := Inverse(a)
	if err != nil {
		t.Fatal(err)
	}
	if d := relDiff(inv, want); d > tol {
		t.Errorf("Inverse: relative error %.3g > %.3g:\n%v", d, tol, inv)
	}
	if d, err := Det(a); err != nil || math.Abs(d-1) > tol {
		t.Errorf("Det = %v, %v; want 1", d, err)
	}
	// A X = I gives the inverse again; A x = A·(1, 2, 3) gives (1, 2, 3).
	b, _ := NewFromRows([][]float64{{14}, {14}, {17}})
	x, err := Solve(a, b)
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range []float64{1, 2, 3} {
		if math.Abs(x.At(i, 0)-w) > tol*3 {
			t.Errorf("Solve: x = %v, want (1, 2, 3)", x.Col(0))
		}
	}
}

func TestDetSpecialCases(t *testing.T) {
	singular, _ := NewFromRows([][]float64{{1, 2}, {2, 4}})
	if d, err := Det(singular); err != nil || d != 0 {
		t.Errorf("Det of an exactly singular matrix = %v, %v; want 0, nil", d, err)
	}
	if d, err := Det(New(3, 3)); err != nil || d != 0 {
		t.Errorf("Det of zero matrix = %v, %v", d, err)
	}
	huge := Diag([]float64{1e200, 1e200})
	if d, err := Det(huge); !errors.Is(err, ErrNotFinite) || !math.IsInf(d, 1) || !strings.Contains(err.Error(), "log|det|") {
		t.Errorf("Det overflowing: %v, %v", d, err)
	}
	tiny := Diag([]float64{1e-200, 1e-200})
	if d, err := Det(tiny); err != nil || d != 0 {
		t.Errorf("Det underflowing: %v, %v; want 0, nil", d, err)
	}
	one, _ := NewFromRows([][]float64{{-2.5}})
	if d, err := Det(one); err != nil || d != -2.5 {
		t.Errorf("Det 1×1 = %v, %v", d, err)
	}
}

func TestSolveInverseDetErrors(t *testing.T) {
	nan, _ := NewFromRows([][]float64{{1, math.NaN()}, {0, 1}})
	singular, _ := NewFromRows([][]float64{{1, 2}, {2, 4}})
	for _, c := range []struct {
		name string
		a    *Dense
		want error
	}{
		{"empty", New(0, 0), ErrEmpty},
		{"not square", New(2, 3), ErrNotSquare},
		{"NaN", nan, ErrNotFinite},
		{"singular", singular, ErrSingular},
	} {
		_, err := Solve(c.a, New(c.a.rows, 1))
		if !errors.Is(err, c.want) || !strings.HasPrefix(err.Error(), "matrix: solve: ") {
			t.Errorf("Solve %s: got %v, want %v", c.name, err, c.want)
		}
		_, err = Inverse(c.a)
		if !errors.Is(err, c.want) || !strings.HasPrefix(err.Error(), "matrix: inverse: ") {
			t.Errorf("Inverse %s: got %v, want %v", c.name, err, c.want)
		}
		if c.want == ErrSingular {
			continue // Det answers 0 for a singular matrix
		}
		_, err = Det(c.a)
		if !errors.Is(err, c.want) || !strings.HasPrefix(err.Error(), "matrix: det: ") {
			t.Errorf("Det %s: got %v, want %v", c.name, err, c.want)
		}
	}
	if _, err := Solve(Identity(3), New(2, 1)); !errors.Is(err, ErrShape) {
		t.Errorf("Solve with mismatched B: %v", err)
	}
	nanB, _ := NewFromRows([][]float64{{math.NaN()}, {1}})
	if _, err := Solve(Identity(2), nanB); !errors.Is(err, ErrNotFinite) || !strings.HasPrefix(err.Error(), "matrix: solve: ") {
		t.Errorf("Solve with NaN in B: %v", err)
	}
	hilbert12 := hilbertMatrix(12) // κ₁ ≈ 3.8e16 > 1/ε
	if _, err := Solve(hilbert12, New(12, 1)); !errors.Is(err, ErrSingular) {
		t.Errorf("Solve with Hilbert 12: %v", err)
	}
}
