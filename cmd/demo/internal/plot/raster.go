package plot

import (
	"image"
	"image/color"
	"math"
	"sort"
)

// raster is the PNG back end: it paints an opaque RGBA image. Shapes are
// anti-aliased by coverage: a pixel is blended with the colour in proportion
// to the part of it the shape covers, estimated from the distance of the
// pixel centre to a line or circle, and by 4 sub-scanlines with exact
// horizontal spans for polygons. Text is not anti-aliased: the bitmap font is
// drawn in whole pixels, so it stays crisp.
type raster struct {
	img  *image.RGBA
	clip image.Rectangle
}

func newRaster(w, h int) *raster {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	return &raster{img: img, clip: img.Bounds()}
}

func (r *raster) setClip(c *rect) {
	if c == nil {
		r.clip = r.img.Bounds()
		return
	}
	r.clip = pixelBounds(*c).Intersect(r.img.Bounds())
}

// pixelBounds returns the pixels that c touches.
func pixelBounds(c rect) image.Rectangle {
	return image.Rect(int(math.Floor(c.x0)), int(math.Floor(c.y0)), int(math.Ceil(c.x1)), int(math.Ceil(c.y1)))
}

// blend mixes colour c into pixel (x, y) with weight coverage·alpha:
// dst ← dst·(1 − a) + c·a. The image stays opaque.
func (r *raster) blend(x, y int, c color.NRGBA, coverage float64) {
	if !(image.Point{x, y}).In(r.clip) || coverage <= 0 {
		return
	}
	i := r.img.PixOffset(x, y)
	if coverage >= 1 && c.A == 0xff { // opaque: a plain store
		r.img.Pix[i], r.img.Pix[i+1], r.img.Pix[i+2], r.img.Pix[i+3] = c.R, c.G, c.B, 0xff
		return
	}
	a := min(coverage, 1) * float64(c.A) / 255
	px := r.img.Pix[i : i+3 : i+3]
	for k, v := range [3]uint8{c.R, c.G, c.B} {
		px[k] = uint8(float64(px[k])*(1-a) + float64(v)*a + 0.5)
	}
	r.img.Pix[i+3] = 0xff
}

func (r *raster) fillRect(c rect, col color.NRGBA) {
	b := pixelBounds(c).Intersect(r.clip)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		cy := overlap(float64(y), c.y0, c.y1)
		for x := b.Min.X; x < b.Max.X; x++ {
			r.blend(x, y, col, cy*overlap(float64(x), c.x0, c.x1))
		}
	}
}

// overlap returns the length of [i, i+1) ∩ [lo, hi].
func overlap(i, lo, hi float64) float64 {
	return max(0, min(i+1, hi)-max(i, lo))
}

// mask collects the coverage of one shape over a pixel rectangle before it is
// blended, so that overlapping parts of a polyline (its joints) are not
// painted twice.
type mask struct {
	b   image.Rectangle
	cov []float32
}

func (r *raster) newMask(bounds rect) *mask {
	b := pixelBounds(bounds).Intersect(r.clip)
	return &mask{b: b, cov: make([]float32, b.Dx()*b.Dy())}
}

func (m *mask) index(x, y int) int { return (y-m.b.Min.Y)*m.b.Dx() + (x - m.b.Min.X) }

func (r *raster) paintMask(m *mask, c color.NRGBA) {
	for y := m.b.Min.Y; y < m.b.Max.Y; y++ {
		for x := m.b.Min.X; x < m.b.Max.X; x++ {
			r.blend(x, y, c, float64(m.cov[m.index(x, y)]))
		}
	}
}

func bounds(pts []point, pad float64) rect {
	b := rect{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, p := range pts {
		b.x0, b.y0 = math.Min(b.x0, p.x), math.Min(b.y0, p.y)
		b.x1, b.y1 = math.Max(b.x1, p.x), math.Max(b.y1, p.y)
	}
	return b.inset(-pad)
}

func (r *raster) polyline(pts []point, width float64, dash []float64, c color.NRGBA) {
	if len(pts) < 2 {
		return
	}
	m := r.newMask(bounds(pts, width/2+1))
	if m.b.Empty() {
		return
	}
	stroke := func(a, b point) { m.strokeSegment(a, b, width) }
	if dash == nil {
		for i := 0; i+1 < len(pts); i++ {
			stroke(pts[i], pts[i+1])
		}
	} else {
		dashSegments(pts, dash, stroke)
	}
	r.paintMask(m, c)
}

// strokeSegment adds the coverage of the segment ab drawn with round caps:
// pixels whose centre lies within width/2 of the segment, with a one-pixel
// linear ramp, cov = clamp(width/2 − d + ½, 0, 1).
func (m *mask) strokeSegment(a, b point, width float64) {
	half := width / 2
	sb := pixelBounds(rect{math.Min(a.x, b.x) - half - 1, math.Min(a.y, b.y) - half - 1, math.Max(a.x, b.x) + half + 1, math.Max(a.y, b.y) + half + 1}).Intersect(m.b)
	dx, dy := b.x-a.x, b.y-a.y
	len2 := dx*dx + dy*dy
	for y := sb.Min.Y; y < sb.Max.Y; y++ {
		for x := sb.Min.X; x < sb.Max.X; x++ {
			px, py := float64(x)+0.5, float64(y)+0.5
			t := 0.0
			if len2 > 0 {
				t = max(0, min(1, ((px-a.x)*dx+(py-a.y)*dy)/len2))
			}
			ex, ey := px-a.x-t*dx, py-a.y-t*dy
			d := math.Sqrt(ex*ex + ey*ey) // no overflow: pixel distances are small
			cov := float32(min(1, half-d+0.5))
			if k := m.index(x, y); cov > m.cov[k] {
				m.cov[k] = cov
			}
		}
	}
}

// dashSegments walks the path and calls stroke for each drawn stretch of the
// dash pattern (on, off, on, off, …), which continues across joints.
func dashSegments(pts []point, dash []float64, stroke func(a, b point)) {
	k, left := 0, dash[0] // current pattern entry and what is left of it
	for i := 0; i+1 < len(pts); i++ {
		a, b := pts[i], pts[i+1]
		segLen := math.Hypot(b.x-a.x, b.y-a.y)
		at := 0.0
		for at < segLen {
			step := math.Min(left, segLen-at)
			if k%2 == 0 {
				t0, t1 := at/segLen, (at+step)/segLen
				stroke(point{a.x + t0*(b.x-a.x), a.y + t0*(b.y-a.y)}, point{a.x + t1*(b.x-a.x), a.y + t1*(b.y-a.y)})
			}
			at += step
			left -= step
			if left <= 0 {
				k = (k + 1) % len(dash)
				left = dash[k]
			}
		}
	}
}

// polygon fills by the nonzero rule, sampling 4 sub-scanlines per pixel row
// and accumulating the exact length of each span in each pixel.
func (r *raster) polygon(pts []point, c color.NRGBA) {
	if len(pts) < 3 {
		return
	}
	m := r.newMask(bounds(pts, 1))
	const sub = 4
	type crossing struct {
		x   float64
		dir int
	}
	var xs []crossing
	for y := m.b.Min.Y; y < m.b.Max.Y; y++ {
		for s := 0; s < sub; s++ {
			sy := float64(y) + (float64(s)+0.5)/sub
			xs = xs[:0]
			for i, a := range pts {
				b := pts[(i+1)%len(pts)]
				if (a.y <= sy) == (b.y <= sy) {
					continue // the edge does not cross this sub-scanline
				}
				dir := 1
				if b.y < a.y {
					dir = -1
				}
				xs = append(xs, crossing{a.x + (sy-a.y)/(b.y-a.y)*(b.x-a.x), dir})
			}
			sort.Slice(xs, func(i, j int) bool { return xs[i].x < xs[j].x })
			winding := 0
			for i := 0; i+1 < len(xs); i++ {
				winding += xs[i].dir
				if winding != 0 {
					m.addSpan(y, xs[i].x, xs[i+1].x, 1.0/sub)
				}
			}
		}
	}
	r.paintMask(m, c)
}

// addSpan adds weight·|[x, x+1) ∩ [x0, x1]| to each pixel of row y.
func (m *mask) addSpan(y int, x0, x1, weight float64) {
	lo := max(m.b.Min.X, int(math.Floor(x0)))
	hi := min(m.b.Max.X, int(math.Ceil(x1)))
	for x := lo; x < hi; x++ {
		w := weight
		if fx := float64(x); fx < x0 || fx+1 > x1 { // a partly covered end pixel
			w *= overlap(fx, x0, x1)
		}
		k := m.index(x, y)
		m.cov[k] = min(1, m.cov[k]+float32(w))
	}
}

func (r *raster) circle(center point, radius float64, c color.NRGBA) {
	r.disc(center, radius+1, func(d float64) float64 { return radius - d + 0.5 }, c)
}

func (r *raster) haloCircle(center point, radius, edge float64, c color.NRGBA) {
	r.circle(center, radius+edge, colorBackground)
	r.circle(center, radius, c)
}

func (r *raster) haloPolygon(inner, outer []point, c color.NRGBA) {
	r.polygon(outer, colorBackground)
	r.polygon(inner, c)
}

func (r *raster) markers(at []point, m Marker, radius, lineWidth float64, c color.NRGBA) {
	for _, q := range at {
		drawMarker(r, q, m, radius, lineWidth, c)
	}
}

func (r *raster) ring(center point, radius, width float64, c color.NRGBA) {
	r.disc(center, radius+width/2+1, func(d float64) float64 { return width/2 - math.Abs(d-radius) + 0.5 }, c)
}

// disc blends c into the pixels within reach of center with the coverage
// cov(d) of a pixel whose centre is at distance d.
func (r *raster) disc(center point, reach float64, cov func(d float64) float64, c color.NRGBA) {
	b := pixelBounds(rect{center.x - reach, center.y - reach, center.x + reach, center.y + reach}).Intersect(r.clip)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r.blend(x, y, c, cov(math.Hypot(float64(x)+0.5-center.x, float64(y)+0.5-center.y)))
		}
	}
}

// text draws s with the bitmap font, each font pixel a scale×scale square.
func (r *raster) text(at point, s string, scale int, align Align, vertical bool, c color.NRGBA) {
	w := float64(textWidth(s, scale))
	start := -w / 2 // offset of the text's start from the anchor along its reading direction
	switch align {
	case AlignLeft:
		start = 0
	case AlignRight:
		start = -w
	}
	capTop := -float64(ascentRows*scale) / 2 // offset of the cap top across the reading direction
	if !vertical {
		x0 := int(math.Round(at.x + start))
		y0 := int(math.Round(at.y + capTop))
		inkPixels(s, func(col, row int) {
			r.square(x0+col*scale, y0+row*scale, scale, c)
		})
		return
	}
	// Reading upwards: font column col runs up from the start, font row
	// row runs right from the cap top.
	x0 := int(math.Round(at.x + capTop))
	y0 := int(math.Round(at.y - start))
	inkPixels(s, func(col, row int) {
		r.square(x0+row*scale, y0-(col+1)*scale, scale, c)
	})
}

func (r *raster) square(x, y, size int, c color.NRGBA) {
	for dy := 0; dy < size; dy++ {
		for dx := 0; dx < size; dx++ {
			r.blend(x+dx, y+dy, c, 1)
		}
	}
}

// image stretches img over the rectangle, sampling the source pixel under
// each destination pixel centre.
func (r *raster) images(rs []rect, imgs []*image.NRGBA) {
	for i, img := range imgs {
		r.image(rs[i], img)
	}
}

func (r *raster) image(dst rect, img *image.NRGBA) {
	b := pixelBounds(dst).Intersect(r.clip)
	sw, sh := img.Bounds().Dx(), img.Bounds().Dy()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		sy := min(sh-1, max(0, int((float64(y)+0.5-dst.y0)/(dst.y1-dst.y0)*float64(sh))))
		for x := b.Min.X; x < b.Max.X; x++ {
			sx := min(sw-1, max(0, int((float64(x)+0.5-dst.x0)/(dst.x1-dst.x0)*float64(sw))))
			r.blend(x, y, img.NRGBAAt(img.Bounds().Min.X+sx, img.Bounds().Min.Y+sy), 1)
		}
	}
}
