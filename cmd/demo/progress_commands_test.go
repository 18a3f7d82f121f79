package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// slowClock makes the clock of every progress printer advance by step at
// each reading, so that every command looks long, until the test ends.
func slowClock(t *testing.T, step time.Duration) {
	t.Helper()
	var mu sync.Mutex
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	old := progressClock
	progressClock = func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		clock = clock.Add(step)
		return clock
	}
	t.Cleanup(func() { progressClock = old })
}

// progressData writes a two-class CSV file of n rows (a header, three
// features, the label y) that no line separates.
func progressData(t *testing.T, n int) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(11, 12))
	var b strings.Builder
	b.WriteString("a,b,c,y\n")
	for range n {
		x := []float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		y := 0
		if x[0]+x[1]*x[2]+0.5*rng.NormFloat64() > 0 {
			y = 1
		}
		fmt.Fprintf(&b, "%.4f,%.4f,%.4f,%d\n", x[0], x[1], x[2], y)
	}
	return writeCSV(t, "progress.csv", b.String())
}

// progressLines returns the lines of stderr that are progress lines of
// command name.
func progressLines(stderr, name string) []string {
	var out []string
	for _, l := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(l, "demo "+name+": ") && strings.Contains(l, "  time ") && strings.HasSuffix(l, "s") {
			out = append(out, l)
		}
	}
	return out
}

// firstColumns keeps the first k fields of every line of s.
func firstColumns(s string, k int) string {
	var b strings.Builder
	for _, l := range strings.Split(s, "\n") {
		f := strings.Fields(l)
		b.WriteString(strings.Join(f[:min(k, len(f))], " ") + "\n")
	}
	return b.String()
}

// TestProgressOfEveryCommand: every command of docs/cli.md's progress
// paragraph prints progress lines on stderr when its work lasts more than
// a second (here, on a clock that a second passes at every few
// readings), ends on its last state, prints the same stdout as with
// -quiet, and nothing on stderr with -quiet.
func TestProgressOfEveryCommand(t *testing.T) {
	data := progressData(t, 400)
	big := progressData(t, 1500) // k-NN predicts more than 1024 rows in blocks
	iris := filepath.Join("..", "..", "testdata", "iris.csv")
	fashion := fakeFashion(t, 40, 20)
	model := filepath.Join(t.TempDir(), "knn.json")
	if status, _, errOut := runDemo("knn", "-quiet", "-k", "3", "-save", model, data); status != 0 {
		t.Fatalf("knn -save: %s", errOut)
	}
	cases := []struct {
		name string
		args []string
		last string // in the last progress line
	}{
		{"svm", []string{"svm", "-kernel", "rbf", data}, "machine 1: done after"},
		{"logreg", []string{"logreg", data}, "iteration"},
		{"tree", []string{"tree", data}, "growing: 400/400 rows in"},
		{"forest", []string{"forest", "-trees", "5", data}, "5/5 trees"},
		{"adaboost", []string{"adaboost", "-rounds", "5", data}, "round 5"},
		{"bag", []string{"bag", "-B", "4", "tree", data}, "4/4 models"},
		{"gmm", []string{"gmm", "-k", "2", "-target", "y", data}, "EM iteration"},
		{"knn", []string{"knn", "-k", "3", big}, "predicting: 1500/1500 rows"},
		{"predict", []string{"predict", "-model", model, big}, "predicting: 1500/1500 rows"},
		{"kpca", []string{"kpca", "-kernel", "rbf", "-sigma2", "2", "-target", "y", data}, "done: 2 components of 400 rows"},
		{"cv", []string{"cv", "-k", "4", "tree", data}, "tree: 4 folds done; the model on all 400 rows"},
		{"bootstrap", []string{"bootstrap", "-B", "5", "tree", data}, "5 resamples done; the model on all 400 points"},
		{"grid", []string{"grid", "-k", "3", "-param", "max-depth=1,2", "tree", data}, "2 combinations done; the best (-max-depth=1) on all 400 rows"},
		{"bench", []string{"bench", "fashion", "-dir", fashion, "-train", "30", "-methods", "fisher,tree,svm-rbf"}, "3 rows done, 0 failed"},
		{"perceptron", []string{"perceptron", "-epochs", "20", iris}, "epoch"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			status, quietOut, quietErr := runDemo(append([]string{c.args[0], "-quiet"}, c.args[1:]...)...)
			if status != 0 {
				t.Fatalf("-quiet: status %d: %s", status, quietErr)
			}
			if quietErr != "" {
				t.Errorf("-quiet printed on stderr:\n%s", quietErr)
			}
			slowClock(t, 500*time.Millisecond)
			status, out, errOut := runDemo(c.args...)
			if status != 0 {
				t.Fatalf("status %d: %s", status, errOut)
			}
			if c.name == "bench" { // the times differ: compare the methods and accuracies
				out, quietOut = firstColumns(out, 2), firstColumns(quietOut, 2)
			}
			if out != quietOut {
				t.Errorf("stdout differs with progress:\n%s\nwith -quiet:\n%s", out, quietOut)
			}
			lines := progressLines(errOut, c.name)
			if len(lines) == 0 {
				t.Fatalf("no progress line on stderr:\n%s", errOut)
			}
			if l := lines[len(lines)-1]; !strings.Contains(l, c.last) {
				t.Errorf("the last progress line %q does not contain %q; stderr:\n%s", l, c.last, errOut)
			}
		})
	}
}

// TestUnboundedCounts: `perceptron -epochs` at math.MaxInt runs (its
// histories are bounded) and stops at the first epoch without a mistake;
// `adaboost -rounds` and `mlp -epochs` at math.MaxInt are one usage line
// naming the memory limit, before any round or epoch is run.
func TestUnboundedCounts(t *testing.T) {
	var b strings.Builder
	b.WriteString("a,b,y\n")
	for i := range 60 {
		x := float64(i%10) - 4.5
		y := 0
		if x > 0 {
			y = 1
		}
		fmt.Fprintf(&b, "%g,%d,%d\n", x, i%7, y)
	}
	data := writeCSV(t, "separable.csv", b.String())
	maxInt := fmt.Sprint(math.MaxInt)
	status, out, errOut := runDemo("perceptron", "-epochs", maxInt, "-json", data)
	if status != 0 || !strings.Contains(out, `"converged":true`) {
		t.Errorf("perceptron -epochs %s: status %d, %s%s", maxInt, status, out, errOut)
	}
	for _, args := range [][]string{{"adaboost", "-rounds"}, {"mlp", "-epochs"}, {"autoencoder", "-hidden", "2", "-epochs"}} {
		status, out, errOut = runDemo(append(args, maxInt, data)...)
		flag := args[len(args)-1]
		if status != 2 || out != "" || strings.Count(errOut, "\n") != 1 ||
			!strings.Contains(errOut, flag+" "+maxInt) || !strings.Contains(errOut, "the limit is") {
			t.Errorf("%s %s %s: status %d, stdout %q, stderr %q", args[0], flag, maxInt, status, out, errOut)
		}
	}
}

// TestProgressCommandsSynopsis: the synopsis (`demo help CMD`'s usage
// line) of every command that reports progress names each flag the
// command declares, -quiet among them.
func TestProgressCommandsSynopsis(t *testing.T) {
	for _, name := range []string{"svm", "logreg", "perceptron", "tree", "forest", "adaboost", "gmm", "knn",
		"kpca", "predict", "bench", "mlp", "autoencoder"} {
		out, _ := mustRun(t, "help", name)
		usage, _, _ := strings.Cut(out[strings.Index(out, "usage:"):], "\n  -")
		declared := 0
		for _, l := range strings.Split(out, "\n") {
			if !strings.HasPrefix(l, "  -") {
				continue
			}
			declared++
			flag := strings.Fields(l)[0]
			if !strings.Contains(usage, "["+flag+" ") && !strings.Contains(usage, "["+flag+"]") && !strings.Contains(usage, " "+flag+" ") {
				t.Errorf("demo help %s: the synopsis does not name %s:\n%s", name, flag, usage)
			}
		}
		if declared == 0 || !strings.Contains(usage, "[-quiet]") {
			t.Errorf("demo help %s: %d flags, synopsis:\n%s", name, declared, usage)
		}
	}
}
