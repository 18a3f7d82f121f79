package learn

import (
	"fmt"
	"io"
	"math"

	"mlnotes/matrix"
)

// Persistence of the generative models under the JSON envelope of
// persist.go: "mlnotes/bayes" and "mlnotes/gmm". A Gaussian is saved as
// its mean and covariance (regularization included) and refactored on
// loading, which reproduces the same Cholesky factor bit for bit; a
// kernel density as its bandwidth, window and training points.

type normalJSON struct {
	Mean []float64     `json:"mean"`
	Cov  *matrix.Dense `json:"cov"`
}

type kdeJSON struct {
	Kernel KDEKernel     `json:"kernel"`
	H      float64       `json:"h"`
	X      *matrix.Dense `json:"x"`
}

type bayesJSON struct {
	Classes   []int         `json:"classes"`
	Priors    []float64     `json:"priors"`
	Density   ClassDensity  `json:"density"`
	Loss      *matrix.Dense `json:"loss,omitempty"`
	Gaussians []normalJSON  `json:"gaussians,omitempty"`
	KDEs      []kdeJSON     `json:"kdes,omitempty"`
}

// Save writes the classifier as JSON ("mlnotes/bayes").
func (m *BayesModel) Save(w io.Writer) error {
	s := bayesJSON{Classes: m.Classes, Priors: m.Priors, Density: m.Density, Loss: m.Loss}
	for _, g := range m.Gaussians {
		s.Gaussians = append(s.Gaussians, normalJSON{g.mean, g.cov})
	}
	for _, k := range m.KDEs {
		s.KDEs = append(s.KDEs, kdeJSON{k.Kernel, k.H, k.X})
	}
	return saveModel(w, "bayes", s)
}

// LoadBayes reads a classifier written by BayesModel.Save, validating
// every part: a corrupt file is an error wrapping ErrFormat.
func LoadBayes(r io.Reader) (*BayesModel, error) {
	var s bayesJSON
	if err := loadModel(r, "bayes", &s); err != nil {
		return nil, err
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("learn: load bayes: %w: %s", ErrFormat, fmt.Sprintf(format, args...))
	}
	nc := len(s.Classes)
	if nc < 2 || len(s.Priors) != nc {
		return nil, bad("%d classes and %d priors", nc, len(s.Priors))
	}
	for j := 1; j < nc; j++ {
		if s.Classes[j] <= s.Classes[j-1] {
			return nil, bad("classes not strictly ascending")
		}
	}
	if err := checkPriors(s.Priors, nc); err != nil {
		return nil, bad("%v", err)
	}
	if err := checkLossMatrix(s.Loss, nc); err != nil {
		return nil, bad("%v", err)
	}
	m := &BayesModel{Classes: s.Classes, Priors: s.Priors, Density: s.Density, Loss: s.Loss}
	switch s.Density {
	case GaussDensity, SharedGaussDensity:
		if len(s.Gaussians) != nc || len(s.KDEs) != 0 {
			return nil, bad("%d Gaussians for %d classes", len(s.Gaussians), nc)
		}
		for j, g := range s.Gaussians {
			mv, err := loadNormal(g)
			if err != nil {
				return nil, bad("class %d: %v", j, err)
			}
			if j > 0 && mv.Dim() != m.Gaussians[0].Dim() {
				return nil, bad("class %d has dimension %d", j, mv.Dim())
			}
			m.Gaussians = append(m.Gaussians, mv)
		}
		if s.Density == SharedGaussDensity {
			// The linear discriminants are not saved: derived here from the
			// refactored Gaussians, they are those of the saved model bit
			// for bit.
			m.linear = newSharedDiscriminant(m.Gaussians)
		}
	case KDEDensity, ParzenDensity:
		if len(s.KDEs) != nc || len(s.Gaussians) != 0 {
			return nil, bad("%d kernel densities for %d classes", len(s.KDEs), nc)
		}
		want := GaussWindow
		if s.Density == ParzenDensity {
			want = BoxWindow
		}
		for j, k := range s.KDEs {
			kd, err := loadKDE(k)
			if err != nil {
				return nil, bad("class %d: %v", j, err)
			}
			if kd.Kernel != want || (j > 0 && kd.X.Cols() != m.KDEs[0].X.Cols()) {
				return nil, bad("class %d: window or dimension differs", j)
			}
			m.KDEs = append(m.KDEs, kd)
		}
	default:
		return nil, bad("unknown density %d", int(s.Density))
	}
	return m, nil
}

// loadNormal rebuilds a saved Gaussian.
func loadNormal(g normalJSON) (*MultivariateNormal, error) {
	if g.Cov == nil {
		return nil, fmt.Errorf("missing covariance")
	}
	return NewMultivariateNormal(g.Mean, g.Cov, 0)
}

// loadKDE rebuilds a saved kernel density.
func loadKDE(k kdeJSON) (*KDEModel, error) {
	if k.X == nil || k.X.IsEmpty() {
		return nil, fmt.Errorf("missing training points")
	}
	if err := k.X.CheckFinite(); err != nil {
		return nil, err
	}
	if !(k.H > 0) || math.IsInf(k.H, 0) || (k.Kernel != GaussWindow && k.Kernel != BoxWindow) {
		return nil, fmt.Errorf("bandwidth %g, kernel %d", k.H, int(k.Kernel))
	}
	m := &KDEModel{Kernel: k.Kernel, H: k.H, X: k.X}
	m.prepare()
	if err := matrix.VecFinite(m.xsq); err != nil {
		return nil, fmt.Errorf("the spread of the points overflows in units of h = %g", k.H)
	}
	return m, nil
}

type gmmJSON struct {
	Weights       []float64       `json:"weights"`
	Means         *matrix.Dense   `json:"means"`
	Covariances   []*matrix.Dense `json:"covariances"`
	Covariance    CovarianceType  `json:"covariance_type"`
	LogLikelihood float64         `json:"loglik"`
	Iterations    int             `json:"iterations"`
	Converged     bool            `json:"converged"`
	BIC           float64         `json:"bic"`
	Trace         []float64       `json:"trace,omitempty"`
}

// Save writes the mixture as JSON ("mlnotes/gmm").
func (m *GMMModel) Save(w io.Writer) error {
	return saveModel(w, "gmm", gmmJSON{m.Weights, m.Means, m.Covariances, m.Covariance,
		m.LogLikelihood, m.Iterations, m.Converged, m.BIC, m.LogLikelihoods})
}

// LoadGMM reads a mixture written by GMMModel.Save, validating every part:
// a corrupt file is an error wrapping ErrFormat.
func LoadGMM(r io.Reader) (*GMMModel, error) {
	var s gmmJSON
	if err := loadModel(r, "gmm", &s); err != nil {
		return nil, err
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("learn: load gmm: %w: %s", ErrFormat, fmt.Sprintf(format, args...))
	}
	k := len(s.Weights)
	if k < 1 || s.Means == nil || s.Means.Rows() != k || s.Means.Cols() < 1 || len(s.Covariances) != k {
		return nil, bad("inconsistent number of components")
	}
	if s.Covariance < FullCovariance || s.Covariance > SphericalCovariance {
		return nil, bad("unknown covariance type %d", int(s.Covariance))
	}
	var total float64
	for _, w := range s.Weights {
		if !(w >= 0) || w > 1 {
			return nil, bad("weight %g outside [0, 1]", w)
		}
		total += w
	}
	if math.Abs(total-1) > 4*float64(k)*eps {
		return nil, bad("weights sum to %g", total)
	}
	// The trace, when the file has one (older files do not), holds one
	// mean log-likelihood per iteration and ends at loglik.
	if len(s.Trace) > 0 {
		if err := checkLength("trace", len(s.Trace), s.Iterations); err != nil {
			return nil, bad("%v (iterations %d)", err, s.Iterations)
		}
		if s.Trace[len(s.Trace)-1] != s.LogLikelihood {
			return nil, bad("trace ends at %g, not at loglik %g", s.Trace[len(s.Trace)-1], s.LogLikelihood)
		}
	}
	m := &GMMModel{Weights: s.Weights, Means: s.Means, Covariances: s.Covariances, Covariance: s.Covariance,
		LogLikelihood: s.LogLikelihood, Iterations: s.Iterations, Converged: s.Converged, BIC: s.BIC, LogLikelihoods: s.Trace}
	for j := range k {
		g, err := loadNormal(normalJSON{s.Means.Row(j), s.Covariances[j]})
		if err != nil {
			return nil, bad("component %d: %v", j, err)
		}
		m.components = append(m.components, g)
	}
	return m, nil
}
