package main

import (
	"fmt"
	"image/png"
	"os"
)

// checkPNG checks that a screenshot has content: enough distinct colours
// and enough pixels that differ from the most common one (the background).
func checkPNG(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return "", err
	}
	b := img.Bounds()
	count := map[[4]uint32]int{}
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, a := img.At(x, y).RGBA()
			count[[4]uint32{r >> 8, g >> 8, bl >> 8, a >> 8}]++
		}
	}
	total, most := 0, 0
	for _, c := range count {
		total += c
		most = max(most, c)
	}
	other := float64(total-most) / float64(total)
	if len(count) < 16 || other < 0.02 {
		return "", fmt.Errorf("blank: %d colours, %.1f %% of the pixels differ from the background", len(count), 100*other)
	}
	return fmt.Sprintf("%dx%d, %d colours, %.0f %% not background", b.Dx(), b.Dy(), len(count), 100*other), nil
}
