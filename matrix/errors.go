package matrix

import (
	"errors"
	"fmt"
)

// Sentinel errors. Every error returned by this package wraps one of them, so
// callers test the kind of failure with errors.Is and read the details with
// errors.As(*Error). Packages built on matrix (eigen, optimize, learn) wrap
// the same sentinels when the failure has the same meaning.
var (
	// ErrShape reports operands whose dimensions do not fit together.
	ErrShape = errors.New("dimension mismatch")
	// ErrEmpty reports a matrix or vector with no elements where data is needed.
	ErrEmpty = errors.New("empty input")
	// ErrNotFinite reports a NaN or an infinity in the input.
	ErrNotFinite = errors.New("non-finite value")
	// ErrSingular reports a matrix that is exactly or numerically singular.
	ErrSingular = errors.New("matrix is singular")
	// ErrNotSPD reports a matrix that is not symmetric positive definite.
	ErrNotSPD = errors.New("matrix is not positive definite")
	// ErrNotSymmetric reports a matrix whose asymmetry exceeds the tolerance.
	ErrNotSymmetric = errors.New("matrix is not symmetric")
	// ErrNotSquare reports a rectangular matrix where a square one is needed.
	ErrNotSquare = errors.New("matrix is not square")
	// ErrRankDeficient reports a matrix without full column rank where one is needed.
	ErrRankDeficient = errors.New("matrix is rank deficient")
	// ErrNoConvergence reports an iteration that hit its limit.
	ErrNoConvergence = errors.New("no convergence")
	// ErrAlias reports an output that shares memory with an input it must not overwrite.
	ErrAlias = errors.New("output aliases an input")
	// ErrFormat reports malformed input files (CSV, IDX).
	ErrFormat = errors.New("malformed input")
	// ErrInvalidParameter reports a setting outside its domain: a negative
	// tolerance or step, an unknown method name, a hyper-parameter out of
	// range. Packages optimize and learn export this same value under the
	// same name, so errors.Is(err, learn.ErrInvalidParameter) and
	// errors.Is(err, optimize.ErrInvalidParameter) both hold for an error
	// from either package.
	ErrInvalidParameter = errors.New("invalid parameter")
	// ErrTooLarge reports an operation whose storage, known from the
	// shapes before anything is allocated, exceeds MemoryLimit.
	ErrTooLarge = errors.New("too large for the memory limit")
)

// Error is the structured error of the matrix package, modelled on
// strconv.NumError: Op names the operation, Err is one of the sentinels above
// and Detail (possibly empty) says where or why. Pkg names the reporting
// package when it is not matrix: packages built on matrix that report
// errors of the same shape (the demo's plot package) use this type
// rather than a copy of it.
//
// Its message reads "matrix: <op>: <sentinel>[: <detail>]", for example
// "matrix: cholesky: matrix is not positive definite: pivot 3 is -2.5e-07".
type Error struct {
	Op     string
	Err    error
	Detail string
	Pkg    string // the prefix of the message; "" means "matrix"
}

// Error formats the error as "<pkg>: <op>: <sentinel>[: <detail>]", with
// <pkg> "matrix" unless Pkg says otherwise.
func (e *Error) Error() string {
	pkg := e.Pkg
	if pkg == "" {
		pkg = "matrix"
	}
	s := pkg + ": " + e.Op + ": " + e.Err.Error()
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

// Unwrap returns the sentinel, so that errors.Is(err, ErrShape) works.
func (e *Error) Unwrap() error { return e.Err }

// newError builds an *Error with a printf-style detail.
func newError(op string, sentinel error, format string, args ...any) *Error {
	return &Error{Op: op, Err: sentinel, Detail: fmt.Sprintf(format, args...)}
}

// shapeError reports two operands whose shapes do not fit.
func shapeError(op string, a, b *Dense) *Error {
	return newError(op, ErrShape, "%s and %s", a.shape(), b.shape())
}
