package learn

import (
	"fmt"

	"mlnotes/matrix"
)

const eps = 0x1p-52

// checkData validates a training matrix: not nil, at least minRows
// samples, at least one feature, finite values.
func checkData(op string, x *matrix.Dense, minRows int) error {
	if x == nil {
		return fmt.Errorf("%s: %w: nil data matrix", op, matrix.ErrEmpty)
	}
	n, d := x.Dims()
	if n < minRows || d == 0 {
		return fmt.Errorf("%s: %w: %d×%d data, need at least %d sample(s) and 1 feature", op, matrix.ErrEmpty, n, d, minRows)
	}
	if err := x.CheckFinite(); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	return nil
}

// checkQuery validates data given to a fitted model: not nil, the width it
// was fitted on, at least one row, finite values.
func checkQuery(op string, x *matrix.Dense, width int) error {
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
	if err := x.CheckFinite(); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	return nil
}

// errNilModel is the error of a method called on a nil fitted model.
func errNilModel(op string) error {
	return fmt.Errorf("%s: %w: nil model", op, ErrInvalidParameter)
}
