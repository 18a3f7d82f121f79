package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"mlnotes/learn"
	"mlnotes/matrix"
)

// TestLearnerRegistryCV: every learner of the linear, generative and
// neural-network commands (and svm and lda) runs under cv with its flags,
// as a classifier or a regressor as its plan says.
func TestLearnerRegistryCV(t *testing.T) {
	iris, diabetes := "../../testdata/iris.csv", "../../testdata/diabetes.csv"
	two := writeCSV(t, "two.csv", "a,b,y\n0,0,3\n1,0.2,3\n0.1,1,3\n0.3,0.4,3\n3,3,8\n4,3.2,8\n3,4.1,8\n3.5,3.3,8\n")
	for _, c := range []struct {
		args  []string
		score string // "accuracy" (a mean in [0, 1]) or "mse"
		min   float64
	}{
		{[]string{"logreg", "-lambda", "0.1", iris}, "accuracy", 0.9},
		{[]string{"linreg", "-basis", "poly", "-degree", "2", "-solver", "svd", diabetes}, "mse", 0},
		{[]string{"ridge", "-lambda", "0.5", diabetes}, "mse", 0},
		{[]string{"perceptron", "-epochs", "50", two}, "accuracy", 0.7},
		{[]string{"adaline", "-lr", "0.02", two}, "accuracy", 0.7},
		{[]string{"bayes", "-density", "shared", iris}, "accuracy", 0.9},
		{[]string{"mlp", "-hidden", "8", "-epochs", "30", "-lr", "0.01", iris}, "accuracy", 0.5},
		{[]string{"mlp", "-task", "regress", "-hidden", "4", "-epochs", "5", diabetes}, "mse", 0},
		{[]string{"svm", "-kernel", "linear", "-C", "0.5", iris}, "accuracy", 0.9},
		{[]string{"lda", "-ridge", "0.01", iris}, "accuracy", 0.9},
	} {
		k := "5"
		if strings.HasSuffix(c.args[len(c.args)-1], "two.csv") {
			k = "2"
		}
		own := []string{"cv", "-k", k, "-quiet", "-json", "-scale", "standard"}
		if c.score == "accuracy" {
			own = append(own, "-stratified") // folds stratified by class: classifiers only
		}
		out, _ := mustRun(t, append(own, c.args...)...)
		o := jsonOf(t, out)
		fs := floats(t, o["fold_scores"])
		mean := o["mean"].(float64)
		_, hasMSE := o["train_mse"]
		if o["learner"] != c.args[0] || hasMSE != (c.score == "mse") || len(fs) != map[string]int{"5": 5, "2": 2}[k] {
			t.Errorf("cv %v: %s", c.args, out)
			continue
		}
		if c.score == "accuracy" && (mean < c.min || mean > 1) || c.score == "mse" && !(mean > 0) {
			t.Errorf("cv %v: mean %v", c.args, mean)
		}
	}
}

// TestLearnerRegistryRidgeFolds: cv of ridge with a fold file gives exactly
// the fold scores of learn.Ridge fitted on each fold's complement.
func TestLearnerRegistryRidgeFolds(t *testing.T) {
	const path = "../../testdata/diabetes.csv"
	tab, err := matrix.ReadCSVFile(path)
	if err != nil {
		t.Fatal(err)
	}
	x, y, _, _ := tab.Split(tab.Data.Cols() - 1)
	n, K := x.Rows(), 4
	var folds strings.Builder
	folds.WriteString("fold\n")
	rho := make([]int, n)
	for i := range n {
		rho[i] = (i * 7 % 11) % K
		fmt.Fprintf(&folds, "%d\n", rho[i])
	}
	ff := writeCSV(t, "folds.csv", folds.String())
	out, _ := mustRun(t, "cv", "-folds", ff, "-quiet", "-json", "ridge", "-lambda", "0.3", "-penalize-intercept", path)
	got := floats(t, jsonOf(t, out)["fold_scores"])
	want := make([]float64, K)
	for f := range K {
		var tr, te []int
		for i, r := range rho {
			if r == f {
				te = append(te, i)
			} else {
				tr = append(tr, i)
			}
		}
		sub := func(idx []int) (*matrix.Dense, []float64) {
			xs, ys := matrix.New(len(idx), x.Cols()), make([]float64, len(idx))
			for k, i := range idx {
				copy(xs.Row(k), x.Row(i))
				ys[k] = y[i]
			}
			return xs, ys
		}
		xtr, ytr := sub(tr)
		xte, yte := sub(te)
		m, err := learn.Ridge{Lambda: 0.3, PenalizeIntercept: true}.Fit(xtr, ytr)
		if err != nil {
			t.Fatal(err)
		}
		p, err := m.Predict(xte)
		if err != nil {
			t.Fatal(err)
		}
		s := 0.0
		for k := range p { // each square rounded, as cliModel.score does
			s += float64((p[k] - yte[k]) * (p[k] - yte[k]))
		}
		want[f] = s / float64(len(te))
	}
	if !slices.Equal(got, want) {
		t.Errorf("fold scores %v, learn.Ridge directly %v", got, want)
	}
}

// TestLearnerFlagsShared: a learner that is also a command declares the
// command's flags (same names, defaults and usage text): one declaration
// serves both, and `demo help CMD` shows each of them.
func TestLearnerFlagsShared(t *testing.T) {
	for _, l := range learnerDefs() {
		if _, ok := findCommand(l.name); !ok {
			continue
		}
		_, help, _ := runDemo("help", l.name)
		fs := flag.NewFlagSet(l.name, flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		l.declare(fs)
		fs.VisitAll(func(f *flag.Flag) {
			name, usage := flag.UnquoteUsage(f)
			head := "  -" + f.Name
			if name != "" {
				head += " " + name
			}
			i := strings.Index(help, head+"\n")
			if i < 0 {
				t.Errorf("learner %s: flag -%s is not a flag of the command", l.name, f.Name)
				return
			}
			line, _, _ := strings.Cut(help[i+len(head)+1:], "\n")
			if !strings.Contains(line, usage) {
				t.Errorf("learner %s: -%s %q; the command says %q", l.name, f.Name, usage, line)
			}
		})
	}
}

// TestLearnerRegistrySaves: a model trained by a meta command through a
// learner of a driver command is saved as that command's kind and
// predicts like it.
func TestLearnerRegistrySaves(t *testing.T) {
	dir := t.TempDir()
	iris := "../../testdata/iris.csv"
	m := filepath.Join(dir, "m.json")
	mustRun(t, "holdout", "-save", m, "logreg", iris)
	a, _ := mustRun(t, "predict", "-model", m, "-json", iris)
	b, _ := mustRun(t, "logreg", "-test", iris, "-json", iris)
	if jsonOf(t, a)["accuracy"] != jsonOf(t, b)["test_accuracy"] {
		t.Errorf("holdout's saved logreg scores %s, logreg %s", a, b)
	}
}

// TestLearnerRegistryMetaCommands: the brief's invocations — grid over
// ridge's λ, bootstrap of the shared-covariance Bayes classifier, bagged
// MLPs — run and print their fields.
func TestLearnerRegistryMetaCommands(t *testing.T) {
	iris, diabetes := "../../testdata/iris.csv", "../../testdata/diabetes.csv"
	out, _ := mustRun(t, "grid", "-quiet", "-json", "-param", "lambda=0.01,0.1,1", "ridge", diabetes)
	if o := jsonOf(t, out); len(o["results"].([]any)) != 3 || o["best"] == nil || !(o["best_score"].(float64) > 0) {
		t.Errorf("grid ridge: %s", out)
	}
	out, _ = mustRun(t, "bootstrap", "-B", "10", "-quiet", "-json", "bayes", "-density", "shared", iris)
	if o := jsonOf(t, out); o["learner"] != "bayes" || o["e_boot"].(float64) > 0.2 {
		t.Errorf("bootstrap bayes: %s", out)
	}
	out, _ = mustRun(t, "bag", "-B", "3", "-quiet", "-json", "-scale", "standard", "mlp", "-hidden", "16", "-epochs", "20", "-lr", "0.01", iris)
	if o := jsonOf(t, out); o["learner"] != "mlp" || o["train_accuracy"].(float64) < 0.8 {
		t.Errorf("bag mlp: %s", out)
	}
	out, _ = mustRun(t, "holdout", "-json", "-frac", "0.3", "mlp", "-task", "regress", "-hidden", "4", "-epochs", "5", diabetes)
	if o := jsonOf(t, out); o["learner"] != "mlp" || o["train_mse"] == nil {
		t.Errorf("holdout mlp -task regress: %s", out)
	}
}
