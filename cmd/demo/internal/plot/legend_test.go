package plot

import "testing"

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
