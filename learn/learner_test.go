package learn

import (
	"slices"
	"testing"

	"mlnotes/matrix"
)

// Compile-time checks: every configuration is a trainer as it stands, and
// every fitted model satisfies the interface of its task.
var (
	_ ClassifierTrainer       = FisherLDA{}
	_ ClassifierTrainer       = SVM{}
	_ RegressorTrainer        = SVM{Type: EpsSVR}
	_ DecisionClassifier      = (*SVMClassifierModel)(nil)
	_ ProbabilisticClassifier = (*SVMClassifierModel)(nil)
	_ Regressor               = (*SVMRegressorModel)(nil)
	_ ProbabilisticClassifier = (*TreeClassifierModel)(nil)
	_ Regressor               = (*TreeRegressorModel)(nil)
)

func TestTrainersAgreeWithConcreteFit(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {0, 1}, {1, 0}, {3, 3}, {3, 4}, {4, 3}})
	y := []int{5, 5, 5, 9, 9, 9}
	for name, tr := range map[string]ClassifierTrainer{
		"fisher": FisherLDA{},
		"svm":    SVM{Kernel: Linear()},
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
	if m, err := (FisherLDA{}).FitClassifier(x, y[:3]); err == nil || m != nil {
		t.Error("a label count that differs from n must be an error and a nil Classifier through the trainer too")
	}
}
