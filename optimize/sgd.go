package optimize

// SGDSettings configures SGD. The zero value gives plain stochastic
// gradient descent: one sample per update, α = 0.01, 100 epochs, seed 0.
type SGDSettings struct {
	// LearningRate is α₀ > 0. Zero means 0.01.
	LearningRate float64
	// Decay makes the rate of epoch e = 0, 1, … equal to
	// αₑ = α₀/(1 + Decay·e). Zero (the default) keeps it constant; with
	// Decay > 0 the rates satisfy Robbins and Monro's conditions Σαₑ = ∞,
	// Σαₑ² < ∞, under which SGD converges to a minimizer of a strongly
	// convex f instead of wandering in a neighbourhood of it.
	Decay float64
	// Momentum is β in [0, 1) (the heavy ball, or Nesterov's form with
	// Nesterov set, as in Momentum). Zero (the default) is plain SGD.
	Momentum float64
	Nesterov bool
	// BatchSize is the number B of samples per update. Zero means 1, the
	// textbook stochastic gradient; B ≥ n gives full-batch gradient descent
	// with a fixed step.
	BatchSize int
	// Epochs is the number of passes over the samples. Zero means 100.
	Epochs int
	// Seed seeds the PCG generator that shuffles the samples at the start
	// of every epoch; the same seed gives the same run.
	Seed uint64
	// GradTol, if positive, makes the method compute the full gradient at
	// the end of every epoch (one extra pass over the samples) and stop
	// with GradientConverged as soon as ‖∇f(x)‖₂ ≤ GradTol. Zero (the
	// default) runs all the epochs.
	GradTol float64
	// Trace, if not nil, is called at the end of every epoch.
	Trace func(Step)
}

// SGD minimizes f(x) = (1/n) Σᵢ fᵢ(x) from x₀ by stochastic (B = 1) or
// mini-batch (B > 1) gradient descent. Every epoch shuffles the n sample
// indices and cuts them into batches B of size B (the last may be shorter);
// for each batch,
//
//	xₜ₊₁ = xₜ − αₑ ∇f_B(xₜ),   ∇f_B = (1/|B|) Σ_{i∈B} ∇fᵢ,
//
// or, with momentum β, vₜ₊₁ = βvₜ − αₑ∇f_B(zₜ), xₜ₊₁ = xₜ + vₜ₊₁ with zₜ = xₜ
// (heavy ball) or zₜ = xₜ + βvₜ (Nesterov). ∇f_B is an unbiased estimate of
// ∇f, so SGD makes n/B cheap noisy steps where gradient descent makes one
// exact step. With a constant rate it converges, for a strongly convex f,
// linearly to a neighbourhood of x* whose size is proportional to α and to
// the variance of ∇f_B; a decaying rate (Decay > 0) shrinks the
// neighbourhood to a point, at a sublinear rate.
//
// A run normally ends after Epochs epochs with Status EpochLimit,
// Converged false and a nil error: a fixed budget of epochs is how SGD is
// used, and no certificate of optimality is computed unless GradTol asks for
// one. The Result's F, Gradient and GradNorm are evaluated over all samples
// at the final X (one extra pass); Loss holds the mean mini-batch loss of
// each epoch. Each epoch costs ⌈n/B⌉ calls of BatchValueGrad on n samples in
// all, and O(d·n/B) arithmetic.
//
// Implements: 004, "Backpropagation Algorithm" (the
// gradient-descent update of the weights, here one mini-batch at a time, as
// networks and autoencoders are trained).
//
// Special cases:
//
//	nil objective, empty x₀, Samples() ≤ 0        error (matrix.ErrEmpty)
//	NaN or ±Inf in x₀                             error (matrix.ErrNotFinite)
//	LearningRate, Decay or GradTol negative or not finite, Momentum outside
//	[0, 1), BatchSize or Epochs < 0                error (ErrInvalidParameter)
//	f_B or ∇f_B not finite (a rate too large diverges this way)
//	                                              Result at the last x where f was
//	                                              finite, error (matrix.ErrNotFinite)
//	B ≥ n                                         full batch, one update per epoch
//
// Reference: H. Robbins and S. Monro, "A stochastic approximation method",
// Ann. Math. Statist. 22, 1951; L. Bottou, F. E. Curtis and J. Nocedal,
// "Optimization methods for large-scale machine learning", SIAM Review
// 60(2), 2018, §4; I. Sutskever, J. Martens, G. Dahl and G. Hinton, "On the
// importance of initialization and momentum in deep learning", ICML 2013.
func SGD(obj StochasticObjective, x0 []float64, s *SGDSettings) (*Result, error) {
	const op = "sgd"
	if s == nil {
		s = &SGDSettings{}
	}
	if err := checkStart(op, obj, x0); err != nil {
		return nil, err
	}
	if !(s.Momentum >= 0 && s.Momentum < 1) {
		return nil, badSetting(op, "Momentum β = %v is outside [0, 1)", s.Momentum)
	}
	lr := s.LearningRate
	if lr == 0 {
		lr = 0.01
	}
	e, err := resolveEpochs(op, lr, s.Decay, s.BatchSize, s.Epochs, s.Seed, s.GradTol, s.Trace)
	if err != nil {
		return nil, err
	}
	// With β = 0 the velocity update is vₜ₊₁ = −α∇f_B, xₜ₊₁ = xₜ + vₜ₊₁: plain SGD.
	return runEpochs(e, obj, x0, sgdRule{newVelocity(x0, s.Momentum, s.Nesterov)})
}

// sgdRule is the update of SGD: the velocity update of the momentum methods.
type sgdRule struct{ *velocity }

func (r sgdRule) iterate() []float64 { return r.x }
