package plot

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"fmt"
	"hash/fnv"
	"image"
	"image/color"
	"image/png"
	"math"
	"strconv"
	"strings"
)

// svgPainter is the SVG back end: it writes one SVG 1.1 element per
// primitive. Text uses the viewer's sans-serif font at a size whose cap
// height matches the bitmap font's; raster images are embedded as PNG data.
type svgPainter struct {
	b     bytes.Buffer
	clips map[string]bool // the clip paths defined, by id
	clip  *rect           // current clip, nil when none
	err   error           // from encoding embedded images
}

func newSVG(w, h int, title string) *svgPainter {
	s := &svgPainter{}
	fmt.Fprintf(&s.b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n")
	fmt.Fprintf(&s.b, `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif">`+"\n", w, h, w, h)
	if title != "" {
		fmt.Fprintf(&s.b, "<title>%s</title>\n", escape(title))
	}
	return s
}

// finish closes the document and returns it.
func (s *svgPainter) finish() ([]byte, error) {
	s.setClip(nil)
	s.b.WriteString("</svg>\n")
	return s.b.Bytes(), s.err
}

func escape(t string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(t)) // writes to a strings.Builder never fail
	return b.String()
}

// num prints a coordinate with at most two decimals.
func num(v float64) string {
	v = math.Round(v*100) / 100
	if v == 0 {
		return "0" // also for −0
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// paint returns the attribute pair for a colour, with its opacity when it is
// not opaque.
func paint(attr string, c color.NRGBA) string {
	s := attr + `="` + hexColor(c) + `"`
	if c.A != 0xff {
		s += " " + attr + `-opacity="` + num(float64(c.A)/255) + `"`
	}
	return s
}

// setClip opens a group clipped to r (closing the previous one); a run of
// primitives with the same clip shares one group.
func (s *svgPainter) setClip(r *rect) {
	if (r == nil && s.clip == nil) || (r != nil && s.clip != nil && *r == *s.clip) {
		return
	}
	if s.clip != nil {
		s.b.WriteString("</g>\n")
	}
	s.clip = nil
	if r == nil {
		return
	}
	c := *r
	s.clip = &c
	// The id is a hash of the rectangle, not a count: a page that inlines
	// several figures has one document, where url(#clip1) in the second
	// figure named the first figure's clip (and cut the second's plot
	// where its area is wider). Figures share an id only for the same
	// rectangle, and a figure defines each once.
	box := fmt.Sprintf(`x="%s" y="%s" width="%s" height="%s"`, num(c.x0), num(c.y0), num(c.x1-c.x0), num(c.y1-c.y0))
	h := fnv.New32a()
	h.Write([]byte(box))
	id := "clip" + strconv.FormatUint(uint64(h.Sum32()), 36)
	if !s.clips[id] {
		if s.clips == nil {
			s.clips = map[string]bool{}
		}
		s.clips[id] = true
		fmt.Fprintf(&s.b, `<clipPath id="%s"><rect %s/></clipPath>`+"\n", id, box)
	}
	fmt.Fprintf(&s.b, `<g clip-path="url(#%s)">`+"\n", id)
}

func (s *svgPainter) fillRect(r rect, c color.NRGBA) {
	fmt.Fprintf(&s.b, `<rect x="%s" y="%s" width="%s" height="%s" %s/>`+"\n",
		num(r.x0), num(r.y0), num(r.x1-r.x0), num(r.y1-r.y0), paint("fill", c))
}

// The elements written for every point of a series (polyline, polygon,
// circle, ring) are written piece by piece rather than through fmt: a live
// page writes hundreds of them per redraw.

func (s *svgPainter) polyline(pts []point, width float64, dash []float64, c color.NRGBA) {
	if len(pts) < 2 {
		return
	}
	s.b.WriteString(`<polyline points="`)
	writePoints(&s.b, pts)
	s.b.WriteString(`" fill="none" ` + paint("stroke", c) + ` stroke-width="` + num(width) + `" stroke-linecap="round" stroke-linejoin="round"`)
	if dash != nil {
		parts := make([]string, len(dash))
		for i, d := range dash {
			parts[i] = num(d)
		}
		fmt.Fprintf(&s.b, ` stroke-dasharray="%s"`, strings.Join(parts, " "))
	}
	s.b.WriteString("/>\n")
}

func (s *svgPainter) polygon(pts []point, c color.NRGBA) {
	s.b.WriteString(`<polygon points="`)
	writePoints(&s.b, pts)
	s.b.WriteString(`" ` + paint("fill", c) + "/>\n")
}

func (s *svgPainter) circle(center point, radius float64, c color.NRGBA) {
	s.b.WriteString(`<circle cx="` + num(center.x) + `" cy="` + num(center.y) + `" r="` + num(radius) + `" ` + paint("fill", c) + "/>\n")
}

func (s *svgPainter) ring(center point, radius, width float64, c color.NRGBA) {
	s.b.WriteString(`<circle cx="` + num(center.x) + `" cy="` + num(center.y) + `" r="` + num(radius) + `" fill="none" ` +
		paint("stroke", c) + ` stroke-width="` + num(width) + "\"/>\n")
}

// svgFontSize is the font size per unit of text scale: sans-serif faces have
// a cap height of about 0.72 em, which makes 10 units match the 7-pixel caps
// of the bitmap font.
const svgFontSize = 10

func (s *svgPainter) text(at point, t string, scale int, align Align, vertical bool, c color.NRGBA) {
	size := float64(svgFontSize * scale)
	anchor := "middle"
	switch align {
	case AlignLeft:
		anchor = "start"
	case AlignRight:
		anchor = "end"
	}
	// The baseline lies half a cap height (0.36 em) below the anchor.
	x, y := at.x, at.y+0.36*size
	rotate := ""
	if vertical {
		rotate = fmt.Sprintf(` transform="rotate(-90 %s %s)"`, num(at.x), num(at.y))
	}
	fmt.Fprintf(&s.b, `<text x="%s" y="%s" font-size="%s" text-anchor="%s" %s%s>%s</text>`+"\n",
		num(x), num(y), num(size), anchor, paint("fill", c), rotate, escape(t))
}

// image draws img over r. An image of few runs of equal pixels along its
// rows (class regions) becomes one path of rectangles per colour
// (svg_runs.go), which every viewer draws sharp and which costs no PNG
// encoding; any other is embedded as PNG data. Viewers that ignore image-rendering smooth an enlarged image,
// so such an img is first enlarged by repeating pixels to about its size
// on the canvas; the smoothing then only softens the outer edge.
func (s *svgPainter) image(r rect, img *image.NRGBA) {
	if s.imagePaths(r, img) {
		return
	}
	fx := max(1, int(math.Round((r.x1-r.x0)/float64(img.Bounds().Dx()))))
	fy := max(1, int(math.Round((r.y1-r.y0)/float64(img.Bounds().Dy()))))
	img = enlarge(img, fx, fy)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		if s.err == nil {
			s.err = err
		}
		return
	}
	fmt.Fprintf(&s.b, `<image x="%s" y="%s" width="%s" height="%s" preserveAspectRatio="none" style="image-rendering:optimizeSpeed;image-rendering:pixelated" xlink:href="data:image/png;base64,%s"/>`+"\n",
		num(r.x0), num(r.y0), num(r.x1-r.x0), num(r.y1-r.y0), base64.StdEncoding.EncodeToString(buf.Bytes()))
}

// enlarge repeats each pixel of img fx times across and fy times down.
func enlarge(img *image.NRGBA, fx, fy int) *image.NRGBA {
	if fx == 1 && fy == 1 {
		return img
	}
	b := img.Bounds()
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx()*fx, b.Dy()*fy))
	for y := 0; y < b.Dy()*fy; y++ {
		for x := 0; x < b.Dx()*fx; x++ {
			out.SetNRGBA(x, y, img.NRGBAAt(b.Min.X+x/fx, b.Min.Y+y/fy))
		}
	}
	return out
}
