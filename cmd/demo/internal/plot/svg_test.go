package plot

import (
	"bytes"
	"encoding/xml"
	"io"
	"slices"
	"strings"
	"testing"
)

// svgTexts parses doc as XML, failing the test if it is not well-formed,
// and returns the root element's name and the contents of its <text> and
// <title> elements.
func svgTexts(t *testing.T, doc []byte) (root string, texts []string) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	d.Strict = true
	var inText bool
	var cur strings.Builder
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = tok.Name.Local
			}
			if tok.Name.Local == "text" || tok.Name.Local == "title" {
				inText = true
				cur.Reset()
			}
		case xml.CharData:
			if inText {
				cur.Write(tok)
			}
		case xml.EndElement:
			if inText && (tok.Name.Local == "text" || tok.Name.Local == "title") {
				texts = append(texts, cur.String())
				inText = false
			}
		}
	}
	return root, texts
}

func TestSVGWellFormedWithLabels(t *testing.T) {
	for name, f := range sampleFigures() {
		var buf bytes.Buffer
		if err := f.WriteSVG(&buf); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		root, texts := svgTexts(t, buf.Bytes())
		if root != "svg" {
			t.Errorf("%s: root element %q", name, root)
		}
		want := []string{f.Title, f.XLabel, f.YLabel}
		for _, e := range legendEntries(f.layers) {
			want = append(want, e.name)
		}
		for _, w := range want {
			if !slices.Contains(texts, w) {
				t.Errorf("%s: no text %q in the SVG", name, w)
			}
		}
	}
}

func TestSVGEscapesText(t *testing.T) {
	f := &Figure{Title: `a < b & "c" > d`, XLabel: "σ² ≤ 1"}
	f.Line("x<y", []float64{0, 1}, []float64{0, 1}, Style{})
	var buf bytes.Buffer
	if err := f.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	_, texts := svgTexts(t, buf.Bytes())
	for _, w := range []string{f.Title, f.XLabel, "x<y"} {
		if !slices.Contains(texts, w) {
			t.Errorf("no text %q in %q", w, texts)
		}
	}
}

func TestSVGSize(t *testing.T) {
	f := &Figure{Width: 640, Height: 480}
	f.Line("", []float64{0, 1}, []float64{0, 1}, Style{})
	var buf bytes.Buffer
	if err := f.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	var head struct {
		Width   string `xml:"width,attr"`
		Height  string `xml:"height,attr"`
		ViewBox string `xml:"viewBox,attr"`
	}
	if err := xml.Unmarshal(buf.Bytes(), &head); err != nil {
		t.Fatal(err)
	}
	if head.Width != "640" || head.Height != "480" || head.ViewBox != "0 0 640 480" {
		t.Errorf("svg size %+v", head)
	}
}

func TestNum(t *testing.T) {
	for v, want := range map[float64]string{0: "0", -0.001: "0", 1.005: "1", 2.5: "2.5", -3.14159: "-3.14", 100: "100"} {
		if got := num(v); got != want {
			t.Errorf("num(%g) = %q, want %q", v, got, want)
		}
	}
}
