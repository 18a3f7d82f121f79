package main

import (
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"mlnotes/learn"
	"mlnotes/matrix"
)

// wordIris writes every third row of iris with the species as words, and
// the first 120 rows of diabetes, for the save-and-load test.
func wordIris(t *testing.T) (classes, targets string) {
	t.Helper()
	raw, err := os.ReadFile("../../testdata/iris.csv")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(strings.ReplaceAll(string(raw), "\r", "")), "\n")
	var b strings.Builder
	b.WriteString(lines[0] + "\n")
	names := map[string]string{"0": "setosa", "1": "versicolor", "2": "virginica"}
	for i, l := range lines[1:] {
		if i%3 == 0 {
			cells := strings.Split(l, ",")
			cells[len(cells)-1] = names[cells[len(cells)-1]]
			b.WriteString(strings.Join(cells, ",") + "\n")
		}
	}
	classes = writeCSV(t, "iris_words.csv", b.String())
	raw, err = os.ReadFile("../../testdata/diabetes.csv")
	if err != nil {
		t.Fatal(err)
	}
	lines = strings.Split(strings.TrimSpace(string(raw)), "\n")
	targets = writeCSV(t, "diabetes120.csv", strings.Join(lines[:121], "\n")+"\n")
	return classes, targets
}

// TestSavedModelsLoadInLearn: a model saved by every supervised command
// (with -scale standard, and word labels for the classifiers) loads
// through learn.Load, and predicts on the raw rows what demo predict
// prints: the same class names, the same bits of every value.
func TestSavedModelsLoadInLearn(t *testing.T) {
	classes, targets := wordIris(t)
	for _, args := range [][]string{
		{"knn", "-k", "3"}, {"knn", "-k", "3", "-regression"},
		{"svm"}, {"svm", "-type", "eps-svr", "-C", "10"}, {"svm", "-proba"},
		{"lda"}, {"logreg"}, {"linreg"}, {"ridge"}, {"perceptron"}, {"adaline"},
		{"tree", "-max-depth", "3"}, {"tree", "-regression", "-max-depth", "3"},
		{"forest", "-trees", "5", "-quiet"}, {"forest", "-trees", "5", "-regression", "-quiet"},
		{"adaboost", "-rounds", "5"}, {"bayes"},
		{"mlp", "-hidden", "4", "-epochs", "5", "-quiet"}, {"mlp", "-task", "regress", "-hidden", "4", "-epochs", "5", "-quiet"},
		{"cv", "-k", "3", "-quiet", "knn", "-k", "3"}, {"holdout", "ridge"}, {"bootstrap", "-B", "3", "-quiet", "tree"},
		{"grid", "-k", "3", "-quiet", "-param", "k=1,3", "knn"}, {"bag", "-B", "3", "-quiet", "tree"}, {"boost3", "tree"},
	} {
		regression := isRegression(args)
		data := classes
		if regression {
			data = targets
		}
		model := filepath.Join(t.TempDir(), "m.json")
		cmd := append([]string{args[0], "-scale", "standard", "-save", model}, args[1:]...)
		mustRun(t, append(cmd, data)...)
		obj := jsonOf(t, first(mustRun(t, "predict", "-json", "-model", model, data)))

		f, err := os.Open(model)
		if err != nil {
			t.Fatal(err)
		}
		v, err := learn.Load(f)
		f.Close()
		if err != nil {
			t.Errorf("%v: learn.Load: %v", args, err)
			continue
		}
		x := featuresOf(t, data)
		switch m := v.(type) {
		case *learn.PipelineClassifierModel:
			got, err := m.PredictNames(x)
			want := as[[]any](t, obj["predictions"])
			if err != nil || len(got) != len(want) {
				t.Errorf("%v: PredictNames: %v (%d of %d)", args, err, len(got), len(want))
				continue
			}
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("%v: row %d: learn.Load's model says %s, demo predict %v", args, i, got[i], want[i])
					break
				}
			}
		case *learn.PipelineRegressorModel:
			got, err := m.Predict(x)
			want := as[[]any](t, obj["predictions"])
			if err != nil || len(got) != len(want) {
				t.Errorf("%v: Predict: %v", args, err)
				continue
			}
			for i := range got {
				if w := want[i].(float64); math.Float64bits(got[i]) != math.Float64bits(w) {
					t.Errorf("%v: row %d: learn.Load's model gives %.17g, demo predict %.17g", args, i, got[i], w)
					break
				}
			}
		default:
			t.Errorf("%v: learn.Load returned %T, not a pipeline", args, v)
		}
	}
}

// isRegression says whether a command line trains a regressor.
func isRegression(args []string) bool {
	for _, a := range args {
		switch a {
		case "-regression", "eps-svr", "regress", "linreg", "ridge":
			return true
		}
	}
	return false
}

// featuresOf reads every column of a CSV file but the last as numbers.
func featuresOf(t *testing.T, path string) *matrix.Dense {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(strings.ReplaceAll(string(raw), "\r", "")), "\n")[1:]
	var rows [][]float64
	for _, l := range lines {
		cells := strings.Split(l, ",")
		row := make([]float64, len(cells)-1)
		for j := range row {
			v, err := strconv.ParseFloat(cells[j], 64)
			if err != nil {
				t.Fatal(err)
			}
			row[j] = v
		}
		rows = append(rows, row)
	}
	x, err := matrix.NewFromRows(rows)
	if err != nil {
		t.Fatal(err)
	}
	return x
}
