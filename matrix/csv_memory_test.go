package matrix

import (
	"bytes"
	"errors"
	"runtime"
	"strings"
	"testing"
)

// wideLine is one header-less record of n fields "0.5", a line of 4n bytes.
func wideLine(n int) []byte {
	return []byte(strings.TrimSuffix(strings.Repeat("0.5,", n), ",") + "\n")
}

// allocatedBy returns the bytes f allocates (runtime.MemStats.TotalAlloc).
func allocatedBy(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestReadCSVWideLineMemory: reading a line of n numbers allocates the
// 8n bytes of the numbers and twice the line, not the ~40 bytes a field
// of encoding/csv (issue 25).
//
// The bound, for a line of L bytes (here L = 4n) longer than the 64 kB
// buffered reader:
//
//	numbers        8n     growCells sizes the first record's storage exactly
//	the line       2L     the 64 kB pieces beyond the (empty) line buffer,
//	                      copied once, then the line assembled at its length
//	buffered reader 64 kB
//	the rest       < 64 kB (the reader, the table, header detection: no
//	                      allocation per field, ParseFloat's argument stays
//	                      on the stack)
//
// so at most 8n + 2L + 128 kB = 16n + 128 kB; encoding/csv's path
// allocated over 40n.
func TestReadCSVWideLineMemory(t *testing.T) {
	const n = 200_000
	in := wideLine(n)
	var tab *Table
	var err error
	got := allocatedBy(func() { tab, err = ReadCSV(bytes.NewReader(in)) })
	if err != nil {
		t.Fatal(err)
	}
	if r, c := tab.Data.Dims(); r != 1 || c != n || tab.Data.At(0, n-1) != 0.5 {
		t.Fatalf("read %d×%d", r, c)
	}
	bound := uint64(8*n + 2*len(in) + 128<<10)
	if got > bound {
		t.Errorf("reading a line of %d fields (%d bytes) allocated %d bytes, bound 8n + 2L + 128 kB = %d", n, len(in), got, bound)
	}
	ref := allocatedBy(func() { refReadCSV(bytes.NewReader(in)) })
	t.Logf("allocated %d bytes (%.1f a field); encoding/csv %d (%.1f a field); bound %d", got, float64(got)/n, ref, float64(ref)/n, bound)
}

// TestReadCSVTooLarge: under a memory limit the reader refuses, with
// ErrTooLarge naming the size and the limit, a table whose numbers would
// not fit, a header whose names would not, and a line it cannot hold;
// the same input reads under the default limit.
func TestReadCSVTooLarge(t *testing.T) {
	defer SetMemoryLimit(SetMemoryLimit(0))
	const n = 100_000
	rows := bytes.Repeat(wideLine(n), 3)
	header := []byte(strings.Repeat("x,", n-1) + "y\n")
	for _, c := range []struct {
		name  string
		in    []byte
		limit int64
		want  string
	}{
		// Rows of 8n bytes: the second needs the old storage and the
		// grown one at once, 8n + 16n = 24n bytes, the third 16n + 24n =
		// 40n (with the line, 4n bytes, and the 64 kB reader).
		{"numbers", rows, 35 * n, "line 3: 3 rows of 100000 numbers need"},
		{"line", rows, 100 << 10, "line 1: a line of more than"},
		// The header line (2n bytes) can be read, its names (16 bytes
		// each and 4 for the sort) cannot be kept.
		{"header", append(header, wideLine(n)...), 1 << 20, "line 1: the header of 100000 names needs"},
	} {
		t.Run(c.name, func(t *testing.T) {
			SetMemoryLimit(c.limit)
			_, err := ReadCSV(bytes.NewReader(c.in))
			if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "the limit is "+FormatBytes(c.limit)) {
				t.Errorf("got %v, want ErrTooLarge with %q", err, c.want)
			}
			_, err = ReadLabeledCSV(bytes.NewReader(c.in), "")
			if !errors.Is(err, ErrTooLarge) {
				t.Errorf("labeled: got %v, want ErrTooLarge", err)
			}
			SetMemoryLimit(0)
			if _, err := ReadCSV(bytes.NewReader(c.in)); err != nil && !errors.Is(err, ErrFormat) {
				t.Errorf("default limit: %v", err)
			}
		})
	}
}
