package main

// The delimited-file reader as it was before the lean path (issue 25),
// kept as the reference TestRawTableMatchesReference compares
// parseRawTable and detectSeparator with.

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// refRawTable is the old rawTable: one string per cell.
type refRawTable struct {
	names []string
	cells [][]string
	lines []int
	width int
	sep   rune
}

// refParseRawTable is parseRawTable on encoding/csv, as it was.
func refParseRawTable(content []byte, sep rune) (*refRawTable, error) {
	if bytes.HasPrefix(content, gzipMagic) {
		return nil, errGzip
	}
	content = bytes.TrimPrefix(content, []byte("\uFEFF"))
	if sep == 0 {
		sep = refDetectSeparator(content)
	}
	cr := csv.NewReader(bytes.NewReader(content))
	cr.Comma = sep
	cr.FieldsPerRecord = -1
	t := &refRawTable{sep: sep, width: -1}
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
	if len(t.cells) > 0 && refIsTextHeader(t.cells) {
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

// refDetectSeparator is detectSeparator as it was.
func refDetectSeparator(content []byte) rune {
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

// refIsTextHeader is isTextHeader as it was.
func refIsTextHeader(cells [][]string) bool {
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

// TestRawTableMatchesReference: on the fuzz seeds and random inputs,
// parseRawTable and detectSeparator give what the encoding/csv reader gave:
// the same separator, names, cells and lines, or the same error.
func TestRawTableMatchesReference(t *testing.T) {
	inputs := []string{
		"", "\n", "a,b\n1,2\n", "a;b\n1;2\n", "a\tb\n1\t2\n", "1,2,cat\n3,4,dog\n", "a,b\n1,\n", "a,b\nNA,2\n",
		"\uFEFF\uFEFF,0\n0,0", "\x1f\x8b\x08", "\"a;b\",c\n1,2\n", "a,b\n1,2,3\n", "a,a\n1,2\n", "x\n", "1;2,5\n3;4,5\n",
		"\"a\nb\";c\n1;2\n", "a\r\nb\r\n", ",\n,\n", "a,,c\n1,2,3\n", "a,b,a,b\n1,2,3,4\n", "\"x\";\"y\"\n1;\"2\n3\"\n",
		strings.Repeat("1;", 40000) + "2\n" + strings.Repeat("3;", 40000) + "4\n",
		strings.Repeat("1,", 40000) + "\"2\"\n" + strings.Repeat("3,", 40000) + "4\n",
	}
	tokens := []string{"a", "b", "1", "-2.5", "NA", "", " ", "\"", "\"x,y\"", "\"p;q\"", ",", ",", ";", ";", "\t", "\n", "\n", "\r\n", "cat"}
	rng := rand.New(rand.NewPCG(25, 7))
	for range 3000 {
		var b strings.Builder
		for range rng.IntN(40) {
			b.WriteString(tokens[rng.IntN(len(tokens))])
		}
		inputs = append(inputs, b.String())
	}
	for _, in := range inputs {
		if got, want := detectSeparator([]byte(in)), refDetectSeparator([]byte(in)); got != want {
			t.Fatalf("%q: separator %q, ref %q", in, got, want)
		}
		for _, sep := range []rune{0, ',', ';', '\t'} {
			tab, err := parseRawTable([]byte(in), sep)
			ref, refErr := refParseRawTable([]byte(in), sep)
			if (err == nil) != (refErr == nil) || err != nil && err.Error() != refErr.Error() {
				t.Fatalf("%q, sep %q: error %v, ref %v", in, sep, err, refErr)
			}
			if err != nil {
				continue
			}
			if tab.sep != ref.sep || tab.width != ref.width || !slices.Equal(tab.names, ref.names) || (tab.names == nil) != (ref.names == nil) || !slices.Equal(tab.lines, ref.lines) || tab.records() != len(ref.cells) {
				t.Fatalf("%q, sep %q: table differs: names %q/%q lines %v/%v", in, sep, tab.names, ref.names, tab.lines, ref.lines)
			}
			for i, rec := range ref.cells {
				for j, c := range rec {
					if tab.cell(i, j) != c {
						t.Fatalf("%q, sep %q: cell (%d, %d) %q, ref %q", in, sep, i, j, tab.cell(i, j), c)
					}
				}
			}
		}
	}
}
