package learn

import (
	"fmt"

	"mlnotes/eigen"
	"mlnotes/matrix"
)

// Shared by kernel PCA and spectral embedding, which start and end alike:
// validate the data and the number of components, build an n×n symmetric
// matrix, and take its k extreme eigenpairs.

// embeddingComponents validates the data of an n-sample embedding (at
// least two finite samples) and its number of components: zero means the
// default of 2, and k must lie in 1..maxK(n). It returns n and k.
func embeddingComponents(op string, x *matrix.Dense, components int, maxK func(n int) int) (n, k int, err error) {
	if err := checkData(op, x, 2); err != nil {
		return 0, 0, err
	}
	n = x.Rows()
	k = components
	if k == 0 {
		k = 2
	}
	if k < 1 || k > maxK(n) {
		return 0, 0, fmt.Errorf("%s: %w: %d components for %d samples (want 1 ≤ k ≤ %d)", op, ErrInvalidParameter, components, n, maxK(n))
	}
	return n, k, nil
}

// extremePairs returns eigenpairs of the symmetric n×n g, ascending,
// among them the k largest (or, with smallest, the k smallest): just those
// k from Lanczos (eigen.TopK, which finds repeated eigenvalues), or all n
// from the dense eigen.Symmetric with the caller's options. solver is ""
// (automatic: Lanczos when n > 300 and k ≤ n/10, where the dense solve
// would compute ten times more pairs than are kept), "topk" or "full".
func extremePairs(g *matrix.Dense, k int, smallest bool, solver string, opts eigen.SymmetricOptions) (*eigen.Result, error) {
	n := g.Rows()
	if solver == "topk" || solver == "" && n > 300 && k <= n/10 {
		return eigen.TopK(g, k, eigen.TopKOptions{Smallest: smallest})
	}
	return eigen.Symmetric(g, withVectors(opts))
}
