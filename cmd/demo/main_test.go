package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeCSV writes content to a file in a temporary folder.
func writeCSV(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func runDemo(args ...string) (status int, stdout, stderr string) {
	var o, e bytes.Buffer
	status = run(args, &o, &e)
	return status, o.String(), e.String()
}

func TestMatrixCommandsJSON(t *testing.T) {
	a := writeCSV(t, "a.csv", "c1,c2\n4,2\n2,3\n")
	b := writeCSV(t, "b.csv", "8\n8\n")
	cases := []struct {
		args []string
		keys []string
	}{
		{[]string{"solve", a, b, "-json"}, []string{"x"}},
		{[]string{"lstsq", "-json", a, b}, []string{"x", "rank", "residual_norm"}},
		{[]string{"inv", "-json", a}, []string{"inverse"}},
		{[]string{"det", "-json", a}, []string{"det"}},
		{[]string{"chol", "-json", a}, []string{"l"}},
		{[]string{"qr", "-json", a}, []string{"q", "r"}},
		{[]string{"svd", "-json", a}, []string{"s", "u", "v", "rank"}},
		{[]string{"pinv", "-json", a}, []string{"pinv"}},
	}
	for _, c := range cases {
		status, out, errOut := runDemo(c.args...)
		if status != 0 {
			t.Fatalf("%v: status %d, stderr %q", c.args, status, errOut)
		}
		var obj map[string]any
		if err := json.Unmarshal([]byte(out), &obj); err != nil || strings.Count(out, "\n") != 1 {
			t.Fatalf("%v: not one JSON object: %q", c.args, out)
		}
		for _, k := range c.keys {
			if _, ok := obj[k]; !ok {
				t.Errorf("%v: missing %q in %s", c.args, k, out)
			}
		}
		// The same command without -json prints text with the same names.
		var text []string
		for _, a := range c.args {
			if a != "-json" {
				text = append(text, a)
			}
		}
		status, out, _ = runDemo(text...)
		if status != 0 || !strings.Contains(out, c.keys[0]) {
			t.Errorf("%v: text output %q", text, out)
		}
	}
	// x of solve: 4x + 2y = 8, 2x + 3y = 8 → x = 1, y = 2.
	_, out, _ := runDemo("solve", "-json", a, b)
	if strings.TrimSpace(out) != `{"x":[[1,2]]}` && !strings.Contains(out, `"x":[[1],[2]]`) {
		t.Errorf("solve output %s", out)
	}
}

func TestExitStatuses(t *testing.T) {
	singular := writeCSV(t, "s.csv", "1,2\n2,4\n")
	indefinite := writeCSV(t, "i.csv", "1,2\n2,1\n")
	nan := writeCSV(t, "n.csv", "1,NaN\n2,1\n")
	ragged := writeCSV(t, "r.csv", "1,2\n3\n")
	b := writeCSV(t, "b.csv", "1\n1\n")
	// The words for a missing file are the platform's ("no such file or
	// directory" on Linux, "No such file or directory" under node for
	// js/wasm): take them from the error os.Open gives.
	const missing = "/no/such/file.csv"
	_, err := os.Open(missing)
	var pe *fs.PathError
	if !errors.Is(err, fs.ErrNotExist) || !errors.As(err, &pe) {
		t.Fatalf("opening %s: %v", missing, err)
	}
	cases := []struct {
		args   []string
		status int
		msg    string
	}{
		{[]string{"solve", singular, b}, 1, "singular"},
		{[]string{"inv", singular}, 1, "singular"},
		{[]string{"chol", indefinite}, 1, "not positive definite: pivot 1"},
		{[]string{"svd", nan}, 1, "not a finite number"},
		{[]string{"qr", ragged}, 1, "line 2 has 1 field"},
		{[]string{"det", missing}, 1, missing + ": " + pe.Err.Error()},
		{[]string{"solve", singular}, 2, "expected 2 file operand"},
		{[]string{"svd", "-bogus", nan}, 2, "flag provided but not defined"},
		{[]string{"nosuchcommand"}, 2, "unknown command"},
		{[]string{"-only", "nosuchtopic"}, 2, "no topic"},
		// A file flag given as "" is refused, not taken as "no file".
		{[]string{"tree", "-save", "", "../../testdata/iris.csv"}, 2, `-save "": needs a file name`},
		{[]string{"tree", "-test", "", "../../testdata/iris.csv"}, 2, `-test "": needs a file name`},
		{[]string{"predict", "-model", "", "../../testdata/iris.csv"}, 2, `-model "": needs a file name`},
		{[]string{"-out", ""}, 2, `-out "": needs a folder name`},
	}
	for _, c := range cases {
		status, out, errOut := runDemo(c.args...)
		if status != c.status || !strings.Contains(errOut, c.msg) || out != "" {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want %d and %q", c.args, status, out, errOut, c.status, c.msg)
		}
		if strings.Contains(errOut, "goroutine") || strings.Contains(errOut, "panic") {
			t.Errorf("%v: a panic reached the user: %s", c.args, errOut)
		}
	}
	if status, _, _ := runDemo("det", singular); status != 0 {
		t.Error("det of a singular matrix should print 0, not fail")
	}
	if status, out, _ := runDemo("help"); status != 0 || !strings.Contains(out, "lstsq") {
		t.Errorf("help: %d %q", status, out)
	}
	// Help for a command that does not exist, or for two, is a usage error.
	for _, args := range [][]string{{"help", "bogus"}, {"help", "svd", "qr"}} {
		if status, out, errOut := runDemo(args...); status != 2 || out != "" || !strings.HasPrefix(errOut, "demo help: ") {
			t.Errorf("%v: status %d, stdout %q, stderr %q", args, status, out, errOut)
		}
	}
}

// TestTour runs the whole guided tour into a temporary folder and checks
// that every identity held and every picture it announced was written.
func TestTour(t *testing.T) {
	if testing.Short() {
		t.Skip("the whole tour is run by the full test suite")
	}
	out := t.TempDir()
	status, stdout, stderr := runDemo("-out", out)
	if status != 0 {
		t.Fatalf("tour failed (%d): %s\n%s", status, stderr, stdout)
	}
	if strings.Contains(stdout, "FAILED") || !strings.Contains(stdout, " 0 failed") {
		t.Fatalf("a check failed:\n%s", stdout)
	}
	checkTourPictures(t, out, stdout)
}

func TestEigCommand(t *testing.T) {
	a := writeCSV(t, "a.csv", "2,1\n1,2\n")
	b := writeCSV(t, "b.csv", "1,0\n0,4\n")
	for _, args := range [][]string{
		{"eig", "-json", a},
		{"eig", "-json", "-method", "jacobi", a},
	} {
		status, out, errOut := runDemo(args...)
		if status != 0 || !strings.HasPrefix(out, `{"values":[1,3]`) && !strings.HasPrefix(out, `{"values":[0.9999999999999`) {
			t.Errorf("%v: %d %s %s", args, status, out, errOut)
		}
		var obj struct {
			Values  []float64
			Vectors [][]float64
		}
		json.Unmarshal([]byte(out), &obj)
		if len(obj.Vectors) != 2 || len(obj.Vectors[0]) != 2 {
			t.Errorf("%v: vectors %v", args, obj.Vectors)
		}
	}
	status, out, _ := runDemo("eig", "-json", "-k", "1", "-smallest", "-values-only", a)
	if status != 0 || strings.Contains(out, "vectors") || !strings.Contains(out, `"values":[`) {
		t.Errorf("-k 1 -smallest -values-only: %s", out)
	}
	status, out, _ = runDemo("eig", "-json", "-b", b, "-values-only", a)
	if status != 0 {
		t.Errorf("-b: %d %s", status, out)
	}
	status, _, errOut := runDemo("eig", "-trace", "-method", "jacobi", a)
	if status != 0 || !strings.Contains(errOut, "jacobi sweep   1") {
		t.Errorf("-trace: %q", errOut)
	}
	nonsym := writeCSV(t, "n.csv", "1,2\n0,1\n")
	if status, _, errOut := runDemo("eig", nonsym); status != 1 || !strings.Contains(errOut, "not symmetric") {
		t.Errorf("non-symmetric: %d %q", status, errOut)
	}
	if status, _, _ := runDemo("eig", "-method", "lapack", a); status != 2 {
		t.Errorf("bad method: %d", status)
	}
	if status, _, errOut := runDemo("eig", "-k", "3", a); status != 1 || !strings.Contains(errOut, "k out of range") {
		t.Errorf("k too large: %d %q", status, errOut)
	}
}

func TestPCAFamilyCommands(t *testing.T) {
	iris := "../../testdata/iris.csv"
	cases := []struct {
		args []string
		keys []string
	}{
		{[]string{"pca", "-json", "-k", "2", "-target", "species", iris}, []string{"mean", "eigenvalues", "explained_variance_ratio", "k", "components", "projections", "reconstruction_mse"}},
		{[]string{"pca", "-json", "-variance", "0.95", "-whiten", "zca", "-target", "4", iris}, []string{"whitened"}},
		{[]string{"pca", "-json", "-method", "deflation", "-k", "1", iris}, []string{"components"}},
		{[]string{"kpca", "-json", "-kernel", "poly", "-degree", "2", "-k", "2", "-query", iris, iris}, []string{"eigenvalues", "projections", "query_projections"}},
		{[]string{"spectral", "-json", "-sigma2", "1", "-neighbors", "10", "-target", "species", iris}, []string{"eigenvalues", "embedding"}},
		{[]string{"lda", "-json", iris}, []string{"w", "criterion", "directions", "eigenvalues"}},
	}
	for _, c := range cases {
		status, out, errOut := runDemo(c.args...)
		if status != 0 {
			t.Fatalf("%v: %d %s", c.args, status, errOut)
		}
		var obj map[string]any
		if err := json.Unmarshal([]byte(out), &obj); err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		for _, k := range c.keys {
			if _, ok := obj[k]; !ok {
				t.Errorf("%v: no %q", c.args, k)
			}
		}
	}
	_, out, _ := runDemo("pca", "-json", "-k", "2", "-target", "species", iris)
	var p struct {
		K   int
		MSE float64   `json:"reconstruction_mse"`
		Ev  []float64 `json:"eigenvalues"`
	}
	json.Unmarshal([]byte(out), &p)
	if p.K != 2 || math.Abs(p.MSE-(p.Ev[2]+p.Ev[3])) > 1e-12 {
		t.Errorf("pca: k %d, mse %v, eigenvalues %v", p.K, p.MSE, p.Ev)
	}
	for _, c := range []struct {
		args   []string
		status int
	}{
		{[]string{"pca", "-k", "9", iris}, 1},
		{[]string{"pca", "-k", "2", "-variance", "0.9", iris}, 2},
		{[]string{"pca", "-target", "nosuch", iris}, 1},
		{[]string{"kpca", "-kernel", "rbf", iris}, 2},
		{[]string{"spectral", iris}, 2},
		{[]string{"lda", writeCSV(t, "one.csv", "a,b,y\n1,2,0\n3,1,0\n2,2,0\n")}, 1},
		{[]string{"lda", writeCSV(t, "frac.csv", "a,b,y\n1,2,0.5\n3,1,0\n")}, 1},
	} {
		if status, _, errOut := runDemo(c.args...); status != c.status {
			t.Errorf("%v: status %d (%s), want %d", c.args, status, errOut, c.status)
		}
	}
}

func TestSVMCommand(t *testing.T) {
	two := writeCSV(t, "two.csv", "a,b,y\n2,2,1\n3,3,1\n2,3,1\n-2,-2,-1\n-3,-2,-1\n-2,-3,-1\n")
	model := filepath.Join(t.TempDir(), "m.json")
	status, out, errOut := runDemo("svm", "-type", "c", "-kernel", "linear", "-hard", "-json", "-save", model, "-test", two, two)
	if status != 0 {
		t.Fatalf("%d %s", status, errOut)
	}
	var obj map[string]any
	if err := json.Unmarshal([]byte(out), &obj); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"objective", "b", "rho", "n_sv", "n_bsv", "iterations", "kkt_violation", "support", "coef", "decision", "w", "margin", "train_accuracy", "test_accuracy"} {
		if _, ok := obj[k]; !ok {
			t.Errorf("svm -json lacks %q", k)
		}
	}
	if obj["train_accuracy"].(float64) != 1 || len(obj["decision"].([]any)) != 6 {
		t.Errorf("svm output %s", out)
	}
	status, out, _ = runDemo("svm", "-load", model, "-test", two, "-json")
	if status != 0 || !strings.Contains(out, `"test_accuracy":1`) {
		t.Errorf("-load: %d %s", status, out)
	}
	reg := writeCSV(t, "r.csv", "x,y\n0,0\n1,1\n2,2\n3,3.1\n4,3.9\n")
	status, out, _ = runDemo("svm", "-type", "nu-svr", "-kernel", "linear", "-json", reg)
	if status != 0 || !strings.Contains(out, `"epsilon"`) || !strings.Contains(out, `"train_mse"`) {
		t.Errorf("nu-svr: %d %s", status, out)
	}
	xor := writeCSV(t, "x.csv", "0,0,0\n1,1,0\n0,1,1\n1,0,1\n")
	if status, _, errOut := runDemo("svm", "-kernel", "linear", "-hard", xor); status != 1 || !strings.Contains(errOut, "not separable") {
		t.Errorf("hard margin on XOR: %d %q", status, errOut)
	}
	if status, _, errOut := runDemo("svm", "-trace", "-kernel", "rbf", "-gamma", "1", two); status != 0 || !strings.Contains(errOut, "smo       1 ") {
		t.Errorf("-trace: %q", errOut)
	}
	if status, _, _ := runDemo("svm", "-kernel", "rbf", "-sigma2", "1", "-gamma", "1", two); status != 2 {
		t.Errorf("both sigma2 and gamma: %d", status)
	}
	if status, _, _ := runDemo("svm", "-load", model); status != 2 {
		t.Errorf("-load without -test: %d", status)
	}
}
