package plot

import (
	"image"
	"image/color"
	"math"
)

// A figure is laid out once, in pixel coordinates (x to the right, y down,
// pixel (i, j) covering [i, i+1)×[j, j+1)), and drawn through the painter
// interface, which the PNG back end (raster.go) and the SVG back end (svg.go)
// implement. Both therefore show the same picture.

// point is a position in pixels.
type point struct{ x, y float64 }

// rect is an axis-parallel rectangle in pixels, x0 ≤ x1 and y0 ≤ y1.
type rect struct{ x0, y0, x1, y1 float64 }

func (r rect) contains(p point) bool {
	return p.x >= r.x0 && p.x <= r.x1 && p.y >= r.y0 && p.y <= r.y1
}

func (r rect) inset(d float64) rect { return rect{r.x0 + d, r.y0 + d, r.x1 - d, r.y1 - d} }

// painter draws primitives in pixel coordinates.
type painter interface {
	// setClip limits drawing to r, or lifts the limit when r is nil.
	setClip(r *rect)
	fillRect(r rect, c color.NRGBA)
	// polyline strokes the open path pts with round joins and caps; dash,
	// when not nil, alternates drawn and skipped lengths along the path.
	polyline(pts []point, width float64, dash []float64, c color.NRGBA)
	// polygon fills the closed path pts by the nonzero winding rule.
	polygon(pts []point, c color.NRGBA)
	circle(center point, radius float64, c color.NRGBA)
	ring(center point, radius, width float64, c color.NRGBA)
	// haloCircle draws a disc of radius r in c inside a ring of width
	// edge in the background colour (a marker with its white edge).
	haloCircle(center point, r, edge float64, c color.NRGBA)
	// haloPolygon draws the polygon inner in c over outer in the
	// background colour, outer being inner scaled about its incentre (a
	// polygonal marker with its white edge).
	haloPolygon(inner, outer []point, c color.NRGBA)
	// markers draws marker m (drawMarker) at every point of at, in
	// order, each over the ones before.
	markers(at []point, m Marker, r, lineWidth float64, c color.NRGBA)
	// text draws s at the given scale with its cap height centred on at.y
	// and aligned on at.x; vertical text reads upwards, centred likewise on
	// the rotated axes.
	text(at point, s string, scale int, align Align, vertical bool, c color.NRGBA)
	// image stretches img over r, nearest neighbour.
	image(r rect, img *image.NRGBA)
	// images draws every imgs[i] over rs[i] as image does; the
	// rectangles must not overlap (so the order does not matter).
	images(rs []rect, imgs []*image.NRGBA)
}

// drawMarker draws marker m of radius r at p. Filled shapes get a thin white
// edge so that overlapping points stay apart.
func drawMarker(p painter, at point, m Marker, r, lineWidth float64, c color.NRGBA) {
	edge := math.Max(1, r/4)
	switch m {
	case MarkerNone:
	case MarkerCircle:
		p.haloCircle(at, r, edge, c)
	case MarkerRing:
		p.ring(at, r, lineWidth, c)
	case MarkerPlus, MarkerCross:
		d := r * 1.1 // the arms of a plus reach a little further than a disc
		if m == MarkerCross {
			d = r * 0.85
		}
		arms := [][]point{{{at.x - d, at.y}, {at.x + d, at.y}}, {{at.x, at.y - d}, {at.x, at.y + d}}}
		if m == MarkerCross {
			arms = [][]point{{{at.x - d, at.y - d}, {at.x + d, at.y + d}}, {{at.x - d, at.y + d}, {at.x + d, at.y - d}}}
		}
		w := math.Max(lineWidth, r/2)
		for _, a := range arms {
			p.polyline(a, w+2*edge, nil, colorBackground)
		}
		for _, a := range arms {
			p.polyline(a, w, nil, c)
		}
	default:
		p.haloPolygon(markerShape(m, at, r), markerShape(m, at, r+edge*1.5), c)
	}
}

// markerShape returns the outline of a polygonal marker whose area is close
// to that of a disc of radius r, so that no shape looks heavier than another.
func markerShape(m Marker, at point, r float64) []point {
	switch m {
	case MarkerSquare:
		h := r * 0.886 // side √π·r has the disc's area
		return []point{{at.x - h, at.y - h}, {at.x + h, at.y - h}, {at.x + h, at.y + h}, {at.x - h, at.y + h}}
	case MarkerDiamond:
		h := r * 1.253 // diagonal-half √(π/2)·r
		return []point{{at.x, at.y - h}, {at.x + h, at.y}, {at.x, at.y + h}, {at.x - h, at.y}}
	case MarkerTriangle, MarkerTriangleDown:
		h := r * 1.555 // circumradius of the equilateral triangle of area πr²
		s := 1.0
		if m == MarkerTriangleDown {
			s = -1
		}
		// The centroid sits at the data point.
		return []point{
			{at.x, at.y - s*h},
			{at.x + h*math.Sqrt(3)/2, at.y + s*h/2},
			{at.x - h*math.Sqrt(3)/2, at.y + s*h/2},
		}
	}
	panic("plot: markerShape: not a polygonal marker") // unreachable: checked by the add methods
}

// clipSegment clips the segment ab to r by the Liang–Barsky algorithm and
// reports whether any of it is left. An end moved onto a side of r gets that
// side's coordinate exactly: its parameter t carries a relative error ε, which
// would be ε·|b − a| in position, far more than a pixel for the wild
// coordinates of data outside a fixed range.
func clipSegment(a, b point, r rect) (point, point, bool) {
	t0, t1 := 0.0, 1.0
	side0, side1 := -1, -1 // the side (index into bounds below) each end was moved to
	dx, dy := b.x-a.x, b.y-a.y
	bounds := [4]float64{r.x0, r.x1, r.y0, r.y1}
	for k, e := range [4][2]float64{{-dx, a.x - r.x0}, {dx, r.x1 - a.x}, {-dy, a.y - r.y0}, {dy, r.y1 - a.y}} {
		p, q := e[0], e[1]
		if p == 0 {
			if q < 0 {
				return a, b, false // parallel to this side and outside it
			}
			continue
		}
		t := q / p
		if p < 0 && t > t0 {
			t0, side0 = t, k
		} else if p > 0 && t < t1 {
			t1, side1 = t, k
		}
	}
	if t0 > t1 {
		return a, b, false
	}
	at := func(t float64, side int, end point) point {
		if side < 0 {
			return end
		}
		q := point{a.x + t*dx, a.y + t*dy}
		if side < 2 {
			q.x = bounds[side]
		} else {
			q.y = bounds[side]
		}
		return q
	}
	return at(t0, side0, a), at(t1, side1, b), true
}

// clipPolyline splits the path pts into its runs inside r, so that back ends
// never see the huge coordinates of data far outside a fixed axis range.
func clipPolyline(pts []point, r rect) [][]point {
	var runs [][]point
	var cur []point
	for i := 0; i+1 < len(pts); i++ {
		a, b, ok := clipSegment(pts[i], pts[i+1], r)
		if !ok {
			if len(cur) > 1 {
				runs = append(runs, cur)
			}
			cur = nil
			continue
		}
		if len(cur) == 0 || cur[len(cur)-1] != a {
			if len(cur) > 1 {
				runs = append(runs, cur)
			}
			cur = []point{a}
		}
		cur = append(cur, b)
	}
	if len(cur) > 1 {
		runs = append(runs, cur)
	}
	if len(pts) == 1 && r.contains(pts[0]) {
		runs = append(runs, []point{pts[0], pts[0]}) // a lone point still shows as a dot
	}
	return runs
}

// clipPolygon clips the closed polygon pts to r by Sutherland–Hodgman.
func clipPolygon(pts []point, r rect) []point {
	type edge struct {
		inside func(p point) bool
		cross  func(a, b point) point
	}
	atX := func(x float64) func(a, b point) point {
		return func(a, b point) point { return point{x, a.y + (b.y-a.y)*(x-a.x)/(b.x-a.x)} }
	}
	atY := func(y float64) func(a, b point) point {
		return func(a, b point) point { return point{a.x + (b.x-a.x)*(y-a.y)/(b.y-a.y), y} }
	}
	edges := [4]edge{
		{func(p point) bool { return p.x >= r.x0 }, atX(r.x0)},
		{func(p point) bool { return p.x <= r.x1 }, atX(r.x1)},
		{func(p point) bool { return p.y >= r.y0 }, atY(r.y0)},
		{func(p point) bool { return p.y <= r.y1 }, atY(r.y1)},
	}
	out := pts
	for _, e := range edges {
		in := out
		out = nil
		for i, b := range in {
			a := in[(i+len(in)-1)%len(in)]
			switch ai, bi := e.inside(a), e.inside(b); {
			case ai && bi:
				out = append(out, b)
			case ai && !bi:
				out = append(out, e.cross(a, b))
			case !ai && bi:
				out = append(out, e.cross(a, b), b)
			}
		}
		if len(out) == 0 {
			return nil
		}
	}
	return out
}

// crisp moves the coordinate v of an axis-parallel line of the given width
// to the pixel grid, so that a 1-pixel line covers one pixel column fully
// instead of two columns by halves.
func crisp(v, width float64) float64 {
	if int(math.Round(width))%2 == 1 {
		return math.Floor(v) + 0.5
	}
	return math.Round(v)
}
