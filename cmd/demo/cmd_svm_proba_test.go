package main

import (
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"mlnotes/learn"
	"mlnotes/matrix"
)

// TestSVMProba: svm -proba fits Platt's probabilities and saves them;
// predict -proba prints them (rows sum to 1, the class names as columns),
// the same as the learn model gives for the same seed; the flags that do
// not apply are usage errors.
func TestSVMProba(t *testing.T) {
	train := irisText(t, "iris.csv", ",", true)
	model := filepath.Join(t.TempDir(), "m.json")
	obj := jsonOf(t, first(mustRun(t, "svm", "-json", "-kernel", "rbf", "-gamma", "0.5", "-proba", "-seed", "7", "-save", model, train)))
	if obj["converged"] != true {
		t.Errorf("converged = %v", obj["converged"])
	}
	got := jsonOf(t, first(mustRun(t, "predict", "-json", "-proba", "-model", model, train)))
	pr := as[[][]float64](t, got["proba"])
	if !slices.Equal(as[[]string](t, got["proba_labels"]), irisNames) || len(pr) != 150 {
		t.Fatalf("predict -proba: labels %v, %d rows", got["proba_labels"], len(pr))
	}
	// The same fit in the library: identical probabilities.
	tab, err := matrix.ReadCSVFile(irisCSV)
	if err != nil {
		t.Fatal(err)
	}
	x, y, _, err := tab.Split(4)
	if err != nil {
		t.Fatal(err)
	}
	labels := make([]int, len(y))
	for i, v := range y {
		labels[i] = int(v)
	}
	m, err := learn.SVM{Kernel: learn.Kernel{Type: learn.GaussianKernel, Gamma: 0.5}, Probability: true, Seed: 7}.Fit(x, labels)
	if err != nil {
		t.Fatal(err)
	}
	want, err := m.PredictProba(x)
	if err != nil {
		t.Fatal(err)
	}
	for i, row := range pr {
		if math.Abs(row[0]+row[1]+row[2]-1) > 1e-12 {
			t.Fatalf("row %d sums to %v", i, row[0]+row[1]+row[2])
		}
		if !slices.Equal(row, want.Row(i)) {
			t.Fatalf("row %d: %v, the library %v", i, row, want.Row(i))
		}
	}
	text := first(mustRun(t, "predict", "-proba", "-model", model, train))
	if !strings.HasPrefix(strings.Join(strings.Fields(strings.SplitN(text, "\n", 2)[0]), " "), "prediction setosa versicolor virginica") {
		t.Errorf("text -proba:\n%.200s", text)
	}

	// Without -proba at training, predict -proba is refused.
	plain := filepath.Join(t.TempDir(), "plain.json")
	mustRun(t, "svm", "-kernel", "linear", "-save", plain, train)
	mustFail(t, 1, []string{"predict", "-proba", "-model", plain, train}, "-proba", "no class probabilities")

	reg := writeCSV(t, "r.csv", "x,y\n0,0\n1,1\n2,2\n3,3\n")
	mustFail(t, 2, []string{"svm", "-type", "eps-svr", "-proba", reg}, "-proba does not apply")
	mustFail(t, 2, []string{"svm", "-seed", "3", train}, "-seed applies to -proba")
	mustFail(t, 2, []string{"svm", "-max-iter", "-1", train}, "-max-iter")
	mustFail(t, 2, []string{"svm", "-load", model, "-test", train, "-proba"}, "-proba")
}

// TestSVMMaxIter: a fit that reaches -max-iter keeps its model (exit 0),
// says so on stderr, and reports converged false, as svm-train warns.
func TestSVMMaxIter(t *testing.T) {
	train := irisText(t, "iris.csv", ",", true)
	out, errOut := mustRun(t, "svm", "-json", "-kernel", "rbf", "-gamma", "0.5", "-max-iter", "2", train)
	obj := jsonOf(t, out)
	if obj["converged"] != false || !strings.Contains(errOut, "warning") || !strings.Contains(errOut, "no convergence") {
		t.Errorf("converged %v, stderr %q", obj["converged"], errOut)
	}
	if _, ok := obj["train_accuracy"].(float64); !ok {
		t.Errorf("no accuracy for the kept model: %v", obj)
	}
}
