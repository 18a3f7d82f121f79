package plot

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The raster back end draws text with a small bitmap font defined in
// font.txt: printable ASCII, the Greek letters of the notes' symbols,
// superscript and subscript digits and indices and a few mathematical signs.
// Each glyph is up to 8 pixels wide and 9 rows tall (7 above the baseline, 2
// for descenders) and is drawn at an integer scale, each font pixel becoming
// a scale×scale square, so text stays crisp. A rune the font lacks is drawn
// as a hollow box; combining marks (the bar of x̄, the hat of ŷ) are drawn
// over lower-case letters and skipped elsewhere (see accentMarks). SVG
// output uses real fonts instead.

//go:embed font.txt
var fontSource string

const (
	glyphRows   = 9 // rows of a glyph cell: 7 above the baseline, 2 below
	ascentRows  = 7 // rows from the top of the cell to the baseline, inclusive
	missingRune = '□'
)

// glyph is one character of the bitmap font: row r has ink in column c
// (0 = left) when bit width−1−c of rows[r] is set.
type glyph struct {
	width int
	rows  [glyphRows]uint8
}

// font maps each rune to its glyph. It is built once from font.txt; a
// malformed font.txt is a bug in this package, caught by its tests.
var font = mustParseFont(fontSource)

func mustParseFont(src string) map[rune]glyph {
	f, err := parseFont(src)
	if err != nil {
		panic(err)
	}
	return f
}

// parseFont reads the format described at the top of font.txt.
func parseFont(src string) (map[rune]glyph, error) {
	glyphs := make(map[rune]glyph)
	var (
		cur     rune
		g       glyph
		nrows   int
		inGlyph bool
	)
	finish := func(line int) error {
		if !inGlyph {
			return nil
		}
		if nrows == 0 {
			return fmt.Errorf("font.txt:%d: glyph %q has no rows", line, cur)
		}
		if _, dup := glyphs[cur]; dup {
			return fmt.Errorf("font.txt:%d: glyph %q defined twice", line, cur)
		}
		glyphs[cur] = g
		return nil
	}
	for i, line := range strings.Split(src, "\n") {
		lineNo := i + 1
		switch {
		case line == "" || strings.HasPrefix(line, "# "):
			continue
		case strings.HasPrefix(line, ": "):
			if err := finish(lineNo); err != nil {
				return nil, err
			}
			r, err := glyphName(line[2:])
			if err != nil {
				return nil, fmt.Errorf("font.txt:%d: %v", lineNo, err)
			}
			cur, g, nrows, inGlyph = r, glyph{}, 0, true
		default:
			if !inGlyph {
				return nil, fmt.Errorf("font.txt:%d: pixel row outside a glyph", lineNo)
			}
			if nrows == glyphRows {
				return nil, fmt.Errorf("font.txt:%d: glyph %q has more than %d rows", lineNo, cur, glyphRows)
			}
			if nrows == 0 {
				g.width = len(line)
			}
			if len(line) != g.width || g.width > 8 {
				return nil, fmt.Errorf("font.txt:%d: glyph %q: row width %d, want %d (at most 8)", lineNo, cur, len(line), g.width)
			}
			var bits uint8
			for _, c := range line {
				bits <<= 1
				switch c {
				case '#':
					bits |= 1
				case '.':
				default:
					return nil, fmt.Errorf("font.txt:%d: glyph %q: unexpected %q", lineNo, cur, c)
				}
			}
			g.rows[nrows] = bits
			nrows++
		}
	}
	if err := finish(strings.Count(src, "\n") + 1); err != nil {
		return nil, err
	}
	if _, ok := glyphs[missingRune]; !ok {
		return nil, fmt.Errorf("font.txt: no glyph for the missing-rune box %q", missingRune)
	}
	return glyphs, nil
}

// glyphName decodes the name on a ": C" line: one rune, or U+XXXX.
func glyphName(s string) (rune, error) {
	if strings.HasPrefix(s, "U+") && len(s) > 2 {
		v, err := strconv.ParseUint(s[2:], 16, 32)
		if err != nil {
			return 0, fmt.Errorf("bad code point %q", s)
		}
		return rune(v), nil
	}
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError || size != len(s) {
		return 0, fmt.Errorf("glyph name %q is not one rune", s)
	}
	return r, nil
}

// glyphFor returns the glyph drawn for r and false for a combining mark,
// which takes no room.
func glyphFor(r rune) (glyph, bool) {
	if unicode.Is(unicode.Mn, r) {
		return glyph{}, false
	}
	if g, ok := font[r]; ok {
		return g, true
	}
	return font[missingRune], true
}

// Accents. Lower-case letters leave the top two rows of their cell blank,
// so a combining mark after one is drawn there; after a capital or a tall
// letter, where there is no room, the mark is skipped. Precomposed letters
// of the notes' symbols are split into letter and mark first.
var (
	// accentMarks gives, for each combining mark, its ink in rows 0–1 as
	// column offsets from the centre of the letter (nil: the letter's full
	// width, a bar).
	accentMarks = map[rune][2][]int{
		'\u0302': {{0}, {-1, 1}}, // circumflex: ŷ
		'\u0304': {nil, {}},      // macron: x̄
		'\u0305': {nil, {}},      // overline
		'\u0307': {{0}, {}},      // dot above: ẋ
	}
	precomposed = map[rune][2]rune{
		'ŷ': {'y', '\u0302'}, 'â': {'a', '\u0302'}, 'ê': {'e', '\u0302'}, 'ô': {'o', '\u0302'},
		'ā': {'a', '\u0304'}, 'ē': {'e', '\u0304'}, 'ō': {'o', '\u0304'}, 'ū': {'u', '\u0304'}, 'ȳ': {'y', '\u0304'},
	}
)

// runes returns the runes of s with precomposed accented letters split.
func runes(s string) []rune {
	out := make([]rune, 0, len(s))
	for _, r := range s {
		if d, ok := precomposed[r]; ok {
			out = append(out, d[0], d[1])
		} else {
			out = append(out, r)
		}
	}
	return out
}

// textWidth returns the width in pixels of s drawn at the given scale: the
// sum of the glyph advances (width + 1) less the spacing after the last one.
func textWidth(s string, scale int) int {
	w := 0
	for _, r := range runes(s) {
		if g, ok := glyphFor(r); ok {
			w += g.width + 1
		}
	}
	if w > 0 {
		w-- // no spacing after the last glyph
	}
	return w * scale
}

// textHeight returns the height in pixels of one line of text, descenders
// included, at the given scale.
func textHeight(scale int) int { return glyphRows * scale }

// inkPixels calls paint(col, row) for every ink pixel of s in font units:
// col counts pixels from the left edge of the text and row from the top of
// the glyph cell (0 … glyphRows−1).
func inkPixels(s string, paint func(col, row int)) {
	x := 0
	var prev glyph // the last letter drawn, for accents
	prevX := 0
	for _, r := range runes(s) {
		g, ok := glyphFor(r)
		if !ok {
			if mark, ok := accentMarks[r]; ok && prev.width > 0 && prev.rows[0] == 0 && prev.rows[1] == 0 {
				paintAccent(mark, prevX, prev.width, paint)
			}
			continue
		}
		prev, prevX = g, x
		for row, bits := range g.rows {
			for c := 0; c < g.width; c++ {
				if bits&(1<<(g.width-1-c)) != 0 {
					paint(x+c, row)
				}
			}
		}
		x += g.width + 1
	}
}

// paintAccent draws a combining mark over the letter of the given width
// whose left edge is at column x0.
func paintAccent(mark [2][]int, x0, width int, paint func(col, row int)) {
	center := x0 + width/2
	for row, cols := range mark {
		if cols == nil { // a bar over the whole letter
			for c := x0; c < x0+width; c++ {
				paint(c, row)
			}
			continue
		}
		for _, dc := range cols {
			paint(center+dc, row)
		}
	}
}
