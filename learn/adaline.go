package learn

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"

	"mlnotes/matrix"
)

// Adaline configures Widrow and Hoff's AdaLinE (adaptive linear element):
// a single neuron trained on its linear output by the LMS rule, classifying
// by the sign of that output. The zero value runs up to 100 epochs with
// step 0.01, tolerance 10⁻⁶ and seed 0.
type Adaline struct {
	// MaxIter caps the iterations, here epochs (passes over the data);
	// zero means 100.
	MaxIter int
	// LearningRate is the step η > 0; zero means 0.01. The rule is stable
	// for η < 2/maxᵢ‖(xᵢ, 1)‖², so scale the data.
	LearningRate float64
	// Tol stops training when an epoch changes the mean squared error of
	// the linear output by less than Tol relative; zero means 10⁻⁶.
	Tol float64
	// Seed seeds the shuffling of the samples at every epoch.
	Seed uint64
	// Trace, if not nil, is called after every epoch of every neuron with
	// the mean squared error (TraceStep.Neuron). With more than two
	// classes the neurons are then trained one after the other (the
	// result is the same).
	Trace Trace
}

// AdalineModel is a trained AdaLinE: with two classes, predict Classes[1]
// when wᵀx + b > 0; with K > 2, one neuron per class (one versus rest,
// neuron_ovr.go) and the class of the largest wₖᵀx + bₖ.
type AdalineModel struct {
	Classes   []int     // the labels, ascending
	Coef      []float64 `json:",omitempty"` // w (two classes)
	Intercept float64   // b (two classes)
	// ClassCoef (K×d, row k = wₖ) and ClassIntercept (bₖ) are the neurons
	// of K > 2 classes, nil with two.
	ClassCoef      *matrix.Dense `json:",omitempty"`
	ClassIntercept []float64     `json:",omitempty"`
	// Epochs run (the most of any neuron), whether the Tol test stopped
	// training (of every neuron), and the training mean squared error
	// (1/n)Σᵢ(tᵢ − wᵀxᵢ − b)², tᵢ = ±1, after each epoch (the mean over
	// the neurons, a finished one counting its last value), bounded as the
	// perceptron's Mistakes: after 65 536 epochs the last entry is the
	// latest epoch's.
	Epochs    int
	Converged bool
	MSE       []float64
}

var _ Classifier = (*AdalineModel)(nil)

// Fit trains on X (n×d) and labels y (at least two distinct ones; with
// two, the larger is t = +1 and the other t = −1; with more, each class in
// turn is t = +1 against the rest, neuron_ovr.go) by the Widrow–Hoff (LMS)
// rule, one sample at a time in a fresh random order every epoch:
//
//	w ← w + η (tᵢ − wᵀxᵢ − b) xᵢ,   b ← b + η (tᵢ − wᵀxᵢ − b).
//
// This is stochastic gradient descent on ½Σᵢ(tᵢ − wᵀxᵢ − b)², so its
// fixed point in the mean is the least-squares solution (the normal
// equations Σᵢ(tᵢ − wᵀxᵢ − b)(xᵢ, 1) = 0); with a fixed η the iterates
// hover within O(η) of it. A diverging run (η too large) is an error.
//
// Implements: 004, "Single Neuron Models" (AdaLinE: the same neuron as the
// perceptron, trained on the net input η = Σ xᵢwᵢ).
//
// Reference: B. Widrow and M. E. Hoff, "Adaptive switching circuits",
// IRE WESCON Convention Record (1960).
func (c Adaline) Fit(x *matrix.Dense, y []int) (*AdalineModel, error) {
	const op = "learn: adaline"
	epochs, eta, err := neuronSettings(op, c.MaxIter, 100, c.LearningRate, 0.01)
	if err != nil {
		return nil, err
	}
	tol := c.Tol
	if tol == 0 {
		tol = 1e-6
	}
	if !(tol > 0) || math.IsInf(tol, 0) {
		return nil, fmt.Errorf("%s: %w: tolerance %g", op, ErrInvalidParameter, c.Tol)
	}
	classes, idx, err := neuronTargets(op, x, y)
	if err != nil {
		return nil, err
	}
	fit := func(k int, t []float64) (neuronFit, error) {
		return widrowHoff(x, t, eta, epochs, tol, c.Seed, neuronReporter(c.Trace, classes[k], true))
	}
	m := &AdalineModel{Classes: classes}
	if len(classes) == 2 {
		f, err := fit(1, signTargets(idx, 1))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", op, err)
		}
		m.Coef, m.Intercept, m.Epochs, m.Converged, m.MSE = f.w, f.b, f.epochs, f.converged, f.trace
		return m, nil
	}
	fits, err := oneVsRest(len(classes), idx, c.Trace != nil, fit)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	m.ClassCoef, m.ClassIntercept = neuronWeights(fits)
	m.Epochs, m.Converged, m.MSE = neuronCourse(fits, true)
	return m, nil
}

// widrowHoff runs the LMS rule on real targets t; the trace is the mean
// squared error of the linear output after every epoch, also given to
// report (when not nil) after each epoch.
func widrowHoff(x *matrix.Dense, t []float64, eta float64, epochs int, tol float64, seed uint64, report func(epoch int, mse float64)) (neuronFit, error) {
	n, d := x.Dims()
	w, b, run, converged, mse := make([]float64, d), 0.0, 0, false, []float64(nil)
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	prev := math.Inf(1)
	for run < epochs {
		r.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, i := range order {
			xi := x.Row(i)
			e := t[i] - matrix.Dot(w, xi) - b // the error of the linear output
			matrix.Axpy(eta*e, xi, w)
			b += eta * e
		}
		run++
		cur := 0.0
		for i := range n {
			e := t[i] - matrix.Dot(w, x.Row(i)) - b
			cur += e * e
		}
		cur /= float64(n)
		if math.IsNaN(cur) || math.IsInf(cur, 0) || cur > 1e150 {
			return neuronFit{}, fmt.Errorf("%w: the LMS rule diverged in epoch %d (learning rate %g is too large for data of this size)", matrix.ErrNotFinite, run, eta)
		}
		mse = appendBounded(mse, cur) // a bounded history, as the perceptron's
		if report != nil {
			report(run, cur)
		}
		if run > 1 && math.Abs(prev-cur) <= tol*max(prev, cur) {
			converged = true
			break
		}
		prev = cur
	}
	return neuronFit{w: w, b: b, epochs: run, converged: converged, trace: mse}, nil
}

// Predict returns Classes[1] where wᵀx + b > 0 and Classes[0] elsewhere
// (two classes), or the class whose neuron's wₖᵀx + bₖ is largest. A row
// whose net input is not finite is an error (score_check.go).
func (m *AdalineModel) Predict(x *matrix.Dense) ([]int, error) {
	return predictNeurons("learn: adaline", m.Classes, m.Coef, m.Intercept, m.ClassCoef, m.ClassIntercept, x)
}

// TrainMSE is the mean squared error of the linear output after the last
// epoch.
func (m *AdalineModel) TrainMSE() float64 { return m.MSE[len(m.MSE)-1] }

// Save writes the model as JSON (format "mlnotes/adaline").
func (m *AdalineModel) Save(w io.Writer) error { return saveModel(w, "adaline", m) }

// LoadAdaline reads a model written by AdalineModel.Save.
func LoadAdaline(r io.Reader) (*AdalineModel, error) {
	var m AdalineModel
	if err := loadModel(r, "adaline", &m); err != nil {
		return nil, err
	}
	err := checkNeurons(m.Classes, m.Coef, m.Intercept, m.ClassCoef, m.ClassIntercept)
	if err == nil {
		err = checkHistory("MSE", len(m.MSE), m.Epochs)
	}
	if err == nil && slices.ContainsFunc(m.MSE, func(v float64) bool { return !(v >= 0) || math.IsInf(v, 0) }) {
		err = fmt.Errorf("MSE has a value that is negative or not finite")
	}
	if err != nil {
		return nil, fmt.Errorf("learn: load adaline: %w: %v", ErrFormat, err)
	}
	return &m, nil
}

// FitClassifier is Fit as a ClassifierTrainer.
func (c Adaline) FitClassifier(x *matrix.Dense, y []int) (Classifier, error) {
	return asClassifier(c.Fit(x, y))
}
