package plot

import (
	"bytes"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The SVG's one-element markers draw what the PNG's two draw: for every
// polygonal marker the shape midway between the marker and its edge lies
// half the stroke from both, side by side, so that the stroke (mitred)
// covers exactly the band between them.
func TestHaloPolygonIsTheBandBetween(t *testing.T) {
	at := point{37.3, 12.9}
	for _, m := range []Marker{MarkerSquare, MarkerDiamond, MarkerTriangle, MarkerTriangleDown} {
		for _, r := range []float64{2, 4.5, 9} {
			edge := math.Max(1, r/4)
			inner, outer := markerShape(m, at, r), markerShape(m, at, r+edge*1.5)
			w, ok := sideDistance(inner, outer)
			if !ok {
				t.Fatalf("marker %v, r = %g: sides not at one distance", m, r)
			}
			mid := make([]point, len(inner))
			for i := range inner {
				mid[i] = point{(inner[i].x + outer[i].x) / 2, (inner[i].y + outer[i].y) / 2}
			}
			a, ok1 := sideDistance(inner, mid)
			b, ok2 := sideDistance(mid, outer)
			if !ok1 || !ok2 || math.Abs(a-w/2) > 1e-9 || math.Abs(b-w/2) > 1e-9 {
				t.Errorf("marker %v, r = %g: band %g, halves %g and %g", m, r, w, a, b)
			}
		}
	}
	// Shapes that are not offsets of each other keep two elements.
	sq := []point{{0, 0}, {2, 0}, {2, 2}, {0, 2}}
	if _, ok := sideDistance(sq, []point{{-1, -1}, {4, -1}, {4, 3}, {-1, 3}}); ok {
		t.Error("a rectangle grown unevenly was taken for an offset")
	}
	if _, ok := sideDistance(sq, []point{{0.5, 0.5}, {1.5, 0.5}, {1.5, 1.5}, {0.5, 1.5}}); ok {
		t.Error("a smaller square was taken for the edge around it")
	}
}

// A scatter of filled markers is one SVG element per marker shape: a
// series of two points or more is one <marker> holding the element a point
// would be, at the origin, and one polyline through the points that places
// it at each of them; a single point (the legend's) is the element itself.
func TestSVGMarkersAreOneMarkerPerSeries(t *testing.T) {
	f := &Figure{}
	f.Scatter("discs", []float64{0, 1, 2}, []float64{0, 1, 0}, Style{Marker: MarkerCircle})
	f.Scatter("squares", []float64{0.5, 1.5}, []float64{1, 0}, Style{Marker: MarkerSquare})
	f.Scatter("one", []float64{1}, []float64{0.5}, Style{Marker: MarkerCircle})
	var buf bytes.Buffer
	if err := f.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	svg := buf.String()
	// The discs' and the squares' markers, the single disc, and one of
	// each series in the legend.
	if c, p := strings.Count(svg, "<circle"), strings.Count(svg, "<polygon"); c != 4 || p != 2 {
		t.Errorf("%d circles and %d polygons, want 4 and 2:\n%s", c, p, svg)
	}
	uses := regexp.MustCompile(`<polyline points="([^"]*)" fill="none" stroke="none" marker-start="url\(#(\w+)\)" marker-mid="url\(#(\w+)\)" marker-end="url\(#(\w+)\)"/>`).FindAllStringSubmatch(svg, -1)
	if len(uses) != 2 {
		t.Fatalf("%d polylines placing markers, want 2:\n%s", len(uses), svg)
	}
	for i, want := range []struct {
		points int
		shape  string
	}{{3, "<circle"}, {2, "<polygon"}} {
		u := uses[i]
		if n := len(strings.Fields(u[1])); n != want.points {
			t.Errorf("series %d: %d points placed, want %d", i, n, want.points)
		}
		if u[2] != u[3] || u[2] != u[4] {
			t.Errorf("series %d: markers %s, %s and %s, want one", i, u[2], u[3], u[4])
		}
		def := regexp.MustCompile(`(?s)<marker id="` + u[2] + `" markerUnits="userSpaceOnUse" overflow="visible">\n(.*?)</marker>`).FindStringSubmatch(svg)
		if def == nil || strings.Count(def[1], "<") != 1 || !strings.HasPrefix(def[1], want.shape) {
			t.Errorf("series %d: marker %s is %q, want one %s element", i, u[2], def, want.shape)
		}
	}
	if uses[0][2] == uses[1][2] {
		t.Errorf("discs and squares share the marker %s", uses[0][2])
	}
}

// A marker placed by a polyline is the element drawMarker writes for one
// point moved by the point, to the two decimals of the SVG: its shape is
// drawMarker's at the origin and the point is the polyline's vertex.
func TestSVGMarkerPlacedIsTheMarkerDrawn(t *testing.T) {
	at := []point{{37.3, 12.9}, {101.255, 47.125}}
	for _, m := range []Marker{MarkerCircle, MarkerRing, MarkerSquare, MarkerDiamond, MarkerTriangle, MarkerTriangleDown, MarkerPlus, MarkerCross} {
		var s, one, origin svgPainter
		s.markers(at, m, 4.5, 1, ClassColor(1))
		drawMarker(&origin, point{}, m, 4.5, 1, ClassColor(1))
		if !strings.Contains(s.b.String(), "overflow=\"visible\">\n"+origin.b.String()+"</marker>") {
			t.Errorf("marker %v: the definition is not drawMarker's at the origin:\n%s", m, s.b.String())
		}
		if !strings.Contains(s.b.String(), `<polyline points="37.3,12.9 101.26,47.13" fill="none" stroke="none"`) {
			t.Errorf("marker %v: the points are not placed:\n%s", m, s.b.String())
		}
		// Every coordinate of drawMarker's element at a point is the
		// origin's moved by the point, within the two roundings.
		drawMarker(&one, at[0], m, 4.5, 1, ClassColor(1))
		want, got := coordinates(one.b.String()), coordinates(origin.b.String())
		if len(want) != len(got) {
			t.Fatalf("marker %v: %d coordinates at the point, %d at the origin", m, len(want), len(got))
		}
		for i := range want {
			d := at[0].x
			if want[i].y {
				d = at[0].y
			}
			if want[i].v != want[i].v || math.Abs(got[i].v+d-want[i].v) > 0.0100001 {
				t.Errorf("marker %v: coordinate %d is %g at the point, %g + %g from the origin", m, i, want[i].v, got[i].v, d)
			}
		}
	}
	// One point is drawn as itself.
	var s, one svgPainter
	s.markers(at[:1], MarkerSquare, 4.5, 1, ClassColor(1))
	drawMarker(&one, at[0], MarkerSquare, 4.5, 1, ClassColor(1))
	if s.b.String() != one.b.String() {
		t.Errorf("one point: %q, want %q", s.b.String(), one.b.String())
	}
}

type coord struct {
	v float64
	y bool // a y coordinate
}

// coordinates returns the positions an element's attributes hold (cx, cy
// and the points lists' pairs), in order.
func coordinates(svg string) []coord {
	var out []coord
	for _, m := range regexp.MustCompile(`(cx|cy|points)="([^"]*)"`).FindAllStringSubmatch(svg, -1) {
		if m[1] != "points" {
			v, _ := strconv.ParseFloat(m[2], 64)
			out = append(out, coord{v, m[1] == "cy"})
			continue
		}
		for _, pair := range strings.Fields(m[2]) {
			x, y, _ := strings.Cut(pair, ",")
			a, _ := strconv.ParseFloat(x, 64)
			b, _ := strconv.ParseFloat(y, 64)
			out = append(out, coord{a, false}, coord{b, true})
		}
	}
	return out
}
