package learn

import (
	"errors"
	"fmt"
	"io"
	"math"

	"mlnotes/matrix"
)

// LSSolver selects how LinearRegression solves its least-squares problem.
type LSSolver string

// The least-squares solvers.
const (
	// SolverQR: Householder QR of the centred φ(X) (the default). It needs
	// full column rank as its own test sees it (|r_jj| > max(n, p)·ε·‖φⱼ‖
	// for every column) and reports matrix.ErrRankDeficient otherwise; an
	// ill-conditioned φ(X) that passes (NIST's Filip, κ ≈ 10¹⁵) is solved
	// at full rank, to about 8 digits there, as LAPACK's QR does.
	SolverQR LSSolver = "qr"
	// SolverSVD: the SVD, giving the minimum-norm w for rank-deficient or
	// under-determined problems.
	SolverSVD LSSolver = "svd"
	// SolverNormal: the normal equations ΦᵀΦ w = Φᵀy by Cholesky, as the
	// notes write them. Forming ΦᵀΦ squares the condition number: with
	// κ(Φ) = 10⁸ the answer can lose every digit, where QR loses only
	// about eight. Use it to see that, not for serious work.
	SolverNormal LSSolver = "normal"
)

// LinearRegression configures least squares with basis functions,
//
//	h(x) = wᵀφ(x) + b,   minimize Σᵢ (yᵢ − h(xᵢ))².
//
// The zero value fits an ordinary linear regression (φ(x) = x) by QR.
type LinearRegression struct {
	Basis Basis
	// Solver is SolverQR (the default, also for ""), SolverSVD or
	// SolverNormal.
	Solver LSSolver
	// RCond is the relative cut-off of the SVD solver, numpy.linalg.lstsq's
	// rcond: singular values below RCond·σ₁ count as zero. Zero means
	// max(n, p)·ε (numpy's default); a tiny RCond such as 1e-20 keeps every
	// nonzero singular value (numpy's 5–6 digits on Filip).
	RCond float64
}

// LinearModel is a fitted linear regression h(x) = wᵀφ(x) + b.
type LinearModel struct {
	Basis BasisMap
	// Coef is w, one weight per column of φ(X) (for each feature its basis
	// functions), and Intercept is b.
	Coef      []float64
	Intercept float64
	// Rank is the rank the solver used: the number of columns of φ(X) for
	// QR and the normal equations (which succeed only at full column rank),
	// the number of singular values of the centred φ(X) above the cut-off
	// (RCond·σ₁, by default max(n, p)·ε·σ₁) for SVD.
	Rank int
	// Sigma2 is σ̂², the maximum-likelihood noise variance: the training
	// mean squared error (1/n)Σᵢ(yᵢ − h(xᵢ))².
	Sigma2 float64
	// N is the number of training samples.
	N int
	// Solver is the solver that produced Coef.
	Solver LSSolver
}

// Fit solves the least-squares problem for X (n×d) and y.
//
// The intercept is kept out of the norm that the minimum-norm (SVD)
// solution minimizes, as scikit-learn does: with Φc = φ(X) − 1φ̄ᵀ and
// yc = y − ȳ, w minimizes ‖Φc w − yc‖ (the least-norm such w for SVD) and
// b = ȳ − φ̄ᵀw. For a full-rank problem this is exactly the notes'
// augmented form, A = [φ(X) 1], W = (w, b), AᵀAW = AᵀY: the last normal
// equation Σᵢ(yᵢ − wᵀφ(xᵢ) − b) = 0 is b = ȳ − φ̄ᵀw, and substituting it in
// the others leaves ΦcᵀΦc w = Φcᵀyc. The two differ only for a rank-deficient
// Φc, where the augmented minimum norm would shrink b too.
//
// Implements: 004, "Linear Least Squares Regression" (W = A⁺Y; the SVD for
// a singular AᵀA); 002, "Linear Regression", "Linear Regression in ℝᵈ"
// (the normal equations); 001, "Linear models" (h(x) = wᵀφ(x)); 004,
// "Statistical viewpoint of Linear Regression" (σ̂², LogLikelihood).
//
// Special cases: fewer targets than rows, NaN/Inf, bad settings are errors;
// a constant or duplicated column, or n ≤ p, makes Φc rank-deficient: QR
// and the normal equations then fail with an error wrapping
// matrix.ErrRankDeficient or matrix.ErrNotSPD, and SolverSVD returns the
// minimum-norm w (zero weight on a constant column, equal weights on two
// equal columns). One sample gives w = 0 and b = y₁ with SVD.
func (c LinearRegression) Fit(x *matrix.Dense, y []float64) (*LinearModel, error) {
	const op = "learn: linear regression"
	if c.Solver == "" {
		c.Solver = SolverQR
	}
	if c.Solver != SolverQR && c.Solver != SolverSVD && c.Solver != SolverNormal {
		return nil, fmt.Errorf("%s: %w: unknown solver %q (want qr, svd or normal)", op, ErrInvalidParameter, c.Solver)
	}
	if !(c.RCond >= 0 && c.RCond < 1) {
		return nil, fmt.Errorf("%s: %w: rcond %g outside [0, 1)", op, ErrInvalidParameter, c.RCond)
	}
	d, err := prepareDesign(op, c.Basis, x, y)
	if err != nil {
		return nil, err
	}
	var w []float64
	rank := d.phiC.Cols()
	switch c.Solver {
	case SolverQR:
		qr, err := matrix.FactorizeQR(d.phiC)
		if err == nil {
			var sol *matrix.Dense
			sol, err = qr.LeastSquares(d.yC)
			if err == nil {
				w = sol.Col(0)
			}
		}
		if errors.Is(err, matrix.ErrRankDeficient) || errors.Is(err, matrix.ErrSingular) {
			return nil, fmt.Errorf("%s: %w (a constant or duplicated column, or fewer samples than columns: use the svd solver)", op, err)
		} else if err != nil {
			return nil, fmt.Errorf("%s: %w", op, err)
		}
	case SolverSVD:
		sol, r, err := matrix.LeastSquares(d.phiC, d.yC, c.RCond)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", op, err)
		}
		rank = r
		w = sol.Col(0)
	case SolverNormal:
		if w, err = solveNormal(d.phiC, d.yC, 0); errors.Is(err, matrix.ErrNotSPD) && err != errGramUnderflow {
			return nil, fmt.Errorf("%s: normal equations: %w (ΦᵀΦ squares the condition number: use the qr solver, or svd for a constant or duplicated column)", op, err)
		} else if err != nil {
			return nil, fmt.Errorf("%s: normal equations: %w", op, err)
		}
	}
	b := d.yMean - matrix.Dot(d.phiMean, w)
	if matrix.VecFinite(w) != nil || math.IsNaN(b) || math.IsInf(b, 0) {
		// Tiny features (subnormal, say) need weights beyond float64.
		return nil, fmt.Errorf("%s: %w: the least-squares weights overflow float64 (features too small or too nearly collinear for their targets): scale the features", op, matrix.ErrNotFinite)
	}
	m := &LinearModel{Basis: *d.basis, Coef: w, Intercept: b, Rank: rank, N: len(y), Solver: c.Solver}
	m.Sigma2 = meanSquaredError(d.phi, y, m.Coef, m.Intercept)
	return m, nil
}

// design is a regression problem after the basis expansion: φ(X), its
// centred form Φc with the column means φ̄, and yc = y − ȳ (n×1).
type design struct {
	basis   *BasisMap
	phi     *matrix.Dense
	phiC    *matrix.Dense
	phiMean []float64
	yC      *matrix.Dense
	yMean   float64
}

// prepareDesign validates X and y, fits the basis and centres.
func prepareDesign(op string, b Basis, x *matrix.Dense, y []float64) (*design, error) {
	if err := checkData(op, x, 1); err != nil {
		return nil, err
	}
	if err := checkTargets(op, x, y); err != nil {
		return nil, err
	}
	bm, err := b.Fit(x)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	phi, err := bm.Transform(x)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	phiC, mean, err := matrix.Center(phi)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	ym := 0.0
	for _, v := range y {
		ym += v
	}
	ym /= float64(len(y))
	yc := matrix.New(len(y), 1)
	for i, v := range y {
		yc.Set(i, 0, v-ym)
	}
	return &design{basis: bm, phi: phi, phiC: phiC, phiMean: mean, yC: yc, yMean: ym}, nil
}

// checkTargets checks that y has one finite value per row of X.
func checkTargets(op string, x *matrix.Dense, y []float64) error {
	if len(y) != x.Rows() {
		return fmt.Errorf("%s: %w: %d targets for %d samples", op, matrix.ErrShape, len(y), x.Rows())
	}
	if err := matrix.VecFinite(y); err != nil {
		return fmt.Errorf("%s: target: %w", op, err)
	}
	return nil
}

// errGramUnderflow is solveNormal's error for a non-zero column of A whose
// squared norm underflows to 0.
var errGramUnderflow = fmt.Errorf("%w: AᵀA of the normal equations underflows (features below about 1e-154 in magnitude: scale them)", matrix.ErrNotSPD)

// solveNormal solves (AᵀA + λI) w = Aᵀb by Cholesky, b an n×1 matrix.
// Wide data (more columns p than rows n) with λ > 0 take the dual side,
// the same identity that lets the notes do high-dimensional PCA on the
// n×n Gram matrix: (AᵀA + λI)⁻¹Aᵀ = Aᵀ(AAᵀ + λI)⁻¹, so
//
//	w = Aᵀ(AAᵀ + λI)⁻¹ b,
//
// an n×n system in memory proportional to the data (3 rows of 200 000
// features need 72 bytes of Gram matrix, not 320 GB). Otherwise the p×p
// matrix is checked against matrix.MemoryLimit before it is allocated
// (an error wrapping matrix.ErrTooLarge).
func solveNormal(a, b *matrix.Dense, lambda float64) ([]float64, error) {
	n, p := a.Dims()
	if lambda > 0 && p > n {
		return solveNormalDual(a, b, lambda)
	}
	if err := matrix.CheckDims("normal equations", "matrix AᵀA", p, p); err != nil {
		return nil, err
	}
	g := matrix.New(a.Cols(), a.Cols())
	if err := matrix.Syrk(true, 1, a, 0, g); err != nil { // AᵀA
		return nil, err
	}
	if g.CheckFinite() != nil {
		return nil, fmt.Errorf("%w: AᵀA of the normal equations overflows float64 (features beyond about 1e154 in magnitude: scale them)", matrix.ErrNotFinite)
	}
	for j := range a.Cols() {
		if g.At(j, j) == 0 && matrix.NormInf(a.Slice(0, a.Rows(), j, j+1)) > 0 {
			return nil, errGramUnderflow
		}
	}
	for i := range g.Rows() {
		g.Set(i, i, g.At(i, i)+lambda)
	}
	chol, err := matrix.FactorizeCholesky(g)
	if err != nil {
		return nil, err
	}
	atb, err := matrix.MulATB(a, b)
	if err != nil {
		return nil, err
	}
	return chol.SolveVec(atb.Col(0))
}

// solveNormalDual solves the ridge system of solveNormal for λ > 0 on its
// n×n side: α = (AAᵀ + λI)⁻¹ b, then w = Aᵀα (004, "Ridge Regression",
// with the n×n reformulation of "High dimensional PCA").
func solveNormalDual(a, b *matrix.Dense, lambda float64) ([]float64, error) {
	k := matrix.Gram(a) // AAᵀ
	if k.CheckFinite() != nil {
		return nil, fmt.Errorf("%w: AAᵀ of the normal equations overflows float64 (features beyond about 1e154 in magnitude: scale them)", matrix.ErrNotFinite)
	}
	for i := range k.Rows() {
		k.Set(i, i, k.At(i, i)+lambda)
	}
	chol, err := matrix.FactorizeCholesky(k)
	if err != nil {
		return nil, err
	}
	alpha, err := chol.SolveVec(b.Col(0))
	if err != nil {
		return nil, err
	}
	return matrix.MulVecT(a, alpha)
}

// meanSquaredError returns (1/n)Σᵢ(yᵢ − wᵀφᵢ − b)².
func meanSquaredError(phi *matrix.Dense, y, w []float64, b float64) float64 {
	pred, _ := matrix.MulVec(phi, w)
	s := 0.0
	for i, v := range y {
		r := v - pred[i] - b
		s += r * r
	}
	return s / float64(len(y))
}

// LogLikelihood returns the Gaussian log-likelihood of the training data at
// the fitted (w, b) and σ̂²,
//
//	ℓ = n ln(1/(σ̂√(2π))) − (1/(2σ̂²)) Σᵢ(yᵢ − h(xᵢ))² = −(n/2)(ln(2πσ̂²) + 1),
//
// the maximum of the likelihood over (w, b, σ) (004, "Statistical viewpoint
// of Linear Regression"). It is +Inf for a perfect fit (σ̂² = 0), where the
// likelihood is unbounded.
func (m *LinearModel) LogLikelihood() float64 {
	if m.Sigma2 == 0 {
		return math.Inf(1)
	}
	n := float64(m.N)
	return -0.5 * n * (math.Log(2*math.Pi*m.Sigma2) + 1)
}

// Predict returns h(x) = wᵀφ(x) + b for every row of X.
func (m *LinearModel) Predict(x *matrix.Dense) ([]float64, error) {
	return predictLinear("learn: linear regression", &m.Basis, m.Coef, m.Intercept, x)
}

func predictLinear(op string, bm *BasisMap, w []float64, b float64, x *matrix.Dense) ([]float64, error) {
	if err := checkQuery(op, x, bm.D); err != nil {
		return nil, err
	}
	phi, err := bm.Transform(x)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	out, err := matrix.MulVec(phi, w)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	for i := range out {
		out[i] += b
	}
	if err := checkScoreValues(op, "prediction", out); err != nil {
		return nil, err
	}
	return out, nil
}

// MSE returns the mean squared error of the model on (X, y).
func (m *LinearModel) MSE(x *matrix.Dense, y []float64) (float64, error) {
	return regressionMSE(m, x, y)
}

func regressionMSE(r Regressor, x *matrix.Dense, y []float64) (float64, error) {
	pred, err := r.Predict(x)
	if err != nil {
		return 0, err
	}
	if len(y) != len(pred) {
		return 0, fmt.Errorf("learn: mse: %w: %d targets for %d samples", matrix.ErrShape, len(y), len(pred))
	}
	s := 0.0
	for i, v := range y {
		s += (v - pred[i]) * (v - pred[i])
	}
	return s / float64(len(y)), nil
}

// Save writes the model as JSON (format "mlnotes/linreg").
func (m *LinearModel) Save(w io.Writer) error { return saveModel(w, "linreg", m) }

// LoadLinear reads a model written by LinearModel.Save.
func LoadLinear(r io.Reader) (*LinearModel, error) {
	var m LinearModel
	if err := loadModel(r, "linreg", &m); err != nil {
		return nil, err
	}
	if err := checkLinearParams(&m.Basis, m.Coef, m.Intercept); err != nil {
		return nil, fmt.Errorf("learn: load linreg: %w: %v", ErrFormat, err)
	}
	return &m, nil
}

// checkLinearParams validates a loaded basis and its weights.
func checkLinearParams(bm *BasisMap, w []float64, b float64) error {
	if err := bm.validate(); err != nil {
		return err
	}
	if len(w) != bm.Width() {
		return fmt.Errorf("%d weights for %d basis columns", len(w), bm.Width())
	}
	if err := matrix.VecFinite(append([]float64{b}, w...)); err != nil {
		return errors.New("a weight is not finite")
	}
	return nil
}

// FitRegressor is Fit as a RegressorTrainer.
func (c LinearRegression) FitRegressor(x *matrix.Dense, y []float64) (Regressor, error) {
	return asRegressor(c.Fit(x, y))
}
