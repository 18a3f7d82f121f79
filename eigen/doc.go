// Package eigen solves symmetric eigenproblems A v = λ v and the generalized
// symmetric-definite problem A v = λ B v, on top of package matrix.
//
// The notes reduce PCA (S w = λ w), kernel PCA, the Rayleigh-quotient trace
// problems (max or min trace(HᵀLH) subject to HᵀH = I) and Fisher's
// discriminant (S_B w = λ S_w w) to these problems.
//
// # Conventions
//
// Eigenvalues are returned in ascending order; eigenvectors are the columns
// of an orthogonal V, column j paired with value j.
//
// # Errors
//
// Non-square, non-symmetric or non-finite input, a B that is not positive
// definite and failure to converge return errors wrapping the sentinels of
// package matrix; nothing panics on bad data.
package eigen
