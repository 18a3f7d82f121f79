package learn

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

// directKDELog is the Gaussian-kernel log-density by exact distances,
// for comparison with the product form.
func directKDELog(x *matrix.Dense, q []float64, h float64) float64 {
	n, d := x.Dims()
	a := make([]float64, n)
	for i := range n {
		a[i] = -sqDist(q, x.Row(i)) / (2 * h * h)
	}
	return logSumExp(a) - math.Log(float64(n)) - 0.5*float64(d)*math.Log(2*math.Pi*h*h)
}

// Golden: one sample gives the normal density N(x₁, h²I) and the box of
// height h⁻ᵈ; the box estimate is k/(n hᵈ).
func TestKDEClosedForm(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{1, 2}})
	m, err := KernelDensity{H: 0.5}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := NewMultivariateNormal([]float64{1, 2}, matrix.Scale(0.25, matrix.Identity(2)), 0)
	q, _ := matrix.NewFromRows([][]float64{{1.3, 1.1}, {1, 2}})
	got, _ := m.LogDensity(q)
	want, _ := g.LogPdfRows(q)
	for i := range want {
		if !closeRel(got[i], want[i], 16*eps) {
			t.Errorf("one-point KDE %.17g, normal %.17g", got[i], want[i])
		}
	}
	pts, _ := matrix.NewFromRows([][]float64{{0}, {0.3}, {0.45}, {2}})
	b, _ := KernelDensity{Kernel: BoxWindow, H: 1}.Fit(pts)
	q1, _ := matrix.NewFromRows([][]float64{{0}, {0.9}, {1.5}, {10}})
	d, _ := b.Density(q1)
	for i, w := range []float64{3.0 / 4, 1.0 / 4, 1.0 / 4, 0} {
		if d[i] != w {
			t.Errorf("box density at %g: %g, want %g", q1.At(i, 0), d[i], w)
		}
	}
}

// Property: the Gaussian estimate integrates to 1 with the constant
// (2πh²)^(−1/2); the notes' (h√2 π)⁻¹ would give 1/√π instead.
func TestKDEIntegratesToOne(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	x := randData(rng, 30, 1)
	m, _ := KernelDensity{}.Fit(x)
	f := func(v float64) float64 {
		q, _ := matrix.NewFromSlice(1, 1, []float64{v})
		d, _ := m.Density(q)
		return d[0]
	}
	if s := adaptiveSimpson(f, -30, 30, 1e-12); math.Abs(s-1) > 1e-9 {
		t.Errorf("∫ f̂ = %.15g", s)
	}
}

// The tiled product form with centring agrees with exact distances on data far
// from the origin (where ‖x‖² ≫ ‖x − y‖² would cancel catastrophically
// without it), across block boundaries, and stays finite far away.
func TestKDECancellationAndBlocks(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	x := randData(rng, 2*kdePointBlock+100, 3) // three tiles of points
	q := randData(rng, 3*kdeQueryBlock+17, 3)  // four blocks of queries
	for _, m := range []*matrix.Dense{x, q} {
		for i := range m.Rows() {
			matrix.Axpy(1, []float64{1e6, -1e6, 3e5}, m.Row(i))
		}
	}
	q.Set(q.Rows()-1, 0, 1e9) // far: the density underflows
	h := 0.3
	m, _ := KernelDensity{H: h}.Fit(x)
	got, err := m.LogDensity(q)
	if err != nil {
		t.Fatal(err)
	}
	for i := range q.Rows() {
		want := directKDELog(x, q.Row(i), h)
		// Centring leaves ‖q − x̄‖² + ‖x − x̄‖² of order 10 (1e12 for the far
		// query, whose exponent is itself of order 1e18·…): the exponent's
		// absolute error is a few ε times that over h².
		tol := 64 * eps * (10 + sqDist(q.Row(i), m.center)) / (h * h)
		if math.Abs(got[i]-want) > tol || math.IsInf(got[i], 0) {
			t.Errorf("query %d: %.17g, direct %.17g (tol %.3g)", i, got[i], want, tol)
		}
	}
}

func TestKDEBadInput(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{1, 2}, {3, 4}})
	same, _ := matrix.NewFromRows([][]float64{{1, 2}, {1, 2}})
	nan := x.Clone()
	nan.Set(1, 1, math.Inf(1))
	m, _ := KernelDensity{H: 1}.Fit(x)
	for name, err := range map[string]error{
		"h < 0":        second(KernelDensity{H: -1}.Fit(x)),
		"h NaN":        second(KernelDensity{H: math.NaN()}.Fit(x)),
		"kernel":       second(KernelDensity{Kernel: 7, H: 1}.Fit(x)),
		"no spread":    second(KernelDensity{}.Fit(same)),
		"Inf":          second(KernelDensity{H: 1}.Fit(nan)),
		"empty":        second(KernelDensity{H: 1}.Fit(matrix.New(0, 2))),
		"query width":  second(m.LogDensity(matrix.New(3, 1))),
		"query NaN":    second(m.LogDensity(nan)),
		"rule unknown": second(BandwidthRule(9).Bandwidth(x)),
	} {
		if err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := (KernelDensity{H: -1}).Fit(x); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("h < 0: %v", err)
	}
}
