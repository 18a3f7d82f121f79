package learn

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"mlnotes/matrix"
)

// Load reads any model file that mlnotes writes and returns the fitted
// model, ready to predict or transform:
//
//   - a file of one of learn's Save methods ({"format": "mlnotes/KIND", …}):
//     the model its Load function returns (for svm and tree, whose
//     classifier and regressor share a format, the one the file holds), so
//     that every supervised model is a Classifier or a Regressor;
//   - a pipeline ("mlnotes/pipeline"): a *PipelineClassifierModel or a
//     *PipelineRegressorModel;
//   - a model file of the command line ("mlnotes/cli-model", version 1,
//     written by `demo CMD -save`): a *PipelineClassifierModel or
//     *PipelineRegressorModel made of its preprocessing (-scale, -pca) and
//     its model, which predicts on raw rows; for word labels its Names are
//     the training file's class names (PredictNames), and Features the
//     training file's feature columns.
//
// A file of an unknown kind, of another version, or whose parts do not fit
// together is an error wrapping ErrFormat that names what the file holds;
// Load never panics on any input.
func Load(r io.Reader) (any, error) {
	if r == nil {
		return nil, fmt.Errorf("learn: load: %w: nil reader", ErrInvalidParameter)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("learn: load: %w", err)
	}
	return loadBytes(data, 0)
}

// maxNesting bounds how deep models may hold models in a file (pipelines,
// bagged ensembles and Boost3 hold whole model files), so that a hostile
// file cannot exhaust the stack or be parsed again at every level.
const maxNesting = 8

// loaders reads each learn format (the KIND of "mlnotes/KIND").
var loaders = map[string]func(io.Reader) (any, error){
	"adaboost":         func(r io.Reader) (any, error) { return LoadAdaBoost(r) },
	"adaline":          func(r io.Reader) (any, error) { return LoadAdaline(r) },
	"autoencoder":      func(r io.Reader) (any, error) { return LoadAutoencoder(r) },
	"bayes":            func(r io.Reader) (any, error) { return LoadBayes(r) },
	"fisher":           func(r io.Reader) (any, error) { return LoadFisher(r) },
	"forest":           func(r io.Reader) (any, error) { return LoadForest(r) },
	"forest-regressor": func(r io.Reader) (any, error) { return LoadForestRegressor(r) },
	"gmm":              func(r io.Reader) (any, error) { return LoadGMM(r) },
	"kde":              func(r io.Reader) (any, error) { return LoadKDE(r) },
	"kernel-pca":       func(r io.Reader) (any, error) { return LoadKernelPCA(r) },
	"knn":              func(r io.Reader) (any, error) { return LoadKNN(r) },
	"knn-regressor":    func(r io.Reader) (any, error) { return LoadKNNRegressor(r) },
	"label-encoder":    func(r io.Reader) (any, error) { return LoadLabelEncoder(r) },
	"linreg":           func(r io.Reader) (any, error) { return LoadLinear(r) },
	"logreg":           func(r io.Reader) (any, error) { return LoadLogistic(r) },
	"mlp-classifier":   func(r io.Reader) (any, error) { return LoadMLPClassifier(r) },
	"mlp-regressor":    func(r io.Reader) (any, error) { return LoadMLPRegressor(r) },
	"pca":              func(r io.Reader) (any, error) { return LoadPCA(r) },
	"perceptron":       func(r io.Reader) (any, error) { return LoadPerceptron(r) },
	"ridge":            func(r io.Reader) (any, error) { return LoadRidge(r) },
	"scaler":           func(r io.Reader) (any, error) { return LoadScaler(r) },
	"select":           func(r io.Reader) (any, error) { return LoadSelection(r) },
	"stump":            func(r io.Reader) (any, error) { return LoadStump(r) },
	"svm": func(r io.Reader) (any, error) {
		return loadEither(r, LoadSVMClassifier, LoadSVMRegressor)
	},
	"tree": func(r io.Reader) (any, error) {
		return loadEither(r, LoadTreeClassifier, LoadTreeRegressor)
	},
	"whiten": func(r io.Reader) (any, error) { return LoadWhiten(r) },
}

// nestedLoaders reads the kinds whose files hold whole model files
// (pipelines, bagged ensembles, Boost3), passing on the nesting depth. It
// is filled by init because its loaders call loadBytes, which reads it.
var nestedLoaders map[string]func(data []byte, depth int) (any, error)

func init() {
	nestedLoaders = map[string]func([]byte, int) (any, error){
		"pipeline":           loadPipeline,
		"bagging-classifier": func(d []byte, depth int) (any, error) { return loadBaggingClassifier(d, depth) },
		"bagging-regressor":  func(d []byte, depth int) (any, error) { return loadBaggingRegressor(d, depth) },
		"boost3":             func(d []byte, depth int) (any, error) { return loadBoost3(d, depth) },
	}
}

// loadEither reads a kind whose classifier and regressor share a format
// (svm, tree): the classifier, else the regressor; when neither reads
// it, the classifier's error.
func loadEither[C, R any](r io.Reader, asClassifier func(io.Reader) (C, error), asRegressor func(io.Reader) (R, error)) (any, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	c, err := asClassifier(bytes.NewReader(data))
	if err == nil {
		return c, nil
	}
	if g, err2 := asRegressor(bytes.NewReader(data)); err2 == nil {
		return g, nil
	}
	return nil, err
}

// fileHead is what Load reads first: the kind and version of a file.
type fileHead struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
}

// loadBytes is Load on the bytes of a file; depth counts the pipelines
// that hold this one.
func loadBytes(data []byte, depth int) (any, error) {
	if depth > maxNesting {
		return nil, fmt.Errorf("learn: load: %w: pipelines nested deeper than %d", ErrFormat, maxNesting)
	}
	if bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
		return nil, fmt.Errorf("learn: load: %w: gzip-compressed data (decompress it first)", ErrFormat)
	}
	var h fileHead
	if err := json.Unmarshal(data, &h); err != nil {
		return nil, fmt.Errorf("learn: load: %w: not a model file of mlnotes: %v", ErrFormat, err)
	}
	kind, ok := strings.CutPrefix(h.Format, "mlnotes/")
	switch {
	case !ok:
		return nil, fmt.Errorf("learn: load: %w: not a model file of mlnotes (format %q)", ErrFormat, h.Format)
	case kind == "cli-model":
		return loadCLIModel(data, h.Version, depth)
	case nestedLoaders[kind] != nil:
		return nestedLoaders[kind](data, depth)
	}
	load := loaders[kind]
	if load == nil {
		return nil, fmt.Errorf("learn: load: %w: the file holds %q, a kind this version of mlnotes does not read", ErrFormat, h.Format)
	}
	return load(bytes.NewReader(data))
}

// loadPipeline reads a file written by a pipeline model's Save.
func loadPipeline(data []byte, depth int) (any, error) {
	const op = "learn: load pipeline"
	var f pipelineFile
	if err := loadModel(bytes.NewReader(data), "pipeline", &f); err != nil {
		return nil, err
	}
	if f.Task != taskClassification && f.Task != taskRegression {
		return nil, fmt.Errorf("%s: %w: task %q", op, ErrFormat, f.Task)
	}
	steps := make([]Transformer, len(f.Steps))
	for i, raw := range f.Steps {
		t, err := loadStep(raw, depth)
		if err != nil {
			return nil, fmt.Errorf("%s: step %d: %w", op, i+1, err)
		}
		steps[i] = t
	}
	if len(f.Model) == 0 {
		return nil, fmt.Errorf("%s: %w: no model", op, ErrFormat)
	}
	model, err := loadBytes(f.Model, depth+1)
	if err != nil {
		return nil, fmt.Errorf("%s: the model: %w", op, err)
	}
	switch f.Task {
	case taskClassification:
		c, ok := model.(Classifier)
		if !ok {
			return nil, fmt.Errorf("%s: %w: a classification pipeline whose model (%T) is not a classifier", op, ErrFormat, model)
		}
		if err := checkClasses(f.Classes, f.Names); err != nil {
			return nil, fmt.Errorf("%s: %w: %v", op, ErrFormat, err)
		}
		return &PipelineClassifierModel{Steps: steps, Model: c, Classes: f.Classes, Names: f.Names, Features: f.Features}, nil
	case taskRegression:
		r, ok := model.(Regressor)
		if !ok {
			return nil, fmt.Errorf("%s: %w: a regression pipeline whose model (%T) is not a regressor", op, ErrFormat, model)
		}
		if f.Classes != nil || f.Names != nil {
			return nil, fmt.Errorf("%s: %w: a regression pipeline with class labels", op, ErrFormat)
		}
		return &PipelineRegressorModel{Steps: steps, Model: r, Features: f.Features}, nil
	}
	return nil, fmt.Errorf("%s: %w: task %q", op, ErrFormat, f.Task)
}

// checkClasses validates the labels of a classification pipeline: sorted
// distinct classes, and with names, the labels 0..K−1 of K sorted names.
func checkClasses(classes []int, names []string) error {
	for i := 1; i < len(classes); i++ {
		if classes[i-1] >= classes[i] {
			return fmt.Errorf("classes %d and %d are not sorted and distinct", classes[i-1], classes[i])
		}
	}
	if names == nil {
		return nil
	}
	if err := checkNames(names); err != nil {
		return err
	}
	for _, c := range classes {
		if c < 0 || c >= len(names) {
			return fmt.Errorf("class %d has no name among %d", c, len(names))
		}
	}
	return nil
}

// loadStep reads a pipeline step. A PCA step needs only its mean and
// components (a PCA read from a command-line file has no eigenvalues).
func loadStep(raw json.RawMessage, depth int) (Transformer, error) {
	var h fileHead
	if err := json.Unmarshal(raw, &h); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	if h.Format == "mlnotes/pca" {
		var m PCAModel
		if err := loadModel(bytes.NewReader(raw), "pca", &m); err != nil {
			return nil, err
		}
		if err := checkProjection(m.Mean, m.Components); err != nil {
			return nil, fmt.Errorf("learn: load pca: %w: %v", ErrFormat, err)
		}
		if m.ExplainedVarianceRatio != nil && len(m.ExplainedVarianceRatio) != m.K() {
			return nil, fmt.Errorf("learn: load pca: %w: %d variance ratios for %d components", ErrFormat, len(m.ExplainedVarianceRatio), m.K())
		}
		return &m, nil
	}
	v, err := loadBytes(raw, depth+1)
	if err != nil {
		return nil, err
	}
	t, ok := v.(Transformer)
	if !ok {
		return nil, fmt.Errorf("%w: %s is not a transformer", ErrFormat, h.Format)
	}
	return t, nil
}

// checkProjection validates the mean and the components of a projection:
// at least one component, each of the mean's width, finite.
func checkProjection(mean []float64, a *matrix.Dense) error {
	if len(mean) == 0 || a == nil || a.Rows() == 0 || a.Cols() != len(mean) {
		return fmt.Errorf("a mean of %d features and %d×%d components", len(mean), a.Rows(), a.Cols())
	}
	if err := matrix.VecFinite(mean); err != nil {
		return err
	}
	return a.CheckFinite()
}

// cliModelFile is the model file of the command line, version 1 (see
// cmd/demo/supervised.go, "The model file"): the learn model's envelope
// under "model", with the training file's columns, class names and
// preprocessing around it.
type cliModelFile struct {
	Format     string          `json:"format"`
	Version    int             `json:"version"`
	Kind       string          `json:"kind"`
	Task       string          `json:"task"`
	Features   []string        `json:"features"`
	NFeatures  int             `json:"n_features"`
	Target     string          `json:"target"`
	Layout     json.RawMessage `json:"layout"`
	Labels     []string        `json:"labels"`
	Preprocess *cliPreprocess  `json:"preprocess"`
	Model      json.RawMessage `json:"model"`
}

// cliPreprocess is the preprocessing of a command-line model file:
// x ← (x − center)/scale, then x ← (x − pca_mean)·Aᵀ.
type cliPreprocess struct {
	Scaler        string      `json:"scaler"`
	Center        []float64   `json:"center"`
	Scale         []float64   `json:"scale"`
	PCAMean       []float64   `json:"pca_mean"`
	PCAComponents [][]float64 `json:"pca_components"`
}

// loadCLIModel turns a command-line model file into a pipeline.
func loadCLIModel(data []byte, version, depth int) (any, error) {
	const op = "learn: load cli-model"
	if version != 1 {
		return nil, fmt.Errorf("%s: %w: version %d of mlnotes/cli-model, this code reads version 1", op, ErrFormat, version)
	}
	var f cliModelFile
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("%s: %w: %v", op, ErrFormat, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%s: %w: data after the model", op, ErrFormat)
	}
	if err := f.check(); err != nil {
		return nil, fmt.Errorf("%s: %w: %v", op, ErrFormat, err)
	}
	var h fileHead
	if err := json.Unmarshal(f.Model, &h); err != nil {
		return nil, fmt.Errorf("%s: %w: the model: %v", op, ErrFormat, err)
	}
	if h.Format != "mlnotes/"+f.Kind || f.Kind == "pipeline" || f.Kind == "cli-model" {
		return nil, fmt.Errorf("%s: %w: a %s model whose model part holds %q", op, ErrFormat, f.Kind, h.Format)
	}
	steps, err := f.Preprocess.steps()
	if err != nil {
		return nil, fmt.Errorf("%s: %w: %v", op, ErrFormat, err)
	}
	model, err := loadBytes(f.Model, depth+1)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if f.Task == taskRegression {
		r, ok := model.(Regressor)
		if !ok {
			return nil, fmt.Errorf("%s: %w: task regression but the %s model (%T) is not a regressor", op, ErrFormat, f.Kind, model)
		}
		return &PipelineRegressorModel{Steps: steps, Model: r, Features: f.Features}, nil
	}
	c, ok := model.(Classifier)
	if !ok {
		return nil, fmt.Errorf("%s: %w: task classification but the %s model (%T) is not a classifier", op, ErrFormat, f.Kind, model)
	}
	m := &PipelineClassifierModel{Steps: steps, Model: c, Names: f.Labels, Features: f.Features}
	if f.Labels != nil {
		m.Classes = make([]int, len(f.Labels))
		for k := range m.Classes {
			m.Classes[k] = k
		}
	} else if pc, ok := c.(ProbabilisticClassifier); ok {
		m.Classes = slices.Clone(pc.Labels())
	}
	return m, nil
}

// check validates the command line's part of a model file, as `demo
// predict` does.
func (f *cliModelFile) check() error {
	if f.Task != taskClassification && f.Task != taskRegression {
		return fmt.Errorf("task %q", f.Task)
	}
	if f.NFeatures < 1 || f.NFeatures > 1<<24 {
		return fmt.Errorf("n_features %d", f.NFeatures)
	}
	if f.Features != nil && len(f.Features) != f.NFeatures {
		return fmt.Errorf("%d feature names for %d features", len(f.Features), f.NFeatures)
	}
	if f.Labels != nil {
		if f.Task != taskClassification {
			return fmt.Errorf("class labels in a regression model")
		}
		if err := checkNames(f.Labels); err != nil {
			return err
		}
	}
	if len(f.Model) == 0 {
		return fmt.Errorf("no model")
	}
	return f.Preprocess.check(f.NFeatures)
}

// check validates the preprocessing of a file with d input features.
func (p *cliPreprocess) check(d int) error {
	if p == nil {
		return nil
	}
	switch p.Scaler {
	case "":
		if p.Center != nil || p.Scale != nil {
			return fmt.Errorf("center and scale without a scaler")
		}
	case ScaleStandard, ScaleMinMax:
		if len(p.Center) != d {
			return fmt.Errorf("the %s scaling has %d centers for %d features", p.Scaler, len(p.Center), d)
		}
	default:
		return fmt.Errorf("unknown scaler %q", p.Scaler)
	}
	if p.PCAMean != nil || p.PCAComponents != nil {
		if len(p.PCAMean) != d {
			return fmt.Errorf("a PCA mean of %d features for %d", len(p.PCAMean), d)
		}
	}
	return nil
}

// steps returns the fitted transformers of the preprocessing: the scaler
// (a ScalerModel), then the projection (a PCAModel with the file's mean
// and components, which Transform needs; its eigenvalues are not saved).
func (p *cliPreprocess) steps() ([]Transformer, error) {
	if p == nil {
		return nil, nil
	}
	var steps []Transformer
	if p.Scaler != "" {
		s := &ScalerModel{Method: p.Scaler, Center: p.Center, Scale: p.Scale}
		if err := s.check(); err != nil {
			return nil, err
		}
		steps = append(steps, s)
	}
	if p.PCAMean != nil || p.PCAComponents != nil {
		for i, row := range p.PCAComponents {
			if len(row) != len(p.PCAMean) {
				return nil, fmt.Errorf("PCA component %d has %d entries for %d features", i+1, len(row), len(p.PCAMean))
			}
		}
		a, err := matrix.NewFromRows(p.PCAComponents)
		if err != nil {
			return nil, err
		}
		if err := checkProjection(p.PCAMean, a); err != nil {
			return nil, err
		}
		steps = append(steps, &PCAModel{Mean: p.PCAMean, Components: a})
	}
	return steps, nil
}

// strictlyIncreasing reports whether a loaded model's classes are sorted
// and distinct (a duplicate class would get no samples, or two scores).
func strictlyIncreasing(classes []int) bool {
	for i := 1; i < len(classes); i++ {
		if classes[i-1] >= classes[i] {
			return false
		}
	}
	return true
}
