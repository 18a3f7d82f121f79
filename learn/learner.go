package learn

import (
	"fmt"

	"mlnotes/matrix"
)

// The supervised-learner interface.
//
// Every supervised learner of mlnotes is a configuration struct with a Fit
// method whose result is a concrete fitted model (SVM.FitClassifier gives an
// *SVMModel, FisherLDA.Fit a *FisherModel, …), so that a reader and a Go
// programmer see the model's own fields and methods. Code that must train
// *any* learner — cross-validation, the bootstrap, bagging, the CLI's cv —
// sees them through two small interfaces instead:
//
//	Classifier  a fitted model: Predict(X) → one class label ([]int) per row
//	Regressor   a fitted model: Predict(X) → one real value ([]float64) per row
//	ClassifierTrainer  FitClassifier(X, y []int) → Classifier
//	RegressorTrainer   FitRegressor(X, y []float64) → Regressor
//
// A learner whose Fit returns a concrete model becomes a trainer in one line
// with the generic adapters Classify and Regress:
//
//	t := learn.Classify(learn.FisherLDA{}.Fit)
//
// Learners that are themselves used as building blocks (KNN, DecisionTree,
// RandomForest, AdaBoost: a forest grows trees, AdaBoost boosts any base
// learner) also have FitClassifier/FitRegressor methods, so that their
// configuration value is a trainer as it stands: learn.AdaBoost{Base:
// learn.DecisionTree{MaxDepth: 3}}.
//
// Optional capabilities are further interfaces that a fitted model may
// satisfy and callers discover by a type assertion: ProbabilisticClassifier
// (class probabilities), DecisionClassifier (real-valued scores).

// Classifier is a fitted model that assigns a class label to every row of X
// (n×d, rows are samples). Labels are the integers the model was trained on.
type Classifier interface {
	Predict(x *matrix.Dense) ([]int, error)
}

// Regressor is a fitted model that predicts a real value for every row of X.
type Regressor interface {
	Predict(x *matrix.Dense) ([]float64, error)
}

// ProbabilisticClassifier is a Classifier that also gives class
// probabilities: PredictProba returns an n×len(Labels()) matrix whose
// column j is the probability of Labels()[j]; Labels are sorted ascending.
// (The method is not called Classes because models keep their labels in a
// field of that name.)
type ProbabilisticClassifier interface {
	Classifier
	Labels() []int
	PredictProba(x *matrix.Dense) (*matrix.Dense, error)
}

// DecisionClassifier is a Classifier with real-valued scores: one column per
// score, its meaning documented by the model (one column for two classes,
// positive meaning the larger label, unless the model says otherwise).
type DecisionClassifier interface {
	Classifier
	DecisionFunction(x *matrix.Dense) (*matrix.Dense, error)
}

// ClassifierTrainer fits a Classifier to samples X (n×d) and labels y.
// Implementations must not modify x or y.
type ClassifierTrainer interface {
	FitClassifier(x *matrix.Dense, y []int) (Classifier, error)
}

// RegressorTrainer fits a Regressor to samples X (n×d) and targets y.
// Implementations must not modify x or y.
type RegressorTrainer interface {
	FitRegressor(x *matrix.Dense, y []float64) (Regressor, error)
}

// ClassifierFunc adapts a function to ClassifierTrainer.
type ClassifierFunc func(x *matrix.Dense, y []int) (Classifier, error)

// FitClassifier calls f(x, y).
func (f ClassifierFunc) FitClassifier(x *matrix.Dense, y []int) (Classifier, error) { return f(x, y) }

// RegressorFunc adapts a function to RegressorTrainer.
type RegressorFunc func(x *matrix.Dense, y []float64) (Regressor, error)

// FitRegressor calls f(x, y).
func (f RegressorFunc) FitRegressor(x *matrix.Dense, y []float64) (Regressor, error) {
	return f(x, y)
}

// Classify turns a Fit method that returns a concrete classifier into a
// ClassifierTrainer: learn.Classify(learn.FisherLDA{}.Fit).
func Classify[M Classifier](fit func(x *matrix.Dense, y []int) (M, error)) ClassifierTrainer {
	return ClassifierFunc(func(x *matrix.Dense, y []int) (Classifier, error) {
		if fit == nil {
			return nil, fmt.Errorf("learn: classify: %w: nil Fit function", ErrInvalidParameter)
		}
		m, err := fit(x, y)
		if err != nil {
			return nil, err
		}
		return m, nil
	})
}

// Regress turns a Fit method that returns a concrete regressor into a
// RegressorTrainer: learn.Regress(learn.SVM{Type: learn.EpsSVR}.FitRegressor).
func Regress[M Regressor](fit func(x *matrix.Dense, y []float64) (M, error)) RegressorTrainer {
	return RegressorFunc(func(x *matrix.Dense, y []float64) (Regressor, error) {
		if fit == nil {
			return nil, fmt.Errorf("learn: regress: %w: nil Fit function", ErrInvalidParameter)
		}
		m, err := fit(x, y)
		if err != nil {
			return nil, err
		}
		return m, nil
	})
}

// SVMClassifier is the classifier view of an SVMModel trained by
// SVM.FitClassifier: Predict returns the labels as []int (the model's own
// Predict keeps the float64 form it shares with regression). It is a
// ProbabilisticClassifier; PredictProba works when the model was trained
// with SVM.Probability and returns ErrNoProbabilities otherwise, and
// DecisionFunction gives the machines' decision values.
type SVMClassifier struct{ *SVMModel }

// Predict returns the class of every row (SVMModel.PredictClass).
func (c SVMClassifier) Predict(x *matrix.Dense) ([]int, error) { return c.PredictClass(x) }

// Labels returns the sorted class labels.
func (c SVMClassifier) Labels() []int {
	if c.SVMModel == nil {
		return nil
	}
	return c.SVMModel.Classes
}

// DecisionFunction returns the decision values of the machines
// (SVMModel.DecisionAll): n×1 for two classes, positive meaning the
// machine's Positive label; n×c(c − 1)/2 for c classes, one column per
// pair in the order of Machines.
func (c SVMClassifier) DecisionFunction(x *matrix.Dense) (*matrix.Dense, error) {
	return c.DecisionAll(x)
}

// Classifier returns the SVM as a ClassifierTrainer (types c and nu). A fit
// that reaches the iteration cap returns the model with the error, as
// FitClassifier does.
func (s SVM) Classifier() ClassifierTrainer {
	return ClassifierFunc(func(x *matrix.Dense, y []int) (Classifier, error) {
		m, err := s.FitClassifier(x, y)
		if m == nil {
			return nil, err
		}
		return SVMClassifier{m}, err
	})
}

// Regressor returns the SVM as a RegressorTrainer (types eps-svr and nu-svr).
// A fit that reaches the iteration cap returns the model with the error.
func (s SVM) Regressor() RegressorTrainer {
	return RegressorFunc(func(x *matrix.Dense, y []float64) (Regressor, error) {
		m, err := s.FitRegressor(x, y)
		if m == nil {
			return nil, err
		}
		return m, err
	})
}
