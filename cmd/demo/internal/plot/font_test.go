package plot

import (
	"strings"
	"testing"
)

func TestFontCoversPrintableASCII(t *testing.T) {
	for r := rune(' '); r <= '~'; r++ {
		if _, ok := font[r]; !ok {
			t.Errorf("no glyph for %q", r)
		}
	}
	// The symbols the tour's labels use.
	for _, r := range "σλνεμαβγδθπρτΔΣ⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺ᵀⁱᵏⁿ₀₁₂₃₄₅₆₇₈₉₊₋ᵢⱼₖₘₙₓ−±×·≤≥≈≠→∞‖°–" {
		if _, ok := font[r]; !ok {
			t.Errorf("no glyph for %q", r)
		}
	}
}

func TestFontGlyphsAreDistinct(t *testing.T) {
	// Two glyphs with the same pixels would make text ambiguous; the
	// exceptions are deliberate: O and 0 share a shape (no slashed zero on
	// slides), and so do the hyphen-like dashes of one width.
	same := map[[2]rune]bool{{'0', 'O'}: true, {'O', '0'}: true, {'−', '–'}: true, {'–', '−'}: true}
	seen := map[glyph]rune{}
	for r := rune(' '); r <= '~'; r++ {
		g := font[r]
		if r != ' ' && g.rows == [glyphRows]uint8{} {
			t.Errorf("glyph %q is blank", r)
		}
		if prev, dup := seen[g]; dup && !same[[2]rune{prev, r}] {
			t.Errorf("glyphs %q and %q are identical", prev, r)
		}
		seen[g] = r
	}
}

func TestFontParseErrors(t *testing.T) {
	cases := map[string]string{
		"row outside glyph": "#.#\n",
		"ragged rows":       ": A\n###\n##\n",
		"bad character":     ": A\n#x#\n",
		"too many rows":     ": A\n" + strings.Repeat("#\n", glyphRows+1),
		"duplicate":         ": A\n#\n: A\n#\n",
		"no rows":           ": A\n: B\n#\n",
		"two runes":         ": AB\n#\n",
		"bad code point":    ": U+ZZ\n#\n",
		"no missing box":    ": A\n#\n",
	}
	for name, src := range cases {
		if _, err := parseFont(src); err == nil {
			t.Errorf("%s: parseFont accepted %q", name, src)
		}
	}
}

func TestTextWidth(t *testing.T) {
	// "A" is 5 wide; "Ai" is 5 + 1 + 3; at scale 2 everything doubles.
	cases := []struct {
		s     string
		scale int
		want  int
	}{
		{"", 1, 0}, {"A", 1, 5}, {"Ai", 1, 9}, {"Ai", 2, 18},
		{"x̄", 1, 5},     // the combining macron takes no room
		{"\u2603", 1, 4}, // a snowman is drawn as the 4-wide missing-rune box
	}
	for _, c := range cases {
		if got := textWidth(c.s, c.scale); got != c.want {
			t.Errorf("textWidth(%q, %d) = %d, want %d", c.s, c.scale, got, c.want)
		}
	}
}

func TestInkPixels(t *testing.T) {
	// "|" is one column of 8 ink rows; "!" starts 2 columns later.
	var cols []int
	inkPixels("|!", func(col, row int) { cols = append(cols, col) })
	want := 8 + 6 // ink pixels of '|' and '!'
	if len(cols) != want {
		t.Fatalf("%d ink pixels, want %d", len(cols), want)
	}
	for i, c := range cols {
		if (i < 8 && c != 0) || (i >= 8 && c != 2) {
			t.Errorf("pixel %d in column %d", i, c)
		}
	}
}

func TestAccents(t *testing.T) {
	inkAt := func(s string) map[[2]int]bool {
		ink := map[[2]int]bool{}
		inkPixels(s, func(col, row int) { ink[[2]int{col, row}] = true })
		return ink
	}
	// x̄: a bar over the x in row 0, all five columns; nothing in row 1.
	bar := inkAt("x\u0304")
	for c := 0; c < 5; c++ {
		if !bar[[2]int{c, 0}] || bar[[2]int{c, 1}] {
			t.Errorf("x̄: column %d of the bar wrong", c)
		}
	}
	// ŷ (precomposed) is y with a circumflex: a hat over column 2.
	hat := inkAt("ŷ")
	if !hat[[2]int{2, 0}] || !hat[[2]int{1, 1}] || !hat[[2]int{3, 1}] || textWidth("ŷ", 1) != textWidth("y", 1) {
		t.Errorf("ŷ drawn as %v", hat)
	}
	// A capital has no room above it: the mark is dropped, the letter kept.
	if capital, plain := inkAt("X\u0304"), inkAt("X"); len(capital) != len(plain) {
		t.Errorf("X̄ has %d ink pixels, X has %d", len(capital), len(plain))
	}
}

// TestGreekLettersAreNotLatin: the Greek letters of the notes have glyphs
// (ξ and η included), and each differs from every ASCII glyph in at least
// three pixels, so that ν does not read as v, nor ε as e, κ as k, ω as w.
func TestGreekLettersAreNotLatin(t *testing.T) {
	for _, r := range "αβγδεζηθκλμνξπρστφχψω" {
		g, ok := font[r]
		if !ok {
			if strings.ContainsRune("νσλξαμεηκφω", r) {
				t.Errorf("no glyph for %q, a letter of the notes", r)
			}
			continue
		}
		for a := rune('!'); a <= '~'; a++ {
			if d := glyphDistance(g, font[a]); d < 3 {
				t.Errorf("%q differs from %q in %d pixels only", r, a, d)
			}
		}
	}
}

// glyphDistance counts the pixels that differ between two glyphs aligned
// on their left edges (a difference of width counts its columns).
func glyphDistance(a, b glyph) int {
	w := max(a.width, b.width)
	d := 0
	for r := range glyphRows {
		for c := range w {
			ia := c < a.width && a.rows[r]>>(a.width-1-c)&1 == 1
			ib := c < b.width && b.rows[r]>>(b.width-1-c)&1 == 1
			if ia != ib {
				d++
			}
		}
	}
	return d
}
