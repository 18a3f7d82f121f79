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

// Bayes configures the plug-in Bayes classifier: priors pⱼ and
// class-conditional densities fⱼ estimated from the data, posteriors
// qⱼ(x) = pⱼfⱼ(x) / Σₖ pₖfₖ(x), and the decision that minimizes the
// expected loss. The zero value is Gaussian classes with full covariances,
// priors from the class frequencies and the 0–1 loss (the MAP rule).
type Bayes struct {
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
	// linear holds the discriminants aⱼ, bⱼ of the shared density
	// (bayes_shared.go, eq. 2), derived once from Gaussians by Fit and
	// LoadBayes and only read afterwards, so that a model may predict from
	// several goroutines. Nil for the other densities, for a model
	// assembled by hand (then they are derived at each call) and when
	// they are not finite (then the exact LogJoint serves).
	linear *sharedDiscriminant
}

// Fit estimates the priors and class-conditional densities from X (n×d)
// and labels y (any integers, at least two distinct ones).
//
// Implements: 004, "Bayes Classifier" and
// "Optimality" (the M-class rule with a loss matrix; priors as class
// fractions), with densities from "Maximum Likelihood Estimation" and
// "Parzen Window".
//
// Special cases: non-finite data, mismatched lengths, a single class,
// priors of the wrong length, negative or not summing to 1, a loss matrix
// that is not M×M, non-finite or negative, h < 0, Reg < 0, and a class
// whose covariance is singular (fewer samples than features, a constant
// feature: set Reg > 0) are errors.
func (c Bayes) Fit(x *matrix.Dense, y []int) (*BayesModel, error) {
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
	if err := CheckClassSizes(op, y); err != nil { // one density (a d×d covariance) per class
		return nil, err
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
		// One factorization serves every class: the classes differ only in
		// their means.
		g0, err := NewMultivariateNormal(means.Row(0), sigma, c.Reg)
		if err != nil {
			return nil, fmt.Errorf("%s: shared covariance: %w", op, err)
		}
		for j := range nc {
			m.Gaussians = append(m.Gaussians, normalFromFactor(means.Row(j), g0.cov, g0.chol))
		}
		m.linear = newSharedDiscriminant(m.Gaussians)
	default:
		return nil, fmt.Errorf("%s: %w: unknown density %d", op, ErrInvalidParameter, int(c.Density))
	}
	return m, nil
}

// addClassDensity fits one class's density to its samples xj.
func (m *BayesModel) addClassDensity(c Bayes, xj *matrix.Dense) error {
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
func (c Bayes) priors(counts []int, n int) ([]float64, error) {
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

// LogJoint returns the n×M matrix of log pⱼ + log fⱼ(xᵢ). For the shared
// density it solves L zᵢ = xᵢ − c for every row (d²n flops), which only
// the densities themselves need: the posteriors and decisions use the
// linear discriminants instead (classScores).
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
	var shared *sharedWhitening
	if m.Density == SharedGaussDensity && m.Gaussians != nil {
		shared = whitenShared(xt, m.Gaussians)
	}
	for j := range nc {
		switch {
		case shared != nil:
			shared.logPdf(m.Gaussians[j], xt, work, col)
		case m.Gaussians != nil:
			m.Gaussians[j].logPdfT(xt, work, col)
		default:
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

// classScores returns an n×M matrix whose row i is the row of
// LogJoint(X) shifted by some amount that is the same for every class:
// enough for the posteriors and the decisions. For the shared density it
// is the linear discriminants aⱼᵀ(xᵢ − c) + bⱼ of eq. (2) in
// bayes_shared.go, one product (X − 1cᵀ)A of 2dMn flops instead of
// LogJoint's d²n; a row where they are not finite (xᵢ − c or a product
// beyond the range of float64) is replaced by its row of LogJoint. For
// the other densities it is LogJoint.
func (m *BayesModel) classScores(x *matrix.Dense) (*matrix.Dense, error) {
	if m.Density != SharedGaussDensity || m.Gaussians == nil {
		return m.LogJoint(x)
	}
	if err := checkQueryShape("learn: bayes", x, m.dim()); err != nil {
		return nil, err
	}
	s := m.linear
	if !s.derivedFrom(m.Gaussians) { // assembled by hand, or not finite
		s = newSharedDiscriminant(m.Gaussians)
	}
	if s == nil {
		return m.LogJoint(x)
	}
	g := s.scores(x, m.Priors)
	var bad []int
	for i := range g.Rows() {
		if matrix.VecFinite(g.Row(i)) != nil {
			bad = append(bad, i)
		}
	}
	if bad == nil {
		return g, nil
	}
	// A NaN or an infinity in X leaves its row of scores not finite
	// (checkQueryShape): X is scanned here, for the error it always gave.
	if err := checkQuery("learn: bayes", x, m.dim()); err != nil {
		return nil, err
	}
	xb := matrix.New(len(bad), x.Cols())
	for k, i := range bad {
		copy(xb.Row(k), x.Row(i))
	}
	lj, err := m.LogJoint(xb)
	if err != nil {
		return nil, err
	}
	for k, i := range bad {
		copy(g.Row(i), lj.Row(k))
	}
	return g, nil
}

// LogPosteriors returns log qⱼ(xᵢ) = log pⱼfⱼ(xᵢ) − log Σₖ pₖfₖ(xᵢ) (n×M),
// the normalization by log-sum-exp so that a point far from every class,
// where every fⱼ underflows, still gets its posteriors. Where every
// pⱼfⱼ(x) is exactly zero (outside every Parzen box), the data carry no
// evidence and the posteriors are the priors.
//
// For the shared density the log pⱼfⱼ(xᵢ) enter only through the linear
// discriminants (eq. 2 of bayes_shared.go, 2dMn flops instead of d²n):
// the term −½‖L⁻¹(xᵢ − c)‖² they leave out is the same for every class
// and cancels in the normalization. They agree with the posteriors from
// LogJoint to rounding (the bound of sharedPosteriorBound, in
// bayes_linear_test.go); a point beyond ~10¹⁵⁴ standard deviations, where
// LogJoint's densities are all −Inf, still gets the posteriors of its
// discriminants.
//
// A row whose log pⱼfⱼ(xᵢ) are −Inf for every class of a Gaussian or
// Gaussian-kernel density cannot be scored: such a density never reaches
// 0, so the −Inf are overflows (rows near ±1e308, or a corrupted model),
// and the row is an error wrapping matrix.ErrNotFinite naming it
// (score_check.go), as is a row with a NaN or +Inf score, never the
// priors' class. Outside every Parzen box, by contrast, every density is
// exactly 0 (the box test is exact for any finite value): the data carry
// no evidence and the posteriors are the priors.
func (m *BayesModel) LogPosteriors(x *matrix.Dense) (*matrix.Dense, error) {
	lj, err := m.classScores(x)
	if err != nil {
		return nil, err
	}
	exactZero := m.Density == ParzenDensity
	if err := checkScores("learn: bayes", "log-density under every class", lj.Rows(), func(i int) bool {
		r := lj.Row(i)
		top := r[argMax(r)]
		return math.IsInf(top, 1) || math.IsInf(top, -1) && !exactZero || slices.ContainsFunc(r, math.IsNaN)
	}); err != nil {
		return nil, err
	}
	m.normalize(lj)
	return lj, nil
}

// normalize turns rows of log pⱼfⱼ(xᵢ), each shifted by any constant,
// into log qⱼ(xᵢ) in place (the rule of LogPosteriors; a row that is −Inf
// everywhere, outside every Parzen box, gets the priors).
func (m *BayesModel) normalize(lj *matrix.Dense) {
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
}

// PredictProba returns the posteriors qⱼ(xᵢ) (n×M, columns in the order
// of Classes); each row sums to 1. They are the exponentials of
// LogPosteriors (the linear discriminants for the shared density).
func (m *BayesModel) PredictProba(x *matrix.Dense) (*matrix.Dense, error) {
	lq, err := m.LogPosteriors(x)
	if err != nil {
		return nil, err
	}
	return matrix.Apply(math.Exp, lq), nil
}

// Risk returns the conditional risks Rᵢ(x) = Σⱼ L(αᵢ, Cⱼ) qⱼ(x) of every
// decision (n×M); with the 0–1 loss Rᵢ = 1 − qᵢ. It needs the posteriors
// themselves, not only their order, and takes them from PredictProba (for
// the shared density, from the linear discriminants).
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
// rule; ties go to the smaller label. Both rules use LogPosteriors, so for
// the shared density they cost one product (X − 1cᵀ)A, not a triangular
// solve per sample.
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

// FitClassifier is Fit as a ClassifierTrainer.
func (c Bayes) FitClassifier(x *matrix.Dense, y []int) (Classifier, error) {
	return asClassifier(c.Fit(x, y))
}
