package main

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
)

// TestEigMethods checks that the three methods give the same answer
// through the CLI, on a matrix large enough for divide and conquer to
// merge (n = 40 > its leaf size), and that -trace writes each method's
// steps to stderr while stdout stays parseable JSON.
func TestEigMethods(t *testing.T) {
	n := 40
	a := writeCSV(t, "a40.csv", symmetricIntCSV(n, 7))
	var ref []float64
	for _, method := range []string{"qr", "dc", "jacobi"} {
		status, out, errOut := runDemo("eig", "-json", "-trace", "-method", method, a)
		if status != 0 {
			t.Fatalf("%s: %d %s", method, status, errOut)
		}
		var obj struct {
			Values  []float64   `json:"values"`
			Vectors [][]float64 `json:"vectors"`
		}
		if err := json.Unmarshal([]byte(out), &obj); err != nil || len(obj.Values) != n || len(obj.Vectors) != n {
			t.Fatalf("%s: %v %q", method, err, out[:min(len(out), 80)])
		}
		want := map[string]string{"qr": "qr step", "dc": "dc merge  block [0, 39]", "jacobi": "jacobi sweep"}[method]
		if !strings.Contains(errOut, want) {
			t.Errorf("%s -trace: no %q in %q", method, want, errOut[:min(len(errOut), 200)])
		}
		if ref == nil {
			ref = obj.Values
			continue
		}
		for i := range ref {
			if math.Abs(obj.Values[i]-ref[i]) > 1e-12*math.Abs(ref[n-1]) {
				t.Errorf("%s: λ%d = %v, qr %v", method, i, obj.Values[i], ref[i])
			}
		}
	}
}

// symmetricIntCSV returns the CSV of the symmetric n×n integer matrix
// aᵢⱼ = (i+1)(j+1) mod m − ⌊m/2⌋, plus i on the diagonal.
func symmetricIntCSV(n, m int) string {
	var sb strings.Builder
	for i := range n {
		for j := range n {
			if j > 0 {
				sb.WriteString(",")
			}
			fmt.Fprintf(&sb, "%d", (i+1)*(j+1)%m-m/2+btoi(i == j)*i)
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestEigErrors checks the exit-status contract (1 for bad data, 2 for a
// bad command line) and that each message names the problem.
func TestEigErrors(t *testing.T) {
	a := writeCSV(t, "a.csv", "2,1\n1,2\n")
	rect := writeCSV(t, "r.csv", "1,2,3\n4,5,6\n")
	nan := writeCSV(t, "nan.csv", "1,NaN\nNaN,1\n")
	indef := writeCSV(t, "indef.csv", "1,0\n0,-1\n")
	b3 := writeCSV(t, "b3.csv", "1,0,0\n0,1,0\n0,0,1\n")
	for _, c := range []struct {
		args   []string
		status int
		msg    string
	}{
		{[]string{"eig", rect}, 1, "not square"},
		{[]string{"eig", nan}, 1, ""},
		{[]string{"eig", "-b", indef, a}, 1, "not positive definite"},
		{[]string{"eig", "-method", "dc", "-b", indef, a}, 1, "not positive definite"},
		{[]string{"eig", "-b", b3, a}, 1, "dimension mismatch"},
		{[]string{"eig", "-k", "3", "-method", "dc", a}, 1, "k out of range"},
		{[]string{"eig", "-k", "-1", a}, 2, "-k -1"},
		{[]string{"eig", "-largest", "-smallest", "-k", "1", a}, 2, "exclude"},
		{[]string{"eig", "-smallest", a}, 2, "need -k"},
		{[]string{"eig", "-method", "jacobi", "-b", a, a}, 2, "qr or dc"},
		{[]string{"eig", "-method", "lapack", a}, 2, "want auto, qr, dc or jacobi"},
		{[]string{"eig"}, 2, ""},
	} {
		status, _, errOut := runDemo(c.args...)
		if status != c.status || !strings.Contains(errOut, c.msg) {
			t.Errorf("%v: status %d, stderr %q; want %d and %q", c.args, status, errOut, c.status, c.msg)
		}
	}
}

// TestEigSelection checks -k with -largest (the default) and -smallest:
// the values stay ascending and the vectors are the matching columns.
func TestEigSelection(t *testing.T) {
	a := writeCSV(t, "d.csv", "3,0,0\n0,1,0\n0,0,2\n")
	for _, c := range []struct {
		flag string
		want string
	}{
		{"-largest", `{"values":[2,3],"vectors":[[0,1],[0,0],[1,0]]}`},
		{"-smallest", `{"values":[1,2],"vectors":[[0,0],[1,0],[0,1]]}`},
	} {
		for _, method := range []string{"qr", "dc", "jacobi"} {
			status, out, errOut := runDemo("eig", "-json", "-method", method, "-k", "2", c.flag, a)
			if status != 0 || strings.TrimSpace(out) != c.want {
				t.Errorf("%s %s: %d %s %s", method, c.flag, status, out, errOut)
			}
		}
	}
}

// TestEigJacobiProgress: -method jacobi -trace says up front what a sweep
// costs and reports progress inside every sweep (at each tenth of the
// pivot rows), so that a large matrix does not run for minutes without a
// word; the default method "auto" is accepted by name.
func TestEigJacobiProgress(t *testing.T) {
	a := writeCSV(t, "a100.csv", symmetricIntCSV(100, 11))
	status, _, errOut := runDemo("eig", "-values-only", "-trace", "-method", "jacobi", a)
	if status != 0 {
		t.Fatalf("%d %s", status, errOut)
	}
	for _, want := range []string{"jacobi n = 100: about 4e+06 flops per sweep", "jacobi sweep   1  row 99 of 99", "jacobi sweep   1  off(A)"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("no %q in %q", want, errOut[:min(len(errOut), 300)])
		}
	}
	if status, _, errOut := runDemo("eig", "-method", "auto", a); status != 0 {
		t.Errorf("-method auto: %d %s", status, errOut)
	}
}
