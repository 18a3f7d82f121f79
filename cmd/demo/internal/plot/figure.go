// Package plot draws the figures of the guided tour: line and scatter
// plots with axes, ticks, labels and a legend, decision regions with
// contour lines, bands, and grids of grey-level images. Every figure is
// written twice, as PNG (rasterized here, with a small bitmap font) and as
// SVG (written by hand), from the same list of drawing primitives.
package plot

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
)

// Color is an RGB colour.
type Color struct{ R, G, B uint8 }

// Palette is the Okabe–Ito colour-blind-safe palette extended to ten
// colours (for the ten digits).
var Palette = []Color{
	{0, 114, 178}, {230, 159, 0}, {0, 158, 115}, {204, 121, 167}, {86, 180, 233},
	{213, 94, 0}, {240, 228, 66}, {0, 0, 0}, {128, 128, 128}, {153, 79, 0},
}

var (
	black = Color{0, 0, 0}
	grey  = Color{200, 200, 200}
	white = Color{255, 255, 255}
)

// light returns a pale version of c, for backgrounds.
func light(c Color) Color {
	mix := func(v uint8) uint8 { return uint8(255 - (255-int(v))*30/100) }
	return Color{mix(c.R), mix(c.G), mix(c.B)}
}

// Figure is one plot. Create it with New, add series, then Save.
type Figure struct {
	Title, XLabel, YLabel string
	Width, Height         int // pixels, default 800×560
	// Fixed ranges; when Min == Max the range is computed from the data.
	XMin, XMax, YMin, YMax float64

	series     []series
	background func(x, y float64) int // class index, −1 for none
	contours   []contour
}

type seriesKind int

const (
	lineKind seriesKind = iota
	scatterKind
	ringKind
	bandKind
)

type series struct {
	kind       seriesKind
	name       string
	xs, ys     []float64
	ys2        []float64 // upper curve of a band
	color      Color
	dashed     bool
	legendable bool
}

type contour struct {
	f      func(x, y float64) float64
	level  float64
	color  Color
	dashed bool
	name   string
}

// New returns an empty figure.
func New(title, xlabel, ylabel string) *Figure {
	return &Figure{Title: title, XLabel: xlabel, YLabel: ylabel, Width: 800, Height: 560}
}

// Line adds a polyline through (xs[i], ys[i]) in palette colour c.
func (f *Figure) Line(name string, xs, ys []float64, c int) {
	f.series = append(f.series, series{kind: lineKind, name: name, xs: xs, ys: ys, color: Palette[c%len(Palette)], legendable: name != ""})
}

// DashedLine adds a dashed polyline, e.g. a reference level.
func (f *Figure) DashedLine(name string, xs, ys []float64, c int) {
	f.series = append(f.series, series{kind: lineKind, name: name, xs: xs, ys: ys, color: Palette[c%len(Palette)], dashed: true, legendable: name != ""})
}

// Scatter adds filled points in palette colour c.
func (f *Figure) Scatter(name string, xs, ys []float64, c int) {
	f.series = append(f.series, series{kind: scatterKind, name: name, xs: xs, ys: ys, color: Palette[c%len(Palette)], legendable: name != ""})
}

// Rings adds open black circles around points (e.g. support vectors).
func (f *Figure) Rings(name string, xs, ys []float64) {
	f.series = append(f.series, series{kind: ringKind, name: name, xs: xs, ys: ys, color: black, legendable: name != ""})
}

// Band fills the area between lo and hi over xs (e.g. the ε-tube).
func (f *Figure) Band(name string, xs, lo, hi []float64, c int) {
	f.series = append(f.series, series{kind: bandKind, name: name, xs: xs, ys: lo, ys2: hi, color: light(Palette[c%len(Palette)]), legendable: name != ""})
}

// Background colours the plot area by class: region(x, y) returns a
// palette index (drawn pale) or −1.
func (f *Figure) Background(region func(x, y float64) int) { f.background = region }

// Contour draws the level set g(x, y) = level, found by marching squares.
func (f *Figure) Contour(name string, g func(x, y float64) float64, level float64, dashed bool) {
	f.contours = append(f.contours, contour{f: g, level: level, color: black, dashed: dashed, name: name})
}

// Save writes dir/base.png and dir/base.svg and returns their names.
func (f *Figure) Save(dir, base string) ([]string, error) {
	names := []string{base + ".png", base + ".svg"}
	p := newPNG(f.Width, f.Height)
	f.draw(p)
	if err := writeFile(filepath.Join(dir, names[0]), p.encode); err != nil {
		return nil, err
	}
	s := newSVG(f.Width, f.Height)
	f.draw(s)
	if err := writeFile(filepath.Join(dir, names[1]), s.encode); err != nil {
		return nil, err
	}
	return names, nil
}

func writeFile(path string, encode func(w *os.File) error) error {
	fh, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := encode(fh); err != nil {
		fh.Close()
		return fmt.Errorf("plot: %s: %w", path, err)
	}
	return fh.Close()
}

// frame maps data coordinates to pixels.
type frame struct {
	x0, x1, y0, y1        float64 // data ranges
	left, right, top, bot float64 // plot area in pixels
}

func (fr frame) px(x float64) float64 {
	return fr.left + (x-fr.x0)/(fr.x1-fr.x0)*(fr.right-fr.left)
}
func (fr frame) py(y float64) float64 {
	return fr.bot - (y-fr.y0)/(fr.y1-fr.y0)*(fr.bot-fr.top)
}
func (fr frame) dataX(px float64) float64 {
	return fr.x0 + (px-fr.left)/(fr.right-fr.left)*(fr.x1-fr.x0)
}
func (fr frame) dataY(py float64) float64 {
	return fr.y0 + (fr.bot-py)/(fr.bot-fr.top)*(fr.y1-fr.y0)
}

// ranges returns the data ranges: fixed where set, else from finite data.
func (f *Figure) ranges() (x0, x1, y0, y1 float64) {
	x0, x1, y0, y1 = math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, s := range f.series {
		for i := range s.xs {
			if !finite(s.xs[i]) || !finite(s.ys[i]) {
				continue
			}
			x0, x1 = math.Min(x0, s.xs[i]), math.Max(x1, s.xs[i])
			y0, y1 = math.Min(y0, s.ys[i]), math.Max(y1, s.ys[i])
			if s.ys2 != nil && finite(s.ys2[i]) {
				y1 = math.Max(y1, s.ys2[i])
			}
		}
	}
	x0, x1 = niceRange(x0, x1)
	y0, y1 = niceRange(y0, y1)
	if f.XMin != f.XMax {
		x0, x1 = f.XMin, f.XMax
	}
	if f.YMin != f.YMax {
		y0, y1 = f.YMin, f.YMax
	}
	return
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
