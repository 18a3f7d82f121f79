// Command sitecheck checks what headless Chromium made of the site's pages
// (.ci/browser, docs/live.md): for each page dumped with --dump-dom it
// checks body's data-state, the figure and, for a page in the ready state,
// that the result block holds the numbers that its demo command prints
// natively; for each screenshot that the picture is not blank.
//
// Usage:
//
//	sitecheck -site DIR -demo BIN -want ready|error DOM.html...
//	sitecheck -png SHOT.png...
//
// It prints one line per file and exits 1 if any check failed.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	site := flag.String("site", "", "the built site (the commands run there)")
	demo := flag.String("demo", "", "the natively built demo binary")
	want := flag.String("want", "ready", "the state each page must reach: ready or error")
	png := flag.Bool("png", false, "the files are screenshots to check for content")
	flag.Parse()
	bad := 0
	for _, f := range flag.Args() {
		var msg string
		var err error
		if *png {
			msg, err = checkPNG(f)
		} else {
			msg, err = checkPage(f, *site, *demo, *want)
		}
		if err != nil {
			fmt.Printf("FAIL %s: %v\n", f, err)
			bad++
			continue
		}
		fmt.Printf("ok   %s: %s\n", f, msg)
	}
	if bad > 0 {
		fmt.Printf("sitecheck: %d of %d failed\n", bad, len(flag.Args()))
		os.Exit(1)
	}
}
