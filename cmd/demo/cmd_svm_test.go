package main

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"mlnotes/learn"
	"mlnotes/matrix"
)

// svmTestData writes a CSV with three features, an integer label in the
// fourth column (not the last), a real target t and a three-class label:
// "a,b,c,label,t,three". Two overlapping Gaussian classes, fixed seed.
func svmTestData(t *testing.T, name string, n int, seed uint64) string {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
	var b strings.Builder
	b.WriteString("a,b,c,label,t,three\n")
	for i := range n {
		label := 2*(i%2) - 1
		a, bb, c := r.NormFloat64()+0.8*float64(label), r.NormFloat64(), r.NormFloat64()
		fmt.Fprintf(&b, "%v,%v,%v,%d,%v,%d\n", a, bb, c, label, math.Sin(a)+0.5*bb+0.1*r.NormFloat64(), i%3)
	}
	return writeCSV(t, name, b.String())
}

func svmJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	status, out, errOut := runDemo(append([]string{"svm", "-json"}, args...)...)
	if status != 0 {
		t.Fatalf("demo svm %v: status %d: %s", args, status, errOut)
	}
	var obj map[string]any
	if err := json.Unmarshal([]byte(out), &obj); err != nil {
		t.Fatal(err)
	}
	return obj
}

// TestSVMFlags runs every flag of `demo svm` (docs/cli.md) and requires
// the printed certificate to be, to the bit, that of learn.SVM fitted with
// the configuration the flags stand for: the CLI reads the same file into
// the same float64 values and prints numbers that read back exactly.
func TestSVMFlags(t *testing.T) {
	train := svmTestData(t, "train.csv", 60, 1)
	tab, err := matrix.ReadCSVFile(train)
	if err != nil {
		t.Fatal(err)
	}
	// split returns the features (every other column) and the target column.
	split := func(col int) (*matrix.Dense, []float64) {
		x, y, _, _ := tab.Split(col)
		return x, y
	}
	rbf := func(g float64) learn.Kernel { return learn.Kernel{Type: learn.GaussianKernel, Gamma: g} }
	cases := []struct {
		args []string
		cfg  learn.SVM
	}{
		{[]string{"-type", "c", "-kernel", "linear", "-C", "0.5"}, learn.SVM{Kernel: learn.Linear(), C: 0.5}},
		{[]string{"-type", "c", "-kernel", "poly", "-degree", "2"}, learn.SVM{Kernel: learn.Polynomial(2)}},
		{[]string{"-type", "c", "-kernel", "poly"}, learn.SVM{Kernel: learn.Polynomial(3)}}, // default degree 3, γ = c₀ = 1
		{[]string{"-type", "c", "-kernel", "poly", "-degree", "2", "-gamma", "0.5", "-coef0", "0"},
			learn.SVM{Kernel: learn.Kernel{Type: learn.PolynomialKernel, Degree: 2, Gamma: 0.5}}},
		{[]string{"-type", "c", "-kernel", "rbf", "-sigma2", "4", "-C", "3"}, learn.SVM{Kernel: learn.Gaussian(4), C: 3}},
		{[]string{"-type", "c", "-kernel", "rbf", "-gamma", "0.25", "-C", "3"}, learn.SVM{Kernel: rbf(0.25), C: 3}},
		{[]string{"-type", "c", "-kernel", "rbf", "-gamma", "0.5", "-tol", "1e-7"}, learn.SVM{Kernel: rbf(0.5), Tol: 1e-7}},
		{[]string{"-type", "nu", "-kernel", "rbf", "-gamma", "0.5", "-nu", "0.4"}, learn.SVM{Type: learn.NuSVC, Kernel: rbf(0.5), Nu: 0.4}},
		{[]string{"-type", "eps-svr", "-kernel", "rbf", "-gamma", "0.5", "-C", "2", "-epsilon", "0.2", "-target", "t"},
			learn.SVM{Type: learn.EpsSVR, Kernel: rbf(0.5), C: 2, Epsilon: 0.2}},
		{[]string{"-type", "eps-svr", "-kernel", "linear", "-epsilon", "0", "-target", "4"},
			learn.SVM{Type: learn.EpsSVR, Kernel: learn.Linear(), Epsilon: math.SmallestNonzeroFloat64}},
		{[]string{"-type", "nu-svr", "-kernel", "poly", "-degree", "2", "-nu", "0.3", "-target", "t"},
			learn.SVM{Type: learn.NuSVR, Kernel: learn.Polynomial(2), Nu: 0.3}},
	}
	for _, c := range cases {
		name := strings.Join(c.args, " ")
		args := c.args
		if !slices.Contains(args, "-target") {
			args = append(args, "-target", "label")
		}
		got := svmJSON(t, append(args, train)...)
		var b *learn.BinarySVM
		var dec []float64
		var err error
		var x *matrix.Dense
		if c.cfg.Type == learn.EpsSVR || c.cfg.Type == learn.NuSVR {
			var y []float64
			x, y = split(4) // -target t, or -target 4
			var m *learn.SVMRegressorModel
			if m, err = c.cfg.FitRegression(x, y); err == nil {
				b = m.Machines[0]
				dec = m.TrainingDecision() // from the solver's gradient, as the CLI prints it
			}
		} else {
			var y []float64
			x, y = split(3) // -target label
			labels := make([]int, len(y))
			for i, v := range y {
				labels[i] = int(v)
			}
			var m *learn.SVMClassifierModel
			if m, err = c.cfg.Fit(x, labels); err == nil {
				b = m.Machines[0]
				dec = m.TrainingDecision()
			}
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := map[string]any{"objective": b.Objective, "rho": b.Rho, "b": b.B(), "n_sv": float64(len(b.Support)),
			"n_bsv": float64(b.NumBounded), "iterations": float64(b.Iterations), "kkt_violation": b.KKTViolation}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s: %s = %v, learn.SVM gives %v", name, k, got[k], v)
			}
		}
		for k, v := range map[string][]float64{"coef": b.Coef, "decision": dec} {
			g := got[k].([]any)
			for i := range v {
				if g[i] != v[i] {
					t.Fatalf("%s: %s[%d] = %v, learn.SVM gives %v", name, k, i, g[i], v[i])
				}
			}
		}
		if s := got["support"].([]any); len(s) != len(b.Support) || len(s) > 0 && s[0] != float64(b.Support[0]) {
			t.Errorf("%s: support %v, learn.SVM %v", name, s, b.Support)
		}
		extra := map[learn.SVMType][]string{learn.NuSVC: {"equivalent_c", "nu_rho", "fraction_sv", "fraction_margin_errors"}, learn.NuSVR: {"epsilon"}}[c.cfg.Type]
		if c.cfg.Kernel.Type == learn.LinearKernel {
			extra = append(extra, "w")
			if c.cfg.Type == learn.CSVC || c.cfg.Type == learn.NuSVC {
				extra = append(extra, "margin")
			}
		}
		for _, k := range extra {
			if _, ok := got[k]; !ok {
				t.Errorf("%s: no %s", name, k)
			}
		}
		score := "train_accuracy"
		if c.cfg.Type == learn.EpsSVR || c.cfg.Type == learn.NuSVR {
			score = "train_mse"
		}
		if _, ok := got[score]; !ok {
			t.Errorf("%s: no %s", name, score)
		}
	}
}

// TestSVMFlagErrors: invalid flag values are usage errors (exit 2), never
// silently replaced by a default.
func TestSVMFlagErrors(t *testing.T) {
	train := svmTestData(t, "train.csv", 20, 2)
	for _, args := range [][]string{
		{"-C", "0"}, {"-C", "-1"}, {"-C", "NaN"}, {"-nu", "0"}, {"-nu", "1.5"}, {"-tol", "0"}, {"-tol", "-1e-3"},
		{"-epsilon", "-0.1"}, {"-type", "svc"}, {"-type", "nu", "-hard"}, {"-kernel", "sigmoid"},
		{"-kernel", "poly", "-degree", "0"}, {"-kernel", "rbf", "-gamma", "1", "-sigma2", "1"},
		{"-kernel", "rbf", "-gamma", "-1"}, {"-kernel", "poly", "-gamma", "0"}, {"-kernel", "rbf", "-gamma", "0"},
		{"-kernel", "rbf", "-sigma2", "0"},
		// Flags that the type or kernel does not use are refused, not ignored.
		{"-type", "nu", "-C", "2"}, {"-kernel", "rbf", "-degree", "2"}, {"-epsilon", "0.2"}, {"-nu", "0.3"},
		{"-gamma", "1"}, {"-sigma2", "1"}, {"-coef0", "0"}, {"-hard", "-C", "2"}, {"-kernel", "rbf", "-coef0", "1"},
	} {
		a := append([]string{"svm", "-kernel", "linear"}, args...)
		if status, _, errOut := runDemo(append(a, "-target", "label", train)...); status != 2 {
			t.Errorf("%v: status %d (%s), want 2", args, status, errOut)
		}
	}
	// Data errors are status 1: a single class, labels that are not integers.
	one := writeCSV(t, "one.csv", "a,y\n1,1\n2,1\n3,1\n")
	frac := writeCSV(t, "frac.csv", "a,y\n1,0.5\n2,1\n")
	for _, f := range []string{one, frac} {
		if status, _, errOut := runDemo("svm", "-kernel", "linear", f); status != 1 || !strings.HasPrefix(errOut, "demo svm: ") {
			t.Errorf("%s: status %d (%q), want 1", f, status, errOut)
		}
	}
}

// TestSVMMultiClassAndLoad: a three-class model prints its classes and the
// accuracies; a saved model, loaded, scores the test file exactly as the
// trained one did (regression: the same test_mse to the bit).
func TestSVMMultiClassAndLoad(t *testing.T) {
	train := svmTestData(t, "train.csv", 60, 3)
	test := svmTestData(t, "test.csv", 30, 4)
	got := svmJSON(t, "-kernel", "rbf", "-gamma", "0.5", "-target", "three", "-test", test, train)
	if cl, ok := got["classes"].([]any); !ok || len(cl) != 3 || cl[0] != 0.0 || cl[2] != 2.0 {
		t.Errorf("classes %v", got["classes"])
	}
	for _, k := range []string{"train_accuracy", "test_accuracy"} {
		if _, ok := got[k]; !ok {
			t.Errorf("multi-class output lacks %s", k)
		}
	}
	if _, ok := got["objective"]; ok {
		t.Error("a multi-class model prints one machine's objective")
	}
	for _, typ := range []string{"eps-svr", "nu-svr", "c", "nu"} {
		model := filepath.Join(t.TempDir(), typ+".json")
		col := "t"
		if typ == "c" || typ == "nu" {
			col = "three"
		}
		trained := svmJSON(t, "-type", typ, "-kernel", "poly", "-degree", "2", "-target", col, "-save", model, "-test", test, train)
		loaded := svmJSON(t, "-load", model, "-target", col, "-test", test)
		score := "test_mse"
		if col == "three" {
			score = "test_accuracy"
		}
		if trained[score] == nil || trained[score] != loaded[score] {
			t.Errorf("%s: %s %v after training, %v after -load", typ, score, trained[score], loaded[score])
		}
	}
}
