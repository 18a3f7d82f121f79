package plot

import (
	"image"
	"image/color"
)

// An image of few colours in long runs (the class regions of a classifier)
// is written as rectangles rather than as a PNG: one rectangle per run of
// equal pixels in a row, a run repeated exactly in the rows below it
// stretched over them, and the rectangles of a colour gathered into one
// <path> of closed subpaths. The rectangles of different colours do not
// overlap, so the order of the paths does not matter, and crisp edges draw
// each rectangle on whole pixels as before: the picture is the one drawn
// by a <rect> per run, in two or three elements instead of hundreds (a
// live page redraws them at every change of a control, and the browser's
// cost grows with the elements).

// maxImageRuns is the most runs of equal pixels an image drawn as
// rectangles may have; beyond it a PNG is smaller.
const maxImageRuns = 2000

// run is a run of pixels [x0, x1) of one colour in the rows [y0, y1).
type run struct {
	x0, x1, y0, y1 int
	c              color.NRGBA
}

// imageRects returns the rectangles of img (in its pixel coordinates) as
// described above, or false when img has more than maxImageRuns runs.
func imageRects(img *image.NRGBA) ([]run, bool) {
	b := img.Bounds()
	// at is the pixel (x, y) as one word, read from img.Pix directly: this
	// runs for every pixel of a region figure at every redraw.
	at := func(x, y int) uint32 {
		i := img.PixOffset(x, y)
		p := img.Pix[i : i+4 : i+4]
		return uint32(p[0]) | uint32(p[1])<<8 | uint32(p[2])<<16 | uint32(p[3])<<24
	}
	count := 0
	var done []run
	var open, next []run // open: the previous row's runs, still growing
	for y := b.Min.Y; y < b.Max.Y; y++ {
		next = next[:0]
		k := 0 // open is sorted by x0: a merge walk
		for x0 := b.Min.X; x0 < b.Max.X; {
			if count++; count > maxImageRuns {
				return nil, false
			}
			c := at(x0, y)
			x1 := x0 + 1
			for x1 < b.Max.X && at(x1, y) == c {
				x1++
			}
			for k < len(open) && open[k].x0 < x0 {
				done = append(done, open[k])
				k++
			}
			if k < len(open) && open[k].x0 == x0 && open[k].x1 == x1 && open[k].c == img.NRGBAAt(x0, y) {
				o := open[k]
				o.y1 = y + 1
				next = append(next, o)
				k++
			} else {
				next = append(next, run{x0, x1, y, y + 1, img.NRGBAAt(x0, y)})
			}
			x0 = x1
		}
		done = append(done, open[k:]...)
		open, next = next, open
	}
	return append(done, open...), true
}

// imagePaths draws img over r as one path of rectangles per colour, and
// reports false (drawing nothing) when img has more than maxImageRuns runs.
func (s *svgPainter) imagePaths(r rect, img *image.NRGBA) bool {
	var p rectPaths
	if !p.add(r, img) {
		return false
	}
	p.write(s)
	return true
}

// images draws the images that have few runs as one path of rectangles per
// colour for all of them (the rectangles do not overlap: an ImageGrid's 20
// digits of 8×8 grey levels are 201 paths, not 603), and the others as
// image does.
func (s *svgPainter) images(rs []rect, imgs []*image.NRGBA) {
	var p rectPaths
	for i, img := range imgs {
		if !p.add(rs[i], img) {
			s.image(rs[i], img)
		}
	}
	p.write(s)
}

// rectPaths gathers the rectangles of images' runs as path data per colour.
type rectPaths struct {
	colors []color.NRGBA // in the order met, top row first
	paths  map[color.NRGBA][]byte
}

// add adds the rectangles of img drawn over r, or reports false (adding
// nothing) when img has more than maxImageRuns runs.
func (p *rectPaths) add(r rect, img *image.NRGBA) bool {
	rects, ok := imageRects(img)
	if !ok {
		return false
	}
	if p.paths == nil {
		p.paths = map[color.NRGBA][]byte{}
	}
	b := img.Bounds()
	cw, ch := (r.x1-r.x0)/float64(b.Dx()), (r.y1-r.y0)/float64(b.Dy())
	for _, q := range rects {
		d, seen := p.paths[q.c]
		if !seen {
			p.colors = append(p.colors, q.c)
		}
		x0, y0 := r.x0+float64(q.x0-b.Min.X)*cw, r.y0+float64(q.y0-b.Min.Y)*ch
		w, h := float64(q.x1-q.x0)*cw, float64(q.y1-q.y0)*ch
		// (Appends, not Fprintf: a region figure writes hundreds of these
		// per redraw of a live page.)
		d = append(d, 'M')
		d = append(d, num(x0)...)
		d = append(d, ' ')
		d = append(d, num(y0)...)
		d = append(d, 'h')
		d = append(d, num(w)...)
		d = append(d, 'v')
		d = append(d, num(h)...)
		d = append(d, 'h')
		d = append(d, num(-w)...)
		d = append(d, 'z')
		p.paths[q.c] = d
	}
	return true
}

// write writes the paths, if any, in a group drawn with crisp edges.
func (p *rectPaths) write(s *svgPainter) {
	if len(p.colors) == 0 {
		return
	}
	s.b.WriteString(`<g shape-rendering="crispEdges">` + "\n")
	for _, c := range p.colors {
		s.b.WriteString(`<path d="`)
		s.b.Write(p.paths[c])
		s.b.WriteString(`" ` + paint("fill", c) + "/>\n")
	}
	s.b.WriteString("</g>\n")
}
