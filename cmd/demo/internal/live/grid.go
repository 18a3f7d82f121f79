package live

import (
	"math"

	"mlnotes/cmd/demo/internal/plot"
	"mlnotes/matrix"
)

// window is the rectangle a two-dimensional figure shows.
type window struct{ x0, x1, y0, y1 float64 }

// around returns the bounding box of the rows of x widened by a tenth on
// every side.
func around(x *matrix.Dense) window {
	w := window{math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)}
	for i := range x.Rows() {
		a, b := x.At(i, 0), x.At(i, 1)
		w.x0, w.x1 = math.Min(w.x0, a), math.Max(w.x1, a)
		w.y0, w.y1 = math.Min(w.y0, b), math.Max(w.y1, b)
	}
	dx, dy := (w.x1-w.x0)/10, (w.y1-w.y0)/10
	return window{w.x0 - dx, w.x1 + dx, w.y0 - dy, w.y1 + dy}
}

// frameOn returns the figure of a two-dimensional data set drawn on w
// (x₁ across, x₂ up, no legend).
func frameOn(w window, title string) *plot.Figure {
	return &plot.Figure{Title: title, XLabel: "x₁", YLabel: "x₂", Width: 560, Height: 440,
		XRange: plot.Range{Min: w.x0, Max: w.x1}, YRange: plot.Range{Min: w.y0, Max: w.y1}, Legend: plot.LegendNone}
}

// gridFunc evaluates a batched function once on a g×g grid of w and
// returns its bilinear interpolant, so that the plot's background and
// contours do not call the model once per pixel.
func gridFunc(w window, g int, eval func(pts *matrix.Dense) ([]float64, error)) (func(a, b float64) float64, error) {
	s, err := evalGrid(w, g, eval)
	if err != nil {
		return nil, err
	}
	return s.at, nil
}

// sampled is a function evaluated at the (g+1)² nodes of a g×g grid on w.
type sampled struct {
	w    window
	g    int
	vals []float64 // node (i, j) at i*(g+1)+j: x index i, y index j
}

// evalGrid evaluates a batched function at the nodes of a g×g grid of w.
func evalGrid(w window, g int, eval func(pts *matrix.Dense) ([]float64, error)) (*sampled, error) {
	pts := matrix.New((g+1)*(g+1), 2)
	for i := 0; i <= g; i++ {
		for j := 0; j <= g; j++ {
			pts.Set(i*(g+1)+j, 0, w.x0+(w.x1-w.x0)*float64(i)/float64(g))
			pts.Set(i*(g+1)+j, 1, w.y0+(w.y1-w.y0)*float64(j)/float64(g))
		}
	}
	vals, err := eval(pts)
	if err != nil {
		return nil, err
	}
	return &sampled{w, g, vals}, nil
}

// at is the bilinear interpolant of the nodes' values (clamped to w).
func (s *sampled) at(a, b float64) float64 {
	w, g := s.w, float64(s.g)
	u := clamp((a-w.x0)/(w.x1-w.x0)*g, g-1e-9)
	v := clamp((b-w.y0)/(w.y1-w.y0)*g, g-1e-9)
	i, j := int(u), int(v)
	fu, fv := u-float64(i), v-float64(j)
	k := i*(s.g+1) + j
	v00, v01, v10, v11 := s.vals[k], s.vals[k+1], s.vals[k+s.g+1], s.vals[k+s.g+2]
	return (1-fu)*(1-fv)*v00 + fu*(1-fv)*v10 + (1-fu)*fv*v01 + fu*fv*v11
}

// clamp returns t limited to [0, hi] (NaN gives 0).
func clamp(t, hi float64) float64 {
	if !(t > 0) {
		return 0
	}
	if t > hi {
		return hi
	}
	return t
}

// contour draws the level sets of the function traced by marching squares
// on the grid's own cells, from the values computed at its nodes (the
// plot's Contour would resample the interpolant every 3 pixels: the
// same lines within a cell's width, at several times the cost).
func (s *sampled) contour(f *plot.Figure, name string, levels []float64, st plot.Style) {
	xr, yr := plot.Range{Min: s.w.x0, Max: s.w.x1}, plot.Range{Min: s.w.y0, Max: s.w.y1}
	for _, level := range levels {
		lines, err := plot.ContourLines(s.at, xr, yr, s.g, s.g, level)
		if err != nil {
			continue // a constant function has no lines; the others cannot fail here
		}
		for _, line := range lines {
			xs, ys := make([]float64, len(line)), make([]float64, len(line))
			for k, p := range line {
				xs[k], ys[k] = p.X, p.Y
			}
			f.Line(name, xs, ys, st)
			name = "" // one legend entry
		}
	}
}
