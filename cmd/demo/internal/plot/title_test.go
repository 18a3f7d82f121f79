package plot

import (
	"errors"
	"fmt"
	"image"
	"strings"
	"testing"
)

// The titles of the tour's figures, and longer ones.
var testTitles = []string{
	"ν-SVM (Gaussian kernel) on two moons: ν bounds the fractions",
	"Iris in the two Fisher directions (S_B v = λ S_w v)",
	"Kernel PCA (Gaussian, σ² = 2): the circles separate",
	"ε-SVR on a noisy sine (ε = 0.2, Gaussian kernel)",
	"SVM with the polynomial kernel on two moons",
	"Digits: cumulative explained variance",
	"a",
	strings.Repeat("a rather long title that goes on ", 6),
}

// titleInkOutside returns the first column within pad pixels of the left
// or right edge, or above pad, that holds ink in the band of rows of the
// title (above the plot area), or −1.
func titleInkOutside(img image.Image, pad, bandBottom int) int {
	b := img.Bounds()
	for y := b.Min.Y; y < bandBottom; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			inMargin := x < b.Min.X+pad || x >= b.Max.X-pad || y < b.Min.Y+pad
			if inMargin && !isBackground(img.At(x, y)) {
				return x
			}
		}
	}
	return -1
}

// TestTitleFitsFigure: every title lies inside its figure with the padding
// to spare on both sides, at the tour's size and at small ones, broken into
// lines where it must be, and the plot area moves down to make room. This
// is the test that fails when a title does not fit its figure.
func TestTitleFitsFigure(t *testing.T) {
	for _, size := range [][2]int{{800, 600}, {640, 480}, {400, 300}, {300, 300}} {
		for _, title := range testTitles {
			name := fmt.Sprintf("%dx%d/%.20s", size[0], size[1], title)
			t.Run(name, func(t *testing.T) {
				f := &Figure{Title: title, Width: size[0], Height: size[1], XLabel: "x", YLabel: "y"}
				f.Line("", []float64{0, 1}, []float64{0, 1}, Style{})
				a, err := f.layout()
				if err != nil {
					t.Fatal(err)
				}
				m := newMetrics(a.scale)
				for _, line := range a.title.lines {
					if w := textWidth(line, a.title.scale); float64(w) > float64(size[0])-2*m.pad {
						t.Errorf("line %q is %d pixels wide in a figure of %d with padding %g", line, w, size[0], m.pad)
					}
				}
				if got := strings.Join(a.title.lines, " "); got != strings.Join(strings.Fields(title), " ") {
					t.Errorf("the lines %q do not spell the title", a.title.lines)
				}
				titleBottom := m.pad + a.title.height()
				if a.area.y0 < titleBottom {
					t.Errorf("the plot area starts at y = %g, inside the title (to %g)", a.area.y0, titleBottom)
				}
				img := renderPNG(t, f)
				if x := titleInkOutside(img, int(m.pad), int(titleBottom)); x >= 0 {
					t.Errorf("title ink at column %d, within the padding %g of an edge", x, m.pad)
				}
			})
		}
	}
	// A title that fits at the title scale stays on one line; one that does
	// not is broken into balanced lines before it shrinks.
	f := &Figure{Title: testTitles[0]}
	f.Line("", []float64{0, 1}, []float64{0, 1}, Style{})
	a, err := f.layout()
	if err != nil {
		t.Fatal(err)
	}
	if len(a.title.lines) != 2 || a.title.scale != a.scale+1 {
		t.Errorf("ν-SVM title at 800 pixels: %d lines at scale %d (text scale %d)", len(a.title.lines), a.title.scale, a.scale)
	}
	if w0, w1 := textWidth(a.title.lines[0], a.title.scale), textWidth(a.title.lines[1], a.title.scale); 2*min(w0, w1) < max(w0, w1) {
		t.Errorf("unbalanced lines %q", a.title.lines)
	}
	// A word wider than the figure cannot be drawn: an error, not a cut.
	g := &Figure{Title: strings.Repeat("W", 200), Width: 300, Height: 300}
	g.Line("", []float64{0, 1}, []float64{0, 1}, Style{})
	if _, err := g.layout(); !errors.Is(err, ErrInvalid) {
		t.Errorf("an unbreakable title wider than the figure: %v", err)
	}
}
