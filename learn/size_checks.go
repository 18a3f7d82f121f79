package learn

import (
	"fmt"
	"math"

	"mlnotes/matrix"
)

// The size checks of the learners: an operation whose storage follows
// from the shape of its input (an n×n Gram matrix, k covariance matrices
// of d×d) compares its estimated peak with matrix.MemoryLimit before it
// allocates, and returns an error wrapping matrix.ErrTooLarge that names
// the size, the limit, and what would fit.

// checkGramSize refuses an n×n kernel matrix held copies times (the
// matrix and the work of its eigenproblem) when it exceeds the memory
// limit, suggesting the number of rows that fits.
func checkGramSize(op string, n, copies int) error {
	need := matrix.FloatBytes(copies, n, n)
	if need <= matrix.MemoryLimit() {
		return nil
	}
	fit := int(math.Sqrt(float64(matrix.MemoryLimit()) / float64(8*copies)))
	return fmt.Errorf("%s: %w: the Gram matrix of %d rows needs %s (%d×%d, %d copies), the limit is %s; use at most about %d rows",
		op, matrix.ErrTooLarge, n, matrix.FormatBytes(need), n, n, copies, matrix.FormatBytes(matrix.MemoryLimit()), fit)
}

// checkSquareSize refuses count matrices of d×d float64 (covariances and
// their factors over d features) beyond the memory limit, naming what
// needs them and the number of features that would fit; hint says what
// else the caller can do.
func checkSquareSize(op, what string, d, count int, hint string) error {
	need := matrix.FloatBytes(count, d, d)
	if need <= matrix.MemoryLimit() {
		return nil
	}
	fit := int(math.Sqrt(float64(matrix.MemoryLimit()) / float64(8*count)))
	return fmt.Errorf("%s: %w: %s need %s (%d matrices of %d×%d), the limit is %s; %s, or use at most about %d features",
		op, matrix.ErrTooLarge, what, matrix.FormatBytes(need), count, d, d, matrix.FormatBytes(matrix.MemoryLimit()), hint, fit)
}
