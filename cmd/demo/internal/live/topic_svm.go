package live

import (
	"errors"
	"fmt"
	"image/color"
	"math"

	"mlnotes/cmd/demo/internal/plot"
	"mlnotes/learn"
	"mlnotes/matrix"
	"mlnotes/optimize"
)

func init() { topics["svm"] = svmTopic }

// svmState is the state of the SVM page: the demo svm flags it sets.
type svmState struct {
	data, kernel string
	c, gamma     float64
	degree, step int
}

func readSVMState(p *params) svmState {
	s := svmState{
		data:   p.choice("data", "moons", "moons", "xor", "blobs"),
		kernel: p.choice("kernel", "rbf", "linear", "poly", "rbf"),
		c:      p.float("C", 10, 0, 1e4),
	}
	switch s.kernel {
	case "rbf":
		s.gamma = p.float("gamma", 2, 0, 1e3)
		p.refuse("degree", "-kernel rbf")
	case "poly":
		s.degree = p.integer("degree", 3, 1, 10)
		p.refuse("gamma", "this page's -kernel poly (γ = 1)")
	default:
		p.refuse("gamma", "-kernel linear")
		p.refuse("degree", "-kernel linear")
	}
	s.step = p.integer("step", 0, 0, 1e7)
	return s
}

func (s svmState) config(maxIter int) learn.SVM {
	k := learn.Linear()
	switch s.kernel {
	case "rbf":
		k = learn.Kernel{Type: learn.GaussianKernel, Gamma: s.gamma}
	case "poly":
		k = learn.Polynomial(s.degree)
	}
	return learn.SVM{Kernel: k, C: s.c, MaxIter: maxIter}
}

// command is the demo svm command line of the state; its training
// accuracy is test_accuracy, the data file given again as -test.
func (s svmState) command(step int, f string) string {
	w := []string{"svm", "-kernel", s.kernel, "-C", fmtFloat(s.c)}
	switch s.kernel {
	case "rbf":
		w = append(w, "-gamma", fmtFloat(s.gamma))
	case "poly":
		w = append(w, "-degree", fmt.Sprint(s.degree))
	}
	if step > 0 {
		w = append(w, "-max-iter", fmt.Sprint(step))
	}
	return command(append(w, "-test", f, "-json", f)...)
}

// fitSteps fits the machine after at most maxIter SMO iterations (0: to
// convergence); a fit stopped by the cap is kept, as demo svm keeps it.
func fitSteps(s svmState, x *matrix.Dense, y []int, maxIter int, trace func(optimize.SMOStep)) (*learn.SVMClassifierModel, bool, error) {
	cfg := s.config(maxIter)
	if trace != nil {
		cfg.Trace = func(st learn.TraceStep) { trace(*st.SMO) }
	}
	m, err := cfg.Fit(x, y)
	if err != nil && m != nil && errors.Is(err, matrix.ErrNoConvergence) {
		return m, false, nil
	}
	return m, err == nil, err
}

// alphas returns α of the machine's training rows (α = |coef| on the
// support vectors, 0 elsewhere).
func alphas(m *learn.SVMClassifierModel, n int) []float64 {
	a := make([]float64, n)
	if m == nil {
		return a
	}
	b := m.Machines[0]
	for k, i := range b.Support {
		a[i] = math.Abs(b.Coef[k])
	}
	return a
}

func svmTopic(p *params, files map[string]string) (*Response, error) {
	s := readSVMState(p)
	if p.err != nil {
		return nil, p.err
	}
	ds, err := pointData(p, files, s.data)
	if err != nil {
		return nil, err
	}
	x, y := ds.x, ds.y
	key := fmt.Sprintf("svm %v %v %v %v %v ", s.kernel, s.c, s.gamma, s.degree, ds.key)
	type traced struct {
		m     *learn.SVMClassifierModel
		trace []optimize.SMOStep
	}
	run, err := memo(key+"trace", func() (traced, error) {
		var trace []optimize.SMOStep
		full, _, err := fitSteps(s, x, y, 0, func(st optimize.SMOStep) {
			if st.I >= 0 {
				trace = append(trace, st)
			}
		})
		return traced{full, trace}, err
	})
	if err != nil {
		return nil, err
	}
	full, trace := run.m, run.trace
	type capped struct {
		m         *learn.SVMClassifierModel
		converged bool
	}
	fitAt := func(k int) (*learn.SVMClassifierModel, bool, error) {
		c, err := memo(key+fmt.Sprint(k), func() (capped, error) {
			m, conv, err := fitSteps(s, x, y, k, nil)
			return capped{m, conv}, err
		})
		return c.m, c.converged, err
	}
	total := len(trace)
	if s.step > total {
		return nil, fmt.Errorf("step=%d: beyond the last step (%d SMO iterations)", s.step, total)
	}
	m, converged, step := full, true, s.step
	if step == total {
		step = 0
	}
	var prev *learn.SVMClassifierModel
	if step > 0 {
		if m, converged, err = fitAt(step); err != nil {
			return nil, err
		}
		if step > 1 {
			if prev, _, err = fitAt(step - 1); err != nil {
				return nil, err
			}
		}
	}
	return svmResponse(s, ds, m, converged, trace, step, alphas(prev, len(y)))
}

func svmResponse(s svmState, ds *dataSet, m *learn.SVMClassifierModel, converged bool, trace []optimize.SMOStep, step int, before []float64) (*Response, error) {
	x, y := ds.x, ds.y
	b := m.Machines[0]
	acc, err := trainingAccuracy(m, x, y)
	if err != nil {
		return nil, err
	}
	res := &Fields{}
	res.Add("command", s.command(step, ds.path))
	for _, f := range []struct {
		name string
		v    any
	}{{"converged", converged}, {"objective", b.Objective}, {"b", b.B()}, {"n_sv", len(b.Support)},
		{"n_bsv", b.NumBounded}, {"iterations", b.Iterations}, {"kkt_violation", b.KKTViolation}, {"test_accuracy", acc}} {
		res.Add(f.name, f.v)
	}
	shown := step
	if shown == 0 {
		shown = len(trace)
	}
	nums := []Number{
		{"SMO iteration", "iterations", fmt.Sprintf("%d of %d", b.Iterations, len(trace))},
		{"dual objective", "objective", fmt.Sprintf("%.6g", b.Objective)},
		{"support vectors (at α = C)", "n_sv", fmt.Sprintf("%d (%d)", len(b.Support), b.NumBounded)},
		{"KKT violation m(α) − M(α)", "kkt_violation", fmt.Sprintf("%.3g", b.KKTViolation)},
		{"training accuracy", "test_accuracy", fmt.Sprintf("%.3f", acc)},
	}
	regions := svmRegions(s, ds, m, trace[shown-1])
	figs := []*plot.Figure{regions}
	if step > 0 {
		box, lh := svmBox(s.c, y, b.Positive, trace[step-1], before, alphas(m, len(y)))
		nums = append(nums, Number{Label: fmt.Sprintf("pair (i, j) = (%d, %d): αⱼ in [L, H]", trace[step-1].I, trace[step-1].J), Text: lh})
		figs = append(figs, box)
	}
	figs = append(figs, svmGap(trace, shown))
	r, err := respond(figs, nums, res, len(trace), shown)
	if err != nil {
		return nil, err
	}
	return ds.attach(r, regions)
}

// svmRegions draws the decision regions, f = 0, the margins f = ±1, the
// support vectors and the working pair of the step shown.
func svmRegions(s svmState, ds *dataSet, m *learn.SVMClassifierModel, last optimize.SMOStep) *plot.Figure {
	x, y := ds.x, ds.y
	f := ds.frame(fmt.Sprintf("C-SVM, %s kernel, on %s", s.kernel, s.data))
	grid, err := evalGrid(ds.win, 60, m.Decision)
	if err != nil {
		return f
	}
	lo, hi := m.Classes[0], m.Classes[len(m.Classes)-1]
	f.ClassRegions(func(a, b float64) int {
		if grid.above(a, b, 0) { // positive for the larger label (scikit-learn's sign)
			return hi
		}
		return lo
	})
	grid.contour(f, "f(x) = 0", []float64{0}, plot.Style{Color: color.Black})
	grid.contour(f, "f(x) = ±1", []float64{-1, 1}, plot.Style{Color: color.Black, Dashed: true})
	f.ScatterClasses(x.Col(0), x.Col(1), y, []string{"class 0", "class 1"})
	ds.markEdits(f)
	var sx, sy []float64
	for _, i := range m.Machines[0].Support {
		sx, sy = append(sx, x.At(i, 0)), append(sy, x.At(i, 1))
	}
	f.Scatter("support vectors", sx, sy, plot.Style{Color: color.Black, Marker: plot.MarkerRing})
	if last.I >= 0 && s.step > 0 {
		px := []float64{x.At(last.I, 0), x.At(last.J, 0)}
		py := []float64{x.At(last.I, 1), x.At(last.J, 1)}
		f.Line("working pair", px, py, plot.Style{Color: color.NRGBA{R: 220, G: 30, B: 160, A: 255}, Width: 3, Marker: plot.MarkerDiamond, MarkerSize: 9})
	}
	return f
}

// svmBox draws the step of the working pair in the (αᵢ, αⱼ) plane: the
// box [0, C]², the segment of the equality constraint inside it ([L, H]
// for αⱼ) and α before and after the step.
func svmBox(c float64, y []int, pos int, st optimize.SMOStep, before, after []float64) (*plot.Figure, string) {
	sign := func(i int) float64 {
		if y[i] == pos {
			return 1
		}
		return -1
	}
	i, j := st.I, st.J
	ai, aj := before[i], before[j]
	var lo, hi float64
	var seg func(aj float64) float64 // αᵢ on the constraint
	if sign(i) != sign(j) {
		lo, hi = math.Max(0, aj-ai), math.Min(c, c+aj-ai)
		seg = func(v float64) float64 { return ai - aj + v }
	} else {
		lo, hi = math.Max(0, ai+aj-c), math.Min(c, ai+aj)
		seg = func(v float64) float64 { return ai + aj - v }
	}
	f := &plot.Figure{Title: fmt.Sprintf("step %d: αᵢ, αⱼ stay in the box and on the line", st.Iteration), XLabel: "αⱼ", YLabel: "αᵢ",
		Width: 440, Height: 440, XRange: plot.Range{Min: -0.05 * c, Max: 1.05 * c}, YRange: plot.Range{Min: -0.05 * c, Max: 1.05 * c}, Legend: plot.LegendLowerRight}
	f.Line("0 ≤ α ≤ C", []float64{0, c, c, 0, 0}, []float64{0, 0, c, c, 0}, plot.Style{Color: color.Gray{Y: 90}})
	f.Line("[L, H]", []float64{lo, hi}, []float64{seg(lo), seg(hi)}, plot.Style{Color: plot.ClassColor(2), Width: 4})
	f.Scatter("before", []float64{aj}, []float64{ai}, plot.Style{Color: color.Gray{Y: 120}, MarkerSize: 7})
	f.Scatter("after", []float64{after[j]}, []float64{after[i]}, plot.Style{Color: color.NRGBA{R: 220, G: 30, B: 160, A: 255}, Marker: plot.MarkerDiamond, MarkerSize: 8})
	return f, fmt.Sprintf("[%.4g, %.4g]: %.4g → %.4g", lo, hi, aj, after[j])
}

// svmGap draws the maximal KKT violation m(α) − M(α) at each SMO step on a
// log axis, with the step shown marked.
func svmGap(trace []optimize.SMOStep, shown int) *plot.Figure {
	f := &plot.Figure{Title: "SMO: the gap m(α) − M(α) per iteration", XLabel: "iteration", YLabel: "gap", Width: 560, Height: 300, LogY: true, Legend: plot.LegendNone}
	it := make([]float64, len(trace))
	gap := make([]float64, len(trace))
	for k, st := range trace {
		it[k], gap[k] = float64(st.Iteration), st.Violation
	}
	f.Line("gap", it, gap, plot.Style{Color: plot.ClassColor(0)})
	f.Scatter("this step", it[shown-1:shown], gap[shown-1:shown], plot.Style{Color: color.NRGBA{R: 220, G: 30, B: 160, A: 255}, MarkerSize: 6})
	return f
}
