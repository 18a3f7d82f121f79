package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"mlnotes/learn"
	"mlnotes/matrix"
)

// sklearnCVReference is testdata/pipeline_cv_reference.json (written by
// testdata/gen/pipeline_cv_sklearn.py), as learn's
// TestPipelineCrossValidationSklearn reads it.
type sklearnCVReference struct {
	Folds map[string][]int `json:"folds"`
	Cases []struct {
		Data    string             `json:"data"`
		Learner string             `json:"learner"`
		Params  map[string]float64 `json:"params"`
		PCA     int                `json:"pca"`
		Scores  []float64          `json:"scores"`
	} `json:"cases"`
	Grids []struct {
		Data       string               `json:"data"`
		Learner    string               `json:"learner"`
		PCA        int                  `json:"pca"`
		Candidates []map[string]float64 `json:"candidates"`
		Means      []float64            `json:"means"`
		Best       int                  `json:"best"`
	} `json:"grids"`
}

func readSklearnCVReference(t *testing.T) *sklearnCVReference {
	t.Helper()
	raw, err := os.ReadFile("../../testdata/pipeline_cv_reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref sklearnCVReference
	if err := json.Unmarshal(raw, &ref); err != nil {
		t.Fatal(err)
	}
	return &ref
}

// writeFolds writes a -folds file: a header, then one fold a line.
func writeFolds(t *testing.T, rho []int) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("fold\n")
	for _, f := range rho {
		fmt.Fprintf(&b, "%d\n", f)
	}
	path := filepath.Join(t.TempDir(), "folds.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// learnerArgsFor is the command line of the reference's learner: the
// settings that match scikit-learn's (learn/pipeline_cv_test.go lists them).
func learnerArgsFor(learner string, params map[string]float64) []string {
	g := func(k string) string { return fmt.Sprint(params[k]) }
	switch learner {
	case "knn":
		return []string{"knn", "-k", g("k")}
	case "knn-regressor":
		return []string{"knn", "-regression", "-k", g("k")}
	case "svm":
		return []string{"svm", "-kernel", "rbf", "-C", g("C"), "-gamma", g("gamma")}
	case "logreg":
		return []string{"logreg", "-lambda", g("lambda")}
	case "ridge":
		return []string{"ridge", "-lambda", g("lambda")}
	}
	return nil
}

// preprocessArgs are -scale standard and, for k > 0, -pca k.
func preprocessArgs(k int) []string {
	a := []string{"-scale", "standard"}
	if k > 0 {
		a = append(a, "-pca", fmt.Sprint(k))
	}
	return a
}

// sameScore compares a score with scikit-learn's: accuracies exactly, mean
// squared errors to 10⁻¹⁰ relative (the bound).
func sameScore(learner string, got, want float64) bool {
	if learner == "ridge" || learner == "knn-regressor" {
		return math.Abs(got-want) <= 1e-10*math.Abs(want)
	}
	return got == want
}

// TestCVMatchesSklearn runs `demo cv -folds F -scale standard [-pca K]` on
// the reference's data and folds: every fold's score is scikit-learn's
// cross_val_score of make_pipeline(StandardScaler(), [PCA(K)], learner),
// which refits the scaler and the PCA inside each training part, as cv
// does.
func TestCVMatchesSklearn(t *testing.T) {
	ref := readSklearnCVReference(t)
	folds := map[string]string{}
	for name, rho := range ref.Folds {
		folds[name] = writeFolds(t, rho)
	}
	for _, c := range ref.Cases {
		args := append([]string{"cv", "-json", "-quiet", "-folds", folds[c.Data]}, preprocessArgs(c.PCA)...)
		args = append(append(args, learnerArgsFor(c.Learner, c.Params)...), "../../testdata/"+c.Data+".csv")
		obj := jsonOf(t, first(mustRun(t, args...)))
		got := as[[]float64](t, obj["fold_scores"])
		if len(got) != len(c.Scores) {
			t.Fatalf("%v: %d fold scores, scikit-learn %d", args, len(got), len(c.Scores))
		}
		for f, want := range c.Scores {
			if !sameScore(c.Learner, got[f], want) {
				t.Errorf("%s %s pca %d fold %d: %.17g, scikit-learn %.17g", c.Data, c.Learner, c.PCA, f, got[f], want)
			}
		}
	}
}

// TestGridMatchesSklearn runs `demo grid` over GridSearchCV's candidates
// on the same folds and pipelines: every candidate's mean score agrees
// (accuracies exactly, MSE to 10⁻¹⁰ relative) and the choice is
// GridSearchCV's best_index_.
func TestGridMatchesSklearn(t *testing.T) {
	ref := readSklearnCVReference(t)
	for _, g := range ref.Grids {
		folds := writeFolds(t, ref.Folds[g.Data])
		// The parameters, in the order of the candidates (the first
		// varies slowest, as in GridSearchCV's ParameterGrid and in grid).
		var names []string
		values := map[string][]string{}
		for _, c := range g.Candidates {
			for name, v := range c {
				if _, ok := values[name]; !ok {
					names = append(names, name)
				}
				s := fmt.Sprint(v)
				if l := values[name]; len(l) == 0 || !slices.Contains(l, s) {
					values[name] = append(l, s)
				}
			}
		}
		if len(names) == 2 && fmt.Sprint(g.Candidates[1][names[0]]) != fmt.Sprint(g.Candidates[0][names[0]]) {
			names[0], names[1] = names[1], names[0]
		}
		args := append([]string{"grid", "-json", "-quiet", "-folds", folds}, preprocessArgs(g.PCA)...)
		for _, n := range names {
			args = append(args, "-param", n+"="+strings.Join(values[n], ","))
		}
		fixed := learnerArgsFor(g.Learner, nil)[:1]
		if g.Learner == "svm" {
			fixed = append(fixed, "-kernel", "rbf")
		}
		args = append(append(args, fixed...), "../../testdata/"+g.Data+".csv")
		obj := jsonOf(t, first(mustRun(t, args...)))
		results := as[[]any](t, obj["results"])
		if len(results) != len(g.Means) {
			t.Fatalf("%v: %d results, GridSearchCV %d candidates", args, len(results), len(g.Means))
		}
		for i, r := range results {
			res := as[map[string]any](t, r)
			params := as[map[string]any](t, res["params"])
			for n, v := range g.Candidates[i] {
				if params[n] != v {
					t.Fatalf("%s %s: result %d has %v, GridSearchCV's candidate %v", g.Data, g.Learner, i, params, g.Candidates[i])
				}
			}
			if mean := as[float64](t, res["mean"]); !sameScore(g.Learner, mean, g.Means[i]) {
				t.Errorf("%s %s pca %d %v: mean %.17g, GridSearchCV %.17g", g.Data, g.Learner, g.PCA, g.Candidates[i], mean, g.Means[i])
			}
		}
		best := as[map[string]any](t, obj["best"])
		for n, v := range g.Candidates[g.Best] {
			if best[n] != v {
				t.Errorf("%s %s pca %d: best %v, GridSearchCV %v", g.Data, g.Learner, g.PCA, best, g.Candidates[g.Best])
			}
		}
	}
}

// TestCommonFlagsAfterLearner: -scale, -pca, -target, -drop, -drop-na and
// -sep may follow LEARNER's name in cv, grid, holdout and bootstrap, with
// the same result as before it; grid takes -stratified as cv does.
func TestCommonFlagsAfterLearner(t *testing.T) {
	const iris = "../../testdata/iris.csv"
	semi := writeCSV(t, "semi.csv", "a;junk;b;y\n0;x;0;p\n1;x;0.2;p\n0.1;x;1;p\n;x;0.4;p\n3;x;3;q\n4;x;3.2;q\n3;x;4.1;q\n3.5;x;3.3;q\n0.2;x;0.1;p\n3.3;x;3.9;q\n")
	for _, pair := range [][2][]string{
		{{"cv", "-json", "-quiet", "-k", "3", "-scale", "standard", "-pca", "2", "knn", "-k", "3", iris},
			{"cv", "-json", "-quiet", "-k", "3", "knn", "-k", "3", "-scale", "standard", "-pca", "2", iris}},
		{{"grid", "-json", "-quiet", "-k", "3", "-scale", "minmax", "-param", "C=0.1,10", "svm", "-kernel", "rbf", iris},
			{"grid", "-json", "-quiet", "-k", "3", "-param", "C=0.1,10", "svm", "-kernel", "rbf", "-scale", "minmax", iris}},
		{{"holdout", "-json", "-sep", ";", "-target", "y", "-drop", "junk", "-drop-na", "knn", "-k", "1", semi},
			{"holdout", "-json", "knn", "-k", "1", "-sep", ";", "-target", "y", "-drop", "junk", "-drop-na", semi}},
		{{"bootstrap", "-json", "-quiet", "-B", "5", "-scale", "standard", "ridge", "../../testdata/diabetes.csv"},
			{"bootstrap", "-json", "-quiet", "-B", "5", "ridge", "-scale", "standard", "../../testdata/diabetes.csv"}},
	} {
		before, after := first(mustRun(t, pair[0]...)), first(mustRun(t, pair[1]...))
		if before != after {
			t.Errorf("%v\n%s\nbut %v\n%s", pair[0], before, pair[1], after)
		}
	}
	// The flags after LEARNER do apply: -scale minmax changes the scores.
	plain := first(mustRun(t, "cv", "-json", "-quiet", "-k", "3", "svm", "-kernel", "rbf", "-gamma", "5", iris))
	scaled := first(mustRun(t, "cv", "-json", "-quiet", "-k", "3", "svm", "-kernel", "rbf", "-gamma", "5", "-scale", "minmax", iris))
	if plain == scaled {
		t.Errorf("-scale after the learner changed nothing:\n%s", plain)
	}
	mustFail(t, 2, []string{"grid", "-param", "scale=standard,minmax", "knn", iris}, "scale")
	mustFail(t, 2, []string{"cv", "knn", "-scale", "z", iris}, "-scale")

	// grid -stratified: the folds of cv -stratified, so the same mean.
	cv := jsonOf(t, first(mustRun(t, "cv", "-json", "-quiet", "-k", "4", "-stratified", "-seed", "3", "knn", "-k", "7", iris)))
	grid := jsonOf(t, first(mustRun(t, "grid", "-json", "-quiet", "-k", "4", "-stratified", "-seed", "3", "-param", "k=7", "knn", iris)))
	if cv["mean"] != grid["best_score"] {
		t.Errorf("grid -stratified best_score %v, cv -stratified mean %v", grid["best_score"], cv["mean"])
	}
	mustFail(t, 2, []string{"grid", "-stratified", "-param", "lambda=1", "ridge", "../../testdata/diabetes.csv"}, "-stratified")
}

// TestHoldoutBootstrapRefitPreprocessing: holdout and bootstrap with
// -scale standard -pca 2 give the scores of learn's HoldOutClassifier and
// Bootstrap on the raw data with the Pipeline{StandardScaler, PCA, learner}
// as the trainer: the preprocessing is refitted on each training part.
func TestHoldoutBootstrapRefitPreprocessing(t *testing.T) {
	const path = "../../testdata/wine.csv"
	tab, err := matrix.ReadCSVFile(path)
	if err != nil {
		t.Fatal(err)
	}
	x, yf, _, _ := tab.Split(tab.Data.Cols() - 1)
	y := make([]int, len(yf))
	for i, v := range yf {
		y[i] = int(v)
	}
	p := learn.Pipeline{Steps: []learn.TransformerTrainer{learn.StandardScaler{}, learn.PCA{Components: 2}}, Learner: learn.KNN{K: 3}}

	tr, va, err := learn.HoldOutSplit(x.Rows(), 0.3, 4)
	if err != nil {
		t.Fatal(err)
	}
	want, err := learn.HoldOutClassifier(p, x, y, tr, va)
	if err != nil {
		t.Fatal(err)
	}
	got := jsonOf(t, first(mustRun(t, "holdout", "-json", "-frac", "0.3", "-seed", "4", "-scale", "standard", "-pca", "2", "knn", "-k", "3", path)))
	if got["train_score"] != want.TrainScore || got["validation_score"] != want.ValidationScore {
		t.Errorf("holdout: %v / %v, the pipeline %v / %v", got["train_score"], got["validation_score"], want.TrainScore, want.ValidationScore)
	}

	bs, err := learn.Bootstrap{B: 7, Seed: 2}.EstimateClassifier(p, x, y)
	if err != nil {
		t.Fatal(err)
	}
	got = jsonOf(t, first(mustRun(t, "bootstrap", "-json", "-quiet", "-B", "7", "-seed", "2", "-scale", "standard", "-pca", "2", "knn", "-k", "3", path)))
	if got["e_boot"] != bs.EBoot || got["e_632"] != bs.E632 {
		t.Errorf("bootstrap: e_boot %v, e_632 %v; the pipeline %v, %v", got["e_boot"], got["e_632"], bs.EBoot, bs.E632)
	}
}
