package plot

import (
	"errors"
	"math"
	"strconv"
	"testing"
)

func TestLogAxisTicks(t *testing.T) {
	// Data from 3·10⁻⁷ to 40: whole decades, the axis widened to 10⁻⁷ … 10².
	f := &Figure{LogY: true}
	f.Line("", []float64{0, 1, 2}, []float64{40, 0.2, 3e-7}, Style{})
	a, err := f.layout()
	if err != nil {
		t.Fatal(err)
	}
	if a.y.Min != -7 || a.y.Max != 2 || a.y.Step < 1 || a.y.Step != math.Round(a.y.Step) {
		t.Errorf("log axis [%g, %g] step %g, want exponents −7 … 2 in whole decades", a.y.Min, a.y.Max, a.y.Step)
	}
	for i, v := range a.y.Values {
		if want := "10" + superscript(itoa(int(v))); a.y.Labels[i] != want {
			t.Errorf("label %q for exponent %g, want %q", a.y.Labels[i], v, want)
		}
	}
	// A point maps to the height of its exponent: 0.2 → log₁₀ 0.2.
	p := a.toPixel(1, 0.2)
	want := a.axisToPixel(1, math.Log10(0.2))
	if p != want {
		t.Errorf("toPixel(1, 0.2) = %v, want %v", p, want)
	}
}

func TestLogAxisNarrowRange(t *testing.T) {
	// Within one decade whole decades give no two ticks: fractional
	// exponents labelled with their values.
	f := &Figure{LogY: true, YRange: Range{2, 8}, XRange: Range{0, 1}}
	f.Line("", []float64{0, 1}, []float64{3, 5}, Style{})
	a, err := f.layout()
	if err != nil {
		t.Fatal(err)
	}
	if len(a.y.Values) < 2 || a.y.Min != math.Log10(2) || a.y.Max != math.Log10(8) {
		t.Fatalf("narrow log axis %+v", a.y)
	}
	for i, v := range a.y.Values {
		got := a.y.Labels[i]
		if want := strconv.FormatFloat(math.Pow(10, v), 'g', 3, 64); got != want {
			t.Errorf("label %q for exponent %g, want the value %s", got, v, want)
		}
	}
}

func formatG3(v float64) string {
	return decadeTicks(Ticks{Values: []float64{math.Log10(v)}, Step: 0.1}, Range{}, true).Labels[0]
}

func TestLogAxisSkipsNonPositive(t *testing.T) {
	// Zero and negative values cannot be drawn on a log axis: they are
	// skipped like NaN and take no part in the range.
	f := &Figure{LogY: true}
	f.Line("", []float64{0, 1, 2, 3}, []float64{100, 0, -5, 1}, Style{Marker: MarkerCircle})
	f.HLine("", -1, Style{})
	f.Annotate(1, -3, "hidden", AlignLeft)
	a, err := f.layout()
	if err != nil {
		t.Fatal(err)
	}
	if a.y.Min != 0 || a.y.Max != 2 {
		t.Errorf("axis exponents [%g, %g], want [0, 2]", a.y.Min, a.y.Max)
	}
	renderPNG(t, f)
	// A fixed range must be positive.
	f.YRange = Range{-1, 10}
	if _, err := f.layout(); !errors.Is(err, ErrInvalid) {
		t.Errorf("negative fixed log range: %v, want ErrInvalid", err)
	}
}

func TestLogAxisContourAndField(t *testing.T) {
	// The level set y = 10 of f(x, y) = log₁₀ y − 1 is the horizontal line
	// at exponent 1 on a logarithmic axis: the field and contour functions
	// receive data coordinates.
	f := &Figure{LogY: true, XRange: Range{0, 1}, YRange: Range{0.1, 1000}}
	f.Contour("", func(x, y float64) float64 { return math.Log10(y) - 1 }, []float64{0}, Style{})
	a, err := f.layout()
	if err != nil {
		t.Fatal(err)
	}
	l := f.layers[0].(*contourLayer)
	l.prepare(a)
	if len(l.lines) != 1 {
		t.Fatalf("%d contour lines, want 1", len(l.lines))
	}
	for _, q := range l.lines[0] {
		if math.Abs(q.Y-1) > 1e-12 {
			t.Errorf("contour point at exponent %g, want 1", q.Y)
		}
	}
}
