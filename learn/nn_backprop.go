package learn

import (
	"fmt"
	"math"

	"mlnotes/matrix"
)

// LossKind names the loss J of one sample that a network minimizes.
type LossKind string

// The losses. The names are those the CLI accepts.
const (
	// LossSquared is the notes' J = ½ Σᵢ (yᵢᴸ − dᵢ)², with any output
	// activation: δⱼᴸ = (yⱼᴸ − dⱼ) f′(ηⱼᴸ) (through the softmax Jacobian
	// when the output is softmax).
	LossSquared LossKind = "mse"
	// LossCrossEntropy is J = −Σₖ dₖ log yₖᴸ with a softmax output, for
	// which δᴸ = yᴸ − d (targets summing to 1), or the binary
	// J = −Σₖ [dₖ log yₖᴸ + (1 − dₖ) log(1 − yₖᴸ)] with sigmoid outputs of
	// slope b, for which δᴸ = b(yᴸ − d).
	LossCrossEntropy LossKind = "xent"
)

// checkLoss validates a loss against the output activation.
func checkLoss(op string, loss LossKind, out Activation) error {
	switch loss {
	case LossSquared:
		if out.Kind == ActHardLimiter {
			return fmt.Errorf("%s: %w: a hard-limiter output has no gradient", op, ErrInvalidParameter)
		}
		return nil
	case LossCrossEntropy:
		if out.Kind != ActSoftmax && out.Kind != ActSigmoid {
			return fmt.Errorf("%s: %w: cross-entropy needs a softmax or sigmoid output, not %s", op, ErrInvalidParameter, out.Kind)
		}
		return nil
	}
	return fmt.Errorf("%s: %w: unknown loss %q (mse, xent)", op, ErrInvalidParameter, string(loss))
}

// outputDelta computes the summed loss Σ J over the rows of the batch and
// writes δᴸ = ∂J/∂ηᴸ of every sample into delta (B×n_L), given Hᴸ, Yᴸ and
// the targets D.
//
// Implements: 004, "Backpropagation Algorithm"
// (δⱼᴸ = (yⱼᴸ − dⱼ) f′(ηⱼᴸ) for J = ½Σ(yᴸ − d)²; the notes write the last
// layer's δ with l where L is meant: docs/errata.md).
func outputDelta(loss LossKind, out Activation, h, y, d, delta *matrix.Dense) float64 {
	rows, cols := y.Dims()
	var sum float64
	for i := range rows {
		hi, yi, di, dl := h.Row(i), y.Row(i), d.Row(i), delta.Row(i)[:cols]
		switch {
		case loss == LossSquared && out.Kind == ActSoftmax:
			// ∂J/∂ηₖ = Σⱼ (yⱼ − dⱼ) ∂yⱼ/∂ηₖ = yₖ((yₖ − dₖ) − Σⱼ yⱼ(yⱼ − dⱼ))
			var s float64
			for j, yj := range yi {
				e := yj - di[j]
				sum += 0.5 * e * e
				s += yj * e
			}
			for k, yk := range yi {
				dl[k] = yk * ((yk - di[k]) - s)
			}
		case loss == LossSquared:
			for j, yj := range yi {
				e := yj - di[j]
				sum += 0.5 * e * e               // J = ½Σ(yⱼᴸ − dⱼ)²
				dl[j] = e * out.Deriv(hi[j], yj) // δⱼᴸ = (yⱼᴸ − dⱼ) f′(ηⱼᴸ)
			}
		case out.Kind == ActSoftmax:
			// log yₖ = ηₖ − log Σⱼ exp ηⱼ, computed with the maximum
			// subtracted so that neither overflows nor log 0 appears.
			m := hi[0]
			for _, v := range hi {
				m = max(m, v)
			}
			var z, dsum float64
			for _, v := range hi {
				z += matrix.Exp(v - m)
			}
			lse := m + math.Log(z)
			for k, dk := range di {
				if dk != 0 {
					sum -= dk * (hi[k] - lse) // J = −Σ dₖ log yₖ
				}
				dsum += dk
			}
			for k, yk := range yi {
				dl[k] = yk*dsum - di[k] // δₖᴸ = yₖ Σⱼdⱼ − dₖ = yₖ − dₖ
			}
		default: // cross-entropy with sigmoid outputs of slope b
			b := out.b()
			for k, yk := range yi {
				u := b * hi[k]
				// −log y = softplus(−u), −log(1 − y) = softplus(u)
				sum += di[k]*softplus(-u) + (1-di[k])*softplus(u)
				dl[k] = b * (yk - di[k]) // δₖᴸ = b(yₖ − dₖ)
			}
		}
	}
	return sum
}

// sparsity is the penalty β Σⱼ KL(ρ ‖ ρ̂ⱼ) of a sparse autoencoder on the
// mean activations ρ̂ⱼ of the hidden layer `layer` over a mini-batch.
type sparsity struct {
	layer     int
	rho, beta float64
	rhoHat    []float64 // workspace: ρ̂ⱼ
}

// backward runs the δ recursion of 004, "Backpropagation Algorithm", over a mini-batch whose
// forward pass is p and whose output deltas δᴸ are in p.Delta[L], and
// writes the gradient of
//
//	f(θ) = (1/B) Σ_samples J + (λ/2) Σₗ ‖Wˡ‖²_F  [+ β Σⱼ KL(ρ‖ρ̂ⱼ)]
//
// into grad (the layout of Theta). For l = L−1, …, 1, with B samples as
// the rows of Δˡ⁺¹ (B×nₗ₊₁):
//
//	∂f/∂Wˡ   = (1/B) (Yˡ)ᵀ Δˡ⁺¹ + λWˡ   (∂J/∂wᵢⱼˡ = δⱼˡ⁺¹ yᵢˡ, summed over samples)
//	∂f/∂bˡ⁺¹ = (1/B) 1ᵀ Δˡ⁺¹
//	Δˡ       = (Δˡ⁺¹ (Wˡ)ᵀ) ⊙ f′(Hˡ)      (δⱼˡ = (Σₛ δₛˡ⁺¹ wⱼₛˡ) f′(ηⱼˡ)), for l ≥ 2
//
// Two matrix products per layer, on matrix's GEMM: no loop over samples.
// It returns the penalty terms added to f (the weight decay and, with a
// sparsity term, β Σ KL).
//
// Implements: 004, "Backpropagation Algorithm".
func (net *Network) backward(theta, grad []float64, p *Pass, lambda float64, sp *sparsity) float64 {
	B := p.Y[1].Rows()
	inv := 1 / float64(B)
	var penalty float64
	for l := net.L() - 1; l >= 1; l-- {
		w, _ := net.layer(theta, l)
		gw, gb := net.layer(grad, l)
		dNext := p.Delta[l+1]
		matrix.Gemm(true, false, inv, p.Y[l], dNext, 0, gw) // (1/B)(Yˡ)ᵀΔˡ⁺¹
		clear(gb)
		for i := range B {
			matrix.Axpy(inv, dNext.Row(i), gb) // (1/B) Σ_samples δˡ⁺¹
		}
		if lambda > 0 {
			wd, _ := w.Raw()
			gd, _ := gw.Raw()
			matrix.Axpy(lambda, wd, gd) // + λWˡ
			penalty += 0.5 * lambda * matrix.Dot(wd, wd)
		}
		if l == 1 {
			break // δ¹ of the inputs is not needed
		}
		matrix.Gemm(false, true, 1, dNext, w, 0, p.Delta[l]) // Σₛ δₛˡ⁺¹ wⱼₛˡ
		if sp != nil && sp.layer == l {
			penalty += sp.addGradient(p.Y[l], p.Delta[l])
		}
		net.Hidden.scaleByDeriv(p.Eta[l], p.Y[l], p.Delta[l]) // ⊙ f′(ηⱼˡ)
	}
	return penalty
}

// addGradient computes ρ̂ⱼ = (1/B) Σ_samples yⱼ over the batch, returns
// β Σⱼ KL(ρ‖ρ̂ⱼ) and adds to the back-propagated sums of every sample
// B·∂(β Σ KL)/∂yⱼ = β(−ρ/ρ̂ⱼ + (1 − ρ)/(1 − ρ̂ⱼ)) (the δ's are per sample,
// the objective is a mean: the factor B cancels the 1/B of ρ̂ⱼ).
//
// Implements: 004, "Sparse Autoencoder" (the notes
// say sparsity "can be incorporated into the objective function"; this is
// the usual KL form of Ng's lecture notes).
func (sp *sparsity) addGradient(y, delta *matrix.Dense) float64 {
	B, n := y.Dims()
	if len(sp.rhoHat) != n {
		sp.rhoHat = make([]float64, n)
	}
	clear(sp.rhoHat)
	for i := range B {
		matrix.Axpy(1/float64(B), y.Row(i), sp.rhoHat) // ρ̂ⱼ = (1/B) Σ yⱼ
	}
	rho, beta := sp.rho, sp.beta
	var kl float64
	g := make([]float64, n)
	for j, rh := range sp.rhoHat {
		// KL(ρ‖ρ̂) = ρ log(ρ/ρ̂) + (1 − ρ) log((1 − ρ)/(1 − ρ̂))
		kl += rho*math.Log(rho/rh) + (1-rho)*math.Log((1-rho)/(1-rh))
		g[j] = beta * (-rho/rh + (1-rho)/(1-rh))
	}
	for i := range B {
		matrix.Axpy(1, g, delta.Row(i))
	}
	return beta * kl
}

// netObjective is the training objective of a network over n samples (rows
// of X) with targets D (n×n_L), in the form optimize's stochastic methods
// take (it implements optimize.StochasticObjective):
//
//	f_B(θ) = (1/|B|) Σ_{i∈B} J(xᵢ, dᵢ; θ) + (λ/2) Σₗ ‖Wˡ‖²_F [+ β Σⱼ KL(ρ‖ρ̂ⱼ)].
//
// BatchValueGrad copies the rows of the batch into Y¹ and Dᴮ, runs one
// forward and one backward pass on the whole batch, and keeps the count of
// correct classifications for the accuracy trace.
type netObjective struct {
	net    *Network
	x, d   *matrix.Dense
	loss   LossKind
	lambda float64
	sparse *sparsity
	// corrupt, if set, is applied to the batch input after it is copied
	// (the masking noise of the denoising autoencoder); the target stays
	// the clean D.
	corrupt func(y1 *matrix.Dense)
	// classify counts correct arg-max predictions in correct.
	classify bool
	correct  int

	pass *Pass
	db   *matrix.Dense
}

func newNetObjective(net *Network, x, d *matrix.Dense, loss LossKind, lambda float64) *netObjective {
	return &netObjective{net: net, x: x, d: d, loss: loss, lambda: lambda}
}

// Samples returns n.
func (o *netObjective) Samples() int { return o.x.Rows() }

// BatchValueGrad returns f_B(θ) and writes ∇f_B(θ) into grad.
func (o *netObjective) BatchValueGrad(theta, grad []float64, batch []int) float64 {
	B := len(batch)
	if o.pass == nil || o.pass.Y[1].Rows() < B {
		o.pass = o.net.newPass(B)
		o.db = matrix.New(B, o.d.Cols())
	}
	p := o.pass.head(B)
	db := o.db.Slice(0, B, 0, o.d.Cols())
	for r, i := range batch {
		copy(p.Y[1].Row(r), o.x.Row(i))
		copy(db.Row(r), o.d.Row(i))
	}
	if o.corrupt != nil {
		o.corrupt(p.Y[1])
	}
	return o.valueGrad(theta, grad, p, db)
}

// valueGrad is the forward and backward pass over a batch already in p.
func (o *netObjective) valueGrad(theta, grad []float64, p *Pass, db *matrix.Dense) float64 {
	L := o.net.L()
	o.net.forward(theta, p)
	sum := outputDelta(o.loss, o.net.Output, p.Eta[L], p.Y[L], db, p.Delta[L])
	if o.classify {
		o.correct += countCorrect(p.Y[L], db)
	}
	B := float64(p.Y[1].Rows())
	return sum/B + o.net.backward(theta, grad, p, o.lambda, o.sparse)
}

// countCorrect counts the rows whose largest output is at the position of
// the largest target (ties to the first).
func countCorrect(y, d *matrix.Dense) int {
	c := 0
	for i := range y.Rows() {
		if argmax(y.Row(i)) == argmax(d.Row(i)) {
			c++
		}
	}
	return c
}

// dataLoss returns the mean loss (1/n) Σ J over all rows of X, without the
// penalties, and the number of correct arg-max predictions, by forward
// passes in blocks (validation and reports).
func (net *Network) dataLoss(x, d *matrix.Dense, loss LossKind) (mean float64, correct int) {
	n := x.Rows()
	full := net.newPass(min(n, predictBlock))
	var sum float64
	for i0 := 0; i0 < n; i0 += predictBlock {
		b := min(predictBlock, n-i0)
		p := full.head(b)
		p.Y[1].Copy(x.Slice(i0, i0+b, 0, x.Cols()))
		net.forward(net.Theta, p)
		db := d.Slice(i0, i0+b, 0, d.Cols())
		L := net.L()
		sum += outputDelta(loss, net.Output, p.Eta[L], p.Y[L], db, p.Delta[L])
		correct += countCorrect(p.Y[L], db)
	}
	return sum / float64(n), correct
}
