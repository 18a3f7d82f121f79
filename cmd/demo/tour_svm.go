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

func init() {
	registerSection(section{order: 70, name: "svm", title: "Support vector machines: margins, kernels and SMO",
		notes: `004, "Support Vector Machines(SVM)", "Using Slack Variable", "Kernel function", "SMO Algorithm"`, run: tourSVM})
	registerSection(section{order: 80, name: "nu-svm", title: "ν-SVM: ν bounds the fractions of margin errors and support vectors",
		notes: `004, "v- SVM"`, run: tourNuSVM})
	registerSection(section{order: 90, name: "svr", title: "Support vector regression and the ε-tube",
		notes: `004, "Support Vector Regression", "v-SVR"`, run: tourSVR})
	registerSection(section{order: 100, name: "svm-digits", title: "Digits, one-versus-one",
		notes: `004, "Support Vector Machines(SVM)"`, run: tourSVMDigits})
}

// moons returns two interleaved half circles with noise (the site ships
// the same points as CSV files: toydata).
func moons(n int, noise float64, seed uint64) (*matrix.Dense, []int) {
	return toydata.Moons(n, noise, seed)
}

// kktWorst returns the largest violation of the C-SVM KKT conditions on
// the training data: yf ≥ 1 (μ = 0), yf = 1 (0 < μ < C), yf ≤ 1 (μ = C).
// Decision is positive for the larger label (scikit-learn's sign), so
// that label is y = +1 here; yf is the same either way.
func kktWorst(m *learn.SVMClassifierModel, x *matrix.Dense, y []int, c float64) float64 {
	b := m.Machines[0]
	f, _ := m.Decision(x)
	mu := make([]float64, x.Rows())
	for k, i := range b.Support {
		mu[i] = math.Abs(b.Coef[k])
	}
	larger := m.Classes[len(m.Classes)-1]
	worst := 0.0
	for i := range f {
		yi := 1.0
		if y[i] != larger {
			yi = -1
		}
		yf := yi * f[i]
		switch {
		case mu[i] == 0:
			worst = math.Max(worst, 1-yf)
		case mu[i] < c:
			worst = math.Max(worst, math.Abs(yf-1))
		default:
			worst = math.Max(worst, yf-1)
		}
	}
	return worst
}

func tourSVM(t *tour) error {
	x, y := moons(100, 0.15, 1)
	const c = 10.0
	t.say("two interleaved moons, 200 points; C = %g, SMO tolerance 1e-3 (LIBSVM's default)", c)
	kernels := []struct {
		name string
		k    learn.Kernel
	}{{"linear", learn.Linear()}, {"poly", learn.Polynomial(3)}, {"rbf", learn.Gaussian(0.5)}}
	gaps := &plot.Figure{Title: "SMO on the moons: the gap m(α) − M(α) per iteration", XLabel: "iteration", YLabel: "m(α) − M(α)", LogY: true,
		YRange: plot.Range{Min: 3e-4, Max: 100}}
	for i, kk := range kernels {
		steps := 0
		var it, gap []float64
		cfg := learn.SVM{Kernel: kk.k, C: c, TraceEvery: 1, Trace: func(s learn.TraceStep) {
			if s.SMO.I < 0 { // the machine's final report
				if kk.name == "rbf" {
					t.say("  %s", formatSMOStep(*s.SMO))
				}
				return
			}
			it, gap = append(it, float64(s.SMO.Iteration)), append(gap, s.SMO.Violation)
			if s.SMO.Iteration%50 == 0 && kk.name == "rbf" {
				if steps++; steps <= 3 {
					t.say("  %s", formatSMOStep(*s.SMO))
				}
			}
		}}
		m, err := cfg.Fit(x, y)
		if err != nil {
			return err
		}
		b := m.Machines[0]
		acc := accuracy(m, x, y)
		t.say("%-6s kernel %s: %d support vectors (%d at μ = C), %d SMO iterations, dual objective %.4f, training accuracy %.3f",
			kk.name, kk.k, len(b.Support), b.NumBounded, b.Iterations, b.Objective, acc)
		worst := kktWorst(m, x, y, c)
		t.checkTrue(fmt.Sprintf("%s: the KKT conditions of the soft margin hold at the SMO optimum", kk.name), worst <= 2e-3,
			fmt.Sprintf("largest violation of yf ≥ 1 / = 1 / ≤ 1: %.2e ≤ 2·tol", worst))
		if kk.name == "linear" {
			w, margin, _ := m.PrimalW(0)
			t.say("       w = Σ μᵢyᵢxᵢ = %.4f, b = %.4f, margin 2/‖w‖ = %.4f", w, b.B(), margin)
			t.say("       (trained with y = +1 for class 0, as LIBSVM; f(x) = −(wᵀx + b), positive for class 1)")
		}
		if err := t.savePlot(svmPicture(m, x, y, kk.name), "svm-moons-"+kk.name); err != nil {
			return err
		}
		gaps.Line(kk.name+" kernel", it, gap, plot.Style{Color: plot.ClassColor(i)})
	}
	gaps.HLine("tolerance 1e-3", 1e-3, plot.Style{Color: color.Gray{Y: 90}, Dashed: true})
	if err := t.savePlot(gaps, "svm-smo-gap"); err != nil {
		return err
	}
	return tourSVMProbabilities(t, x, y, c)
}

// tourSVMProbabilities: Platt's probabilities (LIBSVM's -b 1) for the
// Gaussian machine, scored on fresh moons.
func tourSVMProbabilities(t *tour, x *matrix.Dense, y []int, c float64) error {
	m, err := learn.SVM{Kernel: learn.Gaussian(0.5), C: c, Probability: true, Seed: 1}.Fit(x, y)
	if err != nil {
		return err
	}
	b := m.Machines[0]
	// The sigmoid is fitted to the machine's own values, −f(x) here (the
	// machine trains class 0 as +1; f is positive for class 1).
	t.say("probabilities (Platt, 5-fold cross-validated f): P(class 0 | x) = 1/(1 + exp(B − A·f(x))), A = %.3f, B = %.3f", b.ProbA, b.ProbB)
	t.checkTrue("a larger f(x) means a larger probability of class 1 (A < 0)", b.ProbA < 0, fmt.Sprintf("A = %.3f", b.ProbA))
	xt, yt := moons(500, 0.15, 2)
	p, err := m.PredictProba(xt)
	if err != nil {
		return err
	}
	var logLoss float64
	sure, sureRight := 0, 0
	for i, c := range yt {
		pc := p.At(i, c)
		logLoss -= math.Log(pc)
		if pc >= 0.9 || pc <= 0.1 {
			sure++
			if pc >= 0.9 {
				sureRight++
			}
		}
	}
	t.say("on 1000 fresh points: log-loss %.3f per point; %d points at P ≥ 0.9 for a class, %.1f %% of them right",
		logLoss/float64(len(yt)), sure, 100*float64(sureRight)/float64(max(sure, 1)))
	return nil
}

// svmPicture draws the decision regions, f = 0 and the margins f = ±1, and
// rings around the support vectors; f > 0 is class 1's side (the larger
// label, scikit-learn's sign).
func svmPicture(m *learn.SVMClassifierModel, x *matrix.Dense, y []int, name string) *plot.Figure {
	// The plot reaches to x₁ = 4.2 so that the legend sits right of the
	// moons, off the data.
	f := &plot.Figure{Title: fmt.Sprintf("SVM with the %s kernel on two moons", name), XLabel: "x₁", YLabel: "x₂",
		XRange: plot.Range{Min: -1.5, Max: 4.2}, YRange: plot.Range{Min: -1, Max: 1.5}, Legend: plot.LegendUpperRight}
	decide := decisionGrid(m, -1.5, 4.2, -1, 1.5, 240)
	f.ClassRegions(func(a, b float64) int {
		if decide(a, b) > 0 {
			return 1
		}
		return 0
	})
	f.Contour("f(x) = 0", decide, []float64{0}, plot.Style{Color: color.Black})
	f.Contour("f(x) = ±1, the margins", decide, []float64{-1, 1}, plot.Style{Color: color.Black, Dashed: true})
	f.ScatterClasses(x.Col(0), x.Col(1), y, []string{"class 0", "class 1"})
	b := m.Machines[0]
	var sx, sy []float64
	for _, i := range b.Support {
		sx, sy = append(sx, x.At(i, 0)), append(sy, x.At(i, 1))
	}
	f.Scatter("support vectors", sx, sy, plot.Style{Color: color.Black, Marker: plot.MarkerRing})
	return f
}

// decisionGrid evaluates f on a g×g grid with one batched call (which
// uses both cores) and returns a bilinear interpolant of it, so that the
// background and the contours do not call the model once per pixel.
func decisionGrid(m *learn.SVMClassifierModel, x0, x1, y0, y1 float64, g int) func(a, b float64) float64 {
	pts := matrix.New((g+1)*(g+1), 2)
	for i := 0; i <= g; i++ {
		for j := 0; j <= g; j++ {
			pts.Set(i*(g+1)+j, 0, x0+(x1-x0)*float64(i)/float64(g))
			pts.Set(i*(g+1)+j, 1, y0+(y1-y0)*float64(j)/float64(g))
		}
	}
	vals, _ := m.Decision(pts)
	return func(a, b float64) float64 {
		u := math.Max(0, math.Min(float64(g)-1e-9, (a-x0)/(x1-x0)*float64(g)))
		v := math.Max(0, math.Min(float64(g)-1e-9, (b-y0)/(y1-y0)*float64(g)))
		i, j := int(u), int(v)
		fu, fv := u-float64(i), v-float64(j)
		at := func(i, j int) float64 { return vals[i*(g+1)+j] }
		return (1-fu)*(1-fv)*at(i, j) + fu*(1-fv)*at(i+1, j) + (1-fu)*fv*at(i, j+1) + fu*fv*at(i+1, j+1)
	}
}

func accuracy(m *learn.SVMClassifierModel, x *matrix.Dense, y []int) float64 {
	p, _ := m.Predict(x)
	right := 0
	for i := range p {
		if p[i] == y[i] {
			right++
		}
	}
	return float64(right) / float64(len(y))
}

func tourNuSVM(t *tour) error {
	x, y := moons(100, 0.2, 2)
	t.claim("margin errors / n ≤ ν ≤ support vectors / n")
	var nus, fe, fs []float64
	for _, nu := range []float64{0.1, 0.3, 0.5, 0.7, 0.9} {
		m, err := learn.SVM{Type: learn.NuSVC, Nu: nu, Kernel: learn.Gaussian(0.5)}.Fit(x, y)
		if err != nil {
			return err
		}
		b := m.Machines[0]
		t.checkTrue(fmt.Sprintf("ν = %.1f", nu), b.FractionBounded <= nu+1e-9 && nu <= b.FractionSV+1e-9,
			fmt.Sprintf("%.3f ≤ %.1f ≤ %.3f; ρ = %.4f, equivalent C = 1/(ρn) = %.4f", b.FractionBounded, nu, b.FractionSV, b.NuRho, b.EquivalentC))
		nus, fe, fs = append(nus, nu), append(fe, b.FractionBounded), append(fs, b.FractionSV)
	}
	f := &plot.Figure{Title: "ν-SVM (Gaussian kernel) on two moons: ν bounds the fractions", XLabel: "ν", YLabel: "fraction of the training points",
		XRange: plot.Range{Min: 0, Max: 1}, YRange: plot.Range{Min: 0, Max: 1}}
	f.Line("support vectors / n", nus, fs, plot.Style{Color: plot.ClassColor(0), Marker: plot.MarkerCircle})
	f.Line("margin errors / n", nus, fe, plot.Style{Color: plot.ClassColor(1), Marker: plot.MarkerSquare})
	f.Line("ν", []float64{0, 1}, []float64{0, 1}, plot.Style{Color: color.Black, Dashed: true})
	return t.savePlot(f, "nu-svm-bounds")
}

func tourSVR(t *tour) error {
	rng := rand.New(rand.NewPCG(5, 5))
	n := 100
	x := matrix.New(n, 1)
	y := make([]float64, n)
	for i := range n {
		v := 2 * math.Pi * float64(i) / float64(n-1)
		x.Set(i, 0, v)
		y[i] = math.Sin(v) + 0.15*rng.NormFloat64()
	}
	eps := 0.2
	m, err := learn.SVM{Type: learn.EpsSVR, Kernel: learn.Gaussian(1), C: 10, Epsilon: eps}.FitRegression(x, y)
	if err != nil {
		return err
	}
	f, _ := m.Predict(x)
	b := m.Machines[0]
	isSV := map[int]bool{}
	for _, s := range b.Support {
		isSV[s] = true
	}
	inside, outsideOK := 0, true
	for i := range n {
		r := math.Abs(y[i] - f[i])
		if !isSV[i] {
			inside++
			outsideOK = outsideOK && r <= eps+2e-3
		}
	}
	t.claim("points strictly inside the ε-tube have αᵢ = αᵢ* = 0: only points on or outside it are support vectors")
	t.checkTrue("every non-support vector lies within the tube |y − f(x)| ≤ ε", outsideOK, fmt.Sprintf("%d of %d points inside, %d support vectors", inside, n, len(b.Support)))
	nu, err := learn.SVM{Type: learn.NuSVR, Kernel: learn.Gaussian(1), C: 10, Nu: 0.3}.FitRegression(x, y)
	if err != nil {
		return err
	}
	t.say("ν-SVR with ν = 0.3 chose ε = %.4f and %d support vectors (at least νn = %d)", nu.Machines[0].EpsilonFound, len(nu.Machines[0].Support), int(0.3*float64(n)))
	t.checkTrue("ν-SVR: support vectors ≥ νn", float64(len(nu.Machines[0].Support)) >= 0.3*float64(n)-1e-9, fmt.Sprintf("%d ≥ %.0f", len(nu.Machines[0].Support), 0.3*float64(n)))

	xs := x.Col(0)
	lo, hi := make([]float64, n), make([]float64, n)
	for i := range n {
		lo[i], hi[i] = f[i]-eps, f[i]+eps
	}
	fig := &plot.Figure{Title: "ε-SVR on a noisy sine (ε = 0.2, Gaussian kernel)", XLabel: "x", YLabel: "y"}
	fig.Band("ε-tube", xs, lo, hi, plot.Style{Color: plot.ClassColor(0)})
	fig.Line("f(x)", xs, f, plot.Style{Color: plot.ClassColor(0)})
	fig.Scatter("data", xs, y, plot.Style{Color: plot.ClassColor(1)})
	var sx, sy []float64
	for _, i := range b.Support {
		sx, sy = append(sx, xs[i]), append(sy, y[i])
	}
	fig.Scatter("support vectors", sx, sy, plot.Style{Color: color.Black, Marker: plot.MarkerRing})
	return t.savePlot(fig, "svr-sine")
}

func tourSVMDigits(t *tour) error {
	tab, err := t.loadCSV("digits.csv")
	if err != nil {
		return err
	}
	x, yf, _, _ := tab.Split(tab.Data.Cols() - 1)
	y := make([]int, len(yf))
	for i, v := range yf {
		y[i] = int(v)
	}
	ntrain := 1200
	xtr, xte := x.Slice(0, ntrain, 0, x.Cols()), x.Slice(ntrain, x.Rows(), 0, x.Cols())
	var m *learn.SVMClassifierModel
	err = t.step("training 45 one-versus-one SVMs on 1200 digits", func() error {
		var err error
		m, err = learn.SVM{Kernel: learn.Kernel{Type: learn.GaussianKernel, Gamma: 0.001}, C: 10}.Fit(xtr, y[:ntrain])
		return err
	})
	if err != nil {
		return err
	}
	acc := accuracy(m, xte, y[ntrain:])
	t.say("%d machines, one per pair of digits; each test digit gets the class with most votes", len(m.Machines))
	t.checkTrue("one-versus-one test accuracy on the 597 held-out digits", acc >= 0.95, fmt.Sprintf("%.4f ≥ 0.95", acc))
	return nil
}
