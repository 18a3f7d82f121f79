package plot

import (
	"image/color"
	"testing"
)

func TestPaletteAssignment(t *testing.T) {
	f := &Figure{}
	for i := 0; i < 12; i++ {
		f.Line("", []float64{0, 1}, []float64{0, 1}, Style{})
	}
	f.Line("", []float64{0, 1}, []float64{0, 1}, Style{Color: color.Black}) // does not use up a colour
	f.Line("", []float64{0, 1}, []float64{0, 1}, Style{})
	for i, l := range f.layers {
		want := ClassColor(i)
		switch {
		case i == 12:
			want = toNRGBA(color.Black)
		case i == 13:
			want = ClassColor(12)
		}
		if got := toNRGBA(l.(*seriesLayer).style.Color); got != want {
			t.Errorf("series %d: colour %v, want %v", i, got, want)
		}
	}
	if ClassColor(3) != ClassColor(13) || ClassColor(-1) != tableau10[9] {
		t.Error("ClassColor does not cycle through ten colours")
	}
	if ClassMarker(0) == ClassMarker(1) || ClassMarker(0) != ClassMarker(7) {
		t.Error("ClassMarker does not cycle through seven shapes")
	}
}

func TestColorsAfterClasses(t *testing.T) {
	// A line added after a two-class scatter does not take class 0's colour.
	f := &Figure{}
	f.ScatterClasses([]float64{0, 1}, []float64{0, 1}, []int{0, 1}, nil)
	f.Line("", []float64{0, 1}, []float64{0, 1}, Style{})
	if got := toNRGBA(f.layers[2].(*seriesLayer).style.Color); got != ClassColor(2) {
		t.Errorf("line colour %v, want ClassColor(2) = %v", got, ClassColor(2))
	}
}
