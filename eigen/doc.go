// Package eigen solves symmetric eigenproblems A v = λ v and the generalized
// symmetric-definite problem A v = λ B v, on top of package matrix.
//
// The notes reduce PCA (S w = λ w), kernel PCA, the Rayleigh-quotient trace
// problems (max or min trace(HᵀLH) subject to HᵀH = I) and Fisher's
// discriminant (S_B w = λ S_w w) to these problems. docs/eigenproblems.md
// derives every method; this comment is the short manual.
//
// # Conventions
//
// A is n×n and symmetric (to within 16·n·ε·max|aᵢⱼ|). Eigenvalues are
// returned in ascending order (Result.Descending reverses them, the order
// PCA uses); eigenvectors are the columns of an orthogonal V, column j
// paired with value j. Sign rule: the largest-magnitude entry of every
// eigenvector is positive (the first one on ties), so results do not flip
// between methods or runs. For the generalized problem the vectors are
// B-orthonormal (VᵀBV = I) and follow the same sign rule.
//
// # Methods
//
//   - Symmetric with Method Auto (the zero value, the default): QR below
//     n = 180, divide and conquer from there on, the choice LAPACK's
//     drivers make by size (the crossover measured on BenchmarkSym).
//   - Symmetric with Method TridiagonalQR: Householder reduction and
//     implicit QR with Wilkinson shifts.
//   - Symmetric with Method DivideConquer: the same reduction, then Cuppen's
//     divide and conquer with Gu–Eisenstat vectors; several times faster
//     for large n, because its eigenvector work is matrix products.
//   - Jacobi: cyclic Jacobi with a threshold strategy, the method a teacher
//     shows first, and the most accurate for graded matrices.
//   - Generalized: Cholesky reduction to a standard problem.
//   - TopK: Lanczos with full reorthogonalization, locking and restarts
//     (so repeated eigenvalues are found), for a few extreme pairs of a
//     large matrix; TopKFunc for an operator known only by its products.
//
// Every solver works on 2ᵏA with max|aᵢⱼ| in [1/2, 1) (matrix.ScaleExponent,
// exact), so subnormal and near-overflow entries are safe; an eigenvalue
// beyond the float64 range is an error wrapping matrix.ErrNotFinite. A nil
// matrix is an error wrapping matrix.ErrEmpty.
//
// # Notes map
//
//	000, "PCA Procedure" (top eigenvectors of S)       Symmetric, Result.Largest
//	002, "Rayleigh quotient" (vᵀLv = λ, trace problems)  Symmetric, Result.Smallest, Result.Largest
//	002, "Problem Formulation" (min trace(HᵀLH))       TopK with Smallest
//	004, "PCA as dimensionality reduction"             Symmetric, Jacobi
//	004, "Kernel PCA" (leading Gram eigenvectors)      TopK
//	004, "Fisher Linear Discriminant" (S_B w = λ S_w w) Generalized
//
// # Errors
//
// Non-square, empty, non-symmetric or non-finite input, a B that is not
// positive definite or of another size, an unknown Method and failure to
// converge return errors wrapping the sentinels of package matrix
// (ErrNotSquare, ErrEmpty, ErrNotSymmetric, ErrNotFinite, ErrNotSPD,
// ErrShape, ErrNoConvergence) or of this package (ErrRange for k out of
// range, ErrMethod). Messages start with "eigen: " and name the operation.
// Nothing panics on bad data.
package eigen
