package learn

import (
	"fmt"
	"io"
	"slices"

	"mlnotes/matrix"
)

// MLP configures a multilayer perceptron: a Network with the hidden layers
// given, trained by backpropagation as a classifier (FitClassifier) or a
// regressor (FitRegressor). The zero value is one hidden layer of 100 ReLU
// units, softmax outputs with the cross-entropy loss for a classifier (a
// linear output with the notes' squared loss for a regressor), no weight
// decay, and Adam with scikit-learn's MLP defaults (Training).
//
// Implements: 004, "Multilayer feed-forward Network",
// "Backpropagation Algorithm".
type MLP struct {
	// Hidden are the widths n₂, …, n_{L−1} of the hidden layers. Nil means
	// one layer of 100 units; an empty, non-nil slice means none (a linear
	// or softmax model).
	Hidden []int
	// Activation is f of the hidden layers; the zero value means ReLU.
	Activation Activation
	// Loss is the loss of a classifier: "" or LossCrossEntropy (softmax
	// outputs, one per class) or LossSquared (the notes' J = ½Σ(y − d)² on
	// sigmoid outputs, one per class, with one-hot targets d). A regressor
	// always uses LossSquared on a linear output.
	Loss LossKind
	// Lambda is the weight decay λ ≥ 0 of (λ/2) Σₗ ‖Wˡ‖²_F (biases are not
	// decayed); zero means none. (scikit-learn's alpha penalizes
	// (alpha/2n)‖W‖² added to the mean loss: λ = alpha/n.)
	Lambda float64
	// Training holds the optimizer, epochs, batch size, seed (which also
	// seeds the initial weights), validation split and trace.
	Training Training
}

// MLPClassifierModel is a fitted MLP classifier.
type MLPClassifierModel struct {
	// Network is the trained network: softmax (or sigmoid) outputs, one per
	// class in the order of Classes.
	Network *Network `json:"network"`
	// Classes are the sorted class labels.
	Classes []int `json:"classes"`
	// Converged reports that training ended by its criterion, early
	// stopping on the validation split (Training.ValidationFraction), rather
	// than by running all the epochs (the cap, Adam's or SGD's Epochs).
	// Without a validation split a network has no stopping criterion, runs
	// every epoch and Converged is false: look at History.Loss.
	Converged bool `json:"converged,omitempty"`
	// History is the per-epoch record of training (not saved).
	History *History `json:"-"`
}

// MLPRegressorModel is a fitted MLP regressor: one linear output.
type MLPRegressorModel struct {
	Network *Network `json:"network"`
	// Converged is MLPClassifierModel.Converged: early stopping ended
	// training before the epoch cap.
	Converged bool     `json:"converged,omitempty"`
	History   *History `json:"-"`
}

// network builds the untrained network d → hidden → out.
func (m MLP) network(op string, d, out int, output Activation) (*Network, error) {
	hidden := m.Hidden
	if hidden == nil {
		hidden = []int{100}
	}
	f := m.Activation
	if f.Kind == "" {
		f = Activation{Kind: ActReLU}
	}
	sizes := append(append([]int{d}, hidden...), out)
	net, err := NewNetwork(sizes, f, output, m.Training.seed())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	return net, nil
}

// Fit trains a classifier: the network on the rows of X (n×d) with class
// labels y (any integers, at least two distinct), encoded as one-hot
// targets d over the sorted classes.
//
// Special cases:
//
//	empty X, len(y) ≠ n                   error (matrix.ErrEmpty, matrix.ErrShape)
//	NaN or ±Inf in X                      error (matrix.ErrNotFinite)
//	fewer than two classes                error (ErrInvalidParameter)
//	a width < 1, an invalid activation,
//	loss, λ or training setting           error (ErrInvalidParameter)
//	the loss becomes NaN or ±Inf          error naming the epoch (matrix.ErrNotFinite)
func (m MLP) Fit(x *matrix.Dense, y []int) (*MLPClassifierModel, error) {
	const op = "learn: mlp classifier"
	if err := checkData(op, x, 1); err != nil {
		return nil, err
	}
	if len(y) != x.Rows() {
		return nil, fmt.Errorf("%s: %w: %d labels for %d samples", op, matrix.ErrShape, len(y), x.Rows())
	}
	classes := slices.Sorted(slices.Values(uniqueInts(y)))
	if len(classes) < 2 {
		return nil, fmt.Errorf("%s: %w: need at least two classes, got %d", op, ErrInvalidParameter, len(classes))
	}
	out, loss := Activation{Kind: ActSoftmax}, LossCrossEntropy
	switch m.Loss {
	case "", LossCrossEntropy:
	case LossSquared:
		out, loss = Activation{Kind: ActSigmoid}, LossSquared
	default:
		return nil, fmt.Errorf("%s: %w: unknown loss %q (xent, mse)", op, ErrInvalidParameter, string(m.Loss))
	}
	net, err := m.network(op, x.Cols(), len(classes), out)
	if err != nil {
		return nil, err
	}
	d := matrix.New(len(y), len(classes))
	classOf := make([]int, len(y))
	for i, yi := range y {
		k, _ := slices.BinarySearch(classes, yi)
		d.Set(i, k, 1) // dᵢₖ = 1 for the class of sample i
		classOf[i] = k
	}
	if err := net.checkTrainable(op, x, d, loss, m.Lambda); err != nil {
		return nil, err
	}
	xt, dt, xv, dv := splitValidation(x, d, m.Training.ValidationFraction, m.Training.seed(), classOf)
	o := newNetObjective(net, xt, dt, loss, m.Lambda)
	o.classify = true
	h, err := m.Training.train(op, o, xv, dv)
	if err != nil {
		return nil, err
	}
	return &MLPClassifierModel{Network: net, Classes: classes, Converged: h.Stopped, History: h}, nil
}

// FitClassifier is Fit as a ClassifierTrainer.
func (m MLP) FitClassifier(x *matrix.Dense, y []int) (Classifier, error) {
	return asClassifier(m.Fit(x, y))
}

// FitRegressor is FitRegression as a RegressorTrainer.
func (m MLP) FitRegressor(x *matrix.Dense, y []float64) (Regressor, error) {
	return asRegressor(m.FitRegression(x, y))
}

// FitRegression trains a regressor: the network, with one linear output and the squared
// loss J = ½(y − d)², on the rows of X (n×d) and the targets y.
//
// Special cases are those of Fit, with NaN or ±Inf targets an
// error (matrix.ErrNotFinite) and a classification Loss ignored.
func (m MLP) FitRegression(x *matrix.Dense, y []float64) (*MLPRegressorModel, error) {
	const op = "learn: mlp regressor"
	if err := checkData(op, x, 1); err != nil {
		return nil, err
	}
	if len(y) != x.Rows() {
		return nil, fmt.Errorf("%s: %w: %d targets for %d samples", op, matrix.ErrShape, len(y), x.Rows())
	}
	net, err := m.network(op, x.Cols(), 1, Activation{Kind: ActIdentity})
	if err != nil {
		return nil, err
	}
	d, _ := matrix.NewFromSlice(len(y), 1, slices.Clone(y))
	if err := net.checkTrainable(op, x, d, LossSquared, m.Lambda); err != nil {
		return nil, err
	}
	xt, dt, xv, dv := splitValidation(x, d, m.Training.ValidationFraction, m.Training.seed(), nil)
	h, err := m.Training.train(op, newNetObjective(net, xt, dt, LossSquared, m.Lambda), xv, dv)
	if err != nil {
		return nil, err
	}
	return &MLPRegressorModel{Network: net, Converged: h.Stopped, History: h}, nil
}

// Labels returns the sorted class labels.
func (c *MLPClassifierModel) Labels() []int { return slices.Clone(c.Classes) }

// PredictProba returns the n×c matrix of class probabilities of the rows of
// X: the softmax outputs yᴸ, or, for a network trained with the squared
// loss on sigmoid outputs, those outputs divided by their sum (uniform if
// all are 0).
func (c *MLPClassifierModel) PredictProba(x *matrix.Dense) (*matrix.Dense, error) {
	const op = "learn: mlp classifier: predict"
	if err := checkQuery(op, x, c.Network.Sizes[0]); err != nil {
		return nil, err
	}
	p, err := c.Network.predictRows(op, x)
	if err != nil {
		return nil, err
	}
	if c.Network.Output.Kind != ActSoftmax {
		for i := range p.Rows() {
			r := p.Row(i)
			s := 0.0
			for _, v := range r {
				s += v
			}
			for k := range r {
				if s > 0 {
					r[k] /= s
				} else {
					r[k] = 1 / float64(len(r))
				}
			}
		}
	}
	return p, nil
}

// Predict returns the class of every row of X: the class of the largest
// output (ties to the smaller label).
func (c *MLPClassifierModel) Predict(x *matrix.Dense) ([]int, error) {
	const op = "learn: mlp classifier: predict"
	if err := checkQuery(op, x, c.Network.Sizes[0]); err != nil {
		return nil, err
	}
	p, err := c.Network.predictRows(op, x)
	if err != nil {
		return nil, err
	}
	out := make([]int, p.Rows())
	for i := range out {
		out[i] = c.Classes[argmax(p.Row(i))]
	}
	return out, nil
}

// Predict returns the network's output for every row of X.
func (r *MLPRegressorModel) Predict(x *matrix.Dense) ([]float64, error) {
	const op = "learn: mlp regressor: predict"
	if err := checkQuery(op, x, r.Network.Sizes[0]); err != nil {
		return nil, err
	}
	p, err := r.Network.predictRows(op, x)
	if err != nil {
		return nil, err
	}
	return p.Col(0), nil
}

// Save writes the classifier as JSON ("mlnotes/mlp-classifier"); the
// weights are written so that they read back to the same bits.
func (c *MLPClassifierModel) Save(w io.Writer) error { return saveModel(w, "mlp-classifier", c) }

// Save writes the regressor as JSON ("mlnotes/mlp-regressor").
func (r *MLPRegressorModel) Save(w io.Writer) error { return saveModel(w, "mlp-regressor", r) }

// LoadMLPClassifier reads a classifier written by MLPClassifierModel.Save,
// checking that it is consistent (an error wrapping ErrFormat otherwise).
func LoadMLPClassifier(rd io.Reader) (*MLPClassifierModel, error) {
	const op = "learn: load mlp-classifier"
	var c MLPClassifierModel
	if err := loadModel(rd, "mlp-classifier", &c); err != nil {
		return nil, err
	}
	if err := checkLoadedNetwork(c.Network); err != nil {
		return nil, fmt.Errorf("%s: %w: %v", op, ErrFormat, err)
	}
	k := c.Network.Sizes[c.Network.L()-1]
	if len(c.Classes) != k || k < 2 || !slices.IsSorted(c.Classes) || len(uniqueInts(c.Classes)) != k {
		return nil, fmt.Errorf("%s: %w: classes %v for %d outputs", op, ErrFormat, c.Classes, k)
	}
	if o := c.Network.Output.Kind; o != ActSoftmax && o != ActSigmoid {
		return nil, fmt.Errorf("%s: %w: output %q", op, ErrFormat, string(o))
	}
	return &c, nil
}

// LoadMLPRegressor reads a regressor written by MLPRegressorModel.Save.
func LoadMLPRegressor(rd io.Reader) (*MLPRegressorModel, error) {
	const op = "learn: load mlp-regressor"
	var r MLPRegressorModel
	if err := loadModel(rd, "mlp-regressor", &r); err != nil {
		return nil, err
	}
	if err := checkLoadedNetwork(r.Network); err != nil {
		return nil, fmt.Errorf("%s: %w: %v", op, ErrFormat, err)
	}
	if r.Network.Sizes[r.Network.L()-1] != 1 {
		return nil, fmt.Errorf("%s: %w: %d outputs", op, ErrFormat, r.Network.Sizes[r.Network.L()-1])
	}
	return &r, nil
}

// checkLoadedNetwork validates a network read from a file.
func checkLoadedNetwork(net *Network) error {
	if net == nil {
		return fmt.Errorf("no network")
	}
	if len(net.Sizes) > 64 || slices.ContainsFunc(net.Sizes, func(n int) bool { return n > 1<<24 }) {
		return fmt.Errorf("implausible sizes %v", net.Sizes)
	}
	return net.check("network")
}
