package learn

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Golden: Beta(2, 3) and 1, 0, 1, 1 give Beta(5, 4): MAP 4/7, mean 5/9,
// MLE 3/4, exactly (every operation is on small integers).
func TestBetaBernoulliClosedForm(t *testing.T) {
	p, err := BetaBernoulli{A: 2, B: 3}.Update([]float64{1, 0, 1, 1})
	if err != nil {
		t.Fatal(err)
	}
	if p.A != 5 || p.B != 4 || p.MAP != 4.0/7 || p.Mean != 5.0/9 || p.MLE != 0.75 || p.N != 4 || p.S != 3 {
		t.Errorf("posterior %+v", p)
	}
	// The MAP is the maximizer of the posterior density.
	for _, d := range []float64{-1e-3, 1e-3} {
		if p.LogPdf(p.MAP+d) >= p.LogPdf(p.MAP) {
			t.Errorf("MAP %g is not a maximum", p.MAP)
		}
	}
	// Boundary modes: A ≤ 1 gives 0, B ≤ 1 gives 1.
	if q, _ := (BetaBernoulli{A: 0.5, B: 2}).Update([]float64{0, 0}); q.MAP != 0 {
		t.Errorf("A ≤ 1: MAP %g", q.MAP)
	}
	if q, _ := (BetaBernoulli{A: 3, B: 0.5}).Update([]float64{1}); q.MAP != 1 {
		t.Errorf("B ≤ 1: MAP %g", q.MAP)
	}
	// The density integrates to 1.
	if s := adaptiveSimpson(func(x float64) float64 { return math.Exp(p.LogPdf(x)) }, 0, 1, 1e-13); math.Abs(s-1) > 1e-10 {
		t.Errorf("∫ Beta(5, 4) = %.15g", s)
	}
}

// Golden: the normal–normal posterior, and conjugacy: updating on x₁ and
// then on x₂ with the first posterior as prior equals updating on both.
func TestNormalMeanClosedForm(t *testing.T) {
	pr := NormalMean{Mu0: 1, Tau2: 4, Sigma2: 2}
	p, err := pr.Update([]float64{3, 5})
	if err != nil {
		t.Fatal(err)
	}
	// 1/τ₂² = 1/4 + 2/2 = 5/4; μ₂ = (4/5)(1/4 + 8/2) = 17/5.
	if !closeRel(p.Variance, 0.8, 2*eps) || !closeRel(p.Mean, 3.4, 4*eps) || p.MAP != p.Mean || p.MLE != 4 {
		t.Errorf("posterior %+v", p)
	}
	p1, _ := pr.Update([]float64{3})
	p2, _ := NormalMean{Mu0: p1.Mean, Tau2: p1.Variance, Sigma2: 2}.Update([]float64{5})
	if !closeRel(p2.Mean, p.Mean, 8*eps) || !closeRel(p2.Variance, p.Variance, 8*eps) {
		t.Errorf("sequential %+v, batch %+v", p2, p)
	}
}

// Property: as n grows the posteriors converge to the MLE, within the
// exact distances (a + b)/(n + a + b) for the Beta mean and
// τₙ²/τ² |μ₀ − x̄| for the normal mean.
func TestPosteriorsConvergeToMLE(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	var coin, obs []float64
	prevB, prevN := math.Inf(1), math.Inf(1)
	for _, n := range []int{10, 100, 1000, 10000} {
		for len(coin) < n {
			v := 0.0
			if rng.Float64() < 0.3 {
				v = 1
			}
			coin = append(coin, v)
			obs = append(obs, 5+2*rng.NormFloat64())
		}
		b, _ := BetaBernoulli{A: 8, B: 2}.Update(coin)
		gapB := math.Abs(b.Mean - b.MLE)
		if gapB > 10/float64(n+10)+eps {
			t.Errorf("n=%d: |mean − MLE| = %g > (a+b)/(n+a+b)", n, gapB)
		}
		nm, _ := NormalMean{Mu0: -3, Tau2: 1, Sigma2: 4}.Update(obs)
		gapN := math.Abs(nm.Mean - nm.MLE)
		if bound := nm.Variance / 1 * math.Abs(-3-nm.MLE); gapN > bound*(1+1e-12) {
			t.Errorf("n=%d: normal gap %g > %g", n, gapN, bound)
		}
		if gapB > prevB || gapN > prevN {
			t.Errorf("n=%d: the gap to the MLE grew", n)
		}
		prevB, prevN = gapB, gapN
	}
}

func TestConjugateBadInput(t *testing.T) {
	for name, err := range map[string]error{
		"a = 0":     second(BetaBernoulli{A: 0, B: 1}.Update([]float64{1})),
		"b < 0":     second(BetaBernoulli{A: 1, B: -1}.Update([]float64{1})),
		"a Inf":     second(BetaBernoulli{A: math.Inf(1), B: 1}.Update([]float64{1})),
		"not 0/1":   second(BetaBernoulli{A: 1, B: 1}.Update([]float64{1, 0.5})),
		"empty":     second(BetaBernoulli{A: 1, B: 1}.Update(nil)),
		"tau2 = 0":  second(NormalMean{Tau2: 0, Sigma2: 1}.Update([]float64{1})),
		"sigma2 <0": second(NormalMean{Tau2: 1, Sigma2: -1}.Update([]float64{1})),
		"mu0 NaN":   second(NormalMean{Mu0: math.NaN(), Tau2: 1, Sigma2: 1}.Update([]float64{1})),
		"x NaN":     second(NormalMean{Tau2: 1, Sigma2: 1}.Update([]float64{math.NaN()})),
		"no x":      second(NormalMean{Tau2: 1, Sigma2: 1}.Update(nil)),
	} {
		if err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// Golden and property tests of the Normal–Inverse-Gamma posterior: the
// closed form on small numbers; the posterior density equals prior ×
// likelihood up to one constant (Bayes' theorem, checked at many (μ, σ²));
// sequential updating equals batch updating; the joint mode maximizes the
// density; the estimates approach the MLE.
func TestNormalInverseGamma(t *testing.T) {
	prior := NormalInverseGamma{Mu0: 1, Kappa0: 2, Alpha0: 3, Beta0: 4}
	x := []float64{2, 4, 6}
	p, err := prior.Update(x)
	if err != nil {
		t.Fatal(err)
	}
	// x̄ = 4, S = 8: κ = 5, μ = (2 + 12)/5 = 2.8, α = 4.5, β = 4 + 4 + 2·3·9/10 = 13.4.
	if p.Kappa != 5 || !closeRel(p.Mu, 2.8, 4*eps) || p.Alpha != 4.5 || !closeRel(p.Beta, 13.4, 4*eps) ||
		p.MLEMean != 4 || !closeRel(p.MLEVar, 8.0/3, 2*eps) || !closeRel(p.MAPVar, 13.4/6, 8*eps) || !closeRel(p.MeanVar, 13.4/3.5, 8*eps) {
		t.Errorf("posterior %+v", p)
	}
	logLik := func(mu, s2 float64) float64 {
		var l float64
		for _, v := range x {
			l += -0.5*math.Log(2*math.Pi*s2) - (v-mu)*(v-mu)/(2*s2)
		}
		return l
	}
	var c0 float64
	for i, pt := range [][2]float64{{2.8, 2}, {0, 1}, {5, 10}, {-3, 0.5}, {3, 3}} {
		c := p.LogPdf(pt[0], pt[1]) - nigLogPdf(prior.Mu0, prior.Kappa0, prior.Alpha0, prior.Beta0, pt[0], pt[1]) - logLik(pt[0], pt[1])
		if i == 0 {
			c0 = c
		} else if math.Abs(c-c0) > 1e-12*max(1, math.Abs(c0)) {
			t.Errorf("at %v: log posterior − log prior − log likelihood = %.15g, elsewhere %.15g", pt, c, c0)
		}
	}
	for _, d := range [][2]float64{{1e-3, 0}, {-1e-3, 0}, {0, 1e-3}, {0, -1e-3}} {
		if p.LogPdf(p.MAPMean+d[0], p.MAPVar+d[1]) >= p.LogPdf(p.MAPMean, p.MAPVar) {
			t.Errorf("the joint mode is not a maximum (step %v)", d)
		}
	}
	p1, _ := prior.Update(x[:1])
	p2, _ := NormalInverseGamma{Mu0: p1.Mu, Kappa0: p1.Kappa, Alpha0: p1.Alpha, Beta0: p1.Beta}.Update(x[1:])
	if !closeRel(p2.Mu, p.Mu, 8*eps) || p2.Kappa != p.Kappa || p2.Alpha != p.Alpha || !closeRel(p2.Beta, p.Beta, 8*eps) {
		t.Errorf("sequential %+v, batch %+v", p2, p)
	}
	rng := rand.New(rand.NewPCG(33, 34))
	big := make([]float64, 20000)
	for i := range big {
		big[i] = 3 + 2*rng.NormFloat64()
	}
	pb, _ := prior.Update(big)
	if math.Abs(pb.Mu-pb.MLEMean) > 2*math.Abs(prior.Mu0-pb.MLEMean)/float64(len(big)) ||
		math.Abs(pb.MAPVar/pb.MLEVar-1) > 1e-3 || math.Abs(pb.MeanVar/pb.MLEVar-1) > 1e-3 {
		t.Errorf("n = 20000: %+v", pb)
	}
	for name, err := range map[string]error{
		"kappa0 = 0": second(NormalInverseGamma{Kappa0: 0, Alpha0: 1, Beta0: 1}.Update(x)),
		"alpha0 < 0": second(NormalInverseGamma{Kappa0: 1, Alpha0: -1, Beta0: 1}.Update(x)),
		"beta0 Inf":  second(NormalInverseGamma{Kappa0: 1, Alpha0: 1, Beta0: math.Inf(1)}.Update(x)),
		"mu0 NaN":    second(NormalInverseGamma{Mu0: math.NaN(), Kappa0: 1, Alpha0: 1, Beta0: 1}.Update(x)),
		"empty":      second(NormalInverseGamma{Kappa0: 1, Alpha0: 1, Beta0: 1}.Update(nil)),
		"x Inf":      second(NormalInverseGamma{Kappa0: 1, Alpha0: 1, Beta0: 1}.Update([]float64{math.Inf(-1)})),
	} {
		if err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
