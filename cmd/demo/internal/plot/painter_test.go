package plot

import (
	"math"
	"testing"
)

func TestClipHelpers(t *testing.T) {
	r := rect{0, 0, 10, 10}
	// A segment from far outside crosses the box.
	a, b, ok := clipSegment(point{-1e300, 5}, point{1e300, 5}, r)
	if !ok || a.x != 0 || b.x != 10 {
		t.Errorf("clipSegment = %v %v %v", a, b, ok)
	}
	if _, _, ok := clipSegment(point{-5, -5}, point{-1, 20}, r); ok {
		t.Error("a segment outside the box was kept")
	}
	runs := clipPolyline([]point{{-5, 5}, {5, 5}, {5, 20}, {8, 20}, {8, 5}}, r)
	if len(runs) != 2 {
		t.Errorf("clipPolyline gave %d runs, want 2: %v", len(runs), runs)
	}
	poly := clipPolygon([]point{{-5, -5}, {15, -5}, {15, 15}, {-5, 15}}, r)
	if len(poly) != 4 || bounds(poly, 0) != r {
		t.Errorf("clipPolygon = %v, want the box", poly)
	}
	if clipPolygon([]point{{20, 20}, {30, 20}, {30, 30}}, r) != nil {
		t.Error("a polygon outside the box was kept")
	}
}

func TestMarkerShapesHaveDiscArea(t *testing.T) {
	// Every polygonal marker has the area πr² of the disc marker (to the
	// 3–4 digits of its size constants) and its centroid on the data point.
	at, r := point{3, -2}, 5.0
	for _, m := range []Marker{MarkerSquare, MarkerDiamond, MarkerTriangle, MarkerTriangleDown} {
		pts := markerShape(m, at, r)
		area, cx, cy := 0.0, 0.0, 0.0
		for i, p := range pts {
			q := pts[(i+1)%len(pts)]
			cross := p.x*q.y - q.x*p.y // shoelace
			area += cross / 2
			cx += (p.x + q.x) * cross / 6
			cy += (p.y + q.y) * cross / 6
		}
		cx, cy = cx/area, cy/area
		if rel := math.Abs(math.Abs(area)-math.Pi*r*r) / (math.Pi * r * r); rel > 1e-3 {
			t.Errorf("marker %d: area %g, disc %g", m, math.Abs(area), math.Pi*r*r)
		}
		if math.Hypot(cx-at.x, cy-at.y) > 1e-9 {
			t.Errorf("marker %d: centroid (%g, %g), want %v", m, cx, cy, at)
		}
	}
}

func TestCrisp(t *testing.T) {
	// Odd widths sit on pixel centres, even widths on pixel edges.
	if crisp(10.3, 1) != 10.5 || crisp(10.3, 2) != 10 || crisp(10.7, 3) != 10.5 {
		t.Error("crisp misplaces lines")
	}
}
