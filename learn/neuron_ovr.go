package learn

import (
	"fmt"

	"mlnotes/matrix"
)

// Several classes for the single neurons.
//
// The perceptron and AdaLinE of the notes separate two classes by the sign
// of one net input wᵀx + b. For K > 2 classes they are trained one versus
// rest, as scikit-learn's Perceptron and SGDClassifier are: K independent
// binary problems, class k (t = +1) against all the others (t = −1), each
// run by the same rule, seed and settings as a two-class fit, and a sample
// goes to the class whose neuron gives it the largest net input,
// argmaxₖ wₖᵀx + bₖ (the first such class on ties). With two classes there
// is one neuron, as in the notes.
//
// Implements: 004, "Single Neuron Models" (extended to K classes; the
// choice is recorded in docs/linear-models.md, §6).

// neuronTargets validates X and y and returns the sorted labels (at least
// two) and the class index of every sample.
func neuronTargets(op string, x *matrix.Dense, y []int) (classes, idx []int, err error) {
	if err := checkData(op, x, 1); err != nil {
		return nil, nil, err
	}
	if len(y) != x.Rows() {
		return nil, nil, fmt.Errorf("%s: %w: %d labels for %d samples", op, matrix.ErrShape, len(y), x.Rows())
	}
	classes, idx = classIndex(y)
	if len(classes) < 2 {
		return nil, nil, fmt.Errorf("%s: %w: need at least two classes, got %d", op, ErrInvalidParameter, len(classes))
	}
	if err := CheckClassSizes(op, y); err != nil { // one neuron per class, each a pass per epoch
		return nil, nil, err
	}
	return classes, idx, nil
}

// signTargets returns tᵢ = +1 where idx[i] == positive and −1 elsewhere.
func signTargets(idx []int, positive int) []float64 {
	t := make([]float64, len(idx))
	for i, k := range idx {
		t[i] = -1
		if k == positive {
			t[i] = 1
		}
	}
	return t
}

// neuronFit is one binary problem's result: the weights and the course of
// its training (mistakes or mean squared errors per epoch).
type neuronFit struct {
	w         []float64
	b         float64
	epochs    int
	converged bool
	trace     []float64
}

// oneVsRest runs fit on the K binary problems "class k against the rest",
// on the cores (each problem is independent, so the results do not depend
// on their number) or, when sequential (a Trace is set, which must not be
// called concurrently), one after the other in class order; it returns
// them in class order, or the error of the first class that failed.
func oneVsRest(k int, idx []int, sequential bool, fit func(c int, t []float64) (neuronFit, error)) ([]neuronFit, error) {
	fits := make([]neuronFit, k)
	errs := make([]error, k)
	if sequential {
		for c := range k {
			fits[c], errs[c] = fit(c, signTargets(idx, c))
		}
	} else {
		parallelBlocks(k, func(int) func(int) {
			return func(c int) { fits[c], errs[c] = fit(c, signTargets(idx, c)) }
		})
	}
	for c, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("class %d against the rest: %w", c, err)
		}
	}
	return fits, nil
}

// neuronWeights gathers the K neurons into W (K×d, row k = wₖ) and b.
func neuronWeights(fits []neuronFit) (*matrix.Dense, []float64) {
	w := matrix.New(len(fits), len(fits[0].w))
	b := make([]float64, len(fits))
	for k, f := range fits {
		copy(w.Row(k), f.w)
		b[k] = f.b
	}
	return w, b
}

// neuronCourse summarizes K runs: the most epochs any ran, whether all
// converged, and per epoch the sum (mistakes) or mean (errors) over the
// problems of their trace, a finished problem counting its last value.
func neuronCourse(fits []neuronFit, mean bool) (epochs int, converged bool, trace []float64) {
	converged = true
	recorded := 0 // the traces are bounded (maxMistakeTrace), the epochs not
	for _, f := range fits {
		epochs = max(epochs, f.epochs)
		converged = converged && f.converged
		recorded = max(recorded, len(f.trace))
	}
	trace = make([]float64, recorded)
	for e := range trace {
		for _, f := range fits {
			if len(f.trace) > 0 {
				trace[e] += f.trace[min(e, len(f.trace)-1)]
			}
		}
		if mean {
			trace[e] /= float64(len(fits))
		}
	}
	return epochs, converged, trace
}

// predictNeurons returns, for every row of X, Classes[1] where wᵀx + b > 0
// and Classes[0] elsewhere (one neuron: w, b), or the class of the largest
// net input Wx + b (one per class: W, bs). A row with a net input that is
// not finite is an error (score_check.go).
func predictNeurons(op string, classes []int, w []float64, b float64, ws *matrix.Dense, bs []float64, x *matrix.Dense) ([]int, error) {
	if ws == nil {
		return predictSign(op, classes, w, b, x)
	}
	if err := checkQuery(op, x, ws.Cols()); err != nil {
		return nil, err
	}
	z, _ := matrix.MulABT(x, ws) // n×K net inputs
	for i := range z.Rows() {
		matrix.Axpy(1, bs, z.Row(i))
	}
	if err := checkScoreRows(op, "net input", z); err != nil {
		return nil, err
	}
	out := make([]int, x.Rows())
	for i := range out {
		out[i] = classes[argmax(z.Row(i))]
	}
	return out, nil
}

// checkNeurons validates a loaded model: one neuron for two classes, or
// one per class for more.
func checkNeurons(classes []int, w []float64, b float64, ws *matrix.Dense, bs []float64) error {
	if ws == nil {
		return checkNeuron(classes, w, b)
	}
	for i := 1; i < len(classes); i++ {
		if classes[i-1] >= classes[i] {
			return fmt.Errorf("classes %v", classes)
		}
	}
	if len(classes) < 3 || ws.Rows() != len(classes) || len(bs) != len(classes) || ws.Cols() == 0 || len(w) != 0 {
		return fmt.Errorf("%d classes with %d×%d weights and %d intercepts", len(classes), ws.Rows(), ws.Cols(), len(bs))
	}
	if err := ws.CheckFinite(); err != nil {
		return err
	}
	return matrix.VecFinite(bs)
}

// neuronReporter returns the per-epoch report of the neuron that separates
// class (a label) from the rest, for trace; nil when trace is nil. The
// perceptron reports its mistakes, AdaLinE its mean squared error.
func neuronReporter(trace Trace, class int, mse bool) func(epoch int, value float64) {
	if trace == nil {
		return nil
	}
	return func(epoch int, value float64) {
		e := &NeuronEpoch{Class: class}
		if mse {
			e.MSE = value
		} else {
			e.Mistakes = int(value)
		}
		trace(TraceStep{Iteration: epoch, Objective: value, Neuron: e})
	}
}
