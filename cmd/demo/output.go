package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"

	"mlnotes/matrix"
)

// field is one named result of a command. Results are kept in order so the
// text output reads top to bottom and the JSON keys appear in the same order.
type field struct {
	name  string
	value any // float64, int, string, bool, []float64, []int, []string, *matrix.Dense
}

// emit writes the results of a command as aligned text or as one JSON object.
// A non-finite number in any field is an error before anything is written,
// in both forms (docs/cli.md: exit 1, never an Inf printed with status 0).
func emit(w io.Writer, asJSON bool, fields []field) error {
	if err := checkFinite(fields); err != nil {
		return err
	}
	if asJSON {
		return emitJSON(w, fields)
	}
	return emitText(w, fields)
}

// emitJSON writes {"name": value, ...} on one line. Matrices become arrays
// of rows. Non-finite numbers cannot be represented in JSON; they are an
// error (the commands check their inputs, so this is a computation failure).
// Every field is encoded or checked before the first byte is written, so
// an error leaves stdout empty; matrices are then streamed, not held whole.
func emitJSON(w io.Writer, fields []field) error {
	encoded := make([][]byte, len(fields))
	for i, f := range fields {
		var err error
		if m, ok := f.value.(*matrix.Dense); ok && m != nil {
			err = m.CheckFinite()
		} else {
			encoded[i], err = json.Marshal(f.value)
		}
		if err != nil {
			return fmt.Errorf("%s: cannot write as JSON: %v", f.name, err)
		}
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	bw.WriteByte('{')
	for i, f := range fields {
		if i > 0 {
			bw.WriteByte(',')
		}
		key, _ := json.Marshal(f.name)
		bw.Write(key)
		bw.WriteByte(':')
		if encoded[i] != nil {
			bw.Write(encoded[i])
		} else if err := writeMatrixJSON(bw, f.value.(*matrix.Dense)); err != nil {
			return fmt.Errorf("%s: cannot write as JSON: %v", f.name, err)
		}
	}
	bw.WriteString("}\n")
	return bw.Flush()
}

// emitText writes "name: value" lines, summarized as output_summary.go
// says: short vectors on one line, long ones as their length and first
// entries; small matrices whole and aligned under their name, large ones
// as their first rows; nested values without Go syntax (textOf).
func emitText(w io.Writer, fields []field) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	for _, f := range fields {
		switch v := f.value.(type) {
		case *matrix.Dense:
			r, c := v.Dims()
			fmt.Fprintf(bw, "%s (%d×%d):\n", f.name, r, c)
			if !isSmall(r, c) {
				var b strings.Builder
				writeMatrixSummary(&b, v)
				bw.WriteString(b.String())
			} else if err := writeMatrixText(bw, v); err != nil {
				return err
			}
		case shown:
			sep := ": "
			if strings.HasPrefix(v.text, "\n") {
				sep = ":"
			}
			fmt.Fprintf(bw, "%s%s%s\n", f.name, sep, v.text)
		default:
			fmt.Fprintf(bw, "%s: %s\n", f.name, textOf(v, lineMax-len([]rune(f.name))-2))
		}
	}
	return bw.Flush()
}

// formatNumber prints a float with enough digits to be useful and no more:
// integers without a fraction, others with 6 significant digits.
func formatNumber(v float64) string {
	if v == 0 {
		v = 0 // print −0 as 0
	}
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	var buf [24]byte
	return string(appendG6(buf[:0], v))
}

// checkFinite returns an error naming the first field that holds a NaN or
// an infinity, and where in it.
func checkFinite(fields []field) error {
	for _, f := range fields {
		bad := func(v float64) bool { return math.IsNaN(v) || math.IsInf(v, 0) }
		switch v := f.value.(type) {
		case float64:
			if bad(v) {
				return fmt.Errorf("%s is %v: the result overflows float64 (or is undefined)", f.name, v)
			}
		case []float64:
			for i, x := range v {
				if bad(x) {
					return fmt.Errorf("%s[%d] is %v: the result overflows float64 (or is undefined)", f.name, i, x)
				}
			}
		case *matrix.Dense:
			if v == nil {
				continue
			}
			r, c := v.Dims()
			for i := range r {
				for j := range c {
					if x := v.At(i, j); bad(x) {
						return fmt.Errorf("%s[%d][%d] is %v: the result overflows float64 (or is undefined)", f.name, i, j, x)
					}
				}
			}
		case shown:
			if err := checkFinite([]field{{f.name, v.value}}); err != nil {
				return err
			}
		default:
			// Nested values ([][]float64, maps of results, slices of
			// matrices …): walk them, so that text mode never prints a
			// NaN that JSON would have refused.
			if where, x, ok := nonFiniteIn(reflect.ValueOf(v), f.name); ok {
				return fmt.Errorf("%s is %v: the result overflows float64 (or is undefined)", where, x)
			}
		}
	}
	return nil
}

// nonFiniteIn finds a NaN or an infinity anywhere in v (floats, slices,
// arrays, maps, pointers, interfaces, *matrix.Dense) and names where.
func nonFiniteIn(v reflect.Value, path string) (string, float64, bool) {
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		if x := v.Float(); math.IsNaN(x) || math.IsInf(x, 0) {
			return path, x, true
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if w, x, ok := nonFiniteIn(v.Index(i), fmt.Sprintf("%s[%d]", path, i)); ok {
				return w, x, true
			}
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			if w, x, ok := nonFiniteIn(iter.Value(), fmt.Sprintf("%s[%v]", path, iter.Key())); ok {
				return w, x, true
			}
		}
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			return "", 0, false
		}
		if m, ok := v.Interface().(*matrix.Dense); ok {
			return nonFiniteIn(reflect.ValueOf(m.ToRows()), path)
		}
		return nonFiniteIn(v.Elem(), path)
	}
	return "", 0, false
}
