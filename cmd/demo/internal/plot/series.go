package plot

import "math"

// The data layers: lines and scatters, reference lines, bands.

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
	var at []point
	for _, path := range paths {
		for _, q := range path {
			if a.area.inset(-0.5).contains(q) {
				at = append(at, q)
			}
		}
	}
	p.markers(at, l.style.Marker, markerRadius(l.style, a.scale), math.Max(1, w*0.75), c)
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
