package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"mlnotes/learn"
	"mlnotes/matrix"
)

const (
	irisCSV  = "../../testdata/iris.csv"
	fashion3 = "../../testdata/io/fashion3-images-idx3-ubyte.gz"
)

// runJSON runs a command that must succeed and decodes its JSON output.
func runJSON(t *testing.T, args ...string) map[string]json.RawMessage {
	t.Helper()
	status, out, errOut := runDemo(append(args, "-json")...)
	if status != 0 {
		t.Fatalf("%v: status %d: %s", args, status, errOut)
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &obj); err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	return obj
}

func decode[T any](t *testing.T, raw json.RawMessage) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestPCACommandMatchesLibrary: the fields of issue 6, item 9, hold what
// learn computes, in the documented shapes.
func TestPCACommandMatchesLibrary(t *testing.T) {
	obj := runJSON(t, "pca", "-k", "2", "-target", "species", irisCSV)
	tab, _ := matrix.ReadCSVFile(irisCSV)
	x, _, _, _ := tab.Split(4)
	m, _ := learn.PCA{Components: 2}.Fit(x)
	if ev := decode[[]float64](t, obj["eigenvalues"]); len(ev) != 4 || !slices.Equal(ev, m.Eigenvalues) {
		t.Errorf("eigenvalues %v, learn %v", ev, m.Eigenvalues)
	}
	if mean := decode[[]float64](t, obj["mean"]); !slices.Equal(mean, m.Mean) {
		t.Errorf("mean %v", mean)
	}
	if r := decode[[]float64](t, obj["explained_variance_ratio"]); !slices.Equal(r, m.ExplainedVarianceRatio) {
		t.Errorf("ratios %v", r)
	}
	comps := decode[[][]float64](t, obj["components"])
	proj := decode[[][]float64](t, obj["projections"])
	if len(comps) != 2 || len(comps[0]) != 4 || len(proj) != 150 || len(proj[0]) != 2 {
		t.Errorf("components %d×%d, projections %d×%d", len(comps), len(comps[0]), len(proj), len(proj[0]))
	}
	for _, method := range []string{"eig", "svd", "gram", "deflation"} {
		obj := runJSON(t, "pca", "-k", "2", "-method", method, "-target", "species", irisCSV)
		if ev := decode[[]float64](t, obj["eigenvalues"]); math.Abs(ev[0]-m.Eigenvalues[0]) > 1e-12*m.Eigenvalues[0] {
			t.Errorf("-method %s: λ₁ = %v, want %v", method, ev[0], m.Eigenvalues[0])
		}
	}
	obj = runJSON(t, "pca", "-variance", "0.95", "-whiten", "pca", "-target", "species", irisCSV)
	if k := decode[int](t, obj["k"]); k != 2 {
		t.Errorf("the 95%% rule on iris keeps %d components, want 2", k)
	}
	if w := decode[[][]float64](t, obj["whitened"]); len(w) != 150 || len(w[0]) != 4 {
		t.Errorf("whitened %d×%d", len(w), len(w[0]))
	}
}

// TestPCAFamilyIDXInput: -idx reads MNIST-format images for pca, kpca and
// spectral; with 3 images of 784 pixels the Gram method is chosen and
// every direction there is (the rank, 2) is kept.
func TestPCAFamilyIDXInput(t *testing.T) {
	obj := runJSON(t, "pca", "-idx", fashion3)
	if k := decode[int](t, obj["k"]); k != 2 {
		t.Errorf("pca -idx: k = %d, want 2 (the rank of 3 centred images)", k)
	}
	if ev := decode[[]float64](t, obj["eigenvalues"]); len(ev) != 784 || ev[2] != 0 {
		t.Errorf("pca -idx: %d eigenvalues, λ₃ = %v", len(ev), ev[2])
	}
	constant := writeCSV(t, "const.csv", "a,b,c\n1,2,5\n2,1,5\n3,3,5\n")
	if status, _, errOut := runDemo("pca", "-whiten", "zca", constant); status != 1 || !strings.Contains(errOut, "Epsilon") {
		t.Errorf("whitening a constant column: status %d: %s", status, errOut)
	}
	obj = runJSON(t, "pca", "-whiten", "zca", "-epsilon", "0.5", constant)
	// The constant column c has λ = 0: ZCA with ε maps it to 0 (to
	// rounding in the other columns, whose entries are of order 1).
	if w := decode[[][]float64](t, obj["whitened"]); len(w) != 3 || len(w[0]) != 3 || math.Abs(w[0][2]) > 1e-12 {
		t.Errorf("whitened with ε: %v", w)
	}
	obj = runJSON(t, "kpca", "-kernel", "rbf", "-sigma2", "1e7", "-idx", fashion3)
	if p := decode[[][]float64](t, obj["projections"]); len(p) != 3 || len(p[0]) != 2 {
		t.Errorf("kpca -idx: projections %v", p)
	}
	obj = runJSON(t, "spectral", "-sigma2", "1e7", "-k", "1", "-idx", fashion3)
	if e := decode[[][]float64](t, obj["embedding"]); len(e) != 3 || len(e[0]) != 1 {
		t.Errorf("spectral -idx: embedding %v", e)
	}
}

func TestKPCAQueryAndLDAFields(t *testing.T) {
	obj := runJSON(t, "kpca", "-kernel", "rbf", "-sigma2", "2", "-k", "3", "-target", "species", "-query", irisCSV, irisCSV)
	p := decode[[][]float64](t, obj["projections"])
	q := decode[[][]float64](t, obj["query_projections"])
	for i := range p {
		for j := range p[i] {
			if math.Abs(p[i][j]-q[i][j]) > 1e-12 {
				t.Fatalf("the training points as a query project to %v, in training to %v", q[i], p[i])
			}
		}
	}
	if ev := decode[[]float64](t, obj["eigenvalues"]); len(ev) != 150 || ev[0] < ev[1] {
		t.Errorf("kpca eigenvalues: %d, not descending", len(ev))
	}
	narrow := writeCSV(t, "narrow.csv", "a,b\n1,2\n3,4\n")
	if status, _, errOut := runDemo("kpca", "-kernel", "rbf", "-sigma2", "2", "-target", "species", "-query", narrow, irisCSV); status != 1 || !strings.Contains(errOut, "columns") {
		t.Errorf("query of the wrong width: status %d: %s", status, errOut)
	}
	two := writeCSV(t, "two.csv", "a,b,y\n1,2,0\n2,1,0\n1,1,0\n5,6,1\n6,5,1\n6,7,1\n")
	obj = runJSON(t, "lda", two)
	w := decode[[]float64](t, obj["w"])
	if math.Abs(math.Hypot(w[0], w[1])-1) > 1e-15 || obj["threshold"] == nil || obj["criterion"] == nil || obj["directions"] != nil {
		t.Errorf("lda, two classes: %v", obj)
	}
	constant := writeCSV(t, "const.csv", "a,b,y\n1,2,0\n1,1,0\n1,3,0\n1,6,1\n1,5,1\n1,7,1\n")
	if status, _, errOut := runDemo("lda", constant); status != 1 || !strings.Contains(errOut, "S_w") {
		t.Errorf("lda with a constant feature: status %d: %s", status, errOut)
	}
	runJSON(t, "lda", "-ridge", "1e-3", constant)
}

func TestPCAFamilyUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"pca", "-method", "magic", irisCSV},
		{"pca", "-k", "-1", irisCSV},
		{"pca", "-variance", "1.5", irisCSV},
		{"pca", "-epsilon", "1", irisCSV},
		{"pca", "-whiten", "pca", "-epsilon", "-1", irisCSV},
		{"pca", "-idx", fashion3, irisCSV},
		{"pca", "-idx", fashion3, "-target", "0"},
		{"kpca", "-kernel", "rbf", "-sigma2", "1", "-k", "-1", irisCSV},
		{"pca", "-variance", "0", irisCSV},
		{"pca", "-variance", "-0.5", irisCSV},
		{"kpca", "-kernel", "poly", irisCSV},
		{"kpca", "-kernel", "sigmoid", irisCSV},
		{"kpca", "-kernel", "rbf", "-sigma2", "-1", irisCSV},
		{"kpca", "-kernel", "rbf", "-gamma", "-2", irisCSV},
		// A zero γ or σ² is not the default: refused, not replaced by 1.
		{"kpca", "-kernel", "poly", "-degree", "2", "-gamma", "0", irisCSV},
		{"kpca", "-kernel", "rbf", "-gamma", "0", irisCSV},
		{"kpca", "-kernel", "rbf", "-sigma2", "0", irisCSV},
		{"kpca", "-kernel", "poly", "-degree", "2", "-gamma", "Inf", irisCSV},
		{"svm", "-kernel", "rbf", "-sigma2", "-1", irisCSV},
		{"spectral", "-sigma2", "1", "-neighbors", "-1", irisCSV},
		{"spectral", "-sigma2", "1", "-k", "0", irisCSV},
		{"lda", "-ridge", "-1", irisCSV},
	} {
		if status, _, errOut := runDemo(args...); status != 2 || !strings.Contains(errOut, "usage") {
			t.Errorf("%v: status %d: %s", args, status, errOut)
		} else if v := badValue(args); v != "" && !strings.Contains(errOut, v) {
			t.Errorf("%v: the message does not name the value %s: %s", args, v, errOut)
		}
	}
}

// badValue returns the negative number among args, the value a usage error
// about it should quote, or "" when there is none.
func badValue(args []string) string {
	for _, a := range args {
		if len(a) > 1 && a[0] == '-' && a[1] >= '0' && a[1] <= '9' {
			return a
		}
	}
	return ""
}

// TestPCAFamilyTrace checks that -trace sends the eigensolver's QR steps to
// stderr in the fixed format of docs/cli.md, leaves the JSON on stdout
// intact and does not change the result.
func TestPCAFamilyTrace(t *testing.T) {
	step := regexp.MustCompile(`^qr step +\d+  block \[\d+, \d+\]  shift [+-]\d\.\d{6}e[+-]\d+  \|e\| \d\.\d{3}e[+-]\d+$`)
	for _, args := range [][]string{
		{"pca", "-k", "2", "-target", "species", irisCSV},
		{"pca", "-k", "2", "-method", "gram", "-target", "species", irisCSV},
		{"kpca", "-kernel", "rbf", "-sigma2", "2", "-target", "species", irisCSV},
		{"spectral", "-sigma2", "2", "-target", "species", irisCSV},
		{"lda", "-target", "species", irisCSV},
	} {
		status, out, errOut := runDemo(append(args, "-json", "-trace")...)
		if status != 0 {
			t.Fatalf("%v: status %d: %s", args, status, errOut)
		}
		lines := strings.Split(strings.TrimSpace(errOut), "\n")
		for _, l := range lines {
			if !step.MatchString(l) {
				t.Errorf("%v: trace line %q is not in the QR format", args, l)
				break
			}
		}
		_, plain, _ := runDemo(append(args, "-json")...)
		if out != plain {
			t.Errorf("%v: -trace changed the result", args)
		}
	}
}

// -method lanczos is accepted by name and finds the same leading
// eigenvalues as the dense eigensolver.
func TestPCALanczosByName(t *testing.T) {
	status, lz, errOut := runDemo("pca", "-method", "lanczos", "-k", "2", "-target", "species", "-json", "../../testdata/iris.csv")
	if status != 0 {
		t.Fatalf("status %d: %s", status, errOut)
	}
	_, eig, _ := runDemo("pca", "-method", "eig", "-k", "2", "-target", "species", "-json", "../../testdata/iris.csv")
	var a, b struct{ Eigenvalues []float64 }
	if err := json.Unmarshal([]byte(lz), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(eig), &b); err != nil {
		t.Fatal(err)
	}
	for j := range 2 {
		// Both are backward stable: eigenvalues agree to a few ε·‖S‖ (λ₁ ≈ 4.2).
		if d := math.Abs(a.Eigenvalues[j] - b.Eigenvalues[j]); d > 64*0x1p-52*b.Eigenvalues[0] {
			t.Errorf("λ%d: lanczos %v, eig %v", j+1, a.Eigenvalues[j], b.Eigenvalues[j])
		}
	}
}

// TestPCAOut: -out FILE holds the projections -json prints, bit for bit,
// one row a line under pc1, pc2.
func TestPCAOut(t *testing.T) {
	out := filepath.Join(t.TempDir(), "p.csv")
	obj := jsonOf(t, first(mustRun(t, "pca", "-k", "2", "-target", "species", "-json", "-out", out, "../../testdata/iris.csv")))
	rows := floatRows(t, obj["projections"])
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != len(rows)+1 || lines[0] != "pc1,pc2" {
		t.Fatalf("-out: %d lines, header %q", len(lines), lines[0])
	}
	for i, r := range rows {
		want := strconv.FormatFloat(r[0], 'g', -1, 64) + "," + strconv.FormatFloat(r[1], 'g', -1, 64)
		if lines[i+1] != want {
			t.Fatalf("row %d: %q, JSON %q", i, lines[i+1], want)
		}
	}
}
