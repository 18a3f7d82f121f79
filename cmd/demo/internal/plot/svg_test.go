package plot

import (
	"bytes"
	"encoding/xml"
	"io"
	"regexp"
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

// Figures inlined in one page share one document: their clip paths have
// ids of their rectangles, so two figures of different plot areas refer
// to different clips, and one figure defines each of its clips once.
func TestSVGClipIDsNameTheirRectangles(t *testing.T) {
	svgOf := func(f *Figure) string {
		var b bytes.Buffer
		if err := f.WriteSVG(&b); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	clip := regexp.MustCompile(`<clipPath id="(\w+)"><rect ([^/]*)/></clipPath>`)
	a := &Figure{Width: 560, Height: 440, YLabel: "y"}
	a.Line("l", []float64{0, 1, 2}, []float64{0, 1, 0}, Style{})
	a.Line("m", []float64{0, 1, 2}, []float64{1, 0, 1}, Style{})
	b := &Figure{Width: 560, Height: 300, YLabel: "a much longer label"}
	b.Line("l", []float64{0, 1, 2}, []float64{0, 1, 0}, Style{})
	ca, cb := clip.FindAllStringSubmatch(svgOf(a), -1), clip.FindAllStringSubmatch(svgOf(b), -1)
	if len(ca) != 1 || len(cb) != 1 {
		t.Fatalf("%d and %d clip paths, want one each (one plot area)", len(ca), len(cb))
	}
	if ca[0][2] == cb[0][2] || ca[0][1] == cb[0][1] {
		t.Errorf("clips %s (%s) and %s (%s): want different ids for different rectangles", ca[0][1], ca[0][2], cb[0][1], cb[0][2])
	}
	if again := clip.FindAllStringSubmatch(svgOf(a), -1); again[0][1] != ca[0][1] {
		t.Errorf("the same figure's clip is %s, then %s", ca[0][1], again[0][1])
	}
}
