package main

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// checkTourPictures checks that every picture the tour reports ("wrote
// NAME", any name ending in .png or .svg) exists and is not empty.
func checkTourPictures(t *testing.T, dir, stdout string) {
	t.Helper()
	found := 0
	for _, m := range regexp.MustCompile(`([\w.-]+\.(?:png|svg))`).FindAllStringSubmatch(stdout, -1) {
		fi, err := os.Stat(filepath.Join(dir, m[1]))
		if err != nil || fi.Size() == 0 {
			t.Errorf("picture %s: %v", m[1], err)
		}
		found++
	}
	if found == 0 {
		t.Error("the tour wrote no pictures")
	}
}
