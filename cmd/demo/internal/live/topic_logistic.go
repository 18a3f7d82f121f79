package live

import (
	"fmt"
	"image/color"
	"math"

	"mlnotes/cmd/demo/internal/plot"
	"mlnotes/learn"
	"mlnotes/matrix"
	"mlnotes/optimize"
)

func init() { topics["logistic"] = logisticTopic }

// logisticTopic shows logistic regression's boundary on 2-D data (demo
// logreg) and, as a step-through, gradient descent, momentum and Adam on a
// quadratic loss surface of two weights.
func logisticTopic(p *params, files map[string]string) (*Response, error) {
	data := p.choice("data", "moons", "moons", "xor", "blobs")
	lambda := p.nonNegative("lambda", 1, 1e6)
	lr := p.float("lr", 0.15, 0, 10)
	beta := p.nonNegative("momentum", 0.9, 0.999)
	kappa := p.float("kappa", 10, 0.999999, 1e4)
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
	x, y, err := labelled(files, data)
	if err != nil {
		return nil, err
	}
	m, err := learn.LogisticRegression{Lambda: lambda}.Fit(x, y)
	if err != nil {
		return nil, err
	}
	pred, err := m.Predict(x)
	if err != nil {
		return nil, err
	}
	right := 0
	for i := range pred {
		if pred[i] == y[i] {
			right++
		}
	}
	acc := float64(right) / float64(len(y))
	res := &Fields{}
	res.Add("command", command("logreg", "-lambda", fmtFloat(lambda), "-json", dataPath(data)))
	res.Add("classes", m.Classes)
	res.Add("coef", [][]float64{m.Coef.Row(0)})
	res.Add("intercept", m.Intercept)
	res.Add("objective", m.Objective)
	res.Add("iterations", m.Iterations)
	res.Add("solver", string(m.Solver))
	res.Add("train_accuracy", acc)
	q := newQuadratic(kappa)
	paths, err := descentPaths(q, lr, beta, iters)
	if err != nil {
		return nil, err
	}
	figs := []*plot.Figure{logisticRegions(x, y, m, fmt.Sprintf("logistic regression on %s, λ = %g", data, lambda)),
		descentPicture(q, paths, shown, kappa)}
	nums := []Number{
		{Label: "weights w", Field: "coef", Text: fmt.Sprintf("(%.4f, %.4f)", m.Coef.At(0, 0), m.Coef.At(0, 1))},
		{Label: "intercept b", Field: "intercept", Text: fmt.Sprintf("%.4f", m.Intercept[0])},
		{Label: "objective Σ −log p + (λ/2)‖w‖²", Field: "objective", Text: fmt.Sprintf("%.6g", m.Objective)},
		{Label: "Newton iterations", Field: "iterations", Text: fmt.Sprint(m.Iterations)},
		{Label: "training accuracy", Field: "train_accuracy", Text: fmt.Sprintf("%.3f", acc)},
		{Label: "descent: iteration", Text: fmt.Sprintf("%d of %d", shown, iters)},
	}
	for _, pa := range paths {
		k := min(shown, len(pa.f)-1)
		nums = append(nums, Number{Label: fmt.Sprintf("%s: f(x_k)", pa.name), Text: fmt.Sprintf("%.3e", pa.f[k])})
	}
	return respond(figs, nums, res, iters, shown)
}

// quadratic is f(x) = ½ xᵀHx with H of eigenvalues 1 and κ along axes
// turned by 30°: the loss surface of the step-through, its condition
// number κ a control.
type quadratic struct{ h [2][2]float64 }

func newQuadratic(kappa float64) quadratic {
	c, s := math.Cos(math.Pi/6), math.Sin(math.Pi/6)
	// H = R diag(1, κ) Rᵀ.
	return quadratic{h: [2][2]float64{{c*c + kappa*s*s, c * s * (1 - kappa)}, {c * s * (1 - kappa), s*s + kappa*c*c}}}
}

func (q quadratic) value(a, b float64) float64 {
	return 0.5 * (q.h[0][0]*a*a + 2*q.h[0][1]*a*b + q.h[1][1]*b*b)
}

// ValueGrad is the optimize.Objective.
func (q quadratic) ValueGrad(x, g []float64) float64 {
	g[0] = q.h[0][0]*x[0] + q.h[0][1]*x[1]
	g[1] = q.h[1][0]*x[0] + q.h[1][1]*x[1]
	return q.value(x[0], x[1])
}

// Samples and BatchValueGrad make it a one-sample
// optimize.StochasticObjective, for Adam (every update full-batch).
func (q quadratic) Samples() int { return 1 }

// BatchValueGrad is ValueGrad (one sample).
func (q quadratic) BatchValueGrad(x, g []float64, _ []int) float64 { return q.ValueGrad(x, g) }

// path is the iterates of one method, recorded by its Trace.
type path struct {
	name   string
	x1, x2 []float64
	f      []float64
	color  color.NRGBA
}

func (pa *path) record(s optimize.Step) {
	pa.x1, pa.x2, pa.f = append(pa.x1, s.X[0]), append(pa.x2, s.X[1]), append(pa.f, s.F)
}

// descentPaths runs gradient descent (fixed step lr), the heavy ball
// (step lr, momentum β) and Adam (rate lr, full batch) for iters
// iterations from the same start, recording every iterate by the methods'
// Trace. A run that stops early (converged, or diverged) keeps its path.
func descentPaths(q quadratic, lr, beta float64, iters int) ([]*path, error) {
	x0 := []float64{-4, 2.5}
	stop := optimize.Stop{GradAbsTol: 1e-12, GradRelTol: -1, MaxIter: iters}
	gd := &path{name: "gradient descent", color: plot.ClassColor(0)}
	mo := &path{name: "momentum", color: plot.ClassColor(1)}
	ad := &path{name: "Adam", color: color.NRGBA{R: 220, G: 30, B: 160, A: 255}}
	if _, err := optimize.GradientDescent(q, x0, &optimize.GDSettings{StepSize: lr, Stop: stop, Trace: gd.record}); gd.f == nil {
		return nil, err
	}
	mom := beta
	if mom == 0 {
		mom = -1 // optimize's way of asking for β = 0
	}
	if _, err := optimize.Momentum(q, x0, &optimize.MomentumSettings{StepSize: lr, Momentum: mom, Stop: stop, Trace: mo.record}); mo.f == nil {
		return nil, err
	}
	ad.record(optimize.Step{X: x0, F: q.value(x0[0], x0[1])}) // Adam traces epochs 1, 2, …
	if _, err := optimize.Adam(q, x0, &optimize.AdamSettings{LearningRate: lr, BatchSize: 1, Epochs: iters, Trace: ad.record}); len(ad.f) < 2 {
		return nil, err
	}
	return []*path{gd, mo, ad}, nil
}

// descentPicture draws the contours of the quadratic and the first shown
// iterations of every path.
func descentPicture(q quadratic, paths []*path, shown int, kappa float64) *plot.Figure {
	const r = 5
	f := &plot.Figure{Title: fmt.Sprintf("f(x) = ½xᵀHx, κ(H) = %g: iteration %d", kappa, shown), XLabel: "x₁", YLabel: "x₂",
		Width: 560, Height: 440, XRange: plot.Range{Min: -r, Max: r}, YRange: plot.Range{Min: -r, Max: r}, Legend: plot.LegendUpperRight}
	var levels []float64
	for v := 0.01; v < 200; v *= 2.5 {
		levels = append(levels, v)
	}
	f.Contour("", q.value, levels, plot.Style{Color: color.Gray{Y: 170}, Width: 1})
	for _, pa := range paths {
		k := min(shown, len(pa.f)-1)
		xs, ys := clip(pa.x1[:k+1], 3*r), clip(pa.x2[:k+1], 3*r)
		f.Line(pa.name, xs, ys, plot.Style{Color: pa.color, Marker: plot.MarkerCircle, MarkerSize: 2.5, Width: 1.5})
	}
	return f
}

// clip breaks a path where it leaves the window by far (a diverging run).
func clip(v []float64, r float64) []float64 {
	out := make([]float64, len(v))
	for i, a := range v {
		out[i] = a
		if math.Abs(a) > r {
			out[i] = math.NaN()
		}
	}
	return out
}

// logisticRegions draws the predicted classes, the boundary p = ½ and the
// data.
func logisticRegions(x *matrix.Dense, y []int, m *learn.LogisticModel, title string) *plot.Figure {
	w := around(x)
	f := &plot.Figure{Title: title, XLabel: "x₁", YLabel: "x₂", Width: 560, Height: 440,
		XRange: plot.Range{Min: w.x0, Max: w.x1}, YRange: plot.Range{Min: w.y0, Max: w.y1}, Legend: plot.LegendNone}
	prob, err := gridFunc(w, 40, func(pts *matrix.Dense) ([]float64, error) {
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
	return f
}
