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

// TestOverflowWhereTheAnswerFits: issue 13, item 21. QR of
// [[1e308, 1e308], [1e308, −1e308]] (|R₁₁| = √2·1e308) gave −Inf and NaN;
// pinv and lstsq of an invertible 3×3 with entries ±1e308 gave zeros (σ₁
// overflowed and the rank became 0); lstsq of diag(1e-320) gave +Inf. The
// factorizations now work on 2ᵏA and the solves on 2ʲB (LAPACK's dlascl),
// so whatever fits in float64 comes out right: to a few ε relative, the
// size of the rounding of these well-conditioned problems (κ₂ = 2 for the
// 3×3 pattern [[1,−1,1],[1,1,−1],[−1,1,1]]).
func TestOverflowWhereTheAnswerFits(t *testing.T) {
	a, _ := NewFromRows([][]float64{{1e308, 1e308}, {1e308, -1e308}})
	f, err := FactorizeQR(a)
	if err != nil {
		t.Fatal(err)
	}
	r, q := f.R(), f.Q()
	if err := r.CheckFinite(); err != nil {
		t.Fatalf("R = %v: %v", r, err)
	}
	if want := math.Sqrt2 * 1e308; math.Abs(math.Abs(r.At(0, 0))-want) > 4*eps*want || math.Abs(math.Abs(r.At(1, 1))-want) > 4*eps*want {
		t.Errorf("R = %v, want |r₁₁| = |r₂₂| = %g", r, want)
	}
	// A = QR, checked on the scaled side (A·2⁻¹⁰²⁴ and R·2⁻¹⁰²⁴ fit).
	qr, _ := Mul(q, ScalePow2(-1024, r))
	if d, _ := Sub(qr, ScalePow2(-1024, a)); NormMax(d) > 8*eps*NormMax(ScalePow2(-1024, a)) {
		t.Errorf("‖QR − A‖ too large: %v", d)
	}

	pattern := [][]float64{{1, -1, 1}, {1, 1, -1}, {-1, 1, 1}}
	big := New(3, 3)
	for i, row := range pattern {
		for j, v := range row {
			big.Set(i, j, v*1e308)
		}
	}
	x0 := []float64{0.25, -0.5, 0.125}
	rhs, _ := MulVec(big, x0) // entries ±0.875e308 at most: they fit
	b := New(3, 1)
	b.SetCol(0, rhs)
	x, rank, err := LeastSquares(big, b, 0)
	if err != nil || rank != 3 {
		t.Fatalf("lstsq ±1e308: rank %d, %v", rank, err)
	}
	for i, want := range x0 {
		if math.Abs(x.At(i, 0)-want) > 8*eps {
			t.Errorf("lstsq ±1e308: x = %v, want %v", x.Col(0), x0)
			break
		}
	}
	qf, _ := FactorizeQR(big)
	if xq, err := qf.LeastSquares(b); err != nil || math.Abs(xq.At(2, 0)-x0[2]) > 8*eps {
		t.Errorf("QR least squares ±1e308: %v, %v", xq, err)
	}
	p, err := PseudoInverse(big)
	if err != nil {
		t.Fatal(err)
	}
	// A⁺A = I, on the scaled side: (2¹⁰²⁰A⁺)(2⁻¹⁰²⁰A).
	pa, _ := Mul(ScalePow2(1020, p), ScalePow2(-1020, big))
	if d, _ := Sub(pa, Identity(3)); NormMax(d) > 16*eps {
		t.Errorf("pinv ±1e308: A⁺A − I = %v", d)
	}
	if c, err := Cond(big); err != nil || math.Abs(c-2) > 8*eps {
		t.Errorf("cond ±1e308: %v, %v; want 2", c, err)
	}
	if rk, _ := Rank(big); rk != 3 {
		t.Errorf("rank ±1e308: %d", rk)
	}

	tiny := Diag([]float64{1e-320, 1e-320})
	bt := New(2, 1)
	bt.SetCol(0, []float64{1e-320, 1e-320})
	xt, rank, err := LeastSquares(tiny, bt, 0)
	if err != nil || rank != 2 || math.Abs(xt.At(0, 0)-1) > 4*eps || math.Abs(xt.At(1, 0)-1) > 4*eps {
		t.Errorf("lstsq diag(1e-320): x = %v, rank %d, %v; want (1, 1)", xt, rank, err)
	}
}

// CheckedScaleExponent gives ScaleExponent's k for finite matrices and
// CheckFinite's error, naming the entry, for the others.
func TestCheckedScaleExponent(t *testing.T) {
	for _, v := range []float64{0, 5e-324, 3, -1e308} {
		a := New(2, 3)
		a.Set(1, 2, v)
		k, err := CheckedScaleExponent(a)
		if err != nil || k != ScaleExponent(a) {
			t.Errorf("max %g: k = %d, err %v; want %d, nil", v, k, err, ScaleExponent(a))
		}
	}
	for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		a := New(2, 3)
		a.Set(0, 1, 1e300)
		a.Set(1, 0, v)
		_, err := CheckedScaleExponent(a)
		if want := a.CheckFinite(); err == nil || err.Error() != want.Error() {
			t.Errorf("%v entry: err = %v, want %v", v, err, want)
		}
	}
	if _, err := CheckedScaleExponent(nil); err == nil {
		t.Error("nil matrix: no error")
	}
}
