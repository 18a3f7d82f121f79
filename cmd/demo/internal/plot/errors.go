package plot

import (
	"errors"
	"fmt"

	"mlnotes/matrix"
)

// ErrInvalid reports a setting that cannot be drawn: a negative size, an
// axis range with Min > Max or a non-finite bound, a contour level that is
// NaN, a class index out of range.
var ErrInvalid = errors.New("invalid setting")

// Errors with the same meaning as in package matrix wrap its sentinels:
// matrix.ErrShape for slices of different lengths, matrix.ErrEmpty for a
// figure or grid with nothing to draw (or an axis whose range no data
// determines), matrix.ErrNotFinite for a NaN pixel of a grid image.

// Error is the error type of package plot: matrix's, with the prefix
// "plot". Its message reads "plot: <op>: <sentinel>[: <detail>]", for
// example "plot: scatter: dimension mismatch: 10 x values, 9 y values".
type Error = matrix.Error

func newError(op string, sentinel error, format string, args ...any) *Error {
	return &Error{Op: op, Err: sentinel, Detail: fmt.Sprintf(format, args...), Pkg: "plot"}
}

func shapeError(op, format string, args ...any) *Error {
	return newError(op, matrix.ErrShape, format, args...)
}
