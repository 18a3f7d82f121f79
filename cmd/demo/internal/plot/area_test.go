package plot

import (
	"bytes"
	"math"
	"regexp"
	"strconv"
	"testing"
)

// PlotArea maps data to the pixels where WriteSVG draws them: a marker at
// (x, y) is centred on x0 + (x − X.Min)/(X.Max − X.Min)·(x1 − x0), and
// likewise downwards for y.
func TestPlotAreaMapsDataToSVGPixels(t *testing.T) {
	f := &Figure{Title: "t", XLabel: "x", YLabel: "y", Width: 560, Height: 440,
		XRange: Range{-1.3, 2.7}, YRange: Range{-0.9, 1.4}, Legend: LegendNone}
	f.Scatter("p", []float64{0.25}, []float64{-0.5}, Style{MarkerSize: 4})
	x0, y0, x1, y1, xr, yr, err := f.PlotArea()
	if err != nil {
		t.Fatal(err)
	}
	if xr != f.XRange || yr != f.YRange {
		t.Fatalf("ranges %v %v, want the fixed %v %v", xr, yr, f.XRange, f.YRange)
	}
	if !(0 <= x0 && x0 < x1 && x1 <= 560 && 0 <= y0 && y0 < y1 && y1 <= 440) {
		t.Fatalf("area (%g, %g)–(%g, %g) outside the 560×440 canvas", x0, y0, x1, y1)
	}
	var b bytes.Buffer
	if err := f.WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`<circle cx="([-0-9.]+)" cy="([-0-9.]+)"`).FindSubmatch(b.Bytes())
	if m == nil {
		t.Fatalf("no circle in %s", b.String())
	}
	cx, _ := strconv.ParseFloat(string(m[1]), 64)
	cy, _ := strconv.ParseFloat(string(m[2]), 64)
	wx := x0 + (0.25-xr.Min)/(xr.Max-xr.Min)*(x1-x0)
	wy := y1 - (-0.5-yr.Min)/(yr.Max-yr.Min)*(y1-y0)
	// The SVG prints coordinates with two decimals.
	if math.Abs(cx-wx) > 0.005 || math.Abs(cy-wy) > 0.005 {
		t.Errorf("marker at (%g, %g), PlotArea maps it to (%g, %g)", cx, cy, wx, wy)
	}
	if _, _, _, _, _, _, err := (&Figure{}).PlotArea(); err == nil {
		t.Error("an empty figure has a plot area")
	}
}
