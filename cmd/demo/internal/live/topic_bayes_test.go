package live

import (
	"slices"
	"strings"
	"testing"

	"mlnotes/cmd/demo/internal/toydata"
	"mlnotes/learn"
	"mlnotes/matrix"
)

// The Bayes state's flags come back in demo bayes's form, a loss other
// than 0–1 is the file loss.csv of the command (the 0–1 loss is none),
// and bad priors, losses and flags of the other method are refused.
func TestBayesStateCommandAndLoss(t *testing.T) {
	files := moonsFiles(t)
	r, err := Run("generative", map[string]string{"method": "bayes", "data": "moons", "priors": "0.25, 0.75", "loss": "0:1:3:0"}, files)
	if err != nil {
		t.Fatal(err)
	}
	cmd, _ := r.Result.values[0].(string)
	if cmd != "demo bayes -density gauss -priors 0.25,0.75 -loss loss.csv -json data/moons.csv" {
		t.Errorf("command %q", cmd)
	}
	if len(r.Files) != 1 || r.Files[0].Name != "loss.csv" || r.Files[0].Text != "0,1\n3,0\n" {
		t.Errorf("files %+v, want loss.csv 0,1 / 3,0", r.Files)
	}
	if r.Params["priors"] != "0.25,0.75" || r.Params["loss"] != "0:1:3:0" || r.Steps != 0 {
		t.Errorf("params %v, steps %d", r.Params, r.Steps)
	}
	r, err = Run("generative", map[string]string{"method": "bayes", "data": "moons", "loss": "0:1:1:0"}, files)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Files) != 0 || strings.Contains(r.Result.values[0].(string), "-loss") {
		t.Errorf("the 0–1 loss wrote a file: %+v %v", r.Files, r.Result.values[0])
	}
	for q, want := range map[string]string{
		"priors=0.5":      "1 numbers for 2 classes",
		"priors=a,b":      "want empirical, equal",
		"loss=0:1:1":      "3 entries, want 4",
		"loss=0:-1:1:0":   "entry 2",
		"loss=0:1:Inf:0":  "entry 3",
		"k=3":             "k does not apply",
		"step=2":          "step does not apply",
		"priors=0.9,0.9":  "priors",
		"density=epanech": "density=epanech",
	} {
		wantBayesError(t, files, "moons", q, want)
	}
	if _, err := Run("generative", map[string]string{"data": "moons", "priors": "equal"}, files); err == nil || !strings.Contains(err.Error(), "method=em") {
		t.Errorf("priors with EM: err = %v", err)
	}
}

// The Bayes state on three classes (blobs3, the tour's): a prior per
// class and the 3×3 loss matrix as the command's flags and loss.csv,
// clicks of the three classes, and lists of the wrong length refused.
func TestBayesStateThreeClasses(t *testing.T) {
	x, y := toydata.ThreeClasses()
	files := toyFiles(t, "blobs3", x, y)
	q := map[string]string{"method": "bayes", "data": "blobs3", "priors": "0.2,0.3,0.5", "loss": "0:1:10:1:0:1:1:1:0", "add": "1:1:2"}
	r, err := Run("generative", q, files)
	if err != nil {
		t.Fatal(err)
	}
	cmd, _ := r.Result.values[0].(string)
	if cmd != "demo bayes -density gauss -priors 0.2,0.3,0.5 -loss loss.csv -json blobs3-edited.csv" {
		t.Errorf("command %q", cmd)
	}
	if len(r.Files) != 2 || r.Files[0].Name != "loss.csv" || r.Files[0].Text != "0,1,10\n1,0,1\n1,1,0\n" || r.Files[1].Name != "blobs3-edited.csv" {
		t.Errorf("files %+v, want loss.csv (the tour's loss) and blobs3-edited.csv", r.Files)
	}
	if r.Pick == nil || !slices.Equal(r.Pick.Classes, []int{0, 1, 2}) || len(r.Pick.Points) != 241 {
		t.Errorf("pick %+v, want classes 0, 1, 2 and 241 points", r.Pick)
	}
	r, err = Run("generative", map[string]string{"method": "bayes", "data": "blobs3"}, files)
	if err != nil {
		t.Fatal(err)
	}
	if r.Params["loss"] != "0:1:1:1:0:1:1:1:0" || r.Params["priors"] != "empirical" || len(r.Files) != 0 {
		t.Errorf("default: params %v, files %v; want the 3×3 0–1 loss and no file", r.Params, r.Files)
	}
	for q, want := range map[string]string{
		"priors=0.5,0.5":          "2 numbers for 3 classes",
		"loss=0:1:1:0":            "4 entries, want 9",
		"loss=0:1:1:1:0:1:1:-1:0": "entry 8",
		"add=1:1:3":               "classes [0 1 2]",
	} {
		wantBayesError(t, files, "blobs3", q, want)
	}
}

// wantBayesError checks that the Bayes state on data with the one
// parameter q ("name=value") is refused with a message saying want.
func wantBayesError(t *testing.T, files map[string]string, data, q, want string) {
	t.Helper()
	k, v, _ := strings.Cut(q, "=")
	if _, err := Run("generative", map[string]string{"method": "bayes", "data": data, k: v}, files); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("%s on %s: err = %v, want one saying %q", q, data, err, want)
	}
}

// The margins behind the regions and boundaries decide as the model does:
// at every node of the grid the first class of non-negative risk margin
// is Predict's decision and the first of non-negative posterior margin
// has the largest posterior; for two classes the risk margin of class 0
// is R₁ − R₀ exactly.
func TestBayesMarginsDecideAsPredict(t *testing.T) {
	tourLoss, _ := matrix.NewFromRows([][]float64{{0, 1, 10}, {1, 0, 1}, {1, 1, 0}})
	x3, y3 := toydata.ThreeClasses()
	x2, y2 := toydata.Moons(100, 0.15, 1)
	for _, c := range []struct {
		x    *matrix.Dense
		y    []int
		loss *matrix.Dense
	}{{x3, y3, tourLoss}, {x3, y3, nil}, {x2, y2, nil}} {
		m, err := learn.Bayes{Loss: c.loss}.Fit(c.x, c.y)
		if err != nil {
			t.Fatal(err)
		}
		w, k := around(c.x), len(m.Classes)
		risk, err := bayesMargins(w, k, m.Risk, -1)
		if err != nil {
			t.Fatal(err)
		}
		post, err := bayesMargins(w, k, m.PredictProba, 1)
		if err != nil {
			t.Fatal(err)
		}
		var nodes *matrix.Dense
		evalGrid(w, 60, func(pts *matrix.Dense) ([]float64, error) { nodes = pts; return nil, nil })
		pred, err := m.Predict(nodes)
		if err != nil {
			t.Fatal(err)
		}
		q, err := m.PredictProba(nodes)
		if err != nil {
			t.Fatal(err)
		}
		r, err := m.Risk(nodes)
		if err != nil {
			t.Fatal(err)
		}
		first := func(ms []*sampled, n int) int {
			for j, h := range ms {
				if h.vals[n] >= 0 {
					return j
				}
			}
			return -1
		}
		wrong := 0
		for n := range pred {
			if first(risk, n) != classIndex(m.Classes, pred[n]) {
				wrong++
			}
			if j := first(post, n); j < 0 || q.At(n, j) != slices.Max(q.Row(n)) {
				wrong++
			}
			if k == 2 && risk[0].vals[n] != r.At(n, 1)-r.At(n, 0) {
				wrong++
			}
		}
		if wrong > 0 {
			t.Errorf("%d classes, loss %v: %d of %d nodes decided otherwise by the margins", k, c.loss != nil, wrong, len(pred))
		}
	}
}
