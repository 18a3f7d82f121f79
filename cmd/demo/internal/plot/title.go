package plot

import (
	"math"
	"strings"
)

// A figure's title is drawn one text scale larger than the rest of its text
// and centred; a title that would not fit between the paddings (pad on both
// sides) is broken at spaces into balanced lines, and, if it still does
// not fit in two lines, drawn at the text scale of the axes in as many
// lines as it needs. A single word wider than the figure at that scale is
// an error (ErrInvalid), so a title is never cut at the edges of a figure.

// titleLayout is where a title goes: its lines and their text scale.
type titleLayout struct {
	lines []string
	scale int
}

// height is the vertical room the title takes above the gap to the plot:
// its lines and the spaces between them.
func (t titleLayout) height() float64 {
	if len(t.lines) == 0 {
		return 0
	}
	n := float64(len(t.lines))
	return n*float64(textHeight(t.scale)) + (n-1)*float64(t.scale)
}

// lineY is the y of the middle of capitals of line i, below top.
func (t titleLayout) lineY(top float64, i int) float64 {
	return top + float64(i)*float64(textHeight(t.scale)+t.scale) + float64(ascentRows*t.scale)/2
}

// fitTitle lays out title for a canvas w pixels wide whose furniture has
// text scale s and padding pad.
func fitTitle(op, title string, w, s int, pad float64) (titleLayout, error) {
	if title == "" {
		return titleLayout{}, nil
	}
	avail := float64(w) - 2*pad
	for _, try := range []struct{ scale, maxLines int }{{s + 1, 2}, {s, math.MaxInt}} {
		lines := wrapText(title, try.scale, avail)
		if lines != nil && len(lines) <= try.maxLines {
			return titleLayout{lines: lines, scale: try.scale}, nil
		}
	}
	return titleLayout{}, newError(op, ErrInvalid, "title %q has a word wider than the figure (%d pixels) at text scale %d", title, w, s)
}

// wrapText breaks s at spaces into the fewest lines no wider than avail
// pixels at scale, and for two lines picks the break that makes the longer
// line shortest (balanced lines read better than a full line and a
// leftover word). It returns nil when a single word is wider than avail.
func wrapText(s string, scale int, avail float64) []string {
	fits := func(t string) bool { return float64(textWidth(t, scale)) <= avail }
	if fits(s) {
		return []string{s}
	}
	words := strings.Fields(s)
	var lines []string
	line := ""
	for _, word := range words {
		if !fits(word) {
			return nil
		}
		switch {
		case line == "":
			line = word
		case fits(line + " " + word):
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
		}
	}
	lines = append(lines, line)
	if len(lines) == 2 {
		best := math.MaxInt
		for k := 1; k < len(words); k++ {
			a, b := strings.Join(words[:k], " "), strings.Join(words[k:], " ")
			if wa, wb := textWidth(a, scale), textWidth(b, scale); fits(a) && fits(b) && max(wa, wb) < best {
				best, lines = max(wa, wb), []string{a, b}
			}
		}
	}
	return lines
}
