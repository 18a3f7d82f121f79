package learn

import (
	"bytes"
	"errors"
	"io"
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

// TestEnsembleOfPipelinesPersistence: bagging and Boost3 over pipelines
// save and load back, through their own loaders and through Load, with
// the same predictions to the bit (members are read by Load's loader, so
// any model file mlnotes writes is a member); models nested beyond
// maxNesting are refused.
func TestEnsembleOfPipelinesPersistence(t *testing.T) {
	x, y, r := contractData(40, 3)
	scaled := func(l any) Pipeline {
		return Pipeline{Steps: []TransformerTrainer{StandardScaler{}, PCA{Components: 2}}, Learner: l}
	}
	bagC, err := Bagging{Base: scaled(KNN{K: 3}), B: 3, Seed: 1}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	bagR, err := Bagging{Base: scaled(Ridge{Lambda: 1}), B: 3, Seed: 1}.FitRegression(x, r)
	if err != nil {
		t.Fatal(err)
	}
	b3, err := Boost3{Base: scaled(Stump{}), Seed: 1}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	for k, h := range []Classifier{b3.H1, b3.H2, b3.H3} {
		if _, ok := h.(*PipelineClassifierModel); !ok {
			t.Fatalf("h%d is a %T, not a pipeline", k+1, h)
		}
	}
	nested, err := Bagging{Base: Pipeline{Steps: []TransformerTrainer{MinMaxScaler{}}, Learner: Bagging{Base: scaled(Stump{}), B: 2}}, B: 2}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		m    saver
		load func(io.Reader) (any, error)
	}{
		{"bagged pipeline classifier", bagC, func(r io.Reader) (any, error) { return LoadBaggingClassifier(r) }},
		{"bagged pipeline regressor", bagR, func(r io.Reader) (any, error) { return LoadBaggingRegressor(r) }},
		{"boost3 over a pipeline", b3, func(r io.Reader) (any, error) { return LoadBoost3(r) }},
		{"bagging of a pipeline of bagging", nested, func(r io.Reader) (any, error) { return LoadBaggingClassifier(r) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := c.m.Save(&buf); err != nil {
				t.Fatal(err)
			}
			want := mustOutputs(t, c.m, x)
			for loader, load := range map[string]func(io.Reader) (any, error){"own": c.load, "Load": Load} {
				got, err := load(bytes.NewReader(buf.Bytes()))
				if err != nil {
					t.Fatalf("%s loader: %v", loader, err)
				}
				if !sameOutputs(want, mustOutputs(t, got, x)) {
					t.Errorf("%s loader: the loaded model predicts other values", loader)
				}
				var again bytes.Buffer
				if err := got.(saver).Save(&again); err != nil || !bytes.Equal(again.Bytes(), buf.Bytes()) {
					t.Errorf("%s loader: saves other bytes (%v)", loader, err)
				}
			}
		})
	}

	// A bagged classifier whose member is a regression pipeline, and a
	// file of bagging nested deeper than maxNesting: ErrFormat.
	var reg bytes.Buffer
	if err := bagR.Models[0].(saver).Save(&reg); err != nil {
		t.Fatal(err)
	}
	wrong := `{"format": "mlnotes/bagging-classifier", "version": 1, "model": {"classes": [0, 1], "models": [` + reg.String() + `]}}`
	if _, err := LoadBaggingClassifier(strings.NewReader(wrong)); !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "is not a classifier") {
		t.Errorf("a regression member: %v", err)
	}
	var st bytes.Buffer
	stump, _ := Stump{}.FitClassifier(x, y)
	stump.(saver).Save(&st)
	deep := st.String()
	for range maxNesting + 2 {
		deep = `{"format": "mlnotes/bagging-classifier", "version": 1, "model": {"classes": [0, 1, 2], "models": [` + deep + `]}}`
	}
	if _, err := Load(strings.NewReader(deep)); !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "nested deeper") {
		t.Errorf("nesting beyond %d: %v", maxNesting, err)
	}
}
