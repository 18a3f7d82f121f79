package learn

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

// Golden: in one dimension and for a diagonal Σ the density is the
// product of the textbook 1-D normals.
func TestMultivariateNormalClosedForm(t *testing.T) {
	g, err := NewMultivariateNormal([]float64{1, -2, 0.5}, matrix.Diag([]float64{4, 0.25, 9}), 0)
	if err != nil {
		t.Fatal(err)
	}
	x := []float64{2.5, -1, 10}
	want := 0.0
	for j, s2 := range []float64{4, 0.25, 9} {
		z := x[j] - g.Mean()[j]
		want += -0.5*math.Log(2*math.Pi*s2) - z*z/(2*s2)
	}
	got, err := g.LogPdf(x)
	if err != nil {
		t.Fatal(err)
	}
	if !closeRel(got, want, 8*eps) {
		t.Errorf("log-density %.17g, closed form %.17g", got, want)
	}
	if !closeRel(g.LogDet(), math.Log(4*0.25*9), 8*eps) {
		t.Errorf("log det %.17g", g.LogDet())
	}
	// Far away: the density underflows, the log-density is finite.
	far := []float64{1e6, 1e6, 1e6}
	lf, _ := g.LogPdf(far)
	if p, _ := g.Pdf(far); p != 0 || math.IsInf(lf, 0) || math.IsNaN(lf) {
		t.Errorf("far query: pdf %g, log %g", p, lf)
	}
}

// Golden: at the MLE the log-likelihood is −(n/2)(d log 2π + log|Σ̂| + d),
// because Σᵢ (xᵢ − μ̂)ᵀΣ̂⁻¹(xᵢ − μ̂) = tr(Σ̂⁻¹ n Σ̂) = n d; and it is the
// maximum: moving μ or scaling Σ lowers it.
func TestGaussianMLELogLikelihood(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, d := range []int{1, 2, 5} {
		x := randData(rng, 40, d)
		g, err := GaussianMLE{}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		n := float64(x.Rows())
		want := -0.5 * n * (float64(d)*log2Pi + g.LogDet() + float64(d))
		ll, _ := g.LogLikelihood(x)
		if !closeRel(ll, want, 64*float64(d)*eps) {
			t.Errorf("d=%d: log-likelihood %.17g, closed form %.17g", d, ll, want)
		}
		for _, f := range []float64{0.9, 1.1} {
			moved := g.Mean()
			moved[0] += 0.05
			g2, _ := NewMultivariateNormal(moved, g.Cov(), 0)
			g3, _ := NewMultivariateNormal(g.Mean(), matrix.Scale(f, g.Cov()), 0)
			l2, _ := g2.LogLikelihood(x)
			l3, _ := g3.LogLikelihood(x)
			if l2 >= ll || l3 >= ll {
				t.Errorf("d=%d: the MLE is not the maximum (%g, %g ≥ %g)", d, l2, l3, ll)
			}
		}
	}
}

// Sampling: the MLE of 20000 draws recovers μ and Σ within a few standard
// errors (seeded, so deterministic).
func TestMultivariateNormalSample(t *testing.T) {
	sigma, _ := matrix.NewFromRows([][]float64{{2, 0.8, 0}, {0.8, 1, -0.3}, {0, -0.3, 0.5}})
	g, err := NewMultivariateNormal([]float64{1, 2, 3}, sigma, 0)
	if err != nil {
		t.Fatal(err)
	}
	const n = 20000
	x := g.Sample(n, rand.New(rand.NewPCG(3, 4)))
	h, _ := GaussianMLE{}.Fit(x)
	for j := range 3 {
		se := math.Sqrt(sigma.At(j, j) / n)
		if math.Abs(h.Mean()[j]-g.Mean()[j]) > 5*se {
			t.Errorf("mean %d: %g vs %g", j, h.Mean()[j], g.Mean()[j])
		}
		for k := range 3 {
			// Var of a sample covariance entry is (σⱼⱼσₖₖ + σⱼₖ²)/n.
			se := math.Sqrt((sigma.At(j, j)*sigma.At(k, k) + sigma.At(j, k)*sigma.At(j, k)) / n)
			if math.Abs(h.Cov().At(j, k)-sigma.At(j, k)) > 5*se {
				t.Errorf("cov %d,%d: %g vs %g", j, k, h.Cov().At(j, k), sigma.At(j, k))
			}
		}
	}
}

// A singular covariance is an error that says so, unless regularized;
// duplicated points and d = 1 work.
func TestGaussianSingularAndBadInput(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{1, 5}, {2, 5}, {3, 5}, {4, 5}}) // constant feature
	if _, err := (GaussianMLE{}).Fit(x); !errors.Is(err, matrix.ErrNotSPD) {
		t.Errorf("constant feature: %v", err)
	}
	g, err := GaussianMLE{Reg: 1e-3}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if v := g.Cov().At(1, 1); v != 1e-3 {
		t.Errorf("regularized variance %g", v)
	}
	dup, _ := matrix.NewFromRows([][]float64{{1}, {1}, {3}, {3}})
	g1, err := GaussianMLE{}.Fit(dup)
	if err != nil || g1.Cov().At(0, 0) != 1 || g1.Mean()[0] != 2 {
		t.Errorf("duplicated points, d = 1: %v %v", g1, err)
	}
	nan := x.Clone()
	nan.Set(0, 0, math.NaN())
	for name, err := range map[string]error{
		"one sample": second(GaussianMLE{}.Fit(x.Slice(0, 1, 0, 2))),
		"NaN":        second(GaussianMLE{}.Fit(nan)),
		"negative r": second(GaussianMLE{Reg: -1}.Fit(x)),
		"nil cov":    second(NewMultivariateNormal([]float64{1}, nil, 0)),
		"shape":      second(NewMultivariateNormal([]float64{1, 2}, matrix.Identity(3), 0)),
		"empty":      second(NewMultivariateNormal(nil, matrix.Identity(1), 0)),
		"NaN mean":   second(NewMultivariateNormal([]float64{math.NaN()}, matrix.Identity(1), 0)),
		"query":      second(g.LogPdfRows(matrix.New(2, 3))),
	} {
		if err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
