package plot

// canvas is what a figure is drawn on: the PNG rasterizer and the SVG
// writer implement the same few primitives, so both files show the same
// picture.
type canvas interface {
	fillRect(x0, y0, x1, y1 float64, c Color)
	polyline(pts [][2]float64, c Color, width float64, dashed bool)
	polygon(pts [][2]float64, c Color) // filled
	circle(cx, cy, r float64, c Color, filled bool)
	// text draws s with its anchor ("start", "middle", "end") at (x, y),
	// the baseline-centre of the text; vertical text reads bottom to top.
	text(x, y float64, s string, size float64, anchor string, vertical bool)
	// raster fills the rectangle with a w×h grid of colours.
	raster(x0, y0, x1, y1 float64, w, h int, at func(i, j int) (Color, bool))
}

// draw renders the figure: background regions, bands, axes and grid,
// contours, series, title, labels and legend.
func (f *Figure) draw(cv canvas) {
	W, H := float64(f.Width), float64(f.Height)
	x0, x1, y0, y1 := f.ranges()
	fr := frame{x0: x0, x1: x1, y0: y0, y1: y1, left: 80, right: W - 30, top: 50, bot: H - 60}
	cv.fillRect(0, 0, W, H, white)
	if f.background != nil {
		const cells = 160
		cv.raster(fr.left, fr.top, fr.right, fr.bot, cells, cells, func(i, j int) (Color, bool) {
			x := fr.dataX(fr.left + (float64(i)+0.5)/cells*(fr.right-fr.left))
			y := fr.dataY(fr.top + (float64(j)+0.5)/cells*(fr.bot-fr.top))
			c := f.background(x, y)
			if c < 0 {
				return white, false
			}
			return light(Palette[c%len(Palette)]), true
		})
	}
	for _, s := range f.series {
		if s.kind == bandKind {
			var pts [][2]float64
			for i := range s.xs {
				pts = append(pts, [2]float64{fr.px(s.xs[i]), fr.py(s.ys2[i])})
			}
			for i := len(s.xs) - 1; i >= 0; i-- {
				pts = append(pts, [2]float64{fr.px(s.xs[i]), fr.py(s.ys[i])})
			}
			cv.polygon(pts, s.color)
		}
	}
	f.drawAxes(cv, fr)
	for _, c := range f.contours {
		for _, seg := range marchingSquares(c.f, c.level, fr, 120) {
			cv.polyline(seg, c.color, 1.5, c.dashed)
		}
	}
	for _, s := range f.series {
		switch s.kind {
		case lineKind:
			var pts [][2]float64
			for i := range s.xs {
				if finite(s.xs[i]) && finite(s.ys[i]) {
					pts = append(pts, [2]float64{fr.px(s.xs[i]), fr.py(s.ys[i])})
				}
			}
			cv.polyline(pts, s.color, 2.5, s.dashed)
		case scatterKind, ringKind:
			for i := range s.xs {
				if finite(s.xs[i]) && finite(s.ys[i]) {
					if s.kind == ringKind {
						cv.circle(fr.px(s.xs[i]), fr.py(s.ys[i]), 7, s.color, false)
					} else {
						cv.circle(fr.px(s.xs[i]), fr.py(s.ys[i]), 3.5, s.color, true)
					}
				}
			}
		}
	}
	cv.text(W/2, 30, f.Title, 16, "middle", false)
	cv.text((fr.left+fr.right)/2, H-15, f.XLabel, 14, "middle", false)
	cv.text(22, (fr.top+fr.bot)/2, f.YLabel, 14, "middle", true)
	f.drawLegend(cv, fr)
}

// drawAxes draws the frame, grid lines, ticks and tick labels.
func (f *Figure) drawAxes(cv canvas, fr frame) {
	for _, t := range niceTicks(fr.x0, fr.x1, 8) {
		x := fr.px(t)
		cv.polyline([][2]float64{{x, fr.top}, {x, fr.bot}}, grey, 1, false)
		cv.text(x, fr.bot+20, tickLabel(t), 12, "middle", false)
	}
	for _, t := range niceTicks(fr.y0, fr.y1, 6) {
		y := fr.py(t)
		cv.polyline([][2]float64{{fr.left, y}, {fr.right, y}}, grey, 1, false)
		cv.text(fr.left-8, y+5, tickLabel(t), 12, "end", false)
	}
	box := [][2]float64{{fr.left, fr.top}, {fr.right, fr.top}, {fr.right, fr.bot}, {fr.left, fr.bot}, {fr.left, fr.top}}
	cv.polyline(box, black, 1.5, false)
}

// drawLegend lists the named series in the top-right corner.
func (f *Figure) drawLegend(cv canvas, fr frame) {
	var items []series
	for _, s := range f.series {
		if s.legendable {
			items = append(items, s)
		}
	}
	for _, c := range f.contours {
		if c.name != "" {
			items = append(items, series{kind: lineKind, name: c.name, color: c.color, dashed: c.dashed})
		}
	}
	if len(items) == 0 {
		return
	}
	width := 0
	for _, s := range items {
		width = max(width, len([]rune(s.name)))
	}
	w := float64(width)*12 + 50 // room for the PNG font (12 px per character)
	h := float64(len(items))*20 + 10
	x, y := fr.right-w-8, fr.top+8
	cv.fillRect(x, y, x+w, y+h, white)
	cv.polyline([][2]float64{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}, {x, y}}, grey, 1, false)
	for i, s := range items {
		cy := y + 15 + float64(i)*20
		switch s.kind {
		case lineKind:
			cv.polyline([][2]float64{{x + 8, cy}, {x + 32, cy}}, s.color, 2.5, s.dashed)
		case scatterKind:
			cv.circle(x+20, cy, 4, s.color, true)
		case ringKind:
			cv.circle(x+20, cy, 6, s.color, false)
		case bandKind:
			cv.fillRect(x+8, cy-6, x+32, cy+6, s.color)
		}
		cv.text(x+40, cy+5, s.name, 12, "start", false)
	}
}

// marchingSquares returns the segments of the level set g = level over the
// plot area, sampled on an n×n grid of cells.
func marchingSquares(g func(x, y float64) float64, level float64, fr frame, n int) [][][2]float64 {
	px := func(i int) float64 { return fr.left + float64(i)/float64(n)*(fr.right-fr.left) }
	py := func(j int) float64 { return fr.top + float64(j)/float64(n)*(fr.bot-fr.top) }
	v := make([][]float64, n+1)
	for i := range v {
		v[i] = make([]float64, n+1)
		for j := range v[i] {
			v[i][j] = g(fr.dataX(px(i)), fr.dataY(py(j))) - level
		}
	}
	// The crossing on an edge between two corners, by linear interpolation.
	cross := func(xa, ya, va, xb, yb, vb float64) [2]float64 {
		t := va / (va - vb)
		return [2]float64{xa + t*(xb-xa), ya + t*(yb-ya)}
	}
	var segs [][][2]float64
	for i := range n {
		for j := range n {
			// Corners: a (i,j), b (i+1,j), c (i+1,j+1), d (i,j+1).
			xa, ya, va := px(i), py(j), v[i][j]
			xb, yb, vb := px(i+1), py(j), v[i+1][j]
			xc, yc, vc := px(i+1), py(j+1), v[i+1][j+1]
			xd, yd, vd := px(i), py(j+1), v[i][j+1]
			var pts [][2]float64
			if (va < 0) != (vb < 0) {
				pts = append(pts, cross(xa, ya, va, xb, yb, vb))
			}
			if (vb < 0) != (vc < 0) {
				pts = append(pts, cross(xb, yb, vb, xc, yc, vc))
			}
			if (vc < 0) != (vd < 0) {
				pts = append(pts, cross(xc, yc, vc, xd, yd, vd))
			}
			if (vd < 0) != (va < 0) {
				pts = append(pts, cross(xd, yd, vd, xa, ya, va))
			}
			for k := 0; k+1 < len(pts); k += 2 {
				segs = append(segs, [][2]float64{pts[k], pts[k+1]})
			}
		}
	}
	return segs
}
