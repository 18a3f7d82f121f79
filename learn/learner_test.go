package learn

import (
	"slices"
	"testing"

	"mlnotes/matrix"
)

// Compile-time checks: the existing learners fit the interface in one line.
var (
	_ ClassifierTrainer = Classify(FisherLDA{}.Fit)
	_ ClassifierTrainer = SVM{}.Classifier()
	_ RegressorTrainer  = SVM{Type: EpsSVR}.Regressor()
	_ Classifier        = SVMClassifier{}
	_ Regressor         = (*SVMModel)(nil)
)

func TestTrainersAgreeWithConcreteFit(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {0, 1}, {1, 0}, {3, 3}, {3, 4}, {4, 3}})
	y := []int{5, 5, 5, 9, 9, 9}
	for name, tr := range map[string]ClassifierTrainer{
		"fisher": Classify(FisherLDA{}.Fit),
		"svm":    SVM{Kernel: Linear()}.Classifier(),
	} {
		m, err := tr.FitClassifier(x, y)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := m.Predict(x)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !slices.Equal(got, y) {
			t.Errorf("%s: predictions %v, want %v", name, got, y)
		}
	}
	if _, err := Classify(FisherLDA{}.Fit).FitClassifier(x, y[:3]); err == nil {
		t.Error("a label count that differs from n must be an error through the adapter too")
	}
}
