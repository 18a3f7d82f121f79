package learn

import (
	"bytes"
	"errors"
	"math"
	"testing"

	"mlnotes/matrix"
)

// FuzzLoadSVM: whatever the bytes, LoadSVMClassifier and LoadSVMRegressor return a model or an error
// wrapping ErrFormat, and a model it returns predicts without panicking.
func FuzzLoadSVM(f *testing.F) {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {1, 1}, {0, 1}, {1, 0}, {2, 2}, {2, 0}})
	seeds := []func() (svmSaved, error){
		func() (svmSaved, error) { return SVM{Kernel: Gaussian(1)}.Fit(x, []int{0, 0, 1, 1, 0, 1}) },
		func() (svmSaved, error) { return SVM{Kernel: Polynomial(2)}.Fit(x, []int{0, 1, 2, 0, 1, 2}) },
		func() (svmSaved, error) {
			return SVM{Type: NuSVC, Kernel: Gaussian(1)}.Fit(x, []int{-1, -1, 1, 1, -1, 1})
		},
		func() (svmSaved, error) {
			return SVM{Type: EpsSVR, Kernel: Gaussian(2)}.FitRegression(x, []float64{0, 1, 2, 3, 4, 5})
		},
		func() (svmSaved, error) {
			return SVM{Kernel: Gaussian(1), Probability: true}.Fit(x, []int{0, 1, 2, 0, 1, 2})
		},
	}
	for _, fit := range seeds {
		m, err := fit()
		if err != nil {
			f.Fatal(err)
		}
		var buf bytes.Buffer
		if err := m.Save(&buf); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
	f.Add([]byte(`{"format":"mlnotes/svm","version":1,"model":{"Type":"c","Classes":[],"Machines":[],"Features":2}}`))
	f.Add([]byte(`{"format":"mlnotes/svm","version":1,"model":{"Type":"c","Kernel":{"type":"linear"},"Classes":[1,2],"Machines":[{"Positive":1,"Negative":2,"SupportVectors":{"rows":0,"cols":0,"data":[]},"Coef":[],"Rho":0}],"Features":1}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ms, err := loadSVMEither(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, ErrFormat) {
				t.Fatalf("error %v does not wrap ErrFormat", err)
			}
			return
		}
		m := svmLayout(ms)
		if m.Features > 64 {
			return // a valid model of a width too large to query cheaply
		}
		// A loaded model predicts, or refuses rows whose decision values
		// overflow (a kernel of huge degree, huge coefficients).
		q := matrix.New(3, m.Features)
		if _, err := svmPredictReals(ms, q); err != nil && !errors.Is(err, matrix.ErrNotFinite) {
			t.Fatalf("a loaded model fails to predict: %v", err)
		}
		if m.Type == CSVC || m.Type == NuSVC {
			if _, err := m.Predict(q); err != nil && !errors.Is(err, matrix.ErrNotFinite) {
				t.Fatalf("a loaded classifier fails to classify: %v", err)
			}
			p, err := m.PredictProba(q)
			switch {
			case err == nil:
				for i := range q.Rows() {
					var sum float64
					for _, v := range p.Row(i) {
						if !(v >= 0 && v <= 1) {
							t.Fatalf("probability %v", v)
						}
						sum += v
					}
					if math.Abs(sum-1) > 1e-9 {
						t.Fatalf("probabilities sum to %v", sum)
					}
				}
			case !m.Probability && errors.Is(err, ErrNoProbabilities), errors.Is(err, matrix.ErrNotFinite):
			default:
				t.Fatalf("PredictProba: %v", err)
			}
		}
	})
}
