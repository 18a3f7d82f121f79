package learn

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
)

// Persistence of the stump and of the ensembles whose members may be any
// learner (bagging, the three-classifier ensemble), under the envelope of
// persist.go. A member is kept as the whole file its own Save writes, so
// an ensemble file holds complete model files; loading reads each with the
// loader its format names (loadClassifierMember, loadRegressorMember). An
// ensemble can be saved when every member can.

// Save writes the stump under "mlnotes/stump".
func (m *StumpModel) Save(w io.Writer) error { return saveModel(w, "stump", m) }

// LoadStump reads a stump written by Save; every error wraps ErrFormat.
func LoadStump(r io.Reader) (*StumpModel, error) {
	var m StumpModel
	if err := loadModel(r, "stump", &m); err != nil {
		return nil, err
	}
	if err := m.check([]int{m.Left, m.Right}); err != nil {
		return nil, fmt.Errorf("learn: load stump: %w: %v", ErrFormat, err)
	}
	return &m, nil
}

// baggedJSON is the saved form of both bagged ensembles.
type baggedJSON struct {
	Classes []int             `json:"classes,omitempty"`
	Models  []json.RawMessage `json:"models"`
}

// Save writes the ensemble under "mlnotes/bagging-classifier"; every
// member must have a Save method.
func (m *BaggingClassifierModel) Save(w io.Writer) error {
	s := baggedJSON{Classes: m.Classes}
	for k, f := range m.Models {
		raw, err := memberBytes(f)
		if err != nil {
			return fmt.Errorf("learn: save bagging-classifier: model %d: %w", k, err)
		}
		s.Models = append(s.Models, raw)
	}
	return saveModel(w, "bagging-classifier", s)
}

// LoadBaggingClassifier reads an ensemble written by BaggingClassifierModel.Save.
func LoadBaggingClassifier(r io.Reader) (*BaggingClassifierModel, error) {
	var s baggedJSON
	if err := loadModel(r, "bagging-classifier", &s); err != nil {
		return nil, err
	}
	if len(s.Models) == 0 || len(s.Classes) == 0 || !slices.IsSorted(s.Classes) || len(slices.Compact(slices.Clone(s.Classes))) != len(s.Classes) {
		return nil, fmt.Errorf("learn: load bagging-classifier: %w: %d models, classes %v", ErrFormat, len(s.Models), s.Classes)
	}
	m := &BaggingClassifierModel{Classes: s.Classes}
	for k, raw := range s.Models {
		f, err := loadClassifierMember(raw)
		if err != nil {
			return nil, fmt.Errorf("learn: load bagging-classifier: model %d: %w", k, err)
		}
		m.Models = append(m.Models, f)
	}
	return m, nil
}

// Save writes the ensemble under "mlnotes/bagging-regressor"; every member
// must have a Save method.
func (m *BaggingRegressorModel) Save(w io.Writer) error {
	var s baggedJSON
	for k, f := range m.Models {
		raw, err := memberBytes(f)
		if err != nil {
			return fmt.Errorf("learn: save bagging-regressor: model %d: %w", k, err)
		}
		s.Models = append(s.Models, raw)
	}
	return saveModel(w, "bagging-regressor", s)
}

// LoadBaggingRegressor reads an ensemble written by BaggingRegressorModel.Save.
func LoadBaggingRegressor(r io.Reader) (*BaggingRegressorModel, error) {
	var s baggedJSON
	if err := loadModel(r, "bagging-regressor", &s); err != nil {
		return nil, err
	}
	if len(s.Models) == 0 || s.Classes != nil {
		return nil, fmt.Errorf("learn: load bagging-regressor: %w: %d models", ErrFormat, len(s.Models))
	}
	m := &BaggingRegressorModel{}
	for k, raw := range s.Models {
		f, err := loadRegressorMember(raw)
		if err != nil {
			return nil, fmt.Errorf("learn: load bagging-regressor: model %d: %w", k, err)
		}
		m.Models = append(m.Models, f)
	}
	return m, nil
}

// threeJSON is the saved form of a Boost3Model: each member is a model file
// or, for a member trained on one class, that class.
type threeJSON struct {
	Members [3]threeMember `json:"members"`
	D1      []int          `json:"d1"`
	D2      []int          `json:"d2"`
	D3      []int          `json:"d3"`
	H1OnD2  float64        `json:"h1_on_d2"`
}

type threeMember struct {
	Constant *int            `json:"constant,omitempty"`
	Model    json.RawMessage `json:"model,omitempty"`
}

// Save writes the ensemble under "mlnotes/boost3"; every member must have a
// Save method (or be the constant classifier of a one-class set).
func (m *Boost3Model) Save(w io.Writer) error {
	s := threeJSON{D1: m.D1, D2: m.D2, D3: m.D3, H1OnD2: m.H1OnD2}
	for k, h := range []Classifier{m.H1, m.H2, m.H3} {
		if c, ok := h.(constClassifier); ok {
			v := int(c)
			s.Members[k].Constant = &v
			continue
		}
		raw, err := memberBytes(h)
		if err != nil {
			return fmt.Errorf("learn: save boost3: h%d: %w", k+1, err)
		}
		s.Members[k].Model = raw
	}
	return saveModel(w, "boost3", s)
}

// LoadBoost3 reads an ensemble written by Boost3Model.Save.
func LoadBoost3(r io.Reader) (*Boost3Model, error) {
	var s threeJSON
	if err := loadModel(r, "boost3", &s); err != nil {
		return nil, err
	}
	var h [3]Classifier
	for k, mem := range s.Members {
		switch {
		case mem.Constant != nil && mem.Model == nil:
			h[k] = constClassifier(*mem.Constant)
		case mem.Constant == nil && mem.Model != nil:
			c, err := loadClassifierMember(mem.Model)
			if err != nil {
				return nil, fmt.Errorf("learn: load boost3: h%d: %w", k+1, err)
			}
			h[k] = c
		default:
			return nil, fmt.Errorf("learn: load boost3: %w: h%d is neither a model nor a constant", ErrFormat, k+1)
		}
	}
	return &Boost3Model{H1: h[0], H2: h[1], H3: h[2], D1: s.D1, D2: s.D2, D3: s.D3, H1OnD2: s.H1OnD2}, nil
}

// memberBytes returns the model file a member's Save writes.
func memberBytes(m any) (json.RawMessage, error) {
	s, ok := m.(interface{ Save(io.Writer) error })
	if !ok {
		return nil, fmt.Errorf("%w: a %T member has no Save", ErrInvalidParameter, m)
	}
	var buf bytes.Buffer
	if err := s.Save(&buf); err != nil {
		return nil, err
	}
	return json.RawMessage(bytes.TrimSpace(buf.Bytes())), nil
}

// memberFormat returns the format name ("svm" of "mlnotes/svm") of a
// member's model file.
func memberFormat(raw json.RawMessage) (string, error) {
	var env envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		return "", fmt.Errorf("%w: %v", ErrFormat, err)
	}
	name, ok := bytes.CutPrefix([]byte(env.Format), []byte("mlnotes/"))
	if !ok {
		return "", fmt.Errorf("%w: the member holds %q", ErrFormat, env.Format)
	}
	return string(name), nil
}

// loadClassifierMember reads a member classifier with the loader of its
// format.
func loadClassifierMember(raw json.RawMessage) (Classifier, error) {
	format, err := memberFormat(raw)
	if err != nil {
		return nil, err
	}
	r := bytes.NewReader(raw)
	pick := func(m Classifier, err error) (Classifier, error) {
		if err != nil {
			return nil, err
		}
		return m, nil
	}
	switch format {
	case "knn":
		return pick(LoadKNN(r))
	case "tree":
		return pick(LoadTreeClassifier(r))
	case "forest":
		return pick(LoadForest(r))
	case "stump":
		return pick(LoadStump(r))
	case "adaboost":
		return pick(LoadAdaBoost(r))
	case "perceptron":
		return pick(LoadPerceptron(r))
	case "adaline":
		return pick(LoadAdaline(r))
	case "logreg":
		return pick(LoadLogistic(r))
	case "fisher":
		return pick(LoadFisher(r))
	case "bayes":
		return pick(LoadBayes(r))
	case "mlp-classifier":
		return pick(LoadMLPClassifier(r))
	case "svm":
		return pick(LoadSVMClassifier(r))
	case "bagging-classifier":
		return pick(LoadBaggingClassifier(r))
	case "boost3":
		return pick(LoadBoost3(r))
	}
	return nil, fmt.Errorf("%w: %q is not a classifier's format", ErrFormat, format)
}

// loadRegressorMember reads a member regressor with the loader of its
// format.
func loadRegressorMember(raw json.RawMessage) (Regressor, error) {
	format, err := memberFormat(raw)
	if err != nil {
		return nil, err
	}
	r := bytes.NewReader(raw)
	pick := func(m Regressor, err error) (Regressor, error) {
		if err != nil {
			return nil, err
		}
		return m, nil
	}
	switch format {
	case "knn-regressor":
		return pick(LoadKNNRegressor(r))
	case "tree":
		return pick(LoadTreeRegressor(r))
	case "forest-regressor":
		return pick(LoadForestRegressor(r))
	case "mlp-regressor":
		return pick(LoadMLPRegressor(r))
	case "svm":
		return pick(LoadSVMRegressor(r))
	case "linreg":
		return pick(LoadLinear(r))
	case "ridge":
		return pick(LoadRidge(r))
	case "bagging-regressor":
		return pick(LoadBaggingRegressor(r))
	}
	return nil, fmt.Errorf("%w: %q is not a regressor's format", ErrFormat, format)
}
