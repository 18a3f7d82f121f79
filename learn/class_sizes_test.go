package learn

import (
	"errors"
	"strings"
	"testing"

	"mlnotes/matrix"
)

// Labels that give every sample a class of its own are refused by the
// classifiers whose work grows with the classes; a repeated class is
// enough to pass.
func TestIdentifierLabelsRefused(t *testing.T) {
	x := matrix.New(30, 2)
	ids, classes := make([]int, 30), make([]int, 30)
	for i := range 30 {
		x.Set(i, 0, float64(i))
		x.Set(i, 1, float64(i%4))
		ids[i], classes[i] = 1000+i, i%3
	}
	if _, err := (SVM{}).Fit(x, ids); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("svm on identifiers: got %v", err)
	}
	if _, err := (LogisticRegression{}).Fit(x, ids); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("logistic regression on identifiers: got %v", err)
	}
	if err := CheckClassSizes("op", classes); err != nil {
		t.Errorf("three classes of ten: %v", err)
	}
	if err := CheckClassSizes("op", []int{4, 9}); err != nil {
		t.Errorf("two samples of two classes: %v", err)
	}
}

// The per-epoch history of a perceptron that never converges is bounded:
// its first epochs and its latest.
func TestPerceptronHistoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 70 000 epochs")
	}
	// XOR: not separable, so every epoch makes mistakes.
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {1, 1}, {0, 1}, {1, 0}})
	y := []int{0, 0, 1, 1}
	m, err := Perceptron{MaxIter: maxMistakeTrace + 5000}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if m.Converged || m.Epochs != maxMistakeTrace+5000 || len(m.Mistakes) != maxMistakeTrace {
		t.Errorf("converged %v, %d epochs, %d recorded; want %d epochs and %d recorded", m.Converged, m.Epochs, len(m.Mistakes), maxMistakeTrace+5000, maxMistakeTrace)
	}
	a, err := Adaline{MaxIter: maxMistakeTrace + 5000, Tol: 1e-300}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.MSE) > maxMistakeTrace {
		t.Errorf("adaline kept %d MSE values", len(a.MSE))
	}
}

// The learners whose size or work grows with the number of classes refuse
// identifier labels; k-NN, for which a point per class is meaningful,
// does not.
func TestIdentifierLabelsPerLearner(t *testing.T) {
	x := matrix.New(6, 2)
	y := make([]int, 6)
	for i := range 6 {
		x.Set(i, 0, float64(i))
		x.Set(i, 1, float64(i*i%5))
		y[i] = 100 + i
	}
	refusing := map[string]ClassifierTrainer{
		"perceptron": Perceptron{}, "adaline": Adaline{}, "bayes": Bayes{}, "fisher": FisherLDA{},
		"svm": SVM{}, "logreg": LogisticRegression{},
	}
	for name, tr := range refusing {
		if _, err := tr.FitClassifier(x, y); !errors.Is(err, ErrInvalidParameter) || !strings.Contains(err.Error(), "identifiers") {
			t.Errorf("%s on identifier labels: %v", name, err)
		}
	}
	if _, err := (KNN{K: 1}).FitClassifier(x, y); err != nil {
		t.Errorf("k-NN on a point per class: %v", err)
	}
}
