package learn

import (
	"encoding/json"
	"errors"

	"os"
	"path/filepath"
	"testing"

	"mlnotes/matrix"
)

// TestLoadSavedBeforeSplit: model files written by the code before the
// classifier/regressor split (testdata/saved, README there) load into the
// type of their task, the other task's loader refuses them with ErrFormat,
// and the loaded models predict what the old models predicted, bit for bit.
func TestLoadSavedBeforeSplit(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {1, 0.2}, {0.1, 1}, {2, 2.1}, {2.2, 1.8}, {1.9, 2.3}, {4, 0.1}, {4.2, 0.3}, {3.8, -0.2}})
	raw, err := os.ReadFile(filepath.Join("testdata", "saved", "predictions.json"))
	if err != nil {
		t.Fatal(err)
	}
	var want map[string][]float64
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	open := func(name string) *os.File {
		f, err := os.Open(filepath.Join("testdata", "saved", name))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	same := func(name string) func(got []float64, err error) {
		return func(got []float64, err error) {
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			w := want[name]
			if len(got) != len(w) {
				t.Fatalf("%s: %d predictions, want %d", name, len(got), len(w))
			}
			scale := max(maxAbs(w), savedTermsScale(t, name, x))
			for i := range w {
				if !goldenClose(got[i], w[i], x.Rows()+x.Cols(), scale) {
					t.Errorf("%s: row %d predicts %v, the old model %v", name, i, got[i], w[i])
				}
			}
		}
	}
	labels := func(p []int, err error) ([]float64, error) {
		out := make([]float64, len(p))
		for i, c := range p {
			out[i] = float64(c)
		}
		return out, err
	}
	refused := func(name string, err error) {
		t.Helper()
		if !errors.Is(err, ErrFormat) {
			t.Errorf("%s through the other task's loader: err = %v, want ErrFormat", name, err)
		}
	}
	for _, name := range []string{"svm_c2.json", "svm_nu3_proba.json"} {
		m, err := LoadSVMClassifier(open(name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		same(name)(labels(m.Predict(x)))
		_, err = LoadSVMRegressor(open(name))
		refused(name, err)
	}
	if m, err := LoadSVMClassifier(open("svm_nu3_proba.json")); err != nil || !m.Probability {
		t.Errorf("svm_nu3_proba.json: probabilities lost (%v)", err)
	} else if _, err := m.PredictProba(x); err != nil {
		t.Error(err)
	}
	svr, err := LoadSVMRegressor(open("svm_epssvr.json"))
	if err != nil {
		t.Fatal(err)
	}
	same("svm_epssvr.json")(svr.Predict(x))
	_, err = LoadSVMClassifier(open("svm_epssvr.json"))
	refused("svm_epssvr.json", err)

	tc, err := LoadTreeClassifier(open("tree_class.json"))
	if err != nil {
		t.Fatal(err)
	}
	same("tree_class.json")(labels(tc.Predict(x)))
	_, err = LoadTreeRegressor(open("tree_class.json"))
	refused("tree_class.json", err)
	tr, err := LoadTreeRegressor(open("tree_reg.json"))
	if err != nil {
		t.Fatal(err)
	}
	same("tree_reg.json")(tr.Predict(x))
	_, err = LoadTreeClassifier(open("tree_reg.json"))
	refused("tree_reg.json", err)

	// The ensembles hold trees of the old layout too.
	if _, err := LoadForest(open("forest_class.json")); err != nil {
		t.Error(err)
	}
	if _, err := LoadForestRegressor(open("forest_reg.json")); err != nil {
		t.Error(err)
	}
	if _, err := LoadAdaBoost(open("adaboost_tree.json")); err != nil {
		t.Error(err)
	}
}
