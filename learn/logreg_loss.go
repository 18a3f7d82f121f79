package learn

import (
	"fmt"

	"mlnotes/matrix"
)

// LogisticLoss is the objective that LogisticRegression minimizes for two
// classes,
//
//	f(w, b) = Σᵢ −log p(yᵢ | xᵢ) + (λ/2)‖w‖²,   p(1 | x) = σ(wᵀx + b),
//
// as a function of θ = (w₁, …, w_d, b), for first-order methods run by
// hand: the paths of gradient descent, the heavy ball and Adam on the
// loss of a real data set (demo logreg -descent, the logistic-regression
// page of the site). Its ValueGrad is the one Fit uses (the same
// arithmetic), so f at Fit's answer is the model's Objective.
//
// It is also an optimize.StochasticObjective of one sample, the whole sum:
// optimize.Adam's every update on it is full-batch.
//
// A LogisticLoss keeps scratch space: one value must not be evaluated by
// several goroutines at once.
//
// Implements: 004, "Logistic Regression" (the model P[y = 1 | X] =
// 1/(1 + exp(−WᵀX)) fitted by maximum likelihood, as the objective of the
// gradient descent procedure of "Backpropagation Algorithm").
type LogisticLoss struct {
	obj     *logObjective
	classes []int
}

// NewLogisticLoss returns the loss of logistic regression with penalty λ on
// X (n×d) and labels y of exactly two distinct values (the larger one is
// class 1, as in Fit). Bad data, another number of classes or λ < 0 are
// errors.
func NewLogisticLoss(x *matrix.Dense, y []int, lambda float64) (*LogisticLoss, error) {
	const op = "learn: logistic loss"
	if err := checkData(op, x, 1); err != nil {
		return nil, err
	}
	if len(y) != x.Rows() {
		return nil, fmt.Errorf("%s: %w: %d labels for %d samples", op, matrix.ErrShape, len(y), x.Rows())
	}
	if err := checkLambda(op, lambda); err != nil {
		return nil, err
	}
	classes, idx := classIndex(y)
	if len(classes) != 2 {
		return nil, fmt.Errorf("%s: %w: want two classes, got %d", op, ErrInvalidParameter, len(classes))
	}
	return &LogisticLoss{obj: newLogObjective(x, idx, 2, lambda), classes: classes}, nil
}

// Dim returns d + 1, the length of θ = (w, b).
func (l *LogisticLoss) Dim() int { return l.obj.params() }

// ValueGrad returns f(θ) and writes ∇f(θ) = Aᵀ(σ(z) − t) + λ(w, 0) into
// grad (A = [X 1], t the 0/1 labels). θ and grad have Dim() entries.
func (l *LogisticLoss) ValueGrad(theta, grad []float64) float64 {
	return l.obj.ValueGrad(theta, grad)
}

// Value returns f(θ) alone: the value ValueGrad returns, bit for bit (the
// same arithmetic), without computing the gradient, which costs about as
// much again (the loss surface the logistic-regression page draws
// evaluates f at 41² points).
func (l *LogisticLoss) Value(theta []float64) float64 {
	return l.obj.binaryValue(theta)
}

// Samples returns 1: the loss is one sample, the whole sum.
func (l *LogisticLoss) Samples() int { return 1 }

// BatchValueGrad is ValueGrad (the only batch is the whole sum).
func (l *LogisticLoss) BatchValueGrad(theta, grad []float64, _ []int) float64 {
	return l.obj.ValueGrad(theta, grad)
}

// Model returns the logistic model of parameters θ = (w, b), with
// Objective f(θ): the point a hand-run method reached, as a classifier.
// Iterations and Solver are left for the caller to fill in.
func (l *LogisticLoss) Model(theta []float64) (*LogisticModel, error) {
	d := l.obj.x.Cols()
	if len(theta) != d+1 {
		return nil, fmt.Errorf("learn: logistic loss: %w: θ has %d entries, want %d", matrix.ErrShape, len(theta), d+1)
	}
	if err := matrix.VecFinite(theta); err != nil {
		return nil, fmt.Errorf("learn: logistic loss: θ: %w", err)
	}
	coef, _ := matrix.NewFromSlice(1, d, append([]float64(nil), theta[:d]...))
	grad := make([]float64, d+1)
	return &LogisticModel{Classes: append([]int(nil), l.classes...), Coef: coef, Intercept: []float64{theta[d]},
		Lambda: l.obj.lambda, Objective: l.obj.ValueGrad(theta, grad)}, nil
}
