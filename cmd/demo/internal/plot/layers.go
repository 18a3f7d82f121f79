package plot

import "math"

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
