package learn

import (
	"bytes"
	"errors"
	"testing"

	"mlnotes/matrix"
)

// FuzzLoadEnsembles: whatever the bytes, LoadTreeClassifier,
// LoadTreeRegressor, LoadForest,
// LoadForestRegressor, LoadAdaBoost and LoadKNN return a model or an error wrapping ErrFormat,
// and a model they return predicts without panicking.
func FuzzLoadEnsembles(f *testing.F) {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {1, 1}, {0, 1}, {1, 0}, {2, 2}, {2, 0}})
	y := []int{0, 0, 1, 1, 0, 1}
	add := func(save func(b *bytes.Buffer) error) {
		var buf bytes.Buffer
		if err := save(&buf); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
	tree, _ := DecisionTree{}.Fit(x, y)
	reg, _ := DecisionTree{MaxDepth: 2}.FitRegression(x, []float64{1, 2, 3, 4, 5, 6})
	forest, _ := RandomForest{Trees: 3, Seed: 1}.Fit(x, y)
	boost, _ := AdaBoost{Rounds: 3}.Fit(x, y)
	knn, _ := KNN{K: 2}.Fit(x, y)
	rforest, _ := RandomForest{Trees: 2, Seed: 1}.FitRegression(x, []float64{1, 2, 3, 4, 5, 6})
	add(func(b *bytes.Buffer) error { return tree.Save(b) })
	add(func(b *bytes.Buffer) error { return reg.Save(b) })
	add(func(b *bytes.Buffer) error { return forest.Save(b) })
	add(func(b *bytes.Buffer) error { return boost.Save(b) })
	add(func(b *bytes.Buffer) error { return knn.Save(b) })
	add(func(b *bytes.Buffer) error { return rforest.Save(b) })
	f.Add([]byte(`{"format":"mlnotes/tree","version":1,"model":{"features":1,"nodes":[{"feature":0,"threshold":0,"left":0,"right":0,"value":[1]}],"importances":[0]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		q := func(d int) *matrix.Dense { return matrix.New(2, max(1, min(d, 64))) }
		check := func(err error) bool {
			if err != nil && !errors.Is(err, ErrFormat) {
				t.Fatalf("error %v does not wrap ErrFormat", err)
			}
			return err == nil
		}
		if m, err := LoadTreeClassifier(bytes.NewReader(data)); check(err) {
			m.Predict(q(m.Features))
			m.PredictProba(q(m.Features))
		}
		if m, err := LoadTreeRegressor(bytes.NewReader(data)); check(err) {
			m.Predict(q(m.Features))
		}
		if m, err := LoadForest(bytes.NewReader(data)); check(err) {
			m.Predict(q(m.Features))
			m.PredictProba(q(m.Features))
		}
		if m, err := LoadForestRegressor(bytes.NewReader(data)); check(err) {
			m.Predict(q(m.Features))
		}
		if m, err := LoadAdaBoost(bytes.NewReader(data)); check(err) {
			m.Predict(q(m.Features))
		}
		if m, err := LoadKNN(bytes.NewReader(data)); check(err) {
			m.Predict(q(m.X.Cols()))
		}
	})
}
