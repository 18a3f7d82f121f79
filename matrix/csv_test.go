package matrix

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// ioExpected is testdata/io/expected.json: the golden CSV and IDX files
// decoded by Python's csv module and numpy (testdata/gen/make_io_golden.py).
// Floats are repr() strings, so comparisons are bit for bit.
type ioExpected struct {
	CSV map[string]struct {
		Names []string   `json:"names"`
		Data  [][]string `json:"data"`
	} `json:"csv"`
	IDX map[string]struct {
		Type int      `json:"type"`
		Dims []int    `json:"dims"`
		Data []string `json:"data"`
	} `json:"idx"`
	FashionMNIST map[string]struct {
		ImagesDims     []int `json:"images_dims"`
		LabelsDims     []int `json:"labels_dims"`
		PixelSum       int64 `json:"pixel_sum"`
		PixelMax       int   `json:"pixel_max"`
		FirstImageSums []int `json:"first_image_sums"`
		LastImageSum   int   `json:"last_image_sum"`
		LabelCounts    []int `json:"label_counts"`
		FirstLabels    []int `json:"first_labels"`
	} `json:"fashion_mnist"`
}

func loadIOExpected(t *testing.T) *ioExpected {
	t.Helper()
	raw, err := os.ReadFile("../testdata/io/expected.json")
	if err != nil {
		t.Fatal(err)
	}
	var e ioExpected
	if err := json.Unmarshal(raw, &e); err != nil {
		t.Fatal(err)
	}
	return &e
}

// parseRepr parses a Python repr() of a float.
func parseRepr(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("bad expected value %q: %v", s, err)
	}
	return v
}

// sameBits reports whether a and b are the same float64 bit for bit, so
// that -0 differs from +0.
func sameBits(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }

// denseSameBits reports whether a and b have the same shape and bits.
func denseSameBits(a, b *Dense) bool {
	if a.rows != b.rows || a.cols != b.cols {
		return false
	}
	for i := range a.rows {
		for j, v := range a.Row(i) {
			if !sameBits(v, b.Row(i)[j]) {
				return false
			}
		}
	}
	return true
}

// checkError asserts that err is an *Error wrapping sentinel with exactly
// the message want.
func checkError(t *testing.T, err, sentinel error, want string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %q", want)
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error %q (%T) is not an *Error", err, err)
	}
	if !errors.Is(err, sentinel) {
		t.Errorf("error %q does not wrap %q", err, sentinel)
	}
	if err.Error() != want {
		t.Errorf("message\n got %q\nwant %q", err.Error(), want)
	}
}

func TestReadCSVGolden(t *testing.T) {
	// testdata/io/golden.csv: BOM, CRLF, a quoted name with a comma, spaces
	// around cells, a quoted number, a blank line, -0, 1e308, DBL_MIN,
	// the smallest subnormal and -DBL_MAX; decoded by Python's csv module.
	want := loadIOExpected(t).CSV["golden.csv"]
	tab, err := ReadCSVFile("../testdata/io/golden.csv")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(tab.Names, want.Names) {
		t.Errorf("names %q, want %q", tab.Names, want.Names)
	}
	if r, c := tab.Data.Dims(); r != len(want.Data) || c != len(want.Names) {
		t.Fatalf("shape %d×%d, want %d×%d", r, c, len(want.Data), len(want.Names))
	}
	for i, row := range want.Data {
		for j, s := range row {
			if got, w := tab.Data.At(i, j), parseRepr(t, s); !sameBits(got, w) {
				t.Errorf("(%d, %d) = %v, want %v", i, j, got, w)
			}
		}
	}
}

func TestReadCSVAccepts(t *testing.T) {
	for _, tc := range []struct {
		name  string
		in    string
		names []string
		rows  [][]float64
	}{
		{"no header", "1,2\n3,4\n", nil, [][]float64{{1, 2}, {3, 4}}},
		{"header", "a,b\n1,2\n", []string{"a", "b"}, [][]float64{{1, 2}}},
		{"no final newline", "a,b\n1,2", []string{"a", "b"}, [][]float64{{1, 2}}},
		{"CRLF", "a,b\r\n1,2\r\n3,4\r\n", []string{"a", "b"}, [][]float64{{1, 2}, {3, 4}}},
		{"spaces trimmed", " a , b \n 1 ,\t2\t\n", []string{"a", "b"}, [][]float64{{1, 2}}},
		{"ParseFloat syntax", "1e3,-.5,0x1p-2,1_000,+7,5.\n", nil, [][]float64{{1000, -0.5, 0.25, 1000, 7, 5}}},
		{"underflow rounds to zero", "1e-400\n", nil, [][]float64{{0}}},
		{"quoted cells", "\"a\",\"b,c\"\n\"1\",\" 2 \"\n", []string{"a", "b,c"}, [][]float64{{1, 2}}},
		{"blank and white-space lines skipped", "\n a,b\n\n1,2\n   \n3,4\n\n", []string{"a", "b"}, [][]float64{{1, 2}, {3, 4}}},
		{"BOM before numbers", "\uFEFF1,2\n", nil, [][]float64{{1, 2}}},
		{"BOM before header", "\uFEFFa,b\n1,2\n", []string{"a", "b"}, [][]float64{{1, 2}}},
		{"one cell", "5", nil, [][]float64{{5}}},
		{"header with a numeric name", "x,1\n2,3\n", []string{"x", "1"}, [][]float64{{2, 3}}},
		{"multi-line quoted name", "\"a\nb\",c\n1,2\n", []string{"a\nb", "c"}, [][]float64{{1, 2}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tab, err := ReadCSV(strings.NewReader(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(tab.Names, tc.names) || (tab.Names == nil) != (tc.names == nil) {
				t.Errorf("names %q, want %q", tab.Names, tc.names)
			}
			want, _ := NewFromRows(tc.rows)
			if !denseSameBits(tab.Data, want) {
				t.Errorf("data\n%vwant\n%v", tab.Data, want)
			}
		})
	}
}

func TestReadCSVErrors(t *testing.T) {
	const p = "matrix: read csv: "
	for _, tc := range []struct {
		name, in string
		sentinel error
		msg      string
	}{
		{"empty file", "", ErrEmpty, p + "empty input: no data rows"},
		{"blank lines only", "\n\r\n  \n", ErrEmpty, p + "empty input: no data rows"},
		{"BOM only", "\uFEFF", ErrEmpty, p + "empty input: no data rows"},
		{"header only", "a,b\n", ErrEmpty, p + "empty input: header only, no data rows"},
		{"short row", "1,2\n3\n", ErrFormat, p + "malformed input: line 2 has 1 field, line 1 has 2"},
		{"long row after blank line", "a,b\n1,2\n\n3,4,5\n", ErrFormat, p + "malformed input: line 4 has 3 fields, line 1 has 2"},
		{"trailing comma", "a,b\n1,2,\n", ErrFormat, p + "malformed input: line 2 has 3 fields, line 1 has 2"},
		{"first record after blank lines", "\n\n1,2\n3\n", ErrFormat, p + "malformed input: line 4 has 1 field, line 3 has 2"},
		{"word with header", "a,b\n1,2\n3,abc\n", ErrFormat, p + `malformed input: line 3, column 2 ("b"): "abc" is not a number`},
		{"word without header", "1,2\n3,x\n", ErrFormat, p + `malformed input: line 2, column 2: "x" is not a number`},
		{"comment line", "1,2\n# note\n", ErrFormat, p + "malformed input: line 2 has 1 field, line 1 has 2"},
		{"decimal comma", "a\n\"1,5\"\n", ErrFormat, p + `malformed input: line 2, column 1 ("a"): "1,5" is not a number`},
		{"empty cell", "a,b\n1,\n", ErrFormat, p + `malformed input: line 2, column 2 ("b"): empty cell`},
		{"blank cell", "a,b,c\n1,  ,3\n", ErrFormat, p + `malformed input: line 2, column 2 ("b"): empty cell`},
		{"empty cell in first row", "1,,\n", ErrFormat, p + "malformed input: line 1, column 2: empty cell"},
		{"NaN", "a,b\n1,NaN\n", ErrNotFinite, p + `non-finite value: line 2, column 2 ("b"): "NaN" is not a finite number`},
		{"nan lower case", "x\n nan \n", ErrNotFinite, p + `non-finite value: line 2, column 1 ("x"): "nan" is not a finite number`},
		{"Inf", "a,b\n1,2\r\n3,Inf\r\n", ErrNotFinite, p + `non-finite value: line 3, column 2 ("b"): "Inf" is not a finite number`},
		{"-inf", "a\n-inf\n", ErrNotFinite, p + `non-finite value: line 2, column 1 ("a"): "-inf" is not a finite number`},
		{"Infinity", "1,Infinity\n", ErrNotFinite, p + `non-finite value: line 1, column 2: "Infinity" is not a finite number`},
		{"overflow", "a\n1e400\n", ErrNotFinite, p + `non-finite value: line 2, column 1 ("a"): "1e400" overflows float64`},
		{"negative overflow first row", "-1e400,1\n", ErrNotFinite, p + `non-finite value: line 1, column 1: "-1e400" overflows float64`},
		{"NaN in first row is data", "NaN,1\n", ErrNotFinite, p + `non-finite value: line 1, column 1: "NaN" is not a finite number`},
		{"empty name", "a,,c\n1,2,3\n", ErrFormat, p + "malformed input: line 1, column 2: empty column name"},
		{"duplicate name", "a,b, a\n1,2,3\n", ErrFormat, p + `malformed input: line 1, column 3: duplicate column name "a" (also column 1)`},
		{"CR line endings", "a,b\r1,2\r", ErrFormat, p + `malformed input: line 1, column 2: name "b\r1" contains a carriage return`},
		{"bare quote", "1,2\"3\n", ErrFormat, p + "malformed input: line 1, byte 4: bare \" in non-quoted-field"},
		{"unterminated quote", "a,b\n1,\"2\n", ErrFormat, p + "malformed input: line 2, byte 6: extraneous or missing \" in quoted-field"},
		{"quote error in a multi-line record", "a,b\n\"1\n2\"x,3\n", ErrFormat, p + "malformed input: line 3, byte 2 (in the record that starts on line 2): extraneous or missing \" in quoted-field"},
		{"line numbers after a multi-line field", "\"a\nb\",c\n1,2\n3,x\n", ErrFormat, p + `malformed input: line 4, column 2 ("c"): "x" is not a number`},
		{"line of a field inside a multi-line record", "a,b\n\"1\n\",x\n", ErrFormat, p + `malformed input: line 3, column 2 ("b"): "x" is not a number`},
		{"BOM does not shift lines", "\uFEFFa\n1\nz\n", ErrFormat, p + `malformed input: line 3, column 1 ("a"): "z" is not a number`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tab, err := ReadCSV(strings.NewReader(tc.in))
			if tab != nil {
				t.Errorf("non-nil table with an error")
			}
			checkError(t, err, tc.sentinel, tc.msg)
		})
	}
}

// failingReader returns some bytes, then err.
type failingReader struct {
	data []byte
	err  error
}

func (r *failingReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, r.err
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestReadCSVReaderError(t *testing.T) {
	// An I/O error is not malformed input: it passes through, wrapped.
	disk := errors.New("disk on fire")
	_, err := ReadCSV(&failingReader{[]byte("a,b\n1,2\n"), disk})
	if !errors.Is(err, disk) || errors.Is(err, ErrFormat) {
		t.Fatalf("got %v, want a wrapped %v", err, disk)
	}
	if err.Error() != "matrix: read csv: disk on fire" {
		t.Errorf("message %q", err)
	}
}

func TestReadCSVFile(t *testing.T) {
	_, err := ReadCSVFile("../testdata/io/no-such-file.csv")
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: got %v, want fs.ErrNotExist", err)
	}
	path := filepath.Join(t.TempDir(), "bad.csv")
	if err := os.WriteFile(path, []byte("a,b\n1,2\n3,?\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = ReadCSVFile(path)
	checkError(t, err, ErrFormat, "matrix: read csv: malformed input: "+path+`: line 3, column 2 ("b"): "?" is not a number`)
}

// extremeValues are the float64 values a CSV round trip is most likely to
// get wrong: signed zeros, subnormals, the ends of the range, and values
// whose shortest decimal form is long.
var extremeValues = []float64{
	0, math.Copysign(0, -1), 1e-308, -1e-308, 1e308, -1e308,
	math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64,
	0x1p-1022, math.MaxFloat64, -math.MaxFloat64,
	0.1, 1.0 / 3, 2.0 / 3, math.Pi, math.Nextafter(1, 2), math.Nextafter(1, 0),
	123456789012345680, 1e21, 1e-7, 9007199254740993, -5e-324,
}

// csvRoundTrip writes m with WriteCSV and reads it back with ReadCSV.
func csvRoundTrip(t *testing.T, m *Dense, names []string) *Table {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteCSV(&buf, m, names); err != nil {
		t.Fatal(err)
	}
	tab, err := ReadCSV(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

func TestWriteCSVRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		name       string
		rows, cols int
		names      bool
	}{
		{"1×1", 1, 1, false}, {"1×1 named", 1, 1, true},
		{"wide", 3, 40, true}, {"tall", 200, 3, false}, {"square", 25, 25, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := New(tc.rows, tc.cols)
			for i := range tc.rows {
				for j := range tc.cols {
					// Half the entries are extreme values, half are random
					// with random sign and a random exponent in [-300, 300].
					var v float64
					if rng.IntN(2) == 0 {
						v = extremeValues[rng.IntN(len(extremeValues))]
					} else {
						v = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(601)-300))
					}
					m.Set(i, j, v)
				}
			}
			var names []string
			if tc.names {
				for j := range tc.cols {
					names = append(names, fmt.Sprintf("feature %d", j))
				}
			}
			tab := csvRoundTrip(t, m, names)
			if !denseSameBits(tab.Data, m) {
				t.Errorf("round trip changed the data")
			}
			if !slices.Equal(tab.Names, names) || (tab.Names == nil) != (names == nil) {
				t.Errorf("names %q, want %q", tab.Names, names)
			}
		})
	}
	// Every extreme value in one row, and a strided view (stride ≠ cols).
	row, _ := NewFromRows([][]float64{extremeValues})
	big := New(3, len(extremeValues)+2)
	view := big.Slice(1, 2, 1, len(extremeValues)+1)
	view.Copy(row)
	if tab := csvRoundTrip(t, view, nil); !denseSameBits(tab.Data, row) {
		t.Errorf("extreme values: got\n%v", tab.Data.Row(0))
	}
}

// TestCSVSecondByteOrderMark: a second byte-order mark is the start of the
// first name; writing that table puts a mark before it so that reading
// gives the same name back (issue 13, item 24; the fuzz input that found it).
func TestCSVSecondByteOrderMark(t *testing.T) {
	tab, err := ReadCSV(strings.NewReader("\uFEFF\uFEFF,0\n0,0"))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(tab.Names, []string{"\uFEFF", "0"}) {
		t.Fatalf("names %q", tab.Names)
	}
	var buf bytes.Buffer
	if err := WriteCSV(&buf, tab.Data, tab.Names); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(buf.String(), "\uFEFF\uFEFF,0\n") {
		t.Errorf("written as %q", buf.String())
	}
	again, err := ReadCSV(&buf)
	if err != nil || !slices.Equal(again.Names, tab.Names) || !denseSameBits(again.Data, tab.Data) {
		t.Errorf("read back %v, %v", again, err)
	}
}

// TestCSVGzip: compressed input is named, not read as a header.
func TestCSVGzip(t *testing.T) {
	_, err := ReadCSV(strings.NewReader("\x1f\x8b\x08\x00\x00"))
	if !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "gzip-compressed") {
		t.Errorf("gzip input: %v", err)
	}
}

func TestWriteCSVFormat(t *testing.T) {
	// The exact bytes: a header quoted where RFC 4180 needs it, shortest
	// 'g' formatting, "\n" line ends.
	m, _ := NewFromRows([][]float64{{1, -0.5, 1e21}, {math.Copysign(0, -1), 0.1, 5e-324}})
	var buf bytes.Buffer
	if err := WriteCSV(&buf, m, []string{"x", "a,b", `say "hi"`}); err != nil {
		t.Fatal(err)
	}
	want := "x,\"a,b\",\"say \"\"hi\"\"\"\n1,-0.5,1e+21\n-0,0.1,5e-324\n"
	if buf.String() != want {
		t.Errorf("got\n%q\nwant\n%q", buf.String(), want)
	}
}

func TestWriteCSVErrors(t *testing.T) {
	const p = "matrix: write csv: "
	m, _ := NewFromRows([][]float64{{1, 2}, {3, 4}})
	nan, _ := NewFromRows([][]float64{{1, 2}, {3, math.NaN()}})
	for _, tc := range []struct {
		name     string
		m        *Dense
		names    []string
		sentinel error
		msg      string
	}{
		{"no rows", New(0, 3), nil, ErrEmpty, p + "empty input: 0×3 matrix"},
		{"no columns", New(2, 0), nil, ErrEmpty, p + "empty input: 2×0 matrix"},
		{"NaN", nan, nil, ErrNotFinite, p + "non-finite value: element (1, 1) is NaN"},
		{"too few names", m, []string{"a"}, ErrShape, p + "dimension mismatch: 1 names for 2 columns"},
		{"empty name", m, []string{"a", ""}, ErrFormat, p + "malformed input: column 2: empty column name"},
		{"blank name", m, []string{" ", "a"}, ErrFormat, p + "malformed input: column 1: empty column name"},
		{"spaces", m, []string{"a", "b "}, ErrFormat, p + `malformed input: column 2: name "b " has surrounding white space`},
		{"carriage return", m, []string{"a", "b\rc"}, ErrFormat, p + `malformed input: column 2: name "b\rc" contains a carriage return`},
		{"duplicate", m, []string{"a", "a"}, ErrFormat, p + `malformed input: column 2: duplicate column name "a" (also column 1)`},
		{"all numeric", m, []string{"1", "2e5"}, ErrFormat, p + "malformed input: every name is a number, so the header would be read back as data"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			checkError(t, WriteCSV(&buf, tc.m, tc.names), tc.sentinel, tc.msg)
			if buf.Len() != 0 {
				t.Errorf("wrote %q before failing", buf.String())
			}
		})
	}
}

// failingWriter accepts n bytes, then fails.
type failingWriter struct {
	n   int
	err error
}

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, w.err
	}
	w.n -= len(p)
	return len(p), nil
}

func TestWriteCSVWriterError(t *testing.T) {
	full := errors.New("disk full")
	m := New(5000, 3) // more than one bufio buffer of output
	for _, names := range [][]string{nil, {"a", "b", "c"}} {
		for _, n := range []int{0, 3, 100, 9000} {
			err := WriteCSV(&failingWriter{n, full}, m, names)
			if !errors.Is(err, full) {
				t.Errorf("names %v, fail after %d bytes: got %v, want %v", names, n, err, full)
			}
		}
	}
}

func TestTableColumn(t *testing.T) {
	named := &Table{Names: []string{"sepal", "3", "species"}, Data: New(2, 3)}
	plain := &Table{Data: New(2, 4)}
	for _, tc := range []struct {
		tab *Table
		arg string
		j   int
	}{
		{named, "species", 2},
		{named, " sepal ", 0},
		{named, "0", 0},
		{named, "2", 2},
		{named, "3", 1}, // the name "3" wins over the index 3
		{plain, "3", 3},
		{plain, "+1", 1},
	} {
		j, err := tc.tab.Column(tc.arg)
		if err != nil || j != tc.j {
			t.Errorf("Column(%q) = %d, %v; want %d", tc.arg, j, err, tc.j)
		}
	}

	const p = "matrix: column: no such column: "
	for _, tc := range []struct {
		tab      *Table
		arg, msg string
	}{
		{named, "Species", p + `"Species": columns are 0 "sepal", 1 "3", 2 "species"`},
		{named, "-1", p + `index -1 out of range: columns are 0 "sepal", 1 "3", 2 "species"`},
		{named, "", p + `"": columns are 0 "sepal", 1 "3", 2 "species"`},
		{plain, "4", p + "index 4 out of range: the table has no header; use an index from 0 to 3"},
		{plain, "x", p + `"x": the table has no header; use an index from 0 to 3`},
		{&Table{}, "0", p + "index 0 out of range: the table has no columns"},
	} {
		j, err := tc.tab.Column(tc.arg)
		if j != -1 {
			t.Errorf("Column(%q) = %d with an error, want -1", tc.arg, j)
		}
		checkError(t, err, ErrNoColumn, tc.msg)
	}

	// A long header is listed up to 40 names.
	names := make([]string, 65)
	for j := range names {
		names[j] = fmt.Sprintf("p%d", j)
	}
	_, err := (&Table{Names: names, Data: New(1, 65)}).Column("pixel")
	if msg := err.Error(); !strings.HasSuffix(msg, `38 "p38", 39 "p39", … (25 more)`) || strings.Contains(msg, "p40") {
		t.Errorf("long list: %q", msg)
	}
}

func TestTableSplit(t *testing.T) {
	data, _ := NewFromRows([][]float64{{1, 2, 3}, {4, 5, 6}})
	tab := &Table{Names: []string{"a", "b", "c"}, Data: data}
	for _, tc := range []struct {
		target int
		X      [][]float64
		y      []float64
		names  []string
	}{
		{0, [][]float64{{2, 3}, {5, 6}}, []float64{1, 4}, []string{"b", "c"}},
		{1, [][]float64{{1, 3}, {4, 6}}, []float64{2, 5}, []string{"a", "c"}},
		{2, [][]float64{{1, 2}, {4, 5}}, []float64{3, 6}, []string{"a", "b"}},
	} {
		X, y, names, _ := tab.Split(tc.target)
		want, _ := NewFromRows(tc.X)
		if !denseSameBits(X, want) || !slices.Equal(y, tc.y) || !slices.Equal(names, tc.names) {
			t.Errorf("Split(%d) = %v, %v, %q", tc.target, X.ToRows(), y, names)
		}
		X.Set(0, 0, -1) // copies: the table is unchanged
		y[0] = -1
		names[0] = "changed"
	}
	if data.At(0, 0) != 1 || data.At(0, 1) != 2 || !slices.Equal(tab.Names, []string{"a", "b", "c"}) {
		t.Errorf("Split wrote into the table")
	}

	one, _ := NewFromRows([][]float64{{7}, {8}})
	X, y, names, _ := (&Table{Data: one}).Split(0)
	if r, c := X.Dims(); r != 2 || c != 0 || !slices.Equal(y, []float64{7, 8}) || names != nil {
		t.Errorf("single column without header: X %d×%d, y %v, names %q", r, c, y, names)
	}

	for _, target := range []int{-1, 3} {
		if X, _, _, err := tab.Split(target); !errors.Is(err, ErrNoColumn) || X != nil || !strings.Contains(err.Error(), `0 "a"`) {
			t.Errorf("Split(%d): %v", target, err)
		}
	}
	for _, bad := range []*Table{nil, {}, {Names: []string{"a"}}} {
		if _, _, _, err := bad.Split(0); !errors.Is(err, ErrEmpty) {
			t.Errorf("Split of %+v: %v", bad, err)
		}
	}
}

// datasets describes the files of testdata/ as testdata/README.md does; the
// label counts and target ranges were checked against scikit-learn 1.2.1's
// bundled copies (see the README).
var datasets = []struct {
	file        string
	rows, cols  int
	first, last string // first and last column names; last is the target
	sha256      string
	classes     []int // count of each class 0, 1, …, or nil for regression
	min, max    float64
}{
	{"iris.csv", 150, 5, "sepal_length", "species", "753b2c2aedcef161282d5175430b5841e91a01539622e799c562aa4d8febad02", []int{50, 50, 50}, 0, 2},
	{"wine.csv", 178, 14, "alcohol", "cultivar", "6f759e367b505d34408f02ee438c63fd4c780d3cfb52c363c79dd400be1f64db", []int{59, 71, 48}, 0, 2},
	{"breast_cancer.csv", 569, 31, "mean_radius", "benign", "3a43b0f0f79b844962a9c06d1da3dd81b5cec789aa17530d259bd75a41469ad3", []int{212, 357}, 0, 1},
	{"digits.csv", 1797, 65, "p0", "digit", "4a95dc7a26f5f7ae99959cd46bf9d4c11fb082ffed0b9f8f68043de44069eae5", []int{178, 182, 177, 183, 181, 182, 181, 179, 174, 180}, 0, 9},
	{"diabetes.csv", 442, 11, "age", "progression", "84b09e71843e121a94e28039e880af4313f4fc04efb5146aaae1f412cb74cd43", nil, 25, 346},
}

func TestDatasets(t *testing.T) {
	for _, ds := range datasets {
		t.Run(ds.file, func(t *testing.T) {
			path := filepath.Join("..", "testdata", ds.file)
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if sum := sha256.Sum256(raw); hex.EncodeToString(sum[:]) != ds.sha256 {
				t.Errorf("sha256 %x, want %s (update testdata/README.md if the file changed on purpose)", sum, ds.sha256)
			}
			tab, err := ReadCSVFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if r, c := tab.Data.Dims(); r != ds.rows || c != ds.cols {
				t.Errorf("shape %d×%d, want %d×%d", r, c, ds.rows, ds.cols)
			}
			if len(tab.Names) != ds.cols || tab.Names[0] != ds.first || tab.Names[ds.cols-1] != ds.last {
				t.Fatalf("names %q, want %s … %s", tab.Names, ds.first, ds.last)
			}
			target, err := tab.Column(ds.last)
			if err != nil || target != ds.cols-1 {
				t.Fatalf("Column(%q) = %d, %v", ds.last, target, err)
			}
			X, y, names, _ := tab.Split(target)
			if X.Cols() != ds.cols-1 || len(y) != ds.rows || len(names) != ds.cols-1 || names[0] != ds.first {
				t.Errorf("split shapes %d×%d and %d, names %q", X.Rows(), X.Cols(), len(y), names)
			}
			lo, hi := slices.Min(y), slices.Max(y)
			if lo != ds.min || hi != ds.max {
				t.Errorf("target range [%v, %v], want [%v, %v]", lo, hi, ds.min, ds.max)
			}
			if ds.classes != nil {
				counts := make([]int, len(ds.classes))
				for _, v := range y {
					if v != math.Trunc(v) {
						t.Fatalf("class label %v is not an integer", v)
					}
					counts[int(v)]++
				}
				if !slices.Equal(counts, ds.classes) {
					t.Errorf("class counts %v, want %v", counts, ds.classes)
				}
			}
		})
	}
}

// csvSeeds are the fuzzers' starting inputs: every accepted and rejected
// shape of input the table tests use, plus the start of a real dataset.
var csvSeeds = []string{
	"", "\n", "5", "1,2\n3,4\n", "a,b\n1,2\n", "a,b\r\n1,2\r\n", " a , b \n 1 ,\t2\t\n",
	"1e3,-.5,0x1p-2,1_000,+7,5.\n", "\"a\",\"b,c\"\n\"1\",\" 2 \"\n", "\uFEFF1,2\n",
	"\uFEFF\uFEFF,0\n0,0", "\x1f\x8b\x08\x00",
	"\"a\nb\",c\n1,2\n3,x\n", "1,2\"3\n", "a,b\n1,\"2\n", "a,,c\n1,2,3\n", "a,b,a\n",
	"1,NaN\n", "x\n-inf\n", "1e400\n", "a,b\n1,2,\n", "1,,\n", "\n\n1,2\n3\n",
	"sepal_length,sepal_width,petal_length,petal_width,species\r\n5.1,3.5,1.4,0.2,0\r\n4.9,3,1.4,0.2,0\r\n",
}

// checkInputError fails unless err is what a reader may return for bad
// bytes from an in-memory reader: an *Error wrapping ErrFormat, ErrEmpty or
// ErrNotFinite.
func checkInputError(t *testing.T, err error) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || !(errors.Is(err, ErrFormat) || errors.Is(err, ErrEmpty) || errors.Is(err, ErrNotFinite)) {
		t.Fatalf("unexpected error %q (%T)", err, err)
	}
}

// FuzzReadCSV checks that ReadCSV never panics, that every error is an
// *Error wrapping ErrFormat, ErrEmpty or ErrNotFinite, and that whatever it
// accepts is finite and survives WriteCSV → ReadCSV bit for bit.
func FuzzReadCSV(f *testing.F) {
	for _, s := range csvSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		tab, err := ReadCSV(bytes.NewReader(in))
		if err != nil {
			checkInputError(t, err)
			return
		}
		n, d := tab.Data.Dims()
		if n == 0 || d == 0 || (tab.Names != nil && len(tab.Names) != d) {
			t.Fatalf("shape %d×%d with %d names", n, d, len(tab.Names))
		}
		if err := tab.Data.CheckFinite(); err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WriteCSV(&buf, tab.Data, tab.Names); err != nil {
			t.Fatalf("cannot write back what was read: %v", err)
		}
		again, err := ReadCSV(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("cannot read back %q: %v", buf.String(), err)
		}
		if !denseSameBits(again.Data, tab.Data) || !slices.Equal(again.Names, tab.Names) || (again.Names == nil) != (tab.Names == nil) {
			t.Fatalf("round trip changed the table: %q", buf.String())
		}
	})
}

// BenchmarkReadCSV reads digits.csv (1797×65, 267 kB) from memory.
func BenchmarkReadCSV(b *testing.B) {
	raw, err := os.ReadFile("../testdata/digits.csv")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		if _, err := ReadCSV(bytes.NewReader(raw)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWriteCSV writes a 1000×50 random matrix.
func BenchmarkWriteCSV(b *testing.B) {
	m := randDense(rand.New(rand.NewPCG(3, 4)), 1000, 50)
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := WriteCSV(&buf, m, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(buf.Len()))
}
