package learn

import (
	"bytes"
	"io"

	"mlnotes/matrix"
)

// svmSaved is what the tests that treat the two SVM models alike see of
// either (*SVMClassifierModel or *SVMRegressorModel).
type svmSaved interface{ Save(io.Writer) error }

// svmLayout returns either SVM model in the classifier's layout (the file
// layout, a regressor with no classes), for tests that read the machines.
func svmLayout(m svmSaved) *SVMClassifierModel {
	switch v := m.(type) {
	case *SVMClassifierModel:
		return v
	case *SVMRegressorModel:
		return &SVMClassifierModel{Type: v.Type, Kernel: v.Kernel, Machines: v.Machines, Features: v.Features}
	}
	panic("svmLayout: not an SVM model")
}

// svmPredictReals returns either model's predictions as reals (the labels
// of a classifier converted).
func svmPredictReals(m svmSaved, x *matrix.Dense) ([]float64, error) {
	if r, ok := m.(*SVMRegressorModel); ok {
		return r.Predict(x)
	}
	p, err := m.(*SVMClassifierModel).Predict(x)
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(p))
	for i, c := range p {
		out[i] = float64(c)
	}
	return out, nil
}

// loadSVMEither loads an SVM file of either task: the classifier's error
// when neither loader accepts it.
func loadSVMEither(r io.Reader) (svmSaved, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	c, err := LoadSVMClassifier(bytes.NewReader(data))
	if err == nil {
		return c, nil
	}
	if g, err2 := LoadSVMRegressor(bytes.NewReader(data)); err2 == nil {
		return g, nil
	}
	return nil, err
}

// svmDecision returns either model's decision values (the first machine's).
func svmDecision(m svmSaved, x *matrix.Dense) ([]float64, error) {
	if r, ok := m.(*SVMRegressorModel); ok {
		return r.Decision(x)
	}
	return m.(*SVMClassifierModel).Decision(x)
}
