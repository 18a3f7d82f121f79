package plot

import (
	"math"
	"sort"
	"strconv"

	"mlnotes/matrix"
)

// Default figure size in pixels.
const (
	defaultWidth  = 800
	defaultHeight = 600
)

// axes is the figure's layout: the tick sets, which fix the data ranges, and
// the plot area in pixels that the ranges map onto.
type axes struct {
	x, y   Ticks
	area   rect
	logY   bool
	xTitle string // axis labels, with the ticks' power of ten if any
	yTitle string
	title  titleLayout
	scale  int // text scale
	width  int // canvas size
	height int
}

// On a logarithmic y axis, the axis coordinate of a data value y is
// log₁₀ y: the tick values and the range a.y hold exponents.

// axisY maps a data y to its axis coordinate: y itself, or log₁₀ y on a
// logarithmic axis (−Inf or NaN for y ≤ 0, which callers skip).
func (a *axes) axisY(y float64) float64 {
	if a.logY {
		return math.Log10(y)
	}
	return y
}

// dataY is the inverse of axisY.
func (a *axes) dataY(v float64) float64 {
	if a.logY {
		return math.Pow(10, v)
	}
	return v
}

// valid reports whether the data point (x, y) can be drawn: it is finite
// (positive on a logarithmic axis) and so is its position on the canvas,
// which data near ±MaxFloat64 outside a fixed range could overflow.
func (a *axes) valid(x, y float64) bool {
	if !finite(x) || !finite(a.axisY(y)) {
		return false
	}
	p := a.toPixel(x, y)
	return finite(p.x) && finite(p.y)
}

// toPixel maps data (x, y) to the canvas; y grows downwards on the canvas.
func (a *axes) toPixel(x, y float64) point { return a.axisToPixel(x, a.axisY(y)) }

// axisToPixel maps axis coordinates (x, v) to the canvas.
func (a *axes) axisToPixel(x, v float64) point {
	return point{
		a.area.x0 + (x-a.x.Min)/(a.x.Max-a.x.Min)*(a.area.x1-a.area.x0),
		a.area.y1 - (v-a.y.Min)/(a.y.Max-a.y.Min)*(a.area.y1-a.area.y0),
	}
}

// metrics are the sizes of the figure furniture for text scale s.
type metrics struct {
	s       int
	pad     float64 // canvas border
	gap     float64 // between a tick label and its tick, and similar
	tickLen float64
	textH   float64 // one line of text, descenders included
	capH    float64 // height of capitals and digits
}

func newMetrics(s int) metrics {
	f := float64(s)
	return metrics{s: s, pad: 4 * f, gap: f, tickLen: 3 * f, textH: float64(textHeight(s)), capH: ascentRows * f}
}

func (f *Figure) size() (w, h, s int, err error) {
	w, h = f.Width, f.Height
	if w == 0 {
		w = defaultWidth
	}
	if h == 0 {
		h = defaultHeight
	}
	if w < 0 || h < 0 || w > 1<<14 || h > 1<<14 {
		return 0, 0, 0, newError("layout", ErrInvalid, "figure size %d×%d outside 1 … 16384 pixels", f.Width, f.Height)
	}
	s = f.TextScale
	if s < 0 || s > 16 {
		return 0, 0, 0, newError("layout", ErrInvalid, "text scale %d outside 0 … 16", s)
	}
	if s == 0 {
		s = max(2, int(math.Round(float64(min(w, h))/300)))
	}
	return w, h, s, nil
}

// layout computes the axes: data ranges, ticks and the plot area.
func (f *Figure) layout() (*axes, error) {
	const op = "layout"
	if f.err != nil {
		return nil, f.err
	}
	if len(f.layers) == 0 {
		return nil, newError(op, matrix.ErrEmpty, "nothing to draw")
	}
	w, h, s, err := f.size()
	if err != nil {
		return nil, err
	}
	a := &axes{scale: s, width: w, height: h, logY: f.LogY}
	ext := extent{axisY: a.axisY}
	for _, l := range f.layers {
		l.extent(&ext)
	}
	xr, err := axisRange("x", f.XRange, ext.x, ext.hasX)
	if err != nil {
		return nil, err
	}
	fixedY := f.YRange
	if f.LogY && fixedY.isSet() {
		if !(fixedY.Min > 0) {
			return nil, newError(op, ErrInvalid, "fixed y range [%g, %g] on a logarithmic axis must be positive", fixedY.Min, fixedY.Max)
		}
		fixedY = Range{math.Log10(fixedY.Min), math.Log10(fixedY.Max)}
	}
	yr, err := axisRange("y", fixedY, ext.y, ext.hasY)
	if err != nil {
		return nil, err
	}
	m := newMetrics(s)

	xWidth := func(t Ticks) float64 { return maxLabelWidth(t, s) }
	// A rough x axis tells whether its labels share a power of ten, which
	// then goes into the x label (whose row must be reserved).
	roughX, err := chooseTicks(xr, f.XRange.isSet(), float64(w)*0.8, xWidth, m)
	if err != nil {
		return nil, err
	}

	// Vertical: title on top; tick labels and the x label below.
	top := m.pad + m.capH/2 // the top y tick label reaches above the frame
	if a.title, err = fitTitle(op, f.Title, w, s, m.pad); err != nil {
		return nil, err
	}
	if f.Title != "" {
		top = m.pad + a.title.height() + 2*m.gap + m.capH/2
	}
	bottom := m.pad + m.tickLen + m.gap + m.textH
	if axisTitle(f.XLabel, roughX) != "" {
		bottom += 2*m.gap + m.textH
	}
	plotH := float64(h) - top - bottom
	if a.y, err = chooseTicks(yr, f.YRange.isSet(), plotH, func(Ticks) float64 { return 0 }, m); err != nil {
		return nil, err
	}
	if f.LogY {
		a.y = decadeTicks(a.y, yr, f.YRange.isSet())
	}
	a.yTitle = axisTitle(f.YLabel, a.y)

	// Horizontal: y label and tick labels on the left; the last x tick
	// label may reach beyond the frame on the right.
	left := m.pad + maxLabelWidth(a.y, s) + m.gap + m.tickLen
	if a.yTitle != "" {
		left += m.textH + 2*m.gap
	}
	right := m.pad
	for pass := 0; pass < 2; pass++ {
		plotW := float64(w) - left - right
		if a.x, err = chooseTicks(xr, f.XRange.isSet(), plotW, xWidth, m); err != nil {
			return nil, err
		}
		if n := len(a.x.Values); n > 0 && a.x.Values[n-1] >= a.x.Max-a.x.Step/2 {
			// The last label is centred on the right edge of the frame.
			right = math.Max(m.pad, float64(textWidth(a.x.shortLabels()[n-1], s))/2+m.pad)
		}
	}
	a.xTitle = axisTitle(f.XLabel, a.x)
	if a.xTitle != "" && axisTitle(f.XLabel, roughX) == "" {
		// Rare: the final x ticks need a power of ten the rough ones did
		// not; the x label row was not reserved, so plain labels it is.
		a.x.suffix, a.xTitle = "", f.XLabel
	}
	a.area = rect{math.Round(left), math.Round(top), math.Round(float64(w) - right), math.Round(float64(h) - bottom)}
	if a.area.x1-a.area.x0 < 16 || a.area.y1-a.area.y0 < 16 {
		return nil, newError(op, ErrInvalid, "figure %d×%d is too small for its labels at text scale %d", w, h, s)
	}
	return a, nil
}

// axisRange returns the range of one axis: the fixed one if set, else the
// data's.
func axisRange(name string, fixed, data Range, hasData bool) (Range, error) {
	if fixed.isSet() {
		if !validRange(fixed) {
			return Range{}, newError("layout", ErrInvalid, "fixed %s range [%g, %g] is not finite and increasing", name, fixed.Min, fixed.Max)
		}
		return fixed, nil
	}
	if !hasData {
		return Range{}, newError("layout", matrix.ErrEmpty, "no finite data sets the %s range; set %sRange", name, upper(name))
	}
	return data, nil
}

func upper(s string) string {
	if s == "x" {
		return "X"
	}
	return "Y"
}

// chooseTicks picks the densest nice ticks for an axis of the given length
// in pixels whose labels do not crowd: ticks about 3.5 text heights
// apart, and (for the x axis, where labelWidth is not zero) labels at least
// two character widths apart. A fixed range keeps its bounds; a data range
// widens to the nearest ticks.
func chooseTicks(r Range, fixed bool, length float64, labelWidth func(Ticks) float64, m metrics) (Ticks, error) {
	// At least 3 ticks are asked for: a fixed range then always holds a
	// tick (see ticksWithin) and a loose one never needs more than 3.
	most := max(3, int(math.Round(length/(3.5*m.textH)))+1)
	var t Ticks
	for n := most; n >= 3; n-- {
		var err error
		if fixed {
			t, err = ticksWithin(r.Min, r.Max, n)
		} else {
			t, err = NiceTicks(r.Min, r.Max, n)
		}
		if err != nil {
			return Ticks{}, err
		}
		spacing := length * t.Step / (t.Max - t.Min)
		if lw := labelWidth(t); lw == 0 || spacing >= lw+12*float64(m.s) {
			return t, nil
		}
	}
	return t, nil
}

func maxLabelWidth(t Ticks, s int) float64 {
	w := 0
	for _, l := range t.shortLabels() {
		w = max(w, textWidth(l, s))
	}
	return float64(w)
}

// draw paints the whole figure through p.
func (f *Figure) draw(p painter, a *axes) {
	m := newMetrics(a.scale)
	p.setClip(nil)
	p.fillRect(rect{0, 0, float64(a.width), float64(a.height)}, colorBackground)

	layers := append([]layer(nil), f.layers...)
	sort.SliceStable(layers, func(i, j int) bool { return layers[i].background() && !layers[j].background() })
	for _, l := range layers {
		l.prepare(a)
	}
	for _, l := range layers {
		if l.background() {
			l.draw(p, a)
		}
	}
	if !f.HideGrid {
		f.drawGrid(p, a)
	}
	for _, l := range layers {
		if !l.background() {
			l.draw(p, a)
		}
	}
	f.drawFrame(p, a, m)
	if f.Legend != LegendNone {
		if entries := legendEntries(layers); len(entries) > 0 {
			drawLegend(p, a, m, entries, f.Legend, layers)
		}
	}
}

// drawGrid draws light lines at the ticks inside the plot area.
func (f *Figure) drawGrid(p painter, a *axes) {
	p.setClip(&a.area)
	for _, v := range a.x.Values {
		x := crisp(a.axisToPixel(v, 0).x, 1)
		if x > a.area.x0+1 && x < a.area.x1-1 {
			p.polyline([]point{{x, a.area.y0}, {x, a.area.y1}}, 1, nil, colorGrid)
		}
	}
	for _, v := range a.y.Values {
		y := crisp(a.axisToPixel(0, v).y, 1)
		if y > a.area.y0+1 && y < a.area.y1-1 {
			p.polyline([]point{{a.area.x0, y}, {a.area.x1, y}}, 1, nil, colorGrid)
		}
	}
}

// drawFrame draws the box around the plot area, the ticks and their labels,
// the axis labels and the title.
func (f *Figure) drawFrame(p painter, a *axes, m metrics) {
	p.setClip(nil)
	fw := math.Max(1, math.Round(float64(a.scale)/2))
	r := a.area
	x0, x1, y0, y1 := crisp(r.x0, fw), crisp(r.x1, fw), crisp(r.y0, fw), crisp(r.y1, fw)
	p.polyline([]point{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}, {x0, y0}}, fw, nil, colorFrame)
	xLabels, yLabels := a.x.shortLabels(), a.y.shortLabels()
	for i, v := range a.x.Values {
		x := crisp(a.axisToPixel(v, 0).x, fw)
		p.polyline([]point{{x, y1}, {x, y1 + m.tickLen}}, fw, nil, colorFrame)
		p.text(point{x, r.y1 + m.tickLen + m.gap + m.capH/2}, xLabels[i], a.scale, AlignCenter, false, colorText)
	}
	for i, v := range a.y.Values {
		y := crisp(a.axisToPixel(0, v).y, fw)
		p.polyline([]point{{x0 - m.tickLen, y}, {x0, y}}, fw, nil, colorFrame)
		p.text(point{r.x0 - m.tickLen - m.gap, y}, yLabels[i], a.scale, AlignRight, false, colorText)
	}
	midX, midY := (r.x0+r.x1)/2, (r.y0+r.y1)/2
	if a.xTitle != "" {
		y := r.y1 + m.tickLen + m.gap + m.textH + 2*m.gap + m.capH/2
		p.text(point{midX, y}, a.xTitle, a.scale, AlignCenter, false, colorText)
	}
	if a.yTitle != "" {
		p.text(point{m.pad + m.capH/2, midY}, a.yTitle, a.scale, AlignCenter, true, colorText)
	}
	for i, line := range a.title.lines {
		p.text(point{float64(a.width) / 2, a.title.lineY(m.pad, i)}, line, a.title.scale, AlignCenter, false, colorText)
	}
}

// decadeTicks turns ticks chosen on the exponents of a logarithmic axis into
// its labels: whole decades 10ᵏ when the step is a whole number of decades
// or when a step of one decade still gives two ticks; otherwise (a range
// narrower than two decades) the fractional exponents, labelled with their
// values 10ᵛ.
func decadeTicks(t Ticks, r Range, fixed bool) Ticks {
	if t.Step < 1 {
		lo, hi := t.Min, t.Max
		kLo, kHi := math.Ceil(snap(lo)), math.Floor(snap(hi))
		if !fixed {
			kLo, kHi = math.Floor(snap(r.Min)), math.Ceil(snap(r.Max))
			lo, hi = kLo, kHi
		}
		if kHi > kLo {
			t = Ticks{Min: lo, Max: hi, Step: 1}
			for k := kLo; k <= kHi; k++ {
				t.Values = append(t.Values, k)
			}
		}
	}
	t.suffix = ""
	t.Labels = t.Labels[:0:0]
	for _, v := range t.Values {
		if t.Step >= 1 {
			t.Labels = append(t.Labels, "10"+superscript(strconv.Itoa(int(math.Round(v)))))
		} else {
			t.Labels = append(t.Labels, strconv.FormatFloat(math.Pow(10, v), 'g', 3, 64))
		}
	}
	return t
}
