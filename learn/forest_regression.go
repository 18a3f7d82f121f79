package learn

import (
	"fmt"
	"io"

	"mlnotes/matrix"
)

// ForestRegressorModel is a fitted regression forest: the notes' bagging
// average f̂_bag(x) = (1/B) Σ_b f̂_b(x) (004, "Bagging Estimate") of
// randomized regression trees.
type ForestRegressorModel struct {
	Features int                   `json:"features"`
	Trees    []*TreeRegressorModel `json:"trees"`
	// OOBMSE is the mean squared error of the out-of-bag average (each
	// point predicted by the mean of the trees that did not draw it), over
	// the OOBPoints points left out by at least one tree.
	OOBMSE    float64 `json:"oob_mse"`
	OOBPoints int     `json:"oob_points"`
	// Importances: as ForestModel's, from the squared-error decreases.
	Importances []float64 `json:"importances"`
}

// FitRegressor is FitRegression as a RegressorTrainer.
func (c RandomForest) FitRegressor(x *matrix.Dense, y []float64) (Regressor, error) {
	return asRegressor(c.FitRegression(x, y))
}

// FitRegression grows a regression forest: trees with the squared-error
// criterion on bootstrap samples, MaxFeatures features per split (zero
// means all d, scikit-learn's default for regression), the same seeding
// and workers as Fit. Criterion is ignored.
func (c RandomForest) FitRegression(x *matrix.Dense, y []float64) (*ForestRegressorModel, error) {
	const op = "learn: regression forest"
	data, err := newTreeDataReg(op, x, y, presortColumns(c.MaxFeatures, x.Cols(), false))
	if err != nil {
		return nil, err
	}
	nt := c.Trees
	if nt == 0 {
		nt = 100
	}
	if nt < 1 {
		return nil, fmt.Errorf("%s: %w: %d trees", op, ErrInvalidParameter, c.Trees)
	}
	tc := DecisionTree{MaxDepth: c.MaxDepth, MinSamplesSplit: c.MinSamplesSplit, MinSamplesLeaf: c.MinSamplesLeaf, MaxFeatures: c.MaxFeatures}
	s, err := tc.settings(op, data.d)
	if err != nil {
		return nil, err
	}
	s.criterion = "squared_error"
	trees, inBag, err := c.growForest(op, data, s, nt)
	if err != nil {
		return nil, err
	}
	n := data.n
	m := &ForestRegressorModel{Features: data.d, Trees: make([]*TreeRegressorModel, nt), Importances: meanImportances(trees, data.d)}
	for b, t := range trees {
		m.Trees[b] = &TreeRegressorModel{*t}
	}
	sq := make([]float64, n) // squared OOB error of point i, −1 if never out of bag
	parallelRows(n, func(i int) {
		row := data.row(i)
		sum, cnt := 0.0, 0
		for b, t := range trees {
			if !inBag[b][i] {
				sum += t.Nodes[t.leaf(row)].Value[0]
				cnt++
			}
		}
		sq[i] = -1
		if cnt > 0 {
			e := sum/float64(cnt) - data.yr[i]
			sq[i] = e * e
		}
	})
	for _, v := range sq {
		if v >= 0 {
			m.OOBMSE += v
			m.OOBPoints++
		}
	}
	if m.OOBPoints > 0 {
		m.OOBMSE /= float64(m.OOBPoints)
	}
	return m, nil
}

// Predict returns the mean of the trees' values for every row.
func (m *ForestRegressorModel) Predict(x *matrix.Dense) ([]float64, error) {
	if err := checkQuery("learn: regression forest", x, m.Features); err != nil {
		return nil, err
	}
	out := make([]float64, x.Rows())
	parallelRows(x.Rows(), func(i int) {
		row, s := x.Row(i), 0.0
		for _, t := range m.Trees {
			s += t.Nodes[t.leaf(row)].Value[0]
		}
		out[i] = s / float64(len(m.Trees))
	})
	return out, nil
}

// Save writes the forest under the envelope "mlnotes/forest-regressor".
func (m *ForestRegressorModel) Save(w io.Writer) error { return saveModel(w, "forest-regressor", m) }

// LoadForestRegressor reads a regression forest written by Save.
func LoadForestRegressor(r io.Reader) (*ForestRegressorModel, error) {
	var m ForestRegressorModel
	if err := loadModel(r, "forest-regressor", &m); err != nil {
		return nil, err
	}
	if len(m.Trees) == 0 || len(m.Importances) != m.Features {
		return nil, fmt.Errorf("learn: load regression forest: %w: %d trees, %d importances for %d features", ErrFormat, len(m.Trees), len(m.Importances), m.Features)
	}
	for b, t := range m.Trees {
		if t == nil {
			return nil, fmt.Errorf("learn: load regression forest: %w: tree %d is null", ErrFormat, b)
		}
		if err := t.check(1); err != nil {
			return nil, fmt.Errorf("learn: load regression forest: %w: tree %d: %v", ErrFormat, b, err)
		}
		if t.Features != m.Features {
			return nil, fmt.Errorf("learn: load regression forest: %w: tree %d is not a regression tree of %d features", ErrFormat, b, m.Features)
		}
	}
	return &m, nil
}
