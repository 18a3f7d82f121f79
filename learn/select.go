package learn

import (
	"fmt"
	"io"
	"math"
	"slices"

	"mlnotes/matrix"
)

// FeatureScore names a filter score of SelectFeatures.
type FeatureScore string

// The feature scores.
const (
	ScorePearson FeatureScore = "pearson" // Pearson's r, ranked by |r|
	ScoreMI      FeatureScore = "mi"      // plug-in mutual information, nats
)

// Pearson returns Pearson's correlation coefficient of every column of X
// with y,
//
//	rⱼ = vᵀỹ / (‖v‖₂‖ỹ‖₂),   v = xⱼ − x̄ⱼ1,  ỹ = y − ȳ1,
//
// the score whose square ranks the features by the loss of the best
// one-feature affine fit, ‖ỹ‖²(1 − rⱼ²). A constant column (or a constant
// y) has no correlation: its r is 0, not NaN.
//
// Implements: 002, "Feature Selection", "Pearson's Correlation Coefficient"
// (the score with its sign; the notes' f* lacks the square, errata).
func Pearson(x *matrix.Dense, y []float64) ([]float64, error) {
	const op = "learn: pearson"
	if err := checkData(op, x, 1); err != nil {
		return nil, err
	}
	if err := checkTargets(op, x, y); err != nil {
		return nil, err
	}
	// r is unchanged by a positive scaling of a column: columns (and y)
	// near the overflow or underflow thresholds are brought to a largest
	// entry in [1/2, 1) by an exact power of two, so that neither the
	// centring nor the sums of squares overflow or underflow.
	xc, _, err := matrix.Center(unitScaleColumns(x))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	yc := unitScaleColumns(column(y))
	ycc, _, _ := matrix.Center(yc)
	ny := matrix.Nrm2(ycc.Col(0))
	vy, _ := matrix.MulVecT(xc, ycc.Col(0)) // vⱼᵀỹ for every j
	r := make([]float64, x.Cols())
	for j := range r {
		nv := matrix.Nrm2(xc.Col(j))
		if nv == 0 || ny == 0 {
			continue
		}
		r[j] = max(-1, min(1, vy[j]/nv/ny))
	}
	return r, nil
}

// MutualInformation returns the plug-in mutual information, in nats,
// between every column of X and y,
//
//	MI(x, y) = Σ f(x, y) ln(f(x, y) / (f(x)f(y))),
//
// with the probabilities f the relative frequencies of the discretized
// values: a variable with at most B distinct values is used as categories
// as it is (class labels, counts, yes/no); any other is cut into B
// equal-width bins over its range, bin ⌊B(v − min)/(max − min)⌋ with the
// maximum put into the last bin. B = bins, zero meaning 10.
//
// Implements: 004, "Feature Selection" (the mutual information score, the
// KL divergence of f(x, y) from f(x)f(y)).
func MutualInformation(x *matrix.Dense, y []float64, bins int) ([]float64, error) {
	const op = "learn: mutual information"
	if bins == 0 {
		bins = 10
	}
	if bins < 2 {
		return nil, fmt.Errorf("%s: %w: %d bins, need at least 2", op, ErrInvalidParameter, bins)
	}
	if err := checkData(op, x, 1); err != nil {
		return nil, err
	}
	if err := checkTargets(op, x, y); err != nil {
		return nil, err
	}
	yc, ky := discretize(y, bins)
	mi := make([]float64, x.Cols())
	for j := range mi {
		xc, kx := discretize(x.Col(j), bins)
		mi[j] = plugInMI(xc, kx, yc, ky)
	}
	return mi, nil
}

// discretize maps v to codes 0..k−1: its distinct values in order when
// there are at most bins of them, otherwise equal-width bins.
func discretize(v []float64, bins int) ([]int, int) {
	distinct := slices.Clone(v)
	slices.Sort(distinct)
	distinct = slices.Compact(distinct)
	codes := make([]int, len(v))
	if len(distinct) <= bins {
		for i, x := range v {
			codes[i], _ = slices.BinarySearch(distinct, x)
		}
		return codes, len(distinct)
	}
	lo, hi := distinct[0], distinct[len(distinct)-1]
	// A range beyond float64 (max − min overflows near ±1.8e308) or so
	// small that its subnormal digits are few is binned on an exact
	// power-of-two rescaling, which leaves every bin the same.
	k := 0
	if span := hi - lo; math.IsInf(span, 0) || float64(bins)*span > math.MaxFloat64/2 {
		k = -2
	} else if span < 0x1p-960 {
		k = 600
	}
	scale := func(x float64) float64 { return math.Ldexp(x, k) }
	lo, hi = scale(lo), scale(hi)
	for i, x := range v {
		c := int(math.Floor(float64(bins) * (scale(x) - lo) / (hi - lo)))
		codes[i] = max(0, min(bins-1, c))
	}
	return codes, bins
}

// plugInMI is Σ (nₐᵦ/n) ln(n·nₐᵦ/(nₐ nᵦ)) over the cells with nₐᵦ > 0.
func plugInMI(a []int, ka int, b []int, kb int) float64 {
	n := len(a)
	joint := make([]int, ka*kb)
	na, nb := make([]int, ka), make([]int, kb)
	for i := range n {
		joint[a[i]*kb+b[i]]++
		na[a[i]]++
		nb[b[i]]++
	}
	s := 0.0
	for i := range ka {
		for j := range kb {
			if c := joint[i*kb+j]; c > 0 {
				fc := float64(c)
				s += fc / float64(n) * math.Log(float64(n)*fc/(float64(na[i])*float64(nb[j])))
			}
		}
	}
	return max(s, 0)
}

// SelectFeatures configures filter feature selection: score every feature
// on its own against the target and keep the best K. The zero value ranks
// by Pearson's |r| and keeps every feature.
type SelectFeatures struct {
	// Score is ScorePearson (also "") or ScoreMI.
	Score FeatureScore
	// Bins is B for ScoreMI; zero means 10.
	Bins int
	// K is the number of features kept, 1 ≤ K ≤ d; zero means all.
	K int
}

// Selection is the outcome of SelectFeatures.Fit.
type Selection struct {
	Score FeatureScore
	// Scores has one entry per feature in column order (Pearson's r keeps
	// its sign).
	Scores []float64
	// Ranking lists the feature indices best first (by |r| for Pearson, by
	// MI otherwise; ties to the lower index), and Selected its first K.
	Ranking  []int
	Selected []int
	// D is the number of features of the data it was fitted on.
	D int
}

// Fit scores the features of X (n×d) against y and ranks them.
//
// Implements: 002, "Feature Selection" and 004, "Feature Selection" (score
// each feature independently of the others, keep the K best).
func (c SelectFeatures) Fit(x *matrix.Dense, y []float64) (*Selection, error) {
	const op = "learn: select features"
	if c.Score == "" {
		c.Score = ScorePearson
	}
	var scores []float64
	var err error
	switch c.Score {
	case ScorePearson:
		scores, err = Pearson(x, y)
	case ScoreMI:
		scores, err = MutualInformation(x, y, c.Bins)
	default:
		return nil, fmt.Errorf("%s: %w: unknown score %q (want pearson or mi)", op, ErrInvalidParameter, c.Score)
	}
	if err != nil {
		return nil, err
	}
	d := x.Cols()
	k := c.K
	if k == 0 {
		k = d
	}
	if k < 1 || k > d {
		return nil, fmt.Errorf("%s: %w: K = %d, need 1 ≤ K ≤ %d", op, ErrInvalidParameter, c.K, d)
	}
	ranking := make([]int, d)
	for j := range ranking {
		ranking[j] = j
	}
	key := func(j int) float64 { return math.Abs(scores[j]) }
	slices.SortStableFunc(ranking, func(a, b int) int {
		switch ka, kb := key(a), key(b); {
		case ka > kb:
			return -1
		case ka < kb:
			return 1
		}
		return 0
	})
	return &Selection{Score: c.Score, Scores: scores, Ranking: ranking, Selected: slices.Clone(ranking[:k]), D: d}, nil
}

// Transform keeps the selected columns of X, in ranking order.
func (s *Selection) Transform(x *matrix.Dense) (*matrix.Dense, error) {
	if err := checkQuery("learn: select features", x, s.D); err != nil {
		return nil, err
	}
	out := matrix.New(x.Rows(), len(s.Selected))
	for i := range x.Rows() {
		xi, o := x.Row(i), out.Row(i)
		for c, j := range s.Selected {
			o[c] = xi[j]
		}
	}
	return out, nil
}

// Save writes the selection as JSON (format "mlnotes/select").
func (s *Selection) Save(w io.Writer) error { return saveModel(w, "select", s) }

// LoadSelection reads a selection written by Selection.Save.
func LoadSelection(r io.Reader) (*Selection, error) {
	var s Selection
	if err := loadModel(r, "select", &s); err != nil {
		return nil, err
	}
	if s.D < 1 || len(s.Scores) != s.D || len(s.Selected) < 1 {
		return nil, fmt.Errorf("learn: load select: %w: inconsistent sizes", ErrFormat)
	}
	for _, j := range s.Selected {
		if j < 0 || j >= s.D {
			return nil, fmt.Errorf("learn: load select: %w: feature %d of %d", ErrFormat, j, s.D)
		}
	}
	// Ranking orders all D features; Selected is its first K.
	if err := checkPermutation("Ranking", s.Ranking, s.D); err != nil {
		return nil, formatError("select", err)
	}
	if len(s.Selected) > s.D || !slices.Equal(s.Selected, s.Ranking[:len(s.Selected)]) {
		return nil, formatError("select", fmt.Errorf("Selected %v is not the start of Ranking %v", s.Selected, s.Ranking))
	}
	return &s, nil
}

// unitScaleColumns returns x with every column whose largest |entry| lies
// beyond 2⁵⁰⁰ or below 2⁻⁵⁰⁰ multiplied by the power of two that brings it
// into [1/2, 1) (exactly, as matrix.ScalePow2); x itself when no column
// needs it.
func unitScaleColumns(x *matrix.Dense) *matrix.Dense {
	var out *matrix.Dense
	for j := range x.Cols() {
		amax := 0.0
		for i := range x.Rows() {
			amax = max(amax, math.Abs(x.At(i, j)))
		}
		if !(amax > 0x1p500 || amax > 0 && amax < 0x1p-500) {
			continue
		}
		if out == nil {
			out = x.Clone()
		}
		_, e := math.Frexp(amax)
		for i := range x.Rows() {
			out.Set(i, j, math.Ldexp(x.At(i, j), -e))
		}
	}
	if out == nil {
		return x
	}
	return out
}
