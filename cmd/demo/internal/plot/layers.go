package plot

import (
	"image"
	"image/color"
	"math"
)

// layer is one thing drawn in the plot area. The figure asks every layer for
// the data it spans (extent), lets it evaluate functions on the final axes
// once (prepare), asks where it puts ink (cover, for placing the legend away
// from data) and finally draws it.
type layer interface {
	extent(e *extent)
	prepare(a *axes)
	cover(a *axes, visit func(point))
	draw(p painter, a *axes)
	legend() []legendEntry
	background() bool // drawn before the grid and every other layer
}

// extent accumulates the range of the finite data values, with y in axis
// coordinates (see axes.axisY).
type extent struct {
	x, y       Range
	hasX, hasY bool
	axisY      func(float64) float64
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

func (e *extent) addX(v float64) {
	if !finite(v) {
		return
	}
	if !e.hasX {
		e.x, e.hasX = Range{v, v}, true
	}
	e.x.Min, e.x.Max = math.Min(e.x.Min, v), math.Max(e.x.Max, v)
}

func (e *extent) addY(v float64) {
	if e.axisY != nil {
		v = e.axisY(v)
	}
	if !finite(v) {
		return
	}
	if !e.hasY {
		e.y, e.hasY = Range{v, v}, true
	}
	e.y.Min, e.y.Max = math.Min(e.y.Min, v), math.Max(e.y.Max, v)
}

func (e *extent) addPoint(x, y float64) {
	if finite(x) && finite(y) && (e.axisY == nil || finite(e.axisY(y))) {
		e.addX(x)
		e.addY(y)
	}
}

// legendEntry is one row of the legend: a sample of the style and the name.
type legendEntry struct {
	name  string
	style Style
	line  bool // show a stretch of line
	fill  bool // show a filled swatch (bands)
}

// resolved style sizes, in pixels, for text scale s.
func lineWidth(st Style, s int) float64 {
	if st.Width > 0 {
		return st.Width
	}
	return float64(s)
}

func markerRadius(st Style, s int) float64 {
	switch {
	case st.MarkerSize > 0:
		return st.MarkerSize
	case st.Marker == MarkerRing:
		return 3.5 * float64(s)
	}
	return 2 * float64(s)
}

func dashPattern(st Style, s int) []float64 {
	if !st.Dashed {
		return nil
	}
	w := lineWidth(st, s)
	return []float64{3*w + 2*float64(s), 2*w + float64(s)}
}

// finiteRuns splits the indices 0 … n−1 into maximal runs on which ok holds.
func finiteRuns(n int, ok func(i int) bool) [][2]int {
	var runs [][2]int
	start := -1
	for i := 0; i <= n; i++ {
		if i < n && ok(i) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			runs = append(runs, [2]int{start, i})
			start = -1
		}
	}
	return runs
}

// sampleSegments visits points every few pixels along a polyline.
func sampleSegments(pts []point, visit func(point)) {
	const every = 4.0
	for i := 0; i+1 < len(pts); i++ {
		a, b := pts[i], pts[i+1]
		n := int(math.Hypot(b.x-a.x, b.y-a.y)/every) + 1
		for k := 0; k < n; k++ {
			t := float64(k) / float64(n)
			visit(point{a.x + t*(b.x-a.x), a.y + t*(b.y-a.y)})
		}
	}
	if len(pts) > 0 {
		visit(pts[len(pts)-1])
	}
}

// seriesLayer is a line (with optional markers) or a scatter.
type seriesLayer struct {
	name  string
	x, y  []float64
	style Style
	line  bool
}

func (l *seriesLayer) extent(e *extent) {
	for i := range l.x {
		e.addPoint(l.x[i], l.y[i])
	}
}

func (l *seriesLayer) prepare(*axes)    {}
func (l *seriesLayer) background() bool { return false }

// runs returns the pixel paths of the finite stretches of the series.
func (l *seriesLayer) runs(a *axes) [][]point {
	var paths [][]point
	for _, r := range finiteRuns(len(l.x), func(i int) bool { return a.valid(l.x[i], l.y[i]) }) {
		path := make([]point, 0, r[1]-r[0])
		for i := r[0]; i < r[1]; i++ {
			path = append(path, a.toPixel(l.x[i], l.y[i]))
		}
		paths = append(paths, path)
	}
	return paths
}

func (l *seriesLayer) cover(a *axes, visit func(point)) {
	for _, path := range l.runs(a) {
		if l.line {
			sampleSegments(path, visit)
		} else {
			for _, p := range path {
				visit(p)
			}
		}
	}
}

func (l *seriesLayer) draw(p painter, a *axes) {
	c := toNRGBA(l.style.Color)
	w := lineWidth(l.style, a.scale)
	paths := l.runs(a)
	if l.line {
		p.setClip(&a.area)
		for _, path := range paths {
			for _, run := range clipPolyline(path, a.area.inset(-w)) {
				p.polyline(run, w, dashPattern(l.style, a.scale), c)
			}
		}
	}
	if l.style.Marker == MarkerNone {
		return
	}
	// Markers are not clipped, so that points on the frame show whole;
	// points outside a fixed axis range are left out.
	p.setClip(nil)
	r := markerRadius(l.style, a.scale)
	for _, path := range paths {
		for _, q := range path {
			if a.area.inset(-0.5).contains(q) {
				drawMarker(p, q, l.style.Marker, r, math.Max(1, w*0.75), c)
			}
		}
	}
}

func (l *seriesLayer) legend() []legendEntry {
	if l.name == "" {
		return nil
	}
	return []legendEntry{{name: l.name, style: l.style, line: l.line}}
}

// refLayer is a horizontal or vertical reference line across the plot.
type refLayer struct {
	name       string
	v          float64
	horizontal bool
	style      Style
}

func (l *refLayer) extent(e *extent) {
	if l.horizontal {
		e.addY(l.v)
	} else {
		e.addX(l.v)
	}
}

func (l *refLayer) prepare(*axes)    {}
func (l *refLayer) background() bool { return false }

func (l *refLayer) path(a *axes) []point {
	if l.horizontal && !finite(a.axisY(l.v)) {
		return nil // y ≤ 0 on a logarithmic axis
	}
	w := lineWidth(l.style, a.scale)
	if l.horizontal {
		y := crisp(a.toPixel(0, l.v).y, w)
		return []point{{a.area.x0, y}, {a.area.x1, y}}
	}
	x := crisp(a.toPixel(l.v, 0).x, w)
	return []point{{x, a.area.y0}, {x, a.area.y1}}
}

func (l *refLayer) cover(a *axes, visit func(point)) { sampleSegments(l.path(a), visit) }

func (l *refLayer) draw(p painter, a *axes) {
	w := lineWidth(l.style, a.scale)
	p.setClip(&a.area)
	for _, run := range clipPolyline(l.path(a), a.area.inset(-w)) {
		p.polyline(run, w, dashPattern(l.style, a.scale), toNRGBA(l.style.Color))
	}
}

func (l *refLayer) legend() []legendEntry {
	if l.name == "" {
		return nil
	}
	return []legendEntry{{name: l.name, style: l.style, line: true}}
}

// bandLayer is the filled area between two curves.
type bandLayer struct {
	name      string
	x, lo, hi []float64
	style     Style
}

// bandOpacity is the opacity of a band's fill.
const bandOpacity = 0.25

func (l *bandLayer) extent(e *extent) {
	for i := range l.x {
		if finite(l.lo[i]) && finite(l.hi[i]) {
			e.addPoint(l.x[i], l.lo[i])
			e.addPoint(l.x[i], l.hi[i])
		}
	}
}

func (l *bandLayer) prepare(*axes)    {}
func (l *bandLayer) background() bool { return false }

// edges returns, for each finite stretch, the pixel paths of the lower and
// upper boundary curves.
func (l *bandLayer) edges(a *axes) (lower, upper [][]point) {
	ok := func(i int) bool { return a.valid(l.x[i], l.lo[i]) && a.valid(l.x[i], l.hi[i]) }
	for _, r := range finiteRuns(len(l.x), ok) {
		var lo, hi []point
		for i := r[0]; i < r[1]; i++ {
			lo = append(lo, a.toPixel(l.x[i], l.lo[i]))
			hi = append(hi, a.toPixel(l.x[i], l.hi[i]))
		}
		lower, upper = append(lower, lo), append(upper, hi)
	}
	return lower, upper
}

func (l *bandLayer) cover(a *axes, visit func(point)) {
	lower, upper := l.edges(a)
	for k := range lower {
		for i := range lower[k] {
			// Points from the lower to the upper curve: the band's area.
			lo, hi := lower[k][i], upper[k][i]
			n := int(math.Abs(hi.y-lo.y)/8) + 1
			for j := 0; j <= n; j++ {
				t := float64(j) / float64(n)
				visit(point{lo.x, lo.y + t*(hi.y-lo.y)})
			}
		}
	}
}

func (l *bandLayer) draw(p painter, a *axes) {
	c := toNRGBA(l.style.Color)
	fill := c
	fill.A = uint8(float64(c.A)*bandOpacity + 0.5)
	lower, upper := l.edges(a)
	p.setClip(&a.area)
	for k := range lower {
		// The outline runs along the upper curve and back along the lower.
		outline := append([]point(nil), upper[k]...)
		for i := len(lower[k]) - 1; i >= 0; i-- {
			outline = append(outline, lower[k][i])
		}
		if poly := clipPolygon(outline, a.area.inset(-1)); len(poly) >= 3 {
			p.polygon(poly, fill)
		}
	}
	if l.style.Width == 0 && !l.style.Dashed {
		return
	}
	w := lineWidth(l.style, a.scale)
	for _, paths := range [][][]point{lower, upper} {
		for _, path := range paths {
			for _, run := range clipPolyline(path, a.area.inset(-w)) {
				p.polyline(run, w, dashPattern(l.style, a.scale), c)
			}
		}
	}
}

func (l *bandLayer) legend() []legendEntry {
	if l.name == "" {
		return nil
	}
	return []legendEntry{{name: l.name, style: l.style, fill: true, line: l.style.Width > 0 || l.style.Dashed}}
}

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

// textLayer is an annotation at a data point.
type textLayer struct {
	x, y  float64
	text  string
	align Align
}

func (l *textLayer) extent(e *extent)         { e.addPoint(l.x, l.y) }
func (l *textLayer) prepare(*axes)            {}
func (l *textLayer) cover(*axes, func(point)) {}
func (l *textLayer) legend() []legendEntry    { return nil }
func (l *textLayer) background() bool         { return false }
func (l *textLayer) draw(p painter, a *axes) {
	if !a.valid(l.x, l.y) {
		return
	}
	p.setClip(nil)
	p.text(a.toPixel(l.x, l.y), l.text, a.scale, l.align, false, colorText)
}
