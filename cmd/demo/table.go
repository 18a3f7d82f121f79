package main

// Delimited text files read as strings, for the supervised commands: their
// label column may hold words ("setosa"), their separator may be a comma, a
// semicolon or a tab, and their cells may be missing. matrix.ReadCSV stays
// the strict all-numeric reader of the other commands; this reader follows
// the same rules where they overlap (header detection on numeric files, one
// leading byte-order mark, blank lines skipped, LF or CRLF, RFC 4180
// quoting, errors naming the line and the column) and adds:
//
//   - the separator is detected from the first lines (detectSeparator) unless
//     -sep names it;
//   - the first record is a header when one of its cells is text (neither a
//     number nor missing) while the same column of the second record is a
//     number or missing — so a header-less file whose label column holds
//     words is read as data;
//   - an empty cell or "NA" is a missing value, reported with the number of
//     rows that have one (-drop-na drops them);
//   - a gzip-compressed file is named as such instead of read as garbage.

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"mlnotes/matrix"
)

// rawTable is a delimited file as strings: a header (nil when the file has
// none) and the data records, every cell trimmed of surrounding white space.
type rawTable struct {
	path  string
	names []string
	cells [][]string
	lines []int // the line on which each record starts (1-based, as an editor counts)
	width int
	sep   rune
}

// gzipMagic starts every gzip stream (RFC 1952).
var gzipMagic = []byte{0x1f, 0x8b}

// errGzip is the answer to a compressed data file.
var errGzip = errors.New("the file is gzip-compressed; decompress it first (gunzip)")

// readRawTable reads a delimited file. sep 0 means "detect it".
func readRawTable(path string, sep rune) (*rawTable, error) {
	content, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	t, err := parseRawTable(content, sep)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	t.path = path
	return t, nil
}

// parseRawTable is readRawTable on the bytes of a file.
func parseRawTable(content []byte, sep rune) (*rawTable, error) {
	if bytes.HasPrefix(content, gzipMagic) {
		return nil, errGzip
	}
	content = bytes.TrimPrefix(content, []byte("\uFEFF"))
	if sep == 0 {
		sep = detectSeparator(content)
	}
	cr := csv.NewReader(bytes.NewReader(content))
	cr.Comma = sep
	cr.FieldsPerRecord = -1
	t := &rawTable{sep: sep, width: -1}
	firstLine := 0
	for {
		rec, err := cr.Read()
		if err != nil {
			if err == io.EOF {
				break
			}
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, fmt.Errorf("line %d, byte %d: %v", pe.Line, pe.Column, pe.Err)
			}
			return nil, err
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		line, _ := cr.FieldPos(0)
		if t.width < 0 {
			t.width, firstLine = len(rec), line
		}
		if len(rec) != t.width {
			return nil, fmt.Errorf("line %d has %s, line %d has %d (separator %s)", line, fieldCount(len(rec)), firstLine, t.width, sepName(sep))
		}
		for j := range rec {
			rec[j] = strings.TrimSpace(rec[j])
		}
		t.cells = append(t.cells, rec)
		t.lines = append(t.lines, line)
	}
	if len(t.cells) > 0 && isTextHeader(t.cells) {
		names := t.cells[0]
		seen := make(map[string]int, len(names))
		for j, name := range names {
			if name == "" {
				return nil, fmt.Errorf("line %d, column %d: empty column name", t.lines[0], j+1)
			}
			if k, dup := seen[name]; dup {
				return nil, fmt.Errorf("line %d, column %d: duplicate column name %q (also column %d)", t.lines[0], j+1, name, k+1)
			}
			seen[name] = j
		}
		t.names = names
		t.cells, t.lines = t.cells[1:], t.lines[1:]
	}
	if len(t.cells) == 0 {
		if t.names != nil {
			return nil, errors.New("header only, no data rows")
		}
		return nil, errors.New("no data rows")
	}
	return t, nil
}

// fieldCount writes "1 field" or "n fields".
func fieldCount(n int) string {
	if n == 1 {
		return "1 field"
	}
	return fmt.Sprintf("%d fields", n)
}

// sepName names a separator in messages.
func sepName(sep rune) string {
	switch sep {
	case '\t':
		return "tab"
	case ',':
		return "comma"
	case ';':
		return "semicolon"
	}
	return strconv.QuoteRune(sep)
}

// parseSeparator reads the value of -sep: a single character, or "tab".
func parseSeparator(s string) (rune, error) {
	switch s {
	case "":
		return 0, nil
	case "tab", `\t`, "\t":
		return '\t', nil
	case "comma":
		return ',', nil
	case "semicolon":
		return ';', nil
	}
	r := []rune(s)
	if len(r) != 1 || r[0] == '"' || r[0] == '\r' || r[0] == '\n' || r[0] == 0xFFFD {
		return 0, fmt.Errorf("-sep %q: want one character such as , ; or tab", s)
	}
	return r[0], nil
}

// detectSeparator chooses among comma, semicolon and tab from the first
// non-blank lines (at most 20): the candidate that splits every one of them
// into the same number of fields, more than one, and into the most fields;
// comma on ties and when none qualifies (a single-column file).
func detectSeparator(content []byte) rune {
	var lines [][]byte
	for len(content) > 0 && len(lines) < 20 {
		i := bytes.IndexByte(content, '\n')
		var line []byte
		if i < 0 {
			line, content = content, nil
		} else {
			line, content = content[:i], content[i+1:]
		}
		if len(bytes.TrimSpace(line)) > 0 {
			lines = append(lines, line)
		}
	}
	best, bestCount := ',', 1
	for _, sep := range []rune{',', ';', '\t'} {
		count := -1
		for _, line := range lines {
			cr := csv.NewReader(bytes.NewReader(line))
			cr.Comma = sep
			cr.LazyQuotes = true // a quoted field cut by a line break must not disqualify
			rec, err := cr.Read()
			if err != nil {
				count = -1
				break
			}
			if count >= 0 && len(rec) != count {
				count = -1
				break
			}
			count = len(rec)
		}
		if count > bestCount {
			best, bestCount = sep, count
		}
	}
	return best
}

// isNumberCell reports a cell that is a number (an out-of-range one such
// as 1e400 counts, to be refused later as not finite).
func isNumberCell(s string) bool {
	_, err := strconv.ParseFloat(s, 64)
	return err == nil || errors.Is(err, strconv.ErrRange)
}

// isMissing reports an empty cell or NA (any case).
func isMissing(s string) bool { return s == "" || strings.EqualFold(s, "NA") }

// isTextHeader decides whether the first record is a header: one of its
// cells is text where the second record has a number or a missing value
// (or there is no second record).
func isTextHeader(cells [][]string) bool {
	for j, c := range cells[0] {
		if isMissing(c) || isNumberCell(c) {
			continue
		}
		if len(cells) == 1 || isNumberCell(cells[1][j]) || isMissing(cells[1][j]) {
			return true
		}
	}
	return false
}

// columnName describes column j (0-based) for messages: `column 3 ("x")`.
func (t *rawTable) columnName(j int) string {
	if t.names != nil {
		return fmt.Sprintf("column %d (%q)", j+1, t.names[j])
	}
	return fmt.Sprintf("column %d", j+1)
}

// column resolves a column given by name or by 0-based index, as -target
// and -drop give it; a name takes precedence over an index.
func (t *rawTable) column(key string) (int, error) {
	key = strings.TrimSpace(key)
	for j, name := range t.names {
		if name == key {
			return j, nil
		}
	}
	if j, err := strconv.Atoi(key); err == nil && j >= 0 && j < t.width {
		return j, nil
	}
	if t.names == nil {
		return -1, fmt.Errorf("no column %q: the file has no header; use an index from 0 to %d", key, t.width-1)
	}
	names := t.names
	more := ""
	if len(names) > 40 {
		names, more = names[:40], fmt.Sprintf(", … (%d more)", len(t.names)-40)
	}
	return -1, fmt.Errorf("no column %q: columns are %s%s", key, quote(names), more)
}

// parseNumber parses a trimmed cell as a finite float64, describing why not.
func parseNumber(s string) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	switch {
	case err == nil && !math.IsNaN(v) && !math.IsInf(v, 0):
		return v, nil
	case errors.Is(err, strconv.ErrRange):
		return 0, fmt.Errorf("%s overflows float64", matrix.QuoteCell(s))
	case err != nil:
		return 0, fmt.Errorf("%s is not a number", matrix.QuoteCell(s))
	}
	return 0, fmt.Errorf("%s is not a finite number", matrix.QuoteCell(s))
}
