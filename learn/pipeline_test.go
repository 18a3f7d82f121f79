package learn

import (
	"bytes"
	"errors"
	"math"
	"strconv"
	"strings"
	"sync"
	"testing"

	"mlnotes/matrix"
)

// irisNames reads iris with its labels as names.
func irisNames(t *testing.T) (*matrix.Dense, []string) {
	t.Helper()
	x, cells := readCSVFeatures(t, "testdata/models/iris_words.csv")
	return x, cells
}

// TestPipelineNames fits a pipeline to word labels and checks that it
// predicts the names, that the learner saw the labels 0..2, and that the
// pipeline equals its parts applied by hand.
func TestPipelineNames(t *testing.T) {
	x, names := irisNames(t)
	p := Pipeline{Steps: []TransformerTrainer{StandardScaler{}, PCA{Components: 2}}, Learner: KNN{K: 5}}
	m, err := p.FitNames(x, names)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(m.Names, ",") != "setosa,versicolor,virginica" || len(m.Classes) != 3 || m.Classes[2] != 2 {
		t.Fatalf("names %q, classes %v", m.Names, m.Classes)
	}
	got, err := m.PredictNames(x)
	if err != nil {
		t.Fatal(err)
	}
	// By hand: the same steps, then k-NN on 0..2.
	s, _ := StandardScaler{}.Fit(x)
	xs, _ := s.Transform(x)
	pc, _ := PCA{Components: 2}.Fit(xs)
	xp, _ := pc.Transform(xs)
	y, _ := (&LabelEncoderModel{Names: m.Names}).Encode(names)
	knn, _ := KNN{K: 5}.Fit(xp, y)
	want, _ := knn.Predict(xp)
	right := 0
	for i := range got {
		if got[i] != m.Names[want[i]] {
			t.Fatalf("row %d: %q, by hand %q", i, got[i], m.Names[want[i]])
		}
		if got[i] == names[i] {
			right++
		}
	}
	if right < 135 {
		t.Errorf("%d of 150 right", right)
	}
}

// recordingScaler is a StandardScaler that records the number of rows of
// every fit, to show where the pipeline refits.
type recordingScaler struct {
	mu   *sync.Mutex
	rows *[]int
}

func (r recordingScaler) FitTransformer(x *matrix.Dense) (Transformer, error) {
	r.mu.Lock()
	*r.rows = append(*r.rows, x.Rows())
	r.mu.Unlock()
	return StandardScaler{}.FitTransformer(x)
}

// TestPipelineRefitsPerFold checks that cross-validation refits the
// preprocessing on each training part only: never on the rows it scores.
func TestPipelineRefitsPerFold(t *testing.T) {
	x, cells := readCSVFeatures(t, "../testdata/wine.csv")
	y := make([]int, len(cells))
	for i, c := range cells {
		y[i], _ = strconv.Atoi(c)
	}
	rho, err := KFold(len(y), 4, 7)
	if err != nil {
		t.Fatal(err)
	}
	var rows []int
	rec := recordingScaler{&sync.Mutex{}, &rows}
	res, err := CrossValidateClassifier(Pipeline{Steps: []TransformerTrainer{rec}, Learner: KNN{K: 1}}, x, y, rho)
	if err != nil {
		t.Fatal(err)
	}
	size := make([]int, 4)
	for _, r := range rho {
		size[r]++
	}
	if len(rows) != 4 {
		t.Fatalf("%d fits of the scaler, want 4", len(rows))
	}
	for f, n := range rows {
		if n != len(y)-size[f] {
			t.Errorf("fold %d: scaler fitted on %d rows, the training part has %d", f, n, len(y)-size[f])
		}
	}
	if res.Mean < 0.9 {
		t.Errorf("mean accuracy %g", res.Mean)
	}
}

// TestPipelineSaveLoad checks that a saved pipeline (classifier with
// decision values, regressor) loads and predicts the same bits.
func TestPipelineSaveLoad(t *testing.T) {
	x, names := irisNames(t)
	svm := SVM{Type: CSVC, Kernel: Kernel{Type: GaussianKernel, Gamma: 0.5}, C: 1}
	c, err := Pipeline{Steps: []TransformerTrainer{MinMaxScaler{}, PCA{Components: 3}}, Learner: svm}.FitNames(x, names)
	if err != nil {
		t.Fatal(err)
	}
	c.Features = []string{"a", "b", "c", "d"}
	var buf bytes.Buffer
	if err := c.Save(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := Load(&buf)
	if err != nil {
		t.Fatal(err)
	}
	lc, ok := back.(*PipelineClassifierModel)
	if !ok {
		t.Fatalf("Load gave %T", back)
	}
	if strings.Join(lc.Features, ",") != "a,b,c,d" || strings.Join(lc.Names, ",") != strings.Join(c.Names, ",") {
		t.Errorf("features %q, names %q", lc.Features, lc.Names)
	}
	d1, err := c.DecisionFunction(x)
	if err != nil {
		t.Fatal(err)
	}
	d2, err := lc.DecisionFunction(x)
	if err != nil {
		t.Fatal(err)
	}
	if !matrix.EqualApprox(d1, d2, 0) {
		t.Error("decision values differ after save and load")
	}

	xr, cells := readCSVFeatures(t, "../testdata/diabetes.csv")
	yr := make([]float64, len(cells))
	for i, s := range cells {
		yr[i], _ = strconv.ParseFloat(s, 64)
	}
	r, err := Pipeline{Steps: []TransformerTrainer{StandardScaler{}}, Learner: Ridge{Lambda: 1}}.FitRegression(xr, yr)
	if err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	if err := r.Save(&buf); err != nil {
		t.Fatal(err)
	}
	rb, err := Load(&buf)
	if err != nil {
		t.Fatal(err)
	}
	p1, _ := r.Predict(xr)
	p2, err := rb.(Regressor).Predict(xr)
	if err != nil {
		t.Fatal(err)
	}
	sameVecBits(t, "ridge pipeline predictions", p2, p1)
}

// TestPipelinePassThrough checks PredictProba and DecisionFunction: passed
// through when the final model has them, a named error when it has not.
func TestPipelinePassThrough(t *testing.T) {
	x, names := irisNames(t)
	p := Pipeline{Steps: []TransformerTrainer{StandardScaler{}}, Learner: LogisticRegression{Lambda: 1}}
	m, err := p.FitNames(x, names)
	if err != nil {
		t.Fatal(err)
	}
	pr, err := m.PredictProba(x)
	if err != nil {
		t.Fatal(err)
	}
	if r, c := pr.Dims(); r != 150 || c != 3 || len(m.Labels()) != 3 {
		t.Errorf("probabilities %d×%d, labels %v", r, c, m.Labels())
	}
	for i := range 150 {
		s := 0.0
		for _, v := range pr.Row(i) {
			s += v
		}
		if math.Abs(s-1) > 8*eps {
			t.Fatalf("row %d: probabilities sum to %g", i, s)
		}
	}
	k, err := Pipeline{Learner: KNN{K: 3}}.FitNames(x, names)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := k.DecisionFunction(x); !errors.Is(err, ErrNoDecisionFunction) {
		t.Errorf("k-NN decision function: %v", err)
	}
}

// TestPipelineRefusals checks the named errors of a pipeline.
func TestPipelineRefusals(t *testing.T) {
	x, names := irisNames(t)
	if _, err := (Pipeline{Learner: Ridge{}}).FitNames(x, names); !errors.Is(err, ErrInvalidParameter) || !strings.Contains(err.Error(), "not a ClassifierTrainer") {
		t.Errorf("regressor as classifier: %v", err)
	}
	if _, err := (Pipeline{Learner: LogisticRegression{}}).FitRegressor(x, make([]float64, 150)); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("classifier as regressor: %v", err)
	}
	if _, err := (Pipeline{Learner: KNN{}}).FitNames(x, names[:10]); !errors.Is(err, matrix.ErrShape) {
		t.Errorf("short labels: %v", err)
	}
	if _, err := (Pipeline{Steps: []TransformerTrainer{nil}, Learner: KNN{}}).FitNames(x, names); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("nil step: %v", err)
	}
	if _, err := (Pipeline{Steps: []TransformerTrainer{PCA{Components: 9}}, Learner: KNN{}}).FitNames(x, names); err == nil || !strings.Contains(err.Error(), "step 1") {
		t.Errorf("a failing step: %v", err)
	}
	m, err := Pipeline{Steps: []TransformerTrainer{StandardScaler{}}, Learner: KNN{K: 3}}.FitNames(x, names)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Predict(matrix.New(2, 3)); !errors.Is(err, matrix.ErrShape) {
		t.Errorf("wrong width: %v", err)
	}
	if _, err := m.Predict(nil); !errors.Is(err, matrix.ErrEmpty) {
		t.Errorf("nil rows: %v", err)
	}
	var nilModel *PipelineClassifierModel
	if _, err := nilModel.Predict(x); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("nil model: %v", err)
	}
	if err := nilModel.Save(&bytes.Buffer{}); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("nil model save: %v", err)
	}
}

// TestPipelineInEveryAssessment passes a pipeline to hold-out, the
// bootstrap and bagging, which take trainers: each fits it (its scaler
// included) on its own training rows, as the recording scaler shows.
func TestPipelineInEveryAssessment(t *testing.T) {
	x, cells := readCSVFeatures(t, "../testdata/iris.csv")
	y := make([]int, len(cells))
	for i, c := range cells {
		y[i], _ = strconv.Atoi(c)
	}
	var rows []int
	p := Pipeline{Steps: []TransformerTrainer{recordingScaler{&sync.Mutex{}, &rows}}, Learner: KNN{K: 3}}
	train, val, err := StratifiedHoldOutSplit(y, 0.2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := HoldOutClassifier(p, x, y, train, val); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || rows[0] != len(train) {
		t.Errorf("hold-out fitted the scaler on %v rows, want [%d]", rows, len(train))
	}
	rows = rows[:0]
	if _, err := (Bootstrap{B: 4, Seed: 1}).EstimateClassifier(p, x, y); err != nil {
		t.Fatal(err)
	}
	if len(rows) < 4 {
		t.Errorf("the bootstrap fitted the scaler %d times, want one per resample (4) at least", len(rows))
	}
	rows = rows[:0]
	bag, err := Bagging{Base: p, B: 3, Seed: 1}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 {
		t.Errorf("bagging fitted the scaler %d times, want 3", len(rows))
	}
	if _, err := bag.Predict(x); err != nil {
		t.Fatal(err)
	}
}
