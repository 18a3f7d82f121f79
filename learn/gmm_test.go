package learn

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"mlnotes/matrix"
)

// mixtureData draws n points around k centers in d dimensions.
func mixtureData(rng *rand.Rand, n, d, k int) *matrix.Dense {
	x := matrix.New(n, d)
	centers := randData(rng, k, d)
	for i := range n {
		c := centers.Row(i % k)
		for j := range d {
			x.Set(i, j, 5*c[j]+rng.NormFloat64()*(1+float64(j%2)))
		}
	}
	return x
}

// Golden: K = 1 is the maximum-likelihood Gaussian (plus r·I), reached in
// the first iteration.
func TestGMMOneComponentIsMLE(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for _, d := range []int{1, 3} {
		x := randData(rng, 50, d)
		m, err := GaussianMixture{K: 1}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		checkMonotoneEM(t, m)
		g, _ := GaussianMLE{Reg: 1e-6}.Fit(x)
		if !matrix.EqualApprox(m.Covariances[0], g.Cov(), 16*eps) || m.Weights[0] != 1 {
			t.Errorf("d=%d: covariance or weight differs from the MLE", d)
		}
		for j, v := range g.Mean() {
			if math.Abs(m.Means.At(0, j)-v) > 16*eps {
				t.Errorf("d=%d: mean differs", d)
			}
		}
		ll, _ := g.LogLikelihood(x)
		if !closeRel(m.LogLikelihood, ll/50, 1e-13) || !m.Converged {
			t.Errorf("d=%d: mean log-likelihood %.17g, MLE %.17g, converged %v", d, m.LogLikelihood, ll/50, m.Converged)
		}
		bic := -2*ll + float64(d+d*(d+1)/2)*math.Log(50)
		if !closeRel(m.BIC, bic, 1e-12) {
			t.Errorf("d=%d: BIC %.17g, want %.17g", d, m.BIC, bic)
		}
	}
}

// Monotone EM for every covariance type, d = 1 and d = 4, with the trace
// consistent and restarts never worse than the first.
func TestGMMMonotoneAndRestarts(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	for _, d := range []int{1, 4} {
		x := mixtureData(rng, 240, d, 3)
		for _, ct := range []CovarianceType{FullCovariance, DiagCovariance, SphericalCovariance} {
			one, err := GaussianMixture{K: 3, Covariance: ct, Seed: 5}.Fit(x)
			if err != nil {
				t.Fatal(err)
			}
			checkMonotoneEM(t, one)
			if one.LogLikelihoods[len(one.LogLikelihoods)-1] != one.LogLikelihood {
				t.Errorf("trace ends at %g, log-likelihood %g", one.LogLikelihoods[len(one.LogLikelihoods)-1], one.LogLikelihood)
			}
			many, _ := GaussianMixture{K: 3, Covariance: ct, Seed: 5, Restarts: 4}.Fit(x)
			checkMonotoneEM(t, many)
			if many.LogLikelihood < one.LogLikelihood || len(many.LogLikelihoods) != many.Iterations {
				t.Errorf("%v d=%d: 4 restarts %.12g < 1 restart %.12g", ct, d, many.LogLikelihood, one.LogLikelihood)
			}
			for j := range 3 {
				c := many.Covariances[j]
				if !c.IsSymmetric(0) {
					t.Errorf("%v: covariance %d not symmetric", ct, j)
				}
				if ct != FullCovariance && c.At(0, min(1, d-1)) != 0 && d > 1 {
					t.Errorf("%v: off-diagonal entries", ct)
				}
			}
			p, _ := many.PredictProba(x)
			for i := range p.Rows() {
				var s float64
				for _, v := range p.Row(i) {
					s += v
				}
				if math.Abs(s-1) > 8*eps {
					t.Fatalf("responsibilities sum to %g", s)
				}
			}
			bic := -2*240*many.LogLikelihood + float64(many.NumParams(d))*math.Log(240)
			if many.BIC != bic {
				t.Errorf("BIC %g, want %g", many.BIC, bic)
			}
		}
	}
}

// A component that collapses onto a single point, and duplicated points
// (fewer distinct points than components): regularization keeps every
// covariance at least r·I and the log-likelihood finite; a far-away query
// has a finite log-density.
func TestGMMCollapseAndDuplicates(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	x := randData(rng, 41, 2)
	x.Set(40, 0, 1e3) // an isolated point: its own component, of covariance r·I
	x.Set(40, 1, 1e3)
	m, err := GaussianMixture{K: 2, Restarts: 3}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	checkMonotoneEM(t, m)
	k := slices.Index(m.Weights, slices.Min(m.Weights))
	// Nₖ = 1 plus the (tiny) responsibilities of the other points: the
	// mean is 1e3 to a few ε, the covariance r·I to their rounding.
	if c := m.Covariances[k]; math.Abs(c.At(0, 0)-1e-6) > 1e-12 || math.Abs(m.Means.At(k, 0)-1e3) > 1e3*16*eps {
		t.Errorf("collapsed component: mean %v, covariance %v", m.Means.Row(k), c)
	}
	if math.IsInf(m.LogLikelihood, 0) || math.IsNaN(m.LogLikelihood) {
		t.Errorf("log-likelihood %g", m.LogLikelihood)
	}
	far, _ := matrix.NewFromRows([][]float64{{-1e4, 5e3}})
	if v, _ := m.LogDensity(far); math.IsInf(v[0], 0) || math.IsNaN(v[0]) {
		t.Errorf("far log-density %g", v[0])
	}
	dup, _ := matrix.NewFromRows([][]float64{{1, 1}, {1, 1}, {1, 1}, {2, 2}, {2, 2}})
	for _, kk := range []int{2, 3, 5} {
		m, err := GaussianMixture{K: kk, Restarts: 2}.Fit(dup)
		if err != nil {
			t.Fatal(kk, err)
		}
		checkMonotoneEM(t, m)
		if math.IsInf(m.LogLikelihood, 0) || math.IsNaN(m.LogLikelihood) || m.Means.CheckFinite() != nil {
			t.Errorf("K=%d on duplicates: log-likelihood %g", kk, m.LogLikelihood)
		}
	}
}

func TestGMMConvergenceReport(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 28))
	x := mixtureData(rng, 200, 2, 4)
	m, _ := GaussianMixture{K: 4, MaxIter: 1}.Fit(x)
	checkMonotoneEM(t, m)
	if m.Converged || m.Iterations != 1 || len(m.LogLikelihoods) != 1 {
		t.Errorf("MaxIter 1: converged %v, %d iterations", m.Converged, m.Iterations)
	}
	m, _ = GaussianMixture{K: 4, MaxIter: 500}.Fit(x)
	checkMonotoneEM(t, m)
	if !m.Converged || m.Iterations >= 500 {
		t.Errorf("not converged in 500 iterations")
	}
}

func TestGMMBadInput(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 30))
	x := randData(rng, 10, 2)
	nan := x.Clone()
	nan.Set(0, 0, math.NaN())
	m, _ := GaussianMixture{K: 2}.Fit(x)
	for name, err := range map[string]error{
		"K = 0":       second(GaussianMixture{}.Fit(x)),
		"K > n":       second(GaussianMixture{K: 11}.Fit(x)),
		"reg < 0":     second(GaussianMixture{K: 2, Reg: -1}.Fit(x)),
		"tol NaN":     second(GaussianMixture{K: 2, Tol: math.NaN()}.Fit(x)),
		"max-iter":    second(GaussianMixture{K: 2, MaxIter: -1}.Fit(x)),
		"restarts":    second(GaussianMixture{K: 2, Restarts: -1}.Fit(x)),
		"covariance":  second(GaussianMixture{K: 2, Covariance: 5}.Fit(x)),
		"NaN":         second(GaussianMixture{K: 2}.Fit(nan)),
		"empty":       second(GaussianMixture{K: 1}.Fit(matrix.New(0, 2))),
		"query width": second(m.LogDensity(matrix.New(1, 3))),
		"predict NaN": second(m.Predict(nan)),
	} {
		if err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := (GaussianMixture{K: 0}).Fit(x); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("K = 0: %v", err)
	}
}

func TestGMMPersistence(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	x := mixtureData(rng, 120, 3, 3)
	for _, ct := range []CovarianceType{FullCovariance, DiagCovariance, SphericalCovariance} {
		m, err := GaussianMixture{K: 3, Covariance: ct}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		checkMonotoneEM(t, m)
		var buf bytes.Buffer
		if err := m.Save(&buf); err != nil {
			t.Fatal(err)
		}
		l, err := LoadGMM(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		a, _ := m.LogDensity(x)
		b, _ := l.LogDensity(x)
		pa, _ := m.Predict(x)
		pb, _ := l.Predict(x)
		if !equalBits(a, b) || !slices.Equal(pa, pb) || l.Covariance != ct || l.BIC != m.BIC || !equalBits(l.LogLikelihoods, m.LogLikelihoods) {
			t.Errorf("%v: loaded model differs", ct)
		}
		s := buf.String()
		for _, bad := range []string{"", "[]", strings.Replace(s, "mlnotes/gmm", "mlnotes/bayes", 1),
			strings.Replace(s, `"weights": [`, `"weights": [0.5, `, 1), strings.Replace(s, `"covariance_type": `, `"covariance_type": 9`, 1)} {
			if _, err := LoadGMM(strings.NewReader(bad)); !errors.Is(err, ErrFormat) {
				t.Errorf("%v: corrupt file accepted: %v", ct, err)
			}
		}
	}
}
