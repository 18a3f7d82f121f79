package plot

import (
	"image"
	"image/color"
	"io"
	"math"

	"mlnotes/matrix"
)

// GrayImage is a greyscale picture of Height rows and Width columns stored
// row by row: the value of row r, column c is Pix[r·Width + c]. A digit of
// the notes' data sets is one sample (one row of X) with Width = Height = 8
// or 28.
type GrayImage struct {
	Width, Height int
	Pix           []float64
}

// Scaling says how ImageGrid maps values to grey levels.
type Scaling int

// Scalings of an ImageGrid. With ScaleGrid the reconstructions of a digit
// are shown on the same scale as the original, so a poor reconstruction
// looks faint rather than being stretched to full contrast.
const (
	ScaleGrid Scaling = iota // min–max over all images of the grid
	ScaleEach                // min–max of each image on its own
	ScaleUnit                // values in [0, 1] as they are, clamped
)

// ImageGrid is a table of greyscale images with row and column labels, such
// as the notes' figure of digits reconstructed from 1, 5, 10, 20 and 40
// principal components beside the original. Images are enlarged by repeating
// pixels (nearest neighbour), so they stay crisp.
type ImageGrid struct {
	Title string
	// Images[r][c] is the image in row r, column c. Rows may be shorter
	// than the longest one; missing cells stay empty. Images may differ in
	// size; each is centred in a cell that fits the largest.
	Images [][]GrayImage
	// RowLabels (drawn left of each row) and ColLabels (above each
	// column) are optional; when given there must be one per row or column.
	RowLabels, ColLabels []string
	// Scaling maps values to grey levels: low values black, high white.
	Scaling Scaling
	// Ink reverses the grey levels so that high values are dark, as ink on
	// paper: the look of the digit figures in the notes.
	Ink bool
	// PixelSize is the side in screen pixels of one image pixel; 0 chooses
	// it so that the largest image is about 100 pixels across (13 for 8×8
	// digits, 4 for 28×28) and wide enough for the column labels.
	PixelSize int
	// TextScale is the size of a bitmap-font pixel; 0 means 2.
	TextScale int
}

// gridLayout is the computed geometry of an ImageGrid.
type gridLayout struct {
	rows, cols      int
	cellW, cellH    float64 // cell size in pixels
	px              int     // pixel size
	left, top, gap  float64
	width, height   int
	scale           int
	lo, hi          []float64 // per image (row-major over the grid): the values mapped to black and white
	titleY, labelsY float64
}

func (g *ImageGrid) layout() (*gridLayout, error) {
	const op = "image grid"
	if len(g.Images) == 0 {
		return nil, newError(op, matrix.ErrEmpty, "no images")
	}
	l := &gridLayout{rows: len(g.Images), scale: g.TextScale}
	if l.scale == 0 {
		l.scale = 2
	}
	if l.scale < 0 || l.scale > 16 || g.PixelSize < 0 || g.PixelSize > 256 {
		return nil, newError(op, ErrInvalid, "text scale %d or pixel size %d out of range", g.TextScale, g.PixelSize)
	}
	if g.Scaling < ScaleGrid || g.Scaling > ScaleUnit {
		return nil, newError(op, ErrInvalid, "unknown scaling %d", g.Scaling)
	}
	maxW, maxH := 0, 0
	for r, row := range g.Images {
		l.cols = max(l.cols, len(row))
		for c, img := range row {
			if err := img.check(); err != nil {
				return nil, newError(op, err.Err, "image [%d][%d]: %s", r, c, err.Detail)
			}
			maxW, maxH = max(maxW, img.Width), max(maxH, img.Height)
		}
	}
	if l.cols == 0 {
		return nil, newError(op, matrix.ErrEmpty, "no images")
	}
	if g.RowLabels != nil && len(g.RowLabels) != l.rows {
		return nil, shapeError(op, "%d row labels for %d rows", len(g.RowLabels), l.rows)
	}
	if g.ColLabels != nil && len(g.ColLabels) != l.cols {
		return nil, shapeError(op, "%d column labels for %d columns", len(g.ColLabels), l.cols)
	}
	m := newMetrics(l.scale)
	colLabelW := 0.0
	for _, s := range g.ColLabels {
		colLabelW = math.Max(colLabelW, float64(textWidth(s, l.scale)))
	}
	l.gap = 3 * m.gap
	l.px = g.PixelSize
	if l.px == 0 {
		l.px = max(1, int(math.Round(100/float64(max(maxW, maxH)))))
		l.px = max(l.px, int(math.Ceil((colLabelW-l.gap)/float64(maxW)))) // labels fit their column
	}
	l.cellW, l.cellH = float64(maxW*l.px), float64(maxH*l.px)
	rowLabelW := 0.0
	for _, s := range g.RowLabels {
		rowLabelW = math.Max(rowLabelW, float64(textWidth(s, l.scale)))
	}
	l.left = m.pad
	if rowLabelW > 0 {
		l.left += rowLabelW + 3*m.gap
	}
	l.top = m.pad
	if g.Title != "" {
		l.titleY = l.top + float64(ascentRows*(l.scale+1))/2
		l.top += float64(textHeight(l.scale+1)) + 3*m.gap
	}
	if g.ColLabels != nil {
		l.labelsY = l.top + m.capH/2
		l.top += m.textH + m.gap
	}
	gridW := l.left + float64(l.cols)*l.cellW + float64(l.cols-1)*l.gap + m.pad
	titleW := 2*m.pad + float64(textWidth(g.Title, l.scale+1))
	l.width = int(math.Ceil(math.Max(gridW, titleW)))
	l.height = int(math.Ceil(l.top + float64(l.rows)*l.cellH + float64(l.rows-1)*l.gap + m.pad))
	if l.width > 1<<14 || l.height > 1<<14 {
		return nil, newError(op, ErrInvalid, "grid of %d×%d pixels is too large", l.width, l.height)
	}
	l.grayRanges(g)
	return l, nil
}

// check reports an image whose size does not match its pixels or whose
// values are not finite.
func (img GrayImage) check() *Error {
	if img.Width <= 0 || img.Height <= 0 {
		return shapeError("", "size %d×%d", img.Width, img.Height)
	}
	if len(img.Pix) != img.Width*img.Height {
		return shapeError("", "%d pixels for %d×%d", len(img.Pix), img.Width, img.Height)
	}
	for i, v := range img.Pix {
		if !finite(v) {
			return newError("", matrix.ErrNotFinite, "pixel %d is %g", i, v)
		}
	}
	return nil
}

// grayRanges sets, for every image, the values shown as black and white.
func (l *gridLayout) grayRanges(g *ImageGrid) {
	all := Range{math.Inf(1), math.Inf(-1)}
	for _, row := range g.Images {
		for _, img := range row {
			for _, v := range img.Pix {
				all.Min, all.Max = math.Min(all.Min, v), math.Max(all.Max, v)
			}
		}
	}
	for _, row := range g.Images {
		for _, img := range row {
			r := Range{0, 1}
			switch g.Scaling {
			case ScaleGrid:
				r = all
			case ScaleEach:
				r = Range{math.Inf(1), math.Inf(-1)}
				for _, v := range img.Pix {
					r.Min, r.Max = math.Min(r.Min, v), math.Max(r.Max, v)
				}
			}
			l.lo, l.hi = append(l.lo, r.Min), append(l.hi, r.Max)
		}
	}
}

// toImage converts img to grey levels: (v − lo)/(hi − lo) clamped to [0, 1],
// reversed for ink; a constant image (hi = lo) shows as level 0.
func (img GrayImage) toImage(lo, hi float64, ink bool) *image.NRGBA {
	out := image.NewNRGBA(image.Rect(0, 0, img.Width, img.Height))
	for r := 0; r < img.Height; r++ {
		for c := 0; c < img.Width; c++ {
			t := 0.0
			if hi > lo {
				t = math.Max(0, math.Min(1, (img.Pix[r*img.Width+c]-lo)/(hi-lo)))
			}
			if ink {
				t = 1 - t
			}
			v := uint8(math.Round(255 * t))
			out.SetNRGBA(c, r, color.NRGBA{v, v, v, 0xff})
		}
	}
	return out
}

func (g *ImageGrid) draw(p painter, l *gridLayout) {
	m := newMetrics(l.scale)
	p.setClip(nil)
	p.fillRect(rect{0, 0, float64(l.width), float64(l.height)}, colorBackground)
	if g.Title != "" {
		p.text(point{float64(l.width) / 2, l.titleY}, g.Title, l.scale+1, AlignCenter, false, colorText)
	}
	var cells []rect
	var imgs []*image.NRGBA
	for r, row := range g.Images {
		y0 := l.top + float64(r)*(l.cellH+l.gap)
		if g.RowLabels != nil {
			p.text(point{l.left - 3*m.gap, y0 + l.cellH/2}, g.RowLabels[r], l.scale, AlignRight, false, colorText)
		}
		for c, img := range row {
			x0 := l.left + float64(c)*(l.cellW+l.gap)
			w, h := float64(img.Width*l.px), float64(img.Height*l.px)
			cell := rect{x0 + math.Floor((l.cellW-w)/2), y0 + math.Floor((l.cellH-h)/2), 0, 0}
			cell.x1, cell.y1 = cell.x0+w, cell.y0+h
			cells = append(cells, cell)
			imgs = append(imgs, img.toImage(l.lo[len(imgs)], l.hi[len(imgs)], g.Ink))
		}
	}
	// The images at once (an SVG path per grey level for all of them),
	// then a hairline frame around each, in the pixel around the image,
	// to show where a dark-on-white image ends: the cells are l.gap ≥ 3
	// pixels apart, so no frame touches another image and the order
	// changes nothing.
	p.images(cells, imgs)
	for _, cell := range cells {
		f := cell.inset(-0.5)
		p.polyline([]point{{f.x0, f.y0}, {f.x1, f.y0}, {f.x1, f.y1}, {f.x0, f.y1}, {f.x0, f.y0}}, 1, nil, colorLegendEdge)
	}
	for c, s := range g.ColLabels {
		x := l.left + float64(c)*(l.cellW+l.gap) + l.cellW/2
		p.text(point{x, l.labelsY}, s, l.scale, AlignCenter, false, colorText)
	}
}

// Size returns the width and height in pixels of the grid's picture.
func (g *ImageGrid) Size() (width, height int, err error) {
	l, err := g.layout()
	if err != nil {
		return 0, 0, err
	}
	return l.width, l.height, nil
}

// scene lays the grid out.
func (g *ImageGrid) scene() (scene, error) {
	l, err := g.layout()
	if err != nil {
		return scene{}, err
	}
	return scene{l.width, l.height, g.Title, func(p painter) { g.draw(p, l) }}, nil
}

// WritePNG draws the grid and writes it to w as a PNG image.
func (g *ImageGrid) WritePNG(w io.Writer) error {
	sc, err := g.scene()
	return writePNG(w, sc, err)
}

// WriteSVG draws the grid and writes it to w as an SVG document, the images
// embedded as PNG data.
func (g *ImageGrid) WriteSVG(w io.Writer) error {
	sc, err := g.scene()
	return writeSVG(w, sc, err)
}

// SaveFiles writes the grid to dir/basename.png and dir/basename.svg,
// creating dir if needed, and returns the paths written.
func (g *ImageGrid) SaveFiles(dir, basename string) ([]string, error) {
	return saveFiles(dir, basename, g.WritePNG, g.WriteSVG)
}
