package matrix

import (
	"errors"
	"math"
	"testing"
)

func TestNormsClosedForm(t *testing.T) {
	// A = [[1 −2 3] [−4 5 −6]]: column sums 5, 7, 9; row sums 6, 15;
	// Σ a² = 91; trace of the leading 2×2 = 6.
	a, _ := NewFromRows([][]float64{{1, -2, 3}, {-4, 5, -6}})
	for name, c := range map[string][2]float64{
		"Frobenius": {NormFrobenius(a), math.Sqrt(91)},
		"1":         {Norm1(a), 9},
		"Inf":       {NormInf(a), 15},
		"Max":       {NormMax(a), 6},
	} {
		if math.Abs(c[0]-c[1]) > 2*eps*c[1] {
			t.Errorf("‖A‖_%s = %v, want %v", name, c[0], c[1])
		}
	}
	if tr, err := Trace(a.Slice(0, 2, 0, 2)); err != nil || tr != 6 {
		t.Errorf("Trace = %v, %v", tr, err)
	}
	if _, err := Trace(a); !errors.Is(err, ErrNotSquare) {
		t.Errorf("Trace of 2×3: %v", err)
	}
	// ‖Aᵀ‖₁ = ‖A‖∞ and the Frobenius norm of a view.
	if Norm1(a.T()) != NormInf(a) || math.Abs(NormFrobenius(a.Slice(1, 2, 0, 3))-math.Sqrt(77)) > 4*eps*math.Sqrt(77) {
		t.Error("norm identities")
	}
	// Empty matrices have norm 0.
	if NormFrobenius(New(0, 3)) != 0 || Norm1(New(3, 0)) != 0 || NormInf(New(0, 0)) != 0 {
		t.Error("norms of empty matrices")
	}
}

func TestNormsExtremeScales(t *testing.T) {
	// The Frobenius norm of c·[[3 4] [0 0]] is 5c without overflow or
	// underflow, for c from the subnormal range to near the maximum.
	for _, c := range []float64{5e-324 * 1e3, 1e-300, 1, 1e300, math.MaxFloat64 / 8} {
		a, _ := NewFromRows([][]float64{{3 * c, 4 * c}, {0, 0}})
		got := NormFrobenius(a)
		// Subnormal inputs carry an absolute error of half the smallest
		// subnormal in 3c and 4c themselves.
		tol := 4*eps*5*c + 2*5e-324
		if math.Abs(got-5*c) > tol {
			t.Errorf("‖A‖_F at scale %g = %g, want %g", c, got, 5*c)
		}
	}
	nan, _ := NewFromRows([][]float64{{1, math.NaN()}})
	if !math.IsNaN(NormFrobenius(nan)) || !math.IsNaN(NormMax(nan)) {
		t.Error("NaN does not propagate through the norms")
	}
}

func TestNrm2(t *testing.T) {
	for _, c := range []struct {
		name string
		x    []float64
		want float64
	}{
		{"empty", nil, 0},
		{"zeros", []float64{0, 0, 0}, 0},
		{"3-4-5", []float64{3, -4}, 5},
		{"huge", []float64{3e300, 4e300}, 5e300},
		{"near max", []float64{math.MaxFloat64 / 2, math.MaxFloat64 / 2}, math.MaxFloat64 / math.Sqrt2},
		{"tiny", []float64{3e-300, 4e-300}, 5e-300},
		{"subnormal", []float64{3 * 0x1p-1074, 4 * 0x1p-1074}, 5 * 0x1p-1074},
		{"mixed scales", []float64{1e-300, 1e300, 1e-300}, 1e300},
		{"ones", []float64{1, 1, 1, 1}, 2},
	} {
		got := Nrm2(c.x)
		if math.Abs(got-c.want) > 4*eps*c.want {
			t.Errorf("Nrm2(%s) = %g, want %g", c.name, got, c.want)
		}
	}
	if !math.IsInf(Nrm2([]float64{1, math.Inf(-1)}), 1) || !math.IsNaN(Nrm2([]float64{math.NaN(), 1})) {
		t.Error("Nrm2 of Inf or NaN")
	}
}

func TestLevel1(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5}
	y := []float64{5, 4, 3, 2, 1}
	if d := Dot(x, y); d != 35 {
		t.Errorf("Dot = %v, want 35", d)
	}
	if Dot(nil, nil) != 0 || Asum([]float64{-1, 2, -3}) != 6 {
		t.Error("Dot of empty or Asum")
	}
	Axpy(2, x, y) // y = 2x + y = (7, 8, 9, 10, 11)
	for i, v := range y {
		if v != float64(7+i) {
			t.Fatalf("Axpy: y = %v", y)
		}
	}
	Axpy(0, []float64{math.NaN(), 0, 0, 0, 0}, y) // α = 0 leaves y untouched
	ScaleVec(-1, x)
	if x[4] != -5 || math.IsNaN(y[0]) {
		t.Errorf("ScaleVec or Axpy with α = 0: x = %v, y = %v", x, y)
	}
	mustPanic(t, "Dot of different lengths", func() { Dot(x, y[:2]) })
	mustPanic(t, "Axpy of different lengths", func() { Axpy(1, x, y[:2]) })
	if err := VecFinite([]float64{0, math.NaN()}); !errors.Is(err, ErrNotFinite) {
		t.Errorf("VecFinite: %v", err)
	}
	if VecFinite(x) != nil {
		t.Error("VecFinite of a finite vector")
	}
}

// NormMax on the bit patterns agrees with the comparison of values:
// negatives, −0, subnormals, ±Inf and NaN (which must win), odd widths.
func TestNormMaxBitPatterns(t *testing.T) {
	naive := func(a *Dense) float64 {
		var m float64
		for i := range a.rows {
			for _, v := range a.Row(i) {
				if av := math.Abs(v); av > m || math.IsNaN(av) {
					m = av
				}
			}
		}
		return m
	}
	special := []float64{math.Copysign(0, -1), 5e-324, -2.5e-310, -7, 3, math.Inf(1), math.Inf(-1), math.NaN(), -1e308}
	for w := 1; w <= 5; w++ {
		for s := range special {
			a := New(3, w)
			for i := range a.data {
				a.data[i] = float64(i%5) - 2.5
			}
			a.data[(s*7)%len(a.data)] = special[s]
			got, want := NormMax(a), naive(a)
			if got != want && !(math.IsNaN(got) && math.IsNaN(want)) {
				t.Errorf("width %d, special %v: NormMax %v, want %v", w, special[s], got, want)
			}
		}
	}
	if NormMax(New(2, 3)) != 0 || NormMax(nil) != 0 {
		t.Error("zero or nil matrix")
	}
}
