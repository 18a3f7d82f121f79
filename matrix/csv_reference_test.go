package matrix

// The encoding/csv readers as they were before the lean path (issue 25),
// kept as the reference that FuzzCSVLeanMatchesReference and
// TestCSVLeanMatchesReference compare ReadCSV and ReadLabeledCSV with:
// the same tables bit for bit, or the same error message.

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"strings"
)

// refReadCSV is ReadCSV on encoding/csv, as it was.
func refReadCSV(r io.Reader) (*Table, error) {
	br := bufio.NewReader(r)
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		return nil, newError("read csv", ErrFormat, "the input is gzip-compressed; decompress it first (gunzip)")
	}
	if err := skipByteOrderMark(br); err != nil {
		return nil, fmt.Errorf("matrix: read csv: %w", err)
	}
	cr := csv.NewReader(br)
	cr.FieldsPerRecord = -1 // ragged records are reported below, with both widths
	cr.ReuseRecord = true

	var (
		names     []string
		data      []float64
		width     = -1 // number of fields of the first record
		firstLine int  // the line the first record starts on
		rows      int
	)
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, csvSyntaxError(err, "read csv")
		}
		if refIsBlankRecord(rec) {
			continue
		}
		line, _ := cr.FieldPos(0)
		if width < 0 {
			width, firstLine = len(rec), line
			if refIsHeader(rec) {
				if names, err = refHeaderNames(rec, line); err != nil {
					return nil, err
				}
				continue
			}
		}
		if len(rec) != width {
			return nil, newError("read csv", ErrFormat, "line %d has %s, line %d has %d", line, fieldCount(len(rec)), firstLine, width)
		}
		for j, cell := range rec {
			v, err := parseCell(cell)
			if err != nil {
				fieldLine, _ := cr.FieldPos(j)
				return nil, cellError(err, fieldLine, j, names)
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
		return nil, newError("read csv", ErrEmpty, "%s", detail)
	}
	m, err := NewFromSlice(rows, width, data)
	if err != nil {
		panic("matrix: read csv: internal error: " + err.Error())
	}
	return &Table{Names: names, Data: m}, nil
}

// refIsBlankRecord reports a record that is one field of white space: a line
// that holds only spaces, which encoding/csv does not skip by itself.
func refIsBlankRecord(rec []string) bool {
	return len(rec) == 1 && strings.TrimSpace(rec[0]) == ""
}

// refIsHeader reports whether the first record is a header: some cell is
// neither empty nor numeric. An out-of-range number such as 1e400 counts as
// numeric, so that it is reported as not finite rather than taken as a name.
func refIsHeader(rec []string) bool {
	for _, cell := range rec {
		if s := strings.TrimSpace(cell); s != "" && !isNumeric(s) {
			return true
		}
	}
	return false
}

// refHeaderNames trims and validates the header record found on line.
func refHeaderNames(rec []string, line int) ([]string, error) {
	names := make([]string, len(rec))
	seen := make(map[string]int, len(rec))
	for j, cell := range rec {
		name := strings.TrimSpace(cell)
		if name == "" {
			return nil, newError("read csv", ErrFormat, "line %d, column %d: empty column name", line, j+1)
		}
		if strings.ContainsRune(name, '\r') {
			// A lone CR is not a line end for encoding/csv: this is usually
			// a file with classic Mac OS line endings.
			return nil, newError("read csv", ErrFormat, "line %d, column %d: name %q contains a carriage return", line, j+1, name)
		}
		if k, dup := seen[name]; dup {
			return nil, newError("read csv", ErrFormat, "line %d, column %d: duplicate column name %q (also column %d)", line, j+1, name, k+1)
		}
		seen[name] = j
		names[j] = name
	}
	return names, nil
}

// refReadLabeledCSV is ReadLabeledCSV on encoding/csv, as it was.
func refReadLabeledCSV(r io.Reader, label string) (*LabeledTable, error) {
	const op = "read labeled csv"
	br := bufio.NewReader(r)
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		return nil, newError(op, ErrFormat, "the input is gzip-compressed; decompress it first (gunzip)")
	}
	if err := skipByteOrderMark(br); err != nil {
		return nil, fmt.Errorf("matrix: %s: %w", op, err)
	}
	lr := &refLabeledReader{cr: csv.NewReader(br)}
	lr.cr.FieldsPerRecord = -1
	first, err := lr.next()
	if err != nil {
		return nil, err
	}
	if first == nil {
		return nil, newError(op, ErrEmpty, "no data rows")
	}
	second, err := lr.next()
	if err != nil {
		return nil, err
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
	t.Data, _ = NewFromSlice(len(t.Labels), width-1, data)
	if header != nil {
		t.Label = header[target]
		t.Names = append(append(make([]string, 0, width-1), header[:target]...), header[target+1:]...)
	}
	return t, nil
}

// refLabeledReader reads the records of a labeled table, skipping blank lines.
type refLabeledReader struct {
	cr        *csv.Reader
	width     int      // the number of fields of the first record
	firstLine int      // the line of the first record
	target    int      // the label column
	names     []string // the header, nil without one
}

// refRecord is a record with the line on which each of its fields starts.
type refRecord struct {
	cells []string
	lines []int
}

// layout decides from the first two records whether the file has a
// header, and resolves the label column.
func (lr *refLabeledReader) layout(first, second *refRecord, label string) error {
	const op = "read labeled csv"
	if refIsLabeledHeader(first.cells, second) {
		header, err := refHeaderNames(first.cells, first.lines[0])
		if err != nil {
			err.(*Error).Op = op
			return err
		}
		lr.names = header
	}
	lr.width, lr.firstLine = len(first.cells), first.lines[0]
	if lr.width < 2 {
		return newError(op, ErrFormat, "line %d has %s: need a label column and at least one feature column", lr.firstLine, fieldCount(lr.width))
	}
	if label == "" {
		lr.target = lr.width - 1
		return nil
	}
	// Table.Column resolves the name or index and lists the columns; it
	// needs only the names and the width.
	j, err := (&Table{Names: lr.names, Data: New(1, lr.width)}).Column(label)
	lr.target = j
	return err
}

// next returns the next non-blank record, or nil at the end.
func (lr *refLabeledReader) next() (*refRecord, error) {
	for {
		rec, err := lr.cr.Read()
		if err == io.EOF {
			return nil, nil
		}
		if err != nil {
			e := csvSyntaxError(err, "read labeled csv")
			if me, ok := e.(*Error); ok {
				me.Op = "read labeled csv"
			}
			return nil, e
		}
		if refIsBlankRecord(rec) {
			continue
		}
		r := &refRecord{cells: rec, lines: make([]int, len(rec))}
		for j := range rec {
			r.lines[j], _ = lr.cr.FieldPos(j)
		}
		return r, nil
	}
}

// add appends a data record's features to data and its label to t.
func (lr *refLabeledReader) add(data []float64, t *LabeledTable, rec *refRecord) ([]float64, error) {
	const op = "read labeled csv"
	if len(rec.cells) != lr.width {
		return nil, newError(op, ErrFormat, "line %d has %s, line %d has %d", rec.lines[0], fieldCount(len(rec.cells)), lr.firstLine, lr.width)
	}
	for j, cell := range rec.cells {
		fieldLine := rec.lines[j]
		if j == lr.target {
			s := strings.TrimSpace(cell)
			if s == "" {
				return nil, newError(op, ErrFormat, "line %d, %s: empty label", fieldLine, columnLabel(j, lr.names))
			}
			// A copy: the cell is a slice of its whole line's string.
			t.Labels = append(t.Labels, strings.Clone(s))
			continue
		}
		v, err := parseCell(cell)
		if err != nil {
			p := err.(*cellProblem)
			return nil, newError(op, p.sentinel, "line %d, %s: %s", fieldLine, columnLabel(j, lr.names), p.what)
		}
		data = append(data, v)
	}
	return data, nil
}

// refIsLabeledHeader decides whether the first record of a labeled table is a
// header: one of its cells is text where the second record has a number or
// an empty cell (or there is no second record, or a shorter one).
func refIsLabeledHeader(first []string, second *refRecord) bool {
	for j, cell := range first {
		s := strings.TrimSpace(cell)
		if s == "" || isNumeric(s) {
			continue
		}
		if second == nil || j >= len(second.cells) {
			return true
		}
		if v := strings.TrimSpace(second.cells[j]); v == "" || isNumeric(v) {
			return true
		}
	}
	return false
}
