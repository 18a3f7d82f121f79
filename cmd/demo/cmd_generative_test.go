package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"mlnotes/learn"
	"mlnotes/matrix"
)

// generativeData writes n rows "a,b,y" of two Gaussian classes labelled
// 3 and 8 and returns the path and the features and labels as written.
func generativeData(t *testing.T, name string, n int, seed uint64) (string, *matrix.Dense, []int) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 3))
	x := matrix.New(n, 2)
	y := make([]int, n)
	var b strings.Builder
	b.WriteString("a,b,y\n")
	for i := range n {
		y[i] = 3 + 5*(i%2)
		x.Set(i, 0, r.NormFloat64()+1.2*float64(i%2))
		x.Set(i, 1, r.NormFloat64()*0.7-0.8*float64(i%2))
		fmt.Fprintf(&b, "%v,%v,%d\n", x.At(i, 0), x.At(i, 1), y[i])
	}
	return writeCSV(t, name, b.String()), x, y
}

func floatRows(t *testing.T, v any) [][]float64 {
	t.Helper()
	var out [][]float64
	for _, r := range v.([]any) {
		out = append(out, floats(t, r))
	}
	return out
}

// TestGaussCommand: the printed estimate is learn's, to the bit.
func TestGaussCommand(t *testing.T) {
	path, x, _ := generativeData(t, "d.csv", 40, 1)
	out, _ := mustRun(t, "gauss", "-target", "y", "-json", path)
	obj := jsonOf(t, out)
	g, _ := learn.GaussianMLE{}.Fit(x)
	ll, _ := g.LogLikelihood(x)
	if !slices.Equal(floats(t, obj["mean"]), g.Mean()) || obj["logdet"] != g.LogDet() || obj["loglik"] != ll {
		t.Errorf("gauss: %v", obj)
	}
	cov := floatRows(t, obj["cov"])
	for i := range 2 {
		if !slices.Equal(cov[i], g.Cov().Row(i)) {
			t.Errorf("cov row %d: %v", i, cov[i])
		}
	}
	if len(obj) != 4 {
		t.Errorf("fields %v", obj)
	}
	mustFail(t, 1, []string{"gauss", writeCSV(t, "c.csv", "a,b\n1,2\n2,2\n3,2\n")}, "singular")
}

// TestBayesCommand: fields, decisions and posteriors equal learn's, the
// loss matrix and priors are applied, the model reloads and predicts.
func TestBayesCommand(t *testing.T) {
	train, x, y := generativeData(t, "train.csv", 120, 2)
	test, xt, yt := generativeData(t, "test.csv", 50, 3)
	loss := writeCSV(t, "L.csv", "0,6\n1,0\n")
	l, _ := matrix.NewFromRows([][]float64{{0, 6}, {1, 0}})
	model := filepath.Join(t.TempDir(), "m.json")
	for _, c := range []struct {
		args []string
		cfg  learn.Bayes
	}{
		{nil, learn.Bayes{}},
		{[]string{"-density", "shared", "-priors", "0.3,0.7"}, learn.Bayes{Density: learn.SharedGaussDensity, Priors: []float64{0.3, 0.7}}},
		{[]string{"-density", "kde", "-loss", loss}, learn.Bayes{Density: learn.KDEDensity, Loss: l}},
		{[]string{"-density", "parzen", "-h", "1.5", "-priors", "equal"}, learn.Bayes{Density: learn.ParzenDensity, H: 1.5, EqualPriors: true}},
	} {
		args := append(append([]string{"bayes", "-json", "-test", test, "-save", model}, c.args...), train)
		obj := jsonOf(t, first(mustRun(t, args...)))
		m, err := c.cfg.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		pred, _ := m.Predict(xt)
		prob, _ := m.PredictProba(xt)
		ptr, _ := m.Predict(x)
		acc := func(p, want []int) float64 {
			k := 0
			for i := range p {
				if p[i] == want[i] {
					k++
				}
			}
			return float64(k) / float64(len(p))
		}
		if fmt.Sprint(obj["classes"]) != "[3 8]" || !slices.Equal(floats(t, obj["priors"]), m.Priors) {
			t.Errorf("%v: classes %v priors %v", c.args, obj["classes"], obj["priors"])
		}
		if obj["train_accuracy"] != acc(ptr, y) || obj["test_accuracy"] != acc(pred, yt) {
			t.Errorf("%v: accuracies %v %v", c.args, obj["train_accuracy"], obj["test_accuracy"])
		}
		got := floats(t, obj["predictions"])
		post := floatRows(t, obj["posteriors"])
		for i := range pred {
			if int(got[i]) != pred[i] || !slices.Equal(post[i], prob.Row(i)) {
				t.Fatalf("%v: row %d: %v %v, want %d %v", c.args, i, got[i], post[i], pred[i], prob.Row(i))
			}
		}
		re := jsonOf(t, first(mustRun(t, "bayes", "-json", "-load", model, "-test", test)))
		if fmt.Sprint(re["predictions"]) != fmt.Sprint(obj["predictions"]) || fmt.Sprint(re["posteriors"]) != fmt.Sprint(obj["posteriors"]) {
			t.Errorf("%v: -load differs", c.args)
		}
		pr := jsonOf(t, first(mustRun(t, "predict", "-json", "-model", model, test)))
		if fmt.Sprint(pr["predictions"]) != fmt.Sprint(obj["predictions"]) {
			t.Errorf("%v: demo predict differs", c.args)
		}
	}
	// The loss matrix changed decisions relative to MAP on these data.
	a := jsonOf(t, first(mustRun(t, "bayes", "-json", "-test", test, train)))
	b := jsonOf(t, first(mustRun(t, "bayes", "-json", "-test", test, "-loss", loss, train)))
	if fmt.Sprint(a["predictions"]) == fmt.Sprint(b["predictions"]) {
		t.Errorf("the loss matrix changed nothing")
	}
}

func TestBayesCommandErrors(t *testing.T) {
	train, _, _ := generativeData(t, "train.csv", 30, 4)
	one := writeCSV(t, "one.csv", "a,y\n1,0\n2,0\n3,0\n")
	l3 := writeCSV(t, "l3.csv", "0,1,1\n1,0,1\n1,1,0\n")
	lneg := writeCSV(t, "ln.csv", "0,-1\n1,0\n")
	mustFail(t, 2, []string{"bayes", "-density", "nope", train}, "-density")
	mustFail(t, 2, []string{"bayes", "-density", "kde", "-h", "0", train}, "-h")
	mustFail(t, 2, []string{"bayes", "-density", "kde", "-h", "-1", train}, "-h")
	mustFail(t, 2, []string{"bayes", "-h", "1", train}, "-h applies")
	mustFail(t, 2, []string{"bayes", "-priors", "x,y", train}, "-priors")
	mustFail(t, 1, []string{"bayes", "-priors", "-0.2,1.2", train}, "prior")
	mustFail(t, 1, []string{"bayes", "-priors", "0.5,0.6", train}, "sum")
	mustFail(t, 1, []string{"bayes", "-priors", "1", train}, "priors")
	mustFail(t, 1, []string{"bayes", "-loss", l3, train}, "loss matrix is 3×3")
	mustFail(t, 1, []string{"bayes", "-loss", lneg, train}, "loss")
	mustFail(t, 1, []string{"bayes", one}, "two classes")
	mustFail(t, 1, []string{"bayes", writeCSV(t, "nan.csv", "a,y\n1,0\nNaN,1\n3,1\n4,0\n")})
}

func TestPosteriorCommand(t *testing.T) {
	coin := writeCSV(t, "c.csv", "x\n1\n0\n1\n1\n")
	obj := jsonOf(t, first(mustRun(t, "posterior", "-model", "beta-bernoulli", "-a", "2", "-b", "3", "-json", coin)))
	if obj["a"] != 5.0 || obj["b"] != 4.0 || obj["map"] != 4.0/7 || obj["mean"] != 5.0/9 || obj["mle"] != 0.75 || len(obj) != 5 {
		t.Errorf("beta-bernoulli: %v", obj)
	}
	obs := writeCSV(t, "o.csv", "3\n5\n")
	obj = jsonOf(t, first(mustRun(t, "posterior", "-model", "normal-mean", "-mu0", "1", "-tau2", "4", "-sigma2", "2", "-json", obs)))
	p, _ := learn.NormalMean{Mu0: 1, Tau2: 4, Sigma2: 2}.Update([]float64{3, 5})
	if obj["mean"] != p.Mean || obj["variance"] != p.Variance || obj["map"] != p.MAP || obj["mle"] != 4.0 || len(obj) != 4 {
		t.Errorf("normal-mean: %v", obj)
	}
	mustFail(t, 2, []string{"posterior", "-model", "beta-bernoulli", "-a", "0", coin}, "Beta")
	mustFail(t, 2, []string{"posterior", "-model", "beta-bernoulli", "-b", "-1", coin}, "Beta")
	mustFail(t, 2, []string{"posterior", "-model", "nope", coin}, "-model")
	mustFail(t, 2, []string{"posterior", "-model", "normal-mean", "-tau2", "1", obs}, "-sigma2")
	mustFail(t, 2, []string{"posterior", "-model", "beta-bernoulli", "-tau2", "1", coin}, "does not apply")
	mustFail(t, 1, []string{"posterior", "-model", "beta-bernoulli", obs}, "0 or 1")
	mustFail(t, 1, []string{"posterior", "-model", "beta-bernoulli", writeCSV(t, "w.csv", "1,0\n0,1\n")}, "one column")
}

func TestGMMCommand(t *testing.T) {
	path, x, _ := generativeData(t, "d.csv", 90, 5)
	out, errOut := mustRun(t, "gmm", "-k", "2", "-cov", "diag", "-restarts", "3", "-seed", "4", "-trace", "-target", "y", "-json", path)
	obj := jsonOf(t, out)
	m, _ := learn.GaussianMixture{K: 2, Covariance: learn.DiagCovariance, Restarts: 3, Seed: 4}.Fit(x)
	if !slices.Equal(floats(t, obj["weights"]), m.Weights) || obj["loglik"] != m.LogLikelihood || obj["bic"] != m.BIC ||
		obj["iterations"] != float64(m.Iterations) || obj["converged"] != m.Converged || !slices.Equal(floats(t, obj["loglik_trace"]), m.LogLikelihoods) {
		t.Errorf("gmm: %v", obj)
	}
	covs := obj["covariances"].([]any)
	if len(covs) != 2 || len(floatRows(t, covs[1])) != 2 || !slices.Equal(floatRows(t, covs[1])[1], m.Covariances[1].Row(1)) {
		t.Errorf("covariances %v", covs)
	}
	if strings.Count(errOut, "\nem  ") != m.Iterations || !strings.HasPrefix(errOut, "em     iter") {
		t.Errorf("trace lines: %q", errOut)
	}
	if len(obj) != 8 {
		t.Errorf("fields: %v", obj)
	}
	mustFail(t, 2, []string{"gmm", path}, "-k")
	mustFail(t, 2, []string{"gmm", "-k", "0", path}, "-k")
	mustFail(t, 1, []string{"gmm", "-k", "500", path}, "K = 500")
	mustFail(t, 2, []string{"gmm", "-k", "2", "-cov", "tied", path}, "-cov")
	mustFail(t, 2, []string{"gmm", "-k", "2", "-reg", "-1", path}, "-reg")
	mustFail(t, 2, []string{"gmm", "-k", "2", "-max-iter", "0", path}, "-max-iter")
	mustFail(t, 1, []string{"gmm", "-k", "1", writeCSV(t, "r.csv", "1,2\n3\n")})
}

func TestKDECommand(t *testing.T) {
	path, x, _ := generativeData(t, "d.csv", 60, 6)
	q := writeCSV(t, "q.csv", "0.1,0.2\n1,-1\n1e3,1e3\n")
	qm, _ := matrix.NewFromRows([][]float64{{0.1, 0.2}, {1, -1}, {1e3, 1e3}})
	for _, k := range []string{"gauss", "box"} {
		kern := learn.GaussWindow
		if k == "box" {
			kern = learn.BoxWindow
		}
		m, _ := learn.KernelDensity{Kernel: kern, H: 0.7}.Fit(x)
		d, _ := m.Density(qm)
		lg, _ := m.LogDensity(qm)
		obj := jsonOf(t, first(mustRun(t, "kde", "-kernel", k, "-h", "0.7", "-query", q, "-target", "y", "-json", path)))
		if !slices.Equal(floats(t, obj["density"]), d) || len(obj) != 1 {
			t.Errorf("%s: density %v, want %v", k, obj["density"], d)
		}
		obj = jsonOf(t, first(mustRun(t, "kde", "-kernel", k, "-h", "0.7", "-query", q, "-target", "y", "-log", "-json", path)))
		got := obj["log_density"].([]any)
		for i, v := range lg {
			if math.IsInf(v, -1) {
				if got[i] != nil {
					t.Errorf("%s: log 0 printed as %v", k, got[i])
				}
			} else if got[i] != v {
				t.Errorf("%s: log-density %v, want %v", k, got[i], v)
			}
		}
		if k == "gauss" && got[2] == nil {
			t.Errorf("the far query's Gaussian log-density must be finite")
		}
		if k == "box" {
			text := first(mustRun(t, "kde", "-kernel", k, "-h", "0.7", "-query", q, "-target", "y", "-log", path))
			if !strings.Contains(text, "-Inf]") {
				t.Errorf("box text output: %q", text)
			}
		}
	}
	// Without -h, Scott's rule chooses the window and h is printed.
	obj := jsonOf(t, first(mustRun(t, "kde", "-query", q, "-target", "y", "-json", path)))
	hs, _ := learn.Scott.Bandwidth(x)
	ms, _ := learn.KernelDensity{H: hs}.Fit(x)
	ds, _ := ms.Density(qm)
	if obj["h"] != hs || !slices.Equal(floats(t, obj["density"]), ds) {
		t.Errorf("kde with Scott's rule: %v, want h %v, density %v", obj, hs, ds)
	}
	out := filepath.Join(t.TempDir(), "d.csv")
	mustRun(t, "kde", "-h", "0.7", "-query", q, "-target", "y", "-out", out, path)
	if b, err := os.ReadFile(out); err != nil || strings.Count(string(b), "\n") != 4 || !strings.HasPrefix(string(b), "density\n") {
		t.Errorf("kde -out: %q, %v", b, err)
	}
	mustFail(t, 2, []string{"kde", "-h", "0", "-query", q, path}, "-h")
	mustFail(t, 2, []string{"kde", "-h", "1", "-kernel", "tri", "-query", q, path}, "-kernel")
	mustFail(t, 2, []string{"kde", "-h", "1", path}, "-query")
	mustFail(t, 1, []string{"kde", "-h", "1", "-query", q, path}, "columns")
	mustFail(t, 1, []string{"kde", "-h", "1", "-query", writeCSV(t, "n.csv", "1,NaN\n"), "-target", "y", path})
}

// TestBayesSingularNamesReg: a singular class covariance is an error that
// names the -reg flag.
func TestBayesSingularNamesReg(t *testing.T) {
	sing := writeCSV(t, "s.csv", "a,b,y\n1,1,0\n2,2,0\n3,3,0\n1,2,1\n2,3,1\n3,4,1\n")
	mustFail(t, 1, []string{"bayes", sing}, "-reg R")
}
