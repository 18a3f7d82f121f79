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

// The Bayes classifier is a supervised learner with posteriors.
var (
	_ ProbabilisticClassifier = (*BayesModel)(nil)
	_ ClassifierTrainer       = Bayes{}
)

// bayesErrorClosedForm integrates min(p₀f₀, p₁f₁) exactly: the weighted
// densities cross where a quadratic vanishes, and on each interval between
// crossings the smaller one is integrated with Φ(z) = ½ erfc(−z/√2).
func bayesErrorClosedForm(p0, m0, s0, m1, s1 float64) float64 {
	p1 := 1 - p0
	// log p₀f₀ − log p₁f₁ = a x² + b x + c.
	a := 1/(2*s1*s1) - 1/(2*s0*s0)
	b := m0/(s0*s0) - m1/(s1*s1)
	c := m1*m1/(2*s1*s1) - m0*m0/(2*s0*s0) + math.Log(p0/s0) - math.Log(p1/s1)
	var roots []float64
	switch {
	case a == 0:
		roots = []float64{-c / b}
	default:
		disc := b*b - 4*a*c
		if disc > 0 {
			r := math.Sqrt(disc)
			roots = []float64{(-b - r) / (2 * a), (-b + r) / (2 * a)}
			slices.Sort(roots)
		}
	}
	phi := func(z float64) float64 { return 0.5 * math.Erfc(-z/math.Sqrt2) }
	edges := append(append([]float64{math.Inf(-1)}, roots...), math.Inf(1))
	var total float64
	for i := 0; i+1 < len(edges); i++ {
		lo, hi := edges[i], edges[i+1]
		mid := 0.0
		switch {
		case math.IsInf(lo, -1) && math.IsInf(hi, 1):
			mid = 0
		case math.IsInf(lo, -1):
			mid = hi - 1
		case math.IsInf(hi, 1):
			mid = lo + 1
		default:
			mid = (lo + hi) / 2
		}
		if p0*normalPdf(mid, m0, s0) <= p1*normalPdf(mid, m1, s1) {
			total += p0 * (phi((hi-m0)/s0) - phi((lo-m0)/s0))
		} else {
			total += p1 * (phi((hi-m1)/s1) - phi((lo-m1)/s1))
		}
	}
	return total
}

// Golden: the quadrature of ∫ min(p₀f₀, p₁f₁) equals the erf closed form.
func TestGaussianBayesError(t *testing.T) {
	for _, c := range [][5]float64{
		{0.5, 0, 1, 2, 1},    // equal variances: Φ(−1)
		{0.3, 0, 1, 1.5, 1},  // unequal priors
		{0.5, 0, 1, 1, 3},    // two crossings
		{0.8, -2, 0.5, 2, 2}, // far apart, unequal
		{0.5, 0, 1, 0, 1},    // identical classes: ½
	} {
		got, err := GaussianBayesError(c[0], c[1], c[2], c[3], c[4])
		if err != nil {
			t.Fatal(err)
		}
		want := bayesErrorClosedForm(c[0], c[1], c[2], c[3], c[4])
		if math.Abs(got-want) > 1e-11 {
			t.Errorf("%v: quadrature %.15g, closed form %.15g", c, got, want)
		}
	}
	if e, _ := GaussianBayesError(0.5, 0, 1, 2, 1); math.Abs(e-0.5*math.Erfc(1/math.Sqrt2)) > 1e-12 {
		t.Errorf("equal variances: %.15g, Φ(−1) = %.15g", e, 0.5*math.Erfc(1/math.Sqrt2))
	}
	for _, c := range [][5]float64{{-0.1, 0, 1, 1, 1}, {0.5, 0, 0, 1, 1}, {0.5, math.NaN(), 1, 1, 1}} {
		if _, err := GaussianBayesError(c[0], c[1], c[2], c[3], c[4]); !errors.Is(err, ErrInvalidParameter) {
			t.Errorf("%v: %v", c, err)
		}
	}
}

// Golden: two 1-D Gaussian classes, posterior q₁ = p₁f₁/(p₀f₀ + p₁f₁)
// computed from the textbook formula; and the empirical error of the
// fitted rule on a large sample approaches the Bayes error.
func TestBayesPosteriorsOneDimension(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	const n = 4000
	x := matrix.New(n, 1)
	y := make([]int, n)
	for i := range n {
		if i%4 == 0 { // p₁ = 1/4
			y[i] = 7
			x.Set(i, 0, 2+rng.NormFloat64())
		} else {
			x.Set(i, 0, rng.NormFloat64())
		}
	}
	m, err := Bayes{Density: SharedGaussDensity}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	q, _ := matrix.NewFromRows([][]float64{{-1}, {0.5}, {1.7}, {4}, {1e4}})
	prob, _ := m.PredictProba(q)
	g0, g1 := m.Gaussians[0], m.Gaussians[1]
	for i := range q.Rows() {
		a, _ := g0.LogPdf(q.Row(i))
		b, _ := g1.LogPdf(q.Row(i))
		la, lb := math.Log(m.Priors[0])+a, math.Log(m.Priors[1])+b
		want := 1 / (1 + math.Exp(la-lb))
		if math.Abs(prob.At(i, 1)-want) > 8*eps || math.Abs(prob.At(i, 0)+prob.At(i, 1)-1) > 4*eps {
			t.Errorf("x = %g: q₁ = %.17g, formula %.17g", q.At(i, 0), prob.At(i, 1), want)
		}
	}
	pred, _ := m.Predict(x)
	wrong := 0
	for i := range pred {
		if pred[i] != y[i] {
			wrong++
		}
	}
	bayesErr, _ := GaussianBayesError(0.75, 0, 1, 2, 1)
	// Binomial standard error of the empirical rate, plus the estimation error.
	if rate := float64(wrong) / n; math.Abs(rate-bayesErr) > 4*math.Sqrt(bayesErr/n)+0.01 {
		t.Errorf("error rate %.4f, Bayes error %.4f", rate, bayesErr)
	}
}

// Loss matrices: an explicit 0–1 loss is the MAP rule; scaling L changes
// nothing; making one error costly moves decisions towards that class.
func TestBayesLossMatrix(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	x, y := blobs(rng, 150, 1.5)
	q := randData(rng, 300, 2)
	base, err := Bayes{}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	mapPred, _ := base.Predict(q)
	zeroOne, _ := matrix.NewFromRows([][]float64{{0, 1}, {1, 0}})
	m01, _ := Bayes{Loss: zeroOne}.Fit(x, y)
	p01, _ := m01.Predict(q)
	m05, _ := Bayes{Loss: matrix.Scale(5, zeroOne)}.Fit(x, y)
	p05, _ := m05.Predict(q)
	if !slices.Equal(p01, mapPred) || !slices.Equal(p05, mapPred) {
		t.Errorf("0–1 loss (or its multiple) differs from MAP")
	}
	// Deciding class 0 when the truth is class 1 costs 20.
	costly, _ := matrix.NewFromRows([][]float64{{0, 20}, {1, 0}})
	mc, _ := Bayes{Loss: costly}.Fit(x, y)
	pc, _ := mc.Predict(q)
	more := 0
	for i := range pc {
		if mapPred[i] == base.Classes[1] && pc[i] != base.Classes[1] {
			t.Fatalf("row %d: the costly loss took a point away from class 1", i)
		}
		if pc[i] != mapPred[i] {
			more++
		}
	}
	if more == 0 {
		t.Errorf("the costly loss changed no decision")
	}
	// The rule is the minimum conditional risk.
	r, _ := mc.Risk(q)
	for i := range pc {
		if pc[i] != mc.Classes[argMin(r.Row(i))] {
			t.Errorf("row %d: decision is not the minimum risk", i)
		}
	}
}

// Far from every class the posteriors stay finite and sum to 1; outside
// every Parzen box they are the priors.
func TestBayesFarAwayAndParzen(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	x, y := blobs(rng, 80, 2)
	far, _ := matrix.NewFromRows([][]float64{{1e5, -1e5}})
	for _, d := range []ClassDensity{GaussDensity, SharedGaussDensity, KDEDensity, ParzenDensity} {
		m, err := Bayes{Density: d, H: 0.5}.Fit(x, y)
		if err != nil {
			t.Fatal(d, err)
		}
		p, err := m.PredictProba(far)
		if err != nil {
			t.Fatal(err)
		}
		s := p.At(0, 0) + p.At(0, 1)
		if math.Abs(s-1) > 4*eps || p.CheckFinite() != nil {
			t.Errorf("%v: far posteriors %v", d, p.Row(0))
		}
		if d == ParzenDensity && (p.At(0, 0) != m.Priors[0] || p.At(0, 1) != m.Priors[1]) {
			t.Errorf("parzen: empty windows give %v, priors %v", p.Row(0), m.Priors)
		}
	}
}

func TestBayesBadInput(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	x, y := blobs(rng, 40, 2)
	one := make([]int, len(y))
	nan := x.Clone()
	nan.Set(3, 1, math.NaN())
	l3 := matrix.New(3, 3)
	neg, _ := matrix.NewFromRows([][]float64{{0, -1}, {1, 0}})
	m, _ := Bayes{}.Fit(x, y)
	for name, err := range map[string]error{
		"one class":        second(Bayes{}.Fit(x, one)),
		"labels":           second(Bayes{}.Fit(x, y[:3])),
		"NaN":              second(Bayes{}.Fit(nan, y)),
		"priors length":    second(Bayes{Priors: []float64{1}}.Fit(x, y)),
		"negative prior":   second(Bayes{Priors: []float64{-0.5, 1.5}}.Fit(x, y)),
		"priors sum":       second(Bayes{Priors: []float64{0.5, 0.6}}.Fit(x, y)),
		"priors twice":     second(Bayes{Priors: []float64{0.5, 0.5}, EqualPriors: true}.Fit(x, y)),
		"loss size":        second(Bayes{Loss: l3}.Fit(x, y)),
		"negative loss":    second(Bayes{Loss: neg}.Fit(x, y)),
		"h < 0":            second(Bayes{Density: KDEDensity, H: -1}.Fit(x, y)),
		"reg < 0":          second(Bayes{Reg: -1}.Fit(x, y)),
		"density":          second(Bayes{Density: 9}.Fit(x, y)),
		"query width":      second(m.Predict(matrix.New(2, 5))),
		"singular class":   second(Bayes{}.Fit(x.Slice(0, 4, 0, 2), []int{0, 0, 1, 1})),
		"one-sample class": second(Bayes{Density: KDEDensity}.Fit(x.Slice(0, 3, 0, 2), []int{0, 0, 1})),
	} {
		if err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := (Bayes{Priors: []float64{0.1 + 0.2, 0.7}}).Fit(x, y); err != nil {
		t.Errorf("decimal priors summing to 1 up to rounding: %v", err)
	}
}

// Saving and loading gives bit-identical posteriors and decisions for
// every density; corrupt files are ErrFormat.
func TestBayesPersistence(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	x, y := blobs(rng, 60, 1)
	q := randData(rng, 25, 2)
	loss, _ := matrix.NewFromRows([][]float64{{0, 3}, {1, 0}})
	for _, cfg := range []Bayes{{}, {Density: SharedGaussDensity, Loss: loss}, {Density: KDEDensity}, {Density: ParzenDensity, H: 1, EqualPriors: true}} {
		m, err := cfg.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := m.Save(&buf); err != nil {
			t.Fatal(err)
		}
		l, err := LoadBayes(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatal(cfg.Density, err)
		}
		p1, _ := m.PredictProba(q)
		p2, _ := l.PredictProba(q)
		d1, _ := m.Predict(q)
		d2, _ := l.Predict(q)
		if !sameBits(p1, p2) || !slices.Equal(d1, d2) {
			t.Errorf("%v: loaded model differs", cfg.Density)
		}
		s := buf.String()
		for _, bad := range []string{"", "{", strings.Replace(s, "mlnotes/bayes", "mlnotes/gmm", 1),
			strings.Replace(s, `"priors": [`, `"priors": [7, `, 1), strings.Replace(s, `"density": `, `"density": 1`, 1)} {
			if _, err := LoadBayes(strings.NewReader(bad)); !errors.Is(err, ErrFormat) {
				t.Errorf("%v: corrupt file accepted: %v", cfg.Density, err)
			}
		}
	}
}
