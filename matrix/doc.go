// Package matrix is the linear-algebra floor of mlnotes: a dense row-major
// matrix type, BLAS-like kernels, the factorizations (LU, Cholesky, QR, SVD),
// the solvers built on them, data-matrix statistics, and readers for the
// file formats the notes use (CSV tables — ReadCSV for numbers,
// ReadLabeledCSV for numbers and a column of text labels, CSVRecords for
// the records of any delimited file without a string per field — and MNIST
// IDX images).
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
// The products (Gemm, Syrk, Gemv) are blocked and packed, and large ones
// run on GOMAXPROCS goroutines; their results do not depend on the number
// of goroutines. On amd64 their micro-kernels are AVX-512 or AVX2
// assembly, chosen at start-up from what the processor and the operating
// system support; elsewhere, or built with -tags purego, they are plain Go
// (docs/linear-algebra.md, "The product kernels"). PackB packs a right
// operand once for the many products of an iterative method
// (GemmPackedB), with the bits Gemm would give. SymvUpper and
// SymvUpperRows, the symmetric matrix–vector product on the upper triangle
// that the tridiagonal reduction of package eigen runs for every column,
// have AVX-512 and AVX2 kernels in the same way (symv.go).
//
// # Notes map
//
//	004, "Linear Least Squares Regression" (W = (AᵀA)⁻¹AᵀY, by QR)      FactorizeQR, QR.LeastSquares
//	004, "Linear Least Squares Regression" (pseudo-inverse, SVD)       FactorizeSVD, FactorizeSVDWith, LeastSquares, PseudoInverse
//	002, "Linear Regression", "Linear Regression in ℝᵈ"                QR.LeastSquares, LeastSquares
//	004, "Multivariate Normal Distribution" (Σ⁻¹x, log|Σ|)             FactorizeCholesky, Cholesky.Solve, Cholesky.LogDet
//	not in the notes: general square systems                          FactorizeLU, Solve, Inverse, Det, LU.LogAbsDet
//	001, "Principal Component Analysis" (S = (X − X̄)(X − X̄)ᵀ)          Covariance, Center, Gram, Syrk
//	000, "PCA Procedure", steps 1–2 (mean, covariance)                 ColMeans, Covariance
//	000, "1. DIMENSIONALITY REDUCTION" (28×28 = 784 digit images)      ReadIDXImages, ReadIDXLabels
//
// # Factorizations
//
// LU (partial pivoting), Cholesky and Householder QR are the textbook
// algorithms, kept as readable unblocked kernels (luEliminateColumns,
// cholUnblocked, QR.factorColumns) and run by blocks on larger matrices,
// so that almost all their flops are in Gemm: LU and Cholesky factor a
// panel of columns with the kernel, solve for the block beside it (LU) or
// below it (Cholesky, trsmRightLowerT) and update the trailing matrix with
// one product
// (Cholesky's is the symmetric rank-k update syrkAddLower); QR groups
// 32 reflectors into one block reflector I − V T Vᵀ (the compact WY form of
// LAPACK's dgeqrf/dlarft/dlarfb), which FactorizeQR, QR.ApplyQ, ApplyQT, Q
// and LeastSquares apply with two products. Blocking regroups the same
// sums, so the blocked and unblocked results agree to rounding and have
// the same backward-error bounds; the tests compare them.
//
// The SVD is Golub–Kahan–Reinsch by default: a tall matrix is first
// reduced by QR, then bidiagonalized by Householder reflectors, and the
// bidiagonal matrix is diagonalized by implicit-shift QR sweeps with the
// Demmel–Kahan zero shift (LAPACK's dgesvd and dbdsqr). We chose it over
// one-sided Jacobi after measuring both: both are backward stable, but the
// 500×500 full SVD took 1.8 s with Jacobi (several sweeps of 6n³ flops)
// and takes less than gonum's time with Golub–Kahan–Reinsch, whose
// O(n³) work is two Householder reductions and rotations applied as whole
// sequences to contiguous rows (docs/performance.md). One-sided Jacobi is
// kept as SVDJacobi (FactorizeSVDWith) for the rare user who needs every
// tiny singular value of a graded matrix to full relative accuracy.
//
// # Errors
//
// Functions that take data return errors, never panic: shape mismatches,
// empty input, NaN or Inf, singular and non-positive-definite matrices and
// non-convergence give an *Error that wraps one of the sentinels (ErrShape,
// ErrEmpty, ErrNotFinite, ErrSingular, ErrNotSPD, ErrNotSymmetric,
// ErrNotSquare, ErrRankDeficient, ErrNoConvergence, ErrAlias, ErrFormat,
// ErrNoColumn), so errors.Is and errors.As work. Readers report bad bytes
// as ErrFormat, ErrEmpty or ErrNotFinite with the line and column (CSV) or
// the counts and index (IDX); I/O errors of the reader or of os.Open are
// returned wrapped, not as *Error (docs/data-formats.md). Element access out of range panics, exactly
// as slice indexing does, and so do the level-1 vector kernels given slices
// of different lengths: those are bugs in the caller, not bad data.
package matrix
