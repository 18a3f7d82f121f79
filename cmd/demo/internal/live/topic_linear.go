package live

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"mlnotes/cmd/demo/internal/plot"
	"mlnotes/learn"
	"mlnotes/matrix"
)

func init() { topics["linear"] = linearTopic }

// regressionTable reads a site data set whose last column is a numeric
// target (demo ridge's default -target) and returns the names of the
// feature columns.
func regressionTable(files map[string]string, name string) (*matrix.Dense, []float64, []string, error) {
	path := dataPath(name)
	text, err := file(files, path)
	if err != nil {
		return nil, nil, nil, err
	}
	t, err := matrix.ReadCSV(strings.NewReader(text))
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%s: %v", path, err)
	}
	n, d := t.Data.Dims()
	if d < 2 {
		return nil, nil, nil, fmt.Errorf("%s: want features and a target column", path)
	}
	x := t.Data.Slice(0, n, 0, d-1).Clone()
	var names []string
	if t.Names != nil {
		names = t.Names[:d-1]
	}
	return x, t.Data.Col(d - 1), names, nil
}

// linearTopic fits ridge regression with basis functions to the noisy
// sine (demo ridge -basis …) and scores the diabetes features (demo
// select).
func linearTopic(p *params, files map[string]string) (*Response, error) {
	p.choice("data", "sine", "sine")
	basis := p.choice("basis", "poly", "poly", "gauss", "none")
	var b learn.Basis
	args := []string{"ridge", "-lambda", "", "-basis", basis}
	switch basis {
	case "poly":
		deg := p.integer("degree", 9, 1, 20)
		p.refuse("centers", "-basis poly")
		b = learn.Basis{Kind: learn.BasisPoly, Degree: deg}
		args = append(args, "-degree", fmt.Sprint(deg))
	case "gauss":
		c := p.integer("centers", 9, 1, 50)
		p.refuse("degree", "-basis gauss")
		b = learn.Basis{Kind: learn.BasisGauss, Centers: c}
		args = append(args, "-centers", fmt.Sprint(c))
	default:
		p.refuse("degree", "-basis none")
		p.refuse("centers", "-basis none")
	}
	lambda := p.nonNegative("lambda", 1e-3, 1e6)
	args[2] = fmtFloat(lambda)
	score := p.choice("score", "pearson", "pearson", "mi")
	if p.err != nil {
		return nil, p.err
	}
	xtr, ytr, _, err := regressionTable(files, "sine")
	if err != nil {
		return nil, err
	}
	xte, yte, _, err := regressionTable(files, "sine-test")
	if err != nil {
		return nil, err
	}
	xd, yd, names, err := regressionTable(files, "diabetes")
	if err != nil {
		return nil, err
	}
	m, err := learn.Ridge{Lambda: lambda, Basis: b}.Fit(xtr, ytr)
	if err != nil {
		return nil, err
	}
	trainMSE, err := cliMSE(m, xtr, ytr)
	if err != nil {
		return nil, err
	}
	testMSE, err := cliMSE(m, xte, yte)
	if err != nil {
		return nil, err
	}
	sel, err := learn.SelectFeatures{Score: learn.FeatureScore(score), Bins: 10}.Fit(xd, yd)
	if err != nil {
		return nil, err
	}
	res := &Fields{}
	res.Add("command", command(append(args, "-test", dataPath("sine-test"), "-json", dataPath("sine"))...))
	res.Add("coef", m.Coef)
	res.Add("intercept", m.Intercept)
	res.Add("lambda", m.Lambda)
	res.Add("train_mse", trainMSE)
	res.Add("test_mse", testMSE)
	if k, err := ridgeCondition(b, xtr, lambda); err == nil && roundingEntry(k, 0) != nil {
		res.Add("rounding", roundingEntry(k, 0))
	}
	sf := &Fields{}
	sf.Add("command", command("select", "-score", score, "-json", dataPath("diabetes")))
	sf.Add("scores", sel.Scores)
	sf.Add("ranking", sel.Ranking)
	sf.Add("selected", sel.Selected)
	res.Add("also", []*Fields{sf})
	figs := []*plot.Figure{linearFit(xtr, ytr, xte, yte, m, basis, lambda), selectBars(sel, names, score)}
	nums := []Number{
		{Label: "weights w (one per basis function)", Field: "coef", Text: fmt.Sprintf("%d, ‖w‖ = %.4g", len(m.Coef), matrix.Nrm2(m.Coef))},
		{Label: "intercept b", Field: "intercept", Text: fmt.Sprintf("%.4f", m.Intercept)},
		{Label: "training MSE (15 points)", Field: "train_mse", Text: fmt.Sprintf("%.4f", trainMSE)},
		{Label: "test MSE (500 new points)", Field: "test_mse", Text: fmt.Sprintf("%.4f", testMSE)},
	}
	for _, j := range sel.Ranking[:3] {
		nums = append(nums, Number{Label: fmt.Sprintf("diabetes: %s score of %s", score, names[j]), Field: "scores",
			Text: fmt.Sprintf("%.4f", sel.Scores[j])})
	}
	return respond(figs, nums, res, 0, 0)
}

// cliMSE is the mean squared error as demo's supervised commands compute
// it (each square rounded before it is added), so that the page's number is
// the command's to the last bit.
func cliMSE(m learn.Regressor, x *matrix.Dense, y []float64) (float64, error) {
	p, err := m.Predict(x)
	if err != nil {
		return 0, err
	}
	s := 0.0
	for i := range y {
		s += float64((p[i] - y[i]) * (p[i] - y[i]))
	}
	return s / float64(len(y)), nil
}

// linearFit draws the training and test points, sin 2πx and the fitted
// curve.
func linearFit(xtr *matrix.Dense, ytr []float64, xte *matrix.Dense, yte []float64, m *learn.RidgeModel, basis string, lambda float64) *plot.Figure {
	f := &plot.Figure{Title: fmt.Sprintf("ridge regression, basis %s, λ = %g", basis, lambda), XLabel: "x", YLabel: "y", Width: 560, Height: 400,
		XRange: plot.Range{Min: 0, Max: 1}, YRange: plot.Range{Min: -2, Max: 2}, Legend: plot.LegendNone}
	const g = 200
	grid := matrix.New(g+1, 1)
	gx, truth := make([]float64, g+1), make([]float64, g+1)
	for i := range gx {
		gx[i] = float64(i) / g
		grid.Set(i, 0, gx[i])
		truth[i] = math.Sin(2 * math.Pi * gx[i])
	}
	f.Scatter("test", xte.Col(0), yte, plot.Style{Color: color.Gray{Y: 190}, MarkerSize: 1.5})
	f.Line("sin 2πx", gx, truth, plot.Style{Color: color.Gray{Y: 110}, Dashed: true})
	if fit, err := m.Predict(grid); err == nil {
		for i, v := range fit { // off the window: broken, not clipped into a wall
			if math.Abs(v) > 4 {
				fit[i] = math.NaN()
			}
		}
		f.Line("h(x) = wᵀφ(x) + b", gx, fit, plot.Style{Color: plot.ClassColor(0), Width: 2.5})
	}
	f.Scatter("training", xtr.Col(0), ytr, plot.Style{Color: color.Black, MarkerSize: 4})
	return f
}

// selectBars draws the feature scores as bars, feature names under them.
func selectBars(sel *learn.Selection, names []string, score string) *plot.Figure {
	title := "diabetes: Pearson's r of each feature with the target"
	if score == "mi" {
		title = "diabetes: mutual information (nats) of each feature with the target"
	}
	lo, hi := 0.0, 0.0
	for _, s := range sel.Scores {
		lo, hi = math.Min(lo, s), math.Max(hi, s)
	}
	pad := 0.15 * (hi - lo)
	f := &plot.Figure{Title: title, XLabel: "feature", YLabel: score, Width: 560, Height: 300, Legend: plot.LegendNone,
		XRange: plot.Range{Min: -0.7, Max: float64(len(sel.Scores)) - 0.3}, YRange: plot.Range{Min: lo - pad, Max: hi + pad}}
	for j, s := range sel.Scores {
		x := float64(j)
		f.Band("", []float64{x - 0.35, x + 0.35}, []float64{0, 0}, []float64{s, s}, plot.Style{Color: plot.ClassColor(0), Width: 1})
		label := fmt.Sprint(j)
		if j < len(names) {
			label = names[j]
		}
		y := s + 0.04*(hi-lo)
		if s < 0 {
			y = s - 0.08*(hi-lo)
		}
		f.Annotate(x, y, label, plot.AlignCenter)
	}
	f.HLine("", 0, plot.Style{Color: color.Gray{Y: 90}, Width: 1})
	return f
}
