package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"mlnotes/matrix"
)

// The hostile-input campaign over every supervised and assessment command
// (docs/cli.md, "Rules every command follows"): whatever the input, a
// command exits 0 with finite numbers only, or exits 1 or 2 with one line
// on stderr naming the problem (plus the usage lines for 2) and nothing on
// stdout; never a panic ("internal error").

// nonFinite matches a non-finite number as Go or JSON would print it.
var nonFinite = regexp.MustCompile(`(?i)\b(nan|[+-]?inf(inity)?)\b`)

// checkContract runs demo and checks the contract; it returns the status.
func checkContract(t *testing.T, args []string) int {
	t.Helper()
	start := time.Now()
	status, out, errOut := runDemo(args...)
	if d := time.Since(start); d > 300*time.Millisecond && os.Getenv("DEMO_HOSTILE_LOG") != "" {
		t.Logf("SLOW %v %v", d, args)
	}
	if testing.Verbose() && os.Getenv("DEMO_HOSTILE_LOG") != "" { // every outcome, for review
		t.Logf("PROBE %d %v\n   out=%.200s\n   err=%.300s", status, args, out, errOut)
	}
	switch status {
	case 0:
		if nonFinite.MatchString(out) {
			t.Errorf("demo %v: exit 0 with a non-finite number: %.300s", args, out)
		}
		if strings.Contains(strings.Join(args, " "), "-json") {
			var v map[string]any
			if err := json.Unmarshal([]byte(out), &v); err != nil {
				t.Errorf("demo %v: exit 0, not one JSON object: %.300s", args, out)
			}
		}
	case 1, 2:
		lines := strings.Split(strings.TrimRight(errOut, "\n"), "\n")
		msgs := 0
		for _, l := range lines {
			if !strings.HasPrefix(l, "usage: ") && !strings.HasPrefix(l, "       demo ") && !strings.HasPrefix(l, "demo "+args[0]+": warning:") &&
				!strings.HasPrefix(l, "demo "+args[0]+": ") {
				t.Errorf("demo %v: stray stderr line %q", args, l)
			}
			if strings.HasPrefix(l, "demo "+args[0]+": ") && !strings.Contains(l, "warning:") && !isProgress(l) {
				msgs++
			}
		}
		if msgs != 1 {
			t.Errorf("demo %v: %d error lines, want 1: %q", args, msgs, errOut)
		}
		if out != "" {
			t.Errorf("demo %v: exit %d with stdout %.200q", args, status, out)
		}
	default:
		t.Errorf("demo %v: exit %d", args, status)
	}
	if strings.Contains(errOut, "internal error") || strings.Contains(errOut, "panic") || strings.Contains(errOut, "goroutine ") {
		t.Errorf("demo %v: %s", args, errOut)
	}
	return status
}

// isProgress reports a progress line of cv, bootstrap, bag, forest, …
var progressLine = regexp.MustCompile(`: (\d+/\d+|[a-z0-9]+, \d+ points|\d+ resamples of \d+ points|.*: mean .*, std .*|.*dropped \d+ of \d+ rows.*)$`)

func isProgress(l string) bool { return progressLine.MatchString(l) }

// hostileFiles writes the hostile data files of a layout: features a, b
// and a label y (labelled), or features only.
func hostileFiles(t *testing.T, labelled bool) map[string]string {
	dir := t.TempDir()
	w := func(name, content string) string {
		p := filepath.Join(dir, name)
		writeFileT(t, p, content)
		return p
	}
	h := "a,b\n"
	row := func(a, b, y string) string {
		if labelled {
			return a + "," + b + "," + y + "\n"
		}
		return a + "," + b + "\n"
	}
	if labelled {
		h = "a,b,y\n"
	}
	good := row("0", "0.5", "0") + row("1", "0.2", "1") + row("0.3", "1.1", "0") + row("1.2", "1.4", "1") +
		row("0.1", "0.9", "0") + row("1.5", "0.7", "1") + row("0.4", "0.3", "0") + row("1.1", "1.9", "1")
	var huge, tiny, same strings.Builder
	huge.WriteString(h)
	tiny.WriteString(h)
	same.WriteString(h)
	for i, v := range []string{"1e308", "-1e308", "1.7e308", "-1.7e308", "9e307", "-9e307", "1.5e308", "-1.2e308"} {
		y := []string{"0", "1"}[i%2]
		huge.WriteString(row(v, strings.TrimPrefix(v, "-"), y))
		tiny.WriteString(row([]string{"1e-320", "0", "-1e-320", "2e-320"}[i%4], []string{"0", "1e-320", "3e-320", "-1e-320"}[i%4], y))
		same.WriteString(row("1", "2", y))
	}
	return map[string]string{
		"good":     w("good.csv", h+good),
		"empty":    w("empty.csv", ""),
		"header":   w("header.csv", h),
		"nan":      w("nan.csv", h+good+row("NaN", "1", "0")),
		"inf":      w("inf.csv", h+good+row("1", "Inf", "1")),
		"overflow": w("overflow.csv", h+good+row("1e999", "1", "1")),
		"ragged":   w("ragged.csv", h+good+"1\n"),
		"oneclass": w("oneclass.csv", h+strings.ReplaceAll(good, ",1\n", ",0\n")),
		"onerow":   w("onerow.csv", h+row("0.5", "0.5", "1")),
		"huge":     w("huge.csv", huge.String()),
		"tiny":     w("tiny.csv", tiny.String()),
		"constant": w("constant.csv", same.String()),
		"wide":     w("wide.csv", "a,b,c,d\n1,2,3,0\n2,1,0,1\n"),
		"narrow":   w("narrow.csv", "a\n1\n2\n"),
		"wide5":    w("wide5.csv", "1,2,3,0,5\n2,1,0,1,6\n"),
	}
}

// mustFailFiles are the hostile files that no command may accept.
var mustFailFiles = []string{"empty", "header", "nan", "inf", "overflow", "ragged"}

func TestHostileInputs(t *testing.T) {
	lab, unl := hostileFiles(t, true), hostileFiles(t, false)
	dir := t.TempDir()
	// Model files to give to -load and predict: a knn model, a ridge
	// model (another kind), and one that is not a model at all.
	knnModel, ridgeModel := filepath.Join(dir, "knn.json"), filepath.Join(dir, "ridge.json")
	mustRun(t, "knn", "-k", "1", "-save", knnModel, lab["good"])
	mustRun(t, "ridge", "-save", ridgeModel, lab["good"])
	query := filepath.Join(dir, "q.csv")
	writeFileT(t, query, "a,b\n0.5,0.5\n")

	type spec struct {
		name string
		args []string // before the data file
		unl  bool     // features only
	}
	specs := []spec{
		{"linreg", nil, false}, {"ridge", nil, false}, {"logreg", nil, false}, {"perceptron", nil, false},
		{"adaline", nil, false}, {"select", []string{"-score", "pearson"}, false}, {"select", []string{"-score", "mi"}, false},
		{"gauss", nil, true}, {"bayes", nil, false}, {"bayes", []string{"-density", "kde"}, false},
		{"bayes", []string{"-density", "shared"}, false}, {"bayes", []string{"-density", "parzen", "-h", "0.5"}, false},
		{"posterior", []string{"-model", "normal-mean", "-tau2", "1", "-sigma2", "1"}, true},
		{"gmm", []string{"-k", "2"}, true}, {"kde", []string{"-kernel", "gauss", "-h", "1", "-query", query}, true},
		{"mlp", []string{"-hidden", "3", "-epochs", "3", "-quiet"}, false},
		{"mlp", []string{"-task", "regress", "-hidden", "3", "-epochs", "3", "-quiet"}, false},
		{"autoencoder", []string{"-hidden", "2", "-epochs", "3", "-quiet"}, true},
		{"knn", []string{"-k", "1"}, false}, {"knn", []string{"-k", "1", "-regression"}, false},
		{"tree", nil, false}, {"tree", []string{"-regression"}, false}, {"forest", []string{"-trees", "3", "-quiet"}, false},
		{"adaboost", []string{"-rounds", "3"}, false}, {"svm", nil, false}, {"svm", []string{"-type", "eps-svr"}, false},
		{"svm", []string{"-type", "nu"}, false}, {"lda", nil, false},
		{"cv", []string{"-k", "2", "-quiet", "knn", "-k", "1"}, false},
		{"grid", []string{"-k", "2", "-quiet", "-param", "lambda=0.1,1", "ridge"}, false},
		{"holdout", []string{"logreg"}, false}, {"bootstrap", []string{"-B", "3", "-quiet", "bayes"}, false},
		{"bag", []string{"-B", "2", "-quiet", "tree"}, false}, {"boost3", []string{"-n1", "3", "tree"}, false},
		{"predict", []string{"-model", knnModel}, false}, {"predict", []string{"-model", ridgeModel}, false},
		{"svm", []string{"-proba"}, false}, {"svm", []string{"-kernel", "poly", "-degree", "2"}, false},
		{"svm", []string{"-type", "nu-svr", "-kernel", "linear"}, false}, {"logreg", []string{"-solver", "lbfgs"}, false},
		{"logreg", []string{"-solver", "gd", "-max-iter", "50"}, false}, {"logreg", []string{"-lambda", "0"}, false},
		{"mlp", []string{"-loss", "mse", "-hidden", "2", "-epochs", "2", "-quiet", "-optimizer", "sgd"}, false},
		{"adaboost", []string{"-base", "tree", "-rounds", "3"}, false}, {"tree", []string{"-criterion", "entropy", "-max-depth", "2"}, false},
		{"linreg", []string{"-basis", "gauss", "-centers", "2", "-solver", "svd"}, false}, {"linreg", []string{"-solver", "normal"}, false},
		{"ridge", []string{"-penalize-intercept"}, false}, {"gmm", []string{"-k", "1", "-cov", "diag"}, true},
		{"gmm", []string{"-k", "2", "-cov", "spherical"}, true}, {"kde", []string{"-kernel", "box", "-h", "0.5", "-query", query}, true},
		{"autoencoder", []string{"-hidden", "2", "-type", "denoising", "-epochs", "2", "-quiet"}, true},
		{"autoencoder", []string{"-hidden", "2", "-type", "sparse", "-epochs", "2", "-quiet"}, true},
		{"gauss", []string{"-unbiased"}, true},
	}
	for _, sp := range specs {
		files := lab
		if sp.unl {
			files = unl
		}
		for kind, path := range files {
			for _, js := range []bool{false, true} {
				args := []string{sp.name}
				if js {
					args = append(args, "-json") // before a meta command's LEARNER
				}
				args = append(append(args, sp.args...), path)
				status := checkContract(t, args)
				for _, bad := range mustFailFiles {
					if kind == bad && status == 0 {
						t.Errorf("demo %v: exit 0 on the %s file", args, kind)
					}
				}
			}
		}
	}

	good := lab["good"]
	// Every hostile file as the -test file of a driver command, trained on
	// the good file, and of the saved models with -load.
	driver := map[string]bool{"linreg": true, "ridge": true, "logreg": true, "perceptron": true, "adaline": true, "bayes": true,
		"mlp": true, "knn": true, "tree": true, "forest": true, "adaboost": true, "svm": true, "lda": true}
	for _, sp := range specs {
		if !driver[sp.name] {
			continue
		}
		for kind, path := range lab {
			args := append(append([]string{sp.name}, sp.args...), "-json", "-test", path, lab["good"])
			if checkContract(t, args) == 0 && slices.Contains(mustFailFiles, kind) {
				t.Errorf("demo %v: exit 0 on the %s test file", args, kind)
			}
		}
	}
	for _, m := range []struct{ cmd, file string }{{"knn", knnModel}, {"ridge", ridgeModel}} {
		for kind, path := range lab {
			args := []string{m.cmd, "-load", m.file, "-json", "-test", path}
			if checkContract(t, args) == 0 && slices.Contains(mustFailFiles, kind) {
				t.Errorf("demo %v: exit 0 on the %s test file", args, kind)
			}
		}
	}

	// Extreme but valid hyper-parameters: exit 0 with finite numbers, or a
	// clean error.
	for _, c := range [][]string{
		{"kde", "-kernel", "gauss", "-h", "1e308", "-query", query, unl["good"]},
		{"kde", "-kernel", "gauss", "-h", "1e-320", "-query", query, unl["good"]},
		{"kde", "-kernel", "box", "-h", "1e-320", "-query", query, unl["good"]},
		{"kde", "-kernel", "gauss", "-h", "1e-320", "-log", "-query", query, unl["good"]},
		{"bayes", "-density", "kde", "-h", "1e-320", good}, {"bayes", "-density", "parzen", "-h", "1e308", good},
		{"bayes", "-reg", "1e308", good}, {"gauss", "-reg", "1e308", unl["good"]}, {"gmm", "-k", "2", "-reg", "1e308", unl["good"]},
		{"svm", "-C", "1e308", good}, {"svm", "-C", "1e-320", good}, {"svm", "-gamma", "1e308", good}, {"svm", "-gamma", "1e-320", good},
		{"svm", "-kernel", "poly", "-degree", "1000", good}, {"svm", "-type", "eps-svr", "-epsilon", "1e308", good},
		{"svm", "-tol", "1e308", good}, {"svm", "-tol", "1e-320", "-max-iter", "50", good},
		{"ridge", "-lambda", "1e308", good}, {"ridge", "-lambda", "1e-320", good}, {"logreg", "-lambda", "1e308", good},
		{"logreg", "-lambda", "1e-320", good}, {"lda", "-ridge", "1e308", good},
		{"linreg", "-basis", "poly", "-degree", "400", good}, {"linreg", "-basis", "gauss", "-width", "1e-320", good},
		{"linreg", "-basis", "sigmoid", "-width", "1e308", good},
		{"perceptron", "-lr", "1e308", good}, {"adaline", "-lr", "1e-320", good}, {"adaline", "-lr", "1e308", good},
		{"mlp", "-lr", "1e308", "-quiet", "-epochs", "3", good}, {"mlp", "-lambda", "1e308", "-quiet", "-epochs", "3", good},
		{"mlp", "-lr", "1e-320", "-quiet", "-epochs", "3", good},
		{"autoencoder", "-hidden", "2", "-type", "sparse", "-beta", "1e308", "-quiet", "-epochs", "3", unl["good"]},
		{"autoencoder", "-hidden", "2", "-type", "sparse", "-rho", "1e-320", "-quiet", "-epochs", "3", unl["good"]},
		{"biasvar", "-noise", "1e150", "-trials", "3"}, {"biasvar", "-degrees", "30", "-n", "2", "-trials", "3"},
		{"knn", "-k", "8", good}, {"forest", "-trees", "1", "-max-depth", "1", good}, {"adaboost", "-rounds", "1000", good},
	} {
		checkContract(t, append([]string{c[0], "-json"}, c[1:]...))
	}

	// Model files altered: the kind swapped, the task swapped, the
	// feature count changed, truncated, a plain model of another kind.
	raw, err := os.ReadFile(ridgeModel)
	if err != nil {
		t.Fatal(err)
	}
	knnRaw, _ := os.ReadFile(knnModel)
	for i, content := range []string{
		strings.Replace(string(raw), `"kind": "ridge"`, `"kind": "knn"`, 1),
		strings.Replace(string(raw), `"task": "regression"`, `"task": "classification"`, 1),
		strings.Replace(string(raw), `"n_features": 2`, `"n_features": 3`, 1),
		strings.Replace(string(raw), `"n_features": 2`, `"n_features": 0`, 1),
		strings.Replace(string(knnRaw), `"kind": "knn"`, `"kind": "tree"`, 1),
		strings.Replace(string(knnRaw), `"kind": "knn"`, `"kind": "svm"`, 1),
		strings.Replace(string(knnRaw), `"kind": "knn"`, `"kind": "mlp-classifier"`, 1),
		string(raw[:len(raw)/2]),
		`{"format":"mlnotes/ridge","version":1,"model":{"Coef":[1,2,3]}}`,
		`{"format":"mlnotes/knn","version":1,"model":{"K":0}}`,
		`{"format":"mlnotes/cli-model","version":2}`,
		`[]`, `null`, `{}`,
	} {
		f := filepath.Join(dir, fmt.Sprintf("bad%d.json", i))
		writeFileT(t, f, content)
		for _, args := range [][]string{{"predict", "-model", f, good}, {"knn", "-load", f, "-test", good}, {"ridge", "-load", f, "-test", good}} {
			if checkContract(t, args) == 0 && !strings.Contains(content, `"kind": "knn"`) {
				t.Errorf("demo %v: exit 0 on altered model %d", args, i)
			}
		}
	}

	// An unknown flag or an unparsable flag value, for every command: one
	// line and the usage, not the whole flag list.
	for _, c := range commands {
		if c.run == nil {
			continue // a learner only (stump), not a command
		}
		for _, bad := range [][]string{{"-no-such-flag"}, {"-json=maybe"}} {
			args := append(append([]string{c.name}, bad...), good)
			if s := checkContract(t, args); s != 2 {
				t.Errorf("demo %v: exit %d, want 2", args, s)
			}
		}
	}
	checkContract(t, []string{"cv", "knn", "-k", "x", good})

	// The driver's own flags, hostile.
	for _, c := range [][]string{
		{"knn", "-target", "99", good}, {"knn", "-target", "-1", good}, {"knn", "-target", "nope", good},
		{"knn", "-drop", "y", good}, {"knn", "-drop", "a,b", good}, {"knn", "-drop", "zz", good},
		{"knn", "-pca", "3", good}, {"knn", "-pca", "-1", good}, {"knn", "-pca", "2", lab["huge"]}, {"knn", "-pca", "1", lab["tiny"]},
		{"knn", "-pca", "1", lab["constant"]}, {"ridge", "-scale", "minmax", lab["huge"]}, {"ridge", "-scale", "minmax", lab["tiny"]},
		{"ridge", "-scale", "standard", lab["constant"]}, {"knn", "-scale", "zscore", good}, {"knn", "-sep", "ab", good},
		{"knn", "-sep", ";", good}, {"knn", "-format", "libsvm", good}, {"knn", "-drop-na", lab["nan"]},
		{"knn", "-save", filepath.Join(dir, "no", "such", "dir.json"), good}, {"knn", "-test", filepath.Join(dir, "missing.csv"), good},
		{"knn", "-load", filepath.Join(dir, "missing.json"), "-test", good}, {"knn", "-load", knnModel, good},
		{"knn", "-load", knnModel, "-test", good, "-k", "3"}, {"predict", "-model", knnModel, "-proba", good},
		{"predict", "-model", ridgeModel, "-proba", good}, {"predict", "-model", knnModel, "-target", "nope", good},
		{"predict", "-model", knnModel, "-out", filepath.Join(dir, "no", "such", "p.csv"), good},
	} {
		checkContract(t, append([]string{c[0], "-json"}, c[1:]...))
	}

	// Hostile fold files and grid values.
	for i, content := range []string{"", "fold\n", "fold\n0\n1\n0\n1\n0\n1\n0\nNaN\n", "fold\n0\n1\n0\n1\n0\n1\n0\n1e308\n",
		"fold\n0\n1\n0\n1\n0\n1\n0\n-1\n", "fold\n0\n1\n0\n1\n0\n1\n0\n0.5\n", "fold\n0\n0\n0\n0\n0\n0\n0\n0\n",
		"fold\n0\n1\n0\n1\n0\n1\n0\n1\n0\n", "fold\n0\n1\n0\n1\n0\n1\n0\n999999999\n", "fold,x\n0,1\n1\n"} {
		f := filepath.Join(dir, fmt.Sprintf("folds%d.csv", i))
		writeFileT(t, f, content)
		for _, c := range [][]string{{"cv", "-folds", f, "knn", "-k", "1"}, {"grid", "-folds", f, "-param", "k=1,2", "knn"}} {
			if checkContract(t, append(c, good)) == 0 {
				t.Errorf("demo %v: exit 0 with fold file %q", c, content)
			}
		}
	}
	for _, p := range []string{"k=abc", "k=1e999", "k=", "=1", "lambda=NaN", "k=1,,2"} {
		checkContract(t, []string{"grid", "-param", p, "knn", good})
	}

	// Hostile LIBSVM files, for training and for predict.
	for i, content := range []string{"", "\n\n", "1 0:1\n0 1:2\n", "1 2:1 1:3\n0 1:2\n", "1 1:NaN\n0 1:2\n", "1 1:1e999\n0 1:2\n",
		"1 99999999999:1\n0 1:2\n", "1 1:1\n0 x\n", "1 1:\n0 1:2\n", "1 1:1 1:2\n0 1:2\n", "1e999 1:1\n0 1:2\n", "NaN 1:1\n0 1:2\n"} {
		f := filepath.Join(dir, fmt.Sprintf("bad%d.libsvm", i))
		writeFileT(t, f, content)
		for _, c := range [][]string{{"knn", "-k", "1", f}, {"ridge", f}, {"predict", "-model", knnModel, f}, {"cv", "-k", "2", "knn", "-k", "1", f}} {
			if checkContract(t, c) == 0 {
				t.Errorf("demo %v: exit 0 on LIBSVM content %q", c, content)
			}
		}
	}

	// Hostile label columns.
	for i, content := range []string{
		"a,y\n1,1e308\n2,-1e308\n3,1e308\n4,-1e308\n",
		"a,y\n1,9007199254740993\n2,0\n3,9007199254740993\n4,0\n",
		"a,y\n1,-0\n2,0\n3,1\n4,1\n",
		"a,y\n1,1.5\n2,0\n3,1\n4,1\n",
		"a,y\n1,NaN\n2,0\n3,1\n4,1\n",
		"a,y\n1,x\n2,0\n3,1\n4,y\n",
		"a,y\n1,\n2,0\n3,1\n4,1\n",
		"a,y\n1,1.7e308\n2,1.6e308\n3,-1.7e308\n4,1e-320\n",
	} {
		f := filepath.Join(dir, fmt.Sprintf("labels%d.csv", i))
		writeFileT(t, f, content)
		for _, c := range [][]string{{"knn", "-k", "1"}, {"logreg"}, {"ridge"}, {"linreg"}, {"tree", "-regression"}, {"mlp", "-quiet", "-epochs", "2"},
			{"svm", "-type", "eps-svr"}, {"bayes"}, {"cv", "-k", "2", "ridge"}, {"knn", "-k", "1", "-regression"}} {
			checkContract(t, append(append([]string{c[0], "-json"}, c[1:]...), f))
		}
	}

	// posterior reads one column: its own hostile files.
	for _, content := range []string{"", "x\n", "x\nNaN\n", "x\n1e308\n1.7e308\n1.5e308\n", "x\n1e-320\n3e-320\n", "x\n0\n1\n2\n", "x\n0.5\n", "x\n1\n"} {
		f := filepath.Join(dir, "post.csv")
		writeFileT(t, f, content)
		for _, m := range [][]string{{"-model", "normal-mean", "-tau2", "1", "-sigma2", "1"}, {"-model", "normal-mean", "-tau2", "1e308", "-sigma2", "1e-308"},
			{"-model", "normal-mean", "-tau2", "1e-320", "-sigma2", "1e308"}, {"-model", "beta-bernoulli"}, {"-model", "beta-bernoulli", "-a", "1e308", "-b", "1e308"}} {
			checkContract(t, append(append([]string{"posterior", "-json"}, m...), f))
		}
	}

	// -test files and -load of the wrong kind or width.
	for _, c := range [][]string{
		{"knn", "-k", "1", "-test", lab["wide"], good},
		{"knn", "-k", "1", "-test", lab["narrow"], good},
		{"ridge", "-test", lab["nan"], good},
		{"ridge", "-test", lab["empty"], good},
		{"logreg", "-test", lab["huge"], good},
		{"mlp", "-epochs", "2", "-quiet", "-test", lab["wide"], good},
		{"autoencoder", "-hidden", "2", "-epochs", "2", "-quiet", "-test", unl["wide"], unl["good"]},
		{"autoencoder", "-hidden", "2", "-epochs", "2", "-quiet", "-test", unl["narrow"], unl["good"]},
		{"kde", "-kernel", "gauss", "-h", "1", "-query", unl["wide"], unl["good"]},
		{"kde", "-kernel", "gauss", "-h", "1", "-query", unl["nan"], unl["good"]},
		{"boost3", "-n1", "3", "-test", lab["wide"], "tree", good},
		{"knn", "-load", ridgeModel, "-test", good},
		{"ridge", "-load", knnModel, "-test", good},
		{"svm", "-load", good, "-test", good},
		{"predict", "-model", good, good},
		{"predict", "-model", knnModel, lab["wide5"]},
		{"predict", "-model", knnModel, lab["narrow"]},
		{"predict", "-model", lab["empty"], good},
		{"tree", "-load", knnModel, "-test", good},
		{"mlp", "-load", ridgeModel, "-test", good},
		{"bayes", "-load", knnModel, "-test", good},
		{"bayes", "-loss", lab["nan"], good},
		{"bayes", "-loss", lab["wide"], good},
		{"bayes", "-loss", lab["empty"], good},
		{"knn", "-k", "100", good}, {"gmm", "-k", "100", unl["good"]}, {"select", "-k", "5", good},
		{"cv", "-k", "2", "knn", "-k", "100", good}, {"forest", "-max-features", "5", good},
		{"bootstrap", "-B", "2", "bayes", "-loss", lab["wide"], good},
	} {
		if checkContract(t, c) == 0 {
			t.Errorf("demo %v: exit 0", c)
		}
	}

	// Out-of-range hyper-parameters: usage errors (exit 2).
	for _, c := range [][]string{
		{"ridge", "-lambda", "-1", good}, {"ridge", "-lambda", "NaN", good}, {"ridge", "-lambda", "Inf", good},
		{"logreg", "-lambda", "-0.5", good}, {"logreg", "-tol", "0", good}, {"logreg", "-max-iter", "-1", good},
		{"linreg", "-basis", "poly", "-degree", "0", good}, {"linreg", "-basis", "gauss", "-centers", "0", good},
		{"linreg", "-basis", "gauss", "-width", "-1", good},
		{"perceptron", "-lr", "0", good}, {"perceptron", "-epochs", "0", good}, {"adaline", "-lr", "-1", good},
		{"adaline", "-lr", "NaN", good},
		{"select", "-bins", "1", "-score", "mi", good}, {"select", "-k", "-1", good},
		{"gauss", "-reg", "-1", unl["good"]},
		{"bayes", "-density", "kde", "-h", "0", good}, {"bayes", "-density", "kde", "-h", "-1", good},
		{"bayes", "-reg", "-1", good}, {"bayes", "-priors", "x", good},
		{"posterior", "-model", "beta-bernoulli", "-a", "0", unl["good"]},
		{"posterior", "-model", "normal-mean", "-tau2", "0", "-sigma2", "1", unl["good"]},
		{"gmm", "-k", "0", unl["good"]}, {"gmm", "-k", "-1", unl["good"]}, {"gmm", "-k", "2", "-reg", "-1", unl["good"]},
		{"gmm", "-k", "2", "-tol", "0", unl["good"]}, {"gmm", "-k", "2", "-restarts", "0", unl["good"]},
		{"kde", "-kernel", "gauss", "-h", "0", "-query", query, unl["good"]},
		{"kde", "-kernel", "box", "-h", "-1", "-query", query, unl["good"]},
		{"mlp", "-lr", "0", good}, {"mlp", "-lr", "-1", good}, {"mlp", "-hidden", "0", good}, {"mlp", "-epochs", "0", good},
		{"mlp", "-valid", "1", good}, {"mlp", "-lambda", "-1", good}, {"mlp", "-batch", "-1", good},
		{"autoencoder", "-hidden", "0", unl["good"]}, {"autoencoder", "-hidden", "2", "-lr", "0", unl["good"]},
		{"autoencoder", "-hidden", "2", "-type", "denoising", "-corrupt", "1", unl["good"]},
		{"autoencoder", "-hidden", "2", "-type", "sparse", "-rho", "0", unl["good"]},
		{"autoencoder", "-hidden", "2", "-type", "sparse", "-rho", "1", unl["good"]},
		{"autoencoder", "-hidden", "2", "-type", "sparse", "-beta", "0", unl["good"]},
		{"knn", "-k", "0", good}, {"tree", "-max-depth", "0", good}, {"tree", "-min-leaf", "0", good},
		{"forest", "-trees", "0", good}, {"forest", "-max-depth", "0", good}, {"adaboost", "-rounds", "0", good},
		{"adaboost", "-base", "tree", "-max-depth", "0", good},
		{"svm", "-C", "0", good}, {"svm", "-C", "-1", good}, {"svm", "-type", "nu", "-nu", "0", good},
		{"svm", "-type", "nu", "-nu", "1.5", good}, {"svm", "-kernel", "poly", "-degree", "0", good},
		{"svm", "-sigma2", "0", good}, {"svm", "-sigma2", "-1", good}, {"svm", "-gamma", "-1", good},
		{"svm", "-tol", "0", good}, {"svm", "-type", "eps-svr", "-epsilon", "-1", good},
		{"lda", "-ridge", "-1", good},
		{"cv", "-k", "1", "knn", good}, {"cv", "-k", "0", "knn", good}, {"cv", "-k", "-3", "knn", good},
		{"cv", "-k", "9", "knn", good}, {"cv", "-k", "2", "ridge", "-lambda", "-1", good},
		{"grid", "-param", "lambda=-1,1", "ridge", good}, {"grid", "-param", "k=0,1", "knn", good},
		{"grid", "-k", "100", "-param", "k=1,2", "knn", good},
		{"holdout", "-frac", "0", "knn", good}, {"holdout", "-frac", "1", "knn", good}, {"holdout", "-frac", "-0.5", "knn", good},
		{"bootstrap", "-B", "0", "knn", good}, {"bootstrap", "-B", "1", "knn", good},
		{"bag", "-B", "0", "tree", good}, {"bag", "-B", "1", "tree", good},
		{"boost3", "-n1", "0", "tree", good},
		{"biasvar", "-n", "0"}, {"biasvar", "-trials", "1"}, {"biasvar", "-noise", "-1"}, {"biasvar", "-degrees", "-1"},
		{"biasvar", "-noise", "NaN"}, {"biasvar", "-noise", "1e308"},
		{"predict", good},
		{"bayes", "-density", "kde", "-h", "NaN", good}, {"svm", "-C", "NaN", good}, {"svm", "-type", "nu", "-nu", "NaN", good},
		{"svm", "-type", "eps-svr", "-epsilon", "Inf", good}, {"svm", "-gamma", "Inf", good}, {"svm", "-tol", "NaN", good},
		{"autoencoder", "-hidden", "2", "-type", "sparse", "-rho", "NaN", unl["good"]},
		{"autoencoder", "-hidden", "2", "-type", "sparse", "-beta", "Inf", unl["good"]},
		{"autoencoder", "-hidden", "2", "-type", "denoising", "-corrupt", "NaN", unl["good"]},
		{"mlp", "-valid", "NaN", good}, {"mlp", "-lr", "Inf", good}, {"mlp", "-lambda", "NaN", good},
		{"holdout", "-frac", "NaN", "knn", good}, {"gmm", "-k", "2", "-reg", "NaN", unl["good"]},
		{"linreg", "-basis", "gauss", "-width", "NaN", good}, {"logreg", "-tol", "NaN", good}, {"lda", "-ridge", "Inf", good},
		{"gauss", "-reg", "NaN", unl["good"]}, {"kde", "-kernel", "gauss", "-h", "Inf", "-query", query, unl["good"]},
		{"cv", "-k", "2", "svm", "-C", "NaN", good}, {"bag", "-B", "2", "mlp", "-lr", "-1", good},
		{"bootstrap", "-B", "2", "bayes", "-density", "kde", "-h", "0", good},
		{"grid", "-param", "hidden=0,2", "mlp", good}, {"grid", "-param", "rho=0.5", "knn", good},
		{"forest", "-max-features", "0", good}, {"forest", "-workers", "-1", good},
	} {
		if s := checkContract(t, c); s != 2 {
			t.Errorf("demo %v: exit %d, want 2 (a usage error)", c, s)
		}
	}
}

func writeFileT(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestExtremeScalesWithScaling: data near ±1e308 or subnormal train after
// -scale standard (the column statistics are taken on exact power-of-two
// rescalings); without it, svm's default γ outside float64 is an error
// that says so, and the kernel of unscaled ±1e308 rows is refused by learn.
func TestExtremeScalesWithScaling(t *testing.T) {
	files := hostileFiles(t, true)
	for _, f := range []string{files["huge"], files["tiny"]} {
		for _, c := range [][]string{{"svm"}, {"ridge"}, {"logreg"}, {"knn", "-k", "1"}, {"lda"}, {"bayes", "-density", "shared"}, {"mlp", "-hidden", "2", "-epochs", "2", "-quiet"}} {
			out, _ := mustRun(t, append(append(c, "-scale", "standard", "-json"), f)...)
			if nonFinite.MatchString(out) {
				t.Errorf("%v %s: %s", c, f, out)
			}
		}
		mustFail(t, 1, []string{"svm", f}, "the default γ", "-scale standard")
	}
	mustFail(t, 1, []string{"svm", "-sigma2", "1", files["huge"]}, "k(x, x)", "scale the features")
}

// TestCheckFiniteNested: a non-finite number deep in a field (a matrix in
// a map, a row of a [][]float64) is found and named, as a flat one is.
func TestCheckFiniteNested(t *testing.T) {
	m := matrix.New(2, 2)
	m.Set(1, 0, math.Inf(-1))
	for _, c := range []struct {
		value any
		where string
	}{
		{[][]float64{{1, 2}, {3, math.NaN()}}, "f[1][1]"},
		{map[string]any{"a": 1.0, "b": []float64{0, math.Inf(1)}}, "f[b][1]"},
		{[]*matrix.Dense{matrix.New(1, 1), m}, "f[1][1][0]"},
		{[]map[string]any{{"mean": math.NaN()}}, "f[0][mean]"},
	} {
		err := checkFinite([]field{{"f", c.value}})
		if err == nil || !strings.HasPrefix(err.Error(), c.where+" is ") {
			t.Errorf("%v: %v, want %s", c.value, err, c.where)
		}
	}
	if err := checkFinite([]field{{"f", [][]float64{{1, 2}}}, {"g", map[string]any{"x": "NaN"}}, {"h", (*matrix.Dense)(nil)}}); err != nil {
		t.Errorf("finite fields: %v", err)
	}
}
