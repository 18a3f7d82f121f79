package learn

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"mlnotes/matrix"
)

// AutoencoderType selects one of the three autoencoders of 004, "Auto-Encoder".
type AutoencoderType string

// The autoencoder types. The names are those the CLI accepts.
const (
	// AutoencoderPlain learns x̂ = g(f(x)) ≈ x through a hidden layer.
	AutoencoderPlain AutoencoderType = "plain"
	// AutoencoderDenoising feeds a corrupted x̃ (a random fraction of the
	// components set to 0) and asks for the clean x at the output.
	AutoencoderDenoising AutoencoderType = "denoising"
	// AutoencoderSparse adds β Σⱼ KL(ρ ‖ ρ̂ⱼ) to the loss, ρ̂ⱼ the mean
	// activation of hidden unit j, which keeps most units near 0 for any x.
	AutoencoderSparse AutoencoderType = "sparse"
)

// Autoencoder configures an autoencoder: the network n₁ → Hidden → n₁
// (encoder yⱼ² = f(Σᵢ wᵢⱼ¹ xᵢ + bⱼ²), decoder x̂ₖ = g(Σⱼ wⱼₖ² yⱼ² + bₖ³))
// trained by backpropagation to minimize the mean over the samples of the
// notes' J = ½‖x̂ − x‖², plus for the sparse type β Σⱼ KL(ρ ‖ ρ̂ⱼ) with
// ρ̂ⱼ = the mean of yⱼ² over each mini-batch and
//
//	KL(ρ ‖ ρ̂) = ρ log(ρ/ρ̂) + (1 − ρ) log((1 − ρ)/(1 − ρ̂)),
//
// whose gradient adds β(−ρ/ρ̂ⱼ + (1 − ρ)/(1 − ρ̂ⱼ)) to the back-propagated
// sum of hidden unit j before the factor f′(ηⱼ²). The denoising type sets
// each input component to 0 with probability Corruption (masking noise,
// drawn anew for every mini-batch from the seed) while the target stays the
// clean x.
//
// With identity activations and k hidden units the autoencoder is linear:
// the best it can do is PCA's reconstruction from k components, whose mean
// squared error is the sum of the discarded eigenvalues (a test checks that
// training reaches it and never goes below).
//
// Implements: 004, "Auto-Encoder", "Denoising
// Autoencoder", "Sparse Autoencoder".
//
// Reference: P. Vincent, H. Larochelle, Y. Bengio and P.-A. Manzagol,
// "Extracting and composing robust features with denoising autoencoders",
// ICML 2008; A. Ng, "Sparse autoencoder", CS294A lecture notes, 2011;
// P. Baldi and K. Hornik, "Neural networks and principal component
// analysis", Neural Networks 2(1), 1989.
type Autoencoder struct {
	// Hidden is the number n₂ ≥ 1 of hidden units (the code length).
	Hidden int
	// Type is plain ("" means plain), denoising or sparse.
	Type AutoencoderType
	// Activation is f of the hidden layer; the zero value means sigmoid
	// (required for the sparse type, whose ρ̂ must lie in (0, 1)).
	Activation Activation
	// Output is g of the output layer; the zero value means identity.
	Output Activation
	// Corruption is the fraction ν in [0, 1) of input components set to 0
	// (denoising); zero means 0.25.
	Corruption float64
	// Rho is the target mean activation ρ in (0, 1) (sparse); zero means
	// 0.05. Beta is the weight β > 0 of the sparsity term; zero means 3.
	Rho, Beta float64
	// Lambda is the weight decay λ ≥ 0; zero means none.
	Lambda float64
	// Training holds the optimizer, epochs, batch size and seed.
	Training Training
}

// AutoencoderModel is a trained autoencoder.
type AutoencoderModel struct {
	// Network is the trained network n₁ → n₂ → n₁.
	Network *Network `json:"network"`
	// Type, Corruption, Rho and Beta are the settings it was trained with.
	Type       AutoencoderType `json:"type"`
	Corruption float64         `json:"corruption,omitempty"`
	Rho        float64         `json:"rho,omitempty"`
	Beta       float64         `json:"beta,omitempty"`
	// Converged is MLPClassifierModel.Converged: early stopping on the
	// validation split ended training before the epoch cap.
	Converged bool `json:"converged,omitempty"`
	// History is the per-epoch record of training (not saved).
	History *History `json:"-"`
}

// resolve applies the defaults and checks the settings.
func (a Autoencoder) resolve(op string) (Autoencoder, error) {
	bad := func(format string, args ...any) (Autoencoder, error) {
		return a, fmt.Errorf("%s: %w: "+format, append([]any{op, ErrInvalidParameter}, args...)...)
	}
	if a.Type == "" {
		a.Type = AutoencoderPlain
	}
	if a.Activation.Kind == "" {
		a.Activation = Activation{Kind: ActSigmoid}
	}
	if a.Output.Kind == "" {
		a.Output = Activation{Kind: ActIdentity}
	}
	if a.Hidden < 1 {
		return bad("%d hidden units", a.Hidden)
	}
	if a.Output.Kind == ActSoftmax {
		return bad("a softmax output cannot reproduce an input")
	}
	switch a.Type {
	case AutoencoderPlain:
		a.Corruption, a.Rho, a.Beta = 0, 0, 0
	case AutoencoderDenoising:
		if a.Corruption == 0 {
			a.Corruption = 0.25
		}
		if !(a.Corruption >= 0 && a.Corruption < 1) {
			return bad("corruption fraction %v is outside [0, 1)", a.Corruption)
		}
		a.Rho, a.Beta = 0, 0
	case AutoencoderSparse:
		a.Rho, a.Beta = defaultIfZero(a.Rho, 0.05), defaultIfZero(a.Beta, 3)
		if !(a.Rho > 0 && a.Rho < 1) {
			return bad("ρ = %v is outside (0, 1)", a.Rho)
		}
		if !(a.Beta > 0 && a.Beta < math.Inf(1)) {
			return bad("β = %v is not a finite number > 0", a.Beta)
		}
		if a.Activation.Kind != ActSigmoid {
			return bad("a sparse autoencoder needs a sigmoid hidden layer (ρ̂ⱼ in (0, 1)), not %s", a.Activation.Kind)
		}
		a.Corruption = 0
	default:
		return bad("unknown autoencoder type %q (plain, denoising, sparse)", string(a.Type))
	}
	return a, nil
}

// Fit trains the autoencoder on the rows of X (n×d).
//
// Special cases:
//
//	empty X                                error (matrix.ErrEmpty)
//	NaN or ±Inf in X                       error (matrix.ErrNotFinite)
//	Hidden < 1, Corruption outside [0, 1), ρ outside (0, 1), β ≤ 0, a
//	sparse type without a sigmoid hidden layer, an invalid activation or
//	training setting                       error (ErrInvalidParameter)
//	the loss becomes NaN or ±Inf           error naming the epoch (matrix.ErrNotFinite)
func (a Autoencoder) Fit(x *matrix.Dense) (*AutoencoderModel, error) {
	const op = "learn: autoencoder"
	a, err := a.resolve(op)
	if err != nil {
		return nil, err
	}
	if err := checkData(op, x, 1); err != nil {
		return nil, err
	}
	d := x.Cols()
	net, err := NewNetwork([]int{d, a.Hidden, d}, a.Activation, a.Output, a.Training.seed())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if err := net.checkTrainable(op, x, x, LossSquared, a.Lambda); err != nil {
		return nil, err
	}
	xt, _, xv, _ := splitValidation(x, x, a.Training.ValidationFraction, a.Training.seed(), nil)
	o := newNetObjective(net, xt, xt, LossSquared, a.Lambda)
	switch a.Type {
	case AutoencoderDenoising:
		o.corrupt = maskingNoise(a.Corruption, a.Training.seed())
	case AutoencoderSparse:
		o.sparse = &sparsity{layer: 2, rho: a.Rho, beta: a.Beta}
	}
	h, err := a.Training.train(op, o, xv, xv)
	if err != nil {
		return nil, err
	}
	return &AutoencoderModel{Network: net, Type: a.Type, Corruption: a.Corruption, Rho: a.Rho, Beta: a.Beta, Converged: h.Stopped, History: h}, nil
}

// maskingNoise returns the corruption of the denoising autoencoder: every
// entry of the batch input set to 0 with probability ν, from a PCG
// generator of the seed.
func maskingNoise(nu float64, seed uint64) func(y1 *matrix.Dense) {
	rng := rand.New(rand.NewPCG(seed, noiseStream))
	return func(y1 *matrix.Dense) {
		for i := range y1.Rows() {
			r := y1.Row(i)
			for j := range r {
				if rng.Float64() < nu {
					r[j] = 0 // x̃ⱼ = 0: the component is masked
				}
			}
		}
	}
}

// Encode returns the codes y² = f(xW¹ + b²) of the rows of X (n×Hidden).
func (m *AutoencoderModel) Encode(x *matrix.Dense) (*matrix.Dense, error) {
	const op = "learn: autoencoder: encode"
	if err := checkQuery(op, x, m.Network.Sizes[0]); err != nil {
		return nil, err
	}
	return m.Network.mapBlocks(op, x, 2, func(p *Pass) *matrix.Dense { return p.Y[2] })
}

// Decode returns the reconstructions x̂ = g(y²W² + b³) of the rows of the
// codes Y (n×Hidden).
func (m *AutoencoderModel) Decode(codes *matrix.Dense) (*matrix.Dense, error) {
	net := m.Network
	if err := checkQuery("learn: autoencoder: decode", codes, net.Sizes[1]); err != nil {
		return nil, err
	}
	w, b := net.layer(net.Theta, 2)
	eta := matrix.New(codes.Rows(), net.Sizes[2])
	for i := range eta.Rows() {
		copy(eta.Row(i), b)
	}
	matrix.Gemm(false, false, 1, codes, w, 1, eta) // η³ = y²W² + b³
	net.Output.apply(eta, eta)                     // x̂ = g(η³)
	if err := eta.CheckFinite(); err != nil {
		return nil, fmt.Errorf("learn: autoencoder: decode: %w (a net input overflowed)", err)
	}
	return eta, nil
}

// Reconstruct returns x̂ for every row of X: Decode(Encode(X)).
func (m *AutoencoderModel) Reconstruct(x *matrix.Dense) (*matrix.Dense, error) {
	const op = "learn: autoencoder: reconstruct"
	if err := checkQuery(op, x, m.Network.Sizes[0]); err != nil {
		return nil, err
	}
	return m.Network.predictRows(op, x)
}

// ReconstructionError returns the mean squared reconstruction error
// (1/n) Σᵢ ‖xᵢ − x̂ᵢ‖² of the clean rows of X (as PCAModel's; divide by the
// width d for the mean per entry).
func (m *AutoencoderModel) ReconstructionError(x *matrix.Dense) (float64, error) {
	xh, err := m.Reconstruct(x)
	if err != nil {
		return 0, err
	}
	var sum float64
	for i := range x.Rows() {
		xi, hi := x.Row(i), xh.Row(i)
		for j := range xi {
			e := xi[j] - hi[j]
			sum += e * e
		}
	}
	return sum / float64(x.Rows()), nil
}

// Save writes the model as JSON ("mlnotes/autoencoder").
func (m *AutoencoderModel) Save(w io.Writer) error { return saveModel(w, "autoencoder", m) }

// LoadAutoencoder reads a model written by AutoencoderModel.Save, checking
// that it is consistent (an error wrapping ErrFormat otherwise).
func LoadAutoencoder(r io.Reader) (*AutoencoderModel, error) {
	const op = "learn: load autoencoder"
	var m AutoencoderModel
	if err := loadModel(r, "autoencoder", &m); err != nil {
		return nil, err
	}
	if err := checkLoadedNetwork(m.Network); err != nil {
		return nil, fmt.Errorf("%s: %w: %v", op, ErrFormat, err)
	}
	if s := m.Network.Sizes; len(s) != 3 || s[0] != s[2] {
		return nil, fmt.Errorf("%s: %w: sizes %v are not d → k → d", op, ErrFormat, s)
	}
	return &m, nil
}
