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
)

// ensembleRef holds what the CLI tests use of
// testdata/ensemble_reference.json (scikit-learn 1.2.1).
type ensembleRef struct {
	CVRidge struct {
		Alpha   float64   `json:"alpha"`
		Folds   []int     `json:"folds"`
		FoldMSE []float64 `json:"fold_mse"`
	} `json:"cv_ridge_diabetes"`
	CVTree struct {
		Folds   []int     `json:"folds"`
		FoldAcc []float64 `json:"fold_accuracy"`
	} `json:"cv_tree_synthetic"`
	Synthetic struct {
		XTrain [][]float64 `json:"x_train"`
		YTrain []int       `json:"y_train"`
		XTest  [][]float64 `json:"x_test"`
		YTest  []int       `json:"y_test"`
	} `json:"synthetic"`
	Trees []struct {
		Criterion     string  `json:"criterion"`
		MaxDepth      int     `json:"max_depth"`
		MinSplit      int     `json:"min_samples_split"`
		MinLeaf       int     `json:"min_samples_leaf"`
		Nodes         int     `json:"nodes"`
		Depth         int     `json:"depth"`
		RootFeature   int     `json:"root_feature"`
		RootThreshold float64 `json:"root_threshold"`
		Predictions   []int   `json:"predictions"`
	} `json:"trees"`
}

// syntheticFiles writes the reference's synthetic training and test sets
// as CSV (floats in the shortest form that reads back exactly) and the
// fold file.
func syntheticFiles(t *testing.T) (ref *ensembleRef, train, test, folds string) {
	t.Helper()
	raw, err := os.ReadFile("../../testdata/ensemble_reference.json")
	if err != nil {
		t.Fatal(err)
	}
	ref = &ensembleRef{}
	if err := json.Unmarshal(raw, ref); err != nil {
		t.Fatal(err)
	}
	write := func(name string, x [][]float64, y []int) string {
		var b strings.Builder
		b.WriteString("x0,x1,x2,x3,x4,x5,y\n")
		for i, row := range x {
			for _, v := range row {
				fmt.Fprintf(&b, "%v,", v)
			}
			fmt.Fprintf(&b, "%d\n", y[i])
		}
		return writeCSV(t, name, b.String())
	}
	var f strings.Builder
	f.WriteString("fold\n")
	for _, v := range ref.CVTree.Folds {
		fmt.Fprintf(&f, "%d\n", v)
	}
	return ref, write("train.csv", ref.Synthetic.XTrain, ref.Synthetic.YTrain), write("test.csv", ref.Synthetic.XTest, ref.Synthetic.YTest), writeCSV(t, "folds.csv", f.String())
}

func floats(t *testing.T, v any) []float64 {
	t.Helper()
	a, ok := v.([]any)
	if !ok {
		t.Fatalf("%v is not a list", v)
	}
	out := make([]float64, len(a))
	for i, x := range a {
		out[i] = x.(float64)
	}
	return out
}

func ints(t *testing.T, v any) []int {
	t.Helper()
	var out []int
	for _, x := range floats(t, v) {
		out = append(out, int(x))
	}
	return out
}

// TestTreeAndCVCommandsMatchSklearn: demo tree gives scikit-learn's
// structure, root split and test predictions; demo cv with scikit-learn's
// fold file gives its fold scores.
func TestTreeAndCVCommandsMatchSklearn(t *testing.T) {
	ref, train, test, folds := syntheticFiles(t)
	for _, r := range ref.Trees[:4] {
		out, _ := mustRun(t, "tree", "-criterion", r.Criterion, "-max-depth", fmt.Sprint(r.MaxDepth), "-min-split", fmt.Sprint(r.MinSplit),
			"-min-leaf", fmt.Sprint(r.MinLeaf), "-test", test, "-json", train)
		o := jsonOf(t, out)
		root := o["root"].(map[string]any)
		if int(o["nodes"].(float64)) != r.Nodes || int(o["depth"].(float64)) != r.Depth || int(root["feature"].(float64)) != r.RootFeature || root["threshold"].(float64) != r.RootThreshold {
			t.Errorf("%s depth %d: %v", r.Criterion, r.MaxDepth, out[:200])
		}
		if p := ints(t, o["predictions"]); !slices.Equal(p, r.Predictions) {
			t.Errorf("%s depth %d: predictions differ from scikit-learn's", r.Criterion, r.MaxDepth)
		}
	}
	out, _ := mustRun(t, "cv", "-folds", folds, "-json", "-quiet", "tree", "-max-depth", "3", train)
	o := jsonOf(t, out)
	if got := floats(t, o["fold_scores"]); !slices.Equal(got, ref.CVTree.FoldAcc) {
		t.Errorf("fold scores %v, scikit-learn %v", got, ref.CVTree.FoldAcc)
	}
	fs := ref.CVTree.FoldAcc
	mean := (fs[0] + fs[1] + fs[2] + fs[3]) / 4
	if math.Abs(o["mean"].(float64)-mean) > 1e-15 || math.Abs(o["e_cv"].(float64)-(1-mean)) > 1e-15 {
		t.Errorf("mean %v e_cv %v, want %v and %v", o["mean"], o["e_cv"], mean, 1-mean)
	}
	// Ridge (scikit-learn's alpha is λ) on diabetes with its folds: to 1e-8.
	var f strings.Builder
	f.WriteString("fold\n")
	for _, v := range ref.CVRidge.Folds {
		fmt.Fprintf(&f, "%d\n", v)
	}
	rf := writeCSV(t, "ridge-folds.csv", f.String())
	out, _ = mustRun(t, "cv", "-folds", rf, "-json", "-quiet", "ridge", "-lambda", fmt.Sprint(ref.CVRidge.Alpha), "../../testdata/diabetes.csv")
	for k, got := range floats(t, jsonOf(t, out)["fold_scores"]) {
		if want := ref.CVRidge.FoldMSE[k]; math.Abs(got-want) > 1e-8*want {
			t.Errorf("ridge fold %d: MSE %.12g, scikit-learn %.12g", k, got, want)
		}
	}
}

// TestEnsembleCommands: forest output identical for 1 and 2 workers;
// AdaBoost's half-weight property; bootstrap, holdout, grid, bag and
// boost3 fields; saved models predict as trained.
func TestEnsembleCommands(t *testing.T) {
	dir := t.TempDir()
	bc := "../../testdata/breast_cancer.csv"
	var outs []string
	for _, w := range []string{"1", "2"} {
		out, _ := mustRun(t, "forest", "-trees", "30", "-seed", "4", "-workers", w, "-quiet", "-json", bc)
		outs = append(outs, out)
	}
	if outs[0] != outs[1] {
		t.Errorf("forest with 1 and 2 workers:\n%s\n%s", outs[0], outs[1])
	}
	o := jsonOf(t, outs[0])
	if imp := floats(t, o["importances"]); len(imp) != 30 || o["oob_accuracy"].(float64) < 0.9 {
		t.Errorf("forest: %s", outs[0][:200])
	}
	out, _ := mustRun(t, "adaboost", "-rounds", "40", "-json", bc)
	o = jsonOf(t, out)
	if o["rounds"].(float64) != 40 {
		t.Errorf("adaboost rounds %v", o["rounds"])
	}
	for m, h := range floats(t, o["half_weight"]) {
		if math.Abs(h-0.5) > 1e-12 {
			t.Errorf("round %d: half weight %v", m+1, h)
		}
	}
	out, _ = mustRun(t, "bootstrap", "-B", "20", "-quiet", "-json", "knn", "-k", "1", bc)
	o = jsonOf(t, out)
	if o["e_boot1"].(float64) >= o["e_boot"].(float64) || math.Abs(o["e_632"].(float64)-0.632*o["e_boot"].(float64)) > 1e-15 {
		t.Errorf("bootstrap: %s", out)
	}
	out, _ = mustRun(t, "holdout", "-frac", "0.3", "-stratified", "-json", "lda", bc)
	if o = jsonOf(t, out); o["validation_size"].(float64) != 171 || o["validation_score"].(float64) < 0.9 {
		t.Errorf("holdout: %s", out)
	}
	model := filepath.Join(dir, "best.json")
	out, _ = mustRun(t, "grid", "-param", "k=1,5,15", "-quiet", "-json", "-save", model, "knn", bc)
	o = jsonOf(t, out)
	if best := o["best"].(map[string]any); len(o["results"].([]any)) != 3 || best["k"] == nil || o["best_score"].(float64) < 0.9 {
		t.Errorf("grid: %s", out)
	}
	pred, _ := mustRun(t, "predict", "-model", model, "-json", bc)
	if !strings.Contains(pred, "predictions") {
		t.Errorf("predict with the grid's model: %s", pred)
	}
	out, _ = mustRun(t, "boost3", "-n1", "150", "-json", "tree", "-max-depth", "1", bc)
	if o = jsonOf(t, out); o["h1_on_d2"].(float64) != 0.5 || o["ensemble"] == nil {
		t.Errorf("boost3: %s", out)
	}
	out, _ = mustRun(t, "bag", "-B", "5", "-quiet", "-json", "tree", "-max-depth", "3", bc)
	if o = jsonOf(t, out); o["train_accuracy"].(float64) < 0.9 {
		t.Errorf("bag: %s", out)
	}
	for _, c := range [][]string{{"tree", "-max-depth", "4"}, {"forest", "-trees", "10", "-quiet"}, {"adaboost", "-rounds", "10"}, {"knn", "-k", "3"}} {
		m := filepath.Join(dir, c[0]+".json")
		out, _ := mustRun(t, append(c, "-save", m, "-test", bc, "-json", bc)...)
		loaded, _ := mustRun(t, c[0], "-load", m, "-test", bc, "-json")
		if jsonOf(t, out)["test_accuracy"] != jsonOf(t, loaded)["test_accuracy"] {
			t.Errorf("%s: loaded model scores %s, trained %s", c[0], loaded, out)
		}
	}
	diab := "../../testdata/diabetes.csv"
	for _, c := range [][]string{{"tree", "-regression", "-max-depth", "3"}, {"knn", "-regression", "-k", "7"}, {"forest", "-regression", "-trees", "10", "-quiet"}} {
		m := filepath.Join(dir, c[0]+"-reg.json")
		out, _ := mustRun(t, append(c, "-save", m, "-test", diab, "-json", diab)...)
		pred, _ := mustRun(t, "predict", "-model", m, "-json", diab)
		if o, p := jsonOf(t, out), jsonOf(t, pred); o["test_mse"] != p["mse"] || !slices.Equal(floats(t, o["predictions"]), floats(t, p["predictions"])) {
			t.Errorf("%s: predict after -save differs: %v vs %v", c[0], o["test_mse"], p["mse"])
		}
	}
	out, _ = mustRun(t, "biasvar", "-degrees", "1,3", "-trials", "50", "-json")
	for _, d := range jsonOf(t, out)["degrees"].([]any) {
		r := d.(map[string]any)
		sum := r["noise"].(float64) + r["bias2"].(float64) + r["variance"].(float64)
		if math.Abs(r["error"].(float64)-sum) > 1e-14*sum || r["noise"].(float64) != 0.09 {
			t.Errorf("biasvar: %v", r)
		}
	}
}

// TestAssessBadInput: every bad input of the issue exits 1 or 2 with one
// line and nothing on stdout.
func TestAssessBadInput(t *testing.T) {
	iris := "../../testdata/iris.csv"
	short := writeCSV(t, "short.csv", "fold\n0\n1\n")
	empty := writeCSV(t, "gap.csv", "fold\n"+strings.Repeat("0\n2\n", 75))
	one := writeCSV(t, "one.csv", "a,b\n1,0\n2,0\n3,0\n")
	for _, c := range []struct {
		status int
		args   []string
		frag   string
	}{
		{2, []string{"cv", "-k", "1", "tree", iris}, "-k 1"},
		{2, []string{"cv", "-k", "151", "tree", iris}, "-k 151"},
		{1, []string{"cv", "-folds", short, "tree", iris}, "2 fold numbers for 150"},
		{1, []string{"cv", "-folds", empty, "tree", iris}, "fold 1 of 0…2 is empty"},
		{2, []string{"bootstrap", "-B", "0", "knn", iris}, "-B 0"},
		{2, []string{"holdout", "-frac", "1", "knn", iris}, "-frac 1"},
		{2, []string{"cv", "nosuch", iris}, "unknown learner"},
		{2, []string{"cv", iris}, "unknown learner"},
		{2, []string{"tree", "-max-depth", "0", iris}, "-max-depth 0"},
		{2, []string{"forest", "-trees", "0", iris}, "-trees 0"},
		{1, []string{"forest", "-max-features", "5", iris}, "max features 5 for 4"},
		{2, []string{"forest", "-max-features", "half", iris}, "-max-features"},
		{2, []string{"boost3", "-n1", "1", "tree", iris}, "-n1 1"},
		{1, []string{"boost3", "-n1", "150", "tree", iris}, "-n1 150"},
		{1, []string{"adaboost", one}, "one class"},
		{1, []string{"forest", one}, "one class"},
		{1, []string{"tree", one}, "one class"},
		{1, []string{"knn", "-k", "1", one}, "one class"},
		{1, []string{"cv", "-k", "2", "tree", one}, "one class"},
		{1, []string{"bag", "tree", one}, "one class"},
		{1, []string{"tree", "-load", "../../testdata/iris.csv", "-test", iris}, ""},
		{2, []string{"grid", "-param", "nope=1,2", "tree", iris}, "no flag -nope"},
		{2, []string{"grid", "tree", iris}, "-param"},
		{2, []string{"adaboost", "-base", "forest", iris}, "-base"},
		{2, []string{"biasvar", "-degrees", "1,x"}, "-degrees"},
		{2, []string{"cv", "-stratified", "tree", "-regression", "../../testdata/diabetes.csv"}, "-stratified applies to classifiers"},
		{2, []string{"cv", "-stratified", "-folds", short, "tree", iris}, "exclude each other"},
	} {
		mustFail(t, c.status, c.args, c.frag)
		_, _, e := runDemo(c.args...)
		if strings.Count(strings.TrimSpace(e), "\n") > 2 {
			t.Errorf("%v: more than a message and a usage line: %q", c.args, e)
		}
	}
}
