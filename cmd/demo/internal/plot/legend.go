package plot

import "math"

// legendEntries collects the legend rows of the layers in drawing order.
func legendEntries(layers []layer) []legendEntry {
	var entries []legendEntry
	for _, l := range layers {
		entries = append(entries, l.legend()...)
	}
	return entries
}

// legendBox is the legend's size and layout: rows of a swatch and a name, in
// as many columns as the plot's height requires.
type legendBox struct {
	w, h          float64
	rows, cols    int
	colW, rowH    float64
	inner, swatch float64
}

func measureLegend(entries []legendEntry, a *axes, m metrics) legendBox {
	b := legendBox{rowH: m.textH + 2*m.gap, inner: 2 * m.gap, swatch: 12 * float64(m.s)}
	nameW := 0
	for _, e := range entries {
		nameW = max(nameW, textWidth(e.name, m.s))
	}
	b.colW = b.swatch + 4*m.gap + float64(nameW)
	maxRows := max(1, int((a.area.y1-a.area.y0-4*m.gap-2*b.inner)/b.rowH))
	b.cols = (len(entries) + maxRows - 1) / maxRows
	b.rows = (len(entries) + b.cols - 1) / b.cols
	b.w = 2*b.inner + float64(b.cols)*b.colW + float64(b.cols-1)*4*m.gap
	b.h = 2*b.inner + float64(b.rows)*b.rowH
	return b
}

// legendCandidates lists the top-left corners tried for the legend, in
// order of preference.
func legendCandidates(place LegendPlace, b legendBox, a *axes, m metrics) []point {
	margin := 2 * m.gap
	r := a.area
	left, right := r.x0+margin, r.x1-margin-b.w
	top, bottom := r.y0+margin, r.y1-margin-b.h
	center := (r.x0+r.x1)/2 - b.w/2
	switch place {
	case LegendUpperRight:
		return []point{{right, top}}
	case LegendUpperLeft:
		return []point{{left, top}}
	case LegendLowerRight:
		return []point{{right, bottom}}
	case LegendLowerLeft:
		return []point{{left, bottom}}
	}
	return []point{{right, top}, {left, top}, {right, bottom}, {left, bottom}, {center, top}, {center, bottom}}
}

// placeLegend returns the legend's box: the first candidate position that
// hides the fewest sampled data points.
func placeLegend(a *axes, m metrics, b legendBox, place LegendPlace, layers []layer) rect {
	cands := legendCandidates(place, b, a, m)
	hidden := make([]int, len(cands))
	if len(cands) > 1 {
		for _, l := range layers {
			l.cover(a, func(q point) {
				for k, c := range cands {
					if (rect{c.x, c.y, c.x + b.w, c.y + b.h}).contains(q) {
						hidden[k]++
					}
				}
			})
		}
	}
	best := 0
	for k := range cands {
		if hidden[k] < hidden[best] {
			best = k
		}
	}
	at := cands[best]
	return rect{math.Round(at.x), math.Round(at.y), math.Round(at.x + b.w), math.Round(at.y + b.h)}
}

// drawLegend draws the legend where placeLegend puts it.
func drawLegend(p painter, a *axes, m metrics, entries []legendEntry, place LegendPlace, layers []layer) {
	b := measureLegend(entries, a, m)
	box := placeLegend(a, m, b, place, layers)
	p.setClip(nil)
	p.fillRect(box, colorLegendBox)
	e := box.inset(0.5)
	p.polyline([]point{{e.x0, e.y0}, {e.x1, e.y0}, {e.x1, e.y1}, {e.x0, e.y1}, {e.x0, e.y0}}, 1, nil, colorLegendEdge)
	for i, e := range entries {
		col, row := i/b.rows, i%b.rows
		x := box.x0 + b.inner + float64(col)*(b.colW+4*m.gap)
		yMid := box.y0 + b.inner + (float64(row)+0.5)*b.rowH
		drawSwatch(p, e, rect{x, yMid - m.capH/2, x + b.swatch, yMid + m.capH/2}, a.scale)
		p.text(point{x + b.swatch + 4*m.gap, yMid}, e.name, a.scale, AlignLeft, false, colorText)
	}
}

// drawSwatch draws a sample of an entry's style in r.
func drawSwatch(p painter, e legendEntry, r rect, s int) {
	c := toNRGBA(e.style.Color)
	yMid := (r.y0 + r.y1) / 2
	if e.fill {
		fill := c
		fill.A = uint8(float64(c.A)*bandOpacity + 0.5)
		p.fillRect(r, fill)
	}
	w := lineWidth(e.style, s)
	if e.line {
		y := crisp(yMid, w)
		p.polyline([]point{{r.x0, y}, {r.x1, y}}, w, dashPattern(e.style, s), c)
	}
	if e.style.Marker != MarkerNone {
		drawMarker(p, point{(r.x0 + r.x1) / 2, yMid}, e.style.Marker, markerRadius(e.style, s), math.Max(1, w*0.75), c)
	}
}
