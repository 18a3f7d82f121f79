package plot

import (
	"image/png"
	"math"
	"os"
)

// ImageGrid draws rows×cols grey-level images (each h×w, values scaled
// min–max per image, dark ink on white) with labels above the columns and
// left of the rows, as one PNG: the notes' figure of digits reconstructed
// from more and more components.
func ImageGrid(path string, images [][]float64, h, w, rows, cols int, rowLabels, colLabels []string) error {
	const cell, pad = 13, 14 // pixels per image pixel, gap between images
	labelW, labelH := 140, 30
	W := labelW + cols*(w*cell+pad)
	H := labelH + rows*(h*cell+pad)
	p := newPNG(W, H)
	p.fillRect(0, 0, float64(W), float64(H), white)
	for r := range rows {
		for c := range cols {
			k := r*cols + c
			if k >= len(images) || images[k] == nil {
				continue
			}
			img := images[k]
			lo, hi := math.Inf(1), math.Inf(-1)
			for _, v := range img {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
			x0, y0 := labelW+c*(w*cell+pad), labelH+r*(h*cell+pad)
			for i := range h {
				for j := range w {
					t := 0.0
					if hi > lo {
						t = (img[i*w+j] - lo) / (hi - lo)
					}
					g := uint8(255 - math.Round(t*255))
					p.fillRect(float64(x0+j*cell), float64(y0+i*cell), float64(x0+(j+1)*cell), float64(y0+(i+1)*cell), Color{g, g, g})
				}
			}
		}
	}
	for c, l := range colLabels {
		p.text(float64(labelW+c*(w*cell+pad)+w*cell/2), float64(labelH-8), l, 12, "middle", false)
	}
	for r, l := range rowLabels {
		p.text(float64(labelW-10), float64(labelH+r*(h*cell+pad)+h*cell/2+7), l, 12, "end", false)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, p.img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
