package matrix

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
)

// Table is a numeric CSV file: the data matrix and, when the file had a
// header row, the column names.
type Table struct {
	Names []string // column names from the header row; nil without a header
	Data  *Dense   // one row per data line
}

// ReadCSV reads a table of numbers. The first row is taken as a header when
// any of its cells is not a number; its cells become Names. Every other
// cell must parse as a finite float64 (strconv syntax, surrounding spaces
// allowed).
//
// Errors wrap ErrEmpty (no data rows), ErrFormat (ragged rows, empty or
// non-numeric cells, unreadable CSV) or ErrNotFinite (NaN, ±Inf); the
// message names the line (1-based, as an editor shows it) and the column
// (its name when known, else its 1-based number).
func ReadCSV(r io.Reader) (*Table, error) {
	const op = "read csv"
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1 // check the width ourselves, for a better message
	cr.TrimLeadingSpace = true
	cr.ReuseRecord = true
	var (
		t     Table
		data  []float64
		cols  = -1
		nrows int
	)
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, newError(op, ErrFormat, "line %d: %v", pe.Line, pe.Err)
			}
			return nil, newError(op, ErrFormat, "%v", err)
		}
		line, _ := cr.FieldPos(0)
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue // a blank line
		}
		if cols < 0 {
			cols = len(rec)
			if !allNumeric(rec) {
				t.Names = make([]string, len(rec))
				for j, s := range rec {
					t.Names[j] = strings.TrimSpace(s)
				}
				continue
			}
		}
		if len(rec) != cols {
			return nil, newError(op, ErrFormat, "line %d has %d fields, expected %d", line, len(rec), cols)
		}
		for j, s := range rec {
			v, err := parseCell(s)
			if err != nil {
				return nil, newError(op, errors.Unwrap(err), "line %d, column %s: %v", line, t.columnLabel(j), err)
			}
			data = append(data, v)
		}
		nrows++
	}
	if nrows == 0 {
		return nil, newError(op, ErrEmpty, "no data rows")
	}
	t.Data = &Dense{rows: nrows, cols: cols, stride: cols, data: data}
	return &t, nil
}

// cellError is a bad cell; it unwraps to the sentinel that classifies it.
type cellError struct {
	msg      string
	sentinel error
}

func (e *cellError) Error() string { return e.msg }
func (e *cellError) Unwrap() error { return e.sentinel }

// parseCell parses one numeric cell.
func parseCell(s string) (float64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, &cellError{"empty cell", ErrFormat}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, &cellError{fmt.Sprintf("%q is not a number", s), ErrFormat}
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, &cellError{fmt.Sprintf("%q is not a finite number", s), ErrNotFinite}
	}
	return v, nil
}

func allNumeric(rec []string) bool {
	for _, s := range rec {
		if _, err := strconv.ParseFloat(strings.TrimSpace(s), 64); err != nil && !errors.Is(err, strconv.ErrRange) {
			return false
		}
	}
	return true
}

// columnLabel names column j for messages: "3" or `"petal_width" (3)`.
func (t *Table) columnLabel(j int) string {
	if j < len(t.Names) && t.Names[j] != "" {
		return fmt.Sprintf("%q (%d)", t.Names[j], j+1)
	}
	return strconv.Itoa(j + 1)
}

// ReadCSVFile opens and reads a CSV file with ReadCSV; errors name the file.
func ReadCSVFile(path string) (*Table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t, err := ReadCSV(f)
	if err != nil {
		var me *Error
		if errors.As(err, &me) {
			me.Detail = path + ": " + me.Detail
		}
		return nil, err
	}
	return t, nil
}

// Column resolves a column given by name or by 0-based index (the -target
// argument of the command line). Unknown names and indices out of range
// give an error listing what exists.
func (t *Table) Column(nameOrIndex string) (int, error) {
	for j, n := range t.Names {
		if n == nameOrIndex {
			return j, nil
		}
	}
	if j, err := strconv.Atoi(nameOrIndex); err == nil {
		if j >= 0 && j < t.Data.cols {
			return j, nil
		}
		return 0, newError("column", ErrShape, "index %d out of range for %d columns", j, t.Data.cols)
	}
	if t.Names == nil {
		return 0, newError("column", ErrFormat, "no column named %q: the file has no header, use a 0-based index", nameOrIndex)
	}
	return 0, newError("column", ErrFormat, "no column named %q; columns are %s", nameOrIndex, strings.Join(t.Names, ", "))
}

// Split returns the table without column target, as the feature matrix X,
// and that column as y. The remaining names are returned in order.
func (t *Table) Split(target int) (x *Dense, y []float64, names []string) {
	n, d := t.Data.Dims()
	x = New(n, d-1)
	y = make([]float64, n)
	for i := range n {
		row := t.Data.Row(i)
		y[i] = row[target]
		copy(x.Row(i), row[:target])
		copy(x.Row(i)[target:], row[target+1:])
	}
	if t.Names != nil {
		names = append(append([]string(nil), t.Names[:target]...), t.Names[target+1:]...)
	}
	return x, y, names
}

// WriteCSV writes m as CSV, preceded by a header row when names is not nil.
// Numbers are written in the shortest form that reads back to the same
// float64, so ReadCSV(WriteCSV(m)) reproduces m exactly.
func WriteCSV(w io.Writer, m *Dense, names []string) error {
	if names != nil && len(names) != m.cols {
		return newError("write csv", ErrShape, "%d names for %d columns", len(names), m.cols)
	}
	cw := csv.NewWriter(w)
	if names != nil {
		if err := cw.Write(names); err != nil {
			return err
		}
	}
	rec := make([]string, m.cols)
	for i := range m.rows {
		for j, v := range m.Row(i) {
			rec[j] = strconv.FormatFloat(v, 'g', -1, 64)
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
