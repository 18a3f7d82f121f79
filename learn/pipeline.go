package learn

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"

	"mlnotes/matrix"
)

// Pipeline is preprocessing steps, then a learner: fitting it fits each
// step on the output of the previous one (the first on X), then the
// learner on the output of the last; predicting passes new rows through
// the fitted steps, then the fitted learner.
//
// A Pipeline is itself a ClassifierTrainer and a RegressorTrainer, so that
// cross-validation, the bootstrap, hold-out, the bias–variance estimate,
// bagging and the model-selection curve, which fit a trainer on each
// training part, refit every step inside each part: the rows held out to
// score a model never shape its preprocessing (004, "K-fold
// Cross-Validation": f̂^(−k) is learnt from the other parts alone).
type Pipeline struct {
	Steps []TransformerTrainer
	// Learner is fitted last: a ClassifierTrainer for Fit, FitClassifier
	// and FitNames, a RegressorTrainer for FitRegression and FitRegressor
	// (learners such as KNN and DecisionTree are both).
	Learner any
}

// PipelineClassifierModel is a fitted classification pipeline (Fit,
// FitNames, or Load). It is a Classifier; PredictProba and DecisionFunction pass through to Model and
// fail when Model has no such method.
type PipelineClassifierModel struct {
	Steps []Transformer // the fitted steps, in order
	Model Classifier    // the fitted learner, on the output of Steps
	// Classes are the sorted distinct labels of the training data.
	Classes []int
	// Names, for a pipeline fitted with FitNames (or loaded from a model
	// file of word labels), name the labels: Names[k] is label k. Nil for
	// integer labels.
	Names []string
	// Features optionally names the input columns, in order (set by the
	// caller, or read from a model file); it is saved and loaded with the
	// model and used by nothing else.
	Features []string
}

// PipelineRegressorModel is a fitted regression pipeline.
type PipelineRegressorModel struct {
	Steps    []Transformer
	Model    Regressor
	Features []string // optional names of the input columns
}

// fitSteps fits the steps one after the other and returns them with the
// transformed training data.
func (p Pipeline) fitSteps(op string, x *matrix.Dense) ([]Transformer, *matrix.Dense, error) {
	steps := make([]Transformer, len(p.Steps))
	cur := x
	for i, s := range p.Steps {
		if s == nil {
			return nil, nil, fmt.Errorf("%s: %w: step %d is nil", op, ErrInvalidParameter, i+1)
		}
		t, err := s.FitTransformer(cur)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: step %d (%T): %w", op, i+1, s, err)
		}
		if cur, err = t.Transform(cur); err != nil {
			return nil, nil, fmt.Errorf("%s: step %d (%T): %w", op, i+1, s, err)
		}
		steps[i] = t
	}
	return steps, cur, nil
}

// Fit fits the steps on X, then the learner (a ClassifierTrainer) on the
// transformed X and the labels y. A learner that returns a model together
// with an error (an iteration cap reached) gives the pipeline model with
// that error.
func (p Pipeline) Fit(x *matrix.Dense, y []int) (*PipelineClassifierModel, error) {
	return p.fitClassifier("learn: pipeline", x, y)
}

// FitClassifier is Fit as a ClassifierTrainer.
func (p Pipeline) FitClassifier(x *matrix.Dense, y []int) (Classifier, error) {
	return asClassifier(p.Fit(x, y))
}

// FitNames fits the pipeline to class names: the distinct names, sorted,
// become the labels 0..K−1 (LabelEncoder), which the learner sees; the
// model predicts names with PredictNames.
func (p Pipeline) FitNames(x *matrix.Dense, names []string) (*PipelineClassifierModel, error) {
	const op = "learn: pipeline"
	if x != nil && len(names) != x.Rows() {
		return nil, fmt.Errorf("%s: %w: %d labels for %d samples", op, matrix.ErrShape, len(names), x.Rows())
	}
	enc, err := LabelEncoder{}.Fit(names)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	y, err := enc.Encode(names)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	m, err := p.fitClassifier(op, x, y)
	if m != nil {
		m.Names = enc.Names
	}
	return m, err
}

func (p Pipeline) fitClassifier(op string, x *matrix.Dense, y []int) (*PipelineClassifierModel, error) {
	t, ok := p.Learner.(ClassifierTrainer)
	if !ok || t == nil {
		return nil, fmt.Errorf("%s: %w: the learner (%T) is not a ClassifierTrainer", op, ErrInvalidParameter, p.Learner)
	}
	if err := checkShape(op, x, 1); err != nil {
		return nil, err
	}
	if len(y) != x.Rows() {
		return nil, fmt.Errorf("%s: %w: %d labels for %d samples", op, matrix.ErrShape, len(y), x.Rows())
	}
	steps, xt, err := p.fitSteps(op, x)
	if err != nil {
		return nil, err
	}
	c, err := t.FitClassifier(xt, y)
	if c == nil {
		if err == nil {
			err = fmt.Errorf("%w: the learner returned no model", ErrInvalidParameter)
		}
		return nil, fmt.Errorf("%s: learner (%T): %w", op, p.Learner, err)
	}
	if err != nil {
		err = fmt.Errorf("%s: learner (%T): %w", op, p.Learner, err)
	}
	classes := slices.Clone(y)
	slices.Sort(classes)
	return &PipelineClassifierModel{Steps: steps, Model: c, Classes: slices.Compact(classes)}, err
}

// FitRegression fits the steps on X, then the learner (a
// RegressorTrainer) on the transformed X and the targets y; a model
// returned with an error is kept, as in Fit.
func (p Pipeline) FitRegression(x *matrix.Dense, y []float64) (*PipelineRegressorModel, error) {
	const op = "learn: pipeline"
	t, ok := p.Learner.(RegressorTrainer)
	if !ok || t == nil {
		return nil, fmt.Errorf("%s: %w: the learner (%T) is not a RegressorTrainer", op, ErrInvalidParameter, p.Learner)
	}
	if err := checkShape(op, x, 1); err != nil {
		return nil, err
	}
	if len(y) != x.Rows() {
		return nil, fmt.Errorf("%s: %w: %d targets for %d samples", op, matrix.ErrShape, len(y), x.Rows())
	}
	steps, xt, err := p.fitSteps(op, x)
	if err != nil {
		return nil, err
	}
	r, err := t.FitRegressor(xt, y)
	if r == nil {
		if err == nil {
			err = fmt.Errorf("%w: the learner returned no model", ErrInvalidParameter)
		}
		return nil, fmt.Errorf("%s: learner (%T): %w", op, p.Learner, err)
	}
	if err != nil {
		err = fmt.Errorf("%s: learner (%T): %w", op, p.Learner, err)
	}
	return &PipelineRegressorModel{Steps: steps, Model: r}, err
}

// FitRegressor is FitRegression as a RegressorTrainer.
func (p Pipeline) FitRegressor(x *matrix.Dense, y []float64) (Regressor, error) {
	return asRegressor(p.FitRegression(x, y))
}

// transformSteps applies fitted steps to X; a row that a step sends
// beyond float64 (far outside the training data) is a *ScoreError naming
// it and the step.
func transformSteps(op string, steps []Transformer, x *matrix.Dense) (*matrix.Dense, error) {
	if x == nil {
		return nil, fmt.Errorf("%s: %w: nil data matrix", op, matrix.ErrEmpty)
	}
	cur := x
	for i, s := range steps {
		var err error
		if cur, err = s.Transform(cur); err != nil {
			return nil, fmt.Errorf("%s: step %d: %w", op, i+1, err)
		}
		if err := checkScoreRows(op, fmt.Sprintf("output of step %d", i+1), cur); err != nil {
			return nil, err
		}
	}
	return cur, nil
}

// Transform applies the fitted steps to X: the features Model sees.
func (m *PipelineClassifierModel) Transform(x *matrix.Dense) (*matrix.Dense, error) {
	if m == nil || m.Model == nil {
		return nil, errNilModel("learn: pipeline: transform")
	}
	return transformSteps("learn: pipeline", m.Steps, x)
}

// Predict returns the label of every row of X (raw features: the steps
// are applied first).
func (m *PipelineClassifierModel) Predict(x *matrix.Dense) ([]int, error) {
	xt, err := m.Transform(x)
	if err != nil {
		return nil, err
	}
	return m.Model.Predict(xt)
}

// PredictNames returns the class of every row by name: Names[label], or
// the label in decimal when the pipeline has no names.
func (m *PipelineClassifierModel) PredictNames(x *matrix.Dense) ([]string, error) {
	c, err := m.Predict(x)
	if err != nil {
		return nil, err
	}
	if m.Names == nil {
		out := make([]string, len(c))
		for i, k := range c {
			out[i] = strconv.Itoa(k)
		}
		return out, nil
	}
	return (&LabelEncoderModel{Names: m.Names}).Decode(c)
}

// Labels returns the labels of PredictProba's columns: those of Model
// when it is a ProbabilisticClassifier, else Classes.
func (m *PipelineClassifierModel) Labels() []int {
	if m == nil {
		return nil
	}
	if pc, ok := m.Model.(ProbabilisticClassifier); ok {
		return pc.Labels()
	}
	return m.Classes
}

// PredictProba returns Model's class probabilities of the transformed
// rows; a Model that is not a ProbabilisticClassifier gives an error
// wrapping ErrNoProbabilities.
func (m *PipelineClassifierModel) PredictProba(x *matrix.Dense) (*matrix.Dense, error) {
	if m == nil || m.Model == nil {
		return nil, errNilModel("learn: pipeline: probabilities")
	}
	pc, ok := m.Model.(ProbabilisticClassifier)
	if !ok {
		return nil, fmt.Errorf("learn: pipeline: %w: the final model (%T) gives no class probabilities", ErrNoProbabilities, m.Model)
	}
	xt, err := m.Transform(x)
	if err != nil {
		return nil, err
	}
	return pc.PredictProba(xt)
}

// DecisionFunction returns Model's decision values of the transformed
// rows; a Model that is not a DecisionClassifier gives an error wrapping
// ErrNoDecisionFunction.
func (m *PipelineClassifierModel) DecisionFunction(x *matrix.Dense) (*matrix.Dense, error) {
	if m == nil || m.Model == nil {
		return nil, errNilModel("learn: pipeline: decision function")
	}
	dc, ok := m.Model.(DecisionClassifier)
	if !ok {
		return nil, fmt.Errorf("learn: pipeline: %w: the final model is a %T", ErrNoDecisionFunction, m.Model)
	}
	xt, err := m.Transform(x)
	if err != nil {
		return nil, err
	}
	return dc.DecisionFunction(xt)
}

// Transform applies the fitted steps to X.
func (m *PipelineRegressorModel) Transform(x *matrix.Dense) (*matrix.Dense, error) {
	if m == nil || m.Model == nil {
		return nil, errNilModel("learn: pipeline: transform")
	}
	return transformSteps("learn: pipeline", m.Steps, x)
}

// Predict returns the value of every row of X (raw features).
func (m *PipelineRegressorModel) Predict(x *matrix.Dense) ([]float64, error) {
	xt, err := m.Transform(x)
	if err != nil {
		return nil, err
	}
	return m.Model.Predict(xt)
}

// pipelineFile is the saved form of a fitted pipeline: every step and the
// model in its own saved envelope.
type pipelineFile struct {
	Task     string            `json:"task"` // "classification" or "regression"
	Steps    []json.RawMessage `json:"steps"`
	Model    json.RawMessage   `json:"model"`
	Classes  []int             `json:"classes,omitempty"`
	Names    []string          `json:"names,omitempty"`
	Features []string          `json:"features,omitempty"`
}

const (
	taskClassification = "classification"
	taskRegression     = "regression"
)

// Save writes the fitted pipeline as JSON (format "mlnotes/pipeline",
// version 1): each step and the model in the envelope of its own Save,
// which every one of them must have. Load reads it back.
func (m *PipelineClassifierModel) Save(w io.Writer) error {
	if m == nil || m.Model == nil {
		return fmt.Errorf("learn: save pipeline: %w: nil model", ErrInvalidParameter)
	}
	f, err := savedParts(m.Steps, m.Model)
	if err != nil {
		return err
	}
	f.Task, f.Classes, f.Names, f.Features = taskClassification, m.Classes, m.Names, m.Features
	return saveModel(w, "pipeline", f)
}

// Save writes the fitted pipeline as JSON (format "mlnotes/pipeline",
// version 1), as PipelineClassifierModel.Save does.
func (m *PipelineRegressorModel) Save(w io.Writer) error {
	if m == nil || m.Model == nil {
		return fmt.Errorf("learn: save pipeline: %w: nil model", ErrInvalidParameter)
	}
	f, err := savedParts(m.Steps, m.Model)
	if err != nil {
		return err
	}
	f.Task, f.Features = taskRegression, m.Features
	return saveModel(w, "pipeline", f)
}

// savedParts saves the steps and the model into a pipelineFile.
func savedParts(steps []Transformer, model any) (*pipelineFile, error) {
	f := &pipelineFile{Steps: make([]json.RawMessage, len(steps))}
	save := func(what string, v any) (json.RawMessage, error) {
		s, ok := v.(interface{ Save(io.Writer) error })
		if !ok {
			return nil, fmt.Errorf("learn: save pipeline: %w: %s (%T) has no Save method", ErrInvalidParameter, what, v)
		}
		var buf bytes.Buffer
		if err := s.Save(&buf); err != nil {
			return nil, fmt.Errorf("learn: save pipeline: %s: %w", what, err)
		}
		return json.RawMessage(bytes.TrimSpace(buf.Bytes())), nil
	}
	var err error
	for i, s := range steps {
		if f.Steps[i], err = save(fmt.Sprintf("step %d", i+1), s); err != nil {
			return nil, err
		}
	}
	if f.Model, err = save("the model", model); err != nil {
		return nil, err
	}
	return f, nil
}
