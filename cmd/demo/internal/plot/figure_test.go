package plot

import (
	"bytes"
	"errors"
	"image/color"
	"math"
	"testing"

	"mlnotes/matrix"
)

func TestFigureAddErrors(t *testing.T) {
	x, y := []float64{0, 1, 2}, []float64{0, 1, 2}
	cases := []struct {
		name string
		add  func(f *Figure)
		want error
	}{
		{"line lengths", func(f *Figure) { f.Line("", x, y[:2], Style{}) }, matrix.ErrShape},
		{"scatter empty", func(f *Figure) { f.Scatter("", nil, nil, Style{}) }, matrix.ErrEmpty},
		{"negative width", func(f *Figure) { f.Line("", x, y, Style{Width: -1}) }, ErrInvalid},
		{"NaN marker size", func(f *Figure) { f.Scatter("", x, y, Style{MarkerSize: math.NaN()}) }, ErrInvalid},
		{"unknown marker", func(f *Figure) { f.Scatter("", x, y, Style{Marker: 99}) }, ErrInvalid},
		{"class lengths", func(f *Figure) { f.ScatterClasses(x, y, []int{0}, nil) }, matrix.ErrShape},
		{"negative class", func(f *Figure) { f.ScatterClasses(x, y, []int{0, -1, 0}, nil) }, ErrInvalid},
		{"class without name", func(f *Figure) { f.ScatterClasses(x, y, []int{0, 1, 2}, []string{"a", "b"}) }, ErrInvalid},
		{"class colour given", func(f *Figure) { f.ScatterClassesStyle(x, y, []int{0, 1, 0}, nil, Style{Color: color.Black}) }, ErrInvalid},
		{"class marker given", func(f *Figure) { f.ScatterClassesStyle(x, y, []int{0, 1, 0}, nil, Style{Marker: MarkerSquare}) }, ErrInvalid},
		{"negative class size", func(f *Figure) { f.ScatterClassesStyle(x, y, []int{0, 1, 0}, nil, Style{MarkerSize: -2}) }, ErrInvalid},
		{"NaN reference line", func(f *Figure) { f.HLine("", math.NaN(), Style{}) }, ErrInvalid},
		{"band lengths", func(f *Figure) { f.Band("", x, y, y[:1], Style{}) }, matrix.ErrShape},
		{"nil background", func(f *Figure) { f.Background(nil) }, ErrInvalid},
		{"nil regions", func(f *Figure) { f.ClassRegions(nil) }, ErrInvalid},
		{"no levels", func(f *Figure) { f.Contour("", func(x, y float64) float64 { return x }, nil, Style{}) }, matrix.ErrEmpty},
		{"infinite level", func(f *Figure) {
			f.Contour("", func(x, y float64) float64 { return x }, []float64{math.Inf(1)}, Style{})
		}, ErrInvalid},
		{"nil contour", func(f *Figure) { f.Contour("", nil, []float64{0}, Style{}) }, ErrInvalid},
		{"annotation at NaN", func(f *Figure) { f.Annotate(math.NaN(), 0, "a", AlignLeft) }, ErrInvalid},
		{"bad alignment", func(f *Figure) { f.Annotate(0, 0, "a", 7) }, ErrInvalid},
	}
	for _, c := range cases {
		f := &Figure{}
		c.add(f)
		f.Line("fine", x, y, Style{}) // a later valid layer does not clear the error
		if !errors.Is(f.Err(), c.want) {
			t.Errorf("%s: Err() = %v, want %v", c.name, f.Err(), c.want)
		}
		var buf bytes.Buffer
		if err := f.WritePNG(&buf); !errors.Is(err, c.want) || buf.Len() != 0 {
			t.Errorf("%s: WritePNG = %v with %d bytes written, want %v and nothing", c.name, err, buf.Len(), c.want)
		}
		if err := f.WriteSVG(&buf); !errors.Is(err, c.want) {
			t.Errorf("%s: WriteSVG = %v, want %v", c.name, err, c.want)
		}
		var pe *Error
		if !errors.As(f.Err(), &pe) || pe.Op == "" {
			t.Errorf("%s: error %v is not a *plot.Error with an op", c.name, f.Err())
		}
	}
}

func TestFigureLayoutErrors(t *testing.T) {
	line := func(f *Figure) *Figure { f.Line("", []float64{0, 1}, []float64{0, 1}, Style{}); return f }
	cases := []struct {
		name string
		f    *Figure
		want error
	}{
		{"nothing to draw", &Figure{}, matrix.ErrEmpty},
		{"negative size", line(&Figure{Width: -5}), ErrInvalid},
		{"huge size", line(&Figure{Width: 1 << 20}), ErrInvalid},
		{"tiny figure", line(&Figure{Width: 40, Height: 30, Title: "t", XLabel: "x", YLabel: "y"}), ErrInvalid},
		{"text scale", line(&Figure{TextScale: -1}), ErrInvalid},
		{"reversed range", line(&Figure{XRange: Range{1, 0}}), ErrInvalid},
		{"infinite range", line(&Figure{YRange: Range{0, math.Inf(1)}}), ErrInvalid},
		{"only a background", func() *Figure {
			f := &Figure{}
			f.Background(func(x, y float64) color.Color { return color.White })
			return f
		}(), matrix.ErrEmpty},
		{"only NaN data", func() *Figure {
			f := &Figure{}
			f.Line("", []float64{math.NaN()}, []float64{1}, Style{})
			return f
		}(), matrix.ErrEmpty},
		{"horizontal line alone", func() *Figure {
			f := &Figure{}
			f.HLine("", 1, Style{}) // sets y, but nothing sets x
			return f
		}(), matrix.ErrEmpty},
	}
	for _, c := range cases {
		if _, err := c.f.layout(); !errors.Is(err, c.want) {
			t.Errorf("%s: layout error %v, want %v", c.name, err, c.want)
		}
	}
	// A background alone is fine once both ranges are fixed.
	f := &Figure{XRange: Range{0, 1}, YRange: Range{0, 1}}
	f.Background(func(x, y float64) color.Color { return color.White })
	if _, err := f.layout(); err != nil {
		t.Errorf("fixed ranges with a background: %v", err)
	}
}

func TestFigureCopiesData(t *testing.T) {
	x, y := []float64{0, 1}, []float64{0, 1}
	f := &Figure{}
	f.Line("", x, y, Style{})
	x[1], y[1] = 100, 100 // changing the caller's slices afterwards
	a, err := f.layout()
	if err != nil {
		t.Fatal(err)
	}
	if a.x.Max != 1 || a.y.Max != 1 {
		t.Errorf("the figure saw the caller's later change: axes up to %g, %g", a.x.Max, a.y.Max)
	}
}

func TestScatterClassesLegend(t *testing.T) {
	f := &Figure{}
	f.ScatterClasses([]float64{0, 1, 2, 3}, []float64{0, 1, 2, 3}, []int{2, 0, 2, 4}, nil)
	var names []string
	for _, e := range legendEntries(f.layers) {
		names = append(names, e.name)
	}
	// Classes in increasing order, absent ones (1, 3) left out.
	if want := []string{"0", "2", "4"}; len(names) != 3 || names[0] != want[0] || names[1] != want[1] || names[2] != want[2] {
		t.Errorf("legend %q, want %q", names, want)
	}
}

// ScatterClassesStyle draws every class at the size asked, in the class's
// colour and shape.
func TestScatterClassesStyleSize(t *testing.T) {
	f := &Figure{}
	f.ScatterClassesStyle([]float64{0, 1}, []float64{0, 1}, []int{0, 1}, nil, Style{MarkerSize: 9})
	for i, l := range f.layers {
		s := l.(*seriesLayer).style
		if s.MarkerSize != 9 || s.Color != ClassColor(i) || s.Marker != ClassMarker(i) {
			t.Errorf("class %d: style %+v, want size 9 in its colour and shape", i, s)
		}
	}
}
