package learn

import (
	"mlnotes/matrix"
)

// The supervised-learner interface.
//
// Every supervised learner of mlnotes is a configuration struct whose
// concrete entry point returns its own fitted model, so that a reader and a
// Go programmer see the model's own fields and methods:
//
//	one task     Fit                      FisherLDA.Fit → *FisherModel, Ridge.Fit → *RidgeModel
//	both tasks   Fit (the classifier)     SVM.Fit → *SVMClassifierModel, KNN.Fit → *KNNModel
//	             FitRegression            SVM.FitRegression → *SVMRegressorModel
//
// A learner of both tasks (SVM, KNN, DecisionTree, RandomForest, MLP) has one
// fitted type per task. Code that must train *any* learner —
// cross-validation, the bootstrap, bagging, AdaBoost, the CLI's cv — sees
// them through two small interfaces instead:
//
//	Classifier  a fitted model: Predict(X) → one class label ([]int) per row
//	Regressor   a fitted model: Predict(X) → one real value ([]float64) per row
//	ClassifierTrainer  FitClassifier(X, y []int) → Classifier
//	RegressorTrainer   FitRegressor(X, y []float64) → Regressor
//
// Every configuration value is a trainer as it stands: each classification
// learner has FitClassifier and each regression learner FitRegressor with
// exactly these signatures (Fit or FitRegression with the model seen
// through the interface; a failed fit gives a nil interface, never a nil
// pointer inside one). A learner built on another holds it as a field, so
// that it, too, is a trainer as it stands: learn.AdaBoost{Base:
// learn.DecisionTree{MaxDepth: 3}}, learn.Bagging{Base: learn.SVM{}, B: 50},
// learn.Boost3{Base: learn.KNN{K: 1}}; and CrossValidateClassifier,
// HoldOutClassifier, Bootstrap.EstimateClassifier (and their Regressor
// twins) take any configuration value directly. ClassifierFunc and
// RegressorFunc make a trainer of a plain function, for training code that
// is not a learner of this package (a closure over settings chosen from the
// training set, as the CLI's default SVM width).
//
// One vocabulary. Classifier is only the interface (configurations are
// named for their method: SVM, KNN, Bayes, MLP; fitted models end in Model:
// SVMClassifierModel, TreeRegressorModel, BayesModel). An iteration cap is
// MaxIter everywhere (for the perceptron and AdaLinE an iteration is an
// epoch; the networks' optimizer settings keep Epochs, a number of epochs
// to run). Every iterative learner reports progress through one callback
// type, Trace, and every iterative fitted model says whether it converged
// (Converged: stopped by its criterion — a tolerance, no mistake left,
// early stopping — rather than by the cap) and how many iterations it ran
// (Iterations; Epochs for the perceptron and AdaLinE; per machine for the
// SVMs; a network's History.Epochs). A network, trained for a number of
// epochs unless early stopping on a validation split ends it, converges
// only by early stopping. A bad setting wraps
// ErrInvalidParameter, which is matrix.ErrInvalidParameter, the value
// optimize.ErrInvalidParameter also is.
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

// asClassifier returns a concrete fitted model as a Classifier, and a nil
// pointer as the nil interface (not a non-nil interface holding a nil
// pointer), with the fit's error unchanged: a fit that keeps its model
// with an error (an SVM at its iteration cap) passes both on.
func asClassifier[M interface {
	comparable
	Classifier
}](m M, err error) (Classifier, error) {
	var none M
	if m == none {
		return nil, err
	}
	return m, err
}

// asRegressor is asClassifier for regressors.
func asRegressor[M interface {
	comparable
	Regressor
}](m M, err error) (Regressor, error) {
	var none M
	if m == none {
		return nil, err
	}
	return m, err
}
