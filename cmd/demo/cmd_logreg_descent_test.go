package main

import (
	"slices"
	"strings"
	"testing"

	"mlnotes/learn"
	"mlnotes/matrix"
)

// demo logreg -descent prints the path of the method on the objective
// Fit minimizes: N + 1 iterates from 0, the loss at each, the last iterate
// as the model, and -max-iter k gives the first k steps of a longer run.
func TestLogregDescentPath(t *testing.T) {
	two := writeCSV(t, "two.csv", "a,b,y\n0,0,3\n1,0.2,3\n0.1,1,3\n3,3,8\n4,3.2,8\n3,4.1,8\n2,2,3\n1.5,2.5,8\n")
	for _, m := range []string{"gd", "momentum", "adam"} {
		long := runJSON(t, "logreg", "-descent", m, "-lr", "0.02", "-max-iter", "12", two)
		short := runJSON(t, "logreg", "-descent", m, "-lr", "0.02", "-max-iter", "5", two)
		path := decode[[][]float64](t, long["path"])
		loss := decode[[]float64](t, long["loss"])
		if len(path) != 13 || len(loss) != 13 || !slices.Equal(path[0], []float64{0, 0, 0}) {
			t.Fatalf("%s: %d iterates, %d losses, first %v", m, len(path), len(loss), path[0])
		}
		if s := decode[[][]float64](t, short["path"]); len(s) != 6 || !slices.EqualFunc(s, path[:6], slices.Equal) {
			t.Errorf("%s: -max-iter 5 gives %v, want the first 6 iterates %v", m, s, path[:6])
		}
		if loss[12] >= loss[0] {
			t.Errorf("%s: loss %g → %g, want a decrease", m, loss[0], loss[12])
		}
		coef := decode[[][]float64](t, long["coef"])
		b := decode[[]float64](t, long["intercept"])
		if !slices.Equal(append(coef[0], b[0]), path[12]) || decode[float64](t, long["objective"]) != loss[12] ||
			decode[string](t, long["solver"]) != m || decode[int](t, long["iterations"]) != 12 {
			t.Errorf("%s: the model is not the last iterate %v (coef %v, b %v)", m, path[12], coef, b)
		}
	}
	// The loss is learn's: f(θ) of the first iterates.
	tab, err := matrix.ReadCSVFile(two)
	if err != nil {
		t.Fatal(err)
	}
	x, yf, _, _ := tab.Split(2)
	y := make([]int, len(yf))
	for i, v := range yf {
		y[i] = int(v)
	}
	l, err := learn.NewLogisticLoss(x, y, 1)
	if err != nil {
		t.Fatal(err)
	}
	obj := runJSON(t, "logreg", "-descent", "gd", "-lr", "0.02", "-max-iter", "3", two)
	g := make([]float64, 3)
	for k, th := range decode[[][]float64](t, obj["path"]) {
		if f := l.ValueGrad(th, g); f != decode[[]float64](t, obj["loss"])[k] {
			t.Errorf("loss[%d] = %v, f(θ_%d) = %v", k, decode[[]float64](t, obj["loss"])[k], k, f)
		}
	}
}

// Misused -descent flags are usage errors; a diverging step is exit 1.
func TestLogregDescentErrors(t *testing.T) {
	two := writeCSV(t, "two.csv", "a,b,y\n0,0,3\n1,0.2,3\n0.1,1,3\n3,3,8\n4,3.2,8\n3,4.1,8\n2,2,3\n1.5,2.5,8\n")
	for _, c := range []struct {
		args   []string
		status int
		msg    string
	}{
		{[]string{"-descent", "newton", "-lr", "0.1"}, exitUsage, "want gd, momentum or adam"},
		{[]string{"-descent", "gd"}, exitUsage, "needs -lr"},
		{[]string{"-descent", "gd", "-lr", "0.1", "-solver", "lbfgs"}, exitUsage, "do not apply"},
		{[]string{"-lr", "0.1"}, exitUsage, "-lr applies to -descent"},
		{[]string{"-descent", "adam", "-lr", "0.1", "-momentum", "0.5"}, exitUsage, "-momentum applies to -descent momentum"},
		{[]string{"-descent", "momentum", "-lr", "0.1", "-momentum", "1"}, exitUsage, "want B in [0, 1)"},
		{[]string{"-descent", "gd", "-lr", "1e300", "-max-iter", "50"}, exitError, "a smaller -lr"},
	} {
		st, _, stderr := runDemo(append(append([]string{"logreg"}, c.args...), two)...)
		if st != c.status || !strings.Contains(stderr, c.msg) {
			t.Errorf("%v: status %d, stderr %q; want %d and %q", c.args, st, stderr, c.status, c.msg)
		}
	}
}
