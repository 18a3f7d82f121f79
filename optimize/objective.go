package optimize

import "mlnotes/matrix"

// Objective is a differentiable function f: ℝᵈ → ℝ to be minimized.
//
// ValueGrad returns f(x) and writes the gradient ∇f(x) into grad, which has
// the length d of x and belongs to the caller, so that an iteration
// allocates nothing. It must not modify x or keep x or grad after it
// returns. Value and gradient come together because the expensive part of
// most objectives in machine learning (the forward pass of a network, the
// products Xw of a linear model) is shared by both.
//
// A NaN or infinite value or gradient makes the optimizers stop with an
// error wrapping matrix.ErrNotFinite; the line searches alone treat
// f = +Inf at a trial point as "step too long" and shorten the step.
type Objective interface {
	ValueGrad(x, grad []float64) float64
}

// ObjectiveFunc adapts an ordinary function to the Objective interface, as
// http.HandlerFunc does for handlers.
type ObjectiveFunc func(x, grad []float64) float64

// ValueGrad returns f(x, grad).
func (f ObjectiveFunc) ValueGrad(x, grad []float64) float64 { return f(x, grad) }

// HessianObjective is an Objective that also provides its Hessian, the d×d
// matrix of second derivatives ∇²f(x)ᵢⱼ = ∂²f/∂xᵢ∂xⱼ. Newton's method
// needs it; a caller holding a plain Objective can test for it with a type
// assertion and choose Newton or GradientDescent accordingly.
//
// Hessian writes ∇²f(x) into h, which is d×d and zeroed before the call (so
// an implementation may accumulate a sum over samples into it). The result
// must be symmetric to within √ε of its largest entry.
type HessianObjective interface {
	Objective
	Hessian(x []float64, h *matrix.Dense)
}

// StochasticObjective is an objective that is an average over n samples,
//
//	f(x) = (1/n) Σᵢ₌₁ⁿ fᵢ(x),
//
// evaluated on mini-batches of sample indices by the stochastic methods
// (SGD, Adam).
//
// Samples returns n. BatchValueGrad returns the mini-batch average
// f_B(x) = (1/|B|) Σ_{i∈B} fᵢ(x) and writes its gradient ∇f_B(x) into grad.
// Because it is an average, not a sum, the expectation of f_B over a batch
// drawn uniformly is f, and a learning rate keeps its meaning when the batch
// size changes. A regularization term r(x) belongs in every fᵢ (or is added
// once to every f_B), so that it is counted once in f. BatchValueGrad must
// not modify or keep batch, x or grad.
//
// The method is not named ValueGrad so that one type can implement both
// Objective (for the batch methods) and StochasticObjective; FullBatch
// derives the first from the second.
type StochasticObjective interface {
	Samples() int
	BatchValueGrad(x, grad []float64, batch []int) float64
}

// FullBatch returns the Objective f(x) = (1/n) Σᵢ fᵢ(x) of a
// StochasticObjective, evaluated as one batch holding every sample
// 0, 1, …, n−1. It lets GradientDescent, Momentum and CheckGradient run on
// an objective written for SGD.
func FullBatch(s StochasticObjective) Objective {
	return fullBatch{s: s, all: allSamples(s.Samples())}
}

type fullBatch struct {
	s   StochasticObjective
	all []int
}

// ValueGrad evaluates the mean loss and its gradient over every sample.
func (fb fullBatch) ValueGrad(x, grad []float64) float64 {
	return fb.s.BatchValueGrad(x, grad, fb.all)
}

// allSamples returns the indices 0, 1, …, n−1.
func allSamples(n int) []int {
	idx := make([]int, max(n, 0))
	for i := range idx {
		idx[i] = i
	}
	return idx
}
