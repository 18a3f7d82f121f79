package live

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"mlnotes/cmd/demo/internal/plot"
	"mlnotes/eigen"
	"mlnotes/matrix"
)

func init() { topics["eigen"] = eigenTopic }

func eigenTopic(p *params, files map[string]string) (*Response, error) {
	data := p.choice("data", "random6", "random6", "random12", "hilbert6")
	method := p.choice("method", "jacobi", "jacobi", "qr")
	step := p.integer("step", -1, 1, 1e6) // −1: the end
	if p.err != nil {
		return nil, p.err
	}
	a, err := squareMatrix(files, data)
	if err != nil {
		return nil, err
	}
	res := &Fields{}
	res.Add("command", command("eig", "-method", method, "-values-only", "-json", dataPath(data)))
	if method == "qr" {
		return eigenQR(a, step, res)
	}
	return eigenJacobi(a, step, res)
}

// eigenJacobi shows the matrix after a rotation of the cyclic Jacobi
// method and off(A) over all the rotations.
func eigenJacobi(a *matrix.Dense, step int, res *Fields) (*Response, error) {
	var rots []eigen.JacobiRotation
	r, err := eigen.Jacobi(a, eigen.JacobiOptions{ValuesOnly: true, Rotation: func(j eigen.JacobiRotation) { rots = append(rots, j) }})
	if err != nil {
		return nil, err
	}
	if step > len(rots) {
		return nil, fmt.Errorf("step=%d: beyond the last step (%d rotations)", step, len(rots))
	}
	if step < 0 {
		step = len(rots)
	}
	res.Add("values", r.Values)
	cur := rots[step-1]
	heat, off := JacobiFigures(rots, step)
	figs := []*plot.Figure{heat, off}
	nums := []Number{
		{Label: "rotation", Text: fmt.Sprintf("%d of %d (sweep %d)", step, len(rots), cur.Sweep)},
		{Label: "pair (p, q)", Text: fmt.Sprintf("(%d, %d)", cur.P, cur.Q)},
		{Label: "off(A)", Text: fmt.Sprintf("%.3g", cur.OffNorm)},
		{Label: "diagonal now", Text: fmtList(diag(cur.A))},
		{Label: "eigenvalues", Field: "values", Text: fmtList(r.Values)},
	}
	return respond(figs, nums, res, len(rots), step)
}

// eigenQR shows the implicit QR steps with Wilkinson shifts on the
// tridiagonal matrix: the entry each step drives to zero, on a log axis.
func eigenQR(a *matrix.Dense, step int, res *Fields) (*Response, error) {
	var steps []eigen.QRStep
	r, err := eigen.Symmetric(a, eigen.SymmetricOptions{Method: eigen.TridiagonalQR, ValuesOnly: true, Trace: func(s eigen.QRStep) { steps = append(steps, s) }})
	if err != nil {
		return nil, err
	}
	if len(steps) == 0 {
		return nil, fmt.Errorf("the matrix is already diagonal: no QR step to show")
	}
	if step > len(steps) {
		return nil, fmt.Errorf("step=%d: beyond the last step (%d QR steps)", step, len(steps))
	}
	if step < 0 {
		step = len(steps)
	}
	res.Add("values", r.Values)
	cur := steps[step-1]
	figs := []*plot.Figure{QRFigure(steps, step)}
	nums := []Number{
		{Label: "QR step", Text: fmt.Sprintf("%d of %d", step, len(steps))},
		{Label: "active block T[low..high]", Text: fmt.Sprintf("[%d..%d]", cur.Low, cur.High)},
		{Label: "Wilkinson shift μ", Text: fmt.Sprintf("%.6g", cur.Shift)},
		{Label: "|e| driven to zero", Text: fmt.Sprintf("%.3g", cur.OffDiag)},
		{Label: "eigenvalues", Field: "values", Text: fmtList(r.Values)},
	}
	return respond(figs, nums, res, len(steps), step)
}

// JacobiFigures draws rotation step (from 1) of a cyclic Jacobi run
// recorded by eigen.JacobiOptions.Rotation: the matrix after it as a heat
// map with the pair (p, q) ringed, and off(A) after every rotation on a
// log axis with the step marked. The eigenproblems page steps through
// them; the tour draws the end of the first sweep.
func JacobiFigures(rots []eigen.JacobiRotation, step int) (heat, off *plot.Figure) {
	cur := rots[step-1]
	v := make([]float64, len(rots))
	for k, j := range rots {
		v[k] = j.OffNorm
	}
	heat = heatMap(cur.A, fmt.Sprintf("A after rotation %d (sweep %d), pair (p, q) = (%d, %d)", step, cur.Sweep, cur.P, cur.Q), [][2]int{{cur.P, cur.Q}, {cur.Q, cur.P}})
	return heat, logTrace("Jacobi: off(A) after each rotation", "rotation", "off(A)", v, step)
}

// QRFigure draws the off-diagonal entry |e| at the bottom of the active
// block after every implicit QR step with Wilkinson's shift (recorded by
// eigen.SymmetricOptions.Trace) on a log axis, with step marked (0 marks
// none): each eigenvalue's entry falls cubically to zero, then the block
// shrinks.
func QRFigure(steps []eigen.QRStep, step int) *plot.Figure {
	e := make([]float64, len(steps))
	for k, s := range steps {
		e[k] = s.OffDiag
	}
	return logTrace("tridiagonal QR: |e| at the bottom of the active block after each step", "QR step", "|e_high−1|", e, step)
}

func respond(figs []*plot.Figure, nums []Number, res *Fields, steps, step int) (*Response, error) {
	r := &Response{Numbers: nums, Result: res, Steps: steps, Step: step}
	for _, f := range figs {
		svg, err := svgOf(f)
		if err != nil {
			return nil, err
		}
		r.Figures = append(r.Figures, svg)
	}
	return r, nil
}

func diag(a *matrix.Dense) []float64 {
	d := make([]float64, a.Rows())
	for i := range d {
		d[i] = a.At(i, i)
	}
	return d
}

func fmtList(v []float64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprintf("%.4g", x)
	}
	return strings.Join(s, ", ")
}

// heatMap draws a square matrix as coloured cells (red positive, blue
// negative, by the square root of |aᵢⱼ|/max|a| so that small entries still
// show), row 0 at the top, with rings on the cells in mark.
func heatMap(a *matrix.Dense, title string, mark [][2]int) *plot.Figure {
	n := a.Rows()
	fn := float64(n)
	f := &plot.Figure{Title: title, XLabel: "column j", YLabel: "row i (from the top)", Width: 520, Height: 520,
		XRange: plot.Range{Min: 0, Max: fn}, YRange: plot.Range{Min: 0, Max: fn}, HideGrid: true, Legend: plot.LegendNone}
	big := matrix.NormMax(a)
	f.Background(func(x, y float64) color.Color {
		j, i := int(x), n-1-int(y)
		if i < 0 || j < 0 || i >= n || j >= n || big == 0 {
			return nil
		}
		v := a.At(i, j) / big
		t := math.Sqrt(math.Abs(v))
		if v >= 0 {
			return color.NRGBA{R: 255, G: uint8(255 * (1 - 0.8*t)), B: uint8(255 * (1 - 0.85*t)), A: 255}
		}
		return color.NRGBA{R: uint8(255 * (1 - 0.85*t)), G: uint8(255 * (1 - 0.6*t)), B: 255, A: 255}
	})
	if n <= 8 {
		for i := range n {
			for j := range n {
				f.Annotate(float64(j)+0.5, fn-float64(i)-0.5, fmt.Sprintf("%.2f", a.At(i, j)), plot.AlignCenter)
			}
		}
	}
	var mx, my []float64
	for _, c := range mark {
		mx, my = append(mx, float64(c[1])+0.5), append(my, fn-float64(c[0])-0.5)
	}
	f.Scatter("(p, q)", mx, my, plot.Style{Color: color.Black, Marker: plot.MarkerRing, MarkerSize: 180 / fn, Width: 3})
	return f
}

// logTrace draws a convergence trace on a log axis with the step shown
// marked (step 0: none), a dot at every value when there are few.
func logTrace(title, xlabel, ylabel string, v []float64, step int) *plot.Figure {
	f := &plot.Figure{Title: title, XLabel: xlabel, YLabel: ylabel, Width: 560, Height: 300, LogY: true, Legend: plot.LegendNone}
	x := make([]float64, len(v))
	for k := range v {
		x[k] = float64(k + 1)
	}
	st := plot.Style{Color: plot.ClassColor(0)}
	if len(v) <= 60 { // more dots, each with its white rim, would hide the line
		st.Marker, st.MarkerSize = plot.MarkerCircle, 2
	}
	f.Line(ylabel, x, v, st)
	if step >= 1 && step <= len(v) && v[step-1] > 0 {
		f.Scatter("this step", x[step-1:step], v[step-1:step], plot.Style{Color: color.NRGBA{R: 220, G: 30, B: 160, A: 255}, MarkerSize: 6})
	}
	return f
}
