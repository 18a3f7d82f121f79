package learn

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"mlnotes/matrix"
)

// Perceptron configures Rosenblatt's perceptron: a single neuron with a
// hard-limiter output, trained by the perceptron rule. The zero value runs
// up to 1000 epochs with step 1 and seed 0.
type Perceptron struct {
	// MaxIter caps the iterations, here epochs (passes over the data);
	// zero means 1000.
	MaxIter int
	// LearningRate is the step η > 0; zero means 1. (From w = 0 the
	// perceptron's predictions do not depend on η: every w is η times the
	// one for η = 1.)
	LearningRate float64
	// Seed seeds the shuffling of the samples at every epoch.
	Seed uint64
	// Trace, if not nil, is called after every epoch of every neuron with
	// its mistakes (TraceStep.Neuron). With more than two classes the
	// neurons are then trained one after the other (the result is the
	// same).
	Trace Trace
}

// PerceptronModel is a trained perceptron: with two classes, predict
// Classes[1] when wᵀx + b > 0, else Classes[0]; with K > 2, one neuron per
// class (one versus rest, neuron_ovr.go) and the class of the largest
// wₖᵀx + bₖ.
type PerceptronModel struct {
	Classes   []int     // the labels, ascending
	Coef      []float64 `json:",omitempty"` // w (two classes)
	Intercept float64   // b (the notes' threshold is τ = −b; two classes)
	// ClassCoef (K×d, row k = wₖ) and ClassIntercept (bₖ) are the neurons
	// of K > 2 classes, nil with two.
	ClassCoef      *matrix.Dense `json:",omitempty"`
	ClassIntercept []float64     `json:",omitempty"`
	// Epochs is the number of epochs run (the most of any neuron), and
	// Converged whether the last one made no mistake (for every neuron:
	// the data are then separated by w, b, or each class from the rest).
	Epochs    int
	Converged bool
	// Mistakes counts the updates of every epoch (for plotting; summed
	// over the neurons). The history is bounded: after maxMistakeTrace =
	// 65 536 epochs its last entry is the latest epoch's, so that a run of
	// 10¹² epochs on data that are not separable keeps 65 536 numbers
	// (Epochs still counts them all).
	Mistakes []int
}

var _ Classifier = (*PerceptronModel)(nil)

// Fit trains on X (n×d) and labels y (any integers, at least two
// distinct ones). With two classes the larger is the positive class
// t = +1, the other t = −1; with more, each class in turn is t = +1
// against the rest (one versus rest, neuron_ovr.go). In each epoch the
// samples are visited in a fresh random order and every mistake,
// tᵢ(wᵀxᵢ + b) ≤ 0, moves the boundary: w ← w + η tᵢ xᵢ, b ← b + η tᵢ.
// Training stops after the first epoch without a mistake. By Novikoff's
// theorem this happens after at most (R/γ)² mistakes when a boundary with
// margin γ exists (R = maxᵢ‖(xᵢ, 1)‖); otherwise the weights cycle, and
// after MaxIter epochs the model is returned with Converged false (not an
// error: it is still a classifier, often a poor one).
//
// Implements: 004, "Single Neuron Models" (the perceptron, η = Σ xᵢwᵢ and
// a hard-limiter activation, "Typical Activation function" 1).
//
// Reference: F. Rosenblatt, "The perceptron", Psychological Review 65
// (1958); A. Novikoff, "On convergence proofs for perceptrons" (1962).
func (c Perceptron) Fit(x *matrix.Dense, y []int) (*PerceptronModel, error) {
	const op = "learn: perceptron"
	epochs, eta, err := neuronSettings(op, c.MaxIter, 1000, c.LearningRate, 1)
	if err != nil {
		return nil, err
	}
	classes, idx, err := neuronTargets(op, x, y)
	if err != nil {
		return nil, err
	}
	fit := func(k int, t []float64) (neuronFit, error) {
		f := perceptronRule(x, t, eta, epochs, c.Seed, neuronReporter(c.Trace, classes[k], false))
		if err := matrix.VecFinite(append([]float64{f.b}, f.w...)); err != nil {
			return f, fmt.Errorf("weights: %w (the learning rate or the data are too large: lower the rate or scale the data)", err)
		}
		return f, nil
	}
	m := &PerceptronModel{Classes: classes}
	if len(classes) == 2 {
		f, err := fit(1, signTargets(idx, 1))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", op, err)
		}
		m.Coef, m.Intercept, m.Epochs, m.Converged = f.w, f.b, f.epochs, f.converged
		m.Mistakes = mistakeCounts(f.trace)
		return m, nil
	}
	fits, err := oneVsRest(len(classes), idx, c.Trace != nil, fit)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	m.ClassCoef, m.ClassIntercept = neuronWeights(fits)
	var trace []float64
	m.Epochs, m.Converged, trace = neuronCourse(fits, false)
	m.Mistakes = mistakeCounts(trace)
	return m, nil
}

// perceptronRule runs the perceptron rule on targets t = ±1 (Fit); the
// trace is the number of mistakes of every epoch, also given to report
// (when not nil) after each epoch.
func perceptronRule(x *matrix.Dense, t []float64, eta float64, epochs int, seed uint64, report func(epoch int, mistakes float64)) neuronFit {
	n, d := x.Dims()
	f := neuronFit{w: make([]float64, d)}
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	for f.epochs < epochs {
		r.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
		mistakes := 0
		for _, i := range order {
			xi := x.Row(i)
			if t[i]*(matrix.Dot(f.w, xi)+f.b) <= 0 {
				matrix.Axpy(eta*t[i], xi, f.w)
				f.b += eta * t[i]
				mistakes++
			}
		}
		f.epochs++
		f.trace = appendBounded(f.trace, float64(mistakes))
		if report != nil {
			report(f.epochs, float64(mistakes))
		}
		if mistakes == 0 {
			f.converged = true
			break
		}
	}
	return f
}

// maxMistakeTrace bounds the per-epoch histories of the perceptron and
// AdaLinE.
const maxMistakeTrace = 1 << 16

// appendBounded appends v to the history h while it is shorter than
// maxMistakeTrace, and afterwards overwrites its last entry: the first
// epochs and the latest one are kept, in bounded memory.
func appendBounded(h []float64, v float64) []float64 {
	if len(h) < maxMistakeTrace {
		return append(h, v)
	}
	h[len(h)-1] = v
	return h
}

// mistakeCounts converts a trace of mistake counts to integers.
func mistakeCounts(trace []float64) []int {
	out := make([]int, len(trace))
	for e, v := range trace {
		out[e] = int(v)
	}
	return out
}

// neuronSettings checks and defaults the epochs and the step.
func neuronSettings(op string, epochs, defEpochs int, eta, defEta float64) (int, float64, error) {
	if epochs < 0 {
		return 0, 0, fmt.Errorf("%s: %w: MaxIter = %d epochs", op, ErrInvalidParameter, epochs)
	}
	if epochs == 0 {
		epochs = defEpochs
	}
	if eta == 0 {
		eta = defEta
	}
	if !(eta > 0) || math.IsInf(eta, 0) {
		return 0, 0, fmt.Errorf("%s: %w: learning rate %g, need a finite η > 0", op, ErrInvalidParameter, eta)
	}
	return epochs, eta, nil
}

// Predict returns Classes[1] where wᵀx + b > 0 and Classes[0] elsewhere
// (two classes), or the class whose neuron's wₖᵀx + bₖ is largest. A row
// whose net input is not finite is an error (score_check.go).
func (m *PerceptronModel) Predict(x *matrix.Dense) ([]int, error) {
	return predictNeurons("learn: perceptron", m.Classes, m.Coef, m.Intercept, m.ClassCoef, m.ClassIntercept, x)
}

func predictSign(op string, classes []int, w []float64, b float64, x *matrix.Dense) ([]int, error) {
	if err := checkQuery(op, x, len(w)); err != nil {
		return nil, err
	}
	z, _ := matrix.MulVec(x, w)
	for i := range z {
		z[i] += b
	}
	if err := checkScoreValues(op, "net input", z); err != nil {
		return nil, err
	}
	out := make([]int, len(z))
	for i, v := range z {
		out[i] = classes[0]
		if v > 0 {
			out[i] = classes[1]
		}
	}
	return out, nil
}

// Save writes the model as JSON (format "mlnotes/perceptron").
func (m *PerceptronModel) Save(w io.Writer) error { return saveModel(w, "perceptron", m) }

// LoadPerceptron reads a model written by PerceptronModel.Save.
func LoadPerceptron(r io.Reader) (*PerceptronModel, error) {
	var m PerceptronModel
	if err := loadModel(r, "perceptron", &m); err != nil {
		return nil, err
	}
	if err := checkNeurons(m.Classes, m.Coef, m.Intercept, m.ClassCoef, m.ClassIntercept); err != nil {
		return nil, fmt.Errorf("learn: load perceptron: %w: %v", ErrFormat, err)
	}
	if err := checkHistory("Mistakes", len(m.Mistakes), m.Epochs); err != nil {
		return nil, fmt.Errorf("learn: load perceptron: %w: %v", ErrFormat, err)
	}
	for e, v := range m.Mistakes {
		if v < 0 {
			return nil, fmt.Errorf("learn: load perceptron: %w: Mistakes[%d] = %d", ErrFormat, e, v)
		}
	}
	return &m, nil
}

// checkHistory checks the length of a loaded per-epoch history (a
// perceptron's Mistakes, an AdaLinE's MSE) against the epochs run: one
// entry per epoch up to maxMistakeTrace.
func checkHistory(field string, length, epochs int) error {
	if epochs < 1 || length != min(epochs, maxMistakeTrace) {
		return fmt.Errorf("%s has %d entries for %d epochs (want one per epoch, at most %d)", field, length, epochs, maxMistakeTrace)
	}
	return nil
}

// checkNeuron validates a loaded single-neuron model.
func checkNeuron(classes []int, w []float64, b float64) error {
	if len(classes) != 2 || classes[0] >= classes[1] {
		return fmt.Errorf("classes %v", classes)
	}
	if len(w) == 0 {
		return fmt.Errorf("no weights")
	}
	return matrix.VecFinite(append([]float64{b}, w...))
}

// FitClassifier is Fit as a ClassifierTrainer.
func (c Perceptron) FitClassifier(x *matrix.Dense, y []int) (Classifier, error) {
	return asClassifier(c.Fit(x, y))
}
