package main

// Preprocessing of the supervised commands: -scale and -pca as learn's
// transformers (learn.StandardScaler, learn.MinMaxScaler, learn.PCA), fitted
// on the training features, and their section of the model file.

import (
	"errors"
	"fmt"
	"math"

	"mlnotes/learn"
	"mlnotes/matrix"
)

// stepTrainers returns the transformers that -scale and -pca ask for, in
// the order they apply: the scaler, then the projection.
func stepTrainers(scaler string, k int) []learn.TransformerTrainer {
	var steps []learn.TransformerTrainer
	switch scaler {
	case learn.ScaleStandard:
		steps = append(steps, learn.StandardScaler{})
	case learn.ScaleMinMax:
		steps = append(steps, learn.MinMaxScaler{})
	}
	if k > 0 {
		steps = append(steps, learn.PCA{Components: k})
	}
	return steps
}

// fitPreprocess fits -scale and -pca on the training features x (as a
// learn.Pipeline fits its steps) and returns the fitted steps with the
// transformed features. With neither flag it returns no step and x itself.
func fitPreprocess(x *matrix.Dense, scaler string, k int) ([]learn.Transformer, *matrix.Dense, error) {
	if k > x.Cols() {
		return nil, nil, fmt.Errorf("-pca %d: the data have only %d features", k, x.Cols())
	}
	var steps []learn.Transformer
	cur := x
	for _, st := range stepTrainers(scaler, k) {
		flag := "-pca"
		if _, ok := st.(learn.PCA); !ok {
			flag = "-scale " + scaler
		}
		t, err := st.FitTransformer(cur)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", flag, err)
		}
		if cur, err = t.Transform(cur); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", flag, err)
		}
		steps = append(steps, t)
	}
	return steps, cur, nil
}

// applySteps transforms x by the fitted steps (x itself without steps).
func applySteps(steps []learn.Transformer, x *matrix.Dense) (*matrix.Dense, error) {
	cur := x
	for _, t := range steps {
		var err error
		if cur, err = t.Transform(cur); err != nil {
			return nil, fmt.Errorf("the preprocessing: %w", err)
		}
	}
	return cur, nil
}

// withSteps returns the trainer that refits the steps of -scale and -pca
// inside every training part before the learner (a learn.Pipeline): what
// cv, grid, holdout and bootstrap assess. Without preprocessing it is the
// learner itself.
func withSteps(steps []learn.TransformerTrainer, learner any) any {
	if len(steps) == 0 {
		return learner
	}
	return learn.Pipeline{Steps: steps, Learner: learner}
}

// preprocess is the model file's section for the fitted steps (format
// "mlnotes/cli-model", see supervised.go): x ← (x − center)/scale, then
// x ← (x − pca_mean)·Aᵀ with A the k×d matrix of principal directions.
type preprocess struct {
	Scaler        string      `json:"scaler,omitempty"` // "standard" or "minmax"
	Center        []float64   `json:"center,omitempty"`
	Scale         []float64   `json:"scale,omitempty"`
	PCAMean       []float64   `json:"pca_mean,omitempty"`
	PCAComponents [][]float64 `json:"pca_components,omitempty"`
}

// fileSection returns the model file's section for fitted steps (nil for
// none).
func fileSection(steps []learn.Transformer) *preprocess {
	if len(steps) == 0 {
		return nil
	}
	p := &preprocess{}
	for _, t := range steps {
		switch m := t.(type) {
		case *learn.ScalerModel:
			p.Scaler, p.Center, p.Scale = m.Method, m.Center, m.Scale
		case *learn.PCAModel:
			p.PCAMean, p.PCAComponents = m.Mean, m.Components.ToRows()
		}
	}
	return p
}

// check validates a preprocessing read from a model file with d features.
func (p *preprocess) check(d int) error {
	finite := func(v []float64) bool {
		for _, x := range v {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return false
			}
		}
		return true
	}
	switch p.Scaler {
	case "":
		if p.Center != nil || p.Scale != nil {
			return errors.New("center and scale without a scaler")
		}
	case "standard", "minmax":
		if len(p.Center) != d || len(p.Scale) != d || !finite(p.Center) || !finite(p.Scale) {
			return fmt.Errorf("the %s scaling does not have %d finite centers and scales", p.Scaler, d)
		}
		for _, s := range p.Scale {
			if !(s > 0) {
				return errors.New("a scale is not positive")
			}
		}
	default:
		return fmt.Errorf("unknown scaler %q", p.Scaler)
	}
	if p.PCAComponents != nil || p.PCAMean != nil {
		if len(p.PCAMean) != d || len(p.PCAComponents) == 0 || !finite(p.PCAMean) {
			return fmt.Errorf("the PCA does not have a finite mean of %d features and at least one component", d)
		}
		for _, row := range p.PCAComponents {
			if len(row) != d || !finite(row) {
				return fmt.Errorf("a PCA component is not %d finite numbers", d)
			}
		}
	}
	return nil
}
