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
