package main

// The text form of a result is a summary a person reads on one screen
// (docs/cli.md, "Text output"): a vector of more than summaryMax numbers
// is printed as its length and its first few entries, a matrix larger
// than summaryMax×summaryMax as its shape and its first rows, and a
// nested value (a table of grid results, a map of parameters) through
// textOf, never through Go's %v. The JSON form keeps every number.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"mlnotes/matrix"
)

const (
	// summaryMax is the largest vector length, and the largest number of
	// rows or columns of a matrix, that the text output prints whole: a
	// 12×12 covariance or confusion matrix is still read whole.
	summaryMax = 12
	// summaryHead is how many entries (or rows, or columns) a summary
	// shows.
	summaryHead = 4
	// lineMax is the longest line text output writes (the tree's -print
	// and predict's table of rows are one item a line, never longer).
	lineMax = 120
)

// shown is a result whose text form is written by the command (a table,
// a rule) while its JSON form is the value itself.
type shown struct {
	value any    // what -json writes
	text  string // what the text output writes after "name:"; a leading newline puts it under the name
}

// MarshalJSON writes the value, so emitJSON needs no special case.
func (s shown) MarshalJSON() ([]byte, error) { return json.Marshal(s.value) }

// summarizeVector writes a vector of any length: whole when it has at
// most summaryMax entries and fits in room characters, otherwise its
// length and its first entries.
func summarizeVector(room, n int, item func(i int) string) string {
	if n <= summaryMax {
		s := make([]string, n)
		for i := range n {
			s[i] = item(i)
		}
		if whole := "[" + strings.Join(s, " ") + "]"; len([]rune(whole)) <= room {
			return whole
		}
	}
	head := make([]string, min(n, summaryHead))
	for i := range head {
		head[i] = item(i)
	}
	return fmt.Sprintf("%d (first %d: %s; all with -json)", n, len(head), strings.Join(head, " "))
}

// writeMatrixSummary writes the first summaryHead rows (and, for a wide
// matrix, the first summaryHead columns) of m, aligned, and a line
// saying what was left out.
func writeMatrixSummary(b *strings.Builder, m *matrix.Dense) {
	r, c := m.Dims()
	rows, cols := min(r, summaryHead), c
	if c > summaryMax {
		cols = summaryHead
	}
	head := matrix.New(rows, cols)
	for i := range rows {
		for j := range cols {
			head.Set(i, j, m.At(i, j))
		}
	}
	b.WriteString(formatMatrixString(head))
	what := fmt.Sprintf("first %d rows", rows)
	if cols < c {
		what += fmt.Sprintf(", first %d columns", cols)
	}
	fmt.Fprintf(b, "  … (%s of %d×%d; all with -json)\n", what, r, c)
}

// isSmall says whether a matrix is printed whole.
func isSmall(r, c int) bool { return r <= summaryMax && c <= summaryMax }

// textOf is the one-line text form of a value that is neither a number
// nor a vector nor a matrix: maps as "key value" pairs in key order,
// slices summarized, structs by their exported fields, all without Go
// syntax.
func textOf(v any, room int) string {
	if v == nil {
		return ""
	}
	switch x := v.(type) {
	case float64:
		return formatNumber(x)
	case string:
		return x
	case []float64:
		return summarizeVector(room, len(x), func(i int) string { return formatNumber(x[i]) })
	case shown:
		return x.text
	case *matrix.Dense:
		r, c := x.Dims()
		return fmt.Sprintf("%d×%d matrix (with -json)", r, c)
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Pointer, reflect.Interface:
		if rv.IsNil() {
			return ""
		}
		return textOf(rv.Elem().Interface(), room)
	case reflect.Float32, reflect.Float64:
		return formatNumber(rv.Float())
	case reflect.Slice, reflect.Array:
		return summarizeVector(room, rv.Len(), func(i int) string { return textOf(rv.Index(i).Interface(), room) })
	case reflect.Map:
		keys := rv.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(fmt.Sprint(a), fmt.Sprint(b)) })
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = fmt.Sprint(k) + " " + textOf(rv.MapIndex(k).Interface(), room/2)
		}
		return strings.Join(parts, ", ")
	case reflect.Struct:
		t := rv.Type()
		var parts []string
		for i := range t.NumField() {
			if t.Field(i).IsExported() {
				parts = append(parts, t.Field(i).Name+" "+textOf(rv.Field(i).Interface(), room/2))
			}
		}
		return strings.Join(parts, ", ")
	}
	return fmt.Sprint(v)
}

// formatMatrixString is writeMatrixText into a string, for small matrices.
func formatMatrixString(m *matrix.Dense) string {
	var b strings.Builder
	bw := bufio.NewWriter(&b)
	writeMatrixText(bw, m)
	bw.Flush()
	return b.String()
}

// formatTable lays out rows (the first is the header) as columns two
// spaces apart, each right-aligned to its widest cell, every line
// indented by two spaces and preceded by a newline so the table sits
// under its field's name.
func formatTable(rows [][]string) string {
	var width []int
	for _, r := range rows {
		for j, s := range r {
			if j == len(width) {
				width = append(width, 0)
			}
			width[j] = max(width[j], len([]rune(s)))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		b.WriteString("\n ")
		for j, s := range r {
			b.WriteString(" " + strings.Repeat(" ", width[j]-len([]rune(s))) + s)
		}
	}
	return b.String()
}

// writeColumnCSV writes per-row results (one value a row, under the
// header name) as CSV to path: the -out FILE of the commands whose text
// output summarizes them. Non-finite values are written as strconv
// writes them (-Inf for the log of a zero density).
func writeColumnCSV(path, name string, v []float64) error {
	var b strings.Builder
	b.WriteString(name + "\n")
	for _, x := range v {
		b.WriteString(strconv.FormatFloat(x, 'g', -1, 64) + "\n")
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// writeMatrixCSV writes the rows of m as CSV under the header
// name1,name2,… (name followed by the column number, from 1).
func writeMatrixCSV(path, name string, m *matrix.Dense) error {
	var b strings.Builder
	r, c := m.Dims()
	for j := range c {
		if j > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%s%d", name, j+1)
	}
	b.WriteByte('\n')
	for i := range r {
		for j, x := range m.Row(i) {
			if j > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.FormatFloat(x, 'g', -1, 64))
		}
		b.WriteByte('\n')
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// writeRowsOut is -out FILE of the commands with per-row results in a
// matrix: nothing when path is empty, else writeMatrixCSV.
func writeRowsOut(path, name string, m *matrix.Dense) error {
	if path == "" {
		return nil
	}
	return writeMatrixCSV(path, name, m)
}
