package plot

import (
	"fmt"
	"html"
	"os"
	"strings"
)

// svgCanvas writes the primitives as SVG elements.
type svgCanvas struct {
	b    strings.Builder
	w, h int
}

func newSVG(w, h int) *svgCanvas {
	s := &svgCanvas{w: w, h: h}
	fmt.Fprintf(&s.b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif">`+"\n", w, h, w, h)
	return s
}

func (s *svgCanvas) encode(f *os.File) error {
	_, err := f.WriteString(s.b.String() + "</svg>\n")
	return err
}

func rgb(c Color) string { return fmt.Sprintf("rgb(%d,%d,%d)", c.R, c.G, c.B) }

func (s *svgCanvas) fillRect(x0, y0, x1, y1 float64, c Color) {
	fmt.Fprintf(&s.b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`+"\n", x0, y0, x1-x0, y1-y0, rgb(c))
}

func points(pts [][2]float64) string {
	var b strings.Builder
	for i, p := range pts {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%.1f,%.1f", p[0], p[1])
	}
	return b.String()
}

func (s *svgCanvas) polyline(pts [][2]float64, c Color, width float64, dashed bool) {
	dash := ""
	if dashed {
		dash = ` stroke-dasharray="8,6"`
	}
	fmt.Fprintf(&s.b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="%.1f"%s/>`+"\n", points(pts), rgb(c), width, dash)
}

func (s *svgCanvas) polygon(pts [][2]float64, c Color) {
	fmt.Fprintf(&s.b, `<polygon points="%s" fill="%s"/>`+"\n", points(pts), rgb(c))
}

func (s *svgCanvas) circle(cx, cy, r float64, c Color, filled bool) {
	if filled {
		fmt.Fprintf(&s.b, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="%s"/>`+"\n", cx, cy, r, rgb(c))
		return
	}
	fmt.Fprintf(&s.b, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="none" stroke="%s" stroke-width="1.5"/>`+"\n", cx, cy, r, rgb(c))
}

func (s *svgCanvas) text(x, y float64, t string, size float64, anchor string, vertical bool) {
	rot := ""
	if vertical {
		rot = fmt.Sprintf(` transform="rotate(-90 %.1f %.1f)"`, x, y)
	}
	fmt.Fprintf(&s.b, `<text x="%.1f" y="%.1f" font-size="%.0f" text-anchor="%s"%s>%s</text>`+"\n", x, y, size, anchor, rot, html.EscapeString(t))
}

// raster merges runs of equal colour along each row into one rectangle.
func (s *svgCanvas) raster(x0, y0, x1, y1 float64, w, h int, at func(i, j int) (Color, bool)) {
	cw, ch := (x1-x0)/float64(w), (y1-y0)/float64(h)
	for j := range h {
		for i := 0; i < w; {
			c, ok := at(i, j)
			k := i + 1
			for k < w {
				c2, ok2 := at(k, j)
				if c2 != c || ok2 != ok {
					break
				}
				k++
			}
			if ok {
				s.fillRect(x0+float64(i)*cw, y0+float64(j)*ch, x0+float64(k)*cw+0.5, y0+float64(j+1)*ch+0.5, c)
			}
			i = k
		}
	}
}
