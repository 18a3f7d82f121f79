package plot

import (
	"bytes"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestTickLabelsDoNotOverlap(t *testing.T) {
	// Random data ranges of every magnitude on figures of many sizes: the
	// x tick labels keep at least a character width between them, the y
	// tick labels a line of text, and everything stays on the canvas.
	rng := rand.New(rand.NewPCG(11, 12))
	trials := 300
	if testing.Short() {
		trials = 60
	}
	for trial := 0; trial < trials; trial++ {
		mag := math.Pow(10, float64(rng.IntN(16)-8))
		x0 := (rng.Float64()*2 - 1) * mag * 10
		x1 := x0 + mag*(0.01+rng.Float64())
		y0 := (rng.Float64()*2 - 1) * mag
		y1 := y0 + mag*(0.01+rng.Float64())
		f := &Figure{Width: 300 + rng.IntN(1200), Height: 250 + rng.IntN(700), XLabel: "x", YLabel: "y", Title: "t"}
		f.Line("", []float64{x0, x1}, []float64{y0, y1}, Style{})
		a, err := f.layout()
		if err != nil {
			t.Fatalf("%d×%d, [%g, %g]×[%g, %g]: %v", f.Width, f.Height, x0, x1, y0, y1, err)
		}
		m := newMetrics(a.scale)
		labels := a.x.shortLabels()
		for i := 1; i < len(labels); i++ {
			c0 := a.axisToPixel(a.x.Values[i-1], 0).x
			c1 := a.axisToPixel(a.x.Values[i], 0).x
			w0, w1 := float64(textWidth(labels[i-1], a.scale)), float64(textWidth(labels[i], a.scale))
			if gap := c1 - c0 - (w0+w1)/2; gap < 6*float64(a.scale) && len(labels) > 3 {
				t.Errorf("%d×%d, x [%g, %g]: labels %q and %q only %.1f pixels apart", f.Width, f.Height, x0, x1, labels[i-1], labels[i], gap)
			}
		}
		for i := 1; i < len(a.y.Values); i++ {
			d := a.axisToPixel(0, a.y.Values[i-1]).y - a.axisToPixel(0, a.y.Values[i]).y
			if d < m.textH && len(a.y.Values) > 3 {
				t.Errorf("%d×%d, y [%g, %g]: y ticks %.1f pixels apart", f.Width, f.Height, y0, y1, d)
			}
		}
		// The last x label and the widest y label fit on the canvas.
		last := a.axisToPixel(a.x.Values[len(a.x.Values)-1], 0).x + float64(textWidth(labels[len(labels)-1], a.scale))/2
		if last > float64(a.width) {
			t.Errorf("%d×%d, x [%g, %g]: last label ends at %.1f", f.Width, f.Height, x0, x1, last)
		}
		if a.area.x0-m.tickLen-m.gap-maxLabelWidth(a.y, a.scale) < 0 {
			t.Errorf("%d×%d: y labels run off the left edge", f.Width, f.Height)
		}
	}
}

func TestPowerOfTenInAxisTitle(t *testing.T) {
	f := &Figure{XLabel: "samples", YLabel: "norm"}
	f.Line("", []float64{0, 4e6}, []float64{0, 3e-6}, Style{})
	a, err := f.layout()
	if err != nil {
		t.Fatal(err)
	}
	if a.xTitle != "samples (×10⁶)" || a.yTitle != "norm (×10⁻⁶)" {
		t.Errorf("axis titles %q and %q", a.xTitle, a.yTitle)
	}
	if !slices.Contains(a.x.shortLabels(), "4.0") || !slices.Contains(a.x.Labels, "4.0×10⁶") {
		t.Errorf("x labels %q, short %q", a.x.Labels, a.x.shortLabels())
	}
	// Without a label the power of ten stands alone.
	if got := axisTitle("", a.x); got != "×10⁶" {
		t.Errorf("axisTitle = %q", got)
	}
}

func TestTextScale(t *testing.T) {
	for _, c := range []struct{ w, h, want int }{{800, 600, 2}, {400, 300, 2}, {1200, 900, 3}, {2400, 1800, 6}} {
		f := &Figure{Width: c.w, Height: c.h}
		if _, _, s, _ := f.size(); s != c.want {
			t.Errorf("%d×%d: text scale %d, want %d", c.w, c.h, s, c.want)
		}
	}
}

func BenchmarkFigurePNG(b *testing.B) {
	for _, name := range []string{"scatter", "regions"} {
		b.Run(name, func(b *testing.B) {
			var buf bytes.Buffer
			for b.Loop() {
				f := sampleFigures()[name] // fresh, so fields are evaluated each time
				buf.Reset()
				if err := f.WritePNG(&buf); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
