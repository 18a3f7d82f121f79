package live

import (
	"errors"
	"fmt"

	"mlnotes/learn"
	"mlnotes/matrix"
	"mlnotes/optimize"
)

// DescentMethods are the first-order methods DescentPath runs, as demo
// logreg -descent names them.
var DescentMethods = []string{"gd", "momentum", "adam"}

// DescentPath is the run of one first-order method on a logistic loss.
type DescentPath struct {
	Method string
	// X holds the iterates θ₀ = 0, θ₁, …, θₖ (each (w, b)), F their losses.
	X [][]float64
	F []float64
	// Err is why the run ended before its iterations (a fixed step that
	// diverges: the path keeps the last finite iterate), or nil.
	Err error
}

// RunDescent runs method (gd: gradient descent with the fixed step lr;
// momentum: the heavy ball with step lr and momentum beta; adam: Adam with
// rate lr, every update full-batch) on loss from θ = 0 for exactly iters
// iterations (no stopping test), recording every iterate by the method's
// Trace. It is what demo logreg -descent prints and the
// logistic-regression page draws. A divergent run is returned with its
// path so far and Err set; bad settings are an error.
func RunDescent(loss *learn.LogisticLoss, method string, lr, beta float64, iters int) (*DescentPath, error) {
	if !(lr > 0) || iters < 1 || !(beta >= 0 && beta < 1) {
		return nil, fmt.Errorf("descent: want lr > 0, 0 ≤ β < 1 and at least one iteration (lr %g, β %g, %d iterations)", lr, beta, iters)
	}
	p := &DescentPath{Method: method}
	x0 := make([]float64, loss.Dim())
	g := make([]float64, len(x0))
	// f(θₖ) is evaluated here: Adam's trace gives the loss of the batch
	// before its update.
	record := func(s optimize.Step) {
		p.X, p.F = append(p.X, append([]float64(nil), s.X...)), append(p.F, loss.ValueGrad(s.X, g))
	}
	stop := optimize.Stop{GradAbsTol: -1, GradRelTol: -1, MaxIter: iters}
	var res *optimize.Result
	var err error
	switch method {
	case "gd":
		res, err = optimize.GradientDescent(loss, x0, &optimize.GDSettings{StepSize: lr, Stop: stop, Trace: record})
	case "momentum":
		mom := beta
		if mom == 0 {
			mom = -1 // optimize's way of asking for β = 0
		}
		res, err = optimize.Momentum(loss, x0, &optimize.MomentumSettings{StepSize: lr, Momentum: mom, Stop: stop, Trace: record})
	case "adam":
		record(optimize.Step{X: x0}) // Adam traces epochs 1, 2, …
		res, err = optimize.Adam(loss, x0, &optimize.AdamSettings{LearningRate: lr, BatchSize: 1, Epochs: iters, Trace: record})
	default:
		return nil, fmt.Errorf("descent %q: want gd, momentum or adam", method)
	}
	if err != nil && res != nil && res.Status == optimize.IterationLimit && errors.Is(err, matrix.ErrNoConvergence) {
		err = nil // the iterations asked for were run
	}
	if len(p.F) == 0 {
		return nil, err
	}
	p.Err = err
	return p, nil
}
