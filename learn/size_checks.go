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

// memberOverhead is a lower bound on the bytes of any member of an
// ensemble beyond what it stores per sample or per feature: the interface
// or pointer that holds it, the model struct and its slice headers.
const memberOverhead = 128

// checkEnsembleSize refuses count members (trees, bagged models) of at
// least perMember bytes each, plus memberOverhead, beyond the memory
// limit: a lower bound, so that only counts that cannot fit are refused.
func checkEnsembleSize(op, what string, count int, perMember int64) error {
	need := mulBytes(int64(count), matrix.AddBytes(perMember, memberOverhead))
	if need <= matrix.MemoryLimit() {
		return nil
	}
	return fmt.Errorf("%s: %w: %d %s need at least %s, the limit is %s", op, matrix.ErrTooLarge, count, what, matrix.FormatBytes(need), matrix.FormatBytes(matrix.MemoryLimit()))
}

// mulBytes is a·b for non-negative byte counts, saturating at
// math.MaxInt64.
func mulBytes(a, b int64) int64 {
	if a <= 0 || b <= 0 {
		return 0
	}
	if a > math.MaxInt64/b {
		return math.MaxInt64
	}
	return a * b
}

// networkCopies is how many vectors of the size of the parameters a
// network's training holds: the weights, the gradient, Adam's two moments
// and the best weights kept for early stopping.
const networkCopies = 5

// checkNetworkSize refuses a network whose parameters, held
// networkCopies times in training, exceed the memory limit.
func checkNetworkSize(op string, sizes []int) error {
	var params int64
	for l := 1; l < len(sizes); l++ {
		params = matrix.AddBytes(params, mulBytes(int64(sizes[l-1]+1), int64(sizes[l])))
	}
	need := mulBytes(params, 8*networkCopies)
	if need <= matrix.MemoryLimit() {
		return nil
	}
	return fmt.Errorf("%s: %w: the %d parameters of layers %v need %s in training (%d copies), the limit is %s",
		op, matrix.ErrTooLarge, params, sizes, matrix.FormatBytes(need), networkCopies, matrix.FormatBytes(matrix.MemoryLimit()))
}

// basisCopies is how many n × width matrices a fit on expanded features
// holds: φ(X), its centred copy and the factorization of the solver.
const basisCopies = 3

// checkBasisSize refuses a basis expansion whose n × width feature
// matrix, held basisCopies times, exceeds the memory limit.
func checkBasisSize(op string, b Basis, n, d int) error {
	per := 1
	switch b.Kind {
	case BasisPoly:
		per = b.Degree
	case BasisGauss, BasisSigmoid:
		per = b.Centers
	}
	need := matrix.FloatBytes(basisCopies, n, d, per)
	if need <= matrix.MemoryLimit() {
		return nil
	}
	return fmt.Errorf("%s: %w: %d basis functions of each of %d features on %d rows need %s (%d copies of the expanded data), the limit is %s",
		op, matrix.ErrTooLarge, per, d, n, matrix.FormatBytes(need), basisCopies, matrix.FormatBytes(matrix.MemoryLimit()))
}

// checkAlloc is matrix.CheckAlloc with the message of this package:
// "<op>: too large for the memory limit: <what> needs <bytes>, the limit
// is <limit>".
func checkAlloc(op, what string, bytes int64) error {
	if bytes <= matrix.MemoryLimit() {
		return nil
	}
	return fmt.Errorf("%s: %w: %s needs %s, the limit is %s", op, matrix.ErrTooLarge, what, matrix.FormatBytes(bytes), matrix.FormatBytes(matrix.MemoryLimit()))
}
