package main

import (
	"encoding/json"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"mlnotes/learn"
	"mlnotes/matrix"
)

const (
	diabetesCSV = "../../testdata/diabetes.csv"
	wineCSV     = "../../testdata/wine.csv"
)

// TestLinearCommandsFields: each command prints exactly the fields of
// docs/cli.md (plus what the driver adds), with and without -test.
func TestLinearCommandsFields(t *testing.T) {
	two := writeCSV(t, "two.csv", "a,b,y\n0,0,3\n1,0.2,3\n0.1,1,3\n3,3,8\n4,3.2,8\n3,4.1,8\n")
	cases := []struct {
		args []string
		keys []string
	}{
		{[]string{"linreg", "-test", diabetesCSV, diabetesCSV}, []string{"coef", "intercept", "rank", "sigma2", "train_mse", "test_mse", "predictions"}},
		{[]string{"linreg", "-basis", "gauss", "-centers", "3", "-solver", "svd", diabetesCSV}, []string{"coef", "intercept", "rank", "sigma2", "train_mse"}},
		{[]string{"ridge", "-lambda", "2", diabetesCSV}, []string{"coef", "intercept", "lambda", "train_mse"}},
		{[]string{"logreg", "-test", irisCSV, irisCSV}, []string{"classes", "coef", "intercept", "objective", "iterations", "solver", "train_accuracy", "test_accuracy", "predictions", "proba"}},
		{[]string{"perceptron", "-test", two, two}, []string{"classes", "coef", "intercept", "epochs", "converged", "mistakes", "train_accuracy", "test_accuracy", "predictions"}},
		{[]string{"adaline", two}, []string{"classes", "coef", "intercept", "epochs", "converged", "train_mse", "train_accuracy"}},
		{[]string{"select", "-score", "mi", "-k", "2", wineCSV}, []string{"scores", "ranking", "selected"}},
	}
	for _, c := range cases {
		obj := runJSON(t, c.args...)
		var keys []string
		for k := range obj {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		want := slices.Clone(c.keys)
		slices.Sort(want)
		if !slices.Equal(keys, want) {
			t.Errorf("%v: fields %v, want %v", c.args, keys, want)
		}
	}
}

// TestLinregMatchesLearn: the command prints what learn computes.
func TestLinregMatchesLearn(t *testing.T) {
	tab, err := matrix.ReadCSVFile(diabetesCSV)
	if err != nil {
		t.Fatal(err)
	}
	x, y, _, _ := tab.Split(tab.Data.Cols() - 1)
	m, _ := learn.Ridge{Lambda: 1}.Fit(x, y)
	obj := runJSON(t, "ridge", diabetesCSV)
	if coef := decode[[]float64](t, obj["coef"]); !slices.Equal(coef, m.Coef) {
		t.Errorf("coef %v, learn %v", coef, m.Coef)
	}
	lr, _ := learn.LinearRegression{}.Fit(x, y)
	obj = runJSON(t, "linreg", diabetesCSV)
	if decode[float64](t, obj["intercept"]) != lr.Intercept || decode[int](t, obj["rank"]) != 10 {
		t.Errorf("linreg: %s %s", obj["intercept"], obj["rank"])
	}
}

// TestLogregCommand: text labels come back by name, two classes give a
// single row of coef and two probability columns, and a saved model
// predicts the same through -load and demo predict.
func TestLogregCommand(t *testing.T) {
	words := writeCSV(t, "w.csv", "x,label\n0,no\n1,no\n2,no\n2.5,yes\n1.5,yes\n3,yes\n4,yes\n")
	model := filepath.Join(t.TempDir(), "m.json")
	obj := runJSON(t, "logreg", "-lambda", "0.5", "-save", model, "-test", words, words)
	if c := decode[[]string](t, obj["classes"]); !slices.Equal(c, []string{"no", "yes"}) {
		t.Errorf("classes %v", c)
	}
	coef := decode[[][]float64](t, obj["coef"])
	proba := decode[[][]float64](t, obj["proba"])
	if len(coef) != 1 || len(coef[0]) != 1 || len(decode[[]float64](t, obj["intercept"])) != 1 || len(proba) != 7 || len(proba[0]) != 2 {
		t.Fatalf("shapes: coef %v proba %v", coef, proba)
	}
	for _, row := range proba {
		if math.Abs(row[0]+row[1]-1) > 1e-15 {
			t.Errorf("probabilities %v", row)
		}
	}
	loaded := runJSON(t, "logreg", "-load", model, "-test", words)
	if string(loaded["proba"]) != string(obj["proba"]) || string(loaded["predictions"]) != string(obj["predictions"]) {
		t.Error("-load predicts differently")
	}
	status, out, errOut := runDemo("predict", "-model", model, "-json", words)
	if status != 0 || !strings.Contains(out, "yes") {
		t.Errorf("predict: %d %s %s", status, out, errOut)
	}
	// Softmax intercepts sum to zero.
	obj = runJSON(t, "logreg", "-solver", "lbfgs", wineCSV, "-scale", "standard")
	b := decode[[]float64](t, obj["intercept"])
	if len(b) != 3 || math.Abs(b[0]+b[1]+b[2]) > 1e-12 {
		t.Errorf("intercepts %v", b)
	}
}

func TestSelectCommand(t *testing.T) {
	obj := runJSON(t, "select", "-score", "pearson", "-k", "3", wineCSV)
	scores := decode[[]float64](t, obj["scores"])
	ranking := decode[[]int](t, obj["ranking"])
	if len(scores) != 13 || len(ranking) != 13 || !slices.Equal(decode[[]int](t, obj["selected"]), ranking[:3]) {
		t.Fatalf("%v %v", scores, ranking)
	}
	for i := 1; i < len(ranking); i++ {
		if math.Abs(scores[ranking[i]]) > math.Abs(scores[ranking[i-1]]) {
			t.Errorf("ranking not by |r|: %v", ranking)
		}
	}
}

// TestLinearCommandsBadInput: exit 2 for usage errors, 1 for data errors;
// one line on stderr, nothing on stdout.
func TestLinearCommandsBadInput(t *testing.T) {
	nan := writeCSV(t, "nan.csv", "a,y\n1,2\nNaN,3\n")
	ragged := writeCSV(t, "r.csv", "a,b,y\n1,2,3\n4,5\n")
	one := writeCSV(t, "one.csv", "a,y\n1,4\n2,4\n3,4\n")
	narrow := writeCSV(t, "n.csv", "a,y\n1,0\n2,1\n")
	sep := writeCSV(t, "sep.csv", "a,y\n0,0\n1,0\n2,1\n3,1\n")
	model := filepath.Join(t.TempDir(), "m.json")
	if status, _, e := runDemo("ridge", "-save", model, diabetesCSV); status != 0 {
		t.Fatal(e)
	}
	cases := []struct {
		args   []string
		status int
		says   string
	}{
		{[]string{"linreg", "-basis", "fourier", diabetesCSV}, 2, "basis"},
		{[]string{"linreg", "-basis", "poly", "-degree", "0", diabetesCSV}, 2, "degree"},
		{[]string{"linreg", "-solver", "lu", diabetesCSV}, 2, "solver"},
		{[]string{"ridge", "-lambda", "-1", diabetesCSV}, 2, "lambda"},
		{[]string{"logreg", "-tol", "0", irisCSV}, 2, "tol"},
		{[]string{"logreg", "-max-iter", "-3", irisCSV}, 2, "max-iter"},
		{[]string{"perceptron", "-epochs", "0", irisCSV}, 2, "epochs"},
		{[]string{"adaline", "-lr", "-1", irisCSV}, 2, "lr"},
		{[]string{"select", "-score", "mi", "-bins", "1", wineCSV}, 2, "bins"},
		{[]string{"select", "-k", "99", wineCSV}, 1, "K"},
		{[]string{"select", "-target", "nosuch", wineCSV}, 1, "nosuch"},
		{[]string{"linreg", nan}, 1, ""},
		{[]string{"ridge", ragged}, 1, ""},
		{[]string{"logreg", one}, 1, "two classes"},
		{[]string{"logreg", "-lambda", "0", sep}, 1, "separable"},
		{[]string{"perceptron", one}, 1, "two classes"},
		{[]string{"linreg", "-test", narrow, diabetesCSV}, 1, ""},
		{[]string{"logreg", "-load", model, "-test", irisCSV}, 1, "ridge"},
		{[]string{"linreg", "-target", "nosuch", diabetesCSV}, 1, "nosuch"},
	}
	for _, c := range cases {
		status, out, errOut := runDemo(c.args...)
		if status != c.status || out != "" || !strings.Contains(errOut, c.says) {
			t.Errorf("%v: status %d (want %d), stdout %q, stderr %q", c.args, status, c.status, out, errOut)
		}
		if status == 1 && strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("%v: more than one line on stderr: %q", c.args, errOut)
		}
	}
}

// TestLinearModelsRoundTrip: every kind saved by its command loads in demo
// predict with the same predictions.
func TestLinearModelsRoundTrip(t *testing.T) {
	two := writeCSV(t, "two.csv", "a,b,y\n0,0,-1\n1,0.2,-1\n0.1,1,-1\n3,3,1\n4,3.2,1\n3,4.1,1\n")
	for _, c := range [][]string{{"linreg", diabetesCSV}, {"ridge", diabetesCSV}, {"perceptron", two}, {"adaline", two}, {"logreg", two}, {"perceptron", wineCSV}, {"adaline", irisCSV}} {
		model := filepath.Join(t.TempDir(), c[0]+".json")
		obj := runJSON(t, c[0], "-save", model, "-test", c[1], c[1])
		status, out, errOut := runDemo("predict", "-model", model, "-json", c[1])
		if status != 0 {
			t.Fatalf("%s: %s", c[0], errOut)
		}
		var p map[string]json.RawMessage
		if err := json.Unmarshal([]byte(out), &p); err != nil {
			t.Fatal(err)
		}
		if string(p["predictions"]) != string(obj["predictions"]) {
			t.Errorf("%s: predictions differ after loading", c[0])
		}
	}
}

// TestNeuronCommandsSeveralClasses: on the three wine cultivars the
// perceptron and AdaLinE train one neuron per class (one versus rest) and
// print one row of coef and one intercept per class.
func TestNeuronCommandsSeveralClasses(t *testing.T) {
	for _, name := range []string{"perceptron", "adaline"} {
		obj := runJSON(t, name, "-scale", "standard", wineCSV)
		var coef [][]float64
		var intercept []float64
		var acc float64
		if json.Unmarshal(obj["coef"], &coef) != nil || json.Unmarshal(obj["intercept"], &intercept) != nil || json.Unmarshal(obj["train_accuracy"], &acc) != nil {
			t.Fatalf("%s: coef %s, intercept %s", name, obj["coef"], obj["intercept"])
		}
		if len(coef) != 3 || len(coef[0]) != 13 || len(intercept) != 3 || acc < 0.97 {
			t.Errorf("%s: %d×%d coef, %d intercepts, training accuracy %v", name, len(coef), len(coef[0]), len(intercept), acc)
		}
	}
}

// TestLinregFilipRank: on NIST's Filip data (degree 10) linreg prints the
// rank its solver used (10 for QR, 9 for the SVD's default cut-off, 10
// with a tiny -rcond); -rcond belongs to -solver svd; the normal
// equations' refusal names the qr solver.
func TestLinregFilipRank(t *testing.T) {
	filip := "../../testdata/filip.csv"
	for _, c := range []struct {
		args []string
		rank float64
	}{{nil, 10}, {[]string{"-solver", "svd"}, 9}, {[]string{"-solver", "svd", "-rcond", "1e-20"}, 10}} {
		o := jsonOf(t, first(mustRun(t, append(append([]string{"linreg", "-basis", "poly", "-degree", "10", "-json"}, c.args...), filip)...)))
		if o["rank"] != c.rank {
			t.Errorf("linreg %v: rank %v, want %v", c.args, o["rank"], c.rank)
		}
	}
	mustFail(t, 2, []string{"linreg", "-rcond", "1e-20", filip}, "-solver svd")
	mustFail(t, 2, []string{"linreg", "-solver", "svd", "-rcond", "1", filip}, "-rcond")
	mustFail(t, 1, []string{"linreg", "-basis", "poly", "-degree", "10", "-solver", "normal", filip}, "qr solver")
}
