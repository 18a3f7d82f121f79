package matrix

import (
	"fmt"
	"unicode/utf8"
)

// quoteMax is the most characters of a cell an error message quotes.
const quoteMax = 60

// QuoteCell quotes the text s of a cell for an error message as %q does,
// but at most its first 60 characters, followed by "…" and the cell's
// length in characters when it is longer: a 5 MB cell gives a readable line, not a
// 5 MB one (docs/data-formats.md, "Errors").
func QuoteCell(s string) string {
	n := utf8.RuneCountInString(s)
	if n <= quoteMax {
		return fmt.Sprintf("%q", s)
	}
	cut, k := 0, 0
	for i := range s {
		if k == quoteMax {
			cut = i
			break
		}
		k++
	}
	return fmt.Sprintf("%q… (%d characters)", s[:cut], n)
}
