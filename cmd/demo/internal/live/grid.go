package live

import (
	"math"

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

// gridFunc evaluates a batched function once on a g×g grid of w and
// returns its bilinear interpolant, so that the plot's background and
// contours do not call the model once per pixel.
func gridFunc(w window, g int, eval func(pts *matrix.Dense) ([]float64, error)) (func(a, b float64) float64, error) {
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
	return func(a, b float64) float64 {
		u := math.Max(0, math.Min(float64(g)-1e-9, (a-w.x0)/(w.x1-w.x0)*float64(g)))
		v := math.Max(0, math.Min(float64(g)-1e-9, (b-w.y0)/(w.y1-w.y0)*float64(g)))
		i, j := int(u), int(v)
		fu, fv := u-float64(i), v-float64(j)
		at := func(i, j int) float64 { return vals[i*(g+1)+j] }
		return (1-fu)*(1-fv)*at(i, j) + fu*(1-fv)*at(i+1, j) + (1-fu)*fv*at(i, j+1) + fu*fv*at(i+1, j+1)
	}, nil
}
