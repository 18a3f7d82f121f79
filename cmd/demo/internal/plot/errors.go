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

// Error is the error type of package plot. Its message reads
// "plot: <op>: <sentinel>[: <detail>]", for example
// "plot: scatter: dimension mismatch: 10 x values, 9 y values".
type Error struct {
	Op     string
	Err    error
	Detail string
}

// Error returns the message "plot: <op>: <sentinel>[: <detail>]".
func (e *Error) Error() string {
	s := "plot: " + e.Op + ": " + e.Err.Error()
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

// Unwrap returns the sentinel, so that errors.Is(err, matrix.ErrShape) works.
func (e *Error) Unwrap() error { return e.Err }

func newError(op string, sentinel error, format string, args ...any) *Error {
	return &Error{Op: op, Err: sentinel, Detail: fmt.Sprintf(format, args...)}
}

func shapeError(op, format string, args ...any) *Error {
	return newError(op, matrix.ErrShape, format, args...)
}
