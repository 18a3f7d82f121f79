package optimize

import (
	"errors"
	"fmt"
	"math"

	"mlnotes/matrix"
)

// Sentinel errors of the gradient-descent family. A setting outside its
// domain (a negative step size, a momentum or decay rate β outside [0, 1),
// a batch size below zero, an Armijo constant outside (0, 1)) wraps
// ErrInvalidParameter (matrix.ErrInvalidParameter, shared with SMO and package
// learn). Empty or mismatched input,
// non-finite values and non-convergence wrap the sentinels of package matrix
// (ErrEmpty, ErrShape, ErrNotFinite, ErrNoConvergence) instead.
var (
	// ErrLineSearch reports a backtracking line search that found no step
	// with sufficient decrease before the step became too small to change x:
	// the iterate is as good as floating point lets the line search make it,
	// but the stopping tolerance was not met.
	ErrLineSearch = errors.New("line search failed")
	// ErrGradientMismatch reports an analytic gradient that disagrees with
	// its finite-difference estimate (CheckGradient).
	ErrGradientMismatch = errors.New("gradient does not match finite differences")
)

// optError builds "optimize: <op>: <sentinel>: <detail>", the message shape
// of every error in mlnotes.
func optError(op string, sentinel error, format string, args ...any) error {
	return fmt.Errorf("optimize: %s: %w: %s", op, sentinel, fmt.Sprintf(format, args...))
}

// checkStart validates the objective (any of the objective interfaces) and
// the starting point given to a method.
func checkStart(op string, obj any, x0 []float64) error {
	if obj == nil {
		return optError(op, matrix.ErrEmpty, "no objective")
	}
	if len(x0) == 0 {
		return optError(op, matrix.ErrEmpty, "starting point has no coordinates")
	}
	if i := firstNonFinite(x0); i >= 0 {
		return optError(op, matrix.ErrNotFinite, "starting point x₀[%d] is %v", i, x0[i])
	}
	return nil
}

// firstNonFinite returns the index of the first NaN or ±Inf in v, or −1.
func firstNonFinite(v []float64) int {
	for i, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return i
		}
	}
	return -1
}

// checkValueGrad reports a NaN or infinite objective value or gradient
// returned at iteration k (k = 0 is the starting point).
func checkValueGrad(op string, k int, f float64, g []float64) error {
	if what := nonFinite(f, g); what != "" {
		return optError(op, matrix.ErrNotFinite, "%s at iteration %d", what, k)
	}
	return nil
}

// nonFinite describes the first NaN or ±Inf among f and g, or returns "".
func nonFinite(f float64, g []float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return fmt.Sprintf("f(x) is %v", f)
	}
	if i := firstNonFinite(g); i >= 0 {
		return fmt.Sprintf("∇f(x)[%d] is %v", i, g[i])
	}
	return ""
}

// badSetting reports an invalid field of a settings struct.
func badSetting(op, format string, args ...any) error {
	return optError(op, ErrInvalidParameter, format, args...)
}
