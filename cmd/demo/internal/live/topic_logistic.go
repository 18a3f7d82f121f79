package live

import (
	"fmt"
	"image/color"
	"math"

	"mlnotes/cmd/demo/internal/plot"
	"mlnotes/learn"
	"mlnotes/matrix"
)

func init() { topics["logistic"] = logisticTopic }

// logisticTopic shows logistic regression's boundary on 2-D data (demo
// logreg) and, as a step-through, gradient descent, momentum and Adam on
// the loss of logistic regression on the first feature alone, f(w, b)
// (demo logreg -drop x2 -descent …).
func logisticTopic(p *params, files map[string]string) (*Response, error) {
	data := p.choice("data", "moons", "moons", "xor", "blobs")
	lambda := p.nonNegative("lambda", 1, 1e6)
	lr := p.float("lr", 0.005, 0, 10)
	beta := p.nonNegative("momentum", 0.9, 0.999)
	adamLR := p.float("adam-lr", 0.05, 0, 10)
	iters := p.integer("iters", 60, 1, 1000)
	step := p.integer("step", -1, 1, 1e6)
	if p.err != nil {
		return nil, p.err
	}
	if step > iters {
		return nil, fmt.Errorf("step=%d: beyond the last step (%d iterations)", step, iters)
	}
	shown := iters
	if step > 0 {
		shown = step
	}
	ds, err := pointData(p, files, data)
	if err != nil {
		return nil, err
	}
	x, y := ds.x, ds.y
	// The fits are kept (cache.go): a step or a change of lr, β or the
	// iterations redraws without fitting again, and the loss surface of
	// descentPicture depends on the data and λ alone.
	key := fmt.Sprintf("logistic %v %s ", lambda, ds.key)
	m, err := memo(key+"fit", func() (*learn.LogisticModel, error) { return learn.LogisticRegression{Lambda: lambda}.Fit(x, y) })
	if err != nil {
		return nil, err
	}
	acc, err := trainingAccuracy(m, x, y)
	if err != nil {
		return nil, err
	}
	res := &Fields{}
	res.Add("command", command("logreg", "-lambda", fmtFloat(lambda), "-json", ds.path))
	res.Add("classes", m.Classes)
	res.Add("coef", [][]float64{m.Coef.Row(0)})
	res.Add("intercept", m.Intercept)
	res.Add("objective", m.Objective)
	res.Add("iterations", m.Iterations)
	res.Add("solver", string(m.Solver))
	res.Add("train_accuracy", acc)
	d, err := memo(key+fmt.Sprintf("descent %v %v %v %d", lr, beta, adamLR, iters), func() (*descent, error) {
		return descentOnFirstFeature(x, y, lambda, lr, beta, adamLR, iters)
	})
	if err != nil {
		return nil, err
	}
	var also []*Fields
	nums := []Number{
		{Label: "weights w", Field: "coef", Text: fmt.Sprintf("(%.4f, %.4f)", m.Coef.At(0, 0), m.Coef.At(0, 1))},
		{Label: "intercept b", Field: "intercept", Text: fmt.Sprintf("%.4f", m.Intercept[0])},
		{Label: "objective Σ −log p + (λ/2)‖w‖²", Field: "objective", Text: fmt.Sprintf("%.6g", m.Objective)},
		{Label: "Newton iterations", Field: "iterations", Text: fmt.Sprint(m.Iterations)},
		{Label: "training accuracy", Field: "train_accuracy", Text: fmt.Sprintf("%.3f", acc)},
		{Label: "descent on x₁ alone: iteration", Text: fmt.Sprintf("%d of %d", shown, iters)},
		{Label: "x₁ alone: minimum f(w*, b*) (Newton)", Text: fmt.Sprintf("%.6g", d.best.Objective)},
	}
	for i, pa := range d.paths {
		k := min(shown, len(pa.F)-1)
		text := fmt.Sprintf("%.6g", pa.F[k])
		if k < shown {
			text += fmt.Sprintf(" (diverged after iteration %d)", k)
		} else {
			rate := lr
			if pa.Method == "adam" {
				rate = adamLR
			}
			words := []string{"logreg", "-drop", "x2", "-lambda", fmtFloat(lambda), "-descent", pa.Method, "-lr", fmtFloat(rate)}
			if pa.Method == "momentum" {
				words = append(words, "-momentum", fmtFloat(beta))
			}
			f := &Fields{}
			f.Add("command", command(append(words, "-max-iter", fmt.Sprint(shown), "-json", ds.path)...))
			f.Add("path", pa.X[:k+1])
			f.Add("loss", pa.F[:k+1])
			f.Add("objective", pa.F[k])
			// The path lists every iterate: a step's rounding is carried
			// into the next ones, so after k non-expanding steps the
			// iterates may differ by k steps' worth (rounding.go).
			f.Add("rounding", roundingEntry(float64(k), 0))
			also = append(also, f)
		}
		nums = append(nums, Number{Label: fmt.Sprintf("%s: f(w_k, b_k)", descentNames[i]), Field: "objective", Text: text})
	}
	if len(also) > 0 {
		res.Add("also", also)
	}
	pic := logisticRegions(ds, m, fmt.Sprintf("logistic regression on %s, λ = %g", data, lambda))
	r, err := respond([]*plot.Figure{pic, descentPicture(d, shown, data, lambda, key+"loss")}, nums, res, iters, shown)
	if err != nil {
		return nil, err
	}
	return ds.attach(r, pic)
}

// descentNames are the legend's names of DescentMethods.
var descentNames = []string{"gradient descent", "momentum", "Adam"}

// descent is the step-through: the loss of logistic regression on the
// first feature, its minimum and the three methods' paths on it.
type descent struct {
	loss  *learn.LogisticLoss
	best  *learn.LogisticModel
	paths []*DescentPath
}

// descentOnFirstFeature runs gradient descent and the heavy ball (step lr,
// momentum β) and Adam (rate adamLR) on f(w, b), the loss of logistic
// regression with penalty λ on the first column of x, for iters
// iterations from (0, 0), and finds the minimum by Newton's method.
func descentOnFirstFeature(x *matrix.Dense, y []int, lambda, lr, beta, adamLR float64, iters int) (*descent, error) {
	x1 := x.Slice(0, x.Rows(), 0, 1).Clone()
	loss, err := learn.NewLogisticLoss(x1, y, lambda)
	if err != nil {
		return nil, err
	}
	best, err := learn.LogisticRegression{Lambda: lambda}.Fit(x1, y)
	if err != nil {
		return nil, err
	}
	d := &descent{loss: loss, best: best}
	for _, meth := range DescentMethods {
		rate := lr
		if meth == "adam" {
			rate = adamLR
		}
		pa, err := RunDescent(loss, meth, rate, beta, iters)
		if err != nil {
			return nil, err
		}
		d.paths = append(d.paths, pa)
	}
	return d, nil
}

// descentPicture draws the contours of f(w, b) and the first shown
// iterations of every path.
func descentPicture(d *descent, shown int, data string, lambda float64, key string) *plot.Figure {
	ws, bs := d.best.Coef.At(0, 0), d.best.Intercept[0]
	r := 0.9*math.Max(math.Abs(ws), math.Abs(bs)) + 0.3
	cw, cb := ws/2, bs/2
	// The paths run from (0, 0) to (w*, b*): the legend goes in a corner
	// off that diagonal.
	legend := plot.LegendLowerLeft // w* > 0 > b*: from the upper left to the lower right
	if (ws >= 0) == (bs >= 0) {
		legend = plot.LegendUpperLeft
	}
	f := &plot.Figure{Title: fmt.Sprintf("f(w, b) of logistic regression on x₁ of %s, λ = %g: iteration %d", data, lambda, shown), XLabel: "w", YLabel: "b",
		Width: 560, Height: 440, XRange: plot.Range{Min: cw - r, Max: cw + r}, YRange: plot.Range{Min: cb - r, Max: cb + r}, Legend: legend}
	theta := make([]float64, 2)
	value := func(a, b float64) float64 {
		theta[0], theta[1] = a, b
		return d.loss.Value(theta)
	}
	fmin, f0 := d.best.Objective, value(0, 0)
	spread := math.Max(f0-fmin, 1e-9)
	var levels []float64
	for v := 1e-3; v < 50; v *= 2.5 {
		levels = append(levels, fmin+spread*v)
	}
	// The contours are traced by marching squares on f's values at the
	// nodes of a 40×40 grid (as the regions above), computed once for the data
	// and λ (key): plot's Contour sampled f every 3 pixels, three quarters
	// of a redraw, again at every step.
	grid, err := memo(key, func() (*sampled, error) {
		return evalGrid(window{cw - r, cw + r, cb - r, cb + r}, 40, func(pts *matrix.Dense) ([]float64, error) {
			v := make([]float64, pts.Rows())
			for i := range v {
				v[i] = value(pts.At(i, 0), pts.At(i, 1))
			}
			return v, nil
		})
	})
	if err == nil {
		grid.contour(f, "", levels, plot.Style{Color: color.Gray{Y: 170}, Width: 1})
	}
	colors := []color.NRGBA{plot.ClassColor(0), plot.ClassColor(1), {R: 220, G: 30, B: 160, A: 255}}
	for i, pa := range d.paths {
		k := min(shown, len(pa.F)-1)
		xs, ys := make([]float64, k+1), make([]float64, k+1)
		for j, th := range pa.X[:k+1] {
			xs[j], ys[j] = th[0], th[1]
		}
		f.Line(descentNames[i], clip(xs, cw, 3*r), clip(ys, cb, 3*r), plot.Style{Color: colors[i], Marker: plot.MarkerCircle, MarkerSize: 2.5, Width: 1.5})
	}
	f.Scatter("minimum (Newton)", []float64{ws}, []float64{bs}, plot.Style{Color: color.Black, Marker: plot.MarkerCross, MarkerSize: 6})
	return f
}

// clip breaks a path where it leaves the window by far (a diverging run):
// v farther than r from c.
func clip(v []float64, c, r float64) []float64 {
	out := make([]float64, len(v))
	for i, a := range v {
		out[i] = a
		if math.Abs(a-c) > r {
			out[i] = math.NaN()
		}
	}
	return out
}

// logisticRegions draws the predicted classes, the boundary p = ½ and the
// data, the points added or moved ringed.
func logisticRegions(ds *dataSet, m *learn.LogisticModel, title string) *plot.Figure {
	x, y := ds.x, ds.y
	f := ds.frame(title)
	prob, err := gridFunc(ds.win, 40, func(pts *matrix.Dense) ([]float64, error) {
		pr, err := m.PredictProba(pts)
		if err != nil {
			return nil, err
		}
		return pr.Col(1), nil
	})
	if err != nil {
		return f
	}
	f.ClassRegions(func(a, b float64) int {
		if prob(a, b) > 0.5 {
			return 1
		}
		return 0
	})
	f.Contour("p = ½", prob, []float64{0.5}, plot.Style{Color: color.Black})
	f.Contour("p = 0.1, 0.9", prob, []float64{0.1, 0.9}, plot.Style{Color: color.Gray{Y: 80}, Dashed: true})
	f.ScatterClasses(x.Col(0), x.Col(1), y, []string{"class 0", "class 1"})
	ds.markEdits(f)
	return f
}
