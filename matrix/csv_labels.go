package matrix

// CSV tables with one column of labels: features that are numbers and a
// class column that may hold words (setosa, versicolor, …), the form in
// which most classification data arrive. The features follow ReadCSV's
// rules; the label column is kept as text, for the caller to encode
// (package learn's LabelEncoder, or Pipeline.FitNames, does it).

import (
	"bytes"
	"io"
)

// LabeledTable is a CSV table split into numeric features and a column of
// text labels.
//
// Data is n×(d−1): every column but the label column, in file order, one
// row per data record. Labels[i] is the label of row i, trimmed of
// surrounding white space. Names are the names of Data's columns and Label
// the label column's name when the file has a header; Names is nil and
// Label "" otherwise.
type LabeledTable struct {
	Names  []string
	Data   *Dense
	Label  string
	Labels []string
}

// ReadLabeledCSV reads a CSV table whose column label holds class labels
// as text and whose other columns are numbers. label names the column by
// its header name or 0-based index, as Table.Column resolves it; "" means
// the last column.
//
// The rules are ReadCSV's (RFC 4180 quoting, one record per row, blank
// lines skipped, LF or CRLF, a leading byte-order mark ignored, every
// feature cell a finite number) with one change forced by the text column:
// the first record is a header when one of its cells is text (neither empty
// nor a number) while the same column of the second record is a number or
// empty, or when there is no second record. So the header-less row
// "5.1,3.5,1.4,0.2,setosa" is data, since the second row has a word in the
// same column. A label cell is any non-empty text ("0", "setosa", "−1").
//
// Errors name the line as an editor shows it and the column by its 1-based
// number and, with a header, its name, quoting at most 60 characters of a
// bad cell:
//
//	matrix: read labeled csv: malformed input: line 7, column 2 ("sepal_width"): "abc" is not a number
//
// Special cases:
//
//	no data record                                   → ErrEmpty
//	fewer than two columns                            → ErrFormat
//	label names no column                             → ErrNoColumn, listing the columns
//	a record of another width, an empty label cell,
//	a feature cell that is empty or not a number      → ErrFormat
//	a feature cell that is NaN, ±Inf or overflows     → ErrNotFinite
//	an empty or duplicate header name                 → ErrFormat
//	quoting errors, gzip-compressed input             → ErrFormat
//	a table, header or line beyond MemoryLimit        → ErrTooLarge
//	an error from r itself                            → returned wrapped, not an *Error
func ReadLabeledCSV(r io.Reader, label string) (*LabeledTable, error) {
	const op = "read labeled csv"
	br, err := openCSV(r, op)
	if err != nil {
		return nil, err
	}
	lr := &labeledReader{recs: NewCSVRecords(br, ',')}
	first, err := lr.next()
	if err != nil {
		return nil, err
	}
	if first == nil {
		return nil, newError(op, ErrEmpty, "no data rows")
	}
	first = first.clone()
	second, err := lr.next()
	if err != nil {
		return nil, err
	}
	if second != nil {
		second = second.clone()
	}
	if err := lr.layout(first, second, label); err != nil {
		return nil, err
	}
	t := &LabeledTable{}
	header, target, width := lr.names, lr.target, lr.width
	var data []float64
	if header == nil {
		if data, err = lr.add(data, t, first); err != nil {
			return nil, err
		}
	}
	for rec := second; rec != nil; {
		if data, err = lr.add(data, t, rec); err != nil {
			return nil, err
		}
		if rec, err = lr.next(); err != nil {
			return nil, err
		}
	}
	if len(t.Labels) == 0 {
		return nil, newError(op, ErrEmpty, "header only, no data rows")
	}
	n := len(t.Labels)
	t.Data, _ = NewFromSlice(n, width-1, data[:n*(width-1):n*(width-1)])
	if header != nil {
		t.Label = header[target]
		t.Names = append(append(make([]string, 0, width-1), header[:target]...), header[target+1:]...)
	}
	return t, nil
}

// ReadLabeledCSVFile reads the labeled CSV table stored in the file at
// path; see ReadLabeledCSV. Parse errors are prefixed with the path.
func ReadLabeledCSVFile(path, label string) (*LabeledTable, error) {
	return readFile("read labeled csv", path, func(r io.Reader) (*LabeledTable, error) {
		return ReadLabeledCSV(r, label)
	})
}

// labeledReader reads the records of a labeled table, skipping blank lines.
type labeledReader struct {
	recs      *CSVRecords
	width     int      // the number of fields of the first record
	firstLine int      // the line of the first record
	target    int      // the label column
	names     []string // the header, nil without one
	namesMem  int64    // the bytes of names
	labelsMem int64    // the bytes of the labels read so far
}

// layout decides from the first two records whether the file has a
// header, and resolves the label column.
func (lr *labeledReader) layout(first, second *csvRecord, label string) error {
	const op = "read labeled csv"
	if isLabeledHeader(first, second) {
		held := AddBytes(lr.recs.held(), int64(len(first.text)+len(second.textOrNil())), FloatBytes(first.Len()+second.lenOrZero()))
		header, err := first.headerNames(op, held)
		if err != nil {
			return err
		}
		lr.names, lr.namesMem = header, namesBytes(header)
	}
	lr.width, lr.firstLine = first.Len(), first.line
	if lr.width < 2 {
		return newError(op, ErrFormat, "line %d has %s: need a label column and at least one feature column", lr.firstLine, fieldCount(lr.width))
	}
	if label == "" {
		lr.target = lr.width - 1
		return nil
	}
	// Table.Column resolves the name or index and lists the columns; it
	// needs only the names and the width.
	j, err := (&Table{Names: lr.names, Data: &Dense{rows: 1, cols: lr.width}}).Column(label)
	lr.target = j
	return err
}

// next returns the next non-blank record, or nil at the end; the record
// is the reader's, valid until the next call.
func (lr *labeledReader) next() (*csvRecord, error) {
	err := lr.recs.Next()
	if err == io.EOF {
		return nil, nil
	}
	if err != nil {
		return nil, csvSyntaxError(err, "read labeled csv")
	}
	return &lr.recs.rec, nil
}

// add appends a data record's features to data and its label to t.
func (lr *labeledReader) add(data []float64, t *LabeledTable, rec *csvRecord) ([]float64, error) {
	const op = "read labeled csv"
	if rec.Len() != lr.width {
		return nil, newError(op, ErrFormat, "line %d has %s, line %d has %d", rec.line, fieldCount(rec.Len()), lr.firstLine, lr.width)
	}
	held := AddBytes(lr.recs.held(), lr.namesMem, lr.labelsMem)
	data, err := growCells(op, data, lr.width-1, rec.line, held)
	if err != nil {
		return nil, err
	}
	for j := range rec.Len() {
		cell := rec.Field(j)
		if j == lr.target {
			s := bytes.TrimSpace(cell)
			if len(s) == 0 {
				return nil, newError(op, ErrFormat, "line %d, %s: empty label", rec.FieldLine(j), columnLabel(j, lr.names))
			}
			t.Labels = append(t.Labels, string(s))
			lr.labelsMem += 16 + int64(len(s))
			continue
		}
		v, err := parseCellBytes(cell)
		if err != nil {
			p := err.(*cellProblem)
			return nil, newError(op, p.sentinel, "line %d, %s: %s", rec.FieldLine(j), columnLabel(j, lr.names), p.what)
		}
		data = append(data, v)
	}
	return data, nil
}

// isLabeledHeader decides whether the first record of a labeled table is a
// header: one of its cells is text where the second record has a number or
// an empty cell (or there is no second record, or a shorter one).
func isLabeledHeader(first, second *csvRecord) bool {
	for j := range first.Len() {
		s := bytes.TrimSpace(first.Field(j))
		if len(s) == 0 || isNumeric(string(s)) {
			continue
		}
		if second == nil || j >= second.Len() {
			return true
		}
		if v := bytes.TrimSpace(second.Field(j)); len(v) == 0 || isNumeric(string(v)) {
			return true
		}
	}
	return false
}

// textOrNil is the record's text, nil for no record.
func (r *csvRecord) textOrNil() []byte {
	if r == nil {
		return nil
	}
	return r.text
}

// lenOrZero is the record's number of fields, 0 for no record.
func (r *csvRecord) lenOrZero() int {
	if r == nil {
		return 0
	}
	return r.Len()
}
