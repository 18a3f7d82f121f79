package main

import (
	"net/url"
	"strings"
	"testing"
)

// The files a page offers for download are read back from the dumped
// links as the user would save them; a link that would write outside the
// folder is refused.
func TestPageFilesFromDownloadLinks(t *testing.T) {
	text := "x1,x2,label\n-0.5,1e-3,1\n0.25,+2,0\n"
	// live.js writes encodeURIComponent(text), which escapes what
	// url.PathEscape escapes and more ("," and "+" too).
	enc := strings.NewReplacer(",", "%2C", "+", "%2B").Replace(url.PathEscape(text))
	dom := `<p id="files">It reads <a class="download" download="moons-edited.csv" href="data:text/csv;charset=utf-8,` + enc +
		`">moons-edited.csv</a> and <a class="download" download="loss.csv" href="data:text/csv;charset=utf-8,0%2C1%0A4%2C0%0A">loss.csv</a></p>`
	files, err := pageFiles(dom)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 || files["moons-edited.csv"] != text || files["loss.csv"] != "0,1\n4,0\n" {
		t.Errorf("files %q", files)
	}
	for _, bad := range []string{"data", ".hidden", "../x.csv"} {
		dom := `<a class="download" download="` + bad + `" href="data:text/csv;charset=utf-8,1">`
		if files, err := pageFiles(dom); err == nil && len(files) > 0 {
			t.Errorf("download=%q accepted: %q", bad, files)
		}
	}
}
