package learn

import (
	"fmt"
	"math"

	"mlnotes/matrix"
)

// BasisKind names a family of fixed basis functions φ.
type BasisKind string

// The basis families of Basis.Kind.
const (
	BasisNone    BasisKind = "none"    // φ(x) = x (also the empty string)
	BasisPoly    BasisKind = "poly"    // x, x², …, x^P per feature
	BasisGauss   BasisKind = "gauss"   // exp(−(x − μⱼ)²/(2s²)), j = 1…M, per feature
	BasisSigmoid BasisKind = "sigmoid" // σ((x − μⱼ)/s), j = 1…M, per feature
)

// Basis configures the fixed basis functions φ of a linear model
// h(x) = wᵀφ(x) + b. Each feature is expanded on its own (no cross terms),
// and the columns of φ(X) come in feature order: for each feature its
// basis functions. The zero value is the identity φ(x) = x.
type Basis struct {
	// Kind is the family; the empty string means BasisNone.
	Kind BasisKind
	// Degree is P for BasisPoly; zero means 3.
	Degree int
	// Centers is M for BasisGauss and BasisSigmoid: the centres μⱼ are
	// spread evenly over each feature's training range, both ends included
	// (one centre sits at the midpoint). Zero means 5.
	Centers int
	// Width is s for BasisGauss and BasisSigmoid; zero means the spacing of
	// the centres, (max − min)/(M − 1), or 1 where that is zero (a constant
	// feature, or M = 1).
	Width float64
}

// Default basis sizes.
const (
	defaultDegree  = 3
	defaultCenters = 5
)

// BasisMap is a basis fitted to training data: the centres and widths of
// every feature. Its zero value (Kind "") is the identity map.
type BasisMap struct {
	Kind   BasisKind
	Degree int `json:",omitempty"`
	// Mu holds the centres μ (d×M) and S the width of every feature, for
	// the Gaussian and sigmoid families.
	Mu *matrix.Dense `json:",omitempty"`
	S  []float64     `json:",omitempty"`
	// D is the number of input features.
	D int
}

// resolve checks the configuration and fills in the defaults.
func (b Basis) resolve(op string) (Basis, error) {
	if b.Kind == "" {
		b.Kind = BasisNone
	}
	switch b.Kind {
	case BasisNone:
	case BasisPoly:
		if b.Degree == 0 {
			b.Degree = defaultDegree
		}
		if b.Degree < 1 {
			return b, fmt.Errorf("%s: %w: degree %d, need at least 1", op, ErrInvalidParameter, b.Degree)
		}
	case BasisGauss, BasisSigmoid:
		if b.Centers == 0 {
			b.Centers = defaultCenters
		}
		if b.Centers < 1 {
			return b, fmt.Errorf("%s: %w: %d centres, need at least 1", op, ErrInvalidParameter, b.Centers)
		}
		if !(b.Width >= 0) || math.IsInf(b.Width, 0) {
			return b, fmt.Errorf("%s: %w: width %g, need a finite s > 0 (0 for the spacing of the centres)", op, ErrInvalidParameter, b.Width)
		}
	default:
		return b, fmt.Errorf("%s: %w: unknown basis %q (want none, poly, gauss or sigmoid)", op, ErrInvalidParameter, b.Kind)
	}
	return b, nil
}

// Fit places the basis functions on the training data X (n×d).
//
// Implements: 001, "Linear models" (h(x) = wᵀφ(x) with φ fixed: polynomial
// or logistic sigmoid; the Gaussian bumps are the other usual choice).
func (b Basis) Fit(x *matrix.Dense) (*BasisMap, error) {
	const op = "learn: basis"
	b, err := b.resolve(op)
	if err != nil {
		return nil, err
	}
	if err := checkData(op, x, 1); err != nil {
		return nil, err
	}
	n, d := x.Dims()
	if err := checkBasisSize(op, b, n, d); err != nil {
		return nil, err
	}
	m := &BasisMap{Kind: b.Kind, D: d}
	switch b.Kind {
	case BasisPoly:
		m.Degree = b.Degree
	case BasisGauss, BasisSigmoid:
		mc := b.Centers
		m.Mu, m.S = matrix.New(d, mc), make([]float64, d)
		for j := range d {
			lo, hi := math.Inf(1), math.Inf(-1)
			for i := range n {
				lo, hi = min(lo, x.At(i, j)), max(hi, x.At(i, j))
			}
			spacing := 0.0
			if mc == 1 {
				m.Mu.Set(j, 0, lo+(hi-lo)/2)
			} else {
				spacing = (hi - lo) / float64(mc-1)
				for c := range mc {
					m.Mu.Set(j, c, lo+float64(c)*spacing) // μ_c = min + c·(max − min)/(M − 1)
				}
				m.Mu.Set(j, mc-1, hi)
			}
			switch {
			case b.Width > 0:
				m.S[j] = b.Width
			case spacing > 0:
				m.S[j] = spacing
			default:
				m.S[j] = 1
			}
		}
	}
	return m, nil
}

// Width returns the number of columns of φ(X).
func (m *BasisMap) Width() int {
	switch m.Kind {
	case BasisPoly:
		return m.D * m.Degree
	case BasisGauss, BasisSigmoid:
		return m.D * m.Mu.Cols()
	}
	return m.D
}

// perFeature is the number of basis functions of each feature.
func (m *BasisMap) perFeature() int { return m.Width() / m.D }

// Transform returns φ(X), n × Width(): for each feature j the columns
// φ₁(x_j), …, φ_M(x_j).
func (m *BasisMap) Transform(x *matrix.Dense) (*matrix.Dense, error) {
	if err := checkQuery("learn: basis", x, m.D); err != nil {
		return nil, err
	}
	if m.Kind == BasisNone || m.Kind == "" {
		return x.Clone(), nil
	}
	n := x.Rows()
	k := m.perFeature()
	phi := matrix.New(n, m.D*k)
	for i := range n {
		xi, out := x.Row(i), phi.Row(i)
		for j, v := range xi {
			o := out[j*k : (j+1)*k]
			switch m.Kind {
			case BasisPoly:
				p := v
				for c := range o {
					o[c] = p // x^(c+1)
					p *= v
				}
			case BasisGauss:
				for c := range o {
					u := (v - m.Mu.At(j, c)) / m.S[j]
					o[c] = math.Exp(-0.5 * u * u)
				}
			case BasisSigmoid:
				for c := range o {
					o[c] = logistic((v - m.Mu.At(j, c)) / m.S[j])
				}
			}
		}
	}
	// A power that overflowed: the row cannot be scored (score_check.go).
	if err := checkScoreRows("learn: basis", "basis expansion φ(x)", phi); err != nil {
		return nil, err
	}
	return phi, nil
}

// validate checks a BasisMap read from a file.
func (m *BasisMap) validate() error {
	if m.D < 1 {
		return fmt.Errorf("basis of %d features", m.D)
	}
	switch m.Kind {
	case "", BasisNone:
	case BasisPoly:
		if m.Degree < 1 {
			return fmt.Errorf("degree %d", m.Degree)
		}
	case BasisGauss, BasisSigmoid:
		if m.Mu == nil || m.Mu.Rows() != m.D || m.Mu.Cols() < 1 || len(m.S) != m.D {
			return fmt.Errorf("centres and widths do not match %d features", m.D)
		}
		for _, s := range m.S {
			if !(s > 0) || math.IsInf(s, 0) {
				return fmt.Errorf("width %g", s)
			}
		}
		if err := m.Mu.CheckFinite(); err != nil {
			return err
		}
	default:
		return fmt.Errorf("unknown basis %q", m.Kind)
	}
	return nil
}

// logistic is σ(z) = 1/(1 + e⁻ᶻ), evaluated without overflow.
func logistic(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}
