package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPredictDropNAKeepsRows: with -drop-na, a dropped row keeps its line
// in predict's text output and -out file (NA) and its item in -json
// (null), and stderr names the dropped lines.
func TestPredictDropNAKeepsRows(t *testing.T) {
	train := writeCSV(t, "t.csv", "a,b,y\n0,0,no\n0.2,0.1,no\n0.1,0.3,no\n2,2,yes\n2.2,1.9,yes\n1.8,2.1,yes\n")
	model := filepath.Join(t.TempDir(), "m.json")
	mustRun(t, "logreg", "-lambda", "0.01", "-save", model, train)
	data := writeCSV(t, "d.csv", "a,b\n0,0\nNA,1\n2,2\n,\n0.1,0.2\n")

	out, errOut := mustRun(t, "predict", "-drop-na", "-model", model, data)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := []string{"prediction", "no", "NA", "yes", "NA", "no"}
	if len(lines) != len(want) {
		t.Fatalf("text: %d lines, want %d:\n%s", len(lines), len(want), out)
	}
	for i := range want {
		if strings.TrimSpace(lines[i]) != want[i] {
			t.Errorf("text line %d: %q, want %q", i, lines[i], want[i])
		}
	}
	if !strings.Contains(errOut, "dropped 2 of 5 rows") || !strings.Contains(errOut, "lines 3 and 5") {
		t.Errorf("stderr: %q", errOut)
	}

	obj := jsonOf(t, first(mustRun(t, "predict", "-json", "-proba", "-drop-na", "-model", model, data)))
	preds, proba := as[[]any](t, obj["predictions"]), as[[]any](t, obj["proba"])
	if len(preds) != 5 || preds[1] != nil || preds[3] != nil || preds[2] != "yes" || len(proba) != 5 || proba[1] != nil || proba[0] == nil {
		t.Errorf("-json: predictions %v, proba %v", preds, proba)
	}

	csvPath := filepath.Join(t.TempDir(), "p.csv")
	mustRun(t, "predict", "-drop-na", "-proba", "-model", model, "-out", csvPath, data)
	b, err := os.ReadFile(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(rows) != 6 || rows[2] != "NA,NA,NA" || rows[4] != "NA,NA,NA" || !strings.HasPrefix(rows[3], "yes,") {
		t.Errorf("-out:\n%s", b)
	}

	// Many dropped rows: the first five lines and a count.
	var many strings.Builder
	many.WriteString("a,b\n")
	for range 8 {
		many.WriteString("NA,1\n")
	}
	many.WriteString("0,0\n")
	_, errOut = mustRun(t, "predict", "-drop-na", "-model", model, writeCSV(t, "m.csv", many.String()))
	if !strings.Contains(errOut, "lines 2, 3, 4, 5, 6 and 3 more") {
		t.Errorf("stderr: %q", errOut)
	}
}
