package learn

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"

	"mlnotes/matrix"
)

// TestStandardScalerMoments checks that the standardized training columns
// have mean 0 and variance 1 (divisor n), that a constant column is only
// centred, and that X is left untouched.
func TestStandardScalerMoments(t *testing.T) {
	x, _ := readCSVFeatures(t, "../testdata/wine.csv")
	x.Row(0)[2] = 0 // not constant; below, a constant column is added
	rows := x.ToRows()
	for i := range rows {
		rows[i] = append(rows[i], 7.5)
	}
	x = mustRows(t, rows)
	before := x.Clone()
	s, err := StandardScaler{}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	z, err := s.Transform(x)
	if err != nil {
		t.Fatal(err)
	}
	if !matrix.EqualApprox(x, before, 0) {
		t.Fatal("Fit or Transform modified X")
	}
	n, d := z.Dims()
	for j := range d - 1 {
		mean, sq := 0.0, 0.0
		for _, v := range z.Col(j) {
			mean += v
			sq += v * v
		}
		mean /= float64(n)
		// Each z is (x − x̄)/s rounded: the sums carry n·ε relative error.
		tol := 4 * float64(n) * eps
		if math.Abs(mean) > tol || math.Abs(sq/float64(n)-1) > tol {
			t.Errorf("column %d: mean %g, variance %g", j, mean, sq/float64(n))
		}
	}
	if s.Scale[d-1] != 1 || s.Center[d-1] != 7.5 {
		t.Errorf("constant column: center %g, scale %g, want 7.5, 1", s.Center[d-1], s.Scale[d-1])
	}
}

// TestStandardScalerExtremeMagnitudes checks the power-of-two guard: a
// column near the largest float64, and one of subnormal numbers, give the
// exact moments of the scaled column, finite and positive.
func TestStandardScalerExtremeMagnitudes(t *testing.T) {
	x := mustRows(t, [][]float64{{1e308, 3e-310}, {-1e308, 1e-310}})
	s, err := StandardScaler{}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if s.Center[0] != 0 || s.Scale[0] != 1e308 {
		t.Errorf("huge column: center %g, scale %g, want 0, 1e308", s.Center[0], s.Scale[0])
	}
	if s.Center[1] != 2e-310 || s.Scale[1] != 1e-310 {
		t.Errorf("subnormal column: center %g, scale %g, want 2e-310, 1e-310", s.Center[1], s.Scale[1])
	}
	z, err := s.Transform(x)
	if err != nil {
		t.Fatal(err)
	}
	if z.At(0, 0) != 1 || z.At(1, 1) != -1 {
		t.Errorf("standardized %v", z.ToRows())
	}
}

func TestMinMaxScaler(t *testing.T) {
	x := mustRows(t, [][]float64{{1, 5, -2}, {3, 5, 2}, {2, 5, 0}})
	s, err := MinMaxScaler{}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	z, err := s.Transform(x)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]float64{{0, 0, 0}, {1, 0, 1}, {0.5, 0, 0.5}}
	if !matrix.EqualApprox(z, mustRows(t, want), 0) {
		t.Errorf("min-max scaled %v, want %v", z.ToRows(), want)
	}
	_, err = MinMaxScaler{}.Fit(mustRows(t, [][]float64{{-1.5e308}, {1.5e308}}))
	if !errors.Is(err, matrix.ErrNotFinite) || !strings.Contains(err.Error(), "feature 1") {
		t.Errorf("a range beyond float64: %v", err)
	}
}

// TestScalerRefusals checks the named errors of bad input.
func TestScalerRefusals(t *testing.T) {
	nan := mustRows(t, [][]float64{{1, math.NaN()}, {2, 3}})
	for _, fit := range []func(*matrix.Dense) (*ScalerModel, error){StandardScaler{}.Fit, MinMaxScaler{}.Fit} {
		if _, err := fit(nil); !errors.Is(err, matrix.ErrEmpty) {
			t.Errorf("nil: %v", err)
		}
		if _, err := fit(matrix.New(0, 2)); !errors.Is(err, matrix.ErrEmpty) {
			t.Errorf("no rows: %v", err)
		}
		if _, err := fit(nan); !errors.Is(err, matrix.ErrNotFinite) {
			t.Errorf("NaN: %v", err)
		}
	}
	s, err := StandardScaler{}.Fit(mustRows(t, [][]float64{{1, 2}, {3, 5}}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Transform(matrix.New(1, 3)); !errors.Is(err, matrix.ErrShape) {
		t.Errorf("wrong width: %v", err)
	}
	if _, err := s.Transform(nan); !errors.Is(err, matrix.ErrNotFinite) {
		t.Errorf("NaN: %v", err)
	}
	tiny, err := StandardScaler{}.Fit(mustRows(t, [][]float64{{0}, {1e-300}}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tiny.Transform(mustRows(t, [][]float64{{1e300}})); !errors.Is(err, matrix.ErrNotFinite) {
		t.Errorf("overflowing result: %v", err)
	}
	var nilModel *ScalerModel
	if _, err := nilModel.Transform(matrix.New(1, 1)); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("nil model: %v", err)
	}
}

// TestScalerSaveLoad checks that a saved scaler loads to the same bits,
// through LoadScaler and through Load.
func TestScalerSaveLoad(t *testing.T) {
	x, _ := readCSVFeatures(t, "../testdata/iris.csv")
	for _, tr := range []TransformerTrainer{StandardScaler{}, MinMaxScaler{}} {
		f, err := tr.FitTransformer(x)
		if err != nil {
			t.Fatal(err)
		}
		s := f.(*ScalerModel)
		var buf bytes.Buffer
		if err := s.Save(&buf); err != nil {
			t.Fatal(err)
		}
		got, err := Load(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		g := got.(*ScalerModel)
		if g.Method != s.Method {
			t.Errorf("method %q, want %q", g.Method, s.Method)
		}
		sameVecBits(t, "center", g.Center, s.Center)
		sameVecBits(t, "scale", g.Scale, s.Scale)
	}
}

func TestLabelEncoder(t *testing.T) {
	enc, err := LabelEncoder{}.Fit([]string{"virginica", "setosa", "versicolor", "setosa"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(enc.Names, ",") != "setosa,versicolor,virginica" || enc.K() != 3 {
		t.Fatalf("names %q", enc.Names)
	}
	y, err := enc.Encode([]string{"virginica", "setosa"})
	if err != nil || y[0] != 2 || y[1] != 0 {
		t.Fatalf("Encode = %v, %v", y, err)
	}
	names, err := enc.Decode([]int{1, 2})
	if err != nil || names[0] != "versicolor" || names[1] != "virginica" {
		t.Fatalf("Decode = %q, %v", names, err)
	}
	if _, err := enc.Encode([]string{"setosa", "rosa"}); !errors.Is(err, ErrInvalidParameter) || !strings.Contains(err.Error(), `"rosa"`) {
		t.Errorf("unseen name: %v", err)
	}
	if _, err := enc.Decode([]int{3}); !errors.Is(err, ErrInvalidParameter) || !strings.Contains(err.Error(), "label 3") {
		t.Errorf("label out of range: %v", err)
	}
	if _, err := (LabelEncoder{}).Fit(nil); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("no labels: %v", err)
	}
	var buf bytes.Buffer
	if err := enc.Save(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := LoadLabelEncoder(&buf)
	if err != nil || strings.Join(back.Names, ",") != strings.Join(enc.Names, ",") {
		t.Errorf("load: %v, %v", back, err)
	}
}

// TestScalerOverflowNamesTheRow checks that a row the scaling sends beyond
// float64 is a *ScoreError naming it, through the scaler and a pipeline.
func TestScalerOverflowNamesTheRow(t *testing.T) {
	x := mustRows(t, [][]float64{{0}, {1e-300}, {2e-300}})
	s, err := StandardScaler{}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	var se *ScoreError
	if _, err := s.Transform(mustRows(t, [][]float64{{0}, {1e300}})); !errors.As(err, &se) || !errors.Is(err, matrix.ErrNotFinite) {
		t.Errorf("scaler: %v", err)
	}
	m, err := Pipeline{Steps: []TransformerTrainer{StandardScaler{}}, Learner: KNN{K: 1}}.Fit(x, []int{0, 1, 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Predict(mustRows(t, [][]float64{{0}, {1e300}})); !errors.As(err, &se) {
		t.Errorf("pipeline: %v", err)
	}
}
