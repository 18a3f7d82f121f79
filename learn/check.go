package learn

import (
	"fmt"
	"math"

	"mlnotes/matrix"
	"mlnotes/optimize"
)

const eps = 0x1p-52

// checkData validates a training matrix: not nil, at least minRows
// samples, at least one feature, finite values.
func checkData(op string, x *matrix.Dense, minRows int) error {
	if err := checkShape(op, x, minRows); err != nil {
		return err
	}
	if err := x.CheckFinite(); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	return nil
}

// checkShape is checkData without the look at the values, for learners
// whose first pass over the data finds a NaN or an infinity anyway (PCA's
// scaling exponent).
func checkShape(op string, x *matrix.Dense, minRows int) error {
	if x == nil {
		return fmt.Errorf("%s: %w: nil data matrix", op, matrix.ErrEmpty)
	}
	n, d := x.Dims()
	if n < minRows || d == 0 {
		return fmt.Errorf("%s: %w: %d×%d data, need at least %d sample(s) and 1 feature", op, matrix.ErrEmpty, n, d, minRows)
	}
	return nil
}

// checkQuery validates data given to a fitted model: not nil, the width it
// was fitted on, at least one row, finite values.
func checkQuery(op string, x *matrix.Dense, width int) error {
	if err := checkQueryShape(op, x, width); err != nil {
		return err
	}
	if err := x.CheckFinite(); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	return nil
}

// checkQueryShape is checkQuery without the look at the values, for the
// linear predictors whose scores are a product XA: a NaN or an infinity in
// row i of X makes every score of row i NaN or infinite (∞·a is ±∞ or,
// for a = 0, NaN; ∞ − ∞ is NaN; NaN spreads), so they run checkQuery only
// when a score is not finite, and return the error it returned before.
// The scan it saves is a pass over X through memory: a quarter of the
// time of softmax regression's prediction on Fashion-MNIST.
func checkQueryShape(op string, x *matrix.Dense, width int) error {
	if x == nil {
		return fmt.Errorf("%s: %w: nil data matrix", op, matrix.ErrEmpty)
	}
	n, d := x.Dims()
	if d != width {
		return fmt.Errorf("%s: %w: %d columns, the model has %d", op, matrix.ErrShape, d, width)
	}
	if n == 0 {
		return fmt.Errorf("%s: %w: no rows", op, matrix.ErrEmpty)
	}
	return nil
}

// errNilModel is the error of a method called on a nil fitted model.
func errNilModel(op string) error {
	return fmt.Errorf("%s: %w: nil model", op, ErrInvalidParameter)
}

// Zero asks for a real zero in a setting whose zero value stands for a
// non-zero default (SVM.Epsilon: ε = 0, no tube). Any negative value of
// such a setting means zero; Zero names it. It is optimize.Zero: one
// convention for the whole project (package documentation, "Zero values
// and defaults").
const Zero = optimize.Zero

// zeroOr resolves a setting with that convention: 0 means def, a finite
// negative value means 0, anything else is kept for the range check.
func zeroOr(v, def float64) float64 {
	switch {
	case v == 0:
		return def
	case v < 0 && !math.IsInf(v, -1):
		return 0
	}
	return v
}
