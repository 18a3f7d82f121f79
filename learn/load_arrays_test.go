package learn

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"mlnotes/matrix"
)

// mutateSaved saves m, applies edit to its JSON object's "model" member
// and returns the bytes.
func mutateSaved(t *testing.T, save func(*bytes.Buffer) error, edit func(map[string]any)) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := save(&buf); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	edit(doc["model"].(map[string]any))
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Model files whose arrays disagree (duplicate classes, a history or
// eigenvalues of the wrong length) are refused on loading, naming the
// field (issue 25, item 5).
func TestLoadInconsistentArrays(t *testing.T) {
	x, y := threeBlobs()
	drop := func(key string) func(map[string]any) {
		return func(m map[string]any) { a := m[key].([]any); m[key] = a[:len(a)-1] }
	}
	set := func(key string, v any) func(map[string]any) {
		return func(m map[string]any) { m[key] = v }
	}
	ada, err := AdaBoost{Rounds: 5}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	per, err := Perceptron{MaxIter: 7}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	adl, err := Adaline{MaxIter: 7}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	fis, err := FisherLDA{}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, want string
		save       func(*bytes.Buffer) error
		edit       func(map[string]any)
		load       func([]byte) error
	}{
		{"adaboost duplicate classes", "classes", func(b *bytes.Buffer) error { return ada.Save(b) }, set("classes", []int{0, 0, 2}),
			func(b []byte) error { _, err := LoadAdaBoost(bytes.NewReader(b)); return err }},
		{"adaboost rounds", "rounds", func(b *bytes.Buffer) error { return ada.Save(b) }, drop("rounds"),
			func(b []byte) error { _, err := LoadAdaBoost(bytes.NewReader(b)); return err }},
		{"perceptron mistakes", "Mistakes", func(b *bytes.Buffer) error { return per.Save(b) }, drop("Mistakes"),
			func(b []byte) error { _, err := LoadPerceptron(bytes.NewReader(b)); return err }},
		{"perceptron epochs", "Mistakes", func(b *bytes.Buffer) error { return per.Save(b) }, set("Epochs", 2),
			func(b []byte) error { _, err := LoadPerceptron(bytes.NewReader(b)); return err }},
		{"adaline mse", "MSE", func(b *bytes.Buffer) error { return adl.Save(b) }, drop("MSE"),
			func(b []byte) error { _, err := LoadAdaline(bytes.NewReader(b)); return err }},
		{"fisher eigenvalues", "eigenvalues", func(b *bytes.Buffer) error { return fis.Save(b) }, set("Eigenvalues", []float64{3, 2, 1}),
			func(b []byte) error { _, err := LoadFisher(bytes.NewReader(b)); return err }},
		{"fisher duplicate classes", "classes", func(b *bytes.Buffer) error { return fis.Save(b) }, set("Classes", []int{0, 0, 2}),
			func(b []byte) error { _, err := LoadFisher(bytes.NewReader(b)); return err }},
	}
	for _, c := range cases {
		data := mutateSaved(t, c.save, c.edit)
		if err := c.load(data); !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v", c.name, err)
		}
		if _, err := Load(bytes.NewReader(data)); !errors.Is(err, ErrFormat) {
			t.Errorf("%s through Load: %v", c.name, err)
		}
	}
}

// threeBlobs is a small three-class training set.
func threeBlobs() (*matrix.Dense, []int) {
	x := matrix.New(12, 2)
	y := make([]int, 12)
	for i := range 12 {
		c := i % 3
		x.Set(i, 0, float64(c)*3+float64(i%2)*0.3)
		x.Set(i, 1, float64(c*c)-float64(i%4)*0.2)
		y[i] = c
	}
	return x, y
}
