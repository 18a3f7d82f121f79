package learn

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"mlnotes/matrix"
)

// Assessing learnt models: 004, "Assessing Learnt Models" (Hold out
// Validation Set, K-fold Cross-Validation). Every function here trains any
// learner through the supervised-learner interface (ClassifierTrainer or
// RegressorTrainer) and scores it with the 0–1 loss for classifiers and
// the squared error for regressors.

// task is a supervised problem seen by the assessment code: fit on some
// rows and return the loss L(f̂(xᵢ), yᵢ) of every query row. The classifier
// and regressor versions differ only in the loss.
type task interface {
	size() int
	// fitLoss trains on the rows train (repetitions allowed) and returns
	// the model's loss on each row of query.
	fitLoss(train, query []int) ([]float64, error)
	// classify reports whether the loss is the 0–1 loss.
	classify() bool
}

type classTask struct {
	t ClassifierTrainer
	x *matrix.Dense
	y []int
}

func (c classTask) size() int      { return len(c.y) }
func (c classTask) classify() bool { return true }
func (c classTask) fitLoss(train, query []int) ([]float64, error) {
	fit := func(x *matrix.Dense, y []int) (predictor[int], error) { return c.t.FitClassifier(x, y) }
	p, err := fitPredict(fit, c.x, c.y, train, query)
	if err != nil {
		return nil, err
	}
	loss := make([]float64, len(query))
	for k, i := range query {
		if p[k] != c.y[i] {
			loss[k] = 1
		}
	}
	return loss, nil
}

// predictor is what Classifier and Regressor have in common.
type predictor[T any] interface {
	Predict(x *matrix.Dense) ([]T, error)
}

// fitPredict fits on the rows train of X and y (repetitions allowed) and
// returns the predictions for the rows query, checking their number.
func fitPredict[T any](fit func(*matrix.Dense, []T) (predictor[T], error), x *matrix.Dense, y []T, train, query []int) ([]T, error) {
	ys := make([]T, len(train))
	for k, i := range train {
		ys[k] = y[i]
	}
	m, err := fit(rowsOf(x, train), ys)
	if err != nil {
		return nil, err
	}
	p, err := m.Predict(rowsOf(x, query))
	if err != nil {
		return nil, err
	}
	if len(p) != len(query) {
		return nil, fmt.Errorf("%w: the model returned %d predictions for %d rows", matrix.ErrShape, len(p), len(query))
	}
	return p, nil
}

type regTask struct {
	t RegressorTrainer
	x *matrix.Dense
	y []float64
}

func (r regTask) size() int      { return len(r.y) }
func (r regTask) classify() bool { return false }
func (r regTask) fitLoss(train, query []int) ([]float64, error) {
	fit := func(x *matrix.Dense, y []float64) (predictor[float64], error) { return r.t.FitRegressor(x, y) }
	p, err := fitPredict(fit, r.x, r.y, train, query)
	if err != nil {
		return nil, err
	}
	loss := make([]float64, len(query))
	for k, i := range query {
		e := p[k] - r.y[i]
		loss[k] = e * e
		if math.IsNaN(loss[k]) || math.IsInf(loss[k], 0) {
			return nil, fmt.Errorf("%w: prediction %g for row %d", matrix.ErrNotFinite, p[k], i)
		}
	}
	return loss, nil
}

func newClassTask(op string, t ClassifierTrainer, x *matrix.Dense, y []int) (task, error) {
	if t == nil {
		return nil, fmt.Errorf("%s: %w: nil trainer", op, ErrInvalidParameter)
	}
	if err := checkData(op, x, 2); err != nil {
		return nil, err
	}
	if len(y) != x.Rows() {
		return nil, fmt.Errorf("%s: %w: %d labels for %d samples", op, matrix.ErrShape, len(y), x.Rows())
	}
	return classTask{t, x, y}, nil
}

func newRegTask(op string, t RegressorTrainer, x *matrix.Dense, y []float64) (task, error) {
	if t == nil {
		return nil, fmt.Errorf("%s: %w: nil trainer", op, ErrInvalidParameter)
	}
	if err := checkData(op, x, 2); err != nil {
		return nil, err
	}
	if len(y) != x.Rows() {
		return nil, fmt.Errorf("%s: %w: %d targets for %d samples", op, matrix.ErrShape, len(y), x.Rows())
	}
	if err := matrix.VecFinite(y); err != nil {
		return nil, fmt.Errorf("%s: targets: %w", op, err)
	}
	return regTask{t, x, y}, nil
}

// score turns the sum of m losses into the reported score: the accuracy
// (m − errors)/m for classifiers, the mean squared error for regressors.
func score(t task, sum float64, m int) float64 {
	if t.classify() {
		return (float64(m) - sum) / float64(m)
	}
	return sum / float64(m)
}

// KFold returns a seeded index function ρ of K-fold cross-validation for n
// points: rho[i] ∈ {0, …, K−1} is the part of point i (the notes number
// parts 1…K; Go counts from 0). The points are shuffled and dealt in turn,
// so the part sizes differ by at most one. Errors: K < 2 or K > n.
func KFold(n, k int, seed uint64) ([]int, error) {
	if k < 2 || k > n {
		return nil, fmt.Errorf("learn: k-fold: %w: K = %d for n = %d (need 2 ≤ K ≤ n)", ErrInvalidParameter, k, n)
	}
	perm := rand.New(rand.NewPCG(seed, 0x6b666f6c64)).Perm(n)
	rho := make([]int, n)
	for pos, i := range perm {
		rho[i] = pos % k
	}
	return rho, nil
}

// StratifiedKFold returns ρ with every class spread over the parts as
// evenly as possible: the points of each class are shuffled and dealt in
// turn, continuing the deal where the previous class stopped, so part
// sizes still differ by at most one. Errors: K < 2 or K > n.
func StratifiedKFold(y []int, k int, seed uint64) ([]int, error) {
	n := len(y)
	if k < 2 || k > n {
		return nil, fmt.Errorf("learn: stratified k-fold: %w: K = %d for n = %d (need 2 ≤ K ≤ n)", ErrInvalidParameter, k, n)
	}
	rng := rand.New(rand.NewPCG(seed, 0x7374726174))
	rho := make([]int, n)
	next := 0
	for _, c := range sortedLabels(y) {
		var members []int
		for i, v := range y {
			if v == c {
				members = append(members, i)
			}
		}
		rng.Shuffle(len(members), func(a, b int) { members[a], members[b] = members[b], members[a] })
		for _, i := range members {
			rho[i] = next % k
			next++
		}
	}
	return rho, nil
}

// checkFolds validates a caller's index function and returns K. The parts
// 0, 1, …, K − 1 must each hold a point, so K ≤ n and every fold number is
// below n: a larger one is refused before the count of each part is
// allocated (a fold number near math.MaxInt would otherwise overflow K or
// ask for gigabytes).
func checkFolds(op string, rho []int, n int) (int, error) {
	if len(rho) != n {
		return 0, fmt.Errorf("%s: %w: %d fold numbers for %d points", op, ErrInvalidParameter, len(rho), n)
	}
	k := 0
	for i, f := range rho {
		if f < 0 {
			return 0, fmt.Errorf("%s: %w: fold %d of point %d is negative", op, ErrInvalidParameter, f, i)
		}
		if f >= n {
			return 0, fmt.Errorf("%s: %w: fold %d of point %d is not below the number of points, %d (the parts are numbered from 0 and none may be empty)",
				op, ErrInvalidParameter, f, i, n)
		}
		k = max(k, f+1)
	}
	count := make([]int, k)
	for _, f := range rho {
		count[f]++
	}
	if k < 2 {
		return 0, fmt.Errorf("%s: %w: the folds name %d part(s), need at least 2", op, ErrInvalidParameter, k)
	}
	for f, c := range count {
		if c == 0 {
			return 0, fmt.Errorf("%s: %w: fold %d of 0…%d is empty", op, ErrInvalidParameter, f, k-1)
		}
		if c == n {
			return 0, fmt.Errorf("%s: %w: fold %d holds every point, leaving nothing to train on", op, ErrInvalidParameter, f)
		}
	}
	return k, nil
}

// CVResult is the outcome of K-fold cross-validation.
type CVResult struct {
	// Rho is the index function used: Rho[i] is the part of point i.
	Rho []int
	// FoldScores[k] is the score of f̂^(−k) on part k: its accuracy for a
	// classifier, its mean squared error for a regressor.
	FoldScores []float64
	// Mean and Std are the mean and the sample standard deviation (n − 1)
	// of FoldScores.
	Mean, Std float64
	// ECV is the notes' e_cv = (1/n) Σᵢ L(f̂^(−ρ(i))(xᵢ), yᵢ): the error
	// rate of a classifier, the mean squared error of a regressor. With
	// unequal parts it differs from 1 − Mean (or Mean): it weights every
	// point, not every part, equally.
	ECV float64
	// Losses[i] is L(f̂^(−ρ(i))(xᵢ), yᵢ).
	Losses []float64
}

// CrossValidateClassifier runs K-fold cross-validation of a classifier
// with the index function rho (from KFold, StratifiedKFold or the caller):
// for each part k it trains on the other parts and scores on part k.
//
// Implements: 004, "K-fold Cross-Validation" (e_cv with the index
// function ρ). Errors: rho of the wrong length, an empty part, fewer than
// two parts, and any error of the learner (a training part with one class,
// for instance), wrapped with the part's number.
func CrossValidateClassifier(t ClassifierTrainer, x *matrix.Dense, y []int, rho []int) (*CVResult, error) {
	tk, err := newClassTask("learn: cross-validation", t, x, y)
	if err != nil {
		return nil, err
	}
	return crossValidate("learn: cross-validation", tk, rho, nil)
}

// CrossValidateRegressor is CrossValidateClassifier for a regressor, with
// the squared error as the loss.
func CrossValidateRegressor(t RegressorTrainer, x *matrix.Dense, y []float64, rho []int) (*CVResult, error) {
	tk, err := newRegTask("learn: cross-validation", t, x, y)
	if err != nil {
		return nil, err
	}
	return crossValidate("learn: cross-validation", tk, rho, nil)
}

// crossValidate runs the K fits; with trainErr non-nil it also stores there
// the mean over the folds of each fit's error on its own training part.
func crossValidate(op string, t task, rho []int, trainErr *float64) (*CVResult, error) {
	n := t.size()
	k, err := checkFolds(op, rho, n)
	if err != nil {
		return nil, err
	}
	res := &CVResult{Rho: slices.Clone(rho), FoldScores: make([]float64, k), Losses: make([]float64, n)}
	total := 0.0
	for f := range k {
		var train, test []int
		for i, r := range rho {
			if r == f {
				test = append(test, i)
			} else {
				train = append(train, i)
			}
		}
		query := test
		if trainErr != nil {
			query = slices.Concat(test, train)
		}
		loss, err := t.fitLoss(train, query)
		if err != nil {
			return nil, fmt.Errorf("%s: fold %d: %w", op, f, err)
		}
		if trainErr != nil {
			s := 0.0
			for _, l := range loss[len(test):] {
				s += l
			}
			*trainErr += s / float64(len(train)) / float64(k)
		}
		s := 0.0
		for j, i := range test {
			res.Losses[i] = loss[j]
			s += loss[j]
		}
		total += s
		res.FoldScores[f] = score(t, s, len(test))
	}
	res.ECV = total / float64(n)
	res.Mean, res.Std = meanStd(res.FoldScores)
	return res, nil
}

// meanStd returns the mean and the sample standard deviation (divisor
// n − 1; 0 for a single value).
func meanStd(v []float64) (mean, std float64) {
	for _, x := range v {
		mean += x
	}
	mean /= float64(len(v))
	if len(v) < 2 {
		return mean, 0
	}
	ss := 0.0
	for _, x := range v {
		ss += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(ss / float64(len(v)-1))
}

// HoldOutSplit splits n points at random into a training part and a
// validation part holding round(frac·n) points (at least one, and at least
// one left to train on). Both index lists are returned in ascending order.
// Errors: frac outside (0, 1), n < 2.
func HoldOutSplit(n int, frac float64, seed uint64) (train, validation []int, err error) {
	nv, err := holdOutSize(n, frac)
	if err != nil {
		return nil, nil, err
	}
	perm := rand.New(rand.NewPCG(seed, 0x686f6c64)).Perm(n)
	validation, train = slices.Clone(perm[:nv]), slices.Clone(perm[nv:])
	slices.Sort(validation)
	slices.Sort(train)
	return train, validation, nil
}

// StratifiedHoldOutSplit is HoldOutSplit keeping the class proportions:
// it deals a stratified 1-in-K order (the points of each class shuffled
// and spread evenly along it) and validates on its first round(frac·n)
// points, so every class is represented in proportion up to one point.
func StratifiedHoldOutSplit(y []int, frac float64, seed uint64) (train, validation []int, err error) {
	n := len(y)
	nv, err := holdOutSize(n, frac)
	if err != nil {
		return nil, nil, err
	}
	rng := rand.New(rand.NewPCG(seed, 0x73686f6c64))
	// Give each point a position key (rank + U(0,1)) / size within its
	// class, and take the smallest keys: the classes interleave evenly.
	type keyed struct {
		key float64
		i   int
	}
	all := make([]keyed, 0, n)
	for _, c := range sortedLabels(y) {
		var members []int
		for i, v := range y {
			if v == c {
				members = append(members, i)
			}
		}
		rng.Shuffle(len(members), func(a, b int) { members[a], members[b] = members[b], members[a] })
		for r, i := range members {
			all = append(all, keyed{(float64(r) + rng.Float64()) / float64(len(members)), i})
		}
	}
	slices.SortStableFunc(all, func(a, b keyed) int {
		switch {
		case a.key < b.key:
			return -1
		case a.key > b.key:
			return 1
		}
		return 0
	})
	for k, p := range all {
		if k < nv {
			validation = append(validation, p.i)
		} else {
			train = append(train, p.i)
		}
	}
	slices.Sort(validation)
	slices.Sort(train)
	return train, validation, nil
}

func holdOutSize(n int, frac float64) (int, error) {
	if !(frac > 0 && frac < 1) {
		return 0, fmt.Errorf("learn: hold-out: %w: fraction %g outside (0, 1)", ErrInvalidParameter, frac)
	}
	if n < 2 {
		return 0, fmt.Errorf("learn: hold-out: %w: %d point(s), need at least 2", matrix.ErrEmpty, n)
	}
	return min(n-1, max(1, int(math.Round(frac*float64(n))))), nil
}

// HoldOutResult is the outcome of a hold-out validation: the scores
// (accuracy, or mean squared error) of the model trained on the training
// part, on that part and on the validation part.
type HoldOutResult struct {
	Train, Validation []int
	TrainScore        float64
	ValidationScore   float64
}

// HoldOutClassifier trains on the rows train and scores on them and on the
// rows validation (004, "Hold out Validation Set": the true risk estimated
// by the sample mean of the loss on data the model has not seen).
func HoldOutClassifier(t ClassifierTrainer, x *matrix.Dense, y []int, train, validation []int) (*HoldOutResult, error) {
	tk, err := newClassTask("learn: hold-out", t, x, y)
	if err != nil {
		return nil, err
	}
	return holdOut(tk, train, validation)
}

// HoldOutRegressor is HoldOutClassifier for a regressor.
func HoldOutRegressor(t RegressorTrainer, x *matrix.Dense, y []float64, train, validation []int) (*HoldOutResult, error) {
	tk, err := newRegTask("learn: hold-out", t, x, y)
	if err != nil {
		return nil, err
	}
	return holdOut(tk, train, validation)
}

func holdOut(t task, train, validation []int) (*HoldOutResult, error) {
	const op = "learn: hold-out"
	if len(train) == 0 || len(validation) == 0 {
		return nil, fmt.Errorf("%s: %w: %d training and %d validation points", op, matrix.ErrEmpty, len(train), len(validation))
	}
	for _, i := range slices.Concat(train, validation) {
		if i < 0 || i >= t.size() {
			return nil, fmt.Errorf("%s: %w: index %d outside 0…%d", op, ErrInvalidParameter, i, t.size()-1)
		}
	}
	loss, err := t.fitLoss(train, slices.Concat(train, validation))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	sum := func(v []float64) float64 {
		s := 0.0
		for _, x := range v {
			s += x
		}
		return s
	}
	return &HoldOutResult{
		Train: slices.Clone(train), Validation: slices.Clone(validation),
		TrainScore:      score(t, sum(loss[:len(train)]), len(train)),
		ValidationScore: score(t, sum(loss[len(train):]), len(validation)),
	}, nil
}

// CurvePoint is one complexity value of a model-selection curve: the mean
// training error and the cross-validated error (error rates for
// classifiers, mean squared errors for regressors).
type CurvePoint struct {
	Param           float64
	TrainError      float64
	ValidationError float64
}

// ModelSelectionCurveRegressor computes the notes' model-selection curve
// (004, "Hold out Validation Set": training and validation error against
// the complexity of the model class): for each value p of params it
// cross-validates trainer(p) with the index function rho, reporting e_cv
// and the mean over the folds of the training error.
func ModelSelectionCurveRegressor(trainer func(p float64) RegressorTrainer, params []float64, x *matrix.Dense, y []float64, rho []int) ([]CurvePoint, error) {
	return modelSelectionCurve(params, rho, func(p float64) (task, error) {
		return newRegTask("learn: model-selection curve", trainer(p), x, y)
	})
}

// ModelSelectionCurveClassifier is ModelSelectionCurveRegressor for
// classifiers (0–1 loss).
func ModelSelectionCurveClassifier(trainer func(p float64) ClassifierTrainer, params []float64, x *matrix.Dense, y []int, rho []int) ([]CurvePoint, error) {
	return modelSelectionCurve(params, rho, func(p float64) (task, error) {
		return newClassTask("learn: model-selection curve", trainer(p), x, y)
	})
}

func modelSelectionCurve(params []float64, rho []int, mk func(p float64) (task, error)) ([]CurvePoint, error) {
	const op = "learn: model-selection curve"
	out := make([]CurvePoint, len(params))
	for j, p := range params {
		t, err := mk(p)
		if err != nil {
			return nil, err
		}
		train := 0.0
		cv, err := crossValidate(op, t, rho, &train)
		if err != nil {
			return nil, fmt.Errorf("%s: parameter %g: %w", op, p, err)
		}
		out[j] = CurvePoint{Param: p, TrainError: train, ValidationError: cv.ECV}
	}
	return out, nil
}
