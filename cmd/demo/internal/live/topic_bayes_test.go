package live

import (
	"strings"
	"testing"
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
		k, v, _ := strings.Cut(q, "=")
		if _, err := Run("generative", map[string]string{"method": "bayes", "data": "moons", k: v}, files); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v, want one saying %q", q, err, want)
		}
	}
	if _, err := Run("generative", map[string]string{"data": "moons", "priors": "equal"}, files); err == nil || !strings.Contains(err.Error(), "method=em") {
		t.Errorf("priors with EM: err = %v", err)
	}
}
