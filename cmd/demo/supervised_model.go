package main

// The model file of the supervised driver (see supervised.go): writing it,
// reading it back (or a plain learn model file), reading data for it, and
// predicting.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"mlnotes/learn"
	"mlnotes/matrix"
)

const cliModelFormat = "mlnotes/cli-model"

// cliModelFile is the JSON form of a model file (supervised.go).
type cliModelFile struct {
	Format     string          `json:"format"`
	Version    int             `json:"version"`
	Kind       string          `json:"kind"`
	Task       string          `json:"task"`               // "classification" or "regression"
	Features   []string        `json:"features,omitempty"` // the feature columns' names, in order
	NFeatures  int             `json:"n_features"`
	Target     string          `json:"target,omitempty"` // the label column's name
	Layout     *columnLayout   `json:"layout,omitempty"`
	Labels     []string        `json:"labels,omitempty"` // class names of text labels
	Preprocess *preprocess     `json:"preprocess,omitempty"`
	Model      json.RawMessage `json:"model"`
}

// cliModel is a model file in memory: its description and the learn model.
type cliModel struct {
	file  cliModelFile
	steps []learn.Transformer // the fitted -scale and -pca, in order
	model any                 // learn.Classifier or learn.Regressor, on the output of steps
	// progress, when set, reports the prediction of many rows by a model
	// that predicts row by row slowly (k-NN: a distance to every training
	// row).
	progress *progressPrinter
}

// writeFile saves the model file at path (writeOutputFile: renamed over
// path only when the command succeeds); nothing is written when the model
// cannot be encoded.
func (m *cliModel) writeFile(stdout io.Writer, path string) error {
	saver, ok := m.model.(interface{ Save(io.Writer) error })
	if !ok {
		return fmt.Errorf("-save: a %s model cannot be saved", m.file.Kind)
	}
	var inner bytes.Buffer
	if err := saver.Save(&inner); err != nil {
		return fmt.Errorf("-save: %w", err)
	}
	f := m.file
	f.Model = json.RawMessage(bytes.TrimSpace(inner.Bytes()))
	out, err := json.MarshalIndent(f, "", " ")
	if err != nil {
		return fmt.Errorf("-save: %w", err)
	}
	return writeOutputFile(stdout, path, append(out, '\n'))
}

// readCLIModel reads a model file: the driver's envelope, or a plain learn
// model file ({"format":"mlnotes/KIND",…}) of a registered kind.
func readCLIModel(path string) (*cliModel, error) {
	content, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	m, err := parseCLIModel(content)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// parseCLIModel is readCLIModel on the bytes of a file. The model itself
// is read by learn.Load, the library's one loader of every model file:
// the driver's envelope becomes the fitted steps and the model.
func parseCLIModel(content []byte) (*cliModel, error) {
	if bytes.HasPrefix(content, gzipMagic) {
		return nil, errGzip
	}
	dec := json.NewDecoder(bytes.NewReader(content))
	var f cliModelFile
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("not a model file: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("not a model file: data after the JSON object")
	}
	if f.Format != cliModelFormat {
		return parsePlainModel(content, f.Format)
	}
	if f.Version != 1 {
		return nil, fmt.Errorf("model file version %d; this demo reads version 1", f.Version)
	}
	if err := f.check(); err != nil {
		return nil, fmt.Errorf("invalid model file: %v", err)
	}
	var inner struct {
		Format string `json:"format"`
	}
	if json.Unmarshal(f.Model, &inner) != nil || inner.Format != "mlnotes/"+f.Kind {
		return nil, fmt.Errorf("unknown model kind %q", f.Kind)
	}
	v, err := learn.Load(bytes.NewReader(content))
	if err != nil {
		return nil, err
	}
	m := &cliModel{file: f}
	switch p := v.(type) {
	case *learn.PipelineClassifierModel:
		if f.Task != "classification" {
			return nil, fmt.Errorf("invalid model file: task %q but the %s model is a classifier", f.Task, f.Kind)
		}
		m.steps, m.model = p.Steps, driverView(p.Model)
	case *learn.PipelineRegressorModel:
		if f.Task != "regression" {
			return nil, fmt.Errorf("invalid model file: task %q but the %s model is a regressor", f.Task, f.Kind)
		}
		m.steps, m.model = p.Steps, p.Model
	default:
		return nil, fmt.Errorf("internal error: learn.Load read a %s model file as %T", f.Kind, v)
	}
	return m, nil
}

// parsePlainModel reads a plain learn model file ({"format":
// "mlnotes/KIND", …}, as learn's Save, and -save before the driver, write
// it) of a supervised model.
func parsePlainModel(content []byte, format string) (*cliModel, error) {
	kind, ok := strings.CutPrefix(format, "mlnotes/")
	if !ok || kind == "pipeline" {
		return nil, fmt.Errorf("not a model file of demo (format %q)", format)
	}
	v, err := learn.Load(bytes.NewReader(content))
	if err != nil {
		return nil, fmt.Errorf("not a model file of demo (format %q): %w", format, err)
	}
	m := &cliModel{file: cliModelFile{Format: cliModelFormat, Version: 1, Kind: kind}}
	switch v.(type) {
	case learn.Classifier:
		m.file.Task, m.model = "classification", driverView(v)
	case learn.Regressor:
		m.file.Task, m.model = "regression", v
	default:
		return nil, fmt.Errorf("not a model file of demo (format %q): a %T predicts no class or value", format, v)
	}
	return m, nil
}

// driverView is what the driver sees of a loaded classifier: an SVM
// classifier through svmView (a ProbabilisticClassifier only when trained
// with probabilities), every other model as it is.
func driverView(c any) any {
	if m, ok := c.(*learn.SVMClassifierModel); ok {
		return svmView(m)
	}
	return c
}

// check validates the driver's part of a model file.
func (f *cliModelFile) check() error {
	if f.Task != "classification" && f.Task != "regression" {
		return fmt.Errorf("task %q", f.Task)
	}
	if f.NFeatures < 1 || f.NFeatures > 1<<24 {
		return fmt.Errorf("n_features %d", f.NFeatures)
	}
	if f.Features != nil && len(f.Features) != f.NFeatures {
		return fmt.Errorf("%d feature names for %d features", len(f.Features), f.NFeatures)
	}
	if f.Labels != nil {
		if f.Task != "classification" || len(f.Labels) < 1 || !slices.IsSorted(f.Labels) || len(slices.Compact(slices.Clone(f.Labels))) != len(f.Labels) {
			return fmt.Errorf("labels must be sorted distinct class names of a classifier")
		}
	}
	if l := f.Layout; l != nil {
		if l.Columns < 0 || l.Columns > 1<<24 || l.Target < -1 || l.Target >= max(l.Columns, 1) {
			return fmt.Errorf("layout %+v", *l)
		}
		for _, j := range l.Dropped {
			if j < 0 || j >= l.Columns || j == l.Target {
				return fmt.Errorf("layout %+v", *l)
			}
		}
		if l.Columns > 0 && l.Columns-1-len(l.Dropped) != f.NFeatures {
			return fmt.Errorf("layout %+v for %d features", *l, f.NFeatures)
		}
	}
	if f.Preprocess != nil {
		if err := f.Preprocess.check(f.NFeatures); err != nil {
			return err
		}
	}
	return nil
}

// readData reads a data file for the model: its feature columns (by name
// when both the file and the model have them, else by position) and, when
// present, its label column.
func (m *cliModel) readData(path string, o readOptions) (*sample, error) {
	f := &m.file
	if o.isLibSVM(path) {
		if o.target != "" {
			return nil, &usageError{msg: "-target applies to CSV files; a LIBSVM file's label is the first item of each line"}
		}
		return readLibSVMSample(path, f.NFeatures, peakOf("predict", ""))
	}
	t, err := readRawTable(path, o.sep)
	if err != nil {
		return nil, err
	}
	d := f.NFeatures
	if d == 0 { // a plain learn model file: no description of the columns
		d = -1
	}
	lab := -1
	if o.target != "" {
		if lab, err = t.column(o.target); err != nil {
			return nil, fmt.Errorf("%s: -target: %w", path, err)
		}
	}
	if err := t.checkSample(t.width); err != nil {
		return nil, err
	}
	feat := make([]int, 0, t.width) // no growth: 8 bytes a column
	switch {
	case t.names != nil && f.Features != nil:
		for _, name := range f.Features {
			j := slices.Index(t.names, name)
			if j < 0 {
				return nil, fmt.Errorf("%s has no column %s, a feature of the model (it needs %s)", path, matrix.QuoteCell(name), quote(f.Features))
			}
			if j == lab {
				return nil, &usageError{msg: fmt.Sprintf("-target %s is a feature of the model", o.target)}
			}
			feat = append(feat, j)
		}
		if lab < 0 && f.Target != "" {
			lab = slices.Index(t.names, f.Target)
		}
	case lab >= 0:
		for j := range t.width {
			if j != lab {
				feat = append(feat, j)
			}
		}
	case t.width == d || d < 0:
		for j := range t.width {
			feat = append(feat, j)
		}
		if d < 0 && t.width > 1 {
			// A plain model file does not say how many features it has:
			// take the training commands' default, the last column.
			feat, lab = feat[:t.width-1], t.width-1
		}
	case t.width == d+1 && (f.Layout == nil || f.Layout.Columns != t.width):
		feat = make([]int, d)
		for j := range d {
			feat[j] = j
		}
		lab = d
	case f.Layout != nil && t.width == f.Layout.Columns:
		lab = f.Layout.Target
		for j := range t.width {
			if j != lab && !slices.Contains(f.Layout.Dropped, j) {
				feat = append(feat, j)
			}
		}
	default:
		want := fmt.Sprintf("%d", d)
		if f.Layout != nil && f.Layout.Columns > d+1 {
			want += fmt.Sprintf(", %d or %d", d+1, f.Layout.Columns)
		} else {
			want += fmt.Sprintf(" or %d", d+1)
		}
		return nil, fmt.Errorf("%s has %d columns; the model has %d features (want %s columns: the features, and perhaps the label)", path, t.width, d, want)
	}
	if d > 0 && len(feat) != d {
		return nil, fmt.Errorf("%s: %d feature columns besides the label; the model has %d features", path, len(feat), d)
	}
	return buildSample(t, feat, lab, o)
}

// prediction is the output of a model on a sample.
type prediction struct {
	classes  []int         // classifier: the class of every row
	values   []float64     // regressor: the value of every row
	proba    *matrix.Dense // with -proba: n×k probabilities of probaLabels
	probaOf  []int
	decision *matrix.Dense // the decision values of a DecisionClassifier
}

// predict preprocesses the sample's features and predicts.
func (m *cliModel) predict(smp *sample, wantProba bool) (*prediction, error) {
	x, err := applySteps(m.steps, smp.x)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", smp.path, err)
	}
	return m.predictPre(x, smp.lines, wantProba)
}

// predictPre predicts the rows of preprocessed features x (lines: where
// each row came from, for messages). A row whose decision value,
// probability or predicted value is not finite cannot be scored: it is an
// error naming how many rows and the first one, never a class.
func (m *cliModel) predictPre(x *matrix.Dense, lines []int, wantProba bool) (*prediction, error) {
	p, err := m.predictRows(x, lines, wantProba)
	var se *learn.ScoreError
	if errors.As(err, &se) && se.Row < len(lines) {
		return nil, fmt.Errorf("%d of %d rows cannot be scored: the %s is not finite (first on line %d): evaluating the model on them overflows float64", se.Count, x.Rows(), se.What, lines[se.Row])
	}
	return p, err
}

// predictRows is predictPre before the library's refusal of rows that
// cannot be scored (learn.ScoreError) is put in the file's terms.
func (m *cliModel) predictRows(x *matrix.Dense, lines []int, wantProba bool) (*prediction, error) {
	p := &prediction{}
	unscorable := func(what string, bad func(i int) bool) error {
		count, first := 0, -1
		for i := range x.Rows() {
			if bad(i) {
				if first < 0 {
					first = i
				}
				count++
			}
		}
		if count == 0 {
			return nil
		}
		return fmt.Errorf("%d of %d rows cannot be scored: the %s is not finite (first on line %d): evaluating the model on them overflows float64", count, x.Rows(), what, lines[first])
	}
	finiteRow := func(a *matrix.Dense) func(int) bool {
		return func(i int) bool {
			for _, v := range a.Row(i) {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return true
				}
			}
			return false
		}
	}
	switch mod := m.model.(type) {
	case learn.Classifier:
		if dc, ok := mod.(learn.DecisionClassifier); ok {
			dec, err := dc.DecisionFunction(x)
			if err != nil {
				return nil, err
			}
			if err := unscorable("decision value", finiteRow(dec)); err != nil {
				return nil, err
			}
			p.decision = dec
		}
		if wantProba {
			pc, ok := mod.(learn.ProbabilisticClassifier)
			if !ok {
				return nil, fmt.Errorf("-proba: the %s model gives no class probabilities", m.file.Kind)
			}
			pr, err := pc.PredictProba(x)
			if err != nil {
				return nil, fmt.Errorf("-proba: %w", err)
			}
			if err := unscorable("probability", finiteRow(pr)); err != nil {
				return nil, err
			}
			p.proba, p.probaOf = pr, pc.Labels()
		}
		cls, err := chunkedPredict(m.progress, mod, x, mod.Predict)
		if err != nil {
			return nil, err
		}
		if m.file.Labels != nil {
			for i, c := range cls {
				if c < 0 || c >= len(m.file.Labels) {
					return nil, fmt.Errorf("line %d: the model predicts class %d, which has no name among its %d labels", lines[i], c, len(m.file.Labels))
				}
			}
		}
		p.classes = cls
	case learn.Regressor:
		if wantProba {
			return nil, fmt.Errorf("-proba: a %s regression model gives no class probabilities", m.file.Kind)
		}
		v, err := chunkedPredict(m.progress, mod, x, mod.Predict)
		if err != nil {
			return nil, err
		}
		if err := unscorable("predicted value", func(i int) bool { return math.IsNaN(v[i]) || math.IsInf(v[i], 0) }); err != nil {
			return nil, err
		}
		p.values = v
	}
	return p, nil
}

// score compares predictions with the sample's labels: ("accuracy",
// fraction right) or ("mse", mean squared error).
func (m *cliModel) score(p *prediction, smp *sample) (string, float64, error) {
	if p.values != nil {
		y, err := smp.targets()
		if err != nil {
			return "", 0, err
		}
		// Each square is rounded before it is added (the conversion
		// forbids a fused multiply-add), so that the score is the same
		// sum, rounded the same way, on every architecture.
		s := 0.0
		for i := range y {
			s += float64((p.values[i] - y[i]) * (p.values[i] - y[i]))
		}
		mse := s / float64(len(y))
		if math.IsInf(mse, 0) {
			return "", 0, fmt.Errorf("the mean squared error overflows float64")
		}
		return "mse", mse, nil
	}
	y, err := smp.classes(m.file.Labels)
	if err != nil {
		return "", 0, err
	}
	right := 0
	for i := range y {
		if y[i] == p.classes[i] {
			right++
		}
	}
	return "accuracy", float64(right) / float64(len(y)), nil
}

// predictionValues is the JSON form of the predictions: names, integers
// or reals.
func (m *cliModel) predictionValues(p *prediction) any {
	if p.values != nil {
		return p.values
	}
	if m.file.Labels != nil {
		out := make([]string, len(p.classes))
		for i, c := range p.classes {
			out[i] = m.file.Labels[c]
		}
		return out
	}
	return p.classes
}

// labelText is the printed form of one class.
func (m *cliModel) labelText(c int) string {
	if m.file.Labels != nil {
		return m.file.Labels[c]
	}
	return strconv.Itoa(c)
}

// predictionTexts is the printed form of every prediction.
func (m *cliModel) predictionTexts(p *prediction) []string {
	if p.values != nil {
		out := make([]string, len(p.values))
		for i, v := range p.values {
			out[i] = strconv.FormatFloat(v, 'g', -1, 64)
		}
		return out
	}
	out := make([]string, len(p.classes))
	for i, c := range p.classes {
		out[i] = m.labelText(c)
	}
	return out
}
