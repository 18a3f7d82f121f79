package learn

import (
	"fmt"
	"math"
	"slices"

	"mlnotes/matrix"
)

// ClassDensity selects how the Bayes classifier estimates the
// class-conditional densities fⱼ.
type ClassDensity int

const (
	// GaussDensity: fⱼ = N(Mⱼ, Σⱼ), each class's maximum-likelihood mean
	// and covariance (divisor nⱼ). It is the zero value. (Quadratic
	// decision boundaries.)
	GaussDensity ClassDensity = iota
	// SharedGaussDensity: fⱼ = N(Mⱼ, Σ) with one pooled covariance, the
	// maximum-likelihood Σ = (1/n) Σⱼ Σᵢ∈Cⱼ (xᵢ − Mⱼ)(xᵢ − Mⱼ)ᵀ. (Linear
	// boundaries under 0–1 loss.)
	SharedGaussDensity
	// KDEDensity: fⱼ is the Gaussian kernel density estimate of the class.
	KDEDensity
	// ParzenDensity: fⱼ is the notes' Parzen box estimate of the class.
	ParzenDensity
)

// String returns the CLI's name: gauss, shared, kde or parzen.
func (c ClassDensity) String() string {
	switch c {
	case GaussDensity:
		return "gauss"
	case SharedGaussDensity:
		return "shared"
	case KDEDensity:
		return "kde"
	case ParzenDensity:
		return "parzen"
	}
	return fmt.Sprintf("ClassDensity(%d)", int(c))
}

// BayesClassifier configures the plug-in Bayes classifier: priors pⱼ and
// class-conditional densities fⱼ estimated from the data, posteriors
// qⱼ(x) = pⱼfⱼ(x) / Σₖ pₖfₖ(x), and the decision that minimizes the
// expected loss. The zero value is Gaussian classes with full covariances,
// priors from the class frequencies and the 0–1 loss (the MAP rule).
type BayesClassifier struct {
	Density ClassDensity
	// H > 0 is the window width of the kde and parzen densities; zero
	// means Scott's rule on each class's samples (BandwidthRule).
	H float64
	// Priors, when not nil, are the class priors in ascending label order:
	// non-negative, summing to 1. Nil means the class frequencies nⱼ/n,
	// unless EqualPriors (setting both is an error).
	Priors      []float64
	EqualPriors bool
	// Loss, when not nil, is the M×M matrix L(αᵢ, Cⱼ) ≥ 0: row i the
	// decision αᵢ (deciding the i-th class), column j the true class Cⱼ,
	// both in ascending label order. Nil means the 0–1 loss.
	Loss *matrix.Dense
	// Reg ≥ 0 is added to the diagonal of every covariance (zero: none).
	Reg float64
}

// BayesModel is a fitted Bayes classifier.
type BayesModel struct {
	Classes []int     // the class labels, ascending
	Priors  []float64 // pⱼ, in the order of Classes
	Density ClassDensity
	Loss    *matrix.Dense // nil for the 0–1 loss
	// Gaussians holds fⱼ for the gauss and shared densities (the shared
	// ones have equal covariances), KDEs for kde and parzen.
	Gaussians []*MultivariateNormal
	KDEs      []*KDEModel
}

// Fit estimates the priors and class-conditional densities from X (n×d)
// and labels y (any integers, at least two distinct ones).
//
// Implements: 004_bebb30ff3349075f.txt, "Bayes Classifier" and
// "Optimality" (the M-class rule with a loss matrix; priors as class
// fractions), with densities from "Maximum Likelihood Estimation" and
// "Parzen Window".
//
// Special cases: non-finite data, mismatched lengths, a single class,
// priors of the wrong length, negative or not summing to 1, a loss matrix
// that is not M×M, non-finite or negative, h < 0, Reg < 0, and a class
// whose covariance is singular (fewer samples than features, a constant
// feature: set Reg > 0) are errors.
func (c BayesClassifier) Fit(x *matrix.Dense, y []int) (*BayesModel, error) {
	const op = "learn: bayes"
	if err := checkData(op, x, 2); err != nil {
		return nil, err
	}
	n := x.Rows()
	if len(y) != n {
		return nil, fmt.Errorf("%s: %w: %d labels for %d samples", op, matrix.ErrShape, len(y), n)
	}
	if !(c.Reg >= 0) || math.IsInf(c.Reg, 0) {
		return nil, fmt.Errorf("%s: %w: regularization %g", op, ErrInvalidParameter, c.Reg)
	}
	if !(c.H >= 0) || math.IsInf(c.H, 0) {
		return nil, fmt.Errorf("%s: %w: bandwidth h = %g, need h > 0", op, ErrInvalidParameter, c.H)
	}
	classes, means, counts := classMeans(x, y)
	nc := len(classes)
	if nc < 2 {
		return nil, fmt.Errorf("%s: %w: need at least two classes, got %d", op, ErrInvalidParameter, nc)
	}
	priors, err := c.priors(counts, n)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if err := checkLossMatrix(c.Loss, nc); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	m := &BayesModel{Classes: classes, Priors: priors, Density: c.Density}
	if c.Loss != nil {
		m.Loss = c.Loss.Clone()
	}
	switch c.Density {
	case GaussDensity, KDEDensity, ParzenDensity:
		for j, cl := range classes {
			xj := classRows(x, y, cl, counts[j])
			if err := m.addClassDensity(c, xj); err != nil {
				return nil, fmt.Errorf("%s: class %d: %w", op, cl, err)
			}
		}
	case SharedGaussDensity:
		sigma := withinScatter(x, y, classes, means)
		sigma = matrix.Scale(1/float64(n), sigma)
		for j := range nc {
			g, err := NewMultivariateNormal(means.Row(j), sigma, c.Reg)
			if err != nil {
				return nil, fmt.Errorf("%s: shared covariance: %w", op, err)
			}
			m.Gaussians = append(m.Gaussians, g)
		}
	default:
		return nil, fmt.Errorf("%s: %w: unknown density %d", op, ErrInvalidParameter, int(c.Density))
	}
	return m, nil
}

// addClassDensity fits one class's density to its samples xj.
func (m *BayesModel) addClassDensity(c BayesClassifier, xj *matrix.Dense) error {
	switch c.Density {
	case GaussDensity:
		g, err := GaussianMLE{Reg: c.Reg}.Fit(xj)
		if err != nil {
			return err
		}
		m.Gaussians = append(m.Gaussians, g)
	default:
		k := GaussWindow
		if c.Density == ParzenDensity {
			k = BoxWindow
		}
		kd, err := KernelDensity{Kernel: k, H: c.H}.Fit(xj)
		if err != nil {
			return err
		}
		m.KDEs = append(m.KDEs, kd)
	}
	return nil
}

// priors returns the configured priors in class order.
func (c BayesClassifier) priors(counts []int, n int) ([]float64, error) {
	nc := len(counts)
	p := make([]float64, nc)
	switch {
	case c.Priors != nil && c.EqualPriors:
		return nil, fmt.Errorf("%w: both given priors and EqualPriors", ErrInvalidParameter)
	case c.Priors != nil:
		if err := checkPriors(c.Priors, nc); err != nil {
			return nil, err
		}
		copy(p, c.Priors)
	case c.EqualPriors:
		for j := range p {
			p[j] = 1 / float64(nc)
		}
	default:
		for j, cnt := range counts {
			p[j] = float64(cnt) / float64(n)
		}
	}
	return p, nil
}

// checkPriors validates given priors: M of them, finite, ≥ 0, summing to
// 1 within the rounding of M decimal numbers and their sum (4Mε).
func checkPriors(p []float64, nc int) error {
	if len(p) != nc {
		return fmt.Errorf("%w: %d priors for %d classes", ErrInvalidParameter, len(p), nc)
	}
	var s float64
	for j, v := range p {
		if !(v >= 0) || math.IsInf(v, 0) {
			return fmt.Errorf("%w: prior %d is %g, need a finite p ≥ 0", ErrInvalidParameter, j, v)
		}
		s += v
	}
	if math.Abs(s-1) > 4*float64(nc)*eps {
		return fmt.Errorf("%w: priors sum to %.17g, not 1", ErrInvalidParameter, s)
	}
	return nil
}

// checkLossMatrix validates a loss matrix: nil, or M×M, finite and ≥ 0.
func checkLossMatrix(l *matrix.Dense, nc int) error {
	if l == nil {
		return nil
	}
	if r, c := l.Dims(); r != nc || c != nc {
		return fmt.Errorf("%w: loss matrix is %d×%d, need %d×%d (one row per decision, one column per class)", ErrInvalidParameter, r, c, nc, nc)
	}
	for i := range nc {
		for j, v := range l.Row(i) {
			if !(v >= 0) || math.IsInf(v, 0) {
				return fmt.Errorf("%w: loss L(α%d, C%d) = %g, need a finite L ≥ 0", ErrInvalidParameter, i, j, v)
			}
		}
	}
	return nil
}

// classRows returns the cnt rows of X whose label is cl.
func classRows(x *matrix.Dense, y []int, cl, cnt int) *matrix.Dense {
	xj := matrix.New(cnt, x.Cols())
	k := 0
	for i, l := range y {
		if l == cl {
			copy(xj.Row(k), x.Row(i))
			k++
		}
	}
	return xj
}

// Labels returns the class labels, ascending.
func (m *BayesModel) Labels() []int { return slices.Clone(m.Classes) }

// LogJoint returns the n×M matrix of log pⱼ + log fⱼ(xᵢ).
func (m *BayesModel) LogJoint(x *matrix.Dense) (*matrix.Dense, error) {
	if err := checkQuery("learn: bayes", x, m.dim()); err != nil {
		return nil, err
	}
	n, nc := x.Rows(), len(m.Classes)
	out := matrix.New(n, nc)
	col := make([]float64, n)
	var xt, work *matrix.Dense
	if m.Gaussians != nil {
		xt, work = x.T(), matrix.New(x.Cols(), n)
	}
	for j := range nc {
		if m.Gaussians != nil {
			m.Gaussians[j].logPdfT(xt, work, col)
		} else {
			v, _ := m.KDEs[j].LogDensity(x)
			copy(col, v)
		}
		lp := math.Log(m.Priors[j])
		for i, v := range col {
			col[i] = v + lp
		}
		out.SetCol(j, col)
	}
	return out, nil
}

// dim returns the number of features.
func (m *BayesModel) dim() int {
	if m.Gaussians != nil {
		return m.Gaussians[0].Dim()
	}
	return m.KDEs[0].X.Cols()
}

// LogPosteriors returns log qⱼ(xᵢ) = log pⱼfⱼ(xᵢ) − log Σₖ pₖfₖ(xᵢ) (n×M),
// the normalization by log-sum-exp so that a point far from every class,
// where every fⱼ underflows, still gets its posteriors. Where every
// pⱼfⱼ(x) is exactly zero (outside every Parzen box), the data carry no
// evidence and the posteriors are the priors.
func (m *BayesModel) LogPosteriors(x *matrix.Dense) (*matrix.Dense, error) {
	lj, err := m.LogJoint(x)
	if err != nil {
		return nil, err
	}
	for i := range lj.Rows() {
		r := lj.Row(i)
		lse := logSumExp(r)
		if math.IsInf(lse, -1) {
			for j, p := range m.Priors {
				r[j] = math.Log(p)
			}
			continue
		}
		for j := range r {
			r[j] -= lse
		}
	}
	return lj, nil
}

// PredictProba returns the posteriors qⱼ(xᵢ) (n×M, columns in the order
// of Classes); each row sums to 1.
func (m *BayesModel) PredictProba(x *matrix.Dense) (*matrix.Dense, error) {
	lq, err := m.LogPosteriors(x)
	if err != nil {
		return nil, err
	}
	return matrix.Apply(math.Exp, lq), nil
}

// Risk returns the conditional risks Rᵢ(x) = Σⱼ L(αᵢ, Cⱼ) qⱼ(x) of every
// decision (n×M); with the 0–1 loss Rᵢ = 1 − qᵢ.
func (m *BayesModel) Risk(x *matrix.Dense) (*matrix.Dense, error) {
	q, err := m.PredictProba(x)
	if err != nil {
		return nil, err
	}
	return m.risk(q), nil
}

// risk returns Q·Lᵀ, row i holding Σⱼ L(αₖ, Cⱼ) qⱼ(xᵢ) for every k.
func (m *BayesModel) risk(q *matrix.Dense) *matrix.Dense {
	l := m.Loss
	if l == nil {
		nc := len(m.Classes)
		l = matrix.New(nc, nc)
		for i := range nc {
			for j := range nc {
				if i != j {
					l.Set(i, j, 1)
				}
			}
		}
	}
	r, _ := matrix.MulABT(q, l)
	return r
}

// Predict returns the Bayes decision for every row: under the 0–1 loss
// the class of largest posterior (the MAP rule, compared in log space so
// that underflow cannot tie the classes), otherwise the αᵢ with
// Σⱼ L(αᵢ, Cⱼ) qⱼ(x) ≤ Σⱼ L(αₖ, Cⱼ) qⱼ(x) for all k, exactly the notes'
// rule; ties go to the smaller label.
func (m *BayesModel) Predict(x *matrix.Dense) ([]int, error) {
	lq, err := m.LogPosteriors(x)
	if err != nil {
		return nil, err
	}
	out := make([]int, lq.Rows())
	if m.Loss == nil {
		for i := range out {
			out[i] = m.Classes[argMax(lq.Row(i))]
		}
		return out, nil
	}
	r := m.risk(matrix.Apply(math.Exp, lq))
	for i := range out {
		out[i] = m.Classes[argMin(r.Row(i))]
	}
	return out, nil
}

// argMax returns the index of the first largest entry.
func argMax(v []float64) int {
	best := 0
	for j, t := range v {
		if t > v[best] {
			best = j
		}
	}
	return best
}

// argMin returns the index of the first smallest entry.
func argMin(v []float64) int {
	best := 0
	for j, t := range v {
		if t < v[best] {
			best = j
		}
	}
	return best
}
