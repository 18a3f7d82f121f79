package learn

import (
	"fmt"
	"math"
	"math/rand/v2"

	"mlnotes/matrix"
	"mlnotes/optimize"
)

// Training says how a network (MLP, Autoencoder, Network.Train) is trained:
// by mini-batch gradient descent with optimize's settings types.
//
// Why the epoch loop lives here and not in optimize.SGD and optimize.Adam:
// those run a fixed budget of epochs and evaluate the loss and gradient over
// all samples once more at the end, and their Trace cannot stop a run.
// Training a network needs early stopping on a validation set (which ends
// the run and restores the best weights), a validation loss and accuracy in
// the per-epoch trace, and no extra full pass (which costs as much as an
// epoch). The loop below is theirs otherwise: the same settings with the
// same meanings and defaults, the same shuffles (the PCG generator seeded
// with Seed and the same stream) and the same update formulas, so that
// without a validation split it gives the same weights as optimize.SGD (bit
// for bit) or optimize.Adam (to rounding) on the same objective (a test
// checks both).
type Training struct {
	// SGD, if not nil, trains by mini-batch stochastic gradient descent
	// with its settings: LearningRate α₀, Decay, Momentum β and Nesterov
	// (the "momentum" optimizer is SGD with Momentum > 0), BatchSize,
	// Epochs and Seed, their zero values meaning what optimize documents
	// (α₀ = 0.01, B = 1, 100 epochs). Adam, if not nil, trains by Adam with
	// its settings. Setting both is an error. Neither means Adam with
	// α = 0.001, B = min(200, n), 200 epochs, seed 0 (scikit-learn's MLP
	// defaults). GradTol must be 0 (early stopping replaces it); Trace, if
	// set, is called at the end of every epoch.
	SGD  *optimize.SGDSettings
	Adam *optimize.AdamSettings
	// ValidationFraction in [0, 1) is the fraction of the samples held out
	// (chosen at random from the seed; class by class, in proportion, for
	// MLP.FitClassifier) to stop early: training ends when
	// the validation loss has not fallen below best·(1 − 10⁻⁴) for Patience
	// epochs, and the weights of the best epoch are kept. Zero (the
	// default) trains on all samples for all the epochs.
	ValidationFraction float64
	// Patience is the number of epochs without improvement before stopping
	// (with a validation split). Zero means 10.
	Patience int
	// Trace, if not nil, is called at the end of every epoch, with the
	// epoch in TraceStep.Epoch.
	Trace Trace
}

// EpochReport describes one epoch of training.
type EpochReport struct {
	Epoch int // 1, 2, …
	// Loss is the mean over the epoch of the mini-batch objectives f_B
	// (penalties included), the running training loss.
	Loss float64
	// Accuracy is the fraction of the epoch's training samples whose
	// arg-max output was right when they were seen (classifiers; NaN
	// otherwise).
	Accuracy float64
	// ValidLoss and ValidAccuracy are the mean loss (without penalties) and
	// the accuracy on the validation split at the end of the epoch (NaN
	// without a split).
	ValidLoss, ValidAccuracy float64
}

// History is the per-epoch record of a training run.
type History struct {
	Loss, Accuracy, ValidLoss, ValidAccuracy []float64
	// Epochs is the number of epochs run; BestEpoch the one whose weights
	// were kept (the last one without a validation split).
	Epochs, BestEpoch int
	// Stopped reports that early stopping ended the run.
	Stopped bool
}

// optimizer is a resolved Training: the update rule and the loop settings.
type optimizer struct {
	name                  string
	adam                  bool
	lr, decay             float64
	momentum              float64
	nesterov              bool
	beta1, beta2, epsilon float64
	batch, epochs         int
	seed                  uint64
	trace                 func(optimize.Step)
}

// resolve applies the defaults of optimize's settings and checks them.
func (t Training) resolve(op string, n int) (optimizer, error) {
	bad := func(format string, args ...any) (optimizer, error) {
		return optimizer{}, fmt.Errorf("%s: %w: "+format, append([]any{op, ErrInvalidParameter}, args...)...)
	}
	var o optimizer
	var gradTol float64
	switch {
	case t.SGD != nil && t.Adam != nil:
		return bad("both SGD and Adam settings are given")
	case t.SGD != nil:
		s := t.SGD
		o = optimizer{name: "sgd", lr: defaultIfZero(s.LearningRate, 0.01), decay: s.Decay, momentum: s.Momentum,
			nesterov: s.Nesterov, batch: defaultIfZeroInt(s.BatchSize, 1), epochs: defaultIfZeroInt(s.Epochs, 100),
			seed: s.Seed, trace: s.Trace}
		if s.Momentum > 0 {
			o.name = "momentum"
		}
		if !(s.Momentum >= 0 && s.Momentum < 1) {
			return bad("momentum β = %v is outside [0, 1)", s.Momentum)
		}
		gradTol = s.GradTol
	default:
		s := t.Adam
		if s == nil {
			s = &optimize.AdamSettings{LearningRate: 0.001, BatchSize: min(200, n), Epochs: 200}
		}
		o = optimizer{name: "adam", adam: true, lr: defaultIfZero(s.LearningRate, 0.001), decay: s.Decay,
			beta1: defaultIfZero(s.Beta1, 0.9), beta2: defaultIfZero(s.Beta2, 0.999), epsilon: defaultIfZero(s.Epsilon, 1e-8),
			batch: defaultIfZeroInt(s.BatchSize, 1), epochs: defaultIfZeroInt(s.Epochs, 100), seed: s.Seed, trace: s.Trace}
		if !(o.beta1 > 0 && o.beta1 < 1) || !(o.beta2 > 0 && o.beta2 < 1) {
			return bad("Adam's β₁ = %v, β₂ = %v must lie in (0, 1)", o.beta1, o.beta2)
		}
		if !(o.epsilon > 0 && o.epsilon < math.Inf(1)) {
			return bad("Adam's ε = %v is not a finite number > 0", o.epsilon)
		}
		gradTol = s.GradTol
	}
	switch {
	case !(o.lr > 0 && o.lr < math.Inf(1)):
		return bad("learning rate %v is not a finite number > 0", o.lr)
	case !(o.decay >= 0 && o.decay < math.Inf(1)):
		return bad("decay %v is not a finite number ≥ 0", o.decay)
	case o.batch < 1:
		return bad("batch size %d < 1", o.batch)
	case o.epochs < 1:
		return bad("%d epochs", o.epochs)
	case gradTol != 0:
		return bad("GradTol is not used in network training (use ValidationFraction to stop early)")
	case !(t.ValidationFraction >= 0 && t.ValidationFraction < 1):
		return bad("validation fraction %v is outside [0, 1)", t.ValidationFraction)
	case t.Patience < 0:
		return bad("patience %d < 0", t.Patience)
	}
	return o, nil
}

func defaultIfZero(v, def float64) float64 {
	if v == 0 {
		return def
	}
	return v
}

func defaultIfZeroInt(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}

// splitValidation moves a random fraction of the rows of X and D (chosen by
// the PCG generator of the seed) into a validation set. It returns the
// training and validation parts; valid is nil for fraction 0. Each part
// keeps at least one row.
//
// With classes (the class index of every row, for a classifier) the split
// is stratified, as scikit-learn's MLPClassifier splits for early
// stopping: StratifiedHoldOutSplit gives every class its share of the
// validation set up to one row, so that a rare class is not left out of
// it, or out of training, by chance.
func splitValidation(x, d *matrix.Dense, fraction float64, seed uint64, classes []int) (xt, dt, xv, dv *matrix.Dense) {
	n := x.Rows()
	if fraction == 0 || n < 2 {
		return x, d, nil, nil
	}
	var train, valid []int
	if classes != nil {
		// fraction is in (0, 1) (checked with the settings): no error.
		train, valid, _ = StratifiedHoldOutSplit(classes, fraction, seed)
	} else {
		perm := allRows(n)
		rng := rand.New(rand.NewPCG(seed, splitStream))
		rng.Shuffle(n, func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
		nv := min(max(int(math.Round(fraction*float64(n))), 1), n-1)
		valid, train = perm[:nv], perm[nv:]
	}
	take := func(m *matrix.Dense, idx []int) *matrix.Dense {
		out := matrix.New(len(idx), m.Cols())
		for r, i := range idx {
			copy(out.Row(r), m.Row(i))
		}
		return out
	}
	return take(x, train), take(d, train), take(x, valid), take(d, valid)
}

// train minimizes the objective o over θ = o.net.Theta in place, by the
// mini-batch method of t. Epoch e = 0, 1, … uses the rate
// αₑ = α₀/(1 + decay·e), shuffles the sample indices with the PCG generator
// seeded by (Seed, the optimizers' stream), and updates θ once for each run
// of B consecutive shuffled indices (the last one shorter):
//
//	SGD:  vₜ₊₁ = βvₜ − αₑ∇f_B(zₜ),  θₜ₊₁ = θₜ + vₜ₊₁   (zₜ = θₜ, or θₜ + βvₜ for Nesterov)
//	Adam: mₜ = β₁mₜ₋₁ + (1−β₁)gₜ,  vₜ = β₂vₜ₋₁ + (1−β₂)gₜ²,
//	      θₜ = θₜ₋₁ − α m̂ₜ/(√v̂ₜ + ε),  m̂ₜ = mₜ/(1−β₁ᵗ), v̂ₜ = vₜ/(1−β₂ᵗ)
//
// A mini-batch loss or gradient that is not finite stops the run with an
// error naming the epoch; θ is then left as it was before training.
func (t Training) train(op string, o *netObjective, xv, dv *matrix.Dense) (*History, error) {
	opt, err := t.resolve(op, o.Samples())
	if err != nil {
		return nil, err
	}
	net := o.net
	theta := net.Theta
	start := append([]float64(nil), theta...)
	n, d := o.Samples(), len(theta)
	B := min(opt.batch, n)
	patience := defaultIfZeroInt(t.Patience, 10)
	perm := allRows(n)
	rng := rand.New(rand.NewPCG(opt.seed, shuffleStream))
	grad, v := make([]float64, d), make([]float64, d)
	var m, z []float64
	if opt.adam {
		m = make([]float64, d)
	}
	if opt.nesterov {
		z = make([]float64, d)
	}
	h := &History{}
	best, bestTheta := math.Inf(1), []float64(nil)
	updates := 0
	for epoch := range opt.epochs {
		alpha := opt.lr / (1 + opt.decay*float64(epoch)) // αₑ = α₀/(1 + decay·e)
		rng.Shuffle(n, func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
		o.correct = 0
		sum, mean := 0.0, 0.0 // Σ f_B·|B|, and Σ f_B·|B|/n for when that sum overflows
		for s := 0; s < n; s += B {
			batch := perm[s:min(s+B, n)]
			at := theta
			if opt.nesterov {
				copy(z, theta)
				matrix.Axpy(opt.momentum, v, z) // zₜ = θₜ + βvₜ
				at = z
			}
			fB := o.BatchValueGrad(at, grad, batch)
			updates++
			// The update sums the gradient as it goes: a NaN or ±Inf in it
			// shows in the sum, which saves a separate pass over ∇f_B.
			var gsum float64
			if opt.adam {
				gsum = adamStep(theta, grad, m, v, alpha, opt, updates)
			} else {
				for i, g := range grad {
					v[i] = opt.momentum*v[i] - alpha*g // vₜ₊₁ = βvₜ − α∇f_B
					theta[i] += v[i]                   // θₜ₊₁ = θₜ + vₜ₊₁
					gsum += g
				}
			}
			if math.IsNaN(fB+gsum) || math.IsInf(fB, 0) || math.IsInf(gsum, 0) {
				copy(theta, start)
				what := fmt.Sprintf("the training loss became %v", fB)
				if !math.IsNaN(fB) && !math.IsInf(fB, 0) {
					what = "the gradient became " + fmt.Sprint(gsum)
				}
				advice := "try a smaller learning rate"
				if updates == 1 {
					// No step has been taken: the rate is not the cause.
					advice = "the starting parameters already give it, so the inputs or targets are too large for float64 arithmetic: scale them"
				}
				return h, fmt.Errorf("%s: %w: %s at epoch %d (mini-batch %d of %d); %s",
					op, matrix.ErrNotFinite, what, epoch+1, s/B+1, (n+B-1)/B, advice)
			}
			sum += fB * float64(len(batch))
			mean += fB * (float64(len(batch)) / float64(n))
		}
		epochLoss := sum / float64(n)
		if math.IsInf(epochLoss, 0) {
			epochLoss = mean // finite mini-batch losses near 1.8e308
		}
		rep := EpochReport{Epoch: epoch + 1, Loss: epochLoss, Accuracy: math.NaN(),
			ValidLoss: math.NaN(), ValidAccuracy: math.NaN()}
		if o.classify {
			rep.Accuracy = float64(o.correct) / float64(n)
		}
		h.Epochs = epoch + 1
		if xv == nil {
			h.BestEpoch = epoch + 1
		} else {
			vl, c := net.dataLoss(xv, dv, o.loss)
			rep.ValidLoss = vl
			if o.classify {
				rep.ValidAccuracy = float64(c) / float64(xv.Rows())
			}
		}
		h.Loss = append(h.Loss, rep.Loss)
		h.Accuracy = append(h.Accuracy, rep.Accuracy)
		h.ValidLoss = append(h.ValidLoss, rep.ValidLoss)
		h.ValidAccuracy = append(h.ValidAccuracy, rep.ValidAccuracy)
		if t.Trace != nil {
			r := rep
			t.Trace(TraceStep{Iteration: rep.Epoch, Objective: rep.Loss, Epoch: &r})
		}
		if opt.trace != nil {
			opt.trace(optimize.Step{Iteration: epoch + 1, X: theta, F: rep.Loss, GradNorm: math.NaN(), StepSize: alpha, Evaluations: updates})
		}
		if xv == nil {
			continue
		}
		if rep.ValidLoss < best-1e-4*math.Abs(best) || bestTheta == nil {
			best, bestTheta = rep.ValidLoss, append(bestTheta[:0], theta...)
			h.BestEpoch = epoch + 1
		} else if epoch+1-h.BestEpoch >= patience {
			h.Stopped = true
			break
		}
	}
	if bestTheta != nil {
		copy(theta, bestTheta)
	}
	return h, nil
}

// adamStep is Adam's update t with rate α, and returns Σᵢ gᵢ. The bias
// corrections are applied as multiplications by 1/(1−β₁ᵗ) and 1/(1−β₂ᵗ),
// which leaves one division and one square root per weight (the update is a
// fifth of an epoch's time at 784-256-10 otherwise); the iterates agree
// with optimize.Adam's to rounding.
func adamStep(theta, g, m, v []float64, alpha float64, o optimizer, t int) float64 {
	inv1 := 1 / (1 - math.Pow(o.beta1, float64(t))) // 1/(1 − β₁ᵗ)
	inv2 := 1 / (1 - math.Pow(o.beta2, float64(t))) // 1/(1 − β₂ᵗ)
	b1, b2, eps := o.beta1, o.beta2, o.epsilon
	theta, m, v = theta[:len(g)], m[:len(g)], v[:len(g)]
	var sum float64
	for i, gi := range g {
		m[i] = b1*m[i] + (1-b1)*gi    // mₜ = β₁mₜ₋₁ + (1−β₁)gₜ
		v[i] = b2*v[i] + (1-b2)*gi*gi // vₜ = β₂vₜ₋₁ + (1−β₂)gₜ²
		// θₜ = θₜ₋₁ − α m̂ₜ/(√v̂ₜ + ε), m̂ₜ = mₜ/(1−β₁ᵗ), v̂ₜ = vₜ/(1−β₂ᵗ)
		theta[i] -= alpha * (m[i] * inv1) / (math.Sqrt(v[i]*inv2) + eps)
		sum += gi
	}
	return sum
}

// Train fits the network's weights (in place, starting from the current
// Theta) to the rows of X (n×n₁) and the targets D (n×n_L) by minimizing
//
//	f(θ) = (1/n) Σᵢ J(xᵢ, dᵢ; θ) + (λ/2) Σₗ ‖Wˡ‖²_F
//
// with the mini-batch method of t, and returns the per-epoch history.
// Every gradient is computed by the δ recursion of Network.backward on the
// whole mini-batch at once.
//
// Special cases:
//
//	invalid network, loss, λ or settings     error (ErrInvalidParameter)
//	shapes that do not fit                   error (matrix.ErrShape)
//	empty data                               error (matrix.ErrEmpty)
//	NaN or ±Inf in X or D                    error (matrix.ErrNotFinite)
//	the loss becomes NaN or ±Inf             error naming the epoch (matrix.ErrNotFinite);
//	                                         Theta unchanged
//
// Implements: 004, "Backpropagation Algorithm" (the
// weights updated by gradient descent).
func (net *Network) Train(x, d *matrix.Dense, loss LossKind, lambda float64, t Training) (*History, error) {
	const op = "learn: network: train"
	if err := net.checkTrainable(op, x, d, loss, lambda); err != nil {
		return nil, err
	}
	seed := t.seed()
	xt, dt, xv, dv := splitValidation(x, d, t.ValidationFraction, seed, nil)
	o := newNetObjective(net, xt, dt, loss, lambda)
	o.classify = net.Output.Kind == ActSoftmax
	return t.train(op, o, xv, dv)
}

// seed returns the seed of the settings in use.
func (t Training) seed() uint64 {
	switch {
	case t.SGD != nil:
		return t.SGD.Seed
	case t.Adam != nil:
		return t.Adam.Seed
	}
	return 0
}
