package learn

import (
	"fmt"
	"math"

	"mlnotes/eigen"
	"mlnotes/matrix"
)

// SpectralEmbedding configures a spectral embedding: points are the nodes
// of a similarity graph, and the embedding is given by the eigenvectors of
// its Laplacian with the smallest eigenvalues.
type SpectralEmbedding struct {
	Components int     // k, the dimension of the embedding; default 2
	Sigma2     float64 // σ² of the Gaussian weights exp(−‖xᵢ − xⱼ‖²/σ²); must be > 0
	Neighbors  int     // connect each point to its Neighbors nearest; 0 means all pairs
	Normalized bool    // use L = I − D^(−1/2) W D^(−1/2) instead of L = D − W
	// Eigen configures the full solver used for n ≤ 300 or k + 1 > n/10 (its
	// Method, MaxSteps and Trace); ValuesOnly is ignored.
	Eigen eigen.SymmetricOptions
}

// SpectralModel is a fitted spectral embedding of the training points.
type SpectralModel struct {
	Embedding   *matrix.Dense // n×k: row i is the embedded point i
	Eigenvalues []float64     // the k+1 smallest eigenvalues of L, ascending (the first is 0)
	Laplacian   *matrix.Dense // L (n×n), for inspection
}

// Fit embeds the rows of X (n×d).
//
// The slides pose min trace(HᵀLH) subject to HᵀH = I (H n×k): by the
// Rayleigh-quotient argument its minimum is the sum of the k smallest
// eigenvalues of L, attained by the corresponding eigenvectors. For a
// graph Laplacian the smallest eigenvalue is 0 with a constant eigenvector
// (D^(1/2)1 for the normalized L), which carries no information, so the
// embedding uses eigenvectors 2..k+1.
//
// The graph: wᵢⱼ = exp(−‖xᵢ − xⱼ‖²/σ²) between neighbours (j among the
// Neighbors nearest of i, or i among those of j; all pairs when
// Neighbors = 0), wᵢᵢ = 0; D = diag(Σⱼ wᵢⱼ).
//
// Implements: 002, "Rayleigh quotient" (Problem Formulation:
// min trace(HᵀLH) over HᵀH = I; the trivial eigenvector the slides keep:
// docs/errata.md, item 31; docs/pca.md §8).
//
// Special cases: a disconnected graph has more than one zero eigenvalue;
// the embedding then separates the components, and Eigenvalues shows the
// extra zeros. A point with no neighbours at all (all weights underflow to
// 0) is an error: increase σ² or Neighbors.
//
// Reference: M. Belkin, P. Niyogi, "Laplacian eigenmaps for dimensionality
// reduction and data representation", Neural Computation 15 (2003).
func (c SpectralEmbedding) Fit(x *matrix.Dense) (*SpectralModel, error) {
	const op = "learn: spectral embedding"
	n, k, err := embeddingComponents(op, x, c.Components, func(n int) int { return n - 1 })
	if err != nil {
		return nil, err
	}
	if err := checkGramSize(op, n, 3); err != nil { // W, L and the eigenvectors
		return nil, err
	}
	if !(c.Sigma2 > 0) || math.IsInf(c.Sigma2, 0) {
		return nil, fmt.Errorf("%s: %w: sigma2 %g must be positive and finite", op, ErrInvalidParameter, c.Sigma2)
	}
	if c.Neighbors < 0 || c.Neighbors >= n {
		return nil, fmt.Errorf("%s: %w: %d neighbors for %d points", op, ErrInvalidParameter, c.Neighbors, n)
	}
	w, err := GramMatrix(Gaussian(c.Sigma2), x) // wᵢⱼ = exp(−‖xᵢ − xⱼ‖²/σ²)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	for i := range n {
		w.Set(i, i, 0)
	}
	if c.Neighbors > 0 {
		keepNearest(w, c.Neighbors)
	}
	l, err := laplacian(w, c.Normalized)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	res, err := extremePairs(l, k+1, true, "", c.Eigen)
	if err == nil {
		res, err = res.Smallest(k + 1)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	emb := matrix.New(n, k)
	for j := range k {
		emb.SetCol(j, res.Vectors.Col(j+1)) // skip the trivial eigenvector
	}
	return &SpectralModel{Embedding: emb, Eigenvalues: res.Values, Laplacian: l}, nil
}

// keepNearest zeroes every weight except those between a point and its m
// nearest neighbours (largest weights; among equal weights the lower
// index), keeping the graph symmetric: an edge stays if either end counts
// the other among its nearest. Each row's m nearest are selected by
// insertion into a list of m, O(n·m) per row instead of a sort.
func keepNearest(w *matrix.Dense, m int) {
	n := w.Rows()
	nearest := make([][]int, n)
	parallelRows(n, func(i int) {
		row := w.Row(i)
		top := make([]int, 0, m+1) // indices, by decreasing weight
		for j, v := range row {
			if j == i || len(top) == m && v <= row[top[m-1]] {
				continue
			}
			// Insert j after every entry of weight ≥ v: ties keep index order.
			p := len(top)
			for p > 0 && row[top[p-1]] < v {
				p--
			}
			top = append(top, 0)
			copy(top[p+1:], top[p:])
			top[p] = j
			if len(top) > m {
				top = top[:m]
			}
		}
		nearest[i] = top
	})
	kept := matrix.New(n, n)
	for i, top := range nearest {
		for _, j := range top {
			kept.Set(i, j, w.At(i, j))
			kept.Set(j, i, w.At(j, i))
		}
	}
	w.Copy(kept)
}

// laplacian returns L = D − W, or I − D^(−1/2) W D^(−1/2) when normalized.
func laplacian(w *matrix.Dense, normalized bool) (*matrix.Dense, error) {
	n := w.Rows()
	deg := make([]float64, n)
	for i := range n {
		for _, v := range w.Row(i) {
			deg[i] += v
		}
		if deg[i] == 0 {
			return nil, fmt.Errorf("%w: point %d has no neighbour with non-zero weight (increase sigma2 or neighbors)", ErrInvalidParameter, i)
		}
	}
	l := matrix.New(n, n)
	for i := range n {
		for j, v := range w.Row(i) {
			if normalized {
				l.Set(i, j, -v/math.Sqrt(deg[i]*deg[j]))
			} else {
				l.Set(i, j, -v)
			}
		}
		if normalized {
			l.Set(i, i, 1)
		} else {
			l.Set(i, i, deg[i])
		}
	}
	return l, nil
}
