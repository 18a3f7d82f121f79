package learn

import (
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"mlnotes/matrix"
)

// KDEKernel selects the window of a kernel density estimate.
type KDEKernel int

const (
	// GaussWindow is the normal window
	// (2πh²)^(−d/2) exp(−‖x − xᵢ‖²/(2h²)). It is the zero value.
	GaussWindow KDEKernel = iota
	// BoxWindow is the notes' Parzen window: the hypercube of side h
	// centred on xᵢ, of height h⁻ᵈ.
	BoxWindow
)

// String returns "gauss" or "box".
func (k KDEKernel) String() string {
	switch k {
	case GaussWindow:
		return "gauss"
	case BoxWindow:
		return "box"
	}
	return fmt.Sprintf("KDEKernel(%d)", int(k))
}

// BandwidthRule selects the rule of thumb that chooses h when none is
// given.
type BandwidthRule int

const (
	// Scott is h = σ̄ n^(−1/(d+4)) (D. W. Scott, Multivariate Density
	// Estimation, 1992, §6.3). It is the zero value.
	Scott BandwidthRule = iota
	// Silverman is h = σ̄ (n(d+2)/4)^(−1/(d+4)) (B. W. Silverman, Density
	// Estimation for Statistics and Data Analysis, 1986, eq. 4.14).
	Silverman
)

// Bandwidth returns the rule's h for the data X (n×d): its factor times
// σ̄ = √((1/d) Σⱼ sⱼ²), the root mean of the feature variances sⱼ² (divisor
// n − 1). Both rules are optimal for a Gaussian kernel when the data are
// themselves normal with covariance σ̄²I; for d = 1 the bandwidth is
// exactly scipy.stats.gaussian_kde's with bw_method "scott" or
// "silverman". With a single kernel width for every feature, standardize
// features of different scales first. It is an error for fewer than two
// samples or data with no spread.
func (r BandwidthRule) Bandwidth(x *matrix.Dense) (float64, error) {
	const op = "learn: bandwidth"
	if err := checkData(op, x, 2); err != nil {
		return 0, err
	}
	n, d := x.Dims()
	sigma := rmsStd(x)
	var factor float64
	switch r {
	case Scott:
		factor = math.Pow(float64(n), -1/float64(d+4))
	case Silverman:
		factor = math.Pow(float64(n)*float64(d+2)/4, -1/float64(d+4))
	default:
		return 0, fmt.Errorf("%s: %w: unknown rule %d", op, ErrInvalidParameter, int(r))
	}
	h := sigma * factor
	if !(h > 0) || math.IsInf(h, 0) {
		return 0, fmt.Errorf("%s: %w: the data have no spread (every sample equal), so the rule gives h = 0; give h", op, ErrInvalidParameter)
	}
	return h, nil
}

// rmsStd returns σ̄ = √((1/d) Σⱼ sⱼ²), sⱼ² the variance of column j with
// divisor n − 1, computed on each column scaled by its largest magnitude
// cⱼ and on the sⱼ scaled by their largest, so that data near the overflow
// threshold (1e200) give their σ̄ instead of +Inf:
// sⱼ = cⱼ·std(xⱼ/cⱼ), σ̄ = s*·√((1/d) Σⱼ (sⱼ/s*)²).
func rmsStd(x *matrix.Dense) float64 {
	n, d := x.Dims()
	sd := make([]float64, d)
	for j := range d {
		col := x.Col(j)
		c := 0.0
		for _, v := range col {
			c = math.Max(c, math.Abs(v))
		}
		if c == 0 {
			continue
		}
		var mean float64
		for i := range col {
			col[i] /= c
			mean += col[i]
		}
		mean /= float64(n)
		var ss float64
		for _, v := range col {
			ss += (v - mean) * (v - mean)
		}
		sd[j] = c * math.Sqrt(ss/float64(n-1))
	}
	top := 0.0
	for _, v := range sd {
		top = math.Max(top, v)
	}
	if top == 0 {
		return 0
	}
	var q float64
	for _, v := range sd {
		q += (v / top) * (v / top)
	}
	return top * math.Sqrt(q/float64(d))
}

// KernelDensity configures a Parzen-window or kernel density estimate.
// The zero value is the Gaussian kernel with Scott's bandwidth.
type KernelDensity struct {
	Kernel KDEKernel
	// H > 0 is the window width h (the side of the box, the standard
	// deviation of the Gaussian); zero means Rule's value for the data.
	H    float64
	Rule BandwidthRule
}

// KDEModel is a fitted kernel density estimate: the training points and
// the window.
type KDEModel struct {
	Kernel KDEKernel
	H      float64
	X      *matrix.Dense // the n training points xᵢ (a copy)

	center []float64     // the mean of X, subtracted before products
	xc     *matrix.Dense // X − 1centerᵀ
	xsq    []float64     // ‖xᵢ − center‖²
}

// Fit stores the data and the bandwidth.
//
// Implements: 004, "Parzen Window": the box estimate
// f̂(x) = (1/n) Σᵢ h⁻ᵈ φ((x − xᵢ)/h) with φ the indicator of the unit cube
// |uⱼ| ≤ ½, and the Gaussian kernel estimate
// f̂(x) = (1/n) Σᵢ (2πh²)^(−d/2) exp(−‖x − xᵢ‖²/(2h²)) — with the normal
// density's constant (2πh²)^(−d/2) = (h√(2π))⁻ᵈ; the notes print
// (h√2 π)⁻ᵈ, which does not integrate to one (docs/errata.md, item 8).
//
// Special cases: empty or non-finite data, h < 0 or non-finite, an
// unknown kernel, and (with H = 0) data without spread are errors.
func (c KernelDensity) Fit(x *matrix.Dense) (*KDEModel, error) {
	const op = "learn: kde"
	if err := checkData(op, x, 1); err != nil {
		return nil, err
	}
	if c.Kernel != GaussWindow && c.Kernel != BoxWindow {
		return nil, fmt.Errorf("%s: %w: unknown kernel %d", op, ErrInvalidParameter, int(c.Kernel))
	}
	if !(c.H >= 0) || math.IsInf(c.H, 0) {
		return nil, fmt.Errorf("%s: %w: bandwidth h = %g, need h > 0", op, ErrInvalidParameter, c.H)
	}
	h := c.H
	if h == 0 {
		var err error
		if h, err = c.Rule.Bandwidth(x); err != nil {
			return nil, fmt.Errorf("%s: %w", op, err)
		}
	}
	if h2 := h * h; h2 == 0 || math.IsInf(h2, 0) {
		// The kernels divide squared distances by h² (and the
		// normalization holds h^d): beyond float64 the densities would
		// be NaN.
		return nil, fmt.Errorf("%s: %w: bandwidth h = %g, h² is outside float64 (need about 1e-154 < h < 1e154; rescale the data)", op, ErrInvalidParameter, h)
	}
	m := &KDEModel{Kernel: c.Kernel, H: h, X: x.Clone()}
	m.prepare()
	if err := matrix.VecFinite(m.xsq); err != nil {
		return nil, fmt.Errorf("%s: %w: the spread of the data is more than 10¹⁵⁴ times h = %g", op, ErrInvalidParameter, h)
	}
	return m, nil
}

// prepare computes the centred copy of the data in units of h,
// x̃ᵢ = (xᵢ − x̄)/h, and its squared norms. Measuring in units of h keeps
// the squared norms of O(spread²/h²) instead of O(spread²), so that data of
// any magnitude (1e200 with h of the same order) do not overflow.
func (m *KDEModel) prepare() {
	m.xc, m.center, _ = matrix.Center(m.X)
	m.xsq = make([]float64, m.xc.Rows())
	for i := range m.xsq {
		r := m.xc.Row(i)
		for j := range r {
			r[j] /= m.H
		}
		m.xsq[i] = matrix.Dot(r, r)
	}
}

// kdeQueryBlock and kdePointBlock are the tile of the Gaussian estimate:
// 32 queries against 1024 points, a 256 KB tile of exponents that stays in
// the L2 cache from the product that writes it to the passes that read it.
const (
	kdeQueryBlock = 32
	kdePointBlock = 1024
)

// LogDensity returns log f̂(qᵢ) for every row of Q (m×d), finite wherever
// the estimate is positive — far from the data too, where f̂ itself
// underflows. The box estimate is exactly zero outside every window; its
// log is then −Inf.
//
// Gaussian kernel: the exponents −‖q − xᵢ‖²/(2h²) of a block of queries
// come from one product, ‖q − x‖² = ‖q‖² + ‖x‖² − 2qᵀx (matrix.Gemm), and
// are summed by log-sum-exp, log Σᵢ e^{aᵢ} = a* + log Σᵢ e^{aᵢ − a*} with
// a* = maxᵢ aᵢ, so that the largest term is e⁰ and nothing underflows.
// Cancellation: the expansion loses about ε(‖q‖² + ‖x‖²) absolutely, so
// queries and data are first centred on the data mean (which leaves the
// distances unchanged and makes the norms as small as a shift can) and
// measured in units of h (so that nothing overflows before it is
// compared with h), and negative results of rounding are clamped to 0.
// The absolute error of an exponent is then about
// ε(‖q − x̄‖² + ‖xᵢ − x̄‖²)/h², which is the relative error of the density.
// A query more than about 10¹⁵⁴ h from the data mean, whose log-density is
// below −10³⁰⁸, gets −Inf. Costs 2mnd flops in the product and mn
// exponentials, spread over the cores.
//
// Box kernel: the count k(q) of points with maxⱼ |qⱼ − xᵢⱼ| ≤ h/2 is
// exact (no product: a comparison must not be perturbed by rounding), and
// log f̂ = log k − log n − d log h.
func (m *KDEModel) LogDensity(q *matrix.Dense) ([]float64, error) {
	if err := checkQuery("learn: kde log-density", q, m.X.Cols()); err != nil {
		return nil, err
	}
	out := make([]float64, q.Rows())
	if m.Kernel == BoxWindow {
		m.boxLogDensity(q, out)
	} else {
		m.gaussLogDensity(q, out)
	}
	return out, nil
}

// Density returns f̂(qᵢ): for the Gaussian kernel exp(log f̂(qᵢ)), which
// underflows to 0 far from the data where LogDensity stays finite; for the
// box k/(n hᵈ) directly.
func (m *KDEModel) Density(q *matrix.Dense) ([]float64, error) {
	if m.Kernel == BoxWindow {
		if err := checkQuery("learn: kde density", q, m.X.Cols()); err != nil {
			return nil, err
		}
		k := m.boxCounts(q)
		n, d := m.X.Dims()
		out := make([]float64, len(k))
		for i, c := range k {
			out[i] = float64(c) / float64(n) / math.Pow(m.H, float64(d))
		}
		return out, nil
	}
	v, err := m.LogDensity(q)
	for i := range v {
		v[i] = math.Exp(v[i])
	}
	return v, err
}

// gaussLogDensity fills out with the Gaussian-kernel log-density.
//
// The queries are cut into blocks of kdeQueryBlock rows, the blocks shared
// among GOMAXPROCS workers; each worker runs its block against the points
// in tiles of kdePointBlock, so that the tile of exponents (256 KB) stays
// in cache between the product that forms it and the passes that read it.
// The log-sum-exp runs across tiles with a running maximum a* and a sum s
// of e^{a − a*}: when a tile raises a*, s is rescaled by e^{a*old − a*new}.
func (m *KDEModel) gaussLogDensity(q *matrix.Dense, out []float64) {
	n, d := m.xc.Dims()
	// log of (1/n)(2πh²)^(−d/2), without forming h² (which overflows for
	// data of magnitude 1e200).
	logNorm := -math.Log(float64(n)) - float64(d)*(0.5*log2Pi+math.Log(m.H))
	blocks := (q.Rows() + kdeQueryBlock - 1) / kdeQueryBlock
	parallelBlocks(blocks, func(int) func(int) {
		qc := matrix.New(kdeQueryBlock, d)
		g := matrix.New(kdeQueryBlock, min(kdePointBlock, n))
		qsq := make([]float64, kdeQueryBlock)
		amax := make([]float64, kdeQueryBlock)
		sum := make([]float64, kdeQueryBlock)
		return func(blk int) {
			i0 := blk * kdeQueryBlock
			b := min(kdeQueryBlock, q.Rows()-i0)
			qb := qc.Slice(0, b, 0, d)
			for i := range b {
				src, dst := q.Row(i0+i), qb.Row(i)
				for j, c := range m.center {
					dst[j] = (src[j] - c) / m.H
				}
				qsq[i] = matrix.Dot(dst, dst)
				amax[i], sum[i] = math.Inf(-1), 0
			}
			for j0 := 0; j0 < n; j0 += kdePointBlock {
				w := min(kdePointBlock, n-j0)
				gb := g.Slice(0, b, 0, w)
				for i := range b {
					gi := gb.Row(i)
					for j, x2 := range m.xsq[j0 : j0+w] {
						gi[j] = qsq[i] + x2
					}
				}
				// gᵢⱼ = ‖q̃ᵢ‖² + ‖x̃ⱼ‖² − 2q̃ᵢᵀx̃ⱼ
				_ = matrix.Gemm(false, true, -2, qb, m.xc.Slice(j0, j0+w, 0, d), 1, gb)
				for i := range b {
					amax[i], sum[i] = addExpTerms(gb.Row(i), amax[i], sum[i])
				}
			}
			for i := range b {
				out[i0+i] = logNorm + amax[i] + math.Log(sum[i])
			}
		}
	})
}

// addExpTerms adds Σⱼ e^{aⱼ}, aⱼ = −½ max(gⱼ, 0) for the squared
// distances gⱼ (in units of h²), to the running log-sum-exp (amax, sum)
// and returns it updated; g is overwritten. The tile's maximum is found
// first; if it exceeds amax the sum is rescaled by e^{amax − new}; then
// the shifted exponents aⱼ − amax ≤ 0 are exponentiated in one call of
// matrix.ExpTo (a loop with no call per element) and summed. Rounding
// can make a squared distance slightly negative: it is clamped to 0.
// Plain comparisons, not the builtin max, which orders NaNs and signed
// zeros and would cost most of the loop.
func addExpTerms(g []float64, amax, sum float64) (float64, float64) {
	tmax := math.Inf(-1)
	for j, d2 := range g {
		switch {
		case d2 < 0:
			d2 = 0
		case d2 != d2:
			// ∞ − ∞: the query is beyond ~10¹⁵⁴ h from the data mean and
			// the term is 0 to working precision.
			d2 = math.Inf(1)
		}
		a := -0.5 * d2
		g[j] = a
		if a > tmax {
			tmax = a
		}
	}
	if tmax > amax {
		sum *= math.Exp(amax - tmax) // 0 on the first tile (sum = 0, e^{−∞} = 0)
		amax = tmax
	}
	if math.IsInf(amax, -1) {
		return amax, sum // every term so far is 0
	}
	for j := range g {
		g[j] -= amax
	}
	matrix.ExpTo(g, g)
	for _, e := range g {
		sum += e
	}
	return amax, sum
}

// parallelBlocks runs the blocks 0 … nb−1 on up to GOMAXPROCS goroutines,
// each taking the next block from a shared counter; newWorker(w) is called
// once by goroutine w (0, 1, …) and returns the function that processes
// one block with that goroutine's scratch space. Each block is processed
// exactly once, so results written per block do not depend on the
// scheduling.
func parallelBlocks(nb int, newWorker func(w int) func(int)) {
	workers := min(runtime.GOMAXPROCS(0), nb)
	if workers <= 1 {
		f := newWorker(0)
		for b := range nb {
			f(b)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f := newWorker(w)
			for {
				b := int(next.Add(1)) - 1
				if b >= nb {
					return
				}
				f(b)
			}
		}()
	}
	wg.Wait()
}

// boxLogDensity fills out with the Parzen box log-density.
func (m *KDEModel) boxLogDensity(q *matrix.Dense, out []float64) {
	n, d := m.X.Dims()
	logNorm := -math.Log(float64(n)) - float64(d)*math.Log(m.H)
	for i, k := range m.boxCounts(q) {
		out[i] = math.Log(float64(k)) + logNorm // log 0 = −Inf
	}
}

// boxCounts returns k(qᵢ) = Σₜ φ((qᵢ − xₜ)/h), the number of training
// points in the window centred on each query.
func (m *KDEModel) boxCounts(q *matrix.Dense) []int {
	half := 0.5 * m.H
	out := make([]int, q.Rows())
	parallelRows(q.Rows(), func(i int) {
		qi := q.Row(i)
		for t := range m.X.Rows() {
			if inBox(qi, m.X.Row(t), half) {
				out[i]++
			}
		}
	})
	return out
}

// inBox reports whether |qⱼ − xⱼ| ≤ half for every j: φ((q − x)/h) = 1.
func inBox(q, x []float64, half float64) bool {
	for j, v := range q {
		if math.Abs(v-x[j]) > half {
			return false
		}
	}
	return true
}
