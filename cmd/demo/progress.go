package main

// Progress lines on stderr for long work.

import (
	"fmt"
	"io"
)

// progress returns a progress printer on stderr unless -quiet.
func progress(stderr io.Writer, name string, quiet bool) func(done, total int) {
	if quiet {
		return nil
	}
	return func(done, total int) {
		if done == total || done%max(1, total/10) == 0 {
			fmt.Fprintf(stderr, "demo %s: %d/%d\n", name, done, total)
		}
	}
}
