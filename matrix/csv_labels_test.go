package matrix

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestReadLabeledCSV: header detection with a text label column, the label
// column by default, by name and by index, and what lands where.
func TestReadLabeledCSV(t *testing.T) {
	for _, c := range []struct {
		name, in, label string
		names           []string
		target          string
		data            [][]float64
		labels          []string
	}{
		{"header, last column", "a,b,kind\n1,2,cat\n3,4,dog\n", "", []string{"a", "b"}, "kind",
			[][]float64{{1, 2}, {3, 4}}, []string{"cat", "dog"}},
		{"by name, in the middle", "a,kind,b\n1, cat ,2\n3,dog,4\n", "kind", []string{"a", "b"}, "kind",
			[][]float64{{1, 2}, {3, 4}}, []string{"cat", "dog"}},
		{"by index", "kind,a\ncat,1\n", "0", []string{"a"}, "kind",
			[][]float64{{1}}, []string{"cat"}},
		{"no header: words in the first row's label column too", "5.1,3.5,setosa\n6.3,3.3,virginica\n", "", nil, "",
			[][]float64{{5.1, 3.5}, {6.3, 3.3}}, []string{"setosa", "virginica"}},
		{"numeric labels kept as text", "x,y\n1.5,0\n2.5,10\n", "", []string{"x"}, "y",
			[][]float64{{1.5}, {2.5}}, []string{"0", "10"}},
		{"BOM, CRLF, blank lines, quotes", "\uFEFFa,kind\r\n\r\n1,\"big cat\"\r\n  \r\n2,dog\r\n", "", []string{"a"}, "kind",
			[][]float64{{1}, {2}}, []string{"big cat", "dog"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tab, err := ReadLabeledCSV(strings.NewReader(c.in), c.label)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := NewFromRows(c.data)
			if !slices.Equal(tab.Names, c.names) || tab.Label != c.target || !slices.Equal(tab.Labels, c.labels) || !EqualApprox(tab.Data, want, 0) {
				t.Errorf("got names %q label %q labels %q data %v", tab.Names, tab.Label, tab.Labels, tab.Data.Row(0))
			}
		})
	}
}

// TestReadLabeledCSVErrors: every refusal wraps its sentinel and names the
// line and the column; a long bad cell is quoted to 60 characters.
func TestReadLabeledCSVErrors(t *testing.T) {
	long := strings.Repeat("x", 5000)
	for _, c := range []struct {
		name, in, label string
		want            error
		msg             string
	}{
		{"empty", "", "", ErrEmpty, "no data rows"},
		{"header only", "a,kind\n", "", ErrEmpty, "header only"},
		{"one column", "kind\ncat\n", "", ErrFormat, "need a label column and at least one feature column"},
		{"unknown label column", "a,kind\n1,cat\n", "species", ErrNoColumn, `"species": columns are 0 "a", 1 "kind"`},
		{"index out of range", "1,cat\n2,dog\n", "5", ErrNoColumn, "index 5 out of range"},
		{"ragged", "a,kind\n1,cat\n2\n", "", ErrFormat, "line 3 has 1 field, line 1 has 2"},
		{"empty label", "a,kind\n1,cat\n2, \n", "", ErrFormat, `line 3, column 2 ("kind"): empty label`},
		{"word feature", "a,b,kind\n1,2,cat\n3,abc,dog\n", "", ErrFormat, `line 3, column 2 ("b"): "abc" is not a number`},
		{"NaN feature", "1,cat\nNaN,dog\n", "", ErrNotFinite, `line 2, column 1: "NaN" is not a finite number`},
		{"overflow", "a,kind\n1e400,cat\n", "", ErrNotFinite, `"1e400" overflows float64`},
		{"empty feature", "a,kind\n,cat\n1,dog\n", "", ErrFormat, "line 2, column 1 (\"a\"): empty cell"},
		{"duplicate name", "a,a,kind\n1,2,cat\n", "", ErrFormat, `duplicate column name "a"`},
		{"quoting", "a,kind\n1,\"cat\n", "", ErrFormat, "line 2"},
		{"line of a field after a quoted line break", "a,b,kind\n1,2,\"two\nlines\"\n3,\"x\ny\",dog\n", "", ErrFormat, `line 4, column 2 ("b"): "x\ny" is not a number`},
		{"gzip", "\x1f\x8b\x08", "", ErrFormat, "gzip"},
		{"long cell", "a,kind\n1,cat\n" + long + ",dog\n", "", ErrFormat, `"` + long[:60] + `"… (5000 characters) is not a number`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ReadLabeledCSV(strings.NewReader(c.in), c.label)
			if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.msg) {
				t.Fatalf("got %v, want %v containing %q", err, c.want, c.msg)
			}
			if len(err.Error()) > 300 {
				t.Errorf("message of %d bytes", len(err.Error()))
			}
		})
	}
}

// TestReadLabeledCSVFile: the path prefixes a parse error, and the iris
// file reads as 150×4 with its integer species as text.
func TestReadLabeledCSVFile(t *testing.T) {
	tab, err := ReadLabeledCSVFile("../testdata/iris.csv", "species")
	if err != nil {
		t.Fatal(err)
	}
	if r, c := tab.Data.Dims(); r != 150 || c != 4 || tab.Labels[0] != "0" || tab.Labels[149] != "2" {
		t.Errorf("%d×%d, labels %q … %q", r, c, tab.Labels[0], tab.Labels[149])
	}
	bad := filepath.Join(t.TempDir(), "bad.csv")
	os.WriteFile(bad, []byte("a,kind\n1,cat\nq,dog\n"), 0o600)
	if _, err := ReadLabeledCSVFile(bad, ""); !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), bad+": line 3, column 1") {
		t.Errorf("got %v", err)
	}
}

// TestQuoteCellReadCSV: ReadCSV quotes a long bad cell to 60 characters too.
func TestQuoteCellReadCSV(t *testing.T) {
	_, err := ReadCSV(strings.NewReader("a\n1\n" + strings.Repeat("é", 100) + "\n"))
	if !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), `"`+strings.Repeat("é", 60)+`"… (100 characters) is not a number`) {
		t.Errorf("got %v", err)
	}
}

// FuzzReadLabeledCSV checks that ReadLabeledCSV never panics, that every
// error for bad bytes is an *Error wrapping ErrFormat, ErrEmpty or
// ErrNotFinite, and that what it accepts is consistent: finite features,
// one non-empty label per row, names that fit.
func FuzzReadLabeledCSV(f *testing.F) {
	for _, s := range csvSeeds {
		f.Add([]byte(s))
	}
	f.Add([]byte("a,kind\n1,cat\n2,dog\n"))
	f.Add([]byte("5.1,3.5,setosa\n6.3,3.3,virginica\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		tab, err := ReadLabeledCSV(bytes.NewReader(in), "")
		if err != nil {
			checkInputError(t, err)
			return
		}
		n, d := tab.Data.Dims()
		if n == 0 || d == 0 || len(tab.Labels) != n || (tab.Names != nil && len(tab.Names) != d) || (tab.Names == nil) != (tab.Label == "") {
			t.Fatalf("%d×%d with %d labels, %d names, label column %q", n, d, len(tab.Labels), len(tab.Names), tab.Label)
		}
		if err := tab.Data.CheckFinite(); err != nil {
			t.Fatal(err)
		}
		for i, l := range tab.Labels {
			if l == "" || strings.TrimSpace(l) != l {
				t.Fatalf("label %d is %q", i, l)
			}
		}
	})
}
