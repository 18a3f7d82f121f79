package main

import (
	"fmt"
	"image/color"
	"math"
	"math/rand/v2"

	"mlnotes/cmd/demo/internal/plot"
	"mlnotes/cmd/demo/internal/toydata"
	"mlnotes/learn"
	"mlnotes/matrix"
)

// The generative side of notes 004: the Bayes classifier with priors and a
// loss matrix, mixtures by EM, Parzen windows and kernel densities, and
// Bayesian estimation. Every section runs in well under a second.
func init() {
	registerSection(section{order: 51, name: "bayes", title: "The Bayes classifier: posteriors, a loss matrix and the Bayes error",
		notes: `004, "Bayes Classifier", "Optimality"`, run: tourBayes})
	registerSection(section{order: 52, name: "gmm", title: "A Gaussian mixture fitted by EM",
		notes: `004, "Mixture density Estimate and EM algorithm"`, run: tourGMM})
	registerSection(section{order: 54, name: "kde", title: "Parzen windows and the Gaussian kernel density",
		notes: `004, "Parzen Window"`, run: tourKDE})
	registerSection(section{order: 53, name: "posterior", title: "Bayesian estimation: the Beta posterior sharpens as data arrive",
		notes: `004, "Bayesian Estimation"`, run: tourPosterior})
}

func tourBayes(t *tour) error {
	x, y := toydata.ThreeClasses()
	t.say("three Gaussian classes in the plane, 80 points each; class densities by maximum likelihood (full covariances), priors from the class fractions")
	m, err := learn.Bayes{}.Fit(x, y)
	if err != nil {
		return err
	}
	// Deciding "class 0" when the truth is class 2 costs 10, every other error 1.
	loss, _ := matrix.NewFromRows([][]float64{{0, 1, 10}, {1, 0, 1}, {1, 1, 0}})
	ml, err := learn.Bayes{Loss: loss}.Fit(x, y)
	if err != nil {
		return err
	}
	// A point on the way from class 0 to class 2 where MAP still says 0
	// but the loss rule already says 2.
	var at []float64
	for s := 0.0; s <= 1 && at == nil; s += 0.02 {
		p, _ := matrix.NewFromRows([][]float64{{s, 2.5 * s}})
		a, _ := m.Predict(p)
		b, _ := ml.Predict(p)
		if a[0] == 0 && b[0] == 2 {
			at = p.Row(0)
		}
	}
	if at == nil {
		return fmt.Errorf("no point where the loss matrix changes the decision")
	}
	q, _ := matrix.NewFromRows([][]float64{at, {40, -40}})
	post, _ := m.PredictProba(q)
	risk, _ := ml.Risk(q)
	t.say("at x = (%.2f, %.2f): posteriors q = %.3f, so MAP decides class 0; the conditional risks Σⱼ L(αᵢ, Cⱼ) qⱼ = %.3f make the loss rule decide class 2",
		at[0], at[1], post.Row(0), risk.Row(0))
	t.checkTrue("posteriors far from every class are finite and sum to 1 (computed in log space)",
		post.CheckFinite() == nil && math.Abs(post.At(1, 0)+post.At(1, 1)+post.At(1, 2)-1) < 1e-15,
		fmt.Sprintf("q(40, −40) = %.3g", post.Row(1)))
	p01, _ := m.Predict(x)
	pl, _ := ml.Predict(x)
	moved := 0
	for i := range p01 {
		if pl[i] != p01[i] {
			moved++
		}
	}
	t.say("with the loss matrix %d of %d training points change decision, towards the class whose miss is costly", moved, len(p01))
	for _, c := range []struct {
		model learn.Classifier
		name  string
		title string
	}{{m, "bayes-regions-01", "Bayes decision regions, 0–1 loss (MAP)"}, {ml, "bayes-regions-loss", "Bayes decision regions, L(α₀, C₂) = 10"}} {
		regions, err := classGrid(c.model, -3, 5, -2.5, 5, 200)
		if err != nil {
			return err
		}
		f := &plot.Figure{Title: c.title, XLabel: "x₁", YLabel: "x₂", XRange: plot.Range{Min: -3, Max: 5}, YRange: plot.Range{Min: -2.5, Max: 5}}
		f.ClassRegions(regions)
		f.ScatterClasses(x.Col(0), x.Col(1), y, []string{"class 0", "class 1", "class 2"})
		if err := t.savePlot(f, c.name); err != nil {
			return err
		}
	}
	t.claim("the Bayes error is ∫ min(p₀f₀, p₁f₁) dx")
	for _, c := range [][5]float64{{0.5, 0, 1, 2, 1}, {0.3, 0, 1, 1, 2}} {
		e, err := learn.GaussianBayesError(c[0], c[1], c[2], c[3], c[4])
		if err != nil {
			return err
		}
		want := bayesErrorErf(c[0], c[1], c[2], c[3], c[4])
		t.checkClose(fmt.Sprintf("p₀ = %g, N(%g, %g²) against N(%g, %g²): quadrature = closed form with erf", c[0], c[1], c[2], c[3], c[4]), e, want, 1e-10)
	}
	return nil
}

// bayesErrorErf is the closed form of the two-Gaussian Bayes error: the
// weighted densities cross at the roots of a quadratic, and between
// crossings the smaller one integrates to a difference of Φ(z) = ½ erfc(−z/√2).
func bayesErrorErf(p0, m0, s0, m1, s1 float64) float64 {
	p1 := 1 - p0
	a := 1/(2*s1*s1) - 1/(2*s0*s0)
	b := m0/(s0*s0) - m1/(s1*s1)
	c := m1*m1/(2*s1*s1) - m0*m0/(2*s0*s0) + math.Log(p0/s0) - math.Log(p1/s1)
	edges := []float64{math.Inf(-1)}
	if a == 0 {
		edges = append(edges, -c/b)
	} else if disc := b*b - 4*a*c; disc > 0 {
		r1, r2 := (-b-math.Sqrt(disc))/(2*a), (-b+math.Sqrt(disc))/(2*a)
		edges = append(edges, math.Min(r1, r2), math.Max(r1, r2))
	}
	edges = append(edges, math.Inf(1))
	phi := func(z float64) float64 { return 0.5 * math.Erfc(-z/math.Sqrt2) }
	pdf := func(x, m, s float64) float64 { return math.Exp(-0.5*(x-m)*(x-m)/(s*s)) / (s * math.Sqrt(2*math.Pi)) }
	var total float64
	for i := 0; i+1 < len(edges); i++ {
		lo, hi := edges[i], edges[i+1]
		mid := (lo + hi) / 2
		switch {
		case math.IsInf(lo, -1) && math.IsInf(hi, 1):
			mid = 0
		case math.IsInf(lo, -1):
			mid = hi - 1
		case math.IsInf(hi, 1):
			mid = lo + 1
		}
		if p0*pdf(mid, m0, s0) <= p1*pdf(mid, m1, s1) {
			total += p0 * (phi((hi-m0)/s0) - phi((lo-m0)/s0))
		} else {
			total += p1 * (phi((hi-m1)/s1) - phi((lo-m1)/s1))
		}
	}
	return total
}

func tourGMM(t *tour) error {
	x, y := toydata.GaussianClasses(150, [][2]float64{{0, 0}, {3, 1}, {1, 3.5}}, []float64{0.8, 0.6, 1}, 16)
	const reg = 1e-6
	m, err := learn.GaussianMixture{K: 3, Restarts: 5, Seed: 1, Reg: reg}.Fit(x)
	if err != nil {
		return err
	}
	t.say("450 points from three Gaussians; K = 3 full covariances, 5 k-means++ restarts, reg = 1e-6, tol = 1e-6")
	t.say("kept restart: %d EM iterations, converged %v, mean log-likelihood %.6f, BIC %.2f, weights %.3f",
		m.Iterations, m.Converged, m.LogLikelihood, m.BIC, m.Weights)
	t.claim("each EM iteration can only increase the log-likelihood")
	// With r·I added after each M-step the guarantee weakens to a fall of at
	// most (r/2)Σₖ Nₖ(tr Σₖ⁻¹ before − after) (docs/generative.md §5; the
	// tests check that bound at every iteration); on these data the
	// log-likelihood simply increases.
	worst := math.Inf(1)
	for i := 1; i < len(m.LogLikelihoods); i++ {
		worst = math.Min(worst, m.LogLikelihoods[i]-m.LogLikelihoods[i-1])
	}
	if len(m.LogLikelihoods) < 2 {
		worst = 0
	}
	t.checkTrue("the log-likelihood never decreases from one iteration to the next", worst >= 0,
		fmt.Sprintf("smallest change over %d iterations %.3g ≥ 0", len(m.LogLikelihoods), worst))
	mle, _ := learn.GaussianMLE{Reg: reg}.Fit(x)
	one, _ := learn.GaussianMixture{K: 1, Reg: reg}.Fit(x)
	ll, _ := mle.LogLikelihood(x)
	t.checkClose("K = 1 is the maximum-likelihood Gaussian", one.LogLikelihood, ll/float64(x.Rows()), 1e-12)
	f := &plot.Figure{Title: "EM mixture of three Gaussians: 1σ and 2σ ellipses", XLabel: "x₁", YLabel: "x₂"}
	f.ScatterClasses(x.Col(0), x.Col(1), y, []string{"drawn from 0", "drawn from 1", "drawn from 2"})
	for k := range m.Weights {
		g, err := learn.NewMultivariateNormal(m.Means.Row(k), m.Covariances[k], 0)
		if err != nil {
			return err
		}
		top, _ := g.LogPdf(m.Means.Row(k))
		// log f = top − ½(x − μ)ᵀΣ⁻¹(x − μ): the r-σ ellipse is the level top − r²/2.
		f.Contour(fmt.Sprintf("component %d", k), func(a, b float64) float64 { v, _ := g.LogPdf([]float64{a, b}); return v },
			[]float64{top - 0.5, top - 2}, plot.Style{Color: plot.ClassColor(len(m.Weights) + k)})
	}
	if err := t.savePlot(f, "gmm-ellipses"); err != nil {
		return err
	}
	it := make([]float64, len(m.LogLikelihoods))
	for i := range it {
		it[i] = float64(i + 1)
	}
	// ℓ* − ℓₜ on a log axis (ℓ* the last value, which is left out): the
	// rate at which EM converges.
	last := m.LogLikelihoods[len(m.LogLikelihoods)-1]
	var gi, gap []float64
	for i, l := range m.LogLikelihoods[:len(m.LogLikelihoods)-1] {
		if last-l > 0 {
			gi, gap = append(gi, it[i]), append(gap, last-l)
		}
	}
	fl := &plot.Figure{Title: "EM: ℓ* − ℓ per iteration (ℓ the mean log-likelihood, ℓ* its last value)", XLabel: "iteration", YLabel: "ℓ* − ℓ", LogY: true}
	fl.Line("kept restart", gi, gap, plot.Style{Marker: plot.MarkerCircle})
	return t.savePlot(fl, "gmm-loglik")
}

func tourKDE(t *tour) error {
	rng := rand.New(rand.NewPCG(17, 1))
	const n = 200
	x := matrix.New(n, 1)
	for i := range n {
		if i%3 == 0 {
			x.Set(i, 0, 2.5+0.5*rng.NormFloat64())
		} else {
			x.Set(i, 0, rng.NormFloat64())
		}
	}
	truth := func(v float64) float64 {
		return (2.0/3)*math.Exp(-v*v/2)/math.Sqrt(2*math.Pi) + (1.0/3)*math.Exp(-(v-2.5)*(v-2.5)/0.5)/(0.5*math.Sqrt(2*math.Pi))
	}
	hs, _ := learn.Scott.Bandwidth(x)
	hv, _ := learn.Silverman.Bandwidth(x)
	t.say("200 points from ⅔N(0, 1) + ⅓N(2.5, 0.5²); Scott's h = %.4f, Silverman's h = %.4f", hs, hv)
	const g = 600
	grid := matrix.New(g+1, 1)
	xs := make([]float64, g+1)
	tv := make([]float64, g+1)
	for i := range xs {
		xs[i] = -4 + 9*float64(i)/g
		grid.Set(i, 0, xs[i])
		tv[i] = truth(xs[i])
	}
	f := &plot.Figure{Title: "Kernel densities for several h, and a Parzen box", XLabel: "x", YLabel: "density"}
	f.Line("true density", xs, tv, plot.Style{Color: color.Black, Dashed: true})
	trapezoid := func(v []float64) float64 {
		s := 0.0
		for i := 1; i < len(v); i++ {
			s += 0.5 * (v[i] + v[i-1]) * (xs[i] - xs[i-1])
		}
		return s
	}
	for _, c := range []struct {
		kern learn.KDEKernel
		h    float64
		name string
	}{{learn.GaussWindow, 0.08, "Gaussian, h = 0.08"}, {learn.GaussWindow, hs, fmt.Sprintf("Gaussian, Scott h = %.2f", hs)},
		{learn.GaussWindow, 1, "Gaussian, h = 1"}, {learn.BoxWindow, 2 * hs, fmt.Sprintf("Parzen box, h = %.2f", 2*hs)}} {
		m, err := learn.KernelDensity{Kernel: c.kern, H: c.h}.Fit(x)
		if err != nil {
			return err
		}
		d, err := m.Density(grid)
		if err != nil {
			return err
		}
		f.Line(c.name, xs, d, plot.Style{})
		if c.kern == learn.GaussWindow && c.h == hs {
			// Trapezoid rule on 600 panels of 0.015 over [−4, 5]: the tails
			// beyond hold less than 1e-4, the rule's error is O(h²·f'').
			t.checkClose("the Gaussian estimate with (2πh²)^(−1/2) integrates to 1 (the notes' (h√2 π)⁻¹ would give 1/√π)", trapezoid(d), 1, 2e-3)
			far, _ := matrix.NewFromRows([][]float64{{1e3}})
			lf, _ := m.LogDensity(far)
			df, _ := m.Density(far)
			t.checkTrue("far from the data the density underflows but its log stays finite", df[0] == 0 && !math.IsInf(lf[0], 0),
				fmt.Sprintf("f̂(1000) = %g, log f̂(1000) = %.6g", df[0], lf[0]))
		}
	}
	return t.savePlot(f, "kde-bandwidths")
}

func tourPosterior(t *tour) error {
	rng := rand.New(rand.NewPCG(18, 1))
	const theta = 0.3
	prior := learn.BetaBernoulli{A: 2, B: 2}
	var flips []float64
	f := &plot.Figure{Title: "Beta posteriors of θ after n flips (θ = 0.3)", XLabel: "θ", YLabel: "posterior density",
		XRange: plot.Range{Min: 0, Max: 1}}
	ts := make([]float64, 399)
	for i := range ts {
		ts[i] = float64(i+1) / 400
	}
	dens := func(a, b float64) []float64 {
		p := &learn.BetaPosterior{A: a, B: b}
		v := make([]float64, len(ts))
		for i, th := range ts {
			v[i] = math.Exp(p.LogPdf(th))
		}
		return v
	}
	f.Line("prior Beta(2, 2)", ts, dens(prior.A, prior.B), plot.Style{Color: color.Black, Dashed: true})
	var gap []float64
	for _, n := range []int{5, 20, 100, 500} {
		for len(flips) < n {
			v := 0.0
			if rng.Float64() < theta {
				v = 1
			}
			flips = append(flips, v)
		}
		p, err := prior.Update(flips)
		if err != nil {
			return err
		}
		t.say("n = %3d, %3d heads: posterior Beta(%g, %g), MAP %.4f, mean %.4f, MLE %.4f", n, p.S, p.A, p.B, p.MAP, p.Mean, p.MLE)
		f.Line(fmt.Sprintf("n = %d", n), ts, dens(p.A, p.B), plot.Style{})
		gap = append(gap, math.Abs(p.Mean-p.MLE))
		t.checkTrue(fmt.Sprintf("n = %d: |posterior mean − MLE| ≤ (a + b)/(n + a + b)", n), gap[len(gap)-1] <= 4.0/float64(n+4)+1e-15,
			fmt.Sprintf("%.4f ≤ %.4f", gap[len(gap)-1], 4.0/float64(n+4)))
	}
	nm, err := learn.NormalMean{Mu0: 0, Tau2: 1, Sigma2: 4}.Update([]float64{3.1, 2.4, 3.9, 2.8})
	if err != nil {
		return err
	}
	t.say("normal mean, σ² = 4 known, prior N(0, 1), data 3.1 2.4 3.9 2.8: posterior N(%.4f, %.4f), MLE %.4f — the precisions add, 1/τₙ² = 1 + 4/4",
		nm.Mean, nm.Variance, nm.MLE)
	t.checkClose("τₙ² = 1/(1/τ² + n/σ²)", nm.Variance, 0.5, 1e-15)
	return t.savePlot(f, "beta-posterior")
}
