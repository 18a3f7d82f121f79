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

// bayesPicture draws the decisions of the classifier as regions (for two
// classes from the difference of the conditional risks R₁ − R₀ on the
// grid, interpolated, so that the boundary is smooth and drawn solid), the
// boundary where the posteriors are equal (the decision under the 0–1
// loss) dashed, and the data.
func bayesPicture(ds *dataSet, m *learn.BayesModel, title string) (*plot.Figure, error) {
	f := ds.frame(title)
	if len(m.Classes) != 2 {
		decide, err := gridFunc(ds.win, 60, func(pts *matrix.Dense) ([]float64, error) {
			pred, err := m.Predict(pts)
			v := make([]float64, len(pred))
			for i, c := range pred {
				v[i] = float64(classIndex(m.Classes, c))
			}
			return v, err
		})
		if err != nil {
			return nil, err
		}
		f.ClassRegions(func(a, b float64) int { return m.Classes[int(math.Round(decide(a, b)))] })
	} else {
		diff, err := evalGrid(ds.win, 60, func(pts *matrix.Dense) ([]float64, error) {
			r, err := m.Risk(pts)
			if err != nil {
				return nil, err
			}
			v := make([]float64, r.Rows())
			for i := range v {
				v[i] = r.At(i, 1) - r.At(i, 0)
			}
			return v, nil
		})
		if err != nil {
			return nil, err
		}
		f.ClassRegions(func(a, b float64) int {
			if diff.at(a, b) < 0 { // ties go to the smaller label, as Predict's
				return m.Classes[1]
			}
			return m.Classes[0]
		})
		diff.contour(f, "R₀ = R₁", []float64{0}, plot.Style{Color: color.Black})
		post, err := evalGrid(ds.win, 60, func(pts *matrix.Dense) ([]float64, error) {
			q, err := m.PredictProba(pts)
			if err != nil {
				return nil, err
			}
			return q.Col(0), nil
		})
		if err != nil {
			return nil, err
		}
		post.contour(f, "q₀ = q₁", []float64{0.5}, plot.Style{Color: color.Black, Dashed: true})
	}
	f.ScatterClasses(ds.x.Col(0), ds.x.Col(1), ds.y, []string{"class 0", "class 1"})
	ds.markEdits(f)
	return f, nil
}
