// Package matrix is the linear-algebra floor of mlnotes: a dense row-major
// matrix type, BLAS-like kernels, the factorizations (LU, Cholesky, QR, SVD),
// the solvers built on them, data-matrix statistics, and readers for the
// file formats the notes use (CSV tables, MNIST IDX images).
//
// # Conventions
//
// A data matrix X is n×d: rows are samples, columns are features. The notes
// write the transpose (d×n, samples as columns); every doc comment that shows
// a formula says which orientation it uses. Covariances divide by n, as the
// notes do (Population); Sample divides by n − 1.
//
// Dense stores element (i, j) at data[i*stride+j]. Slice returns views that
// share memory with their parent; Clone makes an independent copy. Functions
// that return a matrix allocate it; functions named …To or taking a
// destination write into memory the caller owns.
//
// Singular values are returned in descending order, eigenvalues (package
// eigen) in ascending order.
//
// # Notes map
//
//	004, "Linear least squares" (pseudo-inverse, SVD)   QR.LeastSquares, SVD, LeastSquares, PseudoInverse
//	004, "Multivariate normal" (log|Σ|, Σ⁻¹)            Cholesky.LogDet, Cholesky.Solve
//	001, "Principal Component Analysis" (S = XXᵀ)       Covariance, Center, Gram
//	000, PCA procedure, steps 1–2 (mean, covariance)    ColMeans, Covariance
//	002, "PCA" (X Xᵀ, Gram matrix)                      Gram, MulABT
//
// # Errors
//
// Functions that take data return errors, never panic: shape mismatches,
// empty input, NaN or Inf, singular and non-positive-definite matrices and
// non-convergence give an *Error that wraps one of the sentinels (ErrShape,
// ErrEmpty, ErrNotFinite, ErrSingular, ErrNotSPD, ErrNotSymmetric,
// ErrNotSquare, ErrRankDeficient, ErrNoConvergence, ErrAlias, ErrFormat), so
// errors.Is and errors.As work. Element access out of range panics, exactly
// as slice indexing does, and so do the level-1 vector kernels given slices
// of different lengths: those are bugs in the caller, not bad data.
package matrix
