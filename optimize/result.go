package optimize

// Result is what every method of the gradient-descent family returns: the
// final iterate with its diagnostics, and the loss history for plotting and
// teaching.
//
// A method returns a Result whenever it has an iterate at which f and ∇f are
// finite, also together with an error (iteration limit, non-finite value
// later in the run, failed line search): X is then the last good iterate.
// The Result is nil only when the input is invalid or f(x₀) is not finite.
// (A stochastic method that fails evaluates F and Gradient over all samples
// at that X, and they may themselves be non-finite.)
type Result struct {
	// X is the final iterate (length d).
	X []float64
	// F is f(X); for the stochastic methods the full average (1/n) Σᵢ fᵢ(X),
	// computed in one extra pass over the samples at the end.
	F float64
	// Gradient is ∇f(X) (length d), and GradNorm its Euclidean norm.
	Gradient []float64
	GradNorm float64
	// Iterations counts the iterations (the updates of x) of a batch
	// method, or the epochs (passes over the shuffled samples) of a
	// stochastic one.
	Iterations int
	// Evaluations counts the calls of ValueGrad (batch methods, including
	// the trial points of the line search) or BatchValueGrad (stochastic
	// methods, including the full passes).
	Evaluations int
	// Status says why the method stopped, and Converged whether that was
	// one of the tolerance tests (Status.Converged). A stochastic method
	// that ran its budget of epochs has Status EpochLimit, Converged false,
	// and no error.
	Status    Status
	Converged bool
	// Loss is the history of the objective for plotting. For a batch method
	// Loss[k] = f(xₖ) for k = 0, 1, …, Iterations (Loss[0] is f(x₀)); for
	// Nesterov's method the points are the extrapolated yₖ at which the
	// gradient is taken. For a stochastic method Loss[e] is the mean of the
	// mini-batch losses f_B seen during epoch e+1 (the running training loss
	// that Keras and scikit-learn report), so len(Loss) = Iterations.
	Loss []float64
}

// Step describes one iterate for a Trace callback. X is a view that is
// valid only during the call: copy it to keep it, and do not modify it.
type Step struct {
	// Iteration is k for a batch method (0 for the starting point) and the
	// epoch number (1, 2, …) for a stochastic one.
	Iteration int
	X         []float64
	// F is f(X); for a stochastic method, the mean mini-batch loss of the
	// epoch.
	F float64
	// GradNorm is ‖∇f(X)‖₂. A stochastic method computes the full gradient
	// only when its GradTol is set; otherwise GradNorm is NaN (not computed).
	GradNorm float64
	// StepSize is the step α (learning rate) that produced X; 0 at k = 0.
	StepSize float64
	// Shift is, for Newton, the multiple τ of the identity added to the
	// Hessian to make it positive definite (0 when it already was).
	Shift float64
	// Evaluations counts the objective evaluations so far.
	Evaluations int
}
