package matrix

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestReadCSVHeaderDetection(t *testing.T) {
	tab, err := ReadCSV(strings.NewReader("a, b\r\n1, 2.5\r\n-3,4e2\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	want, _ := NewFromRows([][]float64{{1, 2.5}, {-3, 400}})
	if !EqualApprox(tab.Data, want, 0) || len(tab.Names) != 2 || tab.Names[1] != "b" {
		t.Fatalf("got names %q, data\n%v", tab.Names, tab.Data)
	}
	tab, err = ReadCSV(strings.NewReader("1,2\n3,4\n\n"))
	if err != nil || tab.Names != nil || tab.Data.Rows() != 2 {
		t.Fatalf("headerless file: %v %v", tab, err)
	}
}

func TestReadCSVErrorsNameLineAndColumn(t *testing.T) {
	cases := []struct {
		in, want string
		sentinel error
	}{
		{"x,y\n1,2\n3\n", "line 3 has 1 fields, expected 2", ErrFormat},
		{"x,y\n1,2\n3,abc\n", `line 3, column "y" (2): "abc" is not a number`, ErrFormat},
		{"1,2\n3,\n", "line 2, column 2: empty cell", ErrFormat},
		{"x,y\n1,NaN\n", `line 2, column "y" (2): "NaN" is not a finite number`, ErrNotFinite},
		{"x,y\n1,-Inf\n", "is not a finite number", ErrNotFinite},
		{"x,y\n1,1e999\n", "is not a finite number", ErrNotFinite},
		{"", "no data rows", ErrEmpty},
		{"x,y\n", "no data rows", ErrEmpty},
		{"x,\"y\n1,2\n", "line", ErrFormat},
	}
	for _, c := range cases {
		_, err := ReadCSV(strings.NewReader(c.in))
		if !errors.Is(err, c.sentinel) || err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %v containing %q", c.in, err, c.sentinel, c.want)
		}
	}
}

func TestWriteCSVRoundTripIsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	m := randDense(rng, 6, 4)
	m.Set(0, 0, 1e-308)
	m.Set(0, 1, 1e308)
	m.Set(0, 2, math.Copysign(0, -1))
	m.Set(0, 3, 5e-324)
	var b bytes.Buffer
	if err := WriteCSV(&b, m, []string{"a", "b", "c", "d"}); err != nil {
		t.Fatal(err)
	}
	tab, err := ReadCSV(&b)
	if err != nil {
		t.Fatal(err)
	}
	if !EqualApprox(tab.Data, m, 0) || !math.Signbit(tab.Data.At(0, 2)) {
		t.Fatal("round trip changed the data")
	}
}

func TestTableColumnAndSplit(t *testing.T) {
	tab, _ := ReadCSV(strings.NewReader("a,b,c\n1,2,3\n4,5,6\n"))
	j, err := tab.Column("b")
	if err != nil || j != 1 {
		t.Fatalf("Column(b) = %d, %v", j, err)
	}
	if j, _ := tab.Column("2"); j != 2 {
		t.Fatalf("Column(2) = %d", j)
	}
	for _, bad := range []string{"z", "3", "-1"} {
		if _, err := tab.Column(bad); err == nil {
			t.Errorf("Column(%q) accepted", bad)
		}
	}
	x, y, names := tab.Split(1)
	want, _ := NewFromRows([][]float64{{1, 3}, {4, 6}})
	if !EqualApprox(x, want, 0) || y[1] != 5 || strings.Join(names, ",") != "a,c" {
		t.Fatalf("Split: %v %v %v", x, y, names)
	}
}

func TestDatasetsLoad(t *testing.T) {
	for _, d := range []struct {
		file       string
		rows, cols int
		target     string
	}{
		{"iris.csv", 150, 5, "species"},
		{"wine.csv", 178, 14, "cultivar"},
		{"breast_cancer.csv", 569, 31, "benign"},
		{"digits.csv", 1797, 65, "digit"},
		{"diabetes.csv", 442, 11, "progression"},
	} {
		tab, err := ReadCSVFile("../testdata/" + d.file)
		if err != nil {
			t.Fatal(err)
		}
		r, c := tab.Data.Dims()
		if r != d.rows || c != d.cols || tab.Names[c-1] != d.target {
			t.Errorf("%s: %d×%d, last column %q", d.file, r, c, tab.Names[c-1])
		}
	}
}

func FuzzReadCSV(f *testing.F) {
	for _, s := range []string{"a,b\n1,2\n", "1\n", "x,\"y\n", "1,2\n3\n", ",,\n", "\"\"\n1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tab, err := ReadCSV(strings.NewReader(s))
		if err != nil {
			return
		}
		if tab.Data.CheckFinite() != nil || tab.Data.Rows() == 0 {
			t.Fatalf("accepted non-finite or empty data from %q", s)
		}
		var b bytes.Buffer
		if err := WriteCSV(&b, tab.Data, nil); err != nil {
			t.Fatal(err)
		}
		back, err := ReadCSV(&b)
		if err != nil || !EqualApprox(back.Data, tab.Data, 0) {
			t.Fatalf("round trip of %q failed: %v", s, err)
		}
	})
}
