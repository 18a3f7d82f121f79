package main

import (
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// checkTourPictures checks that every picture the tour reports ("wrote
// NAME", any name ending in .png or .svg) exists and is not empty, and that
// nothing of a PNG — a title above all — touches its edges (see
// checkMargins).
func checkTourPictures(t *testing.T, dir, stdout string) {
	t.Helper()
	found := 0
	for _, m := range regexp.MustCompile(`([\w.-]+\.(?:png|svg))`).FindAllStringSubmatch(stdout, -1) {
		path := filepath.Join(dir, m[1])
		fi, err := os.Stat(path)
		if err != nil || fi.Size() == 0 {
			t.Errorf("picture %s: %v", m[1], err)
		}
		if strings.HasSuffix(path, ".png") {
			checkMargins(t, path)
		}
		found++
	}
	if found == 0 {
		t.Error("the tour wrote no pictures")
	}
}

// marginPixels is the border every picture keeps free of ink: the plot
// package pads its figures by four text pixels (at least 8 canvas pixels),
// so a title or label that reaches this border has been cut or squeezed.
const marginPixels = 4

// checkMargins fails when a PNG has a non-white pixel within marginPixels
// of its left, right or top edge.
func checkMargins(t *testing.T, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Error(err)
		return
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Errorf("%s: %v", path, err)
		return
	}
	b := img.Bounds()
	white := func(x, y int) bool {
		r, g, bl, _ := img.At(x, y).RGBA()
		return r == 0xffff && g == 0xffff && bl == 0xffff
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			inMargin := x < b.Min.X+marginPixels || x >= b.Max.X-marginPixels || y < b.Min.Y+marginPixels
			if inMargin && !white(x, y) {
				t.Errorf("%s: ink at (%d, %d), within %d pixels of the edge of a %v picture", filepath.Base(path), x, y, marginPixels, b.Size())
				return
			}
		}
	}
}
