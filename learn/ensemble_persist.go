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
// an ensemble file holds complete model files; loading reads each with
// Load's own loader (loadBytes, load.go), so a member may be any model
// mlnotes saves — a pipeline, another ensemble — and the two cannot fall
// out of step. An ensemble can be saved when every member can.

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

// LoadBaggingClassifier reads an ensemble written by
// BaggingClassifierModel.Save; its members are read by Load's loader, so
// they may be any classifier mlnotes saves, pipelines included.
func LoadBaggingClassifier(r io.Reader) (*BaggingClassifierModel, error) {
	data, err := readModelFile("bagging-classifier", r)
	if err != nil {
		return nil, err
	}
	return loadBaggingClassifier(data, 0)
}

func loadBaggingClassifier(data []byte, depth int) (*BaggingClassifierModel, error) {
	var s baggedJSON
	if err := loadModel(bytes.NewReader(data), "bagging-classifier", &s); err != nil {
		return nil, err
	}
	if len(s.Models) == 0 || len(s.Classes) == 0 || !slices.IsSorted(s.Classes) || len(slices.Compact(slices.Clone(s.Classes))) != len(s.Classes) {
		return nil, fmt.Errorf("learn: load bagging-classifier: %w: %d models, classes %v", ErrFormat, len(s.Models), s.Classes)
	}
	m := &BaggingClassifierModel{Classes: s.Classes}
	for k, raw := range s.Models {
		f, err := loadMember[Classifier](raw, depth, "classifier")
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

// LoadBaggingRegressor reads an ensemble written by
// BaggingRegressorModel.Save; its members may be any regressor mlnotes
// saves.
func LoadBaggingRegressor(r io.Reader) (*BaggingRegressorModel, error) {
	data, err := readModelFile("bagging-regressor", r)
	if err != nil {
		return nil, err
	}
	return loadBaggingRegressor(data, 0)
}

func loadBaggingRegressor(data []byte, depth int) (*BaggingRegressorModel, error) {
	var s baggedJSON
	if err := loadModel(bytes.NewReader(data), "bagging-regressor", &s); err != nil {
		return nil, err
	}
	if len(s.Models) == 0 || s.Classes != nil {
		return nil, fmt.Errorf("learn: load bagging-regressor: %w: %d models", ErrFormat, len(s.Models))
	}
	m := &BaggingRegressorModel{}
	for k, raw := range s.Models {
		f, err := loadMember[Regressor](raw, depth, "regressor")
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

// LoadBoost3 reads an ensemble written by Boost3Model.Save; its members
// may be any classifier mlnotes saves.
func LoadBoost3(r io.Reader) (*Boost3Model, error) {
	data, err := readModelFile("boost3", r)
	if err != nil {
		return nil, err
	}
	return loadBoost3(data, 0)
}

func loadBoost3(data []byte, depth int) (*Boost3Model, error) {
	var s threeJSON
	if err := loadModel(bytes.NewReader(data), "boost3", &s); err != nil {
		return nil, err
	}
	var h [3]Classifier
	for k, mem := range s.Members {
		switch {
		case mem.Constant != nil && mem.Model == nil:
			h[k] = constClassifier(*mem.Constant)
		case mem.Constant == nil && mem.Model != nil:
			c, err := loadMember[Classifier](mem.Model, depth, "classifier")
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

// readModelFile reads the whole of r, for the loaders that hand parts of
// a file to loadBytes.
func readModelFile(op string, r io.Reader) ([]byte, error) {
	if r == nil {
		return nil, fmt.Errorf("learn: load %s: %w: nil reader", op, ErrInvalidParameter)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("learn: load %s: %w", op, err)
	}
	return data, nil
}

// loadMember reads a member's model file with the one loader, loadBytes,
// so that a member may be any model mlnotes saves (a pipeline, another
// ensemble, …); depth counts the files that hold this one. A member of
// the wrong task (a regressor in a bagged classifier) is ErrFormat.
func loadMember[M any](raw json.RawMessage, depth int, task string) (M, error) {
	var none M
	v, err := loadBytes(raw, depth+1)
	if err != nil {
		return none, err
	}
	m, ok := v.(M)
	if !ok {
		return none, fmt.Errorf("%w: the member (%T) is not a %s", ErrFormat, v, task)
	}
	return m, nil
}
