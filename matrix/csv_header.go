package matrix

// The header record of a CSV table: detected, trimmed and checked from the
// fields of CSVRecords, with one string for the whole header and a sort
// instead of a map to find duplicate names, so that a header of 10 million
// names costs its text, 16 bytes a name and 4 bytes a name while it is
// checked (a map of 10 million strings took about 50 bytes a name more).

import (
	"bytes"
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
)

// isHeader reports whether the current record, taken as the first one of
// a table, is a header: some cell is neither empty nor numeric. An
// out-of-range number such as 1e400 counts as numeric, so that it is
// reported as not finite rather than taken as a name.
func (r *csvRecord) isHeader() bool {
	for j := range r.Len() {
		if s := bytes.TrimSpace(r.Field(j)); len(s) > 0 && !isNumeric(string(s)) {
			return true
		}
	}
	return false
}

// cells returns the record's fields as strings, trimmed of white space,
// all slices of one string holding the record's text.
func (r *csvRecord) cells() []string {
	text := string(r.text)
	out := make([]string, r.Len())
	for j := range out {
		start, end := r.bounds(j)
		out[j] = strings.TrimSpace(text[start:end])
	}
	return out
}

// headerNames trims and validates the record r as the header of operation
// op, refusing with ErrTooLarge a header whose names, with held bytes
// already in use, would not fit within MemoryLimit.
func (r *csvRecord) headerNames(op string, held int64) ([]string, error) {
	line, n := r.line, r.Len()
	need := AddBytes(held, int64(len(r.text)), 16*int64(n), 4*int64(n))
	if err := CheckAlloc(op, fmt.Sprintf("line %d: the header of %d names", line, n), need); err != nil {
		return nil, err
	}
	names := r.cells()
	if err := checkNames(names, line); err != nil {
		err.Op = op
		return nil, err
	}
	return names, nil
}

// checkNames validates trimmed header names found on line: the first
// column (in order) whose name is empty, holds a carriage return, or
// repeats an earlier name is an error.
func checkNames(names []string, line int) *Error {
	bad := slices.IndexFunc(names, func(name string) bool {
		return name == "" || strings.ContainsRune(name, '\r')
	})
	j, k := FirstDuplicate(names)
	switch {
	case bad >= 0 && (j < 0 || bad <= j) && names[bad] == "":
		return newError("read csv", ErrFormat, "line %d, column %d: empty column name", line, bad+1)
	case bad >= 0 && (j < 0 || bad <= j):
		// A lone CR is not a line end for encoding/csv: this is usually
		// a file with classic Mac OS line endings.
		return newError("read csv", ErrFormat, "line %d, column %d: name %q contains a carriage return", line, bad+1, names[bad])
	case j >= 0:
		return newError("read csv", ErrFormat, "line %d, column %d: duplicate column name %q (also column %d)", line, j+1, names[j], k+1)
	}
	return nil
}

// FirstDuplicate returns the first column j (0-based, in order) whose name
// occurs in an earlier column, and the first column k of that name; −1, −1
// when the names are distinct (the header checks of ReadCSV, and of any
// reader of named columns). It sorts the columns by name (ties by
// position): in each run of equal names, the first is k and the second is
// the first repeat of that name, and j is the least of those.
func FirstDuplicate(names []string) (j, k int) {
	if len(names) > math.MaxInt32 {
		return firstDuplicateMap(names)
	}
	idx := make([]int32, len(names))
	for i := range idx {
		idx[i] = int32(i)
	}
	slices.SortFunc(idx, func(a, b int32) int {
		if c := strings.Compare(names[a], names[b]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	j, k = -1, -1
	for i := 1; i < len(idx); i++ {
		if names[idx[i]] != names[idx[i-1]] {
			continue
		}
		if first := i - 1; first == 0 || names[idx[first-1]] != names[idx[first]] {
			// idx[i] is the second column of its name.
			if j < 0 || int(idx[i]) < j {
				j, k = int(idx[i]), int(idx[first])
			}
		}
	}
	return j, k
}

// firstDuplicateMap is FirstDuplicate with a map, for more columns than
// an int32 indexes.
func firstDuplicateMap(names []string) (j, k int) {
	seen := make(map[string]int, len(names))
	for j, name := range names {
		if k, dup := seen[name]; dup {
			return j, k
		}
		seen[name] = j
	}
	return -1, -1
}

// namesBytes estimates the memory of header names: 16 bytes a string
// header and the text.
func namesBytes(names []string) int64 {
	var b int64
	for _, s := range names {
		b += 16 + int64(len(s))
	}
	return b
}
