package learn

import (
	"fmt"
	"io"
	"slices"
)

// Save writes the classifier (its training set) under "mlnotes/knn".
func (m *KNNModel) Save(w io.Writer) error { return saveModel(w, "knn", m) }

// LoadKNN reads a classifier written by Save; every error wraps ErrFormat.
func LoadKNN(r io.Reader) (*KNNModel, error) {
	var m KNNModel
	if err := loadModel(r, "knn", &m); err != nil {
		return nil, err
	}
	if m.X == nil || m.X.Rows() == 0 || m.X.Cols() == 0 || m.X.CheckFinite() != nil || len(m.Y) != m.X.Rows() || m.K < 1 || m.K > len(m.Y) ||
		!slices.Equal(m.Classes, sortedLabels(m.Y)) {
		return nil, fmt.Errorf("learn: load knn: %w: inconsistent training set, labels or k", ErrFormat)
	}
	return &m, nil
}

// Save writes the regressor under "mlnotes/knn-regressor".
func (m *KNNRegressorModel) Save(w io.Writer) error { return saveModel(w, "knn-regressor", m) }

// LoadKNNRegressor reads a regressor written by Save.
func LoadKNNRegressor(r io.Reader) (*KNNRegressorModel, error) {
	var m KNNRegressorModel
	if err := loadModel(r, "knn-regressor", &m); err != nil {
		return nil, err
	}
	if m.X == nil || m.X.Rows() == 0 || m.X.Cols() == 0 || m.X.CheckFinite() != nil || len(m.Y) != m.X.Rows() || m.K < 1 || m.K > len(m.Y) {
		return nil, fmt.Errorf("learn: load knn regressor: %w: inconsistent training set or k", ErrFormat)
	}
	for _, v := range m.Y {
		if !isFiniteValue(v) {
			return nil, fmt.Errorf("learn: load knn regressor: %w: target %g", ErrFormat, v)
		}
	}
	return &m, nil
}
