package learn

import (
	"encoding/json"
	"math"
	"os"
	"slices"
	"testing"

	"mlnotes/matrix"
)

// The reference values of testdata/generative_reference.json, computed by
// scipy and scikit-learn (testdata/gen/generative_reference.py).
type generativeReference struct {
	Gauss []struct {
		X, Query, Cov, CovUnbiased [][]float64
		Mean                       []float64
		LogDet                     float64
		LogPdf                     []float64
		LogLik                     float64
	}
	KDE []struct {
		X, Query         [][]float64
		Scott, Silverman float64
		GaussLog         []float64  `json:"gauss_log"`
		BoxH             float64    `json:"box_h"`
		BoxLog           []*float64 `json:"box_log"`
		ScipyScottLog    []float64  `json:"scipy_scott_log"`
		ScipyScottH      float64    `json:"scipy_scott_h"`
	}
	Bayes struct {
		X, Query, Loss [][]float64
		Y              []int
		Priors         []float64
		Cases          map[string]struct {
			LogPosteriors [][]float64 `json:"log_posteriors"`
			MAP           []int
			LossDecisions []int `json:"loss_decisions"`
		}
	}
	GMM []struct {
		X                 [][]float64
		K                 int
		Covariance        string
		SklearnMeanLogLik float64 `json:"sklearn_mean_loglik"`
		SklearnBIC        float64 `json:"sklearn_bic"`
	}
}

func readGenerativeReference(t *testing.T) *generativeReference {
	t.Helper()
	raw, err := os.ReadFile("../testdata/generative_reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref generativeReference
	if err := json.Unmarshal(raw, &ref); err != nil {
		t.Fatal(err)
	}
	// Field names with an underscore that encoding/json does not fold.
	var extra struct {
		Gauss []struct {
			CovUnbiased [][]float64 `json:"cov_unbiased"`
		}
	}
	_ = json.Unmarshal(raw, &extra)
	for i := range ref.Gauss {
		ref.Gauss[i].CovUnbiased = extra.Gauss[i].CovUnbiased
	}
	return &ref
}

// refTol is the agreement with scipy and scikit-learn: 1e-10
// relative (the values are sums of O(d²) terms each exact to a few ε, so
// 1e-10 leaves a margin of 10⁴ over rounding and still catches any
// wrong constant).
const refTol = 1e-10

func closeRel(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol*max(1, math.Abs(b))
}

func TestGaussianReference(t *testing.T) {
	for ci, c := range readGenerativeReference(t).Gauss {
		x, q := mustRows(t, c.X), mustRows(t, c.Query)
		g, err := GaussianMLE{}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		for j, v := range c.Mean {
			if !closeRel(g.Mean()[j], v, refTol) {
				t.Errorf("case %d: mean %d = %.17g, scipy %.17g", ci, j, g.Mean()[j], v)
			}
		}
		if !matrix.EqualApprox(g.Cov(), mustRows(t, c.Cov), refTol) {
			t.Errorf("case %d: covariance differs", ci)
		}
		if !closeRel(g.LogDet(), c.LogDet, refTol) {
			t.Errorf("case %d: log det %.17g, numpy %.17g", ci, g.LogDet(), c.LogDet)
		}
		lp, err := g.LogPdfRows(q)
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range c.LogPdf {
			if !closeRel(lp[i], v, refTol) {
				t.Errorf("case %d: log-density %d = %.17g, scipy %.17g", ci, i, lp[i], v)
			}
		}
		// The far-away query (last row): its density underflows, its log does not.
		if p, _ := g.Pdf(q.Row(q.Rows() - 1)); p != 0 || math.IsInf(lp[len(lp)-1], 0) {
			t.Errorf("case %d: far query: density %g, log %g", ci, p, lp[len(lp)-1])
		}
		ll, _ := g.LogLikelihood(x)
		if !closeRel(ll, c.LogLik, refTol) {
			t.Errorf("case %d: log-likelihood %.17g, scipy %.17g", ci, ll, c.LogLik)
		}
		gu, err := GaussianMLE{Unbiased: true}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		if !matrix.EqualApprox(gu.Cov(), mustRows(t, c.CovUnbiased), refTol) {
			t.Errorf("case %d: unbiased covariance differs from numpy.cov", ci)
		}
	}
}

func TestKDEReference(t *testing.T) {
	for ci, c := range readGenerativeReference(t).KDE {
		x, q := mustRows(t, c.X), mustRows(t, c.Query)
		h, err := Scott.Bandwidth(x)
		if err != nil {
			t.Fatal(err)
		}
		hs, _ := Silverman.Bandwidth(x)
		if !closeRel(h, c.Scott, refTol) || !closeRel(hs, c.Silverman, refTol) {
			t.Errorf("case %d: bandwidths %.17g, %.17g, want %.17g, %.17g", ci, h, hs, c.Scott, c.Silverman)
		}
		m, err := KernelDensity{}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		lg, err := m.LogDensity(q)
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range c.GaussLog {
			if !closeRel(lg[i], v, refTol) {
				t.Errorf("case %d: Gaussian KDE log-density %d = %.17g, scikit-learn %.17g", ci, i, lg[i], v)
			}
		}
		if c.ScipyScottLog != nil {
			if !closeRel(h, c.ScipyScottH, refTol) {
				t.Errorf("case %d: Scott h %.17g, scipy %.17g", ci, h, c.ScipyScottH)
			}
			for i, v := range c.ScipyScottLog {
				if !closeRel(lg[i], v, refTol) {
					t.Errorf("case %d: log-density %d = %.17g, scipy gaussian_kde %.17g", ci, i, lg[i], v)
				}
			}
		}
		mb, err := KernelDensity{Kernel: BoxWindow, H: c.BoxH}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		lb, _ := mb.LogDensity(q)
		for i, v := range c.BoxLog {
			switch {
			case v == nil:
				if !math.IsInf(lb[i], -1) {
					t.Errorf("case %d: box %d = %g, want −Inf (empty window)", ci, i, lb[i])
				}
			case !closeRel(lb[i], *v, refTol):
				t.Errorf("case %d: box log-density %d = %.17g, numpy %.17g", ci, i, lb[i], *v)
			}
		}
	}
}

func TestBayesReference(t *testing.T) {
	ref := readGenerativeReference(t).Bayes
	x, q, loss := mustRows(t, ref.X), mustRows(t, ref.Query), mustRows(t, ref.Loss)
	configs := map[string]Bayes{
		"gauss":       {},
		"gauss_equal": {EqualPriors: true},
		"shared":      {Density: SharedGaussDensity},
		"kde":         {Density: KDEDensity},
	}
	for name, cfg := range configs {
		c := ref.Cases[name]
		m, err := cfg.Fit(x, ref.Y)
		if err != nil {
			t.Fatal(name, err)
		}
		if !slices.Equal(m.Classes, []int{-2, 1, 4}) {
			t.Fatalf("%s: classes %v", name, m.Classes)
		}
		lq, err := m.LogPosteriors(q)
		if err != nil {
			t.Fatal(err)
		}
		for i, row := range c.LogPosteriors {
			for j, v := range row {
				// log q near 0 is compared absolutely: q itself is then exact to 1e-10 relative.
				if !closeRel(lq.At(i, j), v, refTol) {
					t.Errorf("%s: log q%d(x%d) = %.17g, reference %.17g", name, j, i, lq.At(i, j), v)
				}
			}
		}
		pred, _ := m.Predict(q)
		if !slices.Equal(pred, c.MAP) {
			t.Errorf("%s: MAP decisions differ:\n got %v\nwant %v", name, pred, c.MAP)
		}
		cfg.Loss = loss
		ml, err := cfg.Fit(x, ref.Y)
		if err != nil {
			t.Fatal(err)
		}
		pl, _ := ml.Predict(q)
		if !slices.Equal(pl, c.LossDecisions) {
			t.Errorf("%s: loss-matrix decisions differ:\n got %v\nwant %v", name, pl, c.LossDecisions)
		}
		if name == "gauss" && slices.Equal(pl, pred) {
			t.Errorf("the loss matrix changes no decision: the test would not see it")
		}
	}
}

func TestGMMReference(t *testing.T) {
	for ci, c := range readGenerativeReference(t).GMM {
		x := mustRows(t, c.X)
		ct := map[string]CovarianceType{"full": FullCovariance, "diag": DiagCovariance, "spherical": SphericalCovariance}[c.Covariance]
		m, err := GaussianMixture{K: c.K, Covariance: ct, Restarts: 10, Seed: 1, MaxIter: 1000}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		checkMonotoneEM(t, m)
		if m.LogLikelihood < c.SklearnMeanLogLik-1e-3 {
			t.Errorf("case %d (%s, K=%d): mean log-likelihood %.10g below scikit-learn's best of 20, %.10g", ci, c.Covariance, c.K, m.LogLikelihood, c.SklearnMeanLogLik)
		}
		t.Logf("case %d (%s, K=%d, d=%d): mlnotes %.10f, scikit-learn %.10f, %d iterations", ci, c.Covariance, c.K, x.Cols(), m.LogLikelihood, c.SklearnMeanLogLik, m.Iterations)
		if s, _ := m.Score(x); !closeRel(s, m.LogLikelihood, 1e-12) {
			t.Errorf("case %d: Score %.17g, LogLikelihood %.17g", ci, s, m.LogLikelihood)
		}
	}
}
