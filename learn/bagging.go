package learn

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"mlnotes/matrix"
)

// Bagging is bootstrap aggregation over any learner (004, "Bagging
// Estimate"): B models, each trained on its own bootstrap resample of the
// n points (n draws with replacement), combined by a majority vote for
// classifiers and by the notes' average f̂_bag(x) = (1/B) Σ_b f̂_b(x) for
// regressors. The resamples are drawn from one generator seeded by Seed,
// in order, so the ensemble is reproducible.
type Bagging struct {
	// Base is the learner bagged: a ClassifierTrainer for Fit and
	// FitClassifier, a RegressorTrainer for FitRegression and FitRegressor
	// (a learner of both tasks, such as DecisionTree{}, serves both).
	Base any
	// B is the number of models; zero means 10 (scikit-learn's default).
	B int
	// Seed makes the resamples reproducible.
	Seed uint64
	// Progress, if not nil, is called after each model.
	Progress func(done, total int)
}

// BaggingClassifierModel is a fitted bagging ensemble of classifiers.
type BaggingClassifierModel struct {
	Classes []int
	Models  []Classifier
}

// BaggingRegressorModel is a fitted bagging ensemble of regressors.
type BaggingRegressorModel struct {
	Models []Regressor
}

func (c Bagging) count(op string, x *matrix.Dense) (int, error) {
	b := c.B
	if b == 0 {
		b = 10
	}
	if b < 1 {
		return 0, fmt.Errorf("%s: %w: B = %d models, need at least 1", op, ErrInvalidParameter, c.B)
	}
	// Each model keeps at least a weight per feature and the bias.
	if err := checkEnsembleSize(op, "models", b, matrix.FloatBytes(x.Cols()+1)); err != nil {
		return 0, err
	}
	return b, nil
}

// Fit trains B copies of the classifier Base on bootstrap resamples of
// (X, y). Errors: a Base that is not a ClassifierTrainer, B < 0, bad data,
// and any error of the learner (a resample with a single class, for a
// learner that refuses one) with the model's number.
func (c Bagging) Fit(x *matrix.Dense, y []int) (*BaggingClassifierModel, error) {
	const op = "learn: bagging"
	t, ok := c.Base.(ClassifierTrainer)
	if !ok {
		return nil, fmt.Errorf("%s: %w: Base %T is not a ClassifierTrainer", op, ErrInvalidParameter, c.Base)
	}
	if _, err := newClassTask(op, t, x, y); err != nil {
		return nil, err
	}
	models, err := bag(op, c, t.FitClassifier, x, y)
	if err != nil {
		return nil, err
	}
	return &BaggingClassifierModel{Classes: sortedLabels(y), Models: models}, nil
}

// FitClassifier is Fit as a ClassifierTrainer.
func (c Bagging) FitClassifier(x *matrix.Dense, y []int) (Classifier, error) {
	return asClassifier(c.Fit(x, y))
}

// FitRegression trains B copies of the regressor Base on bootstrap
// resamples of (X, y), with the errors of Fit.
func (c Bagging) FitRegression(x *matrix.Dense, y []float64) (*BaggingRegressorModel, error) {
	const op = "learn: bagging"
	t, ok := c.Base.(RegressorTrainer)
	if !ok {
		return nil, fmt.Errorf("%s: %w: Base %T is not a RegressorTrainer", op, ErrInvalidParameter, c.Base)
	}
	if _, err := newRegTask(op, t, x, y); err != nil {
		return nil, err
	}
	models, err := bag(op, c, t.FitRegressor, x, y)
	if err != nil {
		return nil, err
	}
	return &BaggingRegressorModel{Models: models}, nil
}

// FitRegressor is FitRegression as a RegressorTrainer.
func (c Bagging) FitRegressor(x *matrix.Dense, y []float64) (Regressor, error) {
	return asRegressor(c.FitRegression(x, y))
}

// bag trains B models with fit, each on its own bootstrap resample of
// (X, y), for either task.
func bag[Y, M any](op string, c Bagging, fit func(*matrix.Dense, []Y) (M, error), x *matrix.Dense, y []Y) ([]M, error) {
	b, err := c.count(op, x)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(c.Seed, 0x62616767))
	models := make([]M, b)
	ys := make([]Y, len(y))
	for k := range b {
		idx := BootstrapSample(rng, len(y))
		for j, i := range idx {
			ys[j] = y[i]
		}
		f, err := fit(rowsOf(x, idx), ys)
		if err != nil {
			return nil, fmt.Errorf("%s: model %d: %w", op, k, err)
		}
		models[k] = f
		if c.Progress != nil {
			c.Progress(k+1, b)
		}
	}
	return models, nil
}

// Labels returns the sorted labels of the training set.
func (m *BaggingClassifierModel) Labels() []int { return m.Classes }

// Predict returns the majority vote of the B models (ties to the smallest
// label).
func (m *BaggingClassifierModel) Predict(x *matrix.Dense) ([]int, error) {
	votes, err := m.votes(x)
	if err != nil {
		return nil, err
	}
	out := make([]int, x.Rows())
	for i := range out {
		out[i] = m.Classes[argmax(votes.Row(i))]
	}
	return out, nil
}

// PredictProba returns the fraction of the models voting for each class.
func (m *BaggingClassifierModel) PredictProba(x *matrix.Dense) (*matrix.Dense, error) {
	votes, err := m.votes(x)
	if err != nil {
		return nil, err
	}
	return matrix.Scale(1/float64(len(m.Models)), votes), nil
}

func (m *BaggingClassifierModel) votes(x *matrix.Dense) (*matrix.Dense, error) {
	votes := matrix.New(x.Rows(), len(m.Classes))
	for k, f := range m.Models {
		p, err := f.Predict(x)
		if err != nil {
			return nil, fmt.Errorf("learn: bagging: model %d: %w", k, err)
		}
		if len(p) != x.Rows() {
			return nil, fmt.Errorf("learn: bagging: model %d: %w: %d predictions for %d rows", k, matrix.ErrShape, len(p), x.Rows())
		}
		for i, v := range p {
			c, ok := slices.BinarySearch(m.Classes, v)
			if !ok {
				return nil, fmt.Errorf("learn: bagging: model %d predicts label %d, not in the training set", k, v)
			}
			votes.Set(i, c, votes.At(i, c)+1)
		}
	}
	return votes, nil
}

// Predict returns f̂_bag(x) = (1/B) Σ_b f̂_b(x) for every row.
func (m *BaggingRegressorModel) Predict(x *matrix.Dense) ([]float64, error) {
	out := make([]float64, x.Rows())
	for k, f := range m.Models {
		p, err := f.Predict(x)
		if err != nil {
			return nil, fmt.Errorf("learn: bagging: model %d: %w", k, err)
		}
		if len(p) != x.Rows() {
			return nil, fmt.Errorf("learn: bagging: model %d: %w: %d predictions for %d rows", k, matrix.ErrShape, len(p), x.Rows())
		}
		matrix.Axpy(1/float64(len(m.Models)), p, out)
	}
	return out, nil
}
