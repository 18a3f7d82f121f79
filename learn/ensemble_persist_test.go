package learn

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestEnsemblePersistence: the stump, bagging and Boost3 files round-trip
// (the common checks test every learner's; here a Boost3 with constant
// members and mixed member kinds), a member without Save cannot be saved,
// and corrupt files are ErrFormat.
func TestEnsemblePersistence(t *testing.T) {
	x, y, r := contractData(30, 3)
	st, err := Stump{}.FitClassifier(x, y)
	if err != nil {
		t.Fatal(err)
	}
	b3 := &Boost3Model{H1: constClassifier(7), H2: st, H3: constClassifier(-3), D1: []int{0, 1}, D2: []int{2}, D3: nil, H1OnD2: 0.5}
	var buf bytes.Buffer
	if err := b3.Save(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := LoadBoost3(&buf)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := b3.Predict(x)
	have, err := got.Predict(x)
	if err != nil || !slices.Equal(want, have) || got.H1 != constClassifier(7) {
		t.Errorf("boost3 with constant members: %v %v, want %v", have, err, want)
	}

	poly, err := Bagging{Base: VandermondeFit(1), B: 2}.FitRegressor(x.Slice(0, 30, 0, 1).Clone(), r)
	if err != nil {
		t.Fatal(err)
	}
	if err := poly.(*BaggingRegressorModel).Save(&bytes.Buffer{}); !errors.Is(err, ErrInvalidParameter) || !strings.Contains(err.Error(), "model 0") {
		t.Errorf("a member without Save: %v", err)
	}

	bag, err := Bagging{Base: Stump{}, B: 2}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	if err := bag.Save(&buf); err != nil {
		t.Fatal(err)
	}
	saved := buf.String()
	buf.Reset()
	if err := st.(*StumpModel).Save(&buf); err != nil {
		t.Fatal(err)
	}
	stump := buf.String()
	for name, c := range map[string]struct {
		s    string
		load func(string) error
	}{
		"bagging: unknown member format": {strings.Replace(saved, "mlnotes/stump", "mlnotes/pca", 1), loadBagC},
		"bagging: a regressor member":    {strings.Replace(saved, "mlnotes/stump", "mlnotes/ridge", 1), loadBagC},
		"bagging: no models":             {strings.Replace(saved, `"models": [`, `"models": [], "x": [`, 1), loadBagC},
		"bagging-regressor file":         {saved, loadBagR},
		"stump: feature out of range":    {strings.Replace(stump, `"features": 3`, `"features": 0`, 1), loadStump},
		"boost3: empty member":           {`{"format": "mlnotes/boost3", "version": 1, "model": {"members": [{}, {}, {}]}}`, loadB3},
		"boost3: member and constant":    {`{"format": "mlnotes/boost3", "version": 1, "model": {"members": [{"constant": 1, "model": {}}, {"constant": 1}, {"constant": 1}]}}`, loadB3},
	} {
		if err := c.load(c.s); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v, want ErrFormat", name, err)
		}
	}
}

func loadBagC(s string) error  { _, err := LoadBaggingClassifier(strings.NewReader(s)); return err }
func loadBagR(s string) error  { _, err := LoadBaggingRegressor(strings.NewReader(s)); return err }
func loadStump(s string) error { _, err := LoadStump(strings.NewReader(s)); return err }
func loadB3(s string) error    { _, err := LoadBoost3(strings.NewReader(s)); return err }
