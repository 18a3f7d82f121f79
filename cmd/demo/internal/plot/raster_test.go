package plot

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"testing"
)

// renderPNG writes f as PNG and decodes it again.
func renderPNG(t *testing.T, f *Figure) image.Image {
	t.Helper()
	var buf bytes.Buffer
	if err := f.WritePNG(&buf); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatalf("the PNG does not decode: %v", err)
	}
	return img
}

func isBackground(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return r == 0xffff && g == 0xffff && b == 0xffff
}

// near reports whether c is within tol (0–255 per channel) of want.
func near(c color.Color, want color.NRGBA, tol int) bool {
	got := toNRGBA(c)
	d := func(a, b uint8) bool { return math.Abs(float64(a)-float64(b)) <= float64(tol) }
	return d(got.R, want.R) && d(got.G, want.G) && d(got.B, want.B)
}

func TestPNGSizeAndRenderAll(t *testing.T) {
	for name, f := range sampleFigures() {
		img := renderPNG(t, f)
		if b := img.Bounds(); b.Dx() != defaultWidth || b.Dy() != defaultHeight {
			t.Errorf("%s: %v, want %d×%d", name, b, defaultWidth, defaultHeight)
		}
	}
	f := &Figure{Width: 333, Height: 222}
	f.Line("", []float64{0, 1}, []float64{0, 1}, Style{})
	if b := renderPNG(t, f).Bounds(); b.Dx() != 333 || b.Dy() != 222 {
		t.Errorf("size %v, want 333×222", b)
	}
}

func TestPNGDiagonalLine(t *testing.T) {
	// A line from corner to corner of the fixed ranges paints the plot
	// area's diagonal, and only near it.
	blue := color.NRGBA{0, 0, 0xff, 0xff}
	f := &Figure{XRange: Range{0, 1}, YRange: Range{0, 1}, HideGrid: true, Legend: LegendNone}
	f.Line("", []float64{0, 1}, []float64{0, 1}, Style{Color: blue, Width: 3})
	a, err := f.layout()
	if err != nil {
		t.Fatal(err)
	}
	img := renderPNG(t, f)
	for k := 1; k < 20; k++ {
		s := float64(k) / 20
		p := a.toPixel(s, s)
		if c := img.At(int(p.x), int(p.y)); !near(c, blue, 0) {
			t.Errorf("pixel (%d, %d) on the diagonal is %v, want the line colour", int(p.x), int(p.y), c)
		}
		// A point a fifth of the height away, off the diagonal.
		off := s + 0.2
		if off > 0.9 {
			off = s - 0.2
		}
		q := a.toPixel(s, off)
		if c := img.At(int(q.x), int(q.y)); !isBackground(c) {
			t.Errorf("pixel (%d, %d) off the diagonal is %v, want background", int(q.x), int(q.y), c)
		}
	}
}

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

func TestPNGScatterAndRegions(t *testing.T) {
	// Class regions left of x = 0 are class 0, right of it class 1; a
	// ring marker sits at (0.5, 0.5).
	f := &Figure{XRange: Range{-1, 1}, YRange: Range{-1, 1}, HideGrid: true, Legend: LegendNone}
	f.ClassRegions(func(x, y float64) int {
		if x < 0 {
			return 0
		}
		return 1
	})
	f.Scatter("", []float64{0.5}, []float64{0.5}, Style{Marker: MarkerRing, Color: color.Black, MarkerSize: 10, Width: 2})
	a, _ := f.layout()
	img := renderPNG(t, f)
	left, right := a.toPixel(-0.5, -0.5), a.toPixel(0.5, -0.5)
	if c := img.At(int(left.x), int(left.y)); !near(c, tint(ClassColor(0), regionTint), 0) {
		t.Errorf("left region %v, want the tint of class 0", c)
	}
	if c := img.At(int(right.x), int(right.y)); !near(c, tint(ClassColor(1), regionTint), 0) {
		t.Errorf("right region %v, want the tint of class 1", c)
	}
	// The ring: dark 10 px from its centre, untouched at the centre. Rings
	// are stroked at 0.75·Width = 1.5 px; the pixel whose centre is within
	// half a pixel of the radius gets coverage ≥ 0.75 − 0.5 + 0.5 = 0.75,
	// so each channel is at most 0.25·255 ≈ 64.
	c := a.toPixel(0.5, 0.5)
	if got := img.At(int(math.Floor(c.x+10)), int(math.Floor(c.y))); !near(got, color.NRGBA{0, 0, 0, 0xff}, 64) {
		t.Errorf("ring edge %v, want black", got)
	}
	if got := img.At(int(c.x), int(c.y)); !near(got, tint(ClassColor(1), regionTint), 0) {
		t.Errorf("ring centre %v, want the region colour", got)
	}
}

func TestPNGContourOnCircle(t *testing.T) {
	// The contour x² + y² = 1 drawn on [−2, 2]² paints the pixels of the
	// unit circle.
	black := color.NRGBA{0, 0, 0, 0xff}
	f := &Figure{XRange: Range{-2, 2}, YRange: Range{-2, 2}, HideGrid: true, Legend: LegendNone, Width: 600, Height: 600}
	f.Contour("", func(x, y float64) float64 { return x*x + y*y - 1 }, []float64{0}, Style{Color: black, Width: 3})
	a, _ := f.layout()
	img := renderPNG(t, f)
	for k := 0; k < 16; k++ {
		th := 2 * math.Pi * float64(k) / 16
		p := a.toPixel(math.Cos(th), math.Sin(th))
		if c := img.At(int(p.x), int(p.y)); !near(c, black, 80) {
			t.Errorf("circle at angle %.2f: pixel %v", th, c)
		}
		in := a.toPixel(0.7*math.Cos(th), 0.7*math.Sin(th))
		if c := img.At(int(in.x), int(in.y)); !isBackground(c) {
			t.Errorf("inside the circle at angle %.2f: pixel %v, want background", th, c)
		}
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

func TestPNGTextIsDrawn(t *testing.T) {
	// The title's ink lies in the top strip, centred.
	f := &Figure{Title: "TITLE", HideGrid: true}
	f.Line("", []float64{0, 1}, []float64{0, 1}, Style{})
	img := renderPNG(t, f)
	m := newMetrics(2)
	ink := 0
	minX, maxX := defaultWidth, 0
	for y := 0; y < int(m.pad)+textHeight(3); y++ {
		for x := 0; x < defaultWidth; x++ {
			if !isBackground(img.At(x, y)) {
				ink++
				minX, maxX = min(minX, x), max(maxX, x)
			}
		}
	}
	if ink == 0 {
		t.Fatal("no title ink")
	}
	if w := textWidth("TITLE", 3); maxX-minX+1 != w || math.Abs(float64(minX+maxX)/2-defaultWidth/2) > 2 {
		t.Errorf("title ink spans %d…%d, want %d pixels centred on %d", minX, maxX, w, defaultWidth/2)
	}
}

func TestLegendAvoidsData(t *testing.T) {
	// Points crowd the upper right, so the legend goes to the upper left.
	f := &Figure{}
	var x, y []float64
	for i := 0; i < 50; i++ {
		x = append(x, 8+2*float64(i%7)/7)
		y = append(y, 8+2*float64(i/7)/7)
	}
	x, y = append(x, 0), append(y, 0) // the lower left corner of the data
	f.Scatter("crowd", x, y, Style{})
	a, err := f.layout()
	if err != nil {
		t.Fatal(err)
	}
	m := newMetrics(a.scale)
	b := measureLegend(legendEntries(f.layers), a, m)
	box := placeLegend(a, m, b, LegendAuto, f.layers)
	if box.x0 > (a.area.x0+a.area.x1)/2 || box.y0 > (a.area.y0+a.area.y1)/2 {
		t.Errorf("legend at %v, want the upper left of %v", box, a.area)
	}
	// A fixed place is obeyed.
	box = placeLegend(a, m, b, LegendUpperRight, f.layers)
	if box.x1 < (a.area.x0+a.area.x1)/2 {
		t.Errorf("LegendUpperRight placed at %v", box)
	}
}

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

func TestFarDataIsClipped(t *testing.T) {
	// Data far outside fixed ranges: no huge coordinates reach the back
	// ends, and rendering stays quick.
	f := &Figure{XRange: Range{0, 1}, YRange: Range{0, 1}}
	f.Line("", []float64{-1e300, 1e300}, []float64{0.5, 0.5}, Style{Dashed: true})
	f.Band("", []float64{-1e300, 1e300}, []float64{-1e300, -1e300}, []float64{0.5, 0.5}, Style{})
	var buf bytes.Buffer
	if err := f.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(buf.Bytes(), []byte("e+")) || buf.Len() > 100000 {
		t.Errorf("SVG of %d bytes holds unclipped coordinates", buf.Len())
	}
	renderPNG(t, f)
}
