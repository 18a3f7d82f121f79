package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestSVMDecisionSign checks the sign of two-class decision values in the
// outputs (docs/cli.md, svm): `demo svm`'s decision field and `demo
// predict`'s decision column are positive for the larger label, as
// scikit-learn's decision_function, for labels 0/1 (the machine trains 0
// as +1) and ±1 (it trains +1 as +1) alike.
func TestSVMDecisionSign(t *testing.T) {
	for _, labels := range [][2]int{{0, 1}, {-1, 1}} {
		var b strings.Builder
		b.WriteString("a,b,label\n")
		var y []int
		for i := range 20 {
			c := i % 2
			fmt.Fprintf(&b, "%v,%v,%d\n", 6*float64(c)-3+0.1*float64(i%5), 0.2*float64(i%7), labels[c])
			y = append(y, labels[c])
		}
		train := writeCSV(t, fmt.Sprintf("sign%d.csv", labels[0]), b.String())
		model := filepath.Join(t.TempDir(), "m.json")
		got := svmJSON(t, "-type", "c", "-kernel", "linear", "-target", "label", "-save", model, train)
		dec, ok := got["decision"].([]any)
		if !ok || len(dec) != len(y) {
			t.Fatalf("%v: decision field %v", labels, got["decision"])
		}
		out, _ := mustRun(t, "predict", "-model", model, "-json", train)
		var pr struct {
			Predictions []int
			Decision    [][]float64
		}
		if err := json.Unmarshal([]byte(out), &pr); err != nil {
			t.Fatal(err)
		}
		if len(pr.Decision) != len(y) || len(pr.Predictions) != len(y) {
			t.Fatalf("%v: predict gave %d decision rows, %d predictions", labels, len(pr.Decision), len(pr.Predictions))
		}
		for i, c := range y {
			fit, pred := dec[i].(float64), pr.Decision[i][0]
			if (c == labels[1]) != (fit > 0) || (c == labels[1]) != (pred > 0) || pr.Predictions[i] != c {
				t.Fatalf("%v: row %d of class %d: decision %v (svm), %v (predict), prediction %d; want positive for %d",
					labels, i, c, fit, pred, pr.Predictions[i], labels[1])
			}
		}
	}
}
