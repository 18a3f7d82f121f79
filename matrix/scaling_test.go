package matrix

import (
	"math"
	"testing"
)

// TestScaleExponent: 2ᵏ·max|aᵢⱼ| lands in [1/2, 1) over the whole float64
// range, subnormals and the largest finite number included, and ScalePow2
// applies and undoes it exactly.
func TestScaleExponent(t *testing.T) {
	for _, x := range []float64{5e-324, 1e-310, 0x1p-1022, 1, 3, 1e308, math.MaxFloat64} {
		a, _ := NewFromRows([][]float64{{x, -x / 2}, {0, x / 4}})
		k := ScaleExponent(a)
		w := ScalePow2(k, a)
		if m := NormMax(w); m < 0.5 || m >= 1 {
			t.Errorf("max|aᵢⱼ| = %g: 2^%d·max = %g, not in [1/2, 1)", x, k, m)
		}
		if back := ScalePow2(-k, w); back.At(0, 0) != x {
			t.Errorf("max|aᵢⱼ| = %g: 2^%d then 2^%d gives %g", x, k, -k, back.At(0, 0))
		}
	}
	if k := ScaleExponent(New(2, 2)); k != 0 {
		t.Errorf("zero matrix: k = %d, want 0", k)
	}
}

// TestNormOffDiag: off(A) with entries near both thresholds, where the
// plain sum of squares overflows or underflows; the diagonal is ignored.
func TestNormOffDiag(t *testing.T) {
	for _, s := range []float64{1, 1e300, 1e-300, 1e-320} {
		a, _ := NewFromRows([][]float64{{7 * s, 3 * s, 0}, {0, 9 * s, 4 * s}, {0, 0, 1e308}})
		want := 5 * s
		if got := NormOffDiag(a); math.Abs(got-want) > 4*eps*want+0x1p-1074*4 {
			t.Errorf("scale %g: off(A) = %g, want %g", s, got, want)
		}
	}
	if got := NormOffDiag(New(3, 2)); got != 0 {
		t.Errorf("zero 3×2: %g", got)
	}
	inf, _ := NewFromRows([][]float64{{0, math.Inf(1)}, {1, 0}})
	if got := NormOffDiag(inf); !math.IsInf(got, 1) {
		t.Errorf("with +Inf: %g, want +Inf", got)
	}
}
