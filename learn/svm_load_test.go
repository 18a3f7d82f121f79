package learn

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"mlnotes/matrix"
)

// savedJSON returns the envelope of a saved model as generic JSON.
func savedJSON(t *testing.T, m svmSaved) map[string]any {
	t.Helper()
	var buf bytes.Buffer
	if err := m.Save(&buf); err != nil {
		t.Fatal(err)
	}
	var env map[string]any
	if err := json.Unmarshal(buf.Bytes(), &env); err != nil {
		t.Fatal(err)
	}
	return env
}

func encodeJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestLoadSVMRefusesInconsistentFiles: LoadSVM refuses, with ErrFormat, a
// file whose parts do not fit together (issue 13, item 23): an ε-SVR with
// classes or probabilities, a negative or repeated support index, a
// non-finite sigmoid, and anything after the envelope.
func TestLoadSVMRefusesInconsistentFiles(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {1, 1}, {0, 1}, {1, 0}, {2, 2}, {2, 0}})
	cls, err := SVM{Kernel: Gaussian(1)}.Fit(x, []int{0, 0, 1, 1, 0, 1})
	if err != nil {
		t.Fatal(err)
	}
	reg, err := SVM{Type: EpsSVR, Kernel: Gaussian(2)}.FitRegression(x, []float64{0, 1, 2, 3, 4, 5})
	if err != nil {
		t.Fatal(err)
	}
	edit := func(m svmSaved, f func(model map[string]any)) []byte {
		env := savedJSON(t, m)
		f(env["model"].(map[string]any))
		return encodeJSON(t, env)
	}
	machine0 := func(model map[string]any) map[string]any {
		return model["Machines"].([]any)[0].(map[string]any)
	}
	good := encodeJSON(t, savedJSON(t, cls))
	cases := map[string][]byte{
		"eps-svr with classes": edit(reg, func(m map[string]any) { m["Classes"] = []int{0, 1} }),
		"eps-svr with probabilities": edit(reg, func(m map[string]any) {
			m["Probability"] = true
		}),
		"negative support index": edit(cls, func(m map[string]any) {
			machine0(m)["Support"].([]any)[0] = -3
		}),
		"repeated support index": edit(cls, func(m map[string]any) {
			s := machine0(m)["Support"].([]any)
			s[1] = s[0]
		}),
		"support indices for other coefficients": edit(cls, func(m map[string]any) {
			s := machine0(m)["Support"].([]any)
			machine0(m)["Support"] = s[1:]
		}),
		"trailing JSON":      append(append([]byte{}, good...), []byte(` {"format":"mlnotes/svm"}`)...),
		"trailing garbage":   append(append([]byte{}, good...), []byte(`x`)...),
		"two models":         append(append([]byte{}, good...), good...),
		"null model":         []byte(`{"format":"mlnotes/svm","version":1,"model":null}`),
		"missing model":      []byte(`{"format":"mlnotes/svm","version":1}`),
		"another model kind": bytes.Replace(good, []byte("mlnotes/svm"), []byte("mlnotes/pca"), 1),
	}
	for name, data := range cases {
		t.Run(name, func(t *testing.T) {
			if _, err := loadSVMEither(bytes.NewReader(data)); !errors.Is(err, ErrFormat) {
				t.Errorf("err = %v, want ErrFormat", err)
			}
		})
	}
	// White space after the envelope is fine.
	if _, err := LoadSVMClassifier(strings.NewReader(string(good) + "\n\n  \t\n")); err != nil {
		t.Errorf("trailing white space: %v", err)
	}
}

// TestNonFiniteDecisionsHaveNoClass: rows whose decision values overflow
// (entries near 1e308, a loaded model of degree 100000 or with support
// vectors at 1e308) are refused by Predict, PredictProba, Decision and
// DecisionFunction with ErrNotFinite, and never given a class (issue 13,
// item 22; issue 25, item 3).
func TestNonFiniteDecisionsHaveNoClass(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {1, 1}, {0, 1}, {1, 0}, {2, 2}, {2, 0}})
	y := []int{0, 0, 1, 1, 0, 1}
	huge, _ := matrix.NewFromRows([][]float64{{0.5, 0.5}, {1e308, -1e308}, {1, 0}})
	lin, err := SVM{Probability: true}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	poly, err := SVM{Kernel: Polynomial(3)}.Fit(x, []int{0, 1, 2, 0, 1, 2})
	if err != nil {
		t.Fatal(err)
	}
	svr, err := SVM{Type: EpsSVR}.FitRegression(x, []float64{0, 1, 2, 3, 4, 5})
	if err != nil {
		t.Fatal(err)
	}
	deg := SVMClassifierModel{Type: CSVC, Kernel: Polynomial(100000), Classes: []int{0, 1}, Features: 2,
		Machines: []*BinarySVM{{Positive: 0, Negative: 1, Support: []int{0}, SupportVectors: matrix.Identity(2).Slice(0, 1, 0, 2), Coef: []float64{1}}}}
	var buf bytes.Buffer
	if err := deg.Save(&buf); err != nil {
		t.Fatal(err)
	}
	loaded, err := LoadSVMClassifier(&buf)
	if err != nil {
		t.Fatal(err)
	}
	far := *lin
	farMach := *lin.Machines[0]
	farMach.SupportVectors = matrix.Scale(1e308, farMach.SupportVectors)
	far.Machines = []*BinarySVM{&farMach}
	two, _ := matrix.NewFromRows([][]float64{{3, 3}, {2, 1}})
	cases := map[string]func() error{
		"linear, row at 1e308":          func() error { _, err := lin.Predict(huge); return err },
		"linear, row at 1e308, Predict": func() error { _, err := lin.Predict(huge); return err },
		"linear, row at 1e308, proba":   func() error { _, err := lin.PredictProba(huge); return err },
		"cubic, three classes":          func() error { _, err := poly.Predict(huge); return err },
		"regression":                    func() error { _, err := svr.Predict(huge); return err },
		"loaded model of degree 100000": func() error { _, err := loaded.Predict(two); return err },
		"support vectors at 1e308":      func() error { _, err := far.Predict(two); return err },
		"DecisionFunction, cubic":       func() error { _, err := poly.DecisionFunction(huge); return err },
		"Decision, linear":              func() error { _, err := lin.Decision(huge); return err },
		"Decision, regression":          func() error { _, err := svr.Decision(huge); return err },
	}
	for name, f := range cases {
		t.Run(name, func(t *testing.T) {
			err := f()
			if !errors.Is(err, matrix.ErrNotFinite) {
				t.Fatalf("err = %v, want ErrNotFinite", err)
			}
			if !strings.Contains(err.Error(), "row") {
				t.Errorf("%v: does not name the row", err)
			}
		})
	}
	// The finite rows alone still get their classes.
	ok, _ := matrix.NewFromRows([][]float64{{0.5, 0.5}, {1, 0}})
	if _, err := lin.Predict(ok); err != nil {
		t.Error(err)
	}
}
