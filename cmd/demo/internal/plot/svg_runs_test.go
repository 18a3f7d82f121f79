package plot

import (
	"image"
	"image/color"
	"math/rand/v2"
	"testing"
)

// TestImageRectsCoverEachPixelOnce checks that the rectangles of an image
// cover each pixel exactly once, in the pixel's colour (the picture drawn
// is the image), on region-like images (a few colours, boundaries that
// move from row to row, rows repeated) and on an image of noise.
func TestImageRectsCoverEachPixelOnce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	palette := []color.NRGBA{{R: 200, G: 210, B: 230, A: 255}, {R: 250, G: 220, B: 190, A: 255}, {R: 220, G: 240, B: 210, A: 128}}
	regions := func(w, h int) *image.NRGBA {
		img := image.NewNRGBA(image.Rect(3, 5, 3+w, 5+h)) // an origin other than (0, 0)
		a, b := rng.Float64(), rng.Float64()
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				c := 0
				if float64(x)/float64(w) > a+0.2*float64(y/3)/float64(h) { // a boundary moving every third row
					c = 1
				}
				if (x-w/2)*(x-w/2)+(y-h/2)*(y-h/2) < int(b*float64(w*h)/8) {
					c = 2
				}
				img.SetNRGBA(3+x, 5+y, palette[c])
			}
		}
		return img
	}
	noise := func(w, h int) *image.NRGBA {
		img := image.NewNRGBA(image.Rect(0, 0, w, h))
		for y := range h {
			for x := range w {
				img.SetNRGBA(x, y, palette[rng.IntN(2)])
			}
		}
		return img
	}
	for _, img := range []*image.NRGBA{regions(1, 1), regions(40, 30), regions(237, 169), noise(20, 20), noise(1, 30)} {
		rects, ok := imageRects(img)
		if !ok {
			t.Fatalf("%v: more than %d runs", img.Bounds(), maxImageRuns)
		}
		b := img.Bounds()
		cover := make([]int, b.Dx()*b.Dy())
		for _, q := range rects {
			if q.x0 >= q.x1 || q.y0 >= q.y1 || q.x0 < b.Min.X || q.x1 > b.Max.X || q.y0 < b.Min.Y || q.y1 > b.Max.Y {
				t.Fatalf("%v: rectangle %+v empty or outside", b, q)
			}
			for y := q.y0; y < q.y1; y++ {
				for x := q.x0; x < q.x1; x++ {
					if img.NRGBAAt(x, y) != q.c {
						t.Fatalf("%v: pixel (%d, %d) is %v, covered by %+v", b, x, y, img.NRGBAAt(x, y), q)
					}
					cover[(y-b.Min.Y)*b.Dx()+x-b.Min.X]++
				}
			}
		}
		for i, n := range cover {
			if n != 1 {
				t.Fatalf("%v: pixel %d covered %d times", b, i, n)
			}
		}
	}
}

// TestImageRectsMergeRepeatedRows checks that a run repeated in the rows
// below it is one rectangle: an image of three vertical bands is three.
func TestImageRectsMergeRepeatedRows(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 50, 40))
	for y := range 40 {
		for x := range 50 {
			img.SetNRGBA(x, y, color.NRGBA{R: uint8(x / 20), A: 255})
		}
	}
	if rects, _ := imageRects(img); len(rects) != 3 {
		t.Errorf("%d rectangles, want 3: %+v", len(rects), rects)
	}
}

// TestImageRectsRefuseManyRuns checks the PNG fallback's threshold.
func TestImageRectsRefuseManyRuns(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 100, 100))
	for y := range 100 {
		for x := range 100 {
			img.SetNRGBA(x, y, color.NRGBA{R: uint8((x + y) % 2), A: 255})
		}
	}
	if _, ok := imageRects(img); ok {
		t.Error("a checkerboard of 10 000 runs was drawn as rectangles")
	}
}
