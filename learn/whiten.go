package learn

import (
	"fmt"
	"io"
	"math"

	"mlnotes/matrix"
)

// WhitenMethod selects the whitening transform.
type WhitenMethod string

const (
	// PCAWhitening is z = L^(−1/2) Uᵀ (x − x̄): rotate onto the principal
	// axes and scale each by 1/√λ. It is the zero value.
	PCAWhitening WhitenMethod = "pca"
	// ZCAWhitening is z = U L^(−1/2) Uᵀ (x − x̄): PCA whitening rotated back
	// by U, the whitening transform closest to the identity (its output
	// stays close to the data, which is why it suits images).
	ZCAWhitening WhitenMethod = "zca"
)

// Whiten configures a whitening transform, after which the data have zero
// mean and identity covariance. The zero value is PCA whitening with
// ε = 0 and the notes' 1/n covariance.
type Whiten struct {
	Method   WhitenMethod    // default PCAWhitening
	Epsilon  float64         // added to every eigenvalue: L^(−1/2) becomes (L + εI)^(−1/2)
	Variance matrix.Variance // default matrix.Population
}

// WhitenModel is a fitted whitening transform z = W(x − x̄).
type WhitenModel struct {
	Method WhitenMethod
	Mean   []float64     // x̄ (d)
	W      *matrix.Dense // d×d: L^(−1/2)Uᵀ (PCA) or U L^(−1/2) Uᵀ (ZCA)
}

// Fit computes the whitening transform of X (n×d, rows are samples) from
// the eigendecomposition S = U L Uᵀ of its covariance:
//
//	PCA:  W = L^(−1/2) Uᵀ,      ZCA:  W = U L^(−1/2) Uᵀ,
//
// so that the covariance of z = W(x − x̄) is W S Wᵀ = I (for ε = 0).
//
// Implements: 004, "PCA and Whitening Transform" and "ZCA Whitening".
//
// Special cases: a zero eigenvalue (a constant column, or fewer samples
// than features) cannot be whitened: Fit returns an error wrapping
// matrix.ErrSingular unless Epsilon > 0. Negative or non-finite Epsilon
// and an unknown method are errors wrapping ErrInvalidParameter.
//
// Reference: A. Kessy, A. Lewin, K. Strimmer, "Optimal whitening and
// decorrelation", The American Statistician 72 (2018).
func (c Whiten) Fit(x *matrix.Dense) (*WhitenModel, error) {
	const op = "learn: whiten"
	method := c.Method
	if method == "" {
		method = PCAWhitening
	}
	if method != PCAWhitening && method != ZCAWhitening {
		return nil, fmt.Errorf("%s: %w: method %q (want pca or zca)", op, ErrInvalidParameter, method)
	}
	if !(c.Epsilon >= 0) || math.IsInf(c.Epsilon, 0) {
		return nil, fmt.Errorf("%s: %w: epsilon %g must be finite and non-negative", op, ErrInvalidParameter, c.Epsilon)
	}
	p, err := PCA{Method: PCACovariance, Variance: c.Variance}.Fit(x)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	d := len(p.Mean)
	// A zero eigenvalue in exact arithmetic shows up as rounding noise of
	// order d·ε·λ_max: treat anything below that as zero.
	tol := float64(d) * eps * p.Eigenvalues[0]
	w := p.Components.Clone() // Uᵀ (d×d), rows are the eigenvectors
	for j := range d {
		l := p.Eigenvalues[j] + c.Epsilon
		if p.Eigenvalues[j] <= tol && c.Epsilon == 0 || l <= 0 {
			return nil, fmt.Errorf("%s: %w: eigenvalue %d of the covariance is %.3g (a constant or redundant feature); set Epsilon > 0", op, matrix.ErrSingular, j, p.Eigenvalues[j])
		}
		matrix.ScaleVec(1/math.Sqrt(l), w.Row(j)) // row j of L^(−1/2)Uᵀ
	}
	if method == ZCAWhitening {
		w, _ = matrix.MulATB(p.Components, w) // U · L^(−1/2)Uᵀ
	}
	return &WhitenModel{Method: method, Mean: p.Mean, W: w}, nil
}

// Transform whitens the rows of X: zᵢ = W(xᵢ − x̄) (n×d result). A row
// whose whitened value is not finite (xᵢ − x̄ or the product overflowed:
// rows near ±1e308) is an error wrapping matrix.ErrNotFinite naming it
// (score_check.go).
func (m *WhitenModel) Transform(x *matrix.Dense) (*matrix.Dense, error) {
	if m == nil {
		return nil, errNilModel("learn: whiten: transform")
	}
	if err := checkQuery("learn: whiten: transform", x, len(m.Mean)); err != nil {
		return nil, err
	}
	d := len(m.Mean)
	z := matrix.New(x.Rows(), d)
	forCentredBlocks(x, m.Mean, func(i0 int, xc *matrix.Dense) {
		zb := z.Slice(i0, i0+xc.Rows(), 0, d)
		matrix.Gemm(false, true, 1, xc, m.W, 0, zb) // Z_b = (X_b − 1x̄ᵀ) Wᵀ
	})
	if err := checkScoreRows("learn: whiten: transform", "whitened value", z); err != nil {
		return nil, err
	}
	return z, nil
}

// Save writes the fitted transform as JSON (format "mlnotes/whiten").
func (m *WhitenModel) Save(w io.Writer) error { return saveModel(w, "whiten", m) }

// LoadWhiten reads a transform written by WhitenModel.Save.
func LoadWhiten(r io.Reader) (*WhitenModel, error) {
	var m WhitenModel
	if err := loadModel(r, "whiten", &m); err != nil {
		return nil, err
	}
	if m.W == nil || m.W.Rows() != len(m.Mean) || m.W.Cols() != len(m.Mean) {
		return nil, fmt.Errorf("learn: load whiten: %w: inconsistent dimensions", ErrFormat)
	}
	return &m, nil
}
