package plot

import (
	"image/color"
	"math"
	"strconv"

	"mlnotes/matrix"
)

// Figure is a two-dimensional plot: a title, two labelled axes with nice
// ticks, a legend, and layers drawn in the order they were added (background
// rasters first): lines, scatters, reference lines, bands, filled decision
// regions, contour lines and text.
//
// The add methods (Line, Scatter, …) copy their data and never fail on the
// spot: the first problem is kept and returned by Err, WritePNG, WriteSVG and
// SaveFiles, as bufio.Writer does, so that a figure is built without an error
// check per line. NaN and ±Inf data points are not an error: they are skipped
// (a line is broken there) and take no part in the axis ranges.
type Figure struct {
	Title  string
	XLabel string
	YLabel string

	// Width and Height are the size in pixels of the PNG and of the SVG
	// canvas. Zero means 800 and 600.
	Width, Height int

	// XRange and YRange fix the axis ranges; the zero Range means "from the
	// data", widened to the nearest ticks.
	XRange, YRange Range

	// Legend places the legend; the zero value LegendAuto picks the corner
	// of the plot that covers the fewest data.
	Legend LegendPlace

	// TextScale is the size of a bitmap-font pixel in image pixels; it sets
	// the size of all text, lines and markers. Zero means
	// max(2, round(min(Width, Height)/300)): 2 up to 750×750, 3 up to
	// 1050×1050 and so on. Scale 1 gives 7-pixel capitals, too small for
	// a slide.
	TextScale int

	// HideGrid turns off the light grid lines at the ticks.
	HideGrid bool

	// LogY draws the y axis on a logarithmic scale (base 10), for
	// convergence traces: ticks at whole decades labelled 10ᵏ. Points with
	// y ≤ 0 are skipped like NaN; a fixed YRange must be positive.
	LogY bool

	layers    []layer
	nextColor int
	err       error
}

// Range is a closed interval of data values; the zero Range means "not set".
type Range struct{ Min, Max float64 }

func (r Range) isSet() bool { return r != Range{} }

// LegendPlace says where the legend goes.
type LegendPlace int

// Legend placements. LegendAuto tries the corners and edges of the plot area
// in the order upper right, upper left, lower right, lower left, upper
// centre, lower centre, and takes the first that covers the fewest data.
const (
	LegendAuto LegendPlace = iota
	LegendNone
	LegendUpperRight
	LegendUpperLeft
	LegendLowerRight
	LegendLowerLeft
)

// Marker is the shape drawn at each data point.
type Marker int

// Marker shapes. MarkerRing is a hollow circle, larger than the other
// markers by default, for highlighting points (support vectors) drawn by
// another layer.
const (
	MarkerNone Marker = iota
	MarkerCircle
	MarkerSquare
	MarkerTriangle
	MarkerDiamond
	MarkerTriangleDown
	MarkerPlus
	MarkerCross
	MarkerRing
	markerCount
)

// Style is the look of a series. Its zero value is a solid line of the
// default width in the next palette colour, without markers.
type Style struct {
	// Color of the line, markers or fill; nil takes the next colour of the
	// palette (see ClassColor), counting series in the order they were added.
	Color color.Color
	// Width of lines in pixels; 0 means TextScale (2 at the default size).
	Width float64
	// Dashed draws the line dashed, for reference lines and margins.
	Dashed bool
	// Marker drawn at each point of a line; Scatter draws MarkerCircle when
	// this is MarkerNone.
	Marker Marker
	// MarkerSize is the marker radius in pixels; 0 means 2·TextScale, and
	// 3.5·TextScale for MarkerRing.
	MarkerSize float64
}

// Align is the horizontal alignment of an annotation on its anchor point.
type Align int

// Alignments of text on its anchor.
const (
	AlignLeft Align = iota
	AlignCenter
	AlignRight
)

// Line adds the polyline through (x[i], y[i]) with the given style; name
// (if not empty) appears in the legend. A NaN or infinite point breaks the
// line in two.
func (f *Figure) Line(name string, x, y []float64, st Style) {
	if !f.checkStyle("line", st) || !f.checkXY("line", x, y) {
		return
	}
	f.add(&seriesLayer{name: name, x: clone(x), y: clone(y), style: f.resolveColor(st), line: true})
}

// Scatter adds the points (x[i], y[i]) drawn as markers (MarkerCircle unless
// st.Marker says otherwise); name (if not empty) appears in the legend.
// Points with a NaN or infinite coordinate are skipped.
func (f *Figure) Scatter(name string, x, y []float64, st Style) {
	if !f.checkStyle("scatter", st) || !f.checkXY("scatter", x, y) {
		return
	}
	if st.Marker == MarkerNone {
		st.Marker = MarkerCircle
	}
	f.add(&seriesLayer{name: name, x: clone(x), y: clone(y), style: f.resolveColor(st)})
}

// ScatterClasses adds the points (x[i], y[i]) coloured and shaped by their
// class: class[i] selects ClassColor(class[i]) and ClassMarker(class[i]), and
// the legend lists names[c] for every class c that occurs, in increasing
// order. names may be nil, in which case the legend shows the class numbers.
// Classes must be non-negative and, when names is given, less than
// len(names). Series added later without a colour skip the class colours
// used here.
func (f *Figure) ScatterClasses(x, y []float64, class []int, names []string) {
	f.ScatterClassesStyle(x, y, class, names, Style{})
}

// ScatterClassesStyle is ScatterClasses with the markers' size (and, for
// rings, line width) taken from st: larger points for a figure of few of
// them, such as the four corners of XOR over its decision regions. The
// colour and shape still come from the class, so st.Color must be nil and
// st.Marker MarkerNone.
func (f *Figure) ScatterClassesStyle(x, y []float64, class []int, names []string, st Style) {
	const op = "scatter classes"
	if !f.checkXY(op, x, y) || !f.checkStyle(op, st) {
		return
	}
	if st.Color != nil || st.Marker != MarkerNone {
		f.fail(newError(op, ErrInvalid, "the class sets the colour and marker: give only MarkerSize and Width"))
		return
	}
	if len(class) != len(x) {
		f.fail(shapeError(op, "%d points, %d class labels", len(x), len(class)))
		return
	}
	maxClass := -1
	for i, c := range class {
		if c < 0 || (names != nil && c >= len(names)) {
			f.fail(newError(op, ErrInvalid, "class[%d] = %d is outside [0, %d)", i, c, len(names)))
			return
		}
		maxClass = max(maxClass, c)
	}
	f.nextColor = max(f.nextColor, maxClass+1)
	for c := 0; c <= maxClass; c++ {
		var xs, ys []float64
		for i, ci := range class {
			if ci == c {
				xs, ys = append(xs, x[i]), append(ys, y[i])
			}
		}
		if xs == nil {
			continue
		}
		name := strconv.Itoa(c)
		if names != nil {
			name = names[c]
		}
		cs := Style{Color: ClassColor(c), Marker: ClassMarker(c), MarkerSize: st.MarkerSize, Width: st.Width}
		f.add(&seriesLayer{name: name, x: xs, y: ys, style: cs})
	}
}

// HLine adds a horizontal reference line y = v across the whole plot, such
// as the 95% line of an explained-variance curve; v takes part in the y
// range. Set st.Dashed for the usual look of a reference line.
func (f *Figure) HLine(name string, v float64, st Style) {
	f.refLine("horizontal line", name, v, st, true)
}

// VLine adds a vertical reference line x = v across the whole plot.
func (f *Figure) VLine(name string, v float64, st Style) {
	f.refLine("vertical line", name, v, st, false)
}

func (f *Figure) refLine(op, name string, v float64, st Style, horizontal bool) {
	if !f.checkStyle(op, st) {
		return
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		f.fail(newError(op, ErrInvalid, "position %g is not finite", v))
		return
	}
	f.add(&refLayer{name: name, v: v, horizontal: horizontal, style: f.resolveColor(st)})
}

// Band adds the filled area between the curves (x[i], lo[i]) and
// (x[i], hi[i]), such as the ε-tube of a support vector regression, painted
// in st.Color at a quarter of its opacity so that data shows through. The
// two boundary curves are drawn as lines only when st.Width > 0 or
// st.Dashed. Points with a NaN or infinite value break the band.
func (f *Figure) Band(name string, x, lo, hi []float64, st Style) {
	const op = "band"
	if !f.checkStyle(op, st) || !f.checkXY(op, x, lo) {
		return
	}
	if len(hi) != len(x) {
		f.fail(shapeError(op, "%d x values, %d upper values", len(x), len(hi)))
		return
	}
	f.add(&bandLayer{name: name, x: clone(x), lo: clone(lo), hi: clone(hi), style: f.resolveColor(st)})
}

// Background fills the plot area with the colour fill(x, y) evaluated at the
// centre of each 2×2-pixel cell, under the grid and every other layer. A nil
// colour leaves the cell white.
func (f *Figure) Background(fill func(x, y float64) color.Color) {
	if fill == nil {
		f.fail(newError("background", ErrInvalid, "nil function"))
		return
	}
	f.add(&fieldLayer{colorAt: func(x, y float64) color.NRGBA {
		c := fill(x, y)
		if c == nil {
			return colorBackground
		}
		return toNRGBA(c)
	}})
}

// ClassRegions fills the plot area with pale class colours: the cell around
// (x, y) gets a tint of ClassColor(class(x, y)), or stays white when the
// class is negative. With a classifier's prediction as class, this draws its
// decision regions behind the training points.
func (f *Figure) ClassRegions(class func(x, y float64) int) {
	if class == nil {
		f.fail(newError("class regions", ErrInvalid, "nil function"))
		return
	}
	var tints []color.NRGBA // by class, computed once: the layer asks for every cell
	f.add(&fieldLayer{colorAt: func(x, y float64) color.NRGBA {
		c := class(x, y)
		if c < 0 {
			return colorBackground
		}
		for len(tints) <= c && len(tints) < 64 {
			tints = append(tints, tint(ClassColor(len(tints)), regionTint))
		}
		if c < len(tints) {
			return tints[c]
		}
		return tint(ClassColor(c), regionTint)
	}})
}

// regionTint is the fraction of a class colour kept in its region's tint:
// pale enough for the class's points to stand out on it.
const regionTint = 0.3

// Contour adds the contour lines f(x, y) = level for each level, traced by
// marching squares (see ContourLines) on a grid of 3×3-pixel cells over the
// plot area. For a classifier's decision function, levels {0} draw the
// decision boundary and {−1, 1} (dashed) the margins. Grid points where f is
// NaN or infinite leave a gap.
func (f *Figure) Contour(name string, fn func(x, y float64) float64, levels []float64, st Style) {
	const op = "contour"
	if !f.checkStyle(op, st) {
		return
	}
	if fn == nil {
		f.fail(newError(op, ErrInvalid, "nil function"))
		return
	}
	if len(levels) == 0 {
		f.fail(newError(op, matrix.ErrEmpty, "no levels"))
		return
	}
	for _, l := range levels {
		if math.IsNaN(l) || math.IsInf(l, 0) {
			f.fail(newError(op, ErrInvalid, "level %g is not finite", l))
			return
		}
	}
	f.add(&contourLayer{name: name, fn: fn, levels: clone(levels), style: f.resolveColor(st)})
}

// Annotate writes text at the data point (x, y), aligned on it horizontally
// and centred on it vertically.
func (f *Figure) Annotate(x, y float64, text string, align Align) {
	const op = "annotate"
	if math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) {
		f.fail(newError(op, ErrInvalid, "position (%g, %g) is not finite", x, y))
		return
	}
	if align < AlignLeft || align > AlignRight {
		f.fail(newError(op, ErrInvalid, "unknown alignment %d", align))
		return
	}
	f.add(&textLayer{x: x, y: y, text: text, align: align})
}

// Err returns the first error met while building the figure, or nil.
func (f *Figure) Err() error { return f.err }

func (f *Figure) add(l layer) { f.layers = append(f.layers, l) }

func (f *Figure) fail(err error) {
	if f.err == nil {
		f.err = err
	}
}

// resolveColor fills in the next palette colour when st.Color is nil.
func (f *Figure) resolveColor(st Style) Style {
	if st.Color == nil {
		st.Color = ClassColor(f.nextColor)
		f.nextColor++
	}
	return st
}

func (f *Figure) checkXY(op string, x, y []float64) bool {
	switch {
	case len(x) != len(y):
		f.fail(shapeError(op, "%d x values, %d y values", len(x), len(y)))
	case len(x) == 0:
		f.fail(newError(op, matrix.ErrEmpty, "no points"))
	default:
		return f.err == nil
	}
	return false
}

func (f *Figure) checkStyle(op string, st Style) bool {
	switch {
	case st.Width < 0 || math.IsNaN(st.Width) || math.IsInf(st.Width, 0):
		f.fail(newError(op, ErrInvalid, "line width %g", st.Width))
	case st.MarkerSize < 0 || math.IsNaN(st.MarkerSize) || math.IsInf(st.MarkerSize, 0):
		f.fail(newError(op, ErrInvalid, "marker size %g", st.MarkerSize))
	case st.Marker < MarkerNone || st.Marker >= markerCount:
		f.fail(newError(op, ErrInvalid, "unknown marker %d", st.Marker))
	default:
		return f.err == nil
	}
	return false
}

func clone(s []float64) []float64 { return append([]float64(nil), s...) }
