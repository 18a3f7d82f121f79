package learn

import (
	"fmt"
	"io"
	"math"
	"slices"

	"mlnotes/matrix"
)

// Preprocessing: transformers fitted on training features and applied to
// every matrix a model sees (docs/preprocessing.md).
//
// A transformer follows the learners' pattern: a configuration value
// (StandardScaler, MinMaxScaler, PCA) whose Fit returns a concrete fitted
// model (*ScalerModel, *PCAModel), and two interfaces for code that handles
// any of them — a Pipeline above all:
//
//	Transformer         a fitted model: Transform(X) → a new matrix
//	TransformerTrainer  FitTransformer(X) → Transformer

// Transformer is a fitted preprocessing step: Transform maps X (n×d) to a
// new n×d′ matrix and leaves X unchanged. A Transformer that a Pipeline
// saves must also have Save(io.Writer) error.
type Transformer interface {
	Transform(x *matrix.Dense) (*matrix.Dense, error)
}

// TransformerTrainer fits a Transformer to the rows of X. Implementations
// must not modify x.
type TransformerTrainer interface {
	FitTransformer(x *matrix.Dense) (Transformer, error)
}

// Scaler kinds of ScalerModel.Method.
const (
	ScaleStandard = "standard" // (x − mean)/std, std with divisor n
	ScaleMinMax   = "minmax"   // (x − min)/(max − min), onto [0, 1]
)

// StandardScaler standardizes every feature: x ← (x − x̄)/s with s the
// standard deviation of divisor n (as scikit-learn's StandardScaler and
// the notes' normalization of a network's inputs), so that every column
// of the training data has mean 0 and variance 1. A constant column is
// centred and left unscaled (s = 1).
//
// Implements: 004, "PCA and Whitening Transform" (zero mean, unit
// variance, per feature rather than per direction).
type StandardScaler struct{}

// MinMaxScaler maps every feature's training range [min, max] onto [0, 1]:
// x ← (x − min)/(max − min) (scikit-learn's MinMaxScaler, LIBSVM's
// svm-scale -l 0). A constant column is shifted to 0 and left unscaled.
type MinMaxScaler struct{}

// ScalerModel is a fitted scaler: Transform gives (x − Center)/Scale,
// column by column.
type ScalerModel struct {
	Method string    // ScaleStandard or ScaleMinMax
	Center []float64 // subtracted from each column (d)
	Scale  []float64 // then divided into it (d, every one positive)
}

// Fit computes the mean and the standard deviation (divisor n) of every
// column of X (n×d, at least one row, finite values).
//
// The sums cannot overflow or underflow: a column whose largest magnitude
// is above 2⁵⁰⁰ or below 2⁻⁵⁰⁰ is first multiplied by an exact power of
// two 2ᵏ that brings it near 1, and the mean and the deviation are scaled
// back by 2⁻ᵏ, which is exact. A column whose deviation itself is beyond
// float64 is an error naming it.
func (StandardScaler) Fit(x *matrix.Dense) (*ScalerModel, error) {
	const op = "learn: standard scaler"
	if err := checkData(op, x, 1); err != nil {
		return nil, err
	}
	n, d := x.Dims()
	m := &ScalerModel{Method: ScaleStandard, Center: make([]float64, d), Scale: make([]float64, d)}
	for j := range d {
		col := x.Col(j) // a copy
		k := 0
		if amax := max(slices.Max(col), -slices.Min(col)); amax > 0x1p500 || amax > 0 && amax < 0x1p-500 {
			_, e := math.Frexp(amax)
			k = -e
			for i := range col {
				col[i] = math.Ldexp(col[i], k)
			}
		}
		mean := 0.0
		for _, v := range col {
			mean += v
		}
		mean /= float64(n)
		ss := 0.0
		for _, v := range col {
			ss += (v - mean) * (v - mean)
		}
		m.Center[j], m.Scale[j] = math.Ldexp(mean, -k), math.Ldexp(math.Sqrt(ss/float64(n)), -k)
		if err := m.settle(op, j); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// Fit computes the minimum and the range of every column of X (n×d, at
// least one row, finite values). A range beyond float64 (a column from
// −10³⁰⁸ to 10³⁰⁸) is an error naming the column.
func (MinMaxScaler) Fit(x *matrix.Dense) (*ScalerModel, error) {
	const op = "learn: min-max scaler"
	if err := checkData(op, x, 1); err != nil {
		return nil, err
	}
	d := x.Cols()
	m := &ScalerModel{Method: ScaleMinMax, Center: make([]float64, d), Scale: make([]float64, d)}
	for j := range d {
		col := x.Col(j)
		lo, hi := slices.Min(col), slices.Max(col)
		m.Center[j], m.Scale[j] = lo, hi-lo
		if err := m.settle(op, j); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// settle checks column j's center and scale and replaces a zero scale (a
// constant column) by 1.
func (m *ScalerModel) settle(op string, j int) error {
	if math.IsInf(m.Scale[j], 0) || math.IsNaN(m.Scale[j]) || math.IsInf(m.Center[j], 0) {
		return fmt.Errorf("%s: %w: feature %d: its spread is beyond float64", op, matrix.ErrNotFinite, j+1)
	}
	if m.Scale[j] == 0 {
		m.Scale[j] = 1
	}
	return nil
}

// FitTransformer is Fit as a TransformerTrainer.
func (s StandardScaler) FitTransformer(x *matrix.Dense) (Transformer, error) {
	return fitTransformer(s.Fit, x)
}

// FitTransformer is Fit as a TransformerTrainer.
func (s MinMaxScaler) FitTransformer(x *matrix.Dense) (Transformer, error) {
	return fitTransformer(s.Fit, x)
}

// FitTransformer is Fit as a TransformerTrainer: the fitted *PCAModel
// projects on the principal components (PCAModel.Transform).
func (p PCA) FitTransformer(x *matrix.Dense) (Transformer, error) {
	return fitTransformer(p.Fit, x)
}

// fitTransformer calls fit and returns its model as a Transformer (a nil
// interface, not a typed nil, on error).
func fitTransformer[M Transformer](fit func(*matrix.Dense) (M, error), x *matrix.Dense) (Transformer, error) {
	m, err := fit(x)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Transform returns (X − Center)/Scale column by column, a new matrix. X
// must have the width the scaler was fitted on and finite values; a row
// whose result overflows (a value far outside the training range divided
// by a tiny scale) is a *ScoreError naming it.
func (m *ScalerModel) Transform(x *matrix.Dense) (*matrix.Dense, error) {
	const op = "learn: scaler: transform"
	if m == nil {
		return nil, errNilModel(op)
	}
	if err := checkQuery(op, x, len(m.Center)); err != nil {
		return nil, err
	}
	out := x.Clone()
	for i := range out.Rows() {
		row := out.Row(i)
		for j := range row {
			row[j] = (row[j] - m.Center[j]) / m.Scale[j]
		}
	}
	if err := checkScoreRows(op, "scaled feature", out); err != nil {
		return nil, err
	}
	return out, nil
}

// Save writes the fitted scaler as JSON (format "mlnotes/scaler",
// version 1).
func (m *ScalerModel) Save(w io.Writer) error { return saveModel(w, "scaler", m) }

// LoadScaler reads a scaler written by ScalerModel.Save and checks it: a
// known method, as many centers as scales, finite centers and positive
// finite scales.
func LoadScaler(r io.Reader) (*ScalerModel, error) {
	var m ScalerModel
	if err := loadModel(r, "scaler", &m); err != nil {
		return nil, err
	}
	if err := m.check(); err != nil {
		return nil, fmt.Errorf("learn: load scaler: %w: %v", ErrFormat, err)
	}
	return &m, nil
}

// check validates a scaler read from a file.
func (m *ScalerModel) check() error {
	if m.Method != ScaleStandard && m.Method != ScaleMinMax {
		return fmt.Errorf("unknown scaling method %q", m.Method)
	}
	if len(m.Center) == 0 || len(m.Center) != len(m.Scale) {
		return fmt.Errorf("%d centers and %d scales", len(m.Center), len(m.Scale))
	}
	for j := range m.Center {
		c, s := m.Center[j], m.Scale[j]
		if math.IsNaN(c) || math.IsInf(c, 0) || !(s > 0) || math.IsInf(s, 0) {
			return fmt.Errorf("feature %d: center %g, scale %g", j+1, c, s)
		}
	}
	return nil
}
