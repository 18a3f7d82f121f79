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

func TestFarDataIsClipped(t *testing.T) {
	// Data far outside fixed ranges: no huge coordinates reach the back
	// ends, and rendering stays quick.
	f := &Figure{XRange: Range{0, 1}, YRange: Range{0, 1}}
	f.Line("", []float64{-1e300, 1e300}, []float64{0.5, 0.5}, Style{Dashed: true})
	f.Band("", []float64{-1e300, 1e300}, []float64{-1e300, -1e300}, []float64{0.5, 0.5}, Style{})
	// Pixel positions of ±MaxFloat64 overflow: those points are skipped.
	f.Line("", []float64{0, 0.5, 1}, []float64{-math.MaxFloat64, 0.5, math.MaxFloat64}, Style{Marker: MarkerCircle})
	var buf bytes.Buffer
	if err := f.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(buf.Bytes(), []byte("e+")) || buf.Len() > 100000 {
		t.Errorf("SVG of %d bytes holds unclipped coordinates", buf.Len())
	}
	renderPNG(t, f)
}
