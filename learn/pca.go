package learn

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"sync"

	"mlnotes/eigen"
	"mlnotes/matrix"
)

// PCAMethod selects how PCA finds the principal directions. All four give
// the same components (up to rounding and the sign rule) where they apply.
type PCAMethod string

const (
	// PCAAuto, the zero value, picks by shape and k as scikit-learn's
	// "auto" does: PCAGram when there are more features than samples
	// (d > n: the n×n problem is the small one), PCALanczos when a few
	// components of many features are asked for (Components ≤ d/10 and
	// d ≥ lanczosMinFeatures: a full d×d eigensolve would be wasted), and
	// PCACovariance otherwise.
	PCAAuto PCAMethod = ""
	// PCACovariance solves S u = λ u for S = (1/n) XcᵀXc (d×d) with
	// eigen.Symmetric: the notes' own procedure. When d > n, S has rank
	// below n, and its non-zero eigenpairs are those the n×n Gram problem
	// gives (the identity of PCAGram); they are computed that way, the
	// d − rank zero eigenvalues are reported as 0, and directions beyond
	// the rank, when asked for, are an orthonormal basis of the null space
	// of S (from a QR factorization, O(d²·rank)): no d×d eigensolve.
	PCACovariance PCAMethod = "eig"
	// PCASVD takes the SVD of the centred data Xc = UΣVᵀ: the directions are
	// the columns of V and λ = σ²/n. It never forms S, whose condition is
	// the square of Xc's, so it is the most accurate.
	PCASVD PCAMethod = "svd"
	// PCAGram solves the n×n problem (1/n) XcXcᵀ v = λ v and recovers the
	// directions as u = Xcᵀv/√(nλ): the notes' trick for d ≫ n.
	PCAGram PCAMethod = "gram"
	// PCADeflation finds the best direction, removes it from the data by
	// projecting onto its orthogonal complement, and repeats, as in the MLT
	// notes; each best direction is found with eigen.TopK.
	PCADeflation PCAMethod = "deflation"
	// PCALanczos finds only the k leading eigenpairs of S, by Lanczos
	// (eigen.TopK on S, or eigen.TopKFunc applying S = XcᵀXc/n as
	// Xcᵀ(Xc·u)/n when d > n, never forming S). It needs Components;
	// Eigenvalues then holds the k found.
	PCALanczos PCAMethod = "lanczos"
)

// lanczosMinFeatures is the number of features from which PCAAuto uses
// Lanczos for a few components: below it the full eigensolve takes
// milliseconds anyway.
const lanczosMinFeatures = 200

// PCA configures principal component analysis. The zero value keeps every
// component, with the covariance method and the notes' 1/n normalization.
//
// Components and VarianceFraction choose k: a positive Components asks for
// exactly k components; otherwise a VarianceFraction in (0, 1] keeps the
// smallest k whose eigenvalues explain at least that fraction of the total
// variance (the notes' 95% rule is VarianceFraction: 0.95); with neither,
// every direction: k = d, except that the SVD method stops at min(n, d)
// and the Gram and deflation methods at the rank of the centred data,
// beyond which they have no direction to offer.
type PCA struct {
	Components       int             // k; 0 means "use VarianceFraction, else all"
	VarianceFraction float64         // e.g. 0.95; used when Components is 0
	Method           PCAMethod       // default PCAAuto
	Variance         matrix.Variance // default matrix.Population (1/n), as the notes
	// Eigen configures the dense symmetric eigensolver of the eig and gram
	// methods (its Method, MaxSteps and Trace, which reports the solver's
	// convergence step by step); ValuesOnly is ignored.
	Eigen eigen.SymmetricOptions
}

// PCAModel is a fitted PCA: y = A(x − x̄) with the k principal directions
// as the rows of A, the notes' projection matrix (000, "PCA Procedure").
type PCAModel struct {
	Mean []float64 // x̄ (d)
	// Eigenvalues of S in descending order: all d of them (zeros beyond the
	// rank) for the eig, svd and gram methods; the k found for deflation.
	Eigenvalues []float64
	// Components is A (k×d): row j is the unit principal direction uⱼ, its
	// largest-magnitude entry positive.
	Components *matrix.Dense
	// ExplainedVarianceRatio[j] = λⱼ / trace S for j < k.
	ExplainedVarianceRatio []float64
	TotalVariance          float64 // trace S = Σ of all eigenvalues
	Samples                int     // n, the number of training samples
	Method                 PCAMethod
	Variance               matrix.Variance
}

// Fit computes the principal components of X (n×d, rows are samples).
//
// The covariance of the centred data is S = (1/n) Σᵢ (xᵢ − x̄)(xᵢ − x̄)ᵀ
// (or 1/(n − 1)); the principal directions are its eigenvectors in order of
// decreasing eigenvalue, because the variance of the projection uᵀx is the
// Rayleigh quotient uᵀSu, maximized over unit u by S u = λ u with λ the
// largest eigenvalue (the Lagrangian of 000, "1.1. Linear Dimensionality Reduction", and 003,
// "Potential Algorithm").
//
// Implements: 000, "PCA Procedure"; 001, "Principal Component Analysis";
// 002, "Principal Component Analysis" (Algorithm 1, centred — see
// docs/errata.md); 003, "Principal Component Analysis" (the deflation
// algorithm and the 95% rule); 004, "PCA as dimensionality reduction" and
// "High dimensional PCA".
//
// Special cases: fewer than two samples, NaN/Inf, k out of 1..d, a variance
// fraction outside (0, 1], and k above the directions the method can
// recover (min(n, d) for svd, the rank of the centred data for gram and
// deflation) are errors wrapping ErrInvalidParameter or the matrix
// sentinels. Constant data has total variance 0: then
// ExplainedVarianceRatio is all zero (and the gram and deflation methods,
// with no direction at all, refuse it).
//
// Reference: I. T. Jolliffe, Principal Component Analysis, 2nd ed. (2002).
func (p PCA) Fit(x *matrix.Dense) (*PCAModel, error) {
	const op = "learn: pca"
	if err := checkShape(op, x, 2); err != nil {
		return nil, err
	}
	// The exponent e of the scaling below, from the pass over X that also
	// proves its entries finite.
	e, err := matrix.CheckedScaleExponent(x)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	n, d := x.Dims()
	if p.Components < 0 || p.Components > d {
		return nil, fmt.Errorf("%s: %w: %d components for %d features", op, ErrInvalidParameter, p.Components, d)
	}
	if p.Variance != matrix.Population && p.Variance != matrix.Sample {
		return nil, fmt.Errorf("%s: %w: variance convention %d (want matrix.Population or matrix.Sample)", op, ErrInvalidParameter, p.Variance)
	}
	if p.Components == 0 && p.VarianceFraction != 0 && !(p.VarianceFraction > 0 && p.VarianceFraction <= 1) {
		return nil, fmt.Errorf("%s: %w: variance fraction %g outside (0, 1]", op, ErrInvalidParameter, p.VarianceFraction)
	}
	method := p.Method
	if method == PCAAuto {
		switch {
		case d > n:
			method = PCAGram
		case p.Components > 0 && p.Components <= d/10 && d >= lanczosMinFeatures:
			method = PCALanczos
		default:
			method = PCACovariance
		}
	}
	if method == PCALanczos && p.Components == 0 {
		return nil, fmt.Errorf("%s: %w: the lanczos method needs Components (k)", op, ErrInvalidParameter)
	}
	// Work on 2ᵉX with max|xᵢⱼ| in [1/2, 1) (exact): data near 1e-170
	// would give a covariance that underflows to 0, and data near 1e154
	// one that overflows. Eigenvalues scale by 2⁻²ᵉ, the mean by 2⁻ᵉ, and
	// the directions not at all.
	// The copy is made only for data that need it, entries beyond
	// 2^±400: below that, sums of n·d squares stay in range with full
	// precision, and as the scaling is exact the results are the same bits
	// either way (a 60000×784 copy costs a fifth of a second).
	xs := x
	if e > 400 || e < -400 {
		xs = matrix.ScalePow2(e, x)
	} else {
		e = 0
	}
	div := float64(n)
	if p.Variance == matrix.Sample {
		div = float64(n - 1)
	}
	var (
		mean   []float64     // x̄ (d)
		lambda []float64     // descending
		dirs   *matrix.Dense // rows: unit directions, at least k of them
		total  float64       // trace S = Σ of all eigenvalues
	)
	switch method {
	case PCACovariance, PCADeflation:
		if method == PCACovariance && d > n {
			xc, mu, _ := matrix.Center(xs)
			mean, total = mu, totalVariance(xc, div)
			lambda, dirs, err = pcaByGram(xc, div, p.Eigen)
			if err == nil && (p.Components > dirs.Rows() || p.Components == 0 && p.VarianceFraction == 0) {
				// More directions than the data spans (every direction,
				// by default): the rest are eigenvectors of λ = 0, any
				// orthonormal basis of the complement of the span.
				if err = checkSquareSize(op, fmt.Sprintf("all %d directions of %d features", d, d), d, 2, "ask for at most "+fmt.Sprint(dirs.Rows())+" components"); err != nil {
					return nil, err
				}
				dirs = completeOrthonormalRows(dirs, d)
			}
			break
		}
		// Both work on S alone: the centred copy of X is never formed here.
		var s *matrix.Dense
		if mean, s, err = matrix.MeanCovariance(xs, p.Variance); err != nil {
			break
		}
		total, _ = matrix.Trace(s)
		if method == PCACovariance {
			lambda, dirs, err = pcaByCovariance(s, p.Eigen)
		} else {
			lambda, dirs, err = pcaByDeflation(s, p.Components, p.VarianceFraction)
		}
	case PCASVD, PCAGram:
		var xc *matrix.Dense
		xc, mean, _ = matrix.Center(xs)
		total = totalVariance(xc, div)
		if method == PCASVD {
			lambda, dirs, err = pcaBySVD(xc, div)
		} else {
			lambda, dirs, err = pcaByGram(xc, div, p.Eigen)
		}
	case PCALanczos:
		if d <= n {
			// Tall data: Lanczos on the d×d covariance S, formed as for the
			// eig method (one symmetric rank-k update, centred in the
			// packing), is cheaper than iterating with Xc itself.
			var s *matrix.Dense
			if mean, s, err = matrix.MeanCovariance(xs, p.Variance); err != nil {
				break
			}
			total, _ = matrix.Trace(s)
			lambda, dirs, err = topKDirections(eigen.TopK(s, p.Components, eigen.TopKOptions{}))
			break
		}
		var xc *matrix.Dense
		xc, mean, _ = matrix.Center(xs)
		total = totalVariance(xc, div)
		lambda, dirs, err = pcaByLanczos(xc, div, p.Components)
	default:
		return nil, fmt.Errorf("%s: %w: unknown method %q (want eig, svd, gram, deflation or lanczos)", op, ErrInvalidParameter, method)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	// The ratios from the scaled eigenvalues, before undoing the scaling
	// (which may underflow them); then λ ← 2⁻²ᵉλ and x̄ ← 2⁻ᵉx̄.
	ratio := make([]float64, len(lambda))
	for j, l := range lambda {
		if total > 0 {
			ratio[j] = l / total
		}
	}
	scaledLambda, scaledTotal := slices.Clone(lambda), total // for the variance rule
	total = math.Ldexp(total, -2*e)
	for j := range lambda {
		lambda[j] = math.Ldexp(lambda[j], -2*e)
	}
	for j := range mean {
		mean[j] = math.Ldexp(mean[j], -e)
	}
	// Entries near the overflow threshold give eigenvalues beyond float64
	// (λ reaches max|xᵢⱼ|²): the directions are right, the variances are not
	// representable.
	if math.IsInf(total, 0) || math.IsNaN(total) || slices.ContainsFunc(lambda, func(l float64) bool { return math.IsInf(l, 0) || math.IsNaN(l) }) {
		return nil, fmt.Errorf("%s: %w: the variance of the data overflows float64; rescale the features", op, matrix.ErrNotFinite)
	}
	k := chooseK(p.Components, p.VarianceFraction, scaledLambda, scaledTotal, dirs.Rows())
	if k > dirs.Rows() || k == 0 {
		return nil, fmt.Errorf("%s: %w: k = %d, but the %s method recovers %d direction(s) here (min(n, d) for svd, the rank of the centred data for gram and deflation)", op, ErrInvalidParameter, k, method, dirs.Rows())
	}
	m := &PCAModel{
		Mean:          mean,
		Eigenvalues:   lambda,
		Components:    dirs.Slice(0, k, 0, d).Clone(),
		TotalVariance: total,
		Samples:       n,
		Method:        method,
		Variance:      p.Variance,
	}
	flipRows(m.Components)
	m.ExplainedVarianceRatio = ratio[:k:k]
	return m, nil
}

// totalVariance returns trace S = (1/div) ‖Xc‖_F², the sum of all
// eigenvalues, computed without any eigenvalue.
func totalVariance(xc *matrix.Dense, div float64) float64 {
	f := matrix.NormFrobenius(xc)
	return f * f / div
}

// chooseK applies the rule of the configuration: an explicit k, the
// smallest k reaching the variance fraction (the 95% rule), or all the
// directions the method found.
func chooseK(k int, fraction float64, lambda []float64, total float64, all int) int {
	if k > 0 {
		return k
	}
	if fraction == 0 {
		return all
	}
	var cum float64
	for j, l := range lambda {
		cum += l
		// Σⱼ≤ₖ λⱼ ≥ f · Σ λ, with a relative slack of a few ε for rounding.
		if cum >= fraction*total*(1-8*eps) {
			return j + 1
		}
	}
	return len(lambda)
}

// pcaByCovariance solves S u = λ u for the covariance S (d×d), formed by
// matrix.Covariance (a symmetric rank-k update: half the work of XcᵀXc).
func pcaByCovariance(s *matrix.Dense, opts eigen.SymmetricOptions) ([]float64, *matrix.Dense, error) {
	r, err := eigen.Symmetric(s, withVectors(opts))
	if err != nil {
		return nil, nil, err
	}
	r = r.Descending()
	clampNonNegative(r.Values)
	return r.Values, r.Vectors.T(), nil
}

// completeOrthonormalRows returns the d×d matrix whose first rows are the
// r orthonormal rows of u and whose other rows are an orthonormal basis of
// their complement: the last d − r columns of the full Q of the QR
// factorization of uᵀ (d×r), O(d²r) flops. The sign rule is applied later,
// with the other directions.
func completeOrthonormalRows(u *matrix.Dense, d int) *matrix.Dense {
	r := u.Rows()
	out := matrix.New(d, d)
	out.Slice(0, r, 0, d).Copy(u)
	if r == 0 {
		return matrix.Identity(d)
	}
	f, err := matrix.FactorizeQR(u.T())
	if err != nil {
		return out // u is finite and non-empty: not reached
	}
	q := f.QFull()
	for j := r; j < d; j++ {
		copy(out.Row(j), q.Col(j))
	}
	return out
}

// pcaByLanczos finds the k leading eigenpairs of S = XcᵀXc/div by Lanczos
// for wide data (d > n), as the operator u ↦ Xcᵀ(Xc·u)/div
// (eigen.TopKFunc, 4nd flops per product, no d×d array); tall data form S
// and call eigen.TopK on it (PCA.Fit).
func pcaByLanczos(xc *matrix.Dense, div float64, k int) ([]float64, *matrix.Dense, error) {
	n, d := xc.Dims()
	t := make([]float64, n)
	return topKDirections(eigen.TopKFunc(d, func(dst, u []float64) {
		matrix.Gemv(false, 1, xc, u, 0, t)      // t = Xc·u
		matrix.Gemv(true, 1/div, xc, t, 0, dst) // dst = Xcᵀt/div
	}, k, eigen.TopKOptions{}))
}

// topKDirections turns a top-k eigensolution into PCA's descending
// eigenvalues (rounding negatives clamped to 0) and directions as rows.
func topKDirections(r *eigen.Result, err error) ([]float64, *matrix.Dense, error) {
	if err != nil {
		return nil, nil, err
	}
	r = r.Descending()
	clampNonNegative(r.Values)
	return r.Values, r.Vectors.T(), nil
}

// pcaBySVD takes Xc = UΣVᵀ: the rows of Vᵀ are the directions, λ = σ²/div.
func pcaBySVD(xc *matrix.Dense, div float64) ([]float64, *matrix.Dense, error) {
	f, err := matrix.FactorizeSVD(xc, matrix.SVDThin)
	if err != nil {
		return nil, nil, err
	}
	d := xc.Cols()
	lambda := make([]float64, d)
	for j, s := range f.Values() {
		lambda[j] = s * s / div
	}
	return lambda, f.V().T(), nil
}

// pcaByGram solves (1/div) Xc Xcᵀ v = λ v (n×n) and recovers each direction
// with non-zero λ as u = Xcᵀ v / √(div·λ), which has unit length because
// ‖Xcᵀv‖² = vᵀXcXcᵀv = div·λ (a normalization the notes omit: see
// docs/errata.md). Only the directions above the rank tolerance are
// returned.
func pcaByGram(xc *matrix.Dense, div float64, opts eigen.SymmetricOptions) ([]float64, *matrix.Dense, error) {
	n, d := xc.Dims()
	g, err := matrix.MulABT(xc, xc) // n×n
	if err != nil {
		return nil, nil, err
	}
	symmetrizeScaled(g, 1/div)
	r, err := eigen.Symmetric(g, withVectors(opts))
	if err != nil {
		return nil, nil, err
	}
	r = r.Descending()
	clampNonNegative(r.Values)
	// S has d eigenvalues: those of the Gram matrix above the rank
	// tolerance max(n, d)·ε·λ₁, and zeros (rounding noise below the
	// tolerance is not a direction of the data, and is reported as 0).
	lambda := make([]float64, d)
	tol := float64(max(n, d)) * eps * r.Values[0]
	rank := 0
	for rank < min(n, d) && r.Values[rank] > tol {
		lambda[rank] = r.Values[rank]
		rank++
	}
	dirs := matrix.New(rank, d)
	v := matrix.New(n, rank)
	for j := range rank {
		v.SetCol(j, r.Vectors.Col(j))
	}
	u, _ := matrix.MulATB(xc, v) // columns Xcᵀvⱼ, d×rank
	for j := range rank {
		col := u.Col(j)
		matrix.ScaleVec(1/math.Sqrt(div*r.Values[j]), col) // uⱼ = Xcᵀvⱼ/√(div·λⱼ)
		copy(dirs.Row(j), col)
	}
	return lambda, dirs, nil
}

// pcaByDeflation repeats the notes' two steps: find the direction w of
// largest variance of the current data (the top eigenvector of its
// covariance, by eigen.TopK), then remove it from the data, X ← X(I − wwᵀ),
// whose covariance is (I − wwᵀ)S(I − wwᵀ). It stops after k directions, or
// when the variance fraction is reached, or when no variance is left (at
// the rank of the centred data). It overwrites S.
func pcaByDeflation(s *matrix.Dense, k int, fraction float64) ([]float64, *matrix.Dense, error) {
	d := s.Cols()
	total, _ := matrix.Trace(s)
	want := k
	if want == 0 {
		want = d
	}
	var lambda []float64
	var rows [][]float64
	var cum float64
	for len(rows) < want {
		if k == 0 && fraction > 0 && cum >= fraction*total*(1-8*eps) {
			break
		}
		top, err := eigen.TopK(s, 1, eigen.TopKOptions{})
		if err != nil {
			return nil, nil, err
		}
		w := top.Vectors.Col(0)
		l := math.Max(top.Values[0], 0)
		// "Repeat until the residues become zero": once the remaining
		// variance is rounding noise, 16·d·ε·λ₁ (the error the rank-two
		// updates leave in S), the top eigenvector of the noise is no
		// direction of the data, and need not even be orthogonal to the
		// directions found.
		if len(lambda) == 0 && l == 0 || len(lambda) > 0 && l <= 16*float64(d)*eps*lambda[0] {
			break
		}
		lambda = append(lambda, l)
		rows = append(rows, w)
		cum += l
		deflate(s, w)
	}
	dirs, _ := matrix.NewFromRows(rows)
	return lambda, dirs, nil
}

// deflate replaces S by (I − wwᵀ)S(I − wwᵀ) for a unit w: the covariance
// of the data with its component along w removed (003, "Potential Algorithm": deflation).
func deflate(s *matrix.Dense, w []float64) {
	sw, _ := matrix.MulVec(s, w) // Sw
	wsw := matrix.Dot(w, sw)     // wᵀSw
	for i := range s.Rows() {
		row := s.Row(i)
		// sᵢⱼ ← sᵢⱼ − wᵢ(Sw)ⱼ − (Sw)ᵢwⱼ + wᵢ(wᵀSw)wⱼ
		matrix.Axpy(-w[i], sw, row)
		matrix.Axpy(-sw[i]+w[i]*wsw, w, row)
	}
	symmetrizeScaled(s, 1)
}

// symmetrizeScaled replaces S by α(S + Sᵀ)/2.
func symmetrizeScaled(s *matrix.Dense, alpha float64) {
	n := s.Rows()
	for i := range n {
		for j := 0; j <= i; j++ {
			m := alpha * 0.5 * (s.At(i, j) + s.At(j, i))
			s.Set(i, j, m)
			s.Set(j, i, m)
		}
	}
}

// clampNonNegative sets rounding-level negative eigenvalues of a
// positive semi-definite matrix to zero.
func clampNonNegative(v []float64) {
	for i, x := range v {
		if x < 0 {
			v[i] = 0
		}
	}
}

// flipRows applies the sign rule: the largest-magnitude entry of each row
// is made positive.
func flipRows(a *matrix.Dense) {
	for i := range a.Rows() {
		r := a.Row(i)
		if big := matrix.Iamax(r); big >= 0 && r[big] < 0 {
			matrix.ScaleVec(-1, r)
		}
	}
}

// K returns the number of components.
func (m *PCAModel) K() int { return m.Components.Rows() }

// Transform projects the rows of X onto the components: Y = (X − 1x̄ᵀ)Aᵀ,
// that is yᵢ = A(xᵢ − x̄) for every sample (n×k result; the notes' y = Ax
// without the mean is docs/errata.md, item 29). X is centred a
// block of rows at a time, so no centred copy of X is ever formed.
func (m *PCAModel) Transform(x *matrix.Dense) (*matrix.Dense, error) {
	if m == nil {
		return nil, errNilModel("learn: pca: transform")
	}
	if err := checkQuery("learn: pca: transform", x, len(m.Mean)); err != nil {
		return nil, err
	}
	y := matrix.New(x.Rows(), m.K())
	m.project(x, y, false)
	if err := checkScoreRows("learn: pca: transform", "projection", y); err != nil {
		return nil, err
	}
	return y, nil
}

// TransformError returns Transform(X) and ReconstructionError(X), the same
// bits, from one pass over X: the residual of each block of rows is formed
// from the projections just computed for it.
func (m *PCAModel) TransformError(x *matrix.Dense) (*matrix.Dense, float64, error) {
	if m == nil {
		return nil, 0, errNilModel("learn: pca: transform")
	}
	if err := checkQuery("learn: pca: transform", x, len(m.Mean)); err != nil {
		return nil, 0, err
	}
	y := matrix.New(x.Rows(), m.K())
	e := m.project(x, y, true)
	if err := checkScoreRows("learn: pca: transform", "projection", y); err != nil {
		return nil, 0, err
	}
	if !isFiniteValue(e) {
		return nil, 0, fmt.Errorf("learn: pca: transform: %w: the mean squared reconstruction error overflowed (rows near ±1e308); scale the data", matrix.ErrNotFinite)
	}
	return y, e, nil
}

// Reconstruct maps projections back to the data space:
// x̂ᵢ = Aᵀyᵢ + x̄ (Y is n×k, the result n×d). With k = d it recovers X
// exactly (001, "Principal Component Analysis": X = UZ).
func (m *PCAModel) Reconstruct(y *matrix.Dense) (*matrix.Dense, error) {
	if m == nil {
		return nil, errNilModel("learn: pca: reconstruct")
	}
	if err := checkQuery("learn: pca: reconstruct", y, m.K()); err != nil {
		return nil, err
	}
	xh, _ := matrix.Mul(y, m.Components) // Y A
	for i := range xh.Rows() {
		matrix.Axpy(1, m.Mean, xh.Row(i))
	}
	return xh, nil
}

// ReconstructionError returns the mean squared reconstruction error
// (1/n) Σᵢ ‖xᵢ − x̂ᵢ‖². On the training data (with the 1/n convention) it
// equals the sum of the discarded eigenvalues Σⱼ₌ₖ₊₁ λⱼ (001, "Principal Component
// Analysis"; 004, "PCA as dimensionality reduction").
//
// It is computed row by row from the projections, never from the
// eigenvalues (which would only restate the identity the tests check):
// by Pythagoras where that is accurate, directly where it is not
// (residualSquared). An error that overflows float64 (rows near ±1e308)
// is an error wrapping matrix.ErrNotFinite, never +Inf or NaN; so is, in
// Transform and TransformError, a projection that is not finite.
func (m *PCAModel) ReconstructionError(x *matrix.Dense) (float64, error) {
	if m == nil {
		return 0, errNilModel("learn: pca: reconstruction error")
	}
	if err := checkQuery("learn: pca: reconstruction error", x, len(m.Mean)); err != nil {
		return 0, err
	}
	e := m.project(x, nil, true)
	if !isFiniteValue(e) {
		return 0, fmt.Errorf("learn: pca: reconstruction error: %w: the mean squared reconstruction error overflowed (rows near ±1e308); scale the data", matrix.ErrNotFinite)
	}
	return e, nil
}

// project computes, a centred block of rows of X at a time, the
// projections yᵢ = A(xᵢ − x̄) into y (a scratch block when y is nil) and,
// when wantError is set, returns the mean squared residual
// (1/n) Σᵢ ‖(xᵢ − x̄) − Aᵀyᵢ‖² (0 otherwise).
func (m *PCAModel) project(x, y *matrix.Dense, wantError bool) float64 {
	k := m.K()
	// One partial sum per block, added in block order below: the result
	// does not depend on how the blocks were shared among workers.
	partial := make([]float64, (x.Rows()+blockRows-1)/blockRows)
	forCentredBlocks(x, m.Mean, func(i0 int, xc *matrix.Dense) {
		var yb *matrix.Dense
		if y != nil {
			yb = y.Slice(i0, i0+xc.Rows(), 0, k)
		} else {
			yb = matrix.New(xc.Rows(), k)
		}
		matrix.Gemm(false, true, 1, xc, m.Components, 0, yb) // y = A(x − x̄)
		if !wantError {
			return
		}
		var sum float64
		for i := range xc.Rows() {
			sum += residualSquared(xc.Row(i), yb.Row(i), m.Components)
		}
		partial[i0/blockRows] = sum
	})
	var sum float64
	for _, p := range partial {
		sum += p
	}
	return sum / float64(x.Rows())
}

// pythagorasMinFraction is the smallest share of ‖x̃‖² that the residual
// may have for residualSquared to take it as ‖x̃‖² − ‖y‖².
const pythagorasMinFraction = 1.0 / 64

// residualSquared returns ‖x̃ − Aᵀy‖² for a centred row x̃ and its
// projection y = Ax̃ (A with orthonormal rows), overwriting x̃ when it
// computes the residual itself.
//
// As AAᵀ = I, the residual is orthogonal to Aᵀy and ‖x̃ − Aᵀy‖² =
// ‖x̃‖² − ‖y‖² (Pythagoras), two dot products of the numbers at hand
// instead of a second product with A. Its rounding error is at most about
// (1 + 2√k)·d·ε·‖x̃‖² (from the sums of d products that gave y, the two
// sums of squares and the orthonormality of A to working precision), so
// relative to a residual of at least ‖x̃‖²/64 it is at most 64 times that
// (10⁻¹⁰ for d = 784, k = 50, and in practice rounding errors that
// cancel keep it near 10⁻¹⁴). A row whose residual is smaller, where the
// difference cancels, is computed directly as x̃ − Σⱼ yⱼaⱼ, whose errors
// in y are orthogonal to the residual and enter only to second order.
// On Fashion-MNIST with k = 50 no row needs that (the smallest share is
// 1/63), and the reconstruction error costs one matrix product less.
func residualSquared(xc, y []float64, a *matrix.Dense) float64 {
	xx, yy := matrix.Dot(xc, xc), matrix.Dot(y, y)
	if r := xx - yy; r >= pythagorasMinFraction*xx {
		return r
	}
	for j, yj := range y {
		matrix.Axpy(-yj, a.Row(j), xc) // x̃ − Aᵀy
	}
	return matrix.Dot(xc, xc)
}

// blockRows is the number of rows centred at a time by forCentredBlocks:
// 256 rows of 784 pixels are 1.6 MB, large enough for the matrix products
// to run at full speed, small enough to stay out of main memory's way.
const blockRows = 256

// forCentredBlocks calls f(i0, Xc) for the blocks of rows of X, with
// Xc = X[i0:i0+b] − 1x̄ᵀ held in a buffer that f may overwrite. Blocks are
// shared among GOMAXPROCS workers, each with its own buffer, so f must
// only write what belongs to its block (and results that add up blocks
// must be summed in block order to stay independent of the workers).
func forCentredBlocks(x *matrix.Dense, mean []float64, f func(i0 int, xc *matrix.Dense)) {
	n, d := x.Dims()
	nb := (n + blockRows - 1) / blockRows
	workers := min(runtime.GOMAXPROCS(0), nb)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := matrix.New(min(n, blockRows), d)
			for blk := w; blk < nb; blk += workers {
				i0 := blk * blockRows
				b := min(blockRows, n-i0)
				xc := buf.Slice(0, b, 0, d)
				for i := range b {
					row := xc.Row(i)
					copy(row, x.Row(i0+i))
					matrix.Axpy(-1, mean, row) // xᵢ − x̄
				}
				f(i0, xc)
			}
		}()
	}
	wg.Wait()
}

// StorageCount returns the numbers of values needed to store n samples
// compressed, k(d + n) (the k directions and the n projections; the mean
// adds d more), and uncompressed, d·n (003, "Approximate Representation").
func (m *PCAModel) StorageCount(n int) (compressed, original int) {
	d := len(m.Mean)
	return m.K() * (d + n), d * n
}

// Save writes the fitted model as JSON (format "mlnotes/pca", version 1).
func (m *PCAModel) Save(w io.Writer) error { return saveModel(w, "pca", m) }

// LoadPCA reads a model written by PCAModel.Save and checks that its parts
// fit together.
func LoadPCA(r io.Reader) (*PCAModel, error) {
	var m PCAModel
	if err := loadModel(r, "pca", &m); err != nil {
		return nil, err
	}
	if m.Components == nil || m.Components.Cols() != len(m.Mean) || len(m.ExplainedVarianceRatio) != m.Components.Rows() {
		return nil, fmt.Errorf("learn: load pca: %w: inconsistent dimensions", ErrFormat)
	}
	// All d eigenvalues, or the k found by deflation and Lanczos,
	// descending.
	want := len(m.Mean)
	if m.Method == PCADeflation || m.Method == PCALanczos {
		want = m.Components.Rows()
	}
	if err := checkLength("Eigenvalues", len(m.Eigenvalues), want); err != nil {
		return nil, formatError("pca", fmt.Errorf("%v (method %q)", err, m.Method))
	}
	if err := checkDescending("Eigenvalues", m.Eigenvalues); err != nil {
		return nil, formatError("pca", err)
	}
	return &m, nil
}

// withVectors returns the caller's eigensolver options with ValuesOnly
// cleared: every learner of the PCA family needs the eigenvectors.
func withVectors(o eigen.SymmetricOptions) eigen.SymmetricOptions {
	o.ValuesOnly = false
	return o
}
