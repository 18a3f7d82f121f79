package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// goSyntax matches what Go's %v writes for values a person should never
// see: maps, struct pointers, type names.
var goSyntax = regexp.MustCompile(`map\[|&\{|\bfloat64\b|\bint\b|\[\]\w|\bstruct ?\{|\b(learn|matrix|main|optimize|eigen)\.[A-Z]|<nil>|0x[0-9a-f]{6,}`)

// textRuleArgs gives every command of the registry the arguments of one or
// more small runs, built from the files of textRuleFiles. A command
// missing here fails TestTextOutputRules: a new command must say how it
// is run before it is covered.
func textRuleArgs(t *testing.T) map[string][][]string {
	f := textRuleFiles(t)
	model := filepath.Join(t.TempDir(), "m.json")
	mustRun(t, "svm", "-kernel", "linear", "-save", model, f["two"])
	sup := func(extra ...string) [][]string {
		return [][]string{append(extra, f["two"]), append(extra, f["three"])}
	}
	return map[string][][]string{
		"cv":          {{"svm", "-kernel", "linear", f["two"]}, {"-quiet", "tree", f["three"]}},
		"grid":        {{"-quiet", "-param", "C=0.1,1", "-param", "kernel=linear,rbf", "svm", f["two"]}},
		"holdout":     {{"logreg", f["three"]}},
		"bootstrap":   {{"-B", "20", "-quiet", "tree", f["two"]}},
		"biasvar":     {{"-trials", "5", "-n", "30"}},
		"knn":         sup("-k", "3"),
		"bench":       {{"fashion", "-dir", fakeFashion(t, 40, 20), "-train", "30", "-methods", "fisher,svm-rbf", "-quiet"}},
		"eig":         {{f["sym"]}, {"-method", "jacobi", "-trace", f["sym"]}, {"-method", "jacobi", "-trace", "-trace-matrix", f["sym"]}},
		"tree":        append(sup(), []string{"-print", f["three"]}),
		"forest":      sup("-trees", "5", "-quiet"),
		"adaboost":    {{"-rounds", "30", f["two"]}, {"-rounds", "30", "-trace", f["two"]}},
		"bag":         {{"-B", "5", "-quiet", "tree", f["two"]}},
		"boost3":      {{"tree", f["two"]}},
		"gauss":       {{"-target", "y", f["three"]}},
		"bayes":       sup(),
		"posterior":   {{"-model", "beta-bernoulli", f["coin"]}, {"-model", "normal-mean", "-tau2", "1", "-sigma2", "2", f["coin"]}},
		"gmm":         {{"-k", "2", "-target", "y", f["two"]}, {"-k", "2", "-trace", "-target", "y", f["two"]}},
		"kde":         {{"-kernel", "gauss", "-query", f["x"], "-target", "y", f["two"]}, {"-kernel", "box", "-h", "1", "-log", "-query", f["x"], "-target", "y", f["two"]}},
		"linreg":      {{f["reg"]}, {"-basis", "poly", "-degree", "3", "-solver", "svd", f["reg"]}},
		"ridge":       {{f["reg"]}},
		"logreg":      sup(),
		"perceptron":  sup("-epochs", "40"),
		"adaline":     sup(),
		"select":      {{"-score", "mi", "-target", "y", f["three"]}},
		"solve":       {{f["sym"], f["b"]}},
		"lstsq":       {{f["x"], f["y"]}},
		"inv":         {{f["sym"]}},
		"det":         {{f["sym"]}},
		"chol":        {{f["sym"]}},
		"qr":          {{f["x"]}},
		"svd":         {{f["x"]}},
		"pinv":        {{f["x"]}},
		"mlp":         {{"-hidden", "4", "-epochs", "40", "-quiet", f["three"]}},
		"autoencoder": {{"-hidden", "2", "-epochs", "40", "-quiet", f["x"]}},
		"pca":         {{"-k", "2", "-target", "y", f["three"]}},
		"kpca":        {{"-kernel", "rbf", "-sigma2", "1", "-k", "2", "-target", "y", f["three"]}},
		"spectral":    {{"-sigma2", "1", "-k", "2", "-target", "y", f["three"]}},
		"lda":         sup(),
		"predict":     {{"-model", model, f["two"]}},
		"svm":         append(sup("-kernel", "rbf"), []string{"-kernel", "linear", "-trace", f["two"]}),
	}
}

// textRuleFiles writes the small files the runs read: two- and
// three-class data with a header (40 rows, so per-row results are longer
// than a summary), a regression set, a symmetric positive definite
// matrix and a right-hand side, a tall matrix, and a coin.
func textRuleFiles(t *testing.T) map[string]string {
	rng := rand.New(rand.NewPCG(27, 1))
	var two, three, reg, x, y strings.Builder
	two.WriteString("width,height,depth,y\n")
	three.WriteString("width,height,depth,y\n")
	reg.WriteString("a,b,y\n")
	for i := range 40 {
		c := i % 2
		fmt.Fprintf(&two, "%.3f,%.3f,%.3f,%d\n", rng.NormFloat64()+2*float64(c), rng.NormFloat64(), rng.NormFloat64()-float64(c), c)
		c = i % 3
		fmt.Fprintf(&three, "%.3f,%.3f,%.3f,%d\n", rng.NormFloat64()+3*float64(c), rng.NormFloat64()-2*float64(c), rng.NormFloat64(), c)
		a, b := rng.Float64()*4, rng.Float64()
		fmt.Fprintf(&reg, "%.3f,%.3f,%.4f\n", a, b, math.Sin(a)+b+0.1*rng.NormFloat64())
		if i < 20 {
			fmt.Fprintf(&x, "%.3f,%.3f,%.3f\n", rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64())
			fmt.Fprintf(&y, "%.3f\n", rng.NormFloat64())
		}
	}
	return map[string]string{
		"two":   writeCSV(t, "two.csv", two.String()),
		"three": writeCSV(t, "three.csv", three.String()),
		"reg":   writeCSV(t, "reg.csv", reg.String()),
		"x":     writeCSV(t, "x.csv", x.String()),
		"y":     writeCSV(t, "y.csv", y.String()),
		"sym":   writeCSV(t, "sym.csv", "4,1,0.5,0\n1,3,0.2,0.1\n0.5,0.2,2,0.3\n0,0.1,0.3,1\n"),
		"b":     writeCSV(t, "b.csv", "1\n2\n3\n4\n"),
		"coin":  writeCSV(t, "coin.csv", "x\n1\n0\n1\n1\n0\n1\n1\n1\n0\n1\n1\n0\n1\n1\n"),
	}
}

// textRuleExempt names the commands TestTextOutputRules does not run, and
// why; their few lines of output are checked by their own tests.
var textRuleExempt = map[string]string{
	"serve": "it serves the site until interrupted (site_test.go)",
	"site":  "it compiles the WebAssembly module with the go command (site_test.go)",
}

// TestTextOutputRules runs every command of the registry on small files
// and holds its text output (stdout, and the trace lines on stderr) to
// docs/cli.md's rules: no line longer than lineMax characters, no Go
// syntax, and no line listing more than summaryMax numbers (an array is
// summarized as its length and first entries).
func TestTextOutputRules(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every command")
	}
	runs := textRuleArgs(t)
	for _, c := range commands {
		if c.run == nil {
			continue // a learner only (stump), not a command
		}
		if why, ok := textRuleExempt[c.name]; ok {
			t.Logf("%s: not run here: %s", c.name, why)
			continue
		}
		argLists, ok := runs[c.name]
		if !ok {
			t.Errorf("command %s has no runs in textRuleArgs: add one", c.name)
			continue
		}
		for _, args := range argLists {
			where := strings.Join(append([]string{c.name}, args...), " ")
			status, out, errOut := runDemo(append([]string{c.name}, args...)...)
			if status != 0 {
				t.Errorf("demo %s: status %d: %s", where, status, errOut)
				continue
			}
			for _, stream := range []string{out, errOut} {
				checkTextLines(t, where, stream)
			}
		}
	}
}

func checkTextLines(t *testing.T, where, text string) {
	t.Helper()
	for n, line := range strings.Split(text, "\n") {
		if len([]rune(line)) > lineMax {
			t.Errorf("demo %s: line %d has %d characters: %.80q…", where, n+1, len([]rune(line)), line)
		}
		if m := goSyntax.FindString(line); m != "" {
			t.Errorf("demo %s: line %d shows Go syntax %q: %q", where, n+1, m, line)
		}
		numbers := 0
		for _, w := range strings.Fields(line) {
			if _, err := strconv.ParseFloat(strings.Trim(w, "[]();,:"), 64); err == nil {
				numbers++
			}
		}
		if numbers > summaryMax+1 {
			t.Errorf("demo %s: line %d lists %d numbers: %.80q…", where, n+1, numbers, line)
		}
	}
}
