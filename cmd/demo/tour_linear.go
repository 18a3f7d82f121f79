package main

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	"mlnotes/cmd/demo/internal/plot"
	"mlnotes/learn"
	"mlnotes/matrix"
)

func init() {
	registerSection(section{order: 55, name: "least-squares", title: "Least squares with basis functions: over-fitting, and ridge taming it",
		notes: `001, "Linear models"; 004, "Linear Least Squares Regression", "Statistical viewpoint of Linear Regression", "Ridge Regression"`, run: tourLeastSquares})
	registerSection(section{order: 57, name: "ridge-path", title: "The ridge coefficient path",
		notes: `004, "Ridge Regression"`, run: tourRidgePath})
	registerSection(section{order: 56, name: "logistic", title: "Logistic regression: boundary, probabilities and the loss",
		notes: `004, "Logistic Regression"`, run: tourLogistic})
	registerSection(section{order: 61, name: "perceptron", title: "Single neurons: the perceptron and AdaLinE",
		notes: `004, "Single Neuron Models"`, run: tourPerceptron})
	registerSection(section{order: 260, name: "feature-selection", title: "Feature selection by correlation and mutual information",
		notes: `002, "Feature Selection"; 004, "Feature Selection"`, run: tourFeatureSelection})
}

func tourLeastSquares(t *tour) error {
	xtr, ytr := noisySine(15, 0.25, 1)
	xte, yte := noisySine(500, 0.25, 2)
	t.say("y = sin(2πx) + noise (σ = 0.25): 15 training points, 500 test points; φ(x) = (x, x², …, x^P)")
	degrees := []float64{}
	var trainMSE, testMSE []float64
	fits := map[int]*learn.LinearModel{}
	for p := 1; p <= 9; p++ {
		m, err := learn.LinearRegression{Basis: learn.Basis{Kind: learn.BasisPoly, Degree: p}}.Fit(xtr, ytr)
		if err != nil {
			return err
		}
		te, err := m.MSE(xte, yte)
		if err != nil {
			return err
		}
		degrees = append(degrees, float64(p))
		trainMSE, testMSE = append(trainMSE, m.Sigma2), append(testMSE, te)
		fits[p] = m
		t.say("degree %d: training MSE %.4f, test MSE %.4f", p, m.Sigma2, te)
	}
	best := slices.Index(testMSE, slices.Min(testMSE)) + 1
	t.checkTrue("the training error never grows with the degree (nested models)", slices.IsSortedFunc(trainMSE, func(a, b float64) int {
		switch {
		case a < b*(1-1e-9):
			return 1
		case a > b*(1+1e-9):
			return -1
		}
		return 0
	}), fmt.Sprintf("%.4g → %.4g", trainMSE[0], trainMSE[8]))
	t.checkTrue("over-fitting: the test error of degree 9 exceeds the best degree's", testMSE[8] > testMSE[best-1],
		fmt.Sprintf("best degree %d, test MSE %.4f; degree 9: %.4f", best, testMSE[best-1], testMSE[8]))
	// Ridge on the degree-9 features.
	const lambda = 1e-3
	rm, err := learn.Ridge{Lambda: lambda, Basis: learn.Basis{Kind: learn.BasisPoly, Degree: 9}}.Fit(xtr, ytr)
	if err != nil {
		return err
	}
	rte, _ := rm.MSE(xte, yte)
	t.say("ridge, degree 9, λ = %g: training MSE %.4f, test MSE %.4f, ‖w‖ = %.3g (least squares: %.3g)", lambda, rm.TrainMSE, rte, matrix.Nrm2(rm.Coef), matrix.Nrm2(fits[9].Coef))
	t.checkTrue("ridge tames degree 9: lower test error than least squares", rte < testMSE[8], fmt.Sprintf("%.4f < %.4f", rte, testMSE[8]))
	// The statistical viewpoint: E[XXᵀ]W = E[XY] with sample averages.
	m3 := fits[3]
	phi, _ := m3.Basis.Transform(xtr)
	a := matrix.New(15, 4)
	for i := range 15 {
		copy(a.Row(i), phi.Row(i))
		a.Set(i, 3, 1)
	}
	w := append(slices.Clone(m3.Coef), m3.Intercept)
	exx, _ := matrix.MulATB(a, a)
	exx = matrix.Scale(1.0/15, exx)
	lhs, _ := matrix.MulVec(exx, w)
	exy, _ := matrix.MulVecT(a, ytr)
	matrix.ScaleVec(1.0/15, exy)
	diff := 0.0
	for i := range lhs {
		diff = max(diff, math.Abs(lhs[i]-exy[i]))
	}
	t.claim("E[XXᵀ]W = E[XY] at the least-squares W (004, \"Statistical viewpoint of Linear Regression\")")
	t.checkTrue("degree 3: E[XXᵀ]W = E[XY] with sample averages", diff < 1e-12, fmt.Sprintf("largest difference %.2g", diff))
	t.say("σ̂² = %.4f, log-likelihood at the optimum −(n/2)(ln 2πσ̂² + 1) = %.4f", m3.Sigma2, m3.LogLikelihood())

	// Pictures: the fits, and the error curves.
	f := &plot.Figure{Title: "Polynomial least squares on a noisy sine", XLabel: "x", YLabel: "y",
		XRange: plot.Range{Min: 0, Max: 1}, YRange: plot.Range{Min: -2, Max: 2}}
	grid := matrix.New(201, 1)
	gx := make([]float64, 201)
	for i := range gx {
		gx[i] = float64(i) / 200
		grid.Set(i, 0, gx[i])
	}
	truth := make([]float64, 201)
	for i, v := range gx {
		truth[i] = math.Sin(2 * math.Pi * v)
	}
	f.Line("sin(2πx)", gx, truth, plot.Style{Color: color.Gray{Y: 120}, Dashed: true})
	for _, p := range []int{1, 3, 9} {
		yy, _ := fits[p].Predict(grid)
		f.Line(fmt.Sprintf("degree %d", p), gx, yy, plot.Style{})
	}
	yr, _ := rm.Predict(grid)
	f.Line(fmt.Sprintf("degree 9, ridge λ = %g", lambda), gx, yr, plot.Style{})
	f.Scatter("training points", xtr.Col(0), ytr, plot.Style{Color: color.Black})
	if err := t.savePlot(f, "least-squares-fits"); err != nil {
		return err
	}
	e := &plot.Figure{Title: "Training and test error against the degree", XLabel: "degree P", YLabel: "mean squared error", LogY: true}
	e.Line("training", degrees, trainMSE, plot.Style{Marker: plot.MarkerCircle})
	e.Line("test", degrees, testMSE, plot.Style{Marker: plot.MarkerCircle})
	e.HLine("test, ridge degree 9", rte, plot.Style{Dashed: true})
	return t.savePlot(e, "least-squares-errors")
}

func tourRidgePath(t *tour) error {
	tab, err := t.loadCSV("diabetes.csv")
	if err != nil {
		return err
	}
	x, y, names, err := tab.Split(tab.Data.Cols() - 1)
	if err != nil {
		return err
	}
	z, _, _, err := matrix.Standardize(x, matrix.Population)
	if err != nil {
		return err
	}
	lambdas := make([]float64, 61)
	for k := range lambdas {
		lambdas[k] = math.Pow(10, -2+6*float64(k)/60)
	}
	path, err := learn.Ridge{}.Path(z, y, lambdas)
	if err != nil {
		return err
	}
	t.say("diabetes (442×10, standardized features): w(λ) for 61 values of λ in [10⁻², 10⁴] from one SVD,")
	t.say("w(λ) = V diag(σᵢ/(σᵢ² + λ)) Uᵀy")
	norms := make([]float64, len(lambdas))
	for k := range lambdas {
		norms[k] = matrix.Nrm2(path.Coef.Row(k))
	}
	t.checkTrue("‖w(λ)‖ decreases as λ grows", slices.IsSortedFunc(norms, func(a, b float64) int {
		if a > b*(1+1e-12) {
			return -1
		}
		if a < b*(1-1e-12) {
			return 1
		}
		return 0
	}), fmt.Sprintf("%.4g at λ = 10⁻² → %.4g at λ = 10⁴", norms[0], norms[60]))
	one, err := learn.Ridge{Lambda: lambdas[30]}.Fit(z, y)
	if err != nil {
		return err
	}
	t.checkClose("the path at λ = 10 equals a Cholesky solve of (AᵀA + λI)w = Aᵀy", relDiff(path.Coef.Row(30), one.Coef), 0, 1e-10)
	// The eigenvalue bound of the notes.
	zc, _, _ := matrix.Center(z)
	s, err := matrix.FactorizeSVD(zc, matrix.SVDValues)
	if err != nil {
		return err
	}
	sig := s.Values()
	smin := sig[len(sig)-1]
	t.claim("every eigenvalue of AᵀA + λI is at least λ")
	t.checkTrue("λ_min(AᵀA + λI) = σ_min² + λ ≥ λ for λ = 1", smin*smin+1 >= 1, fmt.Sprintf("σ_min² = %.4g", smin*smin))
	f := &plot.Figure{Title: "Ridge path on the diabetes data", XLabel: "log₁₀ λ", YLabel: "coefficient (standardized features)"}
	lx := make([]float64, len(lambdas))
	for k, l := range lambdas {
		lx[k] = math.Log10(l)
	}
	for j := range z.Cols() {
		f.Line(names[j], lx, path.Coef.Col(j), plot.Style{})
	}
	return t.savePlot(f, "ridge-path")
}

// relDiff is ‖a − b‖/‖b‖.
func relDiff(a, b []float64) float64 {
	d := slices.Clone(a)
	matrix.Axpy(-1, b, d)
	return matrix.Nrm2(d) / matrix.Nrm2(b)
}

func tourLogistic(t *tour) error {
	tab, err := t.loadCSV("iris.csv")
	if err != nil {
		return err
	}
	// versicolor (1) and virginica (2), petal length and width: labels that
	// are not 0/1.
	var rows [][]float64
	var y []int
	for i := range tab.Data.Rows() {
		if c := int(tab.Data.At(i, 4)); c > 0 {
			rows = append(rows, []float64{tab.Data.At(i, 2), tab.Data.At(i, 3)})
			y = append(y, c)
		}
	}
	x, _ := matrix.NewFromRows(rows)
	const lambda = 1.0
	t.say("iris versicolor (1) against virginica (2) on petal length and width; λ = %g", lambda)
	nm, err := learn.LogisticRegression{Lambda: lambda, Solver: learn.LogRegNewton}.Fit(x, y)
	if err != nil {
		return err
	}
	gm, err := learn.LogisticRegression{Lambda: lambda, Solver: learn.LogRegGD, Tol: 1e-4, MaxIter: 100000}.Fit(x, y)
	if err != nil {
		return err
	}
	lm, err := learn.LogisticRegression{Lambda: lambda, Solver: learn.LogRegLBFGS}.Fit(x, y)
	if err != nil {
		return err
	}
	t.say("Newton (IRLS): %d iterations; L-BFGS: %d; gradient descent with line search: %d; objective %.10g",
		nm.Iterations, lm.Iterations, gm.Iterations, nm.Objective)
	t.say("w = (%.4f, %.4f), b = %.4f", nm.Coef.At(0, 0), nm.Coef.At(0, 1), nm.Intercept[0])
	t.checkClose("the three solvers reach the same objective", lm.Objective, nm.Objective, 1e-10)
	t.checkClose("gradient descent too (to its tolerance 1e-4 on the gradient)", gm.Objective, nm.Objective, 1e-6)
	pred, _ := nm.Predict(x)
	correct := 0
	for i := range y {
		if pred[i] == y[i] {
			correct++
		}
	}
	t.say("training accuracy %d/%d", correct, len(y))
	f := &plot.Figure{Title: "Logistic regression: p(virginica | x)", XLabel: "petal length (cm)", YLabel: "petal width (cm)",
		XRange: plot.Range{Min: 2.5, Max: 7.5}, YRange: plot.Range{Min: 0.8, Max: 2.8}}
	prob := func(a, b float64) float64 {
		z := nm.Coef.At(0, 0)*a + nm.Coef.At(0, 1)*b + nm.Intercept[0]
		return 1 / (1 + math.Exp(-z))
	}
	f.ClassRegions(func(a, b float64) int {
		if prob(a, b) > 0.5 {
			return 1
		}
		return 0
	})
	f.Contour("p = 0.5 (the boundary)", prob, []float64{0.5}, plot.Style{Color: color.Black})
	f.Contour("p = 0.1, 0.9", prob, []float64{0.1, 0.9}, plot.Style{Color: color.Black, Dashed: true})
	classes := make([]int, len(y))
	for i, c := range y {
		classes[i] = c - 1
	}
	f.ScatterClasses(x.Col(0), x.Col(1), classes, []string{"versicolor", "virginica"})
	if err := t.savePlot(f, "logistic-boundary"); err != nil {
		return err
	}
	// The loss curves f(θₖ) − f*.
	l := &plot.Figure{Title: "Logistic regression: f(θₖ) − f* by solver", XLabel: "iteration k", YLabel: "f(θₖ) − f*", LogY: true}
	fstar := nm.Objective
	for _, c := range []struct {
		name string
		loss []float64
	}{{"Newton", nm.Loss}, {"L-BFGS", lm.Loss}, {"gradient descent", gm.Loss[:min(len(gm.Loss), 300)]}} {
		var ks, gap []float64
		for k, v := range c.loss {
			ks, gap = append(ks, float64(k)), append(gap, v-fstar)
		}
		l.Line(c.name, ks, gap, plot.Style{})
	}
	return t.savePlot(l, "logistic-loss")
}

func tourPerceptron(t *tour) error {
	tab, err := t.loadCSV("iris.csv")
	if err != nil {
		return err
	}
	// setosa (0) against versicolor (1) on sepal length and width: separable.
	var rows [][]float64
	var y []int
	for i := range tab.Data.Rows() {
		if c := int(tab.Data.At(i, 4)); c < 2 {
			rows = append(rows, []float64{tab.Data.At(i, 0), tab.Data.At(i, 1)})
			y = append(y, c)
		}
	}
	x, _ := matrix.NewFromRows(rows)
	z, _, _, _ := matrix.Standardize(x, matrix.Population)
	pm, err := learn.Perceptron{Seed: 1}.Fit(z, y)
	if err != nil {
		return err
	}
	t.say("iris setosa against versicolor, sepal length and width (standardized): separable")
	t.say("perceptron: mistakes per epoch %v", pm.Mistakes)
	t.checkTrue("the perceptron converges on separable data (an epoch without a mistake)", pm.Converged,
		fmt.Sprintf("%d epochs", pm.Epochs))
	am, err := learn.Adaline{LearningRate: 0.005, MaxIter: 200, Seed: 1}.Fit(z, y)
	if err != nil {
		return err
	}
	tpm := make([]float64, len(y))
	for i, c := range y {
		tpm[i] = float64(2*c - 1)
	}
	ls, err := learn.LinearRegression{}.Fit(z, tpm)
	if err != nil {
		return err
	}
	t.claim("AdaLinE's LMS rule has the least-squares fit of the ±1 targets as its fixed point")
	d := relDiff(append(slices.Clone(am.Coef), am.Intercept), append(slices.Clone(ls.Coef), ls.Intercept))
	t.checkTrue("AdaLinE (η = 0.005) ends within a few per cent of the least-squares weights", d < 0.05, fmt.Sprintf("relative distance %.3g after %d epochs", d, am.Epochs))
	f := &plot.Figure{Title: "The perceptron's mistakes per epoch", XLabel: "epoch", YLabel: "mistakes"}
	ep := make([]float64, len(pm.Mistakes))
	mk := make([]float64, len(pm.Mistakes))
	for i, v := range pm.Mistakes {
		ep[i], mk[i] = float64(i+1), float64(v)
	}
	f.Line("perceptron", ep, mk, plot.Style{Marker: plot.MarkerCircle})
	if err := t.savePlot(f, "perceptron-mistakes"); err != nil {
		return err
	}
	g := &plot.Figure{Title: "AdaLinE: mean squared error of the linear output per epoch", XLabel: "epoch", YLabel: "MSE", LogY: true}
	ae := make([]float64, len(am.MSE))
	for i := range ae {
		ae[i] = float64(i + 1)
	}
	g.Line("AdaLinE", ae, am.MSE, plot.Style{})
	g.HLine("least squares", ls.Sigma2, plot.Style{Dashed: true})
	return t.savePlot(g, "adaline-mse")
}

func tourFeatureSelection(t *tour) error {
	tab, err := t.loadCSV("wine.csv")
	if err != nil {
		return err
	}
	x, y, names, err := tab.Split(tab.Data.Cols() - 1)
	if err != nil {
		return err
	}
	sp, err := learn.SelectFeatures{Score: learn.ScorePearson, K: 3}.Fit(x, y)
	if err != nil {
		return err
	}
	sm, err := learn.SelectFeatures{Score: learn.ScoreMI, K: 3}.Fit(x, y)
	if err != nil {
		return err
	}
	top := func(s *learn.Selection) []string {
		var out []string
		for _, j := range s.Selected {
			out = append(out, fmt.Sprintf("%s (%.3f)", names[j], s.Scores[j]))
		}
		return out
	}
	t.say("wine (178×13), the cultivar as the target")
	t.say("Pearson's r, best three by |r|: %v", top(sp))
	t.say("mutual information (nats, 10 equal-width bins), best three: %v", top(sm))
	// The notes' identity: the best one-feature affine fit has loss ‖ỹ‖²(1 − r²).
	j := sp.Selected[0]
	col := matrix.New(x.Rows(), 1)
	col.SetCol(0, x.Col(j))
	fit, err := learn.LinearRegression{}.Fit(col, y)
	if err != nil {
		return err
	}
	ym := 0.0
	for _, v := range y {
		ym += v
	}
	ym /= float64(len(y))
	yy := 0.0
	for _, v := range y {
		yy += (v - ym) * (v - ym)
	}
	r := sp.Scores[j]
	t.claim("the loss of the best affine fit on feature j alone is ‖ỹ‖²(1 − rⱼ²) (002, \"Pearson's Correlation Coefficient\")")
	t.checkClose(fmt.Sprintf("%s: n·σ̂² of the one-feature fit = ‖ỹ‖²(1 − r²)", names[j]), float64(len(y))*fit.Sigma2, yy*(1-r*r), 1e-10)
	f := &plot.Figure{Title: "Feature scores on the wine data", XLabel: "feature index", YLabel: "|Pearson r| and MI (nats)",
		XRange: plot.Range{Min: -0.8, Max: float64(len(names)) - 0.2}}
	bars := func(name string, s []float64, off float64, abs bool) {
		for i, v := range s {
			if abs {
				v = math.Abs(v)
			}
			xs := []float64{float64(i) + off - 0.18, float64(i) + off + 0.18}
			n := ""
			if i == 0 {
				n = name
			}
			f.Band(n, xs, []float64{0, 0}, []float64{v, v}, plot.Style{Color: barColor(name)})
		}
	}
	bars("|Pearson r|", sp.Scores, -0.2, true)
	bars("mutual information", sm.Scores, 0.2, false)
	return t.savePlot(f, "feature-scores")
}

func barColor(name string) color.Color {
	if name == "mutual information" {
		return color.RGBA{R: 214, G: 96, B: 77, A: 255}
	}
	return color.RGBA{R: 67, G: 147, B: 195, A: 255}
}
