package plot

import (
	"bytes"
	"image/color"
	"math"
	"testing"
)

func TestPNGDashedLineHasGaps(t *testing.T) {
	red := color.NRGBA{0xff, 0, 0, 0xff}
	f := &Figure{XRange: Range{0, 1}, YRange: Range{0, 1}, HideGrid: true, Legend: LegendNone}
	f.HLine("", 0.5, Style{Color: red, Dashed: true})
	a, _ := f.layout()
	img := renderPNG(t, f)
	y := int(a.toPixel(0, 0.5).y)
	on, off := 0, 0
	for x := int(a.area.x0) + 2; x < int(a.area.x1)-2; x++ {
		if near(img.At(x, y), red, 0) {
			on++
		} else if isBackground(img.At(x, y)) {
			off++
		}
	}
	// The pattern at scale 2 and width 2 is 10 drawn, 6 skipped, less the
	// round caps: both kinds must be plentiful.
	if on < 100 || off < 60 {
		t.Errorf("dashed line: %d drawn and %d blank pixels along it", on, off)
	}
}

func TestPNGBandIsTranslucent(t *testing.T) {
	green := color.NRGBA{0, 0x80, 0, 0xff}
	f := &Figure{XRange: Range{0, 1}, YRange: Range{0, 1}, HideGrid: true, Legend: LegendNone}
	f.Band("", []float64{0, 1}, []float64{0.25, 0.25}, []float64{0.75, 0.75}, Style{Color: green})
	a, _ := f.layout()
	img := renderPNG(t, f)
	in, out := a.toPixel(0.5, 0.5), a.toPixel(0.5, 0.9)
	// 25% of the colour over white: 255 − 0.25·(255 − v) per channel.
	want := color.NRGBA{191, 223, 191, 0xff}
	if c := img.At(int(in.x), int(in.y)); !near(c, want, 1) {
		t.Errorf("inside the band %v, want %v", c, want)
	}
	if c := img.At(int(out.x), int(out.y)); !isBackground(c) {
		t.Errorf("outside the band %v, want background", c)
	}
}

func TestFigureSkipsNonFinite(t *testing.T) {
	// NaN and ±Inf points take no part in the ranges and do not crash.
	nan, inf := math.NaN(), math.Inf(1)
	f := &Figure{}
	f.Line("l", []float64{0, 1, nan, 3, 4}, []float64{0, inf, 2, 3, -inf}, Style{Marker: MarkerCircle})
	f.Scatter("s", []float64{nan, 2}, []float64{1, nan}, Style{})
	f.Band("b", []float64{0, 1, 2}, []float64{0, nan, 0}, []float64{1, 1, inf}, Style{})
	a, err := f.layout()
	if err != nil {
		t.Fatal(err)
	}
	// The finite points are (0, 0) and (3, 3), with (0, 1) from the band:
	// the axes are [0, 3] widened to ticks, nothing near infinity.
	if a.x.Min != 0 || a.x.Max != 3 || a.y.Min != 0 || a.y.Max != 3 {
		t.Errorf("axes [%g, %g]×[%g, %g], want [0, 3]×[0, 3]", a.x.Min, a.x.Max, a.y.Min, a.y.Max)
	}
	var buf bytes.Buffer
	if err := f.WritePNG(&buf); err != nil {
		t.Fatal(err)
	}
	if err := f.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
}
