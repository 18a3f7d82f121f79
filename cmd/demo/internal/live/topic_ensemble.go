package live

import (
	"fmt"
	"math"

	"mlnotes/cmd/demo/internal/plot"
	"mlnotes/learn"
	"mlnotes/matrix"
)

func init() { topics["ensemble"] = adaBoostTopic }

// adaBoostTopic shows AdaBoost with decision stumps round by round: the
// model after m rounds is the fit with M = m (demo adaboost -rounds m).
func adaBoostTopic(p *params, files map[string]string) (*Response, error) {
	data := p.choice("data", "moons", "moons", "xor", "blobs")
	rounds := p.integer("rounds", 30, 1, 500)
	step := p.integer("step", -1, 1, 1e6)
	if p.err != nil {
		return nil, p.err
	}
	if step > rounds {
		return nil, fmt.Errorf("step=%d: beyond the last step (%d rounds)", step, rounds)
	}
	ds, err := pointData(p, files, data)
	if err != nil {
		return nil, err
	}
	x, y := ds.x, ds.y
	shown := rounds
	if step > 0 {
		shown = step
	}
	full, err := learn.AdaBoost{Rounds: rounds}.Fit(x, y)
	if err != nil {
		return nil, err
	}
	m, err := learn.AdaBoost{Rounds: shown}.Fit(x, y)
	if err != nil {
		return nil, err
	}
	if len(m.Rounds) < shown {
		shown = len(m.Rounds)
	}
	var xi, alpha, half, trainErr []float64
	for _, r := range m.Rounds {
		xi, alpha, half, trainErr = append(xi, r.Error), append(alpha, r.Alpha), append(half, r.HalfWeight), append(trainErr, r.TrainError)
	}
	res := &Fields{}
	res.Add("command", command("adaboost", "-rounds", fmt.Sprint(shown), "-json", ds.path))
	res.Add("rounds", len(m.Rounds))
	res.Add("errors", xi)
	res.Add("alphas", alpha)
	res.Add("half_weight", half)
	res.Add("train_errors", trainErr)
	w, err := adaWeights(m, x, y)
	if err != nil {
		return nil, err
	}
	var ferr []float64
	for _, r := range full.Rounds {
		ferr = append(ferr, r.TrainError)
	}
	pic := adaPicture(ds, m, w, fmt.Sprintf("AdaBoost, %d of %d rounds of stumps on %s", shown, len(full.Rounds), data))
	figs := []*plot.Figure{pic, logTrace("training error of the vote after each round", "round", "training error", ferr, shown)}
	last := m.Rounds[len(m.Rounds)-1]
	r, err := respond(figs, []Number{
		{Label: "round", Field: "rounds", Text: fmt.Sprintf("%d of %d", len(m.Rounds), len(full.Rounds))},
		{Label: "this round's weighted error ξₘ", Field: "errors", Text: fmt.Sprintf("%.4f", last.Error)},
		{Label: "its vote αₘ", Field: "alphas", Text: fmt.Sprintf("%.4f", last.Alpha)},
		{Label: "weight on its mistakes afterwards (½)", Field: "half_weight", Text: fmt.Sprintf("%.15g", last.HalfWeight)},
		{Label: "training error of the vote", Field: "train_errors", Text: fmt.Sprintf("%.3f", last.TrainError)},
	}, res, len(full.Rounds), shown)
	if err != nil {
		return nil, err
	}
	return ds.attach(r, pic)
}

// adaWeights replays the sample weights after the model's last round:
// every round puts half the weight on the points its member got wrong and
// half on the others (each side keeps its proportions), which is the
// notes' update wᵢ ← wᵢ exp(∓αₘ) normalized, with αₘ = ½ ln((1 − ξₘ)/ξₘ).
func adaWeights(m *learn.AdaBoostModel, x *matrix.Dense, y []int) ([]float64, error) {
	n := len(y)
	w := make([]float64, n)
	for i := range w {
		w[i] = 1 / float64(n)
	}
	for _, h := range m.Members() {
		pred, err := h.Predict(x)
		if err != nil {
			return nil, err
		}
		wrong := 0.0
		for i := range n {
			if pred[i] != y[i] {
				wrong += w[i]
			}
		}
		if wrong <= 0 || wrong >= 1 {
			break
		}
		for i := range n {
			if pred[i] != y[i] {
				w[i] /= 2 * wrong
			} else {
				w[i] /= 2 * (1 - wrong)
			}
		}
	}
	return w, nil
}

// adaPicture draws the vote's regions and the points sized by their weight
// for the next round (area proportional to the weight).
func adaPicture(ds *dataSet, m *learn.AdaBoostModel, w []float64, title string) *plot.Figure {
	x, y := ds.x, ds.y
	f := ds.frame(title)
	vote, err := gridFunc(ds.win, 60, func(pts *matrix.Dense) ([]float64, error) {
		p, err := m.Predict(pts)
		out := make([]float64, len(p))
		for i, c := range p {
			out[i] = float64(c)
		}
		return out, err
	})
	if err != nil {
		return f
	}
	f.ClassRegions(func(a, c float64) int { return int(math.Round(vote(a, c))) })
	mean := 1 / float64(len(w))
	for i := range w {
		r := 3 * math.Sqrt(w[i]/mean)
		f.Scatter("", []float64{x.At(i, 0)}, []float64{x.At(i, 1)}, plot.Style{Color: plot.ClassColor(y[i]), MarkerSize: math.Max(1, math.Min(r, 30))})
	}
	ds.markEdits(f)
	return f
}
