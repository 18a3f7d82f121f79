package main

import (
	"fmt"
	"image/color"
	"math"
	"math/rand/v2"

	"mlnotes/cmd/demo/internal/live"
	"mlnotes/cmd/demo/internal/plot"
	"mlnotes/learn"
	"mlnotes/matrix"
)

func init() {
	registerSection(section{order: 200, name: "model-selection", title: "Model selection: training and validation error against the degree",
		notes: `004, "Hold out Validation Set", "K-fold Cross-Validation"`, run: tourModelSelection})
	registerSection(section{order: 210, name: "bias-variance", title: "Bias–variance: error = σ² + bias² + variance",
		notes: `004, "Bias-Variance Trade-off"`, run: tourBiasVariance})
	registerSection(section{order: 220, name: "bootstrap", title: "The bootstrap estimates on labels that mean nothing",
		notes: `004, "Bootstrap Methods"`, run: tourBootstrap})
}

func tourModelSelection(t *tour) error {
	x, y := noisySine(30, 0.3, 7)
	rho, err := learn.KFold(30, 10, 1)
	if err != nil {
		return err
	}
	var deg []float64
	for d := range 11 {
		deg = append(deg, float64(d))
	}
	curve, err := learn.ModelSelectionCurveRegressor(func(p float64) learn.RegressorTrainer { return learn.VandermondeFit(int(p)) }, deg, x, y, rho)
	if err != nil {
		return err
	}
	t.say("30 points of sin 2πx + noise (σ = 0.3); polynomials of degree 0…10 by least squares, 10-fold cross-validation")
	var tr, va []float64
	best := 0
	rising := true
	for j, c := range curve {
		tr, va = append(tr, c.TrainError), append(va, c.ValidationError)
		if c.ValidationError < curve[best].ValidationError {
			best = j
		}
		if j > 0 && c.TrainError > curve[j-1].TrainError*(1+1e-9) {
			rising = false
		}
	}
	t.say("degree  training MSE  e_cv")
	for _, c := range curve {
		t.say("%6.0f  %12.4f  %.4g", c.Param, c.TrainError, c.ValidationError)
	}
	t.claim("overfitting shows as a validation error that rises while the training error keeps falling")
	t.checkTrue("the training error never rises with the degree (nested least-squares problems)", rising, "10 steps")
	t.checkTrue("e_cv is lowest in between", best > 1 && best < 10 && curve[10].ValidationError > 2*curve[best].ValidationError,
		fmt.Sprintf("lowest at degree %d: %.4f; degree 10: %.4g", best, curve[best].ValidationError, curve[10].ValidationError))
	f := &plot.Figure{Title: "Model selection on a noisy sine", XLabel: "degree", YLabel: "mean squared error", LogY: true}
	f.Line("training error", deg, tr, plot.Style{Marker: plot.MarkerCircle})
	f.Line("10-fold cross-validation error e_cv", deg, va, plot.Style{Marker: plot.MarkerSquare})
	f.HLine("noise σ² = 0.09", 0.09, plot.Style{Color: color.Black, Dashed: true})
	return t.savePlot(f, "model-selection-curve")
}

func tourBiasVariance(t *tour) error {
	bv := learn.BiasVariance{Sigma: 0.3, N: 25, Trials: 300, Seed: 3}
	t.say("f(x) = sin 2πx, σ = 0.3, 300 training sets of 25 points, polynomials of degree 0…9; averages over 101 test points")
	t.say("degree   bias²      variance   σ²     error")
	var deg, b2, v, e []float64
	worst := 0.0
	for d := range 10 {
		r, err := bv.Run(learn.VandermondeFit(d))
		if err != nil {
			return err
		}
		worst = math.Max(worst, r.MaxIdentityGap/math.Max(1, r.MeanError))
		t.say("%4d   %9.4f  %9.4f  %5.2f  %9.4f", d, r.MeanBias2, r.MeanVariance, r.Noise, r.MeanError)
		deg, b2, v, e = append(deg, float64(d)), append(b2, r.MeanBias2), append(v, r.MeanVariance), append(e, r.MeanError)
	}
	t.claim("error(x₀) = σ² + bias²(f̂(x₀)) + Var(f̂(x₀)): the cross term has zero mean")
	t.checkTrue("the identity at every test point and degree, the error computed directly as σ² + mean (f − f̂)²", worst < 1e-13,
		fmt.Sprintf("largest gap %.1e relative", worst))
	t.checkTrue("low degree: bias dominates; high degree: variance dominates", b2[1] > v[1] && v[9] > b2[9],
		fmt.Sprintf("degree 1: bias² %.3f > variance %.3f; degree 9: variance %.3g > bias² %.3g", b2[1], v[1], v[9], b2[9]))
	f := &plot.Figure{Title: "Bias–variance against the degree", XLabel: "polynomial degree", YLabel: "mean over x₀", LogY: true}
	f.Line("bias²", deg, b2, plot.Style{Marker: plot.MarkerCircle})
	f.Line("variance", deg, v, plot.Style{Marker: plot.MarkerSquare})
	f.Line("error = σ² + bias² + variance", deg, e, plot.Style{Marker: plot.MarkerTriangle})
	f.HLine("σ²", 0.09, plot.Style{Color: color.Black, Dashed: true})
	return t.savePlot(f, "bias-variance")
}

func tourBootstrap(t *tour) error {
	n, B := 300, 100
	rng := rand.New(rand.NewPCG(11, 11))
	x := matrix.New(n, 2)
	y := make([]int, n)
	for i := range n {
		x.Set(i, 0, rng.NormFloat64())
		x.Set(i, 1, rng.NormFloat64())
		y[i] = rng.IntN(2)
	}
	t.say("%d points, labels drawn by coin flips independently of the features: every classifier's true error is 0.5", n)
	var samples [][]int
	var losses [][]float64
	keep := func(_ int, s []int, l []float64) { samples, losses = append(samples, s), append(losses, l) }
	r, err := learn.Bootstrap{B: B, Seed: 1, Resample: keep}.EstimateClassifier(learn.KNN{K: 1}, x, y)
	if err != nil {
		return err
	}
	pic, est := live.BootstrapFigures(x, y, samples, losses, r.TrainError, B, "the last resample: dot area ∝ times drawn, grey rings left out")
	est.Title = "e¹_boot stays near 0.5·0.368, e_boot near the true 0.5"
	if err := t.savePlot(pic, "bootstrap-resample"); err != nil {
		return err
	}
	if err := t.savePlot(est, "bootstrap-estimates"); err != nil {
		return err
	}
	q := math.Pow(1-1/float64(n), float64(n))
	t.say("1-nearest neighbour, B = %d resamples:", B)
	t.say("  e¹_boot = %.3f   (every model scored on the whole data)", r.EBoot1)
	t.say("  e_boot  = %.3f   (each point scored only by the models that did not see it)", r.EBoot)
	t.say("  e_.632  = 0.368·ē + 0.632·e_boot = %.3f   (ē = %.3f, the training error of 1-NN)", r.E632, r.TrainError)
	t.claim("P[xᵢ in a resample] = 1 − (1 − 1/n)ⁿ ≈ 0.632, so E e¹_boot ≈ 0.5 × 0.632 = 0.316")
	t.say("the mathematics: a point in the resample is its own nearest neighbour (no error); only a point left out,")
	t.say("with probability (1 − 1/n)ⁿ = %.4f, is wrong half the time: E e¹_boot = 0.5 × %.4f = %.3f (docs/errata.md)", q, q, 0.5*q)
	sd := 0.5 / math.Sqrt(float64(n))
	t.checkTrue("left-out fraction ≈ (1 − 1/n)ⁿ", math.Abs(r.LeftOutFraction-q) < 4*math.Sqrt(q*(1-q)/float64(n*B)),
		fmt.Sprintf("%.4f, expected %.4f", r.LeftOutFraction, q))
	t.checkTrue("e¹_boot ≈ 0.5·(1 − 1/n)ⁿ, far below the true 0.5", math.Abs(r.EBoot1-0.5*q) < 4*q*sd+0.01,
		fmt.Sprintf("%.3f, expected %.3f ± %.3f", r.EBoot1, 0.5*q, 4*q*sd+0.01))
	t.checkTrue("e_boot ≈ 0.5, the true error", math.Abs(r.EBoot-0.5) < 4*sd, fmt.Sprintf("%.3f ± %.3f", r.EBoot, 4*sd))
	t.checkTrue("e_.632 = 0.632·e_boot here (ē = 0)", r.E632 == 0.632*r.EBoot, fmt.Sprintf("%.4f", r.E632))
	return nil
}
