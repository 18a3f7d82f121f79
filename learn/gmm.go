package learn

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"mlnotes/matrix"
)

// CovarianceType selects the form of the mixture's component covariances.
type CovarianceType int

const (
	// FullCovariance: each Σₖ is any SPD matrix. It is the zero value.
	FullCovariance CovarianceType = iota
	// DiagCovariance: each Σₖ is diagonal (axis-aligned ellipsoids).
	DiagCovariance
	// SphericalCovariance: each Σₖ = σₖ²I.
	SphericalCovariance
)

// String returns "full", "diag" or "spherical".
func (c CovarianceType) String() string {
	switch c {
	case FullCovariance:
		return "full"
	case DiagCovariance:
		return "diag"
	case SphericalCovariance:
		return "spherical"
	}
	return fmt.Sprintf("CovarianceType(%d)", int(c))
}

// GaussianMixture configures the fit of f(x) = Σₖ λₖ N(x | μₖ, Σₖ) by EM.
// Zero values mean the documented defaults (those of scikit-learn's
// GaussianMixture).
type GaussianMixture struct {
	K          int // number of components, 1 ≤ K ≤ n
	Covariance CovarianceType
	// Restarts is the number R of k-means++ initializations; the fit of
	// largest log-likelihood is kept. Zero means 1.
	Restarts int
	Seed     uint64 // seeds the initializations
	// Reg > 0 is added to the diagonal of every covariance after each
	// M-step, keeping a component that collapses onto one point finite.
	// Zero means 1e-6.
	Reg float64
	// Tol > 0: EM stops when the mean log-likelihood per sample changes by
	// less than Tol between iterations. Zero means 1e-6.
	Tol float64
	// MaxIter ≥ 1 bounds the EM iterations of each restart. Zero means 100.
	MaxIter int
	// Trace, if not nil, receives every EM iteration of every restart, in
	// TraceStep.EM (the model keeps those of the restart it keeps, in
	// LogLikelihoods).
	Trace Trace
}

// GMMModel is a fitted Gaussian mixture.
type GMMModel struct {
	Weights     []float64       // λₖ, summing to 1
	Means       *matrix.Dense   // μₖ, one row per component (K×d)
	Covariances []*matrix.Dense // Σₖ (d×d each, also for diag and spherical), Reg included
	Covariance  CovarianceType
	// LogLikelihood is the mean log-likelihood (1/n) Σᵢ log f(xᵢ) of the
	// training data at these parameters.
	LogLikelihood float64
	Iterations    int  // EM iterations of the kept restart
	Converged     bool // whether it stopped by Tol rather than MaxIter
	// BIC is −2 n LogLikelihood + p log n with p the number of free
	// parameters (NumParams); lower is better.
	BIC float64
	// LogLikelihoods is the mean log-likelihood after each iteration of
	// the kept restart; LogLikelihoods[len−1] = LogLikelihood.
	LogLikelihoods []float64

	components []*MultivariateNormal
	// steps records every E-step of the kept restart (the initialization
	// first), for the tests of the monotonicity bound (see Fit).
	steps []emStep
}

// emStep records one E-step at parameters θ: the mean log-likelihood
// ℓ̄(θ), the weights Nₖ/n of its responsibilities, and (r/2)·tr Σₖ⁻¹ of
// θ's components.
type emStep struct {
	ll        float64
	frac, pen []float64
}

// emDropBound returns how much ℓ̄ may fall from step a to the next step b
// by the argument in Fit: (Σₖ (Nₖ/n)·(r/2)(tr Σₖ⁻¹(a) − tr Σₖ⁻¹(b)))⁺.
func emDropBound(a, b emStep) float64 {
	var s float64
	for k, f := range a.frac {
		s += f * (a.pen[k] - b.pen[k])
	}
	return max(s, 0)
}

// Fit runs EM from Restarts k-means++ initializations on X (n×d).
//
// Each restart picks K centers by k-means++ (the first uniformly, each
// next with probability proportional to the squared distance to the
// nearest chosen one; Arthur and Vassilvitskii 2007), assigns every point
// to its nearest center, and runs an M-step on these hard
// responsibilities. Then every iteration does:
//
//   - M-step: with γᵢₖ the responsibilities and Nₖ = Σᵢ γᵢₖ, λₖ = Nₖ/n,
//     μₖ = (1/Nₖ)Σᵢ γᵢₖxᵢ (an empty component, Nₖ = 0, keeps weight 0,
//     the data mean and r·I: it no longer takes part),
//     Σₖ = (1/Nₖ)Σᵢ γᵢₖ(xᵢ − μₖ)(xᵢ − μₖ)ᵀ + r·I (diag keeps the diagonal,
//     spherical its mean), the covariance by one symmetric rank-n update
//     of the weighted deviations (matrix.Syrk);
//   - E-step: log λₖ + log N(xᵢ | μₖ, Σₖ) for all i and k by Cholesky
//     whitening of all rows at once, then γᵢₖ by subtracting the log-sum-exp
//     over k, which is also log f(xᵢ): no density is ever exponentiated
//     before it is normalized, so none underflows.
//
// Convergence: |ℓ̄ₜ − ℓ̄ₜ₋₁| < Tol for the mean log-likelihood ℓ̄, else
// MaxIter iterations (Converged false).
//
// Monotonicity: without r, the notes' EM argument gives ℓ̄ₜ₊₁ ≥ ℓ̄ₜ: the
// E-step makes Q(θ′ | θₜ) − Q(θₜ | θₜ) a lower bound of ℓ(θ′) − ℓ(θₜ), and
// the M-step maximizes Q. With r the M-step maximizes instead
// Q(θ′ | θₜ) − (r/2)Σₖ Nₖ tr Σ′ₖ⁻¹ (that term turns tr Σ′⁻¹Sₖ into
// tr Σ′⁻¹(Sₖ + rI), whose maximizer is Σ′ = Sₖ + rI; diagonal and spherical
// alike), so the same argument gives
//
//	ℓ(θₜ₊₁) − ℓ(θₜ) ≥ (r/2) Σₖ Nₖ (tr Σₖ⁻¹(θₜ₊₁) − tr Σₖ⁻¹(θₜ)),
//
// with Nₖ the responsibility sums at θₜ: the likelihood can fall only when
// a covariance grows, and then by at most that much. This is what
// scikit-learn's reg_covar does too. The tests check the inequality at
// every iteration of every fit.
//
// Implements: 004, "Mixture density Estimate and EM
// algorithm".
//
// Special cases: non-finite or empty data, K < 1 or K > n, negative Reg,
// Tol, MaxIter or Restarts, and an unknown covariance type are errors. A
// component covariance that is not positive definite even after r·I (only
// possible with a very small r on data of huge scale) is an error that
// says to raise Reg.
func (c GaussianMixture) Fit(x *matrix.Dense) (*GMMModel, error) {
	const op = "learn: gmm"
	if err := checkData(op, x, 1); err != nil {
		return nil, err
	}
	c, err := c.withDefaults(x.Rows())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	// Σⱼ and its Cholesky factor for each component, and the best model's.
	if err := checkSquareSize(op, fmt.Sprintf("the covariances of %d component(s) over %d features", c.K, x.Cols()), x.Cols(), 4*c.K, "select or project the features first"); err != nil {
		return nil, err
	}
	var best *GMMModel
	for r := range c.Restarts {
		rng := rand.New(rand.NewPCG(c.Seed, uint64(r)))
		m, err := c.run(x, rng, r)
		if err != nil {
			return nil, fmt.Errorf("%s: restart %d: %w", op, r, err)
		}
		if best == nil || m.LogLikelihood > best.LogLikelihood {
			best = m
		}
	}
	n, d := x.Dims()
	best.BIC = -2*float64(n)*best.LogLikelihood + float64(best.NumParams(d))*math.Log(float64(n))
	return best, nil
}

// withDefaults validates the configuration and fills its zero values.
func (c GaussianMixture) withDefaults(n int) (GaussianMixture, error) {
	if c.K < 1 || c.K > n {
		return c, fmt.Errorf("%w: K = %d components for %d samples, need 1 ≤ K ≤ n", ErrInvalidParameter, c.K, n)
	}
	if c.Covariance < FullCovariance || c.Covariance > SphericalCovariance {
		return c, fmt.Errorf("%w: unknown covariance type %d", ErrInvalidParameter, int(c.Covariance))
	}
	if c.Restarts < 0 || c.MaxIter < 0 {
		return c, fmt.Errorf("%w: restarts %d, max-iter %d, need ≥ 1 (0 for the default)", ErrInvalidParameter, c.Restarts, c.MaxIter)
	}
	if !(c.Reg >= 0) || math.IsInf(c.Reg, 0) || !(c.Tol >= 0) || math.IsInf(c.Tol, 0) {
		return c, fmt.Errorf("%w: reg %g, tol %g, need finite values > 0 (0 for the default)", ErrInvalidParameter, c.Reg, c.Tol)
	}
	if c.Restarts == 0 {
		c.Restarts = 1
	}
	if c.Reg == 0 {
		c.Reg = 1e-6
	}
	if c.Tol == 0 {
		c.Tol = 1e-6
	}
	if c.MaxIter == 0 {
		c.MaxIter = 100
	}
	return c, nil
}

// NumParams returns the number of free parameters of the mixture in d
// dimensions: K − 1 weights, Kd means, and Kd(d+1)/2, Kd or K covariance
// entries.
func (m *GMMModel) NumParams(d int) int {
	k := len(m.Weights)
	cov := k * d * (d + 1) / 2
	switch m.Covariance {
	case DiagCovariance:
		cov = k * d
	case SphericalCovariance:
		cov = k
	}
	return k - 1 + k*d + cov
}

// run performs one restart: initialization, then EM.
func (c GaussianMixture) run(x *matrix.Dense, rng *rand.Rand, restart int) (*GMMModel, error) {
	n := x.Rows()
	resp := kmeansPlusPlusResp(x, c.K, rng)
	m := &GMMModel{Covariance: c.Covariance}
	xt := x.T() // samples as columns: the whitening solves and the M-step run along rows of n
	work := matrix.New(x.Cols(), n)
	if err := m.mStep(xt, resp, work, c.Reg); err != nil {
		return nil, err
	}
	logp := matrix.New(n, c.K)
	prev, err := m.eStep(xt, resp, logp, work, c.Reg)
	if err != nil {
		return nil, err
	}
	for it := 1; it <= c.MaxIter; it++ {
		if err := m.mStep(xt, resp, work, c.Reg); err != nil {
			return nil, err
		}
		ll, err := m.eStep(xt, resp, logp, work, c.Reg)
		if err != nil {
			return nil, err
		}
		m.Iterations = it
		m.LogLikelihoods = append(m.LogLikelihoods, ll)
		if c.Trace != nil {
			c.Trace(TraceStep{Iteration: it, Objective: ll, EM: &EMStep{Restart: restart, LogLikelihood: ll}})
		}
		m.LogLikelihood = ll
		if math.Abs(ll-prev) < c.Tol {
			m.Converged = true
			break
		}
		prev = ll
	}
	if m.Iterations == 0 { // MaxIter ≥ 1 after defaults; kept for safety
		m.LogLikelihood = prev
	}
	return m, nil
}

// kmeansPlusPlusResp chooses K centers by k-means++ and returns the hard
// responsibilities (n×K, one 1 per row) of the nearest center.
func kmeansPlusPlusResp(x *matrix.Dense, k int, rng *rand.Rand) *matrix.Dense {
	n := x.Rows()
	d2 := make([]float64, n)
	centers := []int{rng.IntN(n)}
	for i := range n {
		d2[i] = sqDist(x.Row(i), x.Row(centers[0]))
	}
	for len(centers) < k {
		var total float64
		for _, v := range d2 {
			total += v
		}
		next := rng.IntN(n) // every point is on a center: any will do
		if total > 0 {
			u := rng.Float64() * total
			next = n - 1
			for i, v := range d2 {
				if u -= v; u < 0 {
					next = i
					break
				}
			}
		}
		centers = append(centers, next)
		for i := range n {
			d2[i] = min(d2[i], sqDist(x.Row(i), x.Row(next)))
		}
	}
	resp := matrix.New(n, k)
	for i := range n {
		best, bestD := 0, math.Inf(1)
		for j, c := range centers {
			if v := sqDist(x.Row(i), x.Row(c)); v < bestD {
				best, bestD = j, v
			}
		}
		resp.Set(i, best, 1)
	}
	return resp
}

// sqDist returns ‖a − b‖².
func sqDist(a, b []float64) float64 {
	var s float64
	for j, v := range a {
		t := v - b[j]
		s += t * t
	}
	return s
}

// mStep sets the weights, means and covariances from the
// responsibilities γ (n×K), for the samples held as the columns of xt
// (d×n); dev (d×n) is scratch.
func (m *GMMModel) mStep(xt, resp, dev *matrix.Dense, r float64) error {
	d, n := xt.Dims()
	k := resp.Cols()
	nk := make([]float64, k)
	for i := range n {
		matrix.Axpy(1, resp.Row(i), nk)
	}
	var total float64
	for _, v := range nk {
		total += v
	}
	m.Weights = make([]float64, k)
	for j := range nk {
		m.Weights[j] = nk[j] / total
	}
	m.Means = matrix.New(k, d)
	_ = matrix.Gemm(true, true, 1, resp, xt, 0, m.Means) // Σᵢ γᵢₖ xᵢ
	for j := range k {
		if nk[j] > 0 {
			matrix.ScaleVec(1/nk[j], m.Means.Row(j))
			continue
		}
		// An empty component (no responsibility at all: fewer distinct
		// points than components) has weight 0 and takes no part in the
		// likelihood; any mean and covariance maximize Q. It gets the
		// data mean and r·I, so that it stays a valid density.
		for t := range d {
			m.Means.Set(j, t, rowMean(xt.Row(t)))
		}
	}
	m.Covariances = make([]*matrix.Dense, k)
	m.components = make([]*MultivariateNormal, k)
	errs := make([]error, k)
	// The components are independent: shared among the cores, each
	// goroutine with its own scratch (dev is the first one's).
	parallelBlocks(k, func(worker int) func(int) {
		w := make([]float64, n)
		dev := dev
		if worker > 0 {
			dev = matrix.New(d, n)
		}
		return func(j int) { errs[j] = m.mStepComponent(xt, resp, dev, w, nk[j], j, r) }
	})
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// rowMean returns the mean of v.
func rowMean(v []float64) float64 {
	var s float64
	for _, t := range v {
		s += t
	}
	return s / float64(len(v))
}

// mStepComponent sets the covariance Σⱼ and the density of component j
// (μⱼ and Nⱼ already computed); dev (d×n) and w (n) are scratch.
func (m *GMMModel) mStepComponent(xt, resp, dev *matrix.Dense, w []float64, nk float64, j int, r float64) error {
	d, n := xt.Dims()
	mu := m.Means.Row(j)
	for i := range n {
		w[i] = math.Sqrt(resp.At(i, j))
	}
	for t, v := range mu {
		dt, xrow := dev.Row(t), xt.Row(t)
		for i, x := range xrow {
			dt[i] = w[i] * (x - v) // √γᵢₖ (xᵢ − μₖ), feature t
		}
	}
	inv := 0.0 // an empty component: S = 0, Σ = r·I
	if nk > 0 {
		inv = 1 / nk
	}
	sigma := matrix.New(d, d)
	switch m.Covariance {
	case FullCovariance:
		_ = matrix.Syrk(false, inv, dev, 0, sigma)
	default:
		diag := make([]float64, d)
		for t := range d {
			diag[t] = matrix.Dot(dev.Row(t), dev.Row(t)) * inv
		}
		if m.Covariance == SphericalCovariance {
			var s float64
			for _, v := range diag {
				s += v
			}
			for t := range diag {
				diag[t] = s / float64(d)
			}
		}
		for t, v := range diag {
			sigma.Set(t, t, v)
		}
	}
	for t := range d {
		sigma.Set(t, t, sigma.At(t, t)+r)
	}
	if err := sigma.CheckFinite(); err != nil {
		return fmt.Errorf("component %d: the covariance overflows float64 (features spread beyond about 1e154: scale them): %w", j, err)
	}
	chol, err := matrix.FactorizeCholesky(sigma)
	if err != nil {
		return fmt.Errorf("component %d: covariance not positive definite even with reg %g added; raise the regularization: %w", j, r, err)
	}
	m.Covariances[j] = sigma
	m.components[j] = normalFromFactor(mu, sigma, chol)
	return nil
}

// eStep fills logp with log λₖ + log N(xᵢ|μₖ,Σₖ) and resp with the
// responsibilities, for the samples held as the columns of xt (d×n),
// records the step, and returns the mean log-likelihood.
//
// Per sample, with vₖ the row of logp and v* its maximum, eₖ = e^{vₖ − v*}
// (each ≤ 1, the largest 1) gives log f(xᵢ) = v* + log Σₖ eₖ and
// γᵢₖ = eₖ / Σₖ eₖ: one exponential per entry. A sample whose
// log-density is −Inf under every component (beyond ~10¹⁵⁴ standard
// deviations of all of them) has no responsibilities: an error.
func (m *GMMModel) eStep(xt, resp, logp, work *matrix.Dense, r float64) (float64, error) {
	n, k := logp.Dims()
	step := emStep{frac: make([]float64, k), pen: make([]float64, k)}
	parallelBlocks(k, func(worker int) func(int) {
		col := make([]float64, n)
		work := work
		if worker > 0 {
			work = nil // logPdfT allocates its own
		}
		return func(j int) {
			g := m.components[j]
			g.logPdfT(xt, work, col)
			lw := math.Log(m.Weights[j])
			for i, v := range col {
				logp.Set(i, j, v+lw)
			}
			step.pen[j] = 0.5 * r * traceInverse(g.chol)
		}
	})
	var ll float64
	for i := range n {
		row, g := logp.Row(i), resp.Row(i)
		vmax := row[argMax(row)]
		if math.IsInf(vmax, -1) {
			return 0, fmt.Errorf("sample %d is beyond the range of every component's log-density (more than ~1e154 standard deviations away); rescale the data", i)
		}
		var s float64
		for j, v := range row {
			g[j] = matrix.Exp(v - vmax)
			s += g[j]
		}
		for j := range g {
			g[j] /= s
			step.frac[j] += g[j]
		}
		ll += vmax + math.Log(s)
	}
	step.ll = ll / float64(n)
	matrix.ScaleVec(1/float64(n), step.frac)
	m.steps = append(m.steps, step)
	return step.ll, nil
}

// traceInverse returns tr Σ⁻¹ = ‖L⁻¹‖²_F from Σ's Cholesky factor, by one
// triangular solve of the identity (d³/3 flops, no inverse kept).
func traceInverse(chol *matrix.Cholesky) float64 {
	li := matrix.Identity(chol.Size())
	_ = chol.SolveLowerCols(li) // L⁻¹
	f := matrix.NormFrobenius(li)
	return f * f
}

// logJoint returns log λₖ + log N(xᵢ|μₖ,Σₖ) (n×K) for a query X.
func (m *GMMModel) logJoint(x *matrix.Dense) *matrix.Dense {
	n := x.Rows()
	out := matrix.New(n, len(m.components))
	col := make([]float64, n)
	xt := x.T()
	work := matrix.New(x.Cols(), n)
	for j, g := range m.components {
		g.logPdfT(xt, work, col)
		lw := math.Log(m.Weights[j])
		for i, v := range col {
			out.Set(i, j, v+lw)
		}
	}
	return out
}

// LogDensity returns log f(xᵢ) = log Σₖ λₖ N(xᵢ|μₖ,Σₖ) for every row of
// X, by log-sum-exp: finite far from every component.
func (m *GMMModel) LogDensity(x *matrix.Dense) ([]float64, error) {
	if err := checkQuery("learn: gmm log-density", x, m.Means.Cols()); err != nil {
		return nil, err
	}
	lj := m.logJoint(x)
	out := make([]float64, x.Rows())
	for i := range out {
		out[i] = logSumExp(lj.Row(i))
	}
	return out, nil
}

// PredictProba returns the responsibilities γᵢₖ = P(component k | xᵢ)
// (n×K); each row sums to 1. A row whose log-density is −Inf under every
// component (beyond ~10¹⁵⁴ standard deviations of all) is an error.
func (m *GMMModel) PredictProba(x *matrix.Dense) (*matrix.Dense, error) {
	lj, err := m.checkedLogJoint("learn: gmm predict", x)
	if err != nil {
		return nil, err
	}
	for i := range lj.Rows() {
		row := lj.Row(i)
		lse := logSumExp(row)
		for j := range row {
			row[j] = math.Exp(row[j] - lse)
		}
	}
	return lj, nil
}

// Predict returns the most probable component (0 … K−1) of every row:
// argmaxₖ log λₖ + log N(xᵢ|μₖ,Σₖ), compared in log space. Rows as in
// PredictProba are an error.
func (m *GMMModel) Predict(x *matrix.Dense) ([]int, error) {
	lj, err := m.checkedLogJoint("learn: gmm predict", x)
	if err != nil {
		return nil, err
	}
	out := make([]int, x.Rows())
	for i := range out {
		out[i] = argMax(lj.Row(i))
	}
	return out, nil
}

// checkedLogJoint validates x and returns its log λₖ + log N(xᵢ|μₖ,Σₖ),
// refusing a row that is −Inf in every column.
func (m *GMMModel) checkedLogJoint(op string, x *matrix.Dense) (*matrix.Dense, error) {
	if err := checkQuery(op, x, m.Means.Cols()); err != nil {
		return nil, err
	}
	lj := m.logJoint(x)
	if err := checkScores(op, "log-density under every component", lj.Rows(), func(i int) bool {
		r := lj.Row(i)
		top := r[argMax(r)]
		return math.IsInf(top, 0) || slices.ContainsFunc(r, math.IsNaN)
	}); err != nil {
		return nil, err
	}
	return lj, nil
}

// Score returns the mean log-likelihood (1/n) Σᵢ log f(xᵢ) of X.
func (m *GMMModel) Score(x *matrix.Dense) (float64, error) {
	v, err := m.LogDensity(x)
	if err != nil {
		return 0, err
	}
	var s float64
	for _, t := range v {
		s += t
	}
	return s / float64(len(v)), nil
}
