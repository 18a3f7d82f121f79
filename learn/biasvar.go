package learn

import (
	"fmt"
	"math"
	"math/rand/v2"

	"mlnotes/matrix"
)

// VandermondeFit returns a trainer of the least-squares polynomial of the
// given degree in one variable: the coefficients minimize ‖V c − y‖ for the
// Vandermonde matrix V (Vᵢₖ = xᵢᵏ, k = 0…degree), solved by
// matrix.LeastSquares (SVD, minimum norm when V is rank-deficient). It is
// the complexity axis of the bias–variance and model-selection examples;
// the library's linear models (linreg*.go) offer polynomial features with
// more options. X must have one column.
func VandermondeFit(degree int) RegressorTrainer {
	return RegressorFunc(func(x *matrix.Dense, y []float64) (Regressor, error) {
		const op = "learn: polynomial fit"
		if degree < 0 {
			return nil, fmt.Errorf("%s: %w: degree %d", op, ErrInvalidParameter, degree)
		}
		if err := checkData(op, x, 1); err != nil {
			return nil, err
		}
		if x.Cols() != 1 || len(y) != x.Rows() {
			return nil, fmt.Errorf("%s: %w: %d×%d data and %d targets (want one column)", op, matrix.ErrShape, x.Rows(), x.Cols(), len(y))
		}
		// The Vandermonde matrix, the SVD's U and its work space.
		if err := checkAlloc(op, fmt.Sprintf("a degree-%d fit on %d points", degree, len(y)), matrix.FloatBytes(3, len(y), degree+1)); err != nil {
			return nil, err
		}
		b, err := matrix.NewFromSlice(len(y), 1, append([]float64(nil), y...))
		if err != nil {
			return nil, err
		}
		c, _, err := matrix.LeastSquares(vandermonde(x, degree), b, 0)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", op, err)
		}
		return polyModel(c.Col(0)), nil
	})
}

func vandermonde(x *matrix.Dense, degree int) *matrix.Dense {
	v := matrix.New(x.Rows(), degree+1)
	for i := range x.Rows() {
		p, xi := 1.0, x.At(i, 0)
		for k := range degree + 1 {
			v.Set(i, k, p)
			p *= xi
		}
	}
	return v
}

// polyModel holds the coefficients c₀, c₁, … of a polynomial.
type polyModel []float64

// Predict evaluates the polynomial at every row (one column) by Horner's
// rule; a value that overflows is an error naming the row (score_check.go).
func (c polyModel) Predict(x *matrix.Dense) ([]float64, error) {
	if err := checkQuery("learn: polynomial fit", x, 1); err != nil {
		return nil, err
	}
	out := make([]float64, x.Rows())
	for i := range out {
		xi, s := x.At(i, 0), 0.0
		for k := len(c) - 1; k >= 0; k-- {
			s = s*xi + c[k]
		}
		out[i] = s
	}
	if err := checkScoreValues("learn: polynomial fit", "value", out); err != nil {
		return nil, err
	}
	return out, nil
}

// BiasVariance estimates the notes' decomposition
//
//	error(x₀) = σ² + (f(x₀) − E f̂(x₀))² + E(f̂(x₀) − E f̂(x₀))²
//
// (004, "Bias-Variance Trade-off") by simulation: Trials training sets of
// N points xᵢ ~ U(0, 1), yᵢ = f(xᵢ) + εᵢ with εᵢ ~ N(0, σ²), a model f̂
// trained on each, and the expectations over training sets replaced by
// means over the trials at the test points.
type BiasVariance struct {
	// F is the true function; nil means sin(2πx).
	F func(x float64) float64
	// Sigma is the noise standard deviation σ ≥ 0 (zero: no noise).
	Sigma float64
	// N is the size of each training set; zero means 20.
	N int
	// Trials is the number of training sets; zero means 200.
	Trials int
	// Test are the points x₀; nil means 101 points evenly spaced on [0, 1].
	Test []float64
	// Seed makes the simulation reproducible.
	Seed uint64
}

// BiasVarianceResult holds the decomposition at every test point and its
// mean over them.
type BiasVarianceResult struct {
	Test []float64
	// Bias2[j] = (f(x₀) − f̄(x₀))², Variance[j] = mean over trials of
	// (f̂(x₀) − f̄(x₀))² (divisor T), where f̄ is the mean of the T fits.
	Bias2, Variance []float64
	// Error[j] = σ² + mean over trials of (f(x₀) − f̂(x₀))², computed
	// directly (not as the sum), so that the identity can be checked.
	Error []float64
	// Noise is σ²; MeanBias2, MeanVariance, MeanError average over Test.
	Noise                              float64
	MeanBias2, MeanVariance, MeanError float64
	// MaxIdentityGap is max over the test points of
	// |Error − (σ² + Bias2 + Variance)|: rounding only.
	MaxIdentityGap float64
}

// Run simulates the decomposition for a learner of one-column data.
func (b BiasVariance) Run(t RegressorTrainer) (*BiasVarianceResult, error) {
	const op = "learn: bias-variance"
	if t == nil {
		return nil, fmt.Errorf("%s: %w: nil trainer", op, ErrInvalidParameter)
	}
	f := b.F
	if f == nil {
		f = func(x float64) float64 { return math.Sin(2 * math.Pi * x) }
	}
	n, trials := b.N, b.Trials
	if n == 0 {
		n = 20
	}
	if trials == 0 {
		trials = 200
	}
	if n < 1 || trials < 2 || !(b.Sigma >= 0) || math.IsInf(b.Sigma*b.Sigma, 0) {
		return nil, fmt.Errorf("%s: %w: n = %d, trials = %d, σ = %g (need n ≥ 1, trials ≥ 2, σ ≥ 0 with σ² finite)", op, ErrInvalidParameter, n, trials, b.Sigma)
	}
	test := b.Test
	if test == nil {
		test = make([]float64, 101)
		for j := range test {
			test[j] = float64(j) / 100
		}
	}
	if len(test) == 0 {
		return nil, fmt.Errorf("%s: %w: no test points", op, matrix.ErrEmpty)
	}
	if err := matrix.VecFinite(test); err != nil {
		return nil, fmt.Errorf("%s: test points: %w", op, err)
	}
	// The training set of a trial, and the predictions of every trial at
	// every test point (a slice header and k values each).
	need := matrix.AddBytes(matrix.FloatBytes(2, n), mulBytes(int64(trials), matrix.AddBytes(24, matrix.FloatBytes(len(test)))))
	if err := checkAlloc(op, fmt.Sprintf("%d trials of %d points at %d test points", trials, n, len(test)), need); err != nil {
		return nil, err
	}
	xt, _ := matrix.NewFromSlice(len(test), 1, append([]float64(nil), test...))
	rng := rand.New(rand.NewPCG(b.Seed, 0x62696173))
	preds := make([][]float64, trials)
	x := matrix.New(n, 1)
	y := make([]float64, n)
	for r := range trials {
		for i := range n {
			v := rng.Float64()
			x.Set(i, 0, v)
			y[i] = f(v) + b.Sigma*rng.NormFloat64()
		}
		m, err := t.FitRegressor(x, y)
		if err != nil {
			return nil, fmt.Errorf("%s: trial %d: %w", op, r, err)
		}
		p, err := m.Predict(xt)
		if err != nil {
			return nil, fmt.Errorf("%s: trial %d: %w", op, r, err)
		}
		if err := matrix.VecFinite(p); err != nil {
			return nil, fmt.Errorf("%s: trial %d: %w", op, r, err)
		}
		preds[r] = p
	}
	k := len(test)
	res := &BiasVarianceResult{Test: test, Bias2: make([]float64, k), Variance: make([]float64, k), Error: make([]float64, k), Noise: b.Sigma * b.Sigma}
	T := float64(trials)
	for j, x0 := range test {
		f0, mean := f(x0), 0.0
		for r := range trials {
			mean += preds[r][j] / T
		}
		v, e := 0.0, 0.0
		for r := range trials {
			d := preds[r][j] - mean
			v += d * d / T
			g := f0 - preds[r][j]
			e += g * g / T
		}
		res.Bias2[j] = (f0 - mean) * (f0 - mean)
		res.Variance[j] = v
		res.Error[j] = res.Noise + e
		gap := math.Abs(res.Error[j] - (res.Noise + res.Bias2[j] + res.Variance[j]))
		res.MaxIdentityGap = max(res.MaxIdentityGap, gap)
		res.MeanBias2 += res.Bias2[j] / float64(k)
		res.MeanVariance += v / float64(k)
		res.MeanError += res.Error[j] / float64(k)
	}
	return res, nil
}
