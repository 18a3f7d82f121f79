package live

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"mlnotes/cmd/demo/internal/plot"
	"mlnotes/learn"
	"mlnotes/matrix"
)

// bayesTopic is the generative page's Bayes classifier (method=bayes):
// demo bayes with -density, -priors and -loss. The loss parameter holds
// the M×M matrix row by row, entries separated by ':' (row i the decision
// αᵢ, column j the true class Cⱼ); a loss other than 0–1 is the file
// loss.csv of the command, offered for download.
func bayesTopic(p *params, files map[string]string, data string) (*Response, error) {
	dens := p.choice("density", "gauss", "gauss", "shared", "kde", "parzen")
	priorsRaw, _ := p.get("priors")
	lossRaw, _ := p.get("loss")
	if p.err != nil {
		return nil, p.err
	}
	ds, err := pointData(p, files, data)
	if err != nil {
		return nil, err
	}
	cfg := learn.Bayes{Density: map[string]learn.ClassDensity{"gauss": learn.GaussDensity, "shared": learn.SharedGaussDensity,
		"kde": learn.KDEDensity, "parzen": learn.ParzenDensity}[dens]}
	words := []string{"bayes", "-density", dens}
	priors, err := readPriors(&cfg, priorsRaw, len(ds.classes))
	if err != nil {
		return nil, err
	}
	p.norm["priors"] = priors
	words = append(words, "-priors", priors)
	loss, lossText, err := readLoss(lossRaw, len(ds.classes))
	if err != nil {
		return nil, err
	}
	p.norm["loss"] = lossText
	var extra []File
	if loss != nil {
		cfg.Loss = loss
		var b strings.Builder
		matrix.WriteCSV(&b, loss, nil) // a strings.Builder does not fail
		extra = append(extra, File{Name: "loss.csv", Text: b.String()})
		words = append(words, "-loss", "loss.csv")
	}
	m, err := cfg.Fit(ds.x, ds.y)
	if err != nil {
		return nil, err
	}
	pred, err := m.Predict(ds.x)
	if err != nil {
		return nil, err
	}
	risk, err := m.Risk(ds.x)
	if err != nil {
		return nil, err
	}
	right, mean := 0, 0.0
	for i, c := range pred {
		if c == ds.y[i] {
			right++
		}
		mean += risk.At(i, classIndex(m.Classes, c))
	}
	acc := float64(right) / float64(len(pred))
	mean /= float64(len(pred))
	res := &Fields{}
	res.Add("command", command(append(words, "-json", ds.path)...))
	res.Add("classes", m.Classes)
	res.Add("priors", m.Priors)
	res.Add("train_accuracy", acc)
	pic, err := bayesPicture(ds, m, fmt.Sprintf("Bayes classifier, %s densities, on %s", dens, data))
	if err != nil {
		return nil, err
	}
	r, err := respond([]*plot.Figure{pic}, []Number{
		{Label: "priors pⱼ", Field: "priors", Text: fmtList(m.Priors)},
		{Label: "training accuracy", Field: "train_accuracy", Text: fmt.Sprintf("%.3f", acc)},
		{Label: "mean conditional risk of the decisions", Text: fmt.Sprintf("%.4g", mean)},
	}, res, 0, 0)
	if err != nil {
		return nil, err
	}
	r.Files = extra
	return ds.attach(r, pic)
}

// readPriors sets the priors of cfg from the priors parameter (demo
// bayes's -priors: empirical, equal or p1,p2,…) and returns its normal
// form.
func readPriors(cfg *learn.Bayes, raw string, m int) (string, error) {
	switch raw {
	case "", "empirical":
		return "empirical", nil
	case "equal":
		cfg.EqualPriors = true
		return raw, nil
	}
	parts := strings.Split(raw, ",")
	out := make([]string, len(parts))
	for i, f := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil {
			return "", fmt.Errorf("priors=%s: want empirical, equal or %d numbers p1,p2,… summing to 1", raw, m)
		}
		cfg.Priors = append(cfg.Priors, v)
		out[i] = fmtFloat(v)
	}
	if len(parts) != m {
		return "", fmt.Errorf("priors=%s: %d numbers for %d classes", raw, len(parts), m)
	}
	return strings.Join(out, ","), nil
}

// readLoss reads the loss parameter, M² entries row by row separated by
// ':'; it returns nil for the 0–1 loss (no file), and the normal form.
func readLoss(raw string, m int) (*matrix.Dense, string, error) {
	l := matrix.New(m, m)
	zeroOne := true
	parts := strings.Split(raw, ":")
	if raw != "" && len(parts) != m*m {
		return nil, "", fmt.Errorf("loss=%s: %d entries, want %d (the %d×%d matrix row by row, row = decision, column = true class)", raw, len(parts), m*m, m, m)
	}
	out := make([]string, m*m)
	for k := range m * m {
		i, j := k/m, k%m
		v := 0.0
		if i != j {
			v = 1
		}
		if raw != "" {
			f, err := strconv.ParseFloat(parts[k], 64)
			if err != nil || !(f >= 0) || math.IsInf(f, 0) {
				return nil, "", fmt.Errorf("loss=%s: entry %d %q is not a finite number ≥ 0", raw, k+1, parts[k])
			}
			zeroOne = zeroOne && f == v
			v = f
		}
		l.Set(i, j, v)
		out[k] = fmtFloat(v)
	}
	if zeroOne {
		l = nil
	}
	return l, strings.Join(out, ":"), nil
}

func classIndex(classes []int, c int) int {
	for j, v := range classes {
		if v == c {
			return j
		}
	}
	return -1
}

// bayesPicture draws the decisions of the classifier as regions in the
// colours of the classes, the boundaries where the least conditional risk
// is shared by two decisions (solid), the boundaries where the largest
// posterior is (dashed: the decisions under the 0–1 loss), and the data.
// Both sets of boundaries are level 0 of margins computed on the grid
// (bayesMargins), interpolated, so that they are smooth.
func bayesPicture(ds *dataSet, m *learn.BayesModel, title string) (*plot.Figure, error) {
	f := ds.frame(title)
	k := len(m.Classes)
	risk, err := bayesMargins(ds.win, k, m.Risk, -1)
	if err != nil {
		return nil, err
	}
	post, err := bayesMargins(ds.win, k, m.PredictProba, 1)
	if err != nil {
		return nil, err
	}
	f.ClassRegions(func(a, b float64) int { return m.Classes[leadingMargin(risk, a, b)] })
	// Every boundary touches a region other than the last class's.
	for _, h := range risk[:k-1] {
		h.contour(f, "", []float64{0}, plot.Style{Color: color.Black})
	}
	for _, g := range post[:k-1] {
		g.contour(f, "", []float64{0}, plot.Style{Color: color.Black, Dashed: true})
	}
	f.ScatterClasses(ds.x.Col(0), ds.x.Col(1), ds.y, classNames(m.Classes))
	ds.markEdits(f)
	return f, nil
}

// bayesMargins evaluates the n×k matrix eval gives (risks or posteriors,
// one column per class) at the nodes of the 60×60 grid of w once and
// returns, for each class j, the margin uⱼ − max_{i≠j} uᵢ of u = s·v
// (s = −1 for risks: min_{i≠j} Rᵢ − Rⱼ; s = 1 for posteriors). Margin j
// is positive where j is the decision and 0 on its boundary; for two
// classes margin 0 of the risks is R₁ − R₀.
func bayesMargins(w window, k int, eval func(*matrix.Dense) (*matrix.Dense, error), s float64) ([]*sampled, error) {
	var v *matrix.Dense
	first, err := evalGrid(w, 60, func(pts *matrix.Dense) ([]float64, error) {
		var err error
		if v, err = eval(pts); err != nil {
			return nil, err
		}
		return margin(v, 0, s), nil
	})
	if err != nil {
		return nil, err
	}
	out := []*sampled{first}
	for j := 1; j < k; j++ {
		out = append(out, &sampled{w, first.g, margin(v, j, s)})
	}
	return out, nil
}

// margin returns s·v_{ij} − max_{l≠j} s·v_{il} for every row i of v.
func margin(v *matrix.Dense, j int, s float64) []float64 {
	out := make([]float64, v.Rows())
	for i := range out {
		best := math.Inf(-1)
		for l := range v.Cols() {
			if l != j {
				best = math.Max(best, s*v.At(i, l))
			}
		}
		out[i] = s*v.At(i, j) - best
	}
	return out
}

// leadingMargin returns the first class whose interpolated margin is not
// negative at (a, b) (ties go to the smaller label, as Predict's), or the
// one of the largest margin where the interpolants all fall below 0
// between nodes.
func leadingMargin(margins []*sampled, a, b float64) int {
	best, bv := 0, math.Inf(-1)
	for j, h := range margins {
		v := h.at(a, b)
		if v >= 0 {
			return j
		}
		if v > bv {
			best, bv = j, v
		}
	}
	return best
}
