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
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"mlnotes/matrix"
)

// rawTable is a delimited file as text: a header (nil when the file has
// none) and the data records, every cell trimmed of surrounding white
// space. The cells are not a string each (16 bytes a cell beyond the text,
// which made a file of 10 million columns take gigabytes, issue 25): each
// record is one string of its trimmed cells, one after another, and its
// ends say where each cell ends in it (4 bytes a cell).
type rawTable struct {
	path  string
	names []string
	text  []string   // the trimmed cells of each record, concatenated
	ends  [][]uint32 // cell j of record i ends at text[i][ends[i][j]]
	first int        // the first data record: 1 when record 0 is the header
	lines []int      // the line on which each data record starts (1-based, as an editor counts)
	width int
	sep   rune

	scratch []byte // a narrow record being added (reused while reading)
}

// records is the number of data records.
func (t *rawTable) records() int { return len(t.text) - t.first }

// cell returns cell j of data record i, trimmed.
func (t *rawTable) cell(i, j int) string {
	i += t.first
	ends := t.ends[i]
	start := uint32(0)
	if j > 0 {
		start = ends[j-1]
	}
	return t.text[i][start:ends[j]]
}

// gzipMagic starts every gzip stream (RFC 1952).
var gzipMagic = []byte{0x1f, 0x8b}

// errGzip is the answer to a compressed data file.
var errGzip = errors.New("the file is gzip-compressed; decompress it first (gunzip)")

// readRawTable reads a delimited file. sep 0 means "detect it": the first
// lines are then read twice.
func readRawTable(path string, sep rune) (*rawTable, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if sep == 0 {
		if sep, err = detectSeparatorFrom(f); err != nil { // by ReadAt: f stays at its start
			return nil, err
		}
	}
	t, err := readRawRecords(f, sep)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	t.path = path
	return t, nil
}

// parseRawTable is readRawTable on the bytes of a file.
func parseRawTable(content []byte, sep rune) (*rawTable, error) {
	if sep == 0 {
		sep = detectSeparator(content)
	}
	return readRawRecords(bytes.NewReader(content), sep)
}

// readRawRecords reads the records of r, separated by sep, with
// matrix.CSVRecords: a line is read into one reused buffer and split in
// place, and only its trimmed cells are kept.
func readRawRecords(r io.Reader, sep rune) (*rawTable, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	if magic, _ := br.Peek(2); bytes.Equal(magic, gzipMagic) {
		return nil, errGzip
	}
	if bom, _ := br.Peek(3); bytes.Equal(bom, []byte("\uFEFF")) {
		br.Discard(3)
	}
	recs := matrix.NewCSVRecords(br, sep)
	t := &rawTable{sep: sep, width: -1}
	firstLine := 0
	var held int64 // the bytes of text and lines
	for {
		err := recs.Next()
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
		line := recs.Line()
		if t.width < 0 {
			t.width, firstLine = recs.Len(), line
		}
		if recs.Len() != t.width {
			return nil, fmt.Errorf("line %d has %s, line %d has %d (separator %s)", line, fieldCount(recs.Len()), firstLine, t.width, sepName(sep))
		}
		if held, err = t.add(recs, held); err != nil {
			return nil, err
		}
	}
	t.scratch = nil
	if t.bytes() > matrix.MemoryLimit()/4 {
		// The reader's buffers (a line, its pieces) are garbage now; a
		// table that takes a good part of the limit collects them before
		// the names and the feature matrix are allocated, so that those
		// reuse the address space rather than ask for more (ulimit -v).
		runtime.GC()
	}
	if len(t.text) > 0 && isTextHeader(t) {
		if err := t.takeHeader(); err != nil {
			return nil, err
		}
	}
	if t.records() == 0 {
		if t.names != nil {
			return nil, errors.New("header only, no data rows")
		}
		return nil, errors.New("no data rows")
	}
	return t, nil
}

// add appends the current record of recs, its cells trimmed; held is the
// memory of the records read so far, returned updated. A table that would
// not fit within matrix.MemoryLimit is refused with matrix.ErrTooLarge.
//
// Each record has its own slice of ends, of its exact size: no slice of
// all the cells that grows, whose every step would take address space the
// smaller steps freed cannot give back (a 10-million-column file under
// ulimit -v ended in "out of memory" that way).
func (t *rawTable) add(recs *matrix.CSVRecords, held int64) (int64, error) {
	line, n := recs.Line(), recs.Len()
	held = matrix.AddBytes(held, recs.Footprint()) // the line being read, besides the table
	if err := t.checkRecord(line, n, matrix.AddBytes(held, 4*int64(n)+24)); err != nil {
		return held, err
	}
	ends := make([]uint32, n)
	if n >= wideRecord {
		return t.addWide(recs, ends, held, line)
	}
	// A narrow record is gathered in one pass into a reused buffer, then
	// copied into its string.
	t.scratch = t.scratch[:0]
	for j := range n {
		t.scratch = append(t.scratch, bytes.TrimSpace(recs.Field(j))...)
		ends[j] = uint32(len(t.scratch))
	}
	size := int64(len(t.scratch)) + 4*int64(n) + 48 // the text, the ends, their headers and the line
	if err := t.checkRecord(line, n, matrix.AddBytes(held, size)); err != nil {
		return held, err
	}
	t.text = append(t.text, string(t.scratch))
	t.ends = append(t.ends, ends)
	t.lines = append(t.lines, line)
	return held - recs.Footprint() + size, nil
}

// wideRecord is the number of fields from which a record's cells are
// measured first and then written once into a string of their size, so
// that a wide record's text is not held twice (gathered, then copied).
const wideRecord = 1 << 12

// addWide is add for a record of wideRecord fields or more.
func (t *rawTable) addWide(recs *matrix.CSVRecords, ends []uint32, held int64, line int) (int64, error) {
	n := len(ends)
	total := 0
	for j := range n {
		total += len(bytes.TrimSpace(recs.Field(j)))
		if total > math.MaxUint32 {
			return held, fmt.Errorf("line %d: a record of more than 4 GB", line)
		}
		ends[j] = uint32(total)
	}
	size := int64(ends[n-1]) + 4*int64(n) + 48 // the text, the ends, their headers and the line
	if err := t.checkRecord(line, n, matrix.AddBytes(held, size)); err != nil {
		return held, err
	}
	t.text = append(t.text, recordText(recs, int(ends[n-1])))
	t.ends = append(t.ends, ends)
	t.lines = append(t.lines, line)
	return held - recs.Footprint() + size, nil
}

// recordText writes the trimmed cells of the current record of recs, size
// bytes in all, into one string of that size.
func recordText(recs *matrix.CSVRecords, size int) string {
	var b strings.Builder
	b.Grow(size)
	for j := range recs.Len() {
		b.Write(bytes.TrimSpace(recs.Field(j)))
	}
	return b.String()
}

// checkSample refuses with matrix.ErrTooLarge, before the list of feature
// columns and the feature matrix are allocated, a sample of up to d
// feature columns that would not fit within matrix.MemoryLimit beside the
// table; the error names the file.
func (t *rawTable) checkSample(d int) error {
	what := fmt.Sprintf("the %d×%d feature matrix, with the table read", t.records(), d)
	err := matrix.CheckAlloc("read csv", what, matrix.AddBytes(t.bytes(), matrix.FloatBytes(t.records(), d), 8*int64(d)))
	if err != nil {
		return fmt.Errorf("%s: %w", t.path, err)
	}
	return nil
}

// checkRecord refuses with matrix.ErrTooLarge the record of n cells on
// line when the table would need more than matrix.MemoryLimit.
func (t *rawTable) checkRecord(line, n int, need int64) error {
	if need <= matrix.MemoryLimit() {
		return nil
	}
	what := fmt.Sprintf("line %d: the %d records of %d cells read so far", line, len(t.text)+1, n)
	return matrix.CheckAlloc("read csv", what, need)
}

// takeHeader makes record 0 the header, after checking its names: the
// first column, in order, whose name is empty or repeats an earlier one
// is an error.
func (t *rawTable) takeHeader() error {
	// The names (16 bytes each, their text is record 0's) and the sort
	// that finds duplicates (4 bytes a name).
	what := fmt.Sprintf("line %d: the header of %d names", t.lines[0], t.width)
	if err := matrix.CheckAlloc("read csv", what, matrix.AddBytes(t.bytes(), 20*int64(t.width))); err != nil {
		return err
	}
	names := make([]string, t.width)
	for j := range names {
		names[j] = t.cell(0, j)
	}
	empty := slices.Index(names, "")
	j, k := matrix.FirstDuplicate(names)
	switch {
	case empty >= 0 && (j < 0 || empty <= j):
		return fmt.Errorf("line %d, column %d: empty column name", t.lines[0], empty+1)
	case j >= 0:
		return fmt.Errorf("line %d, column %d: duplicate column name %q (also column %d)", t.lines[0], j+1, names[j], k+1)
	}
	t.names, t.first, t.lines = names, 1, t.lines[1:]
	return nil
}

// bytes is the memory the table holds: the records' text and string
// headers, the cells' ends, the lines, and the names' string headers.
func (t *rawTable) bytes() int64 {
	var b int64
	for i, s := range t.text {
		b += int64(len(s)) + 4*int64(len(t.ends[i]))
	}
	return matrix.AddBytes(b, 16*int64(cap(t.text)), 24*int64(cap(t.ends)), 8*int64(cap(t.lines)), 16*int64(len(t.names)))
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
	sep, _ := detectSeparatorFrom(bytes.NewReader(content))
	return sep
}

// detectSeparatorFrom is detectSeparator reading the lines from r in
// pieces, without assembling a line: a line without a double quote has
// one field more than it has separators; a line with one is read again,
// alone, by encoding/csv with LazyQuotes (a quoted field cut by a line
// break must not disqualify).
func detectSeparatorFrom(r io.ReaderAt) (rune, error) {
	seps := []rune{',', ';', '\t'}
	counts := []int{-1, -1, -1} // fields of each candidate; −2 disqualified
	br := bufio.NewReaderSize(io.NewSectionReader(r, 0, math.MaxInt64), 64<<10)
	var off int64 // where the next line starts
	for seen, eof := 0, false; seen < 20 && !eof; {
		start := off
		var n [3]int
		quoted, blank := false, true
		for {
			piece, err := br.ReadSlice('\n')
			off += int64(len(piece))
			if err != nil && err != bufio.ErrBufferFull && err != io.EOF {
				return 0, err
			}
			eof = err == io.EOF
			piece = bytes.TrimSuffix(piece, []byte("\n"))
			for c, sep := range seps {
				n[c] += bytes.Count(piece, []byte(string(sep)))
			}
			quoted = quoted || bytes.IndexByte(piece, '"') >= 0
			blank = blank && len(bytes.TrimSpace(piece)) == 0
			if err != bufio.ErrBufferFull {
				break
			}
		}
		if blank {
			continue
		}
		seen++
		end := off
		if !eof {
			end-- // the '\n'
		}
		for c, sep := range seps {
			fields := n[c] + 1
			if quoted {
				fields = lazyFields(io.NewSectionReader(r, start, end-start), sep)
			}
			counts[c] = agreeingCount(counts[c], fields)
		}
	}
	best, bestCount := ',', 1
	for c, sep := range seps {
		if counts[c] > bestCount {
			best, bestCount = sep, counts[c]
		}
	}
	return best, nil
}

// agreeingCount keeps a candidate's field count while every line agrees
// with it (−2 once one does not, or one cannot be read).
func agreeingCount(count, fields int) int {
	switch {
	case count == -2 || fields < 0:
		return -2
	case count >= 0 && fields != count:
		return -2
	}
	return fields
}

// lazyFields counts the fields of the one line r holds for a separator,
// as encoding/csv reads it with LazyQuotes; −1 when it refuses the line.
func lazyFields(r io.Reader, sep rune) int {
	cr := csv.NewReader(r)
	cr.Comma = sep
	cr.LazyQuotes = true
	rec, err := cr.Read()
	if err != nil {
		return -1
	}
	return len(rec)
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
func isTextHeader(t *rawTable) bool {
	for j := range t.width {
		c := t.cell(0, j)
		if isMissing(c) || isNumberCell(c) {
			continue
		}
		if t.records() == 1 || isNumberCell(t.cell(1, j)) || isMissing(t.cell(1, j)) {
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
