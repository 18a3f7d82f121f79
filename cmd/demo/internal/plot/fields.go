package plot

import (
	"image"
	"image/color"
	"math"
)

// The function layers, evaluated on a grid over the plot area: filled
// backgrounds (decision regions) and contour lines.

// fieldCell is the size in pixels of the cells on which a background
// function is evaluated: fine enough for smooth boundaries, coarse enough to
// keep a kernel machine's decision function cheap to draw.
const fieldCell = 2

// axesKey identifies the axes a layer was prepared for, so that drawing the
// PNG and then the SVG evaluates a function once.
type axesKey struct {
	x, y Range
	area rect
}

func (a *axes) key() axesKey {
	return axesKey{Range{a.x.Min, a.x.Max}, Range{a.y.Min, a.y.Max}, a.area}
}

// fieldLayer paints the plot area with a colour per cell.
type fieldLayer struct {
	colorAt func(x, y float64) color.NRGBA
	key     axesKey
	img     *image.NRGBA
}

func (l *fieldLayer) extent(*extent)           {}
func (l *fieldLayer) cover(*axes, func(point)) {}
func (l *fieldLayer) legend() []legendEntry    { return nil }
func (l *fieldLayer) background() bool         { return true }
func (l *fieldLayer) draw(p painter, a *axes)  { p.setClip(&a.area); p.image(a.area, l.img) }
func (l *fieldLayer) cellCenter(a *axes, nx, ny, i, j int) (float64, float64) {
	x := a.x.Min + (float64(i)+0.5)/float64(nx)*(a.x.Max-a.x.Min)
	v := a.y.Max - (float64(j)+0.5)/float64(ny)*(a.y.Max-a.y.Min) // row 0 is the top
	return x, a.dataY(v)
}

func (l *fieldLayer) prepare(a *axes) {
	if l.img != nil && l.key == a.key() {
		return
	}
	nx := int(math.Ceil((a.area.x1 - a.area.x0) / fieldCell))
	ny := int(math.Ceil((a.area.y1 - a.area.y0) / fieldCell))
	img := image.NewNRGBA(image.Rect(0, 0, nx, ny))
	for j := 0; j < ny; j++ {
		for i := 0; i < nx; i++ {
			img.SetNRGBA(i, j, l.colorAt(l.cellCenter(a, nx, ny, i, j)))
		}
	}
	l.img, l.key = img, a.key()
}

// contourCell is the grid spacing in pixels of the contour tracing.
const contourCell = 3

// contourLayer draws level sets of a function.
type contourLayer struct {
	name   string
	fn     func(x, y float64) float64
	levels []float64
	style  Style
	key    axesKey
	lines  [][]Point // in axis coordinates, all levels
}

func (l *contourLayer) extent(*extent)   {}
func (l *contourLayer) background() bool { return false }

func (l *contourLayer) prepare(a *axes) {
	if l.lines != nil && l.key == a.key() {
		return
	}
	nx := max(1, int(math.Ceil((a.area.x1-a.area.x0)/contourCell)))
	ny := max(1, int(math.Ceil((a.area.y1-a.area.y0)/contourCell)))
	// The grid is regular in axis coordinates: on a logarithmic axis f is
	// sampled at y = 10ᵛ, and the traced points keep the exponent v.
	fn := func(x, v float64) float64 { return l.fn(x, a.dataY(v)) }
	g := sampleGrid(fn, Range{a.x.Min, a.x.Max}, Range{a.y.Min, a.y.Max}, nx, ny)
	l.lines = [][]Point{}
	for _, level := range l.levels {
		l.lines = append(l.lines, g.trace(level)...)
	}
	l.key = a.key()
}

func (l *contourLayer) paths(a *axes) [][]point {
	paths := make([][]point, len(l.lines))
	for k, line := range l.lines {
		for _, q := range line {
			paths[k] = append(paths[k], a.axisToPixel(q.X, q.Y))
		}
	}
	return paths
}

func (l *contourLayer) cover(a *axes, visit func(point)) {
	for _, path := range l.paths(a) {
		sampleSegments(path, visit)
	}
}

func (l *contourLayer) draw(p painter, a *axes) {
	w := lineWidth(l.style, a.scale)
	p.setClip(&a.area)
	for _, path := range l.paths(a) {
		for _, run := range clipPolyline(path, a.area.inset(-w)) {
			p.polyline(run, w, dashPattern(l.style, a.scale), toNRGBA(l.style.Color))
		}
	}
}

func (l *contourLayer) legend() []legendEntry {
	if l.name == "" {
		return nil
	}
	return []legendEntry{{name: l.name, style: l.style, line: true}}
}
