package plot

import (
	"bytes"
	"math"
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

// A scatter of filled markers is one SVG element per point.
func TestSVGMarkerIsOneElement(t *testing.T) {
	f := &Figure{}
	f.Scatter("discs", []float64{0, 1, 2}, []float64{0, 1, 0}, Style{Marker: MarkerCircle})
	f.Scatter("squares", []float64{0.5, 1.5}, []float64{1, 0}, Style{Marker: MarkerSquare})
	var buf bytes.Buffer
	if err := f.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	svg := buf.String()
	// Three discs and two squares in the plot, one of each in the legend.
	if c, p := strings.Count(svg, "<circle"), strings.Count(svg, "<polygon"); c != 4 || p != 3 {
		t.Errorf("%d circles and %d polygons, want 4 and 3:\n%s", c, p, svg)
	}
}
