package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"mlnotes/learn"
	"mlnotes/matrix"
)

var irisNames = []string{"setosa", "versicolor", "virginica"}

// irisText writes iris with the species as words, the separator sep, and
// optionally without the label column.
func irisText(t *testing.T, name string, sep string, withLabel bool) string {
	t.Helper()
	tab, err := matrix.ReadCSVFile(irisCSV)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	names := tab.Names
	if !withLabel {
		names = names[:4]
	}
	b.WriteString(strings.Join(names, sep) + "\n")
	for i := range tab.Data.Rows() {
		row := tab.Data.Row(i)
		cells := []string{fmt.Sprint(row[0]), fmt.Sprint(row[1]), fmt.Sprint(row[2]), fmt.Sprint(row[3])}
		if withLabel {
			cells = append(cells, irisNames[int(row[4])])
		}
		b.WriteString(strings.Join(cells, sep) + "\n")
	}
	return writeCSV(t, name, b.String())
}

func jsonOf(t *testing.T, out string) map[string]any {
	t.Helper()
	var obj map[string]any
	if err := json.Unmarshal([]byte(out), &obj); err != nil || strings.Count(out, "\n") != 1 {
		t.Fatalf("not one JSON object: %q", out)
	}
	return obj
}

// mustRun runs demo and requires exit 0.
func mustRun(t *testing.T, args ...string) (stdout, stderr string) {
	t.Helper()
	status, out, errOut := runDemo(args...)
	if status != 0 {
		t.Fatalf("demo %v: status %d: %s", args, status, errOut)
	}
	return out, errOut
}

// mustFail runs demo and requires the status, nothing on stdout, and every
// fragment in the one-line message.
func mustFail(t *testing.T, status int, args []string, fragments ...string) {
	t.Helper()
	got, out, errOut := runDemo(args...)
	if got != status || out != "" {
		t.Errorf("demo %v: status %d, stdout %q, stderr %q; want status %d", args, got, out, errOut, status)
		return
	}
	for _, f := range fragments {
		if !strings.Contains(errOut, f) {
			t.Errorf("demo %v: message %q lacks %q", args, errOut, f)
		}
	}
	if strings.Contains(errOut, "panic") || strings.Contains(errOut, "internal error") {
		t.Errorf("demo %v: %s", args, errOut)
	}
}

// TestTextLabelsRoundTrip: words as labels are classes in sorted order,
// kept in the model file; predict prints the names, on data with or
// without the label column, as text, JSON and CSV (-out); the predictions
// are those of training, and the accuracy agrees.
func TestTextLabelsRoundTrip(t *testing.T) {
	train := irisText(t, "iris.csv", ",", true)
	bare := irisText(t, "bare.csv", ";", false)
	model := filepath.Join(t.TempDir(), "m.json")
	for _, cmd := range [][]string{
		{"svm", "-kernel", "rbf", "-scale", "standard"},
		{"svm", "-kernel", "linear", "-scale", "minmax", "-pca", "3"},
		{"lda"},
	} {
		out, _ := mustRun(t, append(cmd, "-json", "-save", model, "-test", train, train)...)
		trained := jsonOf(t, out)
		if l := as[[]string](t, trained["labels"]); !slices.Equal(l, irisNames) {
			t.Errorf("%v: labels %v", cmd, l)
		}
		want := as[[]string](t, trained["predictions"])
		if len(want) != 150 || trained["train_accuracy"] != trained["test_accuracy"] || trained["train_accuracy"].(float64) < 0.9 {
			t.Fatalf("%v: %d predictions, accuracies %v %v", cmd, len(want), trained["train_accuracy"], trained["test_accuracy"])
		}
		var file cliModelFile
		raw, _ := os.ReadFile(model)
		if err := json.Unmarshal(raw, &file); err != nil || file.Format != cliModelFormat || !slices.Equal(file.Labels, irisNames) || file.Target != "species" {
			t.Fatalf("%v: model file %+v (%v)", cmd, file, err)
		}
		// With the label column: the same predictions and the accuracy.
		got := jsonOf(t, first(mustRun(t, "predict", "-model", model, "-json", train)))
		if p := as[[]string](t, got["predictions"]); !slices.Equal(p, want) || got["accuracy"] != trained["test_accuracy"] {
			t.Errorf("%v: predict with labels: accuracy %v, want %v", cmd, got["accuracy"], trained["test_accuracy"])
		}
		// Without it (and with another separator): the same predictions, no score.
		got = jsonOf(t, first(mustRun(t, "predict", "-json", bare, "-model", model)))
		if p := as[[]string](t, got["predictions"]); !slices.Equal(p, want) || got["accuracy"] != nil {
			t.Errorf("%v: predict without labels: %v", cmd, got)
		}
		// Text: one name per line under "prediction".
		text := first(mustRun(t, "predict", "-model", model, bare))
		if lines := strings.Split(strings.TrimSpace(text), "\n"); len(lines) != 151 || lines[0] != "prediction" || lines[1] != want[0] || lines[150] != want[149] {
			t.Errorf("%v: text predictions %q…", cmd, text[:min(80, len(text))])
		}
		// -out: a CSV file with a header, read back as the same names.
		outCSV := filepath.Join(t.TempDir(), "p.csv")
		text = first(mustRun(t, "predict", "-model", model, "-out", outCSV, train))
		if !strings.Contains(text, "wrote 150 predictions") || !strings.Contains(text, "accuracy: ") {
			t.Errorf("%v: predict -out prints %q", cmd, text)
		}
		written, _ := os.ReadFile(outCSV)
		if w := strings.Split(strings.TrimSpace(string(written)), "\n"); len(w) != 151 || w[0] != "prediction" || !slices.Equal(w[1:], want) {
			t.Errorf("%v: -out wrote %q…", cmd, string(written)[:min(60, len(written))])
		}
	}
	// -load with a test file of names scores as training did.
	out, _ := mustRun(t, "lda", "-json", "-save", model, "-test", train, train)
	a := jsonOf(t, out)["test_accuracy"]
	b := jsonOf(t, first(mustRun(t, "lda", "-json", "-load", model, "-test", train)))["test_accuracy"]
	if a != b {
		t.Errorf("lda -load: test_accuracy %v, trained %v", b, a)
	}
	// A test label the model does not know is an error naming it.
	unknown := writeCSV(t, "u.csv", "sepal_length,sepal_width,petal_length,petal_width,species\n5,3,1,0.2,rose\n")
	mustFail(t, 1, []string{"predict", "-model", model, unknown}, `"rose"`, "line 2", "not a class")
}

func first(a, _ string) string { return a }

// TestIntegerLabelsKept: integer labels reach the learner unchanged and
// come back unchanged (−1/1, and 3/7); a fractional label is refused in the
// test file as in the training file.
func TestIntegerLabelsKept(t *testing.T) {
	train := writeCSV(t, "t.csv", "a,b,y\n0,0,3\n0,1,3\n1,0,3\n3,3,7\n3,4,7\n4,3,7\n")
	model := filepath.Join(t.TempDir(), "m.json")
	obj := jsonOf(t, first(mustRun(t, "svm", "-kernel", "linear", "-json", "-save", model, "-test", train, train)))
	if p := as[[]int](t, obj["predictions"]); !slices.Equal(p, []int{3, 3, 3, 7, 7, 7}) || obj["labels"] != nil {
		t.Errorf("predictions %v, labels %v", p, obj["labels"])
	}
	frac := writeCSV(t, "f.csv", "a,b,y\n0,0,3\n4,4,1.5\n")
	mustFail(t, 1, []string{"predict", "-model", model, frac}, "line 3", "1.5", "not an integer")
	mustFail(t, 1, []string{"svm", "-load", model, "-test", frac}, "1.5", "not an integer")
	mustFail(t, 1, []string{"lda", frac}, "1.5", "not an integer")
}

// TestPredictErrors: the clear errors of predict and of the driver.
func TestPredictErrors(t *testing.T) {
	train := irisText(t, "iris.csv", ",", true)
	dir := t.TempDir()
	model := filepath.Join(dir, "m.json")
	mustRun(t, "svm", "-kernel", "linear", "-save", model, train)
	mustFail(t, 1, []string{"predict", "-model", model, "-proba", train}, "-proba", "no class probabilities")
	mustFail(t, 2, []string{"predict", train}, "-model")
	mustFail(t, 2, []string{"predict", "-model", model}, "operand")
	mustFail(t, 2, []string{"predict", "-model", model, "-sep", "ab", train}, "-sep")
	mustFail(t, 1, []string{"predict", "-model", train, train}, "not a model file")
	narrow := writeCSV(t, "n.csv", "sepal_length,petal_width\n1,2\n")
	mustFail(t, 1, []string{"predict", "-model", model, narrow}, `no column "sepal_width"`)
	nohead := writeCSV(t, "h.csv", "1,2,3\n")
	mustFail(t, 1, []string{"predict", "-model", model, nohead}, "3 columns", "4 features")
	// Corrupt model files: an error, never a panic.
	raw, _ := os.ReadFile(model)
	for i, bad := range []string{
		strings.Replace(string(raw), `"n_features": 4`, `"n_features": 3`, 1),
		strings.Replace(string(raw), `"task": "classification"`, `"task": "regression"`, 1),
		strings.Replace(string(raw), `"kind": "svm"`, `"kind": "nope"`, 1),
		strings.Replace(string(raw), `"setosa"`, `"zebra"`, 1),
		string(raw) + "{}",
		`{"format":"mlnotes/cli-model","version":2}`,
		`[]`,
	} {
		p := filepath.Join(dir, fmt.Sprintf("bad%d.json", i))
		os.WriteFile(p, []byte(bad), 0o644)
		if status, out, errOut := runDemo("predict", "-model", p, train); status != 1 || out != "" || strings.Contains(errOut, "panic") {
			t.Errorf("corrupt model %d: status %d, %q", i, status, errOut)
		}
	}
	// -load: the flags of training do not apply.
	mustFail(t, 2, []string{"svm", "-load", model, "-save", model, "-test", train}, "-save", "does not apply with -load")
	mustFail(t, 2, []string{"svm", "-load", model, "-C", "2", "-test", train}, "-C", "does not apply with -load")
	mustFail(t, 2, []string{"svm", "-load", model, "-scale", "standard", "-test", train}, "-scale")
	mustFail(t, 1, []string{"lda", "-load", model, "-test", train}, "svm model")
	mustFail(t, 2, []string{"svm", "-scale", "z", train}, "-scale")
	mustFail(t, 2, []string{"svm", "-pca", "-1", train}, "-pca")
	mustFail(t, 1, []string{"svm", "-pca", "9", train}, "-pca 9", "4 features")
	mustFail(t, 2, []string{"svm", "-format", "xml", train}, "-format")
}

// TestSaveOnlyOnSuccess: -save writes nothing when the command fails after
// training (a bad test file).
func TestSaveOnlyOnSuccess(t *testing.T) {
	train := irisText(t, "iris.csv", ",", true)
	bad := writeCSV(t, "bad.csv", "sepal_length,sepal_width,petal_length,petal_width,species\n1,2,x,4,setosa\n")
	model := filepath.Join(t.TempDir(), "m.json")
	mustFail(t, 1, []string{"svm", "-kernel", "linear", "-save", model, "-test", bad, train}, "line 2", "petal_length")
	if _, err := os.Stat(model); err == nil {
		t.Error("-save wrote the model although the command failed")
	}
}

// TestPreprocessSaved: -scale and -pca are fitted on the training data and
// saved; predict on raw data applies them. The model equals the one trained
// on data transformed by hand, to the bit.
func TestPreprocessSaved(t *testing.T) {
	train := svmTestData(t, "train.csv", 40, 5)
	test := svmTestData(t, "test.csv", 20, 6)
	tab, _ := matrix.ReadCSVFile(train)
	x, y, _, _ := tab.Split(3)
	// Standardize by hand (1/n), as -scale standard must.
	n, d := x.Dims()
	xs := x.Clone()
	for j := range d {
		col := x.Col(j)
		mean, ss := 0.0, 0.0
		for _, v := range col {
			mean += v
		}
		mean /= float64(n)
		for _, v := range col {
			ss += (v - mean) * (v - mean)
		}
		sd := math.Sqrt(ss / float64(n))
		for i := range n {
			xs.Set(i, j, (x.At(i, j)-mean)/sd)
		}
	}
	var b strings.Builder
	b.WriteString("a,b,c,t,three,label\n")
	for i := range n {
		for _, v := range xs.Row(i) {
			fmt.Fprintf(&b, "%v,", v)
		}
		fmt.Fprintf(&b, "%v\n", y[i])
	}
	scaled := writeCSV(t, "scaled.csv", b.String())
	byHand := jsonOf(t, first(mustRun(t, "svm", "-json", "-kernel", "rbf", "-gamma", "0.3", scaled)))
	model := filepath.Join(t.TempDir(), "m.json")
	driver := jsonOf(t, first(mustRun(t, "svm", "-json", "-kernel", "rbf", "-gamma", "0.3", "-scale", "standard", "-target", "label", "-save", model, "-test", test, train)))
	// The two standardizations may differ in the last bit; the dual
	// objectives agree to rounding.
	if o1, o2 := byHand["objective"].(float64), driver["objective"].(float64); math.Abs(o1-o2) > 1e-9*math.Abs(o1) {
		t.Errorf("objective %v with -scale, %v by hand", o2, o1)
	}
	pred := jsonOf(t, first(mustRun(t, "predict", "-json", "-model", model, "-target", "label", test)))
	if !slices.Equal(as[[]int](t, pred["predictions"]), as[[]int](t, driver["predictions"])) || pred["accuracy"] != driver["test_accuracy"] {
		t.Errorf("predict after -scale: %v vs %v", pred["accuracy"], driver["test_accuracy"])
	}
	// -pca K: the learner sees K columns.
	obj := jsonOf(t, first(mustRun(t, "svm", "-json", "-kernel", "linear", "-scale", "minmax", "-pca", "2", "-target", "label", train)))
	if w := as[[]float64](t, obj["w"]); len(w) != 2 {
		t.Errorf("-pca 2: w has %d entries", len(w))
	}
}

// TestDefaultGamma: without -gamma or -sigma2 the Gaussian kernel takes
// γ = 1/(d·Var(X)) of the (preprocessed) training matrix.
func TestDefaultGamma(t *testing.T) {
	train := writeCSV(t, "t.csv", "a,b,y\n0,0,0\n0,2,0\n2,0,1\n2,4,1\n")
	// Entries 0,0,0,2,2,0,2,4: mean 1.25, variance
	// (4·1.5625 + 3·0.5625 + 7.5625)/8 = 1.9375, all exact in binary.
	obj := jsonOf(t, first(mustRun(t, "svm", "-json", train)))
	if g := obj["gamma"].(float64); g != 1/(2*1.9375) {
		t.Errorf("default γ = %v, want %v", g, 1/(2*1.9375))
	}
	obj = jsonOf(t, first(mustRun(t, "svm", "-json", "-scale", "standard", train)))
	if g := obj["gamma"].(float64); math.Abs(g-0.5) > 1e-15 {
		t.Errorf("default γ after -scale standard = %v, want 1/2", g)
	}
	if obj := jsonOf(t, first(mustRun(t, "svm", "-json", "-gamma", "2", train))); obj["gamma"] != nil {
		t.Error("γ printed although given")
	}
	help := first(mustRun(t, "help", "svm"))
	for _, s := range []string{"1/(d·Var(X))", "(default: 1)", "-scale", "-nu", "(default: 0.5)"} {
		if !strings.Contains(help, s) {
			t.Errorf("help svm lacks %q", s)
		}
	}
}

// TestSeparatorsAndMissing: comma, semicolon and tab are detected; -sep
// forces one; missing cells name the line, the column and the count;
// -drop-na drops the rows and says so on stderr; a text feature column is
// named, and -drop leaves it out.
func TestSeparatorsAndMissing(t *testing.T) {
	rows := "a%sb%sy\n0%s0%s0\n1%s0%s0\n0%s2%s0\n3%s3%s1\n4%s3%s1\n3%s5%s1\n"
	var results []any
	for _, sep := range []string{",", ";", "\t"} {
		args := make([]any, 14)
		for i := range args {
			args[i] = sep
		}
		p := writeCSV(t, "s.csv", fmt.Sprintf(rows, args...))
		obj := jsonOf(t, first(mustRun(t, "lda", "-json", p)))
		results = append(results, obj["w"])
	}
	for _, r := range results[1:] {
		if fmt.Sprint(r) != fmt.Sprint(results[0]) {
			t.Errorf("w %v differs from %v with another separator", r, results[0])
		}
	}
	semi := writeCSV(t, "semi.csv", "a;b;y\n0;0;0\n1;0;0\n0;2;0\n3;3;1\n4;3;1\n3;5;1\n")
	mustRun(t, "lda", "-sep", ";", semi)
	mustFail(t, 1, []string{"lda", "-sep", "tab", semi}, "at least one feature column") // one column

	na := writeCSV(t, "na.csv", "a,b,y\n0,0,0\n0,,0\n1,1,0\n3,NA,1\n3,4,1\n4,4,1\n")
	mustFail(t, 1, []string{"lda", na}, "line 3", `column 2 ("b")`, "missing value", "2 rows have one", "-drop-na")
	out, errOut := mustRun(t, "lda", "-drop-na", na)
	if !strings.Contains(errOut, "dropped 2 of 6 rows") || !strings.Contains(out, "train_accuracy") {
		t.Errorf("-drop-na: stdout %q, stderr %q", out, errOut)
	}
	text := writeCSV(t, "text.csv", "a,color,b,y\n0,red,0,0\n1,blue,0,0\n0,red,2,0\n3,red,3,1\n4,red,3,1\n3,red,5,1\n")
	mustFail(t, 1, []string{"lda", text}, `column 2 ("color")`, "holds text", "-drop color")
	mustRun(t, "lda", "-drop", "color", text)
	mustFail(t, 2, []string{"lda", "-drop", "y", text}, "label column")
	mustFail(t, 1, []string{"lda", "-drop", "nosuch", text}, `no column "nosuch"`)
	// A header-less file whose labels are words is data, not a header.
	noHeader := writeCSV(t, "nh.csv", "0,0,cat\n1,0,cat\n0,2,cat\n3,3,dog\n4,3,dog\n3,5,dog\n")
	obj := jsonOf(t, first(mustRun(t, "lda", "-json", noHeader)))
	if l := as[[]string](t, obj["labels"]); !slices.Equal(l, []string{"cat", "dog"}) {
		t.Errorf("header-less text labels: %v", obj["labels"])
	}
}

// TestLibSVMFormat: a LIBSVM file trains as the equivalent CSV does and
// predicts; errors name the line.
func TestLibSVMFormat(t *testing.T) {
	csvFile := writeCSV(t, "d.csv", "f1,f2,f3,y\n0,0,1,-1\n0,1,0,-1\n1,0,0,-1\n3,3,0,1\n3,4,2,1\n4,3,0,1\n")
	lib := writeCSV(t, "d.libsvm", "-1 3:1\n-1 2:1\n-1 1:1\n\n+1 1:3 2:3\n+1 1:3 2:4 3:2\n+1 1:4 2:3\n")
	a := jsonOf(t, first(mustRun(t, "svm", "-json", "-kernel", "linear", csvFile)))
	model := filepath.Join(t.TempDir(), "m.json")
	b := jsonOf(t, first(mustRun(t, "svm", "-json", "-kernel", "linear", "-save", model, lib)))
	if a["objective"] != b["objective"] || fmt.Sprint(a["w"]) != fmt.Sprint(b["w"]) {
		t.Errorf("LIBSVM file: objective %v, CSV %v", b["objective"], a["objective"])
	}
	p := jsonOf(t, first(mustRun(t, "predict", "-json", "-model", model, lib)))
	if !slices.Equal(as[[]int](t, p["predictions"]), []int{-1, -1, -1, 1, 1, 1}) || p["accuracy"] != 1.0 {
		t.Errorf("predict on LIBSVM: %v", p)
	}
	other := writeCSV(t, "d.txt", "-1 3:1\n+1 1:3 2:3\n")
	mustRun(t, "predict", "-model", model, "-format", "libsvm", other)
	wide := writeCSV(t, "w.svm", "1 4:1\n")
	mustFail(t, 1, []string{"predict", "-model", model, wide}, "index 4", "3 features")
	for content, msg := range map[string]string{
		"1 2:1 1:1\n":     "must increase",
		"1 0:1\n":         "≥ 1",
		"1 1:x\n":         "not a number",
		"1 1\n":           "not index:value",
		"1:2 1:1\n":       "not with a label",
		"1 1:1e999\n":     "overflows",
		"1 999999999:1\n": "too sparse",
	} {
		mustFail(t, 1, []string{"svm", writeCSV(t, "bad.svm", content)}, msg)
	}
	mustFail(t, 2, []string{"svm", "-target", "0", lib}, "-target")
}

// TestUnscorableRows: rows whose decision value is not finite are refused,
// never counted as a class.
func TestUnscorableRows(t *testing.T) {
	train := writeCSV(t, "t.csv", "a,b,y\n0,0,-1\n0,1,-1\n3,3,1\n3,4,1\n")
	model := filepath.Join(t.TempDir(), "m.json")
	mustRun(t, "svm", "-kernel", "linear", "-save", model, train)
	huge := writeCSV(t, "h.csv", "a,b,y\n1,1,-1\n1e308,-1e308,1\n-1e308,1e308,1\n")
	mustFail(t, 1, []string{"predict", "-model", model, huge}, "2 of 3 rows cannot be scored", "line 3")
	mustFail(t, 1, []string{"svm", "-load", model, "-test", huge}, "cannot be scored")
	// A model whose kernel overflows on ordinary rows: the degree 100000.
	poly := filepath.Join(t.TempDir(), "p.json")
	mustRun(t, "svm", "-kernel", "poly", "-degree", "3", "-save", poly, train)
	raw, _ := os.ReadFile(poly)
	bad := strings.Replace(string(raw), `"degree": 3`, `"degree": 100000`, 1)
	if bad == string(raw) {
		t.Fatal("no degree in the model file")
	}
	os.WriteFile(poly, []byte(bad), 0o644)
	mustFail(t, 1, []string{"predict", "-model", poly, train}, "cannot be scored", "overflows")
}

// TestGzipReported: a gzip-compressed data file is named as such.
func TestGzipReported(t *testing.T) {
	gz := writeCSV(t, "d.csv.gz", "\x1f\x8b\x08\x00\x00\x00\x00\x00")
	mustFail(t, 1, []string{"lda", gz}, "gzip")
	mustFail(t, 1, []string{"svd", gz}, "gzip")
}

// TestPredictProba: a probabilistic model's probabilities, with the class
// names, in text, JSON and -out.
func TestPredictProba(t *testing.T) {
	// Logistic regression on two tight clusters around (0, 0) and (2, 2):
	// its boundary is the bisector a + b = 2, steep (λ small).
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {0.2, 0}, {0, 0.2}, {2, 2}, {1.8, 2}, {2, 1.8}})
	lr, err := learn.LogisticRegression{Lambda: 1e-3}.Fit(x, []int{0, 0, 0, 1, 1, 1})
	if err != nil {
		t.Fatal(err)
	}
	m := &cliModel{model: lr, file: cliModelFile{
		Format: cliModelFormat, Version: 1, Kind: "logreg", Task: "classification",
		Features: []string{"a", "b"}, NFeatures: 2, Target: "y", Labels: []string{"no", "yes"}}}
	model := filepath.Join(t.TempDir(), "m.json")
	if err := m.writeFile(io.Discard, model); err != nil {
		t.Fatal(err)
	}
	// The third row, (a, b) = (1, 1.1), is on the side of (2, 2) (a + b =
	// 2.1), so it is predicted yes against its label.
	// (It must not sit on the bisector a + b = 2: there the class is decided
	// by rounding, which differs with fused multiply-add on arm64.)
	data := writeCSV(t, "d.csv", "b,a,y\n0,0,no\n2,2,yes\n1.1,1,no\n")
	obj := jsonOf(t, first(mustRun(t, "predict", "-json", "-proba", "-model", model, data)))
	pr := as[[][]float64](t, obj["proba"])
	if !slices.Equal(as[[]string](t, obj["predictions"]), []string{"no", "yes", "yes"}) ||
		!slices.Equal(as[[]string](t, obj["proba_labels"]), []string{"no", "yes"}) ||
		len(pr) != 3 || math.Abs(pr[0][0]+pr[0][1]-1) > 1e-15 || pr[0][0] < 0.99 || obj["accuracy"] != 2.0/3 {
		t.Errorf("predict -proba: %v", obj)
	}
	text := first(mustRun(t, "predict", "-proba", "-model", model, data))
	if !strings.HasPrefix(text, "prediction  no") || !strings.Contains(text, "accuracy: 0.666667") {
		t.Errorf("text -proba:\n%s", text)
	}
	out := filepath.Join(t.TempDir(), "p.csv")
	mustRun(t, "predict", "-proba", "-model", model, "-out", out, data)
	b, _ := os.ReadFile(out)
	if lines := strings.Split(string(b), "\n"); lines[0] != "prediction,p_no,p_yes" || !strings.HasPrefix(lines[2], "yes,") {
		t.Errorf("-out with -proba: %q", b)
	}
}

// TestPlainModelFiles: a model saved by the learn package (as -save wrote
// it before the driver) still loads in predict and in -load.
func TestPlainModelFiles(t *testing.T) {
	train := writeCSV(t, "t.csv", "a,b,y\n0,0,-1\n0,1,-1\n3,3,1\n3,4,1\n")
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {0, 1}, {3, 3}, {3, 4}})
	m, err := learn.SVM{Kernel: learn.Linear()}.Fit(x, []int{-1, -1, 1, 1})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "plain.json")
	f, _ := os.Create(path)
	m.Save(f)
	f.Close()
	obj := jsonOf(t, first(mustRun(t, "predict", "-json", "-model", path, train)))
	if !slices.Equal(as[[]int](t, obj["predictions"]), []int{-1, -1, 1, 1}) || obj["accuracy"] != 1.0 {
		t.Errorf("plain model: %v", obj)
	}
	obj = jsonOf(t, first(mustRun(t, "svm", "-json", "-load", path, "-test", train)))
	if obj["test_accuracy"] != 1.0 {
		t.Errorf("plain model with -load: %v", obj)
	}
	x, _ = matrix.NewFromRows([][]float64{{0, 0}, {1, 0}, {0, 2}, {3, 3}, {4, 3}, {3, 5}})
	train = writeCSV(t, "f.csv", "a,b,y\n0,0,-1\n1,0,-1\n0,2,-1\n3,3,1\n4,3,1\n3,5,1\n")
	fm, err := learn.FisherLDA{}.Fit(x, []int{-1, -1, -1, 1, 1, 1})
	if err != nil {
		t.Fatal(err)
	}
	f, _ = os.Create(path)
	if err := fm.Save(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	obj = jsonOf(t, first(mustRun(t, "predict", "-json", "-model", path, "-target", "y", train)))
	if p := as[[]int](t, obj["predictions"]); !slices.Equal(p, []int{-1, -1, -1, 1, 1, 1}) || obj["accuracy"] != 1.0 {
		t.Errorf("plain fisher model: %v", obj)
	}
}

// as converts a decoded JSON value to T (via JSON), failing the test if it
// does not fit.
func as[T any](t *testing.T, v any) T {
	t.Helper()
	raw, _ := json.Marshal(v)
	var out T
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	return out
}

// TestLooseEnds: kpca -k 0 means all components, as pca -k 0 does; pca
// -variance 0 is refused (the contract says (0, 1]).
func TestLooseEnds(t *testing.T) {
	small := writeCSV(t, "s.csv", "a,b\n0,0\n1,0\n0,2\n3,3\n")
	obj := jsonOf(t, first(mustRun(t, "kpca", "-json", "-kernel", "linear", "-k", "0", small)))
	// Linear kernel on 4 points in 2-d: the centred Gram matrix has rank 2.
	if p := as[[][]float64](t, obj["projections"]); len(p) != 4 || len(p[0]) != 2 {
		t.Errorf("kpca -k 0: projections %v", p)
	}
	pca := jsonOf(t, first(mustRun(t, "pca", "-json", "-k", "0", small)))
	if as[int](t, pca["k"]) != 2 {
		t.Errorf("pca -k 0: k = %v", pca["k"])
	}
	mustFail(t, 2, []string{"pca", "-variance", "0", small}, "-variance 0", "(0, 1]")
	same := writeCSV(t, "z.csv", "a,b\n1,1\n1,1\n1,1\n")
	mustFail(t, 1, []string{"kpca", "-kernel", "linear", "-k", "0", same}, "")
}

// TestNonFiniteResults: a result that overflows is exit 1 with a message
// naming the field, in text as in JSON, and nothing on stdout.
func TestNonFiniteResults(t *testing.T) {
	tiny := writeCSV(t, "d.csv", "1e-320,0\n0,1e-320\n")
	for _, args := range [][]string{{"inv", tiny}, {"inv", "-json", tiny}} {
		mustFail(t, 1, args, "inverse", "overflows")
	}
}

// TestHelpEveryCommand: `demo help CMD` prints the synopsis and every flag
// with its default, for every command.
func TestHelpEveryCommand(t *testing.T) {
	for _, c := range commands {
		if c.run == nil {
			continue // a learner only (stump), not a command
		}
		out := first(mustRun(t, "help", c.name))
		if !strings.Contains(out, "usage: demo "+c.name) || !strings.Contains(out, "-json") || strings.Count(out, "usage:") != 1 {
			t.Errorf("help %s:\n%s", c.name, out)
		}
		lines := strings.Split(out, "\n")
		for i, l := range lines {
			if strings.HasPrefix(l, "  -") && (i+1 >= len(lines) || !strings.Contains(lines[i+1], "default")) {
				t.Errorf("help %s: flag %s shows no default: %q", c.name, strings.TrimSpace(l), lines[i+1])
			}
		}
	}
	mustFail(t, 2, []string{"kpca", "-kernel", "rbf", "-sigma2", "1", "-degree", "2", irisCSV}, "-degree does not apply")
	mustFail(t, 2, []string{"kpca", "-kernel", "linear", "-gamma", "1", irisCSV}, "-gamma does not apply")
}

// TestRegressionPredict: a regression model's predictions are reals, the
// score is the MSE, identical after saving; -proba is refused.
func TestRegressionPredict(t *testing.T) {
	train := svmTestData(t, "train.csv", 40, 8)
	test := svmTestData(t, "test.csv", 15, 9)
	model := filepath.Join(t.TempDir(), "m.json")
	trained := jsonOf(t, first(mustRun(t, "svm", "-json", "-type", "eps-svr", "-kernel", "rbf", "-scale", "standard", "-target", "t", "-drop", "three", "-save", model, "-test", test, train)))
	got := jsonOf(t, first(mustRun(t, "predict", "-json", "-model", model, test)))
	if p := as[[]float64](t, got["predictions"]); len(p) != 15 || !slices.Equal(p, as[[]float64](t, trained["predictions"])) || got["mse"] != trained["test_mse"] {
		t.Errorf("regression predict: mse %v, trained %v", got["mse"], trained["test_mse"])
	}
	text := first(mustRun(t, "predict", "-model", model, test))
	if !strings.HasPrefix(text, "prediction\n") || !strings.Contains(text, "mse: ") {
		t.Errorf("regression text: %q", text)
	}
	mustFail(t, 1, []string{"predict", "-proba", "-model", model, test}, "no class probabilities")
	// The header-less layout of the training file is read by position.
	tab, _ := matrix.ReadCSVFile(test)
	var b strings.Builder
	for i := range tab.Data.Rows() {
		for j, v := range tab.Data.Row(i) {
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprint(&b, v)
		}
		b.WriteByte('\n')
	}
	nohead := writeCSV(t, "nh.csv", b.String())
	got = jsonOf(t, first(mustRun(t, "predict", "-json", "-model", model, nohead)))
	if got["mse"] != trained["test_mse"] {
		t.Errorf("header-less file in the training layout: mse %v, want %v", got["mse"], trained["test_mse"])
	}
}

// -quiet silences progress, so it applies with -load too.
func TestQuietWithLoad(t *testing.T) {
	train := irisText(t, "iris.csv", ",", true)
	model := filepath.Join(t.TempDir(), "m.json")
	mustRun(t, "mlp", "-hidden", "4", "-epochs", "2", "-quiet", "-save", model, train)
	mustRun(t, "mlp", "-load", model, "-test", train, "-quiet")
	mustFail(t, 2, []string{"mlp", "-load", model, "-test", train, "-epochs", "3"}, "-epochs", "does not apply")
}

// TestLongCellQuoted: a 5 MB cell is quoted by its first characters and
// its length, with its line and column, not whole (issue 25, item 7): in a
// feature column of numbers, as a label of a model that does not have it,
// and in a LIBSVM file.
func TestLongCellQuoted(t *testing.T) {
	big := strings.Repeat("w", 5<<20)
	train := writeCSV(t, "t.csv", "a,b,y\n1,2,0\n3,"+big+",1\n4,5,1\n")
	status, _, errOut := runDemo("knn", "-k", "1", train)
	if status != 1 || len(errOut) > 400 || !strings.Contains(errOut, `"`+strings.Repeat("w", 60)+`"… (5242880 characters)`) ||
		!strings.Contains(errOut, "line 3") || !strings.Contains(errOut, `column 2 ("b")`) {
		t.Errorf("feature cell: status %d, %d bytes on stderr: %.300s", status, len(errOut), errOut)
	}
	model := filepath.Join(t.TempDir(), "m.json")
	mustRun(t, "knn", "-k", "1", "-save", model, writeCSV(t, "ok.csv", "a,y\n1,0\n2,1\n"))
	status, _, errOut = runDemo("predict", "-model", model, writeCSV(t, "p.csv", "a,y\n1,"+big+"\n"))
	if status != 1 || len(errOut) > 400 || !strings.Contains(errOut, "… (5242880 characters)") {
		t.Errorf("label: status %d, %d bytes on stderr: %.300s", status, len(errOut), errOut)
	}
	lib := filepath.Join(t.TempDir(), "d.libsvm")
	if err := os.WriteFile(lib, []byte("1 1:0.5\n0 "+big+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	status, _, errOut = runDemo("knn", "-k", "1", lib)
	if status != 1 || len(errOut) > 400 || !strings.Contains(errOut, "line 2, item 2") || !strings.Contains(errOut, "… (5242880 characters)") {
		t.Errorf("LIBSVM item: status %d, %d bytes on stderr: %.300s", status, len(errOut), errOut)
	}
}
