package optimize

import (
	"math"
	"math/rand/v2"

	"mlnotes/matrix"
)

// The epoch loop shared by SGD and Adam: shuffle the sample indices, cut
// the permutation into mini-batches, hand each mini-batch gradient to the
// update rule, and apply the stopping rules once per epoch.

// updateRule is the part of a stochastic method that differs between SGD
// and Adam.
type updateRule interface {
	// point writes into z the point at which the next mini-batch gradient
	// is taken (x itself, or Nesterov's extrapolation).
	point(z []float64)
	// update moves x with the mini-batch gradient g and the rate α.
	update(alpha float64, g []float64)
	// iterate returns x (a view).
	iterate() []float64
}

// epochSettings are the settings common to SGD and Adam.
type epochSettings struct {
	op           string
	learningRate float64 // α₀, resolved
	decay        float64
	batchSize    int // resolved, ≤ n
	epochs       int // resolved
	seed         uint64
	gradTol      float64
	trace        func(Step)
}

// Defaults of the stochastic methods.
const (
	defaultBatchSize = 1
	defaultEpochs    = 100
	// pcgStream is the second word of the PCG state, fixed so that Seed alone
	// determines the shuffles.
	pcgStream = 0x6d6c6e6f746573 // "mlnotes"
)

// resolveEpochs checks the settings common to SGD and Adam; learningRate
// is given with its default already applied.
func resolveEpochs(op string, learningRate, decay float64, batchSize, epochs int, seed uint64,
	gradTol float64, trace func(Step)) (epochSettings, error) {
	e := epochSettings{op: op, learningRate: learningRate, decay: decay, batchSize: batchSize,
		epochs: epochs, seed: seed, gradTol: gradTol, trace: trace}
	switch {
	case !(learningRate > 0 && learningRate < math.Inf(1)):
		return e, badSetting(op, "LearningRate α = %v is not a finite number > 0", learningRate)
	case !(decay >= 0 && decay < math.Inf(1)):
		return e, badSetting(op, "Decay = %v is not a finite number ≥ 0", decay)
	case batchSize < 0:
		return e, badSetting(op, "BatchSize is %d < 0", batchSize)
	case epochs < 0:
		return e, badSetting(op, "Epochs is %d < 0", epochs)
	case !(gradTol >= 0 && gradTol < math.Inf(1)):
		return e, badSetting(op, "GradTol = %v is not a finite number ≥ 0", gradTol)
	}
	if e.batchSize == 0 {
		e.batchSize = defaultBatchSize
	}
	if e.epochs == 0 {
		e.epochs = defaultEpochs
	}
	return e, nil
}

// runEpochs is the driver of SGD and Adam. Epoch e = 0, 1, … uses the rate
// αₑ = α₀/(1 + decay·e), shuffles the indices 0…n−1 with the PCG generator
// seeded by (seed, pcgStream), and makes ⌈n/B⌉ updates with the batches of
// B consecutive shuffled indices (the last one shorter when B does not
// divide n).
func runEpochs(e epochSettings, obj StochasticObjective, x0 []float64, rule updateRule) (*Result, error) {
	n := obj.Samples()
	if n <= 0 {
		return nil, optError(e.op, matrix.ErrEmpty, "objective has %d samples", n)
	}
	d := len(x0)
	B := min(e.batchSize, n)
	perm := allSamples(n)
	rng := rand.New(rand.NewPCG(e.seed, pcgStream))
	z, g := make([]float64, d), make([]float64, d)
	last := append([]float64(nil), x0...) // x before the update in progress
	res := &Result{Loss: make([]float64, 0, e.epochs), Status: EpochLimit}
	var failure error

epochs:
	for epoch := range e.epochs {
		alpha := e.learningRate / (1 + e.decay*float64(epoch)) // αₑ = α₀/(1 + decay·e)
		rng.Shuffle(n, func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
		sum := 0.0
		for start := 0; start < n; start += B {
			batch := perm[start:min(start+B, n)]
			rule.point(z)
			fB := obj.BatchValueGrad(z, g, batch) // f_B(z), ∇f_B(z)
			res.Evaluations++
			if what := nonFinite(fB, g); what != "" {
				res.Status, failure = NotFinite, optError(e.op, matrix.ErrNotFinite,
					"%s on the mini-batch at position %d of epoch %d", what, start, epoch+1)
				break epochs
			}
			sum += fB * float64(len(batch))
			copy(last, rule.iterate())
			rule.update(alpha, g)
		}
		res.Iterations = epoch + 1
		res.Loss = append(res.Loss, sum/float64(n)) // mean of f_B over the epoch
		gnorm := math.NaN()
		if e.gradTol > 0 {
			// One extra pass: the full gradient ∇f(x) = (1/n) Σᵢ ∇fᵢ(x).
			res.F = fullValueGrad(obj, rule.iterate(), res)
			if failure = e.checkFull(res); failure != nil {
				copy(last, rule.iterate())
				break
			}
			gnorm = res.GradNorm
		}
		if e.trace != nil {
			e.trace(Step{Iteration: epoch + 1, X: rule.iterate(), F: res.Loss[epoch], GradNorm: gnorm,
				StepSize: alpha, Evaluations: res.Evaluations})
		}
		if gnorm <= e.gradTol {
			res.Status = GradientConverged
			break
		}
	}
	if failure != nil {
		res.X = last
	} else {
		res.X = append([]float64(nil), rule.iterate()...)
	}
	if res.Gradient == nil || failure != nil {
		res.F = fullValueGrad(obj, res.X, res)
	}
	if failure == nil {
		failure = e.checkFull(res)
	}
	res.Converged = res.Status.Converged()
	return res, failure
}

// checkFull reports a full-batch value or gradient in res that is not
// finite, and sets the status.
func (e epochSettings) checkFull(res *Result) error {
	if what := nonFinite(res.F, res.Gradient); what != "" {
		res.Status = NotFinite
		return optError(e.op, matrix.ErrNotFinite, "%s over all samples after epoch %d", what, res.Iterations)
	}
	return nil
}

// fullValueGrad evaluates f and ∇f over all samples at x, stores the
// gradient and its norm in res, counts the evaluation, and returns f.
func fullValueGrad(obj StochasticObjective, x []float64, res *Result) float64 {
	if res.Gradient == nil {
		res.Gradient = make([]float64, len(x))
	}
	f := obj.BatchValueGrad(x, res.Gradient, allSamples(obj.Samples()))
	res.Evaluations++
	res.GradNorm = matrix.Nrm2(res.Gradient)
	return f
}
