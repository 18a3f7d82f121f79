package learn

import (
	"bytes"
	"errors"
	"testing"

	"mlnotes/matrix"
)

// TestNilInputs: a nil matrix, a nil fitted model, a nil reader or writer
// given to an exported function is an error, never a nil-pointer panic
// (issue 13, item 9). The nil matrix is caught once, by checkData and
// checkQuery, for every learner.
func TestNilInputs(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {1, 1}, {0, 1}, {1, 0}, {2, 2}, {3, 1}})
	y := []int{0, 0, 1, 1, 0, 1}
	svm, err := SVM{}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	fisher, err := FisherLDA{}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	var nilSVM *SVMClassifierModel
	var nilSVR *SVMRegressorModel
	var nilFisher *FisherModel
	var nilWhiten *WhitenModel
	var nilPCA *PCAModel
	cases := map[string]func() error{
		"PCA{}.Fit(nil)":                 func() error { _, err := PCA{}.Fit(nil); return err },
		"KernelPCA{}.Fit(nil)":           func() error { _, err := KernelPCA{}.Fit(nil); return err },
		"SpectralEmbedding{}.Fit(nil)":   func() error { _, err := SpectralEmbedding{}.Fit(nil); return err },
		"Whiten{}.Fit(nil)":              func() error { _, err := Whiten{}.Fit(nil); return err },
		"FisherLDA{}.Fit(nil)":           func() error { _, err := FisherLDA{}.Fit(nil, y); return err },
		"SVM.Fit(nil)":                   func() error { _, err := SVM{}.Fit(nil, y); return err },
		"SVM.FitRegression(nil)":         func() error { _, err := SVM{Type: EpsSVR}.FitRegression(nil, nil); return err },
		"svm.Predict(nil)":               func() error { _, err := svm.Predict(nil); return err },
		"svm.Decision(nil)":              func() error { _, err := svm.Decision(nil); return err },
		"svm.DecisionFunction(nil)":      func() error { _, err := svm.DecisionFunction(nil); return err },
		"fisher.Predict(nil)":            func() error { _, err := fisher.Predict(nil); return err },
		"fisher.Project(nil)":            func() error { _, err := fisher.Project(nil); return err },
		"nil SVM model Predict":          func() error { _, err := nilSVM.Predict(x); return err },
		"nil SVR model Predict":          func() error { _, err := nilSVR.Predict(x); return err },
		"nil SVR model Save":             func() error { return nilSVR.Save(&bytes.Buffer{}) },
		"nil SVM model PredictProba":     func() error { _, err := nilSVM.PredictProba(x); return err },
		"nil SVM model Decision":         func() error { _, err := nilSVM.Decision(x); return err },
		"nil SVM model DecisionFunction": func() error { _, err := nilSVM.DecisionFunction(x); return err },
		"nil SVM model PrimalW":          func() error { _, _, err := nilSVM.PrimalW(0); return err },
		"nil SVM model Save":             func() error { return nilSVM.Save(&bytes.Buffer{}) },
		"nil Fisher model Predict":       func() error { _, err := nilFisher.Predict(x); return err },
		"nil Fisher model CriterionAt":   func() error { _, err := nilFisher.CriterionAt(x, y, []float64{1, 0}); return err },
		"nil Whiten model Transform":     func() error { _, err := nilWhiten.Transform(x); return err },
		"nil PCA model Transform":        func() error { _, err := nilPCA.Transform(x); return err },
		"nil PCA model TransformError":   func() error { _, _, err := nilPCA.TransformError(x); return err },
		"nil PCA model Reconstruction":   func() error { _, err := nilPCA.ReconstructionError(x); return err },
		"nil PCA model Reconstruct":      func() error { _, err := nilPCA.Reconstruct(x); return err },
		"svm.Save(nil)":                  func() error { return svm.Save(nil) },
		"LoadSVMClassifier(nil)":         func() error { _, err := LoadSVMClassifier(nil); return err },
		"LoadSVMRegressor(nil)":          func() error { _, err := LoadSVMRegressor(nil); return err },
		"LoadFisher(nil)":                func() error { _, err := LoadFisher(nil); return err },
		"LoadPCA(nil)":                   func() error { _, err := LoadPCA(nil); return err },
		"LoadKernelPCA(nil)":             func() error { _, err := LoadKernelPCA(nil); return err },
		"LoadWhiten(nil)":                func() error { _, err := LoadWhiten(nil); return err },
		"svm.PrimalW(7)":                 func() error { _, _, err := svm.PrimalW(7); return err },
		"GramMatrix(nil)":                func() error { _, err := GramMatrix(Linear(), nil); return err },
		"CrossGram(nil, x)":              func() error { _, err := CrossGram(Linear(), nil, x); return err },
		"CrossGram(x, nil)":              func() error { _, err := CrossGram(Linear(), x, nil); return err },
		"MercerCheck(nil)":               func() error { _, _, err := MercerCheck(Linear(), nil); return err },
	}
	for name, f := range cases {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("panic: %v", r)
				}
			}()
			err := f()
			if err == nil {
				t.Fatal("no error")
			}
			if !errors.Is(err, matrix.ErrEmpty) && !errors.Is(err, ErrInvalidParameter) {
				t.Errorf("%v: wraps neither matrix.ErrEmpty nor ErrInvalidParameter", err)
			}
		})
	}
}
