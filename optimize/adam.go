package optimize

import (
	"math"
)

// AdamSettings configures Adam. The zero value gives the defaults of Kingma
// and Ba: α = 0.001, β₁ = 0.9, β₂ = 0.999, ε = 10⁻⁸; with one sample per
// update, 100 epochs and seed 0.
type AdamSettings struct {
	// LearningRate is α > 0. Zero means 0.001.
	LearningRate float64
	// Beta1 and Beta2 are the decay rates β₁, β₂ in [0, 1) of the moving
	// averages of the gradient and of its square. Zero means 0.9 and 0.999;
	// a negative value (Zero) asks for β = 0: with β₁ = 0 the step uses the
	// current gradient alone (RMSProp with Adam's bias correction).
	Beta1, Beta2 float64
	// Epsilon is the ε > 0 added to √v̂ against division by zero. Zero means
	// 10⁻⁸.
	Epsilon float64
	// Decay, BatchSize, Epochs, Seed, GradTol and Trace mean what they mean
	// in SGDSettings (zero means: constant rate, B = 1, 100 epochs, seed 0,
	// no gradient test, no trace).
	Decay     float64
	BatchSize int
	Epochs    int
	Seed      uint64
	GradTol   float64
	Trace     func(Step)
}

// Adam minimizes f(x) = (1/n) Σᵢ fᵢ(x) from x₀ with the Adam method
// ("adaptive moment estimation"), on shuffled mini-batches exactly as SGD.
// With gₜ = ∇f_B(xₜ₋₁) the mini-batch gradient of update t = 1, 2, …,
//
//	mₜ = β₁mₜ₋₁ + (1−β₁)gₜ,        vₜ = β₂vₜ₋₁ + (1−β₂)gₜ²   (elementwise),
//	m̂ₜ = mₜ/(1−β₁ᵗ),               v̂ₜ = vₜ/(1−β₂ᵗ),
//	xₜ = xₜ₋₁ − α m̂ₜ/(√v̂ₜ + ε),
//
// with m₀ = v₀ = 0. The bias corrections m̂, v̂ undo the pull of the zero
// start towards 0, so that the first step moves every coordinate by α in
// the direction of −sign(g₁) whatever the scale of g. Each coordinate thus
// gets its own step, about α·m̂ᵢ/√v̂ᵢ, bounded by about α, which makes the
// method insensitive to the scaling of the parameters; the price is that it
// does not converge to x* with a constant α but hovers within about α of it.
//
// As for SGD, a run ends after Epochs epochs with Status EpochLimit,
// Converged false and a nil error, unless GradTol ends it earlier; F,
// Gradient and GradNorm are evaluated over all samples at the final X.
// Each update costs one BatchValueGrad and O(d) arithmetic.
//
// Special cases:
//
//	nil objective, empty x₀, Samples() ≤ 0        error (matrix.ErrEmpty)
//	NaN or ±Inf in x₀                             error (matrix.ErrNotFinite)
//	negative or non-finite LearningRate, Epsilon, Decay or GradTol, β₁ or β₂
//	outside (0, 1), BatchSize or Epochs < 0        error (ErrInvalidParameter)
//	f_B or ∇f_B not finite                        Result at the last x where f was
//	                                              finite, error (matrix.ErrNotFinite)
//
// Implements: 004, "Auto-Encoder", "Denoising
// Autoencoder", "Sparse Autoencoder" (trained through backpropagation on
// mini-batches; the notes name no optimizer).
//
// Reference: D. P. Kingma and J. Ba, "Adam: a method for stochastic
// optimization", ICLR 2015, Algorithm 1.
func Adam(obj StochasticObjective, x0 []float64, s *AdamSettings) (*Result, error) {
	const op = "adam"
	if s == nil {
		s = &AdamSettings{}
	}
	if err := checkStart(op, obj, x0); err != nil {
		return nil, err
	}
	r := &adamRule{
		x:     append([]float64(nil), x0...),
		m:     make([]float64, len(x0)),
		v:     make([]float64, len(x0)),
		beta1: zeroOr(s.Beta1, 0.9),
		beta2: zeroOr(s.Beta2, 0.999),
		eps:   defaultOr(s.Epsilon, 1e-8, s.Epsilon),
	}
	switch {
	case !(r.beta1 >= 0 && r.beta1 < 1):
		return nil, badSetting(op, "Beta1 β₁ = %v is outside [0, 1)", s.Beta1)
	case !(r.beta2 >= 0 && r.beta2 < 1):
		return nil, badSetting(op, "Beta2 β₂ = %v is outside [0, 1)", s.Beta2)
	case !(r.eps > 0 && r.eps < math.Inf(1)):
		return nil, badSetting(op, "Epsilon ε = %v is not a finite number > 0", s.Epsilon)
	}
	e, err := resolveEpochs(op, defaultOr(s.LearningRate, 0.001, s.LearningRate), s.Decay,
		s.BatchSize, s.Epochs, s.Seed, s.GradTol, s.Trace)
	if err != nil {
		return nil, err
	}
	return runEpochs(e, obj, x0, r)
}

// adamRule holds the state of Adam: x, the moment estimates m and v, and
// the number t of updates made.
type adamRule struct {
	x, m, v           []float64
	beta1, beta2, eps float64
	t                 int
}

func (r *adamRule) point(z []float64) { copy(z, r.x) }

func (r *adamRule) iterate() []float64 { return r.x }

func (r *adamRule) update(alpha float64, g []float64) {
	r.t++
	c1 := 1 - math.Pow(r.beta1, float64(r.t)) // 1 − β₁ᵗ
	c2 := 1 - math.Pow(r.beta2, float64(r.t)) // 1 − β₂ᵗ
	for i, gi := range g {
		r.m[i] = r.beta1*r.m[i] + (1-r.beta1)*gi    // mₜ = β₁mₜ₋₁ + (1−β₁)gₜ
		r.v[i] = r.beta2*r.v[i] + (1-r.beta2)*gi*gi // vₜ = β₂vₜ₋₁ + (1−β₂)gₜ²
		mHat := r.m[i] / c1                         // m̂ₜ = mₜ/(1−β₁ᵗ)
		vHat := r.v[i] / c2                         // v̂ₜ = vₜ/(1−β₂ᵗ)
		r.x[i] -= alpha * mHat / (math.Sqrt(vHat) + r.eps)
	}
}
