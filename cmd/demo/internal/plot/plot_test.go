package plot

import (
	"encoding/xml"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestNiceTicks(t *testing.T) {
	cases := []struct {
		lo, hi float64
		n      int
		want   []float64
	}{
		{0, 1, 5, []float64{0, 0.2, 0.4, 0.6000000000000001, 0.8, 1}},
		{0, 97, 5, []float64{0, 20, 40, 60, 80}},
		{-3, 3, 6, []float64{-3, -2, -1, 0, 1, 2, 3}},
		{5, 5, 4, []float64{5}},
	}
	for _, c := range cases {
		got := niceTicks(c.lo, c.hi, c.n)
		if len(got) != len(c.want) {
			t.Errorf("niceTicks(%v, %v) = %v, want %v", c.lo, c.hi, got, c.want)
			continue
		}
		for i := range got {
			if math.Abs(got[i]-c.want[i]) > 1e-12 {
				t.Errorf("niceTicks(%v, %v) = %v, want %v", c.lo, c.hi, got, c.want)
			}
		}
	}
	if tickLabel(0.6000000000000001) != "0.6" {
		t.Errorf("tick label %q", tickLabel(0.6000000000000001))
	}
}

// TestFigureWritesPNGAndSVG draws every kind of series, checks the PNG
// decodes with the right size and ink along a diagonal line, and the SVG
// parses as XML with the title and legend.
func TestFigureWritesPNGAndSVG(t *testing.T) {
	dir := t.TempDir()
	f := New("Test figure", "x axis", "y axis")
	f.XMin, f.XMax, f.YMin, f.YMax = 0, 1, 0, 1
	f.Line("diagonal", []float64{0, 1}, []float64{0, 1}, 0)
	f.DashedLine("level", []float64{0, 1}, []float64{0.9, 0.9}, 1)
	f.Scatter("points", []float64{0.2, 0.3, math.NaN()}, []float64{0.7, 0.8, 0.5}, 2)
	f.Rings("ringed", []float64{0.2}, []float64{0.7})
	f.Band("band", []float64{0, 1}, []float64{0.1, 0.2}, []float64{0.2, 0.3}, 3)
	f.Background(func(x, y float64) int {
		if x > y {
			return 4
		}
		return -1
	})
	f.Contour("circle", func(x, y float64) float64 { return x*x + y*y }, 0.25, true)
	names, err := f.Save(dir, "fig")
	if err != nil {
		t.Fatal(err)
	}
	fh, _ := os.Open(filepath.Join(dir, names[0]))
	img, err := png.Decode(fh)
	fh.Close()
	if err != nil || img.Bounds().Dx() != 800 || img.Bounds().Dy() != 560 {
		t.Fatalf("png: %v %v", err, img.Bounds())
	}
	// The midpoint of the diagonal: plot area is [80, 770]×[50, 500].
	r, g, b, _ := img.At((80+770)/2, (50+500)/2).RGBA()
	if r>>8 != 0 || g>>8 != 114 || b>>8 != 178 {
		t.Errorf("no ink of the line at the centre: %d %d %d", r>>8, g>>8, b>>8)
	}
	raw, _ := os.ReadFile(filepath.Join(dir, names[1]))
	if err := xml.Unmarshal(raw, new(struct{})); err != nil {
		t.Fatalf("svg is not XML: %v", err)
	}
	for _, want := range []string{"Test figure", "x axis", "diagonal", "ringed", "circle"} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("svg lacks %q", want)
		}
	}
}

// TestContourOnUnitCircle: the level set x² + y² = 1 lies on the circle
// within a cell.
func TestContourOnUnitCircle(t *testing.T) {
	fr := frame{x0: -2, x1: 2, y0: -2, y1: 2, left: 0, right: 400, top: 0, bot: 400}
	segs := marchingSquares(func(x, y float64) float64 { return x*x + y*y }, 1, fr, 100)
	if len(segs) < 50 {
		t.Fatalf("%d segments", len(segs))
	}
	cell := 4.0 / 100
	for _, s := range segs {
		for _, p := range s {
			x, y := fr.dataX(p[0]), fr.dataY(p[1])
			if math.Abs(math.Hypot(x, y)-1) > cell {
				t.Fatalf("point (%v, %v) off the circle", x, y)
			}
		}
	}
}

func TestImageGrid(t *testing.T) {
	p := filepath.Join(t.TempDir(), "g.png")
	img := make([]float64, 64)
	for i := range img {
		img[i] = float64(i)
	}
	if err := ImageGrid(p, [][]float64{img, img, nil, img}, 8, 8, 2, 2, []string{"a", "b"}, []string{"k = 1", "k = 5"}); err != nil {
		t.Fatal(err)
	}
	fh, _ := os.Open(p)
	defer fh.Close()
	if _, err := png.Decode(fh); err != nil {
		t.Fatal(err)
	}
}
