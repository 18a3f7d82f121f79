package matrix

// Numeric CSV tables: the format in which the datasets of testdata/ (iris,
// wine, breast cancer, digits, diabetes) and the command-line tool's input
// arrive. The rules are deliberately strict, because a silently misread cell
// poisons every result computed from it:
//
//   - fields are separated by commas and may be quoted as in RFC 4180;
//   - every record has the same number of fields;
//   - the first record is a header when at least one of its cells is not a
//     number; header names are trimmed, non-empty and unique;
//   - every other cell, trimmed of surrounding white space, is a finite
//     number in any syntax strconv.ParseFloat accepts;
//   - blank lines (and lines holding only white space) are skipped, line
//     endings may be LF or CRLF, and a leading UTF-8 byte-order mark is
//     ignored (one: a second one belongs to the first cell). There are no
//     comment lines;
//   - a gzip-compressed file is refused as such (decompress it first).
//
// docs/data-formats.md describes the same rules for users.

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
)

// ErrNoColumn reports a column name or index that does not exist in a Table.
var ErrNoColumn = errors.New("no such column")

// maxListedColumns bounds how many columns an ErrNoColumn message lists, so
// that a mistyped name on a 784-pixel table gives a readable error.
const maxListedColumns = 40

// Table is a numeric CSV table: a data matrix and, when the file had a header
// row, the names of its columns.
//
// Data is n×d with one row per data record, in file order. Names is nil for
// a file without a header; otherwise len(Names) == d. No names are invented
// for a header-less file: columns are then addressed by their 0-based index.
type Table struct {
	Names []string
	Data  *Dense
}

// ReadCSV reads a numeric CSV table from r.
//
// The first record is taken as a header when at least one of its cells, once
// trimmed, is neither empty nor a number (so a header whose names all look
// like numbers is read as data). Header names are trimmed of surrounding
// white space. Every data cell is trimmed and parsed with
// strconv.ParseFloat(s, 64), so "1", "-2.5e-3", ".5", "0x1p-2" and "1_000"
// are all numbers; values below the smallest subnormal round to zero as
// ParseFloat rounds them. Blank lines are skipped; LF and CRLF line endings,
// quoted fields (RFC 4180) and a leading UTF-8 byte-order mark are accepted.
//
// Errors name the line as an editor shows it (1-based, counting the header
// and blank lines) and the column, by its 1-based number and, when the file
// has a header, its name:
//
//	matrix: read csv: malformed input: line 7, column 2 ("sepal_width"): "abc" is not a number
//
// Special cases:
//
//	no data record (empty file, blank lines or a header only)  → ErrEmpty
//	a record with a different number of fields than the first   → ErrFormat
//	an empty cell, a cell that is not a number                  → ErrFormat
//	"NaN", "Inf", "-inf", "Infinity", and overflow such as 1e400 → ErrNotFinite
//	an empty or duplicate header name, or one with a carriage
//	return (a file with CR-only line endings)                    → ErrFormat
//	quoting errors found by encoding/csv                         → ErrFormat (line and byte)
//	gzip-compressed input (it starts with the bytes 1f 8b)       → ErrFormat, saying so
//	a table, header or line that would exceed MemoryLimit        → ErrTooLarge (line, size, limit)
//	an error from r itself                                       → returned wrapped, not an *Error
//
// Lines without a double quote are read through CSVRecords, without a
// string per cell; see docs/data-formats.md, "Memory".
//
// Reference: RFC 4180, "Common Format and MIME Type for Comma-Separated
// Values (CSV) Files" (2005).
func ReadCSV(r io.Reader) (*Table, error) {
	const op = "read csv"
	br, err := openCSV(r, op)
	if err != nil {
		return nil, err
	}
	recs := NewCSVRecords(br, ',')
	var (
		names     []string
		namesMem  int64 // the bytes of names
		data      []float64
		width     = -1 // number of fields of the first record
		firstLine int  // the line the first record starts on
		rows      int
	)
	for {
		err := recs.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, csvSyntaxError(err, op)
		}
		line := recs.Line()
		if width < 0 {
			width, firstLine = recs.Len(), line
			if recs.rec.isHeader() {
				if names, err = recs.rec.headerNames(op, recs.held()); err != nil {
					return nil, err
				}
				namesMem = namesBytes(names)
				continue
			}
		}
		if recs.Len() != width {
			return nil, newError(op, ErrFormat, "line %d has %s, line %d has %d", line, fieldCount(recs.Len()), firstLine, width)
		}
		if data, err = growCells(op, data, width, line, recs.held()+namesMem); err != nil {
			return nil, err
		}
		for j := range width {
			v, err := parseCellBytes(recs.Field(j))
			if err != nil {
				return nil, cellError(err, recs.FieldLine(j), j, names)
			}
			data = append(data, v)
		}
		rows++
	}
	if rows == 0 {
		detail := "no data rows"
		if names != nil {
			detail = "header only, no data rows"
		}
		return nil, newError(op, ErrEmpty, "%s", detail)
	}
	m, err := NewFromSlice(rows, width, data[:rows*width:rows*width])
	if err != nil {
		panic("matrix: read csv: internal error: " + err.Error())
	}
	return &Table{Names: names, Data: m}, nil
}

// openCSV buffers r, refuses gzip-compressed input and skips a leading
// byte-order mark.
func openCSV(r io.Reader, op string) (*bufio.Reader, error) {
	br := bufio.NewReaderSize(r, csvBufferSize)
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		return nil, newError(op, ErrFormat, "the input is gzip-compressed; decompress it first (gunzip)")
	}
	if err := skipByteOrderMark(br); err != nil {
		return nil, fmt.Errorf("matrix: %s: %w", op, err)
	}
	return br, nil
}

// ReadCSVFile reads the numeric CSV table stored in the file at path; see
// ReadCSV for the format. Parse errors are prefixed with the path, so the
// message reads like a compiler's: "… malformed input: data.csv: line 7, …".
func ReadCSVFile(path string) (*Table, error) {
	return readFile("read csv", path, ReadCSV)
}

// WriteCSV writes m as CSV to w, preceded by a header row when names is not
// nil. Numbers are formatted with strconv.FormatFloat(v, 'g', -1, 64), the
// shortest text that parses back to the same float64, so ReadCSV returns m
// bit for bit (including −0 and subnormals). Lines end in "\n"; names are
// quoted where RFC 4180 requires it. When the first name itself starts
// with a byte-order mark, one more is written before it, since ReadCSV
// drops the first mark of its input.
//
// Special cases:
//
//	m with no rows or no columns                 → ErrEmpty (CSV cannot hold it)
//	a NaN or ±Inf in m                           → ErrNotFinite, nothing written
//	len(names) ≠ m.Cols()                        → ErrShape
//	names that ReadCSV would not read back as     → ErrFormat
//	  the same header: empty, duplicate, with
//	  surrounding white space or a carriage
//	  return, or all of them numbers
//	an error from w                              → returned wrapped, not an *Error
//
// Reference: RFC 4180.
func WriteCSV(w io.Writer, m *Dense, names []string) error {
	const op = "write csv"
	if m.IsEmpty() {
		return newError(op, ErrEmpty, "%s matrix", m.shape())
	}
	if err := m.CheckFinite(); err != nil {
		return newError(op, ErrNotFinite, "%s", err.(*Error).Detail)
	}
	if names != nil {
		if len(names) != m.cols {
			return newError(op, ErrShape, "%d names for %d columns", len(names), m.cols)
		}
		if err := checkWritableNames(names); err != nil {
			return err
		}
		if strings.HasPrefix(names[0], "\uFEFF") {
			if _, err := io.WriteString(w, "\uFEFF"); err != nil {
				return fmt.Errorf("matrix: write csv: %w", err)
			}
		}
		cw := csv.NewWriter(w)
		if err := cw.Write(names); err != nil {
			return fmt.Errorf("matrix: write csv: %w", err)
		}
		if cw.Flush(); cw.Error() != nil {
			return fmt.Errorf("matrix: write csv: %w", cw.Error())
		}
	}
	bw := bufio.NewWriter(w)
	var buf []byte
	for i := range m.rows {
		buf = buf[:0]
		for j, v := range m.Row(i) {
			if j > 0 {
				buf = append(buf, ',')
			}
			buf = strconv.AppendFloat(buf, v, 'g', -1, 64)
		}
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return fmt.Errorf("matrix: write csv: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("matrix: write csv: %w", err)
	}
	return nil
}

// Column resolves a column given by name or by 0-based index, as a
// command-line flag such as -target gives it. A name takes precedence over
// an index, so in a table whose header names a column "3", Column("3")
// finds that column, not column 3. Surrounding white space is ignored.
//
// Special cases:
//
//	an unknown name, a negative or too large index → ErrNoColumn; the
//	message lists the columns that exist (the first 40 of them)
func (t *Table) Column(nameOrIndex string) (int, error) {
	key := strings.TrimSpace(nameOrIndex)
	for j, name := range t.Names {
		if name == key {
			return j, nil
		}
	}
	if j, err := strconv.Atoi(key); err == nil {
		if j >= 0 && j < t.cols() {
			return j, nil
		}
		return -1, newError("column", ErrNoColumn, "index %d out of range: %s", j, t.describeColumns())
	}
	return -1, newError("column", ErrNoColumn, "%q: %s", key, t.describeColumns())
}

// Split separates the column target from the others: X is n×(d−1) holding
// every other column in order, y holds column target, and names holds the
// names of X's columns (Names without element target; nil when the table
// has no header). All three are copies. Resolve user input with Column
// first.
//
// Special cases:
//
//	a nil Table or one without data      → ErrEmpty
//	target < 0 or target ≥ the column count → ErrNoColumn, listing the columns
func (t *Table) Split(target int) (X *Dense, y []float64, names []string, err error) {
	if t == nil || t.Data == nil {
		return nil, nil, nil, newError("split", ErrEmpty, "no table")
	}
	d := t.cols()
	if target < 0 || target >= d {
		return nil, nil, nil, newError("split", ErrNoColumn, "index %d out of range: %s", target, t.describeColumns())
	}
	n := t.Data.Rows()
	X = New(n, d-1)
	for i := range n {
		row := t.Data.Row(i)
		copy(X.Row(i), row[:target])
		copy(X.Row(i)[target:], row[target+1:])
	}
	if t.Names != nil {
		names = append(append(make([]string, 0, d-1), t.Names[:target]...), t.Names[target+1:]...)
	}
	return X, t.Data.Col(target), names, nil
}

// fieldCount writes "1 field" or "n fields".
func fieldCount(n int) string {
	if n == 1 {
		return "1 field"
	}
	return fmt.Sprintf("%d fields", n)
}

// cols is the number of columns, zero for the zero Table.
func (t *Table) cols() int {
	if t.Data == nil {
		return len(t.Names)
	}
	return t.Data.Cols()
}

// describeColumns lists the columns that exist, for ErrNoColumn messages.
func (t *Table) describeColumns() string {
	d := t.cols()
	if t.Names == nil {
		if d == 0 {
			return "the table has no columns"
		}
		return fmt.Sprintf("the table has no header; use an index from 0 to %d", d-1)
	}
	var b strings.Builder
	b.WriteString("columns are ")
	for j, name := range t.Names {
		if j == maxListedColumns {
			fmt.Fprintf(&b, ", … (%d more)", d-j)
			break
		}
		if j > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d %q", j, name)
	}
	return b.String()
}

// skipByteOrderMark consumes a leading UTF-8 byte-order mark, which
// spreadsheet programs write and which would otherwise turn the first number
// of a header-less file into "not a number".
func skipByteOrderMark(br *bufio.Reader) error {
	bom, err := br.Peek(3)
	if err != nil && err != io.EOF {
		return err
	}
	if len(bom) == 3 && bom[0] == 0xEF && bom[1] == 0xBB && bom[2] == 0xBF {
		br.Discard(3)
	}
	return nil
}

// isNumeric reports a trimmed cell that is a number for ParseFloat, an
// out-of-range one such as 1e400 included.
func isNumeric(s string) bool {
	_, err := strconv.ParseFloat(s, 64)
	return err == nil || errors.Is(err, strconv.ErrRange)
}

// checkWritableNames rejects header names that ReadCSV would not read back
// unchanged, so that WriteCSV followed by ReadCSV is the identity.
func checkWritableNames(names []string) error {
	const op = "write csv"
	seen := make(map[string]int, len(names))
	numeric := true
	for j, name := range names {
		switch {
		case strings.TrimSpace(name) == "":
			return newError(op, ErrFormat, "column %d: empty column name", j+1)
		case strings.TrimSpace(name) != name:
			return newError(op, ErrFormat, "column %d: name %q has surrounding white space", j+1, name)
		case strings.ContainsRune(name, '\r'):
			return newError(op, ErrFormat, "column %d: name %q contains a carriage return", j+1, name)
		}
		if k, dup := seen[name]; dup {
			return newError(op, ErrFormat, "column %d: duplicate column name %q (also column %d)", j+1, name, k+1)
		}
		seen[name] = j
		if _, err := strconv.ParseFloat(name, 64); err != nil && !errors.Is(err, strconv.ErrRange) {
			numeric = false
		}
	}
	if numeric {
		return newError(op, ErrFormat, "every name is a number, so the header would be read back as data")
	}
	return nil
}

// cellProblem is why a cell is rejected: a sentinel and a description.
type cellProblem struct {
	sentinel error
	what     string
}

func (p *cellProblem) Error() string { return p.what }

// parseCell parses one data cell, trimmed of white space, as a finite
// float64.
func parseCell(cell string) (float64, error) {
	s := strings.TrimSpace(cell)
	if s == "" {
		return 0, &cellProblem{ErrFormat, "empty cell"}
	}
	v, err := strconv.ParseFloat(s, 64)
	switch {
	case err == nil && !math.IsNaN(v) && !math.IsInf(v, 0):
		return v, nil
	case errors.Is(err, strconv.ErrRange):
		return 0, &cellProblem{ErrNotFinite, fmt.Sprintf("%s overflows float64", QuoteCell(s))}
	case err != nil:
		return 0, &cellProblem{ErrFormat, fmt.Sprintf("%s is not a number", QuoteCell(s))}
	}
	return 0, &cellProblem{ErrNotFinite, fmt.Sprintf("%s is not a finite number", QuoteCell(s))}
}

// parseCellBytes is parseCell on the bytes of a field. The conversion to
// a string of a short trimmed cell does not escape (strconv copies the
// text it puts into an error), so the compiler keeps it on the stack: a
// number is parsed without allocating. Every problem is described by
// parseCell itself, so the messages are the same on both paths.
func parseCellBytes(cell []byte) (float64, error) {
	v, err := strconv.ParseFloat(string(bytes.TrimSpace(cell)), 64)
	if err == nil && !math.IsNaN(v) && !math.IsInf(v, 0) {
		return v, nil
	}
	return parseCell(string(cell))
}

// cellError places a cell problem at its line and column.
func cellError(err error, line, j int, names []string) error {
	p := err.(*cellProblem)
	return newError("read csv", p.sentinel, "line %d, %s: %s", line, columnLabel(j, names), p.what)
}

// columnLabel names column j (0-based) for a message: `column 3`, or
// `column 3 ("x")` when the table has names.
func columnLabel(j int, names []string) string {
	if names == nil {
		return fmt.Sprintf("column %d", j+1)
	}
	return fmt.Sprintf("column %d (%q)", j+1, names[j])
}

// csvSyntaxError turns an encoding/csv parse error into ErrFormat with its
// line and byte position; other errors come from the reader and pass through.
func csvSyntaxError(err error, op string) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		where := fmt.Sprintf("line %d, byte %d", pe.Line, pe.Column)
		if pe.StartLine != pe.Line {
			where += fmt.Sprintf(" (in the record that starts on line %d)", pe.StartLine)
		}
		return newError(op, ErrFormat, "%s: %v", where, pe.Err)
	}
	var me *Error
	if errors.As(err, &me) { // ErrTooLarge from CSVRecords
		return &Error{Op: op, Err: me.Err, Detail: me.Detail}
	}
	return fmt.Errorf("matrix: %s: %w", op, err)
}

// readFile opens path and applies read to it; an error opening the file is
// wrapped under op, a parse error gets the path in its detail.
func readFile[T any](op, path string, read func(io.Reader) (T, error)) (T, error) {
	f, err := os.Open(path)
	if err != nil {
		var zero T
		return zero, fmt.Errorf("matrix: %s: %w", op, err)
	}
	defer f.Close()
	v, err := read(f)
	return v, withPath(err, path)
}

// withPath prefixes the detail of a parse error with the file it came from.
func withPath(err error, path string) error {
	var e *Error
	if errors.As(err, &e) {
		return &Error{Op: e.Op, Err: e.Err, Detail: path + ": " + e.Detail}
	}
	return err
}
