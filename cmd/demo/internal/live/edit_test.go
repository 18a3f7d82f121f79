package live

import (
	"bytes"
	"maps"
	"strings"
	"testing"

	"mlnotes/cmd/demo/internal/toydata"
	"mlnotes/matrix"
)

func moonsFiles(t *testing.T) map[string]string {
	t.Helper()
	x, y := toydata.Moons(100, 0.15, 1)
	return toyFiles(t, "moons", x, y)
}

// toyFiles returns the site's file of the data set name holding x and y.
func toyFiles(t *testing.T, name string, x *matrix.Dense, y []int) map[string]string {
	t.Helper()
	var b bytes.Buffer
	if err := toydata.WriteCSV(&b, x, y); err != nil {
		t.Fatal(err)
	}
	return map[string]string{dataPath(name): b.String()}
}

// The edited file is the shipped one with the moved rows changed and the
// added rows appended; the page fits that file's data, the command reads
// it, and the parameters come back in their normal form.
func TestEditedDataIsTheDownloadedFile(t *testing.T) {
	files := moonsFiles(t)
	r, err := Run("svm", map[string]string{"data": "moons", "add": "0.5:0.250:1,-0.5:0.1:0", "move": "3:1.25:0.5"}, files)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Files) != 1 || r.Files[0].Name != "moons-edited.csv" {
		t.Fatalf("files %v, want moons-edited.csv", r.Files)
	}
	rows := strings.Split(strings.TrimSpace(r.Files[0].Text), "\n")
	shipped := strings.Split(strings.TrimSpace(files[dataPath("moons")]), "\n")
	if len(rows) != len(shipped)+2 || rows[len(rows)-2] != "0.5,0.25,1" || rows[len(rows)-1] != "-0.5,0.1,0" {
		t.Errorf("%d rows ending %q, want %d ending 0.5,0.25,1 and -0.5,0.1,0", len(rows), rows[len(rows)-2:], len(shipped)+2)
	}
	if !strings.HasPrefix(rows[4], "1.25,0.5,") || rows[5] != shipped[5] {
		t.Errorf("row 3 %q, want it moved to 1.25,0.5; row 4 %q, want %q", rows[4], rows[5], shipped[5])
	}
	cmd, _ := r.Result.values[0].(string)
	if !strings.HasSuffix(cmd, "-test moons-edited.csv -json moons-edited.csv") {
		t.Errorf("command %q does not read the edited file", cmd)
	}
	if r.Params["add"] != "0.5:0.25:1,-0.5:0.1:0" || r.Params["move"] != "3:1.25:0.5" {
		t.Errorf("params add=%q move=%q", r.Params["add"], r.Params["move"])
	}
	pk := r.Pick
	if pk == nil || pk.Base != 200 || len(pk.Points) != 202 || pk.Points[201] != [3]float64{-0.5, 0.1, 0} || len(pk.Classes) != 2 {
		t.Fatalf("pick %+v", pk)
	}
	if !(pk.Area[0] < pk.Area[2] && pk.Area[1] < pk.Area[3] && pk.Window[0] < 0.5 && pk.Window[1] > 0.5) {
		t.Errorf("pick area %v window %v", pk.Area, pk.Window)
	}
}

// Bad lists of points are refused with a message naming the problem.
func TestEditedDataRefusesBadPoints(t *testing.T) {
	files := moonsFiles(t)
	for _, c := range []struct{ add, move, want string }{
		{"9:9:1", "", "outside the plot"},
		{"0.5:0.25", "", "not x1:x2:class"},
		{"0.5:0.25:7", "", "classes [0 1]"},
		{"a:0.25:1", "", "not a pair of numbers"},
		{"", "200:0:0", "not a row of moons"},
		{"", "1:0:0,1:0.1:0", "moved twice"},
		{strings.Repeat("0:0:0,", maxAdded) + "0:0:0", "", "at most"},
	} {
		q := map[string]string{"data": "moons"}
		if c.add != "" {
			q["add"] = c.add
		}
		if c.move != "" {
			q["move"] = c.move
		}
		for _, topic := range []string{"svm", "nn", "generative", "logistic", "assess"} {
			if _, err := Run(topic, q, files); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s add=%q move=%q: err = %v, want one saying %q", topic, c.add, c.move, err, c.want)
			}
		}
	}
}

// On the logistic and assessment pages every command of the state reads
// the edited file (logistic's descents under also included), the first
// figure takes clicks, and the bias–variance view, which draws no data
// set, refuses points.
func TestPointsOnLogisticAndAssess(t *testing.T) {
	files := moonsFiles(t)
	edits := map[string]string{"data": "moons", "add": "0.5:0.25:1", "move": "0:0.1:0.2"}
	for _, c := range []struct {
		topic string
		query map[string]string
	}{
		{"logistic", map[string]string{"step": "5"}},
		{"assess", map[string]string{"B": "10", "step": "4"}},
		{"assess", map[string]string{"method": "cv", "k": "4"}},
		{"assess", map[string]string{"method": "holdout", "learner": "knn"}},
	} {
		q := maps.Clone(edits)
		maps.Copy(q, c.query)
		r, err := Run(c.topic, q, files)
		if err != nil {
			t.Errorf("%s %v: %v", c.topic, c.query, err)
			continue
		}
		if len(r.Files) != 1 || r.Files[0].Name != "moons-edited.csv" || r.Pick == nil || len(r.Pick.Points) != 201 || r.Pick.Base != 200 {
			t.Errorf("%s %v: files %v, pick %v; want moons-edited.csv and 201 points", c.topic, c.query, r.Files, r.Pick)
		}
		for _, cmd := range commandsOf(r.Result) {
			if !strings.HasSuffix(cmd, " moons-edited.csv") {
				t.Errorf("%s %v: command %q does not read the edited file", c.topic, c.query, cmd)
			}
		}
		if r.Params["add"] != "0.5:0.25:1" || r.Params["move"] != "0:0.1:0.2" {
			t.Errorf("%s %v: params add=%q move=%q", c.topic, c.query, r.Params["add"], r.Params["move"])
		}
	}
	for _, k := range []string{"add", "move"} {
		q := map[string]string{"method": "biasvar", k: edits[k]}
		if _, err := Run("assess", q, files); err == nil || !strings.Contains(err.Error(), k+" does not apply to method=biasvar") {
			t.Errorf("biasvar with %s: err = %v", k, err)
		}
	}
}

// commandsOf lists the command of a result block and those under also.
func commandsOf(f *Fields) []string {
	var out []string
	for i, n := range f.names {
		switch n {
		case "command":
			out = append(out, f.values[i].(string))
		case "also":
			for _, a := range f.values[i].([]*Fields) {
				out = append(out, commandsOf(a)...)
			}
		}
	}
	return out
}
