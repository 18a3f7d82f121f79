package plot

import (
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"unicode/utf8"
)

// pngCanvas rasterizes the primitives into an RGBA image.
type pngCanvas struct{ img *image.RGBA }

func newPNG(w, h int) *pngCanvas { return &pngCanvas{image.NewRGBA(image.Rect(0, 0, w, h))} }

func (p *pngCanvas) encode(f *os.File) error { return png.Encode(f, p.img) }

func (p *pngCanvas) set(x, y int, c Color) {
	if image.Pt(x, y).In(p.img.Rect) {
		p.img.SetRGBA(x, y, color.RGBA{c.R, c.G, c.B, 255})
	}
}

func (p *pngCanvas) fillRect(x0, y0, x1, y1 float64, c Color) {
	for y := int(math.Round(y0)); y < int(math.Round(y1)); y++ {
		for x := int(math.Round(x0)); x < int(math.Round(x1)); x++ {
			p.set(x, y, c)
		}
	}
}

// disc stamps a filled disc of radius r.
func (p *pngCanvas) disc(cx, cy, r float64, c Color) {
	for y := int(math.Floor(cy - r)); y <= int(math.Ceil(cy+r)); y++ {
		for x := int(math.Floor(cx - r)); x <= int(math.Ceil(cx+r)); x++ {
			dx, dy := float64(x)+0.5-cx, float64(y)+0.5-cy
			if dx*dx+dy*dy <= r*r {
				p.set(x, y, c)
			}
		}
	}
}

// polyline stamps discs along each segment every half pixel; dashes are
// laid out by the distance travelled along the line (8 on, 6 off).
func (p *pngCanvas) polyline(pts [][2]float64, c Color, width float64, dashed bool) {
	r := math.Max(width/2, 0.5)
	travelled := 0.0
	for i := 0; i+1 < len(pts); i++ {
		ax, ay, bx, by := pts[i][0], pts[i][1], pts[i+1][0], pts[i+1][1]
		l := math.Hypot(bx-ax, by-ay)
		steps := int(l*2) + 1
		for s := 0; s <= steps; s++ {
			t := float64(s) / float64(steps)
			x, y := ax+t*(bx-ax), ay+t*(by-ay)
			if dashed && l >= 10 && math.Mod(travelled+t*l, 14) > 8 {
				continue
			}
			// A contour arrives as many tiny segments: dash it by position,
			// on a checkerboard of 7-pixel cells, which any curve crosses.
			if dashed && l < 10 && (int(math.Floor(x/7))+int(math.Floor(y/7)))%2 != 0 {
				continue
			}
			p.disc(x, y, r, c)
		}
		travelled += l
	}
}

// polygon fills a simple polygon by the even–odd rule, scanline by scanline.
func (p *pngCanvas) polygon(pts [][2]float64, c Color) {
	if len(pts) < 3 {
		return
	}
	ymin, ymax := pts[0][1], pts[0][1]
	for _, q := range pts {
		ymin, ymax = math.Min(ymin, q[1]), math.Max(ymax, q[1])
	}
	for y := int(ymin); y <= int(ymax); y++ {
		fy := float64(y) + 0.5
		var xs []float64
		for i := range pts {
			a, b := pts[i], pts[(i+1)%len(pts)]
			if (a[1] <= fy) != (b[1] <= fy) {
				xs = append(xs, a[0]+(fy-a[1])/(b[1]-a[1])*(b[0]-a[0]))
			}
		}
		sortFloats(xs)
		for k := 0; k+1 < len(xs); k += 2 {
			for x := int(math.Round(xs[k])); x < int(math.Round(xs[k+1])); x++ {
				p.set(x, y, c)
			}
		}
	}
}

func sortFloats(v []float64) {
	for i := 1; i < len(v); i++ {
		for j := i; j > 0 && v[j] < v[j-1]; j-- {
			v[j], v[j-1] = v[j-1], v[j]
		}
	}
}

func (p *pngCanvas) circle(cx, cy, r float64, c Color, filled bool) {
	if filled {
		p.disc(cx, cy, r, c)
		return
	}
	var pts [][2]float64
	for k := 0; k <= 32; k++ {
		a := 2 * math.Pi * float64(k) / 32
		pts = append(pts, [2]float64{cx + r*math.Cos(a), cy + r*math.Sin(a)})
	}
	p.polyline(pts, c, 1.5, false)
}

// text draws with the 5×7 bitmap font at an integer scale (2 for sizes of
// 12 and up), each glyph 6 pixels wide including the gap.
func (p *pngCanvas) text(x, y float64, s string, size float64, anchor string, vertical bool) {
	s = asciiFor.Replace(s)
	scale := 1
	if size >= 12 {
		scale = 2
	}
	n := utf8.RuneCountInString(s)
	adv := 6 * scale
	width := n * adv
	start := 0.0
	switch anchor {
	case "middle":
		start = -float64(width) / 2
	case "end":
		start = -float64(width)
	}
	i := 0
	for _, r := range s {
		rows := glyphRows(r)
		for gy, row := range rows {
			for gx, ch := range row {
				if ch != '#' {
					continue
				}
				for sy := range scale {
					for sx := range scale {
						// Offset along the text (u) and across it (v, up from the baseline).
						u := start + float64(i*adv+gx*scale+sx)
						v := float64((6-gy)*scale + sy)
						if vertical {
							p.set(int(x-v), int(y-u), black)
						} else {
							p.set(int(x+u), int(y-v), black)
						}
					}
				}
			}
		}
		i++
	}
}

func (p *pngCanvas) raster(x0, y0, x1, y1 float64, w, h int, at func(i, j int) (Color, bool)) {
	for y := int(y0); y < int(y1); y++ {
		j := int((float64(y) + 0.5 - y0) / (y1 - y0) * float64(h))
		for x := int(x0); x < int(x1); x++ {
			i := int((float64(x) + 0.5 - x0) / (x1 - x0) * float64(w))
			if c, ok := at(min(i, w-1), min(j, h-1)); ok {
				p.set(x, y, c)
			}
		}
	}
}
