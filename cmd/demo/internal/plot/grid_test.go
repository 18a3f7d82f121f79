package plot

import (
	"bytes"
	"errors"
	"image/png"
	"math"
	"slices"
	"testing"

	"mlnotes/matrix"
)

func TestImageGridPNG(t *testing.T) {
	for _, n := range []int{8, 28} {
		g := sampleImageGrid(n)
		w, h, err := g.Size()
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := g.WritePNG(&buf); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() != w || b.Dy() != h {
			t.Errorf("n = %d: PNG is %v, Size says %d×%d", n, b, w, h)
		}
		// The pixel size makes the images about 100 pixels across.
		l, _ := g.layout()
		if side := l.cellW; side < 80 || side > 120 {
			t.Errorf("n = %d: cells of %g pixels", n, side)
		}
		var svg bytes.Buffer
		if err := g.WriteSVG(&svg); err != nil {
			t.Fatal(err)
		}
		_, texts := svgTexts(t, svg.Bytes())
		for _, want := range append(append([]string{g.Title}, g.RowLabels...), g.ColLabels...) {
			if !slices.Contains(texts, want) {
				t.Errorf("n = %d: SVG lacks %q", n, want)
			}
		}
	}
}

func TestImageGridNearestNeighbour(t *testing.T) {
	// A 2×2 checkerboard at 10 pixels per pixel: every 10×10 block is one
	// flat grey, exactly black or white.
	g := &ImageGrid{Images: [][]GrayImage{{{Width: 2, Height: 2, Pix: []float64{0, 1, 1, 0}}}}, PixelSize: 10}
	l, err := g.layout()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := g.WritePNG(&buf); err != nil {
		t.Fatal(err)
	}
	img, _ := png.Decode(&buf)
	x0, y0 := int(l.left), int(l.top)
	for r := 0; r < 20; r++ {
		for c := 0; c < 20; c++ {
			want := uint32(0)
			if (r/10+c/10)%2 == 1 {
				want = 0xffff
			}
			if v, _, _, _ := img.At(x0+c, y0+r).RGBA(); v != want {
				t.Fatalf("pixel (%d, %d) = %#x, want %#x", c, r, v, want)
			}
		}
	}
}

func TestImageGridScaling(t *testing.T) {
	a := GrayImage{Width: 2, Height: 1, Pix: []float64{0, 8}}
	b := GrayImage{Width: 2, Height: 1, Pix: []float64{4, 16}}
	cases := []struct {
		s      Scaling
		ink    bool
		lo, hi []float64 // per image
	}{
		{ScaleGrid, false, []float64{0, 0}, []float64{16, 16}},
		{ScaleEach, false, []float64{0, 4}, []float64{8, 16}},
		{ScaleUnit, false, []float64{0, 0}, []float64{1, 1}},
	}
	for _, c := range cases {
		g := &ImageGrid{Images: [][]GrayImage{{a, b}}, Scaling: c.s}
		l, err := g.layout()
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(l.lo, c.lo) || !slices.Equal(l.hi, c.hi) {
			t.Errorf("scaling %d: ranges %v–%v, want %v–%v", c.s, l.lo, l.hi, c.lo, c.hi)
		}
	}
	// Grey levels: (v − lo)/(hi − lo), reversed for ink, clamped.
	img := b.toImage(0, 8, false)
	if img.NRGBAAt(0, 0).R != 128 || img.NRGBAAt(1, 0).R != 255 {
		t.Errorf("grey levels %v, want 128 and 255 (clamped)", img.Pix)
	}
	img = b.toImage(0, 8, true)
	if img.NRGBAAt(0, 0).R != 128 || img.NRGBAAt(1, 0).R != 0 {
		t.Errorf("ink levels %v, want 128 and 0", img.Pix)
	}
	flat := GrayImage{Width: 1, Height: 1, Pix: []float64{3}}.toImage(3, 3, false)
	if flat.NRGBAAt(0, 0).R != 0 {
		t.Error("a constant image is not drawn at level 0")
	}
}

func TestImageGridErrors(t *testing.T) {
	ok := GrayImage{Width: 2, Height: 2, Pix: []float64{0, 1, 2, 3}}
	cases := []struct {
		name string
		g    ImageGrid
		want error
	}{
		{"no images", ImageGrid{}, matrix.ErrEmpty},
		{"empty rows", ImageGrid{Images: [][]GrayImage{{}, {}}}, matrix.ErrEmpty},
		{"pixel count", ImageGrid{Images: [][]GrayImage{{{Width: 2, Height: 2, Pix: []float64{1}}}}}, matrix.ErrShape},
		{"zero size", ImageGrid{Images: [][]GrayImage{{{}}}}, matrix.ErrShape},
		{"NaN pixel", ImageGrid{Images: [][]GrayImage{{{Width: 1, Height: 1, Pix: []float64{math.NaN()}}}}}, matrix.ErrNotFinite},
		{"row labels", ImageGrid{Images: [][]GrayImage{{ok}}, RowLabels: []string{"a", "b"}}, matrix.ErrShape},
		{"column labels", ImageGrid{Images: [][]GrayImage{{ok, ok}}, ColLabels: []string{"a"}}, matrix.ErrShape},
		{"scaling", ImageGrid{Images: [][]GrayImage{{ok}}, Scaling: 9}, ErrInvalid},
		{"pixel size", ImageGrid{Images: [][]GrayImage{{ok}}, PixelSize: -1}, ErrInvalid},
		{"too large", ImageGrid{Images: [][]GrayImage{{{Width: 100, Height: 1, Pix: make([]float64, 100)}}}, PixelSize: 256}, ErrInvalid},
	}
	for _, c := range cases {
		var buf bytes.Buffer
		err := c.g.WritePNG(&buf)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: error %v, want %v", c.name, err, c.want)
		}
		if c.want != nil && buf.Len() != 0 {
			t.Errorf("%s: %d bytes written despite the error", c.name, buf.Len())
		}
	}
}

func TestImageGridRaggedRows(t *testing.T) {
	// A short row leaves its missing cells empty; images of different
	// sizes are centred in cells that fit the largest.
	small := GrayImage{Width: 2, Height: 2, Pix: []float64{1, 1, 1, 1}}
	big := GrayImage{Width: 4, Height: 3, Pix: make([]float64, 12)}
	g := &ImageGrid{Images: [][]GrayImage{{small, big}, {big}}, ColLabels: []string{"a", "b"}, RowLabels: []string{"1", "2"}}
	l, err := g.layout()
	if err != nil {
		t.Fatal(err)
	}
	if l.cols != 2 || l.cellW != float64(4*l.px) || l.cellH != float64(3*l.px) {
		t.Errorf("layout %d columns of %g×%g, want 2 of %d×%d", l.cols, l.cellW, l.cellH, 4*l.px, 3*l.px)
	}
	var buf bytes.Buffer
	if err := g.WritePNG(&buf); err != nil {
		t.Fatal(err)
	}
}
