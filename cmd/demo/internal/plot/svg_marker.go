package plot

import (
	"bytes"
	"hash/fnv"
	"image/color"
	"math"
	"strconv"
)

// A filled marker is a shape in its colour inside a thin edge of the
// background colour (drawMarker). The PNG back end paints the edge's
// shape and then the marker's; the SVG back end writes one element, the
// shape midway between the two, filled in the marker's colour and stroked
// in the background colour as wide as the edge: the fill is painted
// first, the stroke over it covers the band between the two shapes, so the
// picture is the same with half the elements (a live page redraws some
// hundreds of markers at every change of a control). A polygon offset by
// its stroke is the polygon scaled about its incentre when the joins are
// mitred, which is why the shapes are regular ones scaled about their
// centre (markerShape); the miter of a 60° corner is twice the stroke,
// within SVG's default limit of 4.

// haloCircle writes the disc of radius r + edge/2 stroked edge wide: the
// stroke covers [r, r + edge].
func (s *svgPainter) haloCircle(center point, r, edge float64, c color.NRGBA) {
	b := &s.b
	b.WriteString(`<circle cx="`)
	b.WriteString(num(center.x))
	b.WriteString(`" cy="`)
	b.WriteString(num(center.y))
	b.WriteString(`" r="`)
	b.WriteString(num(r + edge/2))
	b.WriteString(`" ` + paint("fill", c) + ` ` + paint("stroke", colorBackground) + ` stroke-width="`)
	b.WriteString(num(edge))
	b.WriteString("\"/>\n")
}

// haloPolygon writes the polygon midway between inner and outer stroked
// as wide as the distance between their sides, or the two polygons when
// that distance is not the same for every side.
func (s *svgPainter) haloPolygon(inner, outer []point, c color.NRGBA) {
	width, ok := sideDistance(inner, outer)
	if !ok {
		s.polygon(outer, colorBackground)
		s.polygon(inner, c)
		return
	}
	mid := make([]point, len(inner))
	for i := range inner {
		mid[i] = point{(inner[i].x + outer[i].x) / 2, (inner[i].y + outer[i].y) / 2}
	}
	b := &s.b
	b.WriteString(`<polygon points="`)
	writePoints(b, mid)
	b.WriteString(`" ` + paint("fill", c) + ` ` + paint("stroke", colorBackground) + ` stroke-width="`)
	b.WriteString(num(width))
	b.WriteString("\"/>\n")
}

// sideDistance returns the distance between each side of inner and the
// matching side of outer, and whether it is the same for all sides (to a
// millionth of a pixel) with outer's sides parallel to inner's and
// outside them.
func sideDistance(inner, outer []point) (float64, bool) {
	if len(inner) < 3 || len(inner) != len(outer) {
		return 0, false
	}
	d0 := math.NaN()
	for i := range inner {
		a, b := inner[i], inner[(i+1)%len(inner)]
		p, q := outer[i], outer[(i+1)%len(outer)]
		ux, uy := b.x-a.x, b.y-a.y
		l := math.Hypot(ux, uy)
		if l == 0 {
			return 0, false
		}
		// Signed distances of p and q from the line ab, and parallelism.
		dp := (ux*(p.y-a.y) - uy*(p.x-a.x)) / l
		dq := (ux*(q.y-a.y) - uy*(q.x-a.x)) / l
		if math.Abs(dp-dq) > 1e-6 {
			return 0, false
		}
		if i == 0 {
			d0 = dp
		} else if math.Abs(dp-d0) > 1e-6 {
			return 0, false
		}
	}
	return math.Abs(d0), d0 != 0 && sameSide(inner, d0)
}

// sameSide reports whether a signed distance d from the first side of
// the convex polygon pts is outward (away from its other vertices).
func sameSide(pts []point, d float64) bool {
	a, b, c := pts[0], pts[1], pts[2]
	ux, uy := b.x-a.x, b.y-a.y
	inside := ux*(c.y-a.y) - uy*(c.x-a.x)
	return inside*d < 0
}

// writePoints writes pts as an SVG points list: x,y pairs with at most
// two decimals, separated by spaces.
func writePoints(b *bytes.Buffer, pts []point) {
	for i, p := range pts {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(num(p.x))
		b.WriteByte(',')
		b.WriteString(num(p.y))
	}
}

// markers writes the markers of a series of at least two points as one
// <marker> holding the marker drawn at the origin (the same elements
// drawMarker writes for one point) and one invisible polyline through the
// points that places it at each of them (marker-start, -mid and -end: a
// marker at every vertex, painted whole, in order, so each is over the
// ones before as with one element per point). A live page redraws
// hundreds or thousands of points, and the browser then parses, styles and
// lays out a few elements instead of one to four per point: the PCA page's
// 1797 digits are 73 elements and 33 kB of SVG, not 2923 and 371 kB. The marker's id is a hash of its content, so that the
// figures inlined in one page may share an id only for the same marker.
// A marker's vertices are rounded to two decimals once for the shape and
// once for its place, rather than once each: a hundredth of a pixel.
func (s *svgPainter) markers(at []point, m Marker, r, lineWidth float64, c color.NRGBA) {
	if len(at) < 2 {
		for _, q := range at {
			drawMarker(s, q, m, r, lineWidth, c)
		}
		return
	}
	var shape svgPainter
	drawMarker(&shape, point{}, m, r, lineWidth, c)
	h := fnv.New32a()
	h.Write(shape.b.Bytes())
	id := "mk" + strconv.FormatUint(uint64(h.Sum32()), 36)
	b := &s.b
	b.WriteString(`<marker id="` + id + `" markerUnits="userSpaceOnUse" overflow="visible">` + "\n")
	b.Write(shape.b.Bytes())
	b.WriteString("</marker>\n<polyline points=\"")
	writePoints(b, at)
	b.WriteString(`" fill="none" stroke="none" marker-start="url(#` + id + `)" marker-mid="url(#` + id + `)" marker-end="url(#` + id + ")\"/>\n")
}
