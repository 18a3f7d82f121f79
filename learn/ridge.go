package learn

import (
	"errors"
	"fmt"
	"io"
	"math"

	"mlnotes/matrix"
)

// Ridge configures ridge regression (Tikhonov-regularized least squares),
//
//	minimize ½‖y − φ(X)w − b1‖² + (λ/2)‖w‖².
//
// The zero value is λ = 0 (ordinary least squares, by Cholesky) with the
// intercept unpenalized.
type Ridge struct {
	// Lambda is λ ≥ 0; zero means no penalty. (The CLI's default is 1, as
	// scikit-learn's Ridge.)
	Lambda float64
	// PenalizeIntercept penalizes b as well, exactly as the notes write the
	// problem with augmented data A = [1 φ(X)] and W = (b, w):
	// (AᵀA + λI)W = AᵀY. The prediction then depends on where the origin
	// of y lies (adding a constant to y does not just shift b), which is
	// why the default leaves b out.
	PenalizeIntercept bool
	// Basis expands the features first (default φ(x) = x).
	Basis Basis
}

// RidgeModel is a fitted ridge regression h(x) = wᵀφ(x) + b.
type RidgeModel struct {
	Basis     BasisMap
	Coef      []float64 // w
	Intercept float64   // b
	Lambda    float64
	// PenalizeIntercept records whether b was penalized.
	PenalizeIntercept bool
	// TrainMSE is the training mean squared error.
	TrainMSE float64
}

// Fit solves the ridge problem for X (n×d) and y by a Cholesky
// factorization of the normal equations of the penalized problem: with b
// unpenalized, centring removes b (b = ȳ − φ̄ᵀw) and leaves
//
//	(ΦcᵀΦc + λI) w = Φcᵀyc,
//
// and with b penalized (the notes' form), (AᵀA + λI)W = AᵀY with
// A = [1 φ(X)], W = (b, w). Every eigenvalue of AᵀA + λI is at least λ,
// so for λ > 0 the system is positive definite whatever the data: constant
// or duplicated columns and n < p are fine. Squaring the condition number
// is harmless here as long as λ is not tiny next to ‖A‖²; for λ = 0 use
// LinearRegression.
//
// Implements: 004, "Ridge Regression" ((AᵀA + λI)W = AᵀY, eigenvalues
// ≥ λ; the MAP view with λ = σ²/α² is Example_ridgeMAP).
//
// Special cases: λ < 0 or not finite is an error; λ = 0 with a singular
// ΦcᵀΦc is an error wrapping matrix.ErrNotSPD.
func (c Ridge) Fit(x *matrix.Dense, y []float64) (*RidgeModel, error) {
	const op = "learn: ridge"
	if err := checkLambda(op, c.Lambda); err != nil {
		return nil, err
	}
	d, err := prepareDesign(op, c.Basis, x, y)
	if err != nil {
		return nil, err
	}
	m := &RidgeModel{Basis: *d.basis, Lambda: c.Lambda, PenalizeIntercept: c.PenalizeIntercept}
	if c.PenalizeIntercept {
		a := augment(d.phi)
		w, err := solveNormal(a, column(y), c.Lambda)
		if err != nil {
			return nil, ridgeError(op, c.Lambda, err)
		}
		m.Intercept, m.Coef = w[0], w[1:]
	} else {
		w, err := solveNormal(d.phiC, d.yC, c.Lambda)
		if err != nil {
			return nil, ridgeError(op, c.Lambda, err)
		}
		m.Coef, m.Intercept = w, d.yMean-matrix.Dot(d.phiMean, w)
	}
	m.TrainMSE = meanSquaredError(d.phi, y, m.Coef, m.Intercept)
	return m, nil
}

// ridgeError explains a failed solve: a singular system is possible only
// for λ = 0 (full column rank needed); otherwise the error says itself
// what went wrong (an overflowing AᵀA).
func ridgeError(op string, lambda float64, err error) error {
	if lambda == 0 && errors.Is(err, matrix.ErrNotSPD) && err != errGramUnderflow {
		return fmt.Errorf("%s: %w (λ = 0 needs full column rank)", op, err)
	}
	return fmt.Errorf("%s: %w", op, err)
}

// checkLambda accepts a finite λ ≥ 0.
func checkLambda(op string, lambda float64) error {
	if !(lambda >= 0) || math.IsInf(lambda, 0) {
		return fmt.Errorf("%s: %w: λ = %g, need a finite λ ≥ 0", op, ErrInvalidParameter, lambda)
	}
	return nil
}

// augment returns [1 Φ], the notes' augmented data matrix.
func augment(phi *matrix.Dense) *matrix.Dense {
	n, p := phi.Dims()
	a := matrix.New(n, p+1)
	for i := range n {
		r := a.Row(i)
		r[0] = 1
		copy(r[1:], phi.Row(i))
	}
	return a
}

// column returns y as an n×1 matrix.
func column(y []float64) *matrix.Dense {
	c, _ := matrix.NewFromSlice(len(y), 1, append([]float64(nil), y...))
	return c
}

// Predict returns wᵀφ(x) + b for every row of X.
func (m *RidgeModel) Predict(x *matrix.Dense) ([]float64, error) {
	return predictLinear("learn: ridge", &m.Basis, m.Coef, m.Intercept, x)
}

// MSE returns the mean squared error of the model on (X, y).
func (m *RidgeModel) MSE(x *matrix.Dense, y []float64) (float64, error) {
	return regressionMSE(m, x, y)
}

// Save writes the model as JSON (format "mlnotes/ridge").
func (m *RidgeModel) Save(w io.Writer) error { return saveModel(w, "ridge", m) }

// LoadRidge reads a model written by RidgeModel.Save.
func LoadRidge(r io.Reader) (*RidgeModel, error) {
	var m RidgeModel
	if err := loadModel(r, "ridge", &m); err != nil {
		return nil, err
	}
	if err := checkLinearParams(&m.Basis, m.Coef, m.Intercept); err != nil {
		return nil, fmt.Errorf("learn: load ridge: %w: %v", ErrFormat, err)
	}
	return &m, nil
}

// RidgePath holds the ridge solutions for many λ at once.
type RidgePath struct {
	Lambdas []float64
	// Coef is len(Lambdas) × p: row k is w(λₖ). Intercepts[k] is b(λₖ).
	Coef       *matrix.Dense
	Intercepts []float64
	Basis      BasisMap
}

// Path solves the ridge problem for every λ in lambdas from one thin SVD
// of the centred Φc = UΣVᵀ (of A = [1 φ(X)] when the intercept is
// penalized):
//
//	w(λ) = V diag(σᵢ/(σᵢ² + λ)) Uᵀyc,
//
// which costs one SVD plus O(p·min(n, p)) per λ instead of a Cholesky per
// λ. The factor σᵢ/(σᵢ² + λ) is the shrinkage: directions of small σᵢ are
// damped most. For λ = 0 it is the minimum-norm least-squares solution
// (singular values below max(n, p)·ε·σ₁ are treated as zero).
// c.Lambda is ignored.
func (c Ridge) Path(x *matrix.Dense, y []float64, lambdas []float64) (*RidgePath, error) {
	const op = "learn: ridge path"
	if len(lambdas) == 0 {
		return nil, fmt.Errorf("%s: %w: no λ", op, matrix.ErrEmpty)
	}
	for _, l := range lambdas {
		if err := checkLambda(op, l); err != nil {
			return nil, err
		}
	}
	d, err := prepareDesign(op, c.Basis, x, y)
	if err != nil {
		return nil, err
	}
	a, rhs := d.phiC, d.yC
	if c.PenalizeIntercept {
		a, rhs = augment(d.phi), column(y)
	}
	f, err := matrix.FactorizeSVD(a, matrix.SVDThin)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	sigma, u, v := f.Values(), f.U(), f.V()
	uty, _ := matrix.MulATB(u, rhs) // Uᵀy (k×1)
	cut := f.DefaultTolerance()
	p := a.Cols()
	path := &RidgePath{Lambdas: append([]float64(nil), lambdas...), Coef: matrix.New(len(lambdas), d.phi.Cols()), Intercepts: make([]float64, len(lambdas)), Basis: *d.basis}
	z := make([]float64, len(sigma))
	for k, l := range lambdas {
		for i, s := range sigma {
			z[i] = 0
			if s > cut || (l > 0 && s > 0) {
				z[i] = s / (s*s + l) * uty.At(i, 0)
			}
		}
		w, _ := matrix.MulVec(v, z) // p-vector
		if c.PenalizeIntercept {
			path.Intercepts[k] = w[0]
			copy(path.Coef.Row(k), w[1:p])
		} else {
			copy(path.Coef.Row(k), w)
			path.Intercepts[k] = d.yMean - matrix.Dot(d.phiMean, w)
		}
	}
	return path, nil
}

// FitRegressor is Fit as a RegressorTrainer.
func (c Ridge) FitRegressor(x *matrix.Dense, y []float64) (Regressor, error) {
	return asRegressor(c.Fit(x, y))
}
