package plot

import (
	"image/color"
	"math"
	"testing"
)

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
