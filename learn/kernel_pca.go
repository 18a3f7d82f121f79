package learn

import (
	"fmt"
	"io"
	"math"

	"mlnotes/eigen"
	"mlnotes/matrix"
)

// KernelPCA configures kernel principal component analysis. The zero value
// uses the linear kernel (and reduces to PCA) and keeps 2 components.
type KernelPCA struct {
	Kernel     Kernel // default Linear()
	Components int    // k, default 2
	// Solver: "" (auto: Lanczos top-k when n > 300 and k ≤ n/10, else the
	// full tridiagonal QR), "full" or "topk".
	Solver string
	// Eigen configures the full solver (its Method, MaxSteps and Trace);
	// ValuesOnly is ignored, and the top-k solver does not use it.
	Eigen eigen.SymmetricOptions
}

// KernelPCAModel is a fitted kernel PCA. It keeps the training points,
// because projecting a new point needs its kernel against all of them.
type KernelPCAModel struct {
	Kernel Kernel
	Train  *matrix.Dense // the n training points (n×d)
	// Eigenvalues of the centred Gram matrix K̃ in descending order: all n
	// with the full solver, the k found with top-k. The notes' λ of the
	// feature-space covariance is μ/n.
	Eigenvalues []float64
	// Alphas (n×k): column i holds the coefficients aᵢ of the unit
	// direction Vᵢ = Σⱼ aᵢⱼ φ̃(xⱼ), scaled so that ‖Vᵢ‖ = 1: aᵢ = bᵢ/√μᵢ.
	Alphas *matrix.Dense
	// Column means of K and the grand mean, for centring new kernels.
	KMeans []float64
	KMean  float64
}

// Fit computes kernel PCA of X (n×d).
//
// The feature-space data φ(xᵢ) are centred implicitly by centring the Gram
// matrix,
//
//	K̃ = K − 1ₙK − K1ₙ + 1ₙK1ₙ   (1ₙ the n×n matrix of 1/n),
//
// whose eigenvectors bᵢ (K̃bᵢ = μᵢbᵢ) give the directions
// Vᵢ = Σⱼ aᵢⱼ φ̃(xⱼ). ‖Vᵢ‖² = aᵢᵀK̃aᵢ = μᵢ‖aᵢ‖², so aᵢ = bᵢ/√μᵢ makes them
// unit vectors; directions with μᵢ ≤ n·ε·μ₁ carry no variance and are
// refused. The projection of training point j on Vᵢ is (K̃aᵢ)ⱼ = √μᵢ bᵢⱼ.
//
// Implements: 004, "Kernel PCA" (with the centring and the normalization
// that the notes leave out: see docs/errata.md, item 7).
//
// Special cases: k larger than the number of non-zero eigenvalues is an
// error wrapping ErrInvalidParameter; with the linear kernel the result
// equals PCA (projections identical up to sign, μ = nλ).
//
// Reference: B. Schölkopf, A. Smola, K.-R. Müller, "Nonlinear component
// analysis as a kernel eigenvalue problem", Neural Computation 10 (1998).
func (c KernelPCA) Fit(x *matrix.Dense) (*KernelPCAModel, error) {
	const op = "learn: kernel pca"
	n, k, err := embeddingComponents(op, x, c.Components, func(n int) int { return n })
	if err != nil {
		return nil, err
	}
	if err := checkGramSize(op, n, 2); err != nil { // K̃ and its eigenvectors
		return nil, err
	}
	g, err := GramMatrix(c.Kernel, x)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	kmeans, kmean := centreGram(g) // g becomes K̃
	if c.Solver != "" && c.Solver != "topk" && c.Solver != "full" {
		return nil, fmt.Errorf("%s: %w: solver %q (want full or topk)", op, ErrInvalidParameter, c.Solver)
	}
	res, err := extremePairs(g, k, false, c.Solver, c.Eigen) // all n pairs when dense
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	res = res.Descending()
	mu := res.Values
	tol := float64(n) * eps * math.Abs(mu[0])
	alphas := matrix.New(n, k)
	for i := range k {
		if !(mu[i] > tol) {
			return nil, fmt.Errorf("%s: %w: component %d has eigenvalue %.3g: the centred Gram matrix has only %d non-zero eigenvalues", op, ErrInvalidParameter, i, mu[i], i)
		}
		b := res.Vectors.Col(i)
		matrix.ScaleVec(1/math.Sqrt(mu[i]), b) // aᵢ = bᵢ/√μᵢ
		alphas.SetCol(i, b)
	}
	clampNonNegative(mu)
	return &KernelPCAModel{Kernel: c.Kernel, Train: x.Clone(), Eigenvalues: mu, Alphas: alphas, KMeans: kmeans, KMean: kmean}, nil
}

// centreGram overwrites K with K̃ = K − 1ₙK − K1ₙ + 1ₙK1ₙ, that is
// k̃ᵢⱼ = kᵢⱼ − k̄ᵢ − k̄ⱼ + k̄ (K is symmetric, so row and column means
// agree), and returns the column means k̄ⱼ and the grand mean k̄.
func centreGram(k *matrix.Dense) (means []float64, grand float64) {
	means, _ = matrix.ColMeans(k)
	for _, m := range means {
		grand += m
	}
	grand /= float64(len(means))
	for i := range k.Rows() {
		row := k.Row(i)
		for j := range row {
			row[j] += grand - means[i] - means[j]
		}
	}
	return means, grand
}

// K returns the number of components.
func (m *KernelPCAModel) K() int { return m.Alphas.Cols() }

// Transform projects new points (rows of Q, m×d) on the components. Their
// kernel against the training points, Kq (m×n), is centred consistently
// with the training data,
//
//	K̃q = Kq − 1ₘK − Kq1ₙ + 1ₘK1ₙ,   i.e. k̃ᵢⱼ = kᵢⱼ − k̄ⱼ − (row mean of Kq)ᵢ + k̄,
//
// and the projections are Y = K̃q A (m×k). A row whose projection is not
// finite (its kernel values overflowed: rows near ±1e308) is an error
// wrapping matrix.ErrNotFinite naming it (score_check.go).
func (m *KernelPCAModel) Transform(q *matrix.Dense) (*matrix.Dense, error) {
	if err := checkQuery("learn: kernel pca: transform", q, m.Train.Cols()); err != nil {
		return nil, err
	}
	kq, err := CrossGram(m.Kernel, q, m.Train)
	if err != nil {
		return nil, err
	}
	n := float64(m.Train.Rows())
	for i := range kq.Rows() {
		row := kq.Row(i)
		var rowMean float64
		for _, v := range row {
			rowMean += v
		}
		rowMean /= n
		for j := range row {
			row[j] += m.KMean - m.KMeans[j] - rowMean
		}
	}
	y, err := matrix.Mul(kq, m.Alphas)
	if err != nil {
		return nil, err
	}
	if err := checkScoreRows("learn: kernel pca: transform", "projection", y); err != nil {
		return nil, err
	}
	return y, nil
}

// Save writes the fitted model as JSON (format "mlnotes/kernel-pca").
func (m *KernelPCAModel) Save(w io.Writer) error { return saveModel(w, "kernel-pca", m) }

// LoadKernelPCA reads a model written by KernelPCAModel.Save.
func LoadKernelPCA(r io.Reader) (*KernelPCAModel, error) {
	var m KernelPCAModel
	if err := loadModel(r, "kernel-pca", &m); err != nil {
		return nil, err
	}
	if m.Train == nil || m.Alphas == nil || m.Alphas.Rows() != m.Train.Rows() || len(m.KMeans) != m.Train.Rows() {
		return nil, fmt.Errorf("learn: load kernel pca: %w: inconsistent dimensions", ErrFormat)
	}
	// All n eigenvalues (the full solver), or the k found (top-k),
	// descending.
	if n, k := m.Train.Rows(), m.Alphas.Cols(); len(m.Eigenvalues) != n && len(m.Eigenvalues) != k {
		return nil, formatError("kernel pca", fmt.Errorf("Eigenvalues has %d entries, want %d (all) or %d (the components)", len(m.Eigenvalues), n, k))
	}
	if err := checkDescending("Eigenvalues", m.Eigenvalues); err != nil {
		return nil, formatError("kernel pca", err)
	}
	if err := m.Kernel.Validate(); err != nil {
		return nil, fmt.Errorf("learn: load kernel pca: %w: %v", ErrFormat, err)
	}
	return &m, nil
}

// MercerCheck reports whether the Gram matrix of a kernel on the rows of X
// is positive semi-definite, as Mercer's condition requires of a valid
// kernel: it returns the most negative eigenvalue (0 if there is none) and
// whether it is within rounding, −n·ε·‖K‖_F.
//
// Implements: 004, "Mercer Theorem" and "Positive definite kernels".
func MercerCheck(k Kernel, x *matrix.Dense) (mostNegative float64, psd bool, err error) {
	g, err := GramMatrix(k, x)
	if err != nil {
		return 0, false, err
	}
	r, err := eigen.Symmetric(g, eigen.SymmetricOptions{ValuesOnly: true})
	if err != nil {
		return 0, false, err
	}
	mostNegative = math.Min(0, r.Values[0])
	return mostNegative, mostNegative >= -float64(g.Rows())*eps*matrix.NormFrobenius(g), nil
}
