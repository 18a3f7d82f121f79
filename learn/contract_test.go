package learn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"sync"
	"testing"

	"mlnotes/matrix"
)

// The common checks (issue 24, item 5), in the spirit of scikit-learn's
// check_estimator: every learner of contractLearners (contract_table_test.go)
// goes through every check that applies to it, as the subtest
// TestContract/<learner>/<check>. Run them under the race detector with
//
//	go test -race -run Contract ./learn

// contractChecks are the checks, in order.
var contractChecks = []struct {
	name string
	run  func(t *testing.T, l contractLearner)
}{
	{"inputs-untouched", checkInputsUntouched},
	{"bad-training-data", checkBadTrainingData},
	{"one-sample-one-class", checkOneSampleOneClass},
	{"bad-query", checkBadQuery},
	{"labels-as-given", checkLabelsAsGiven},
	{"one-feature", checkOneFeature},
	{"duplicate-constant-columns", checkDuplicateConstantColumns},
	{"predict-length", checkPredictLength},
	{"seed-and-workers", checkSeedAndWorkers},
	{"save-load", checkSaveLoad},
	{"concurrent-predict", checkConcurrentPredict},
	{"refit", checkRefit},
	{"unscorable-rows", checkUnscorableRows},
	{"probabilities", checkProbabilities},
	{"subset-invariance", checkSubsetInvariance},
}

func TestContract(t *testing.T) {
	for _, l := range contractLearners() {
		t.Run(l.name, func(t *testing.T) {
			for _, c := range contractChecks {
				t.Run(c.name, func(t *testing.T) {
					defer func() {
						if r := recover(); r != nil {
							t.Fatalf("panic: %v", r)
						}
					}()
					c.run(t, l)
				})
			}
		})
	}
}

const (
	contractN = 36
	contractD = 4
)

// data returns the suite's training data, in the learner's width.
func (l contractLearner) data() (*matrix.Dense, []int, []float64) {
	x, y, r := contractData(contractN, contractD)
	if l.oneFeature {
		x = x.Slice(0, x.Rows(), 0, 1).Clone()
	}
	return x, y, r
}

// fit trains the learner (seed 1, default workers) on x with the labels
// or targets its task takes.
func (l contractLearner) fit(x *matrix.Dense, y []int, r []float64) (any, error) {
	return l.fitWith(1, 0, x, y, r)
}

func (l contractLearner) fitWith(seed uint64, workers int, x *matrix.Dense, y []int, r []float64) (any, error) {
	if l.classifier != nil {
		m, err := l.classifier(seed, workers).FitClassifier(x, y)
		if m == nil {
			return nil, err
		}
		return m, err
	}
	m, err := l.regressor(seed, workers).FitRegressor(x, r)
	if m == nil {
		return nil, err
	}
	return m, err
}

// mustFit fits on the suite's data, failing the test on an error.
func (l contractLearner) mustFit(t *testing.T) (any, *matrix.Dense) {
	t.Helper()
	x, y, r := l.data()
	m, err := l.fit(x, y, r)
	if err != nil {
		t.Fatalf("fit: %v", err)
	}
	return m, x
}

// outputs returns every number a fitted model gives for x, in one slice:
// the predictions (labels as float64), then the class probabilities and
// the decision values where the model has them.
func outputs(m any, x *matrix.Dense) ([]float64, error) {
	switch m := m.(type) {
	case Classifier:
		p, err := m.Predict(x)
		if err != nil {
			return nil, err
		}
		if len(p) != x.Rows() {
			return nil, fmt.Errorf("%d predictions for %d rows", len(p), x.Rows())
		}
		out := make([]float64, len(p))
		for i, v := range p {
			out[i] = float64(v)
		}
		if pc, ok := m.(ProbabilisticClassifier); ok {
			pr, err := pc.PredictProba(x)
			if err != nil && !errors.Is(err, ErrNoProbabilities) {
				return nil, fmt.Errorf("PredictProba: %w", err)
			}
			if err == nil {
				out = append(out, flat(pr)...)
			}
		}
		if dc, ok := m.(DecisionClassifier); ok {
			dv, err := dc.DecisionFunction(x)
			if err != nil && !errors.Is(err, ErrNoDecisionFunction) {
				return nil, fmt.Errorf("DecisionFunction: %w", err)
			}
			if err == nil {
				out = append(out, flat(dv)...)
			}
		}
		return out, nil
	case Regressor:
		p, err := m.Predict(x)
		if err != nil {
			return nil, err
		}
		if len(p) != x.Rows() {
			return nil, fmt.Errorf("%d predictions for %d rows", len(p), x.Rows())
		}
		return p, nil
	}
	return nil, fmt.Errorf("%T is neither a Classifier nor a Regressor", m)
}

// flat returns the entries of a matrix row after row.
func flat(m *matrix.Dense) []float64 {
	var out []float64
	for i := range m.Rows() {
		out = append(out, m.Row(i)...)
	}
	return out
}

// sameOutputs reports whether two output slices are equal bit for bit.
func sameOutputs(a, b []float64) bool {
	return slices.EqualFunc(a, b, func(u, v float64) bool { return math.Float64bits(u) == math.Float64bits(v) })
}

func mustOutputs(t *testing.T, m any, x *matrix.Dense) []float64 {
	t.Helper()
	o, err := outputs(m, x)
	if err != nil {
		t.Fatalf("predict: %v", err)
	}
	return o
}

// checkInputsUntouched: Fit leaves X and y as they were, bit for bit.
func checkInputsUntouched(t *testing.T, l contractLearner) {
	x, y, r := l.data()
	x0, y0, r0 := x.Clone(), slices.Clone(y), slices.Clone(r)
	if _, err := l.fit(x, y, r); err != nil {
		t.Fatal(err)
	}
	if !sameOutputs(flat(x), flat(x0)) || !slices.Equal(y, y0) || !sameOutputs(r, r0) {
		t.Error("Fit modified its inputs")
	}
}

// checkBadTrainingData: NaN, ±Inf, nil, no rows and a label count that
// differs from n are errors wrapping the package's sentinels.
func checkBadTrainingData(t *testing.T, l contractLearner) {
	x, y, r := l.data()
	withValue := func(v float64) *matrix.Dense {
		c := x.Clone()
		c.Set(5, 0, v)
		return c
	}
	cases := []struct {
		name string
		x    *matrix.Dense
		y    []int
		r    []float64
		want error
	}{
		{"NaN", withValue(math.NaN()), y, r, matrix.ErrNotFinite},
		{"+Inf", withValue(math.Inf(1)), y, r, matrix.ErrNotFinite},
		{"-Inf", withValue(math.Inf(-1)), y, r, matrix.ErrNotFinite},
		{"nil", nil, y, r, matrix.ErrEmpty},
		{"no rows", matrix.New(0, x.Cols()), nil, nil, matrix.ErrEmpty},
		{"labels", x, y[:len(y)-1], r[:len(r)-1], matrix.ErrShape},
	}
	for _, c := range cases {
		m, err := l.fit(c.x, c.y, c.r)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: model %v, error %v; want an error wrapping %v", c.name, m != nil, err, c.want)
		}
	}
	if l.regressor != nil {
		bad := slices.Clone(r)
		bad[3] = math.NaN()
		if _, err := l.fit(x, y, bad); !errors.Is(err, matrix.ErrNotFinite) {
			t.Errorf("a NaN target: %v, want an error wrapping matrix.ErrNotFinite", err)
		}
	}
}

// checkOneSampleOneClass: one sample, and (classifiers) samples of one
// class, are either an error wrapping a sentinel or a model that predicts
// that label (target) everywhere, as scikit-learn's
// check_classifiers_one_label allows.
func checkOneSampleOneClass(t *testing.T, l contractLearner) {
	x, y, r := l.data()
	type tcase struct {
		name string
		x    *matrix.Dense
		y    []int
		r    []float64
	}
	cases := []tcase{{"one sample", x.Slice(0, 1, 0, x.Cols()).Clone(), y[:1], r[:1]}}
	if l.classifier != nil {
		one := make([]int, len(y))
		for i := range one {
			one[i] = 7
		}
		cases = append(cases, tcase{"one class", x, one, r})
	}
	for _, c := range cases {
		m, err := l.fit(c.x, c.y, c.r)
		if err != nil {
			if !isSentinel(err) {
				t.Errorf("%s: %v wraps none of the package's sentinel errors", c.name, err)
			}
			continue
		}
		o, err := outputs(m, x)
		if err != nil {
			t.Errorf("%s: fitted, then predict: %v", c.name, err)
			continue
		}
		for i := range x.Rows() {
			if l.classifier != nil && o[i] != float64(c.y[0]) || l.regressor != nil && !isFiniteValue(o[i]) {
				t.Errorf("%s: fitted, then predicts %v for row %d", c.name, o[i], i)
				break
			}
		}
	}
}

// isSentinel reports whether err wraps one of the sentinel errors of
// learn, matrix or optimize.
func isSentinel(err error) bool {
	for _, s := range []error{ErrInvalidParameter, ErrSeparable, ErrNoProbabilities, ErrNoDecisionFunction, ErrFormat,
		matrix.ErrEmpty, matrix.ErrShape, matrix.ErrNotFinite, matrix.ErrSingular, matrix.ErrNotSPD,
		matrix.ErrRankDeficient, matrix.ErrNoConvergence} {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}

// checkBadQuery: a fitted model refuses NaN, ±Inf, the wrong width, no rows
// and a nil matrix with errors wrapping the sentinels, in Predict and in
// PredictProba and DecisionFunction where it has them.
func checkBadQuery(t *testing.T, l contractLearner) {
	m, x := l.mustFit(t)
	q := func(v float64) *matrix.Dense {
		c := x.Slice(0, 3, 0, x.Cols()).Clone()
		c.Set(1, 0, v)
		return c
	}
	cases := []struct {
		name string
		x    *matrix.Dense
		want error
	}{
		{"NaN", q(math.NaN()), matrix.ErrNotFinite},
		{"+Inf", q(math.Inf(1)), matrix.ErrNotFinite},
		{"-Inf", q(math.Inf(-1)), matrix.ErrNotFinite},
		{"wider", matrix.New(2, x.Cols()+1), matrix.ErrShape},
		{"no rows", matrix.New(0, x.Cols()), matrix.ErrEmpty},
		{"nil", nil, matrix.ErrEmpty},
	}
	if x.Cols() > 1 {
		cases = append(cases, struct {
			name string
			x    *matrix.Dense
			want error
		}{"narrower", matrix.New(2, x.Cols()-1), matrix.ErrShape})
	}
	for _, c := range cases {
		for _, f := range queryMethods(m) {
			if err := f.call(c.x); !errors.Is(err, c.want) {
				t.Errorf("%s: %s: %v, want an error wrapping %v", f.name, c.name, err, c.want)
			}
		}
	}
}

// queryMethod is one prediction method of a fitted model.
type queryMethod struct {
	name string
	call func(x *matrix.Dense) error
}

// hasNoDecisionFunction reports a DecisionClassifier whose method is absent
// in fact (a pipeline over a model without scores).
func hasNoDecisionFunction(dc DecisionClassifier) bool {
	_, err := dc.DecisionFunction(matrix.New(1, 1))
	return errors.Is(err, ErrNoDecisionFunction)
}

// queryMethods lists Predict and, where the model has them, PredictProba and
// DecisionFunction (PredictProba of a model trained without probabilities,
// and DecisionFunction of a model without scores, are left out).
func queryMethods(m any) []queryMethod {
	var out []queryMethod
	switch m := m.(type) {
	case Classifier:
		out = append(out, queryMethod{"Predict", func(x *matrix.Dense) error { _, err := m.Predict(x); return err }})
		if pc, ok := m.(ProbabilisticClassifier); ok {
			if _, err := pc.PredictProba(matrix.New(1, 1)); !errors.Is(err, ErrNoProbabilities) {
				out = append(out, queryMethod{"PredictProba", func(x *matrix.Dense) error { _, err := pc.PredictProba(x); return err }})
			}
		}
		if dc, ok := m.(DecisionClassifier); ok && !hasNoDecisionFunction(dc) {
			out = append(out, queryMethod{"DecisionFunction", func(x *matrix.Dense) error { _, err := dc.DecisionFunction(x); return err }})
		}
	case Regressor:
		out = append(out, queryMethod{"Predict", func(x *matrix.Dense) error { _, err := m.Predict(x); return err }})
	}
	return out
}

// checkLabelsAsGiven: labels that are not 0…k−1 (−3, 7, 1000) come back as
// given, Labels() lists them ascending, and the training data are fitted
// (accuracy ≥ 0.6, against ⅓ by chance: a stump separates two classes of
// three at best; a regressor's training MSE below the targets' variance).
func checkLabelsAsGiven(t *testing.T, l contractLearner) {
	m, x := l.mustFit(t)
	_, y, r := l.data()
	o := mustOutputs(t, m, x)
	if l.classifier != nil {
		right := 0
		for i, v := range o[:x.Rows()] {
			if v != -3 && v != 7 && v != 1000 {
				t.Fatalf("row %d: label %v is not among −3, 7, 1000", i, v)
			}
			if v == float64(y[i]) {
				right++
			}
		}
		if acc := float64(right) / float64(x.Rows()); acc < 0.6 {
			t.Errorf("training accuracy %.3f < 0.6", acc)
		}
		if pc, ok := m.(interface{ Labels() []int }); ok && !slices.Equal(pc.Labels(), []int{-3, 7, 1000}) {
			t.Errorf("Labels() = %v", pc.Labels())
		}
		return
	}
	var mean, vr, mse float64
	for _, v := range r {
		mean += v / float64(len(r))
	}
	for i, v := range r {
		vr += (v - mean) * (v - mean) / float64(len(r))
		mse += (v - o[i]) * (v - o[i]) / float64(len(r))
	}
	if !(mse < vr) {
		t.Errorf("training MSE %g, variance of the targets %g", mse, vr)
	}
}

// checkOneFeature: one feature is enough to fit and predict.
func checkOneFeature(t *testing.T, l contractLearner) {
	x, y, r := l.data()
	x1 := x.Slice(0, x.Rows(), 0, 1).Clone()
	m, err := l.fit(x1, y, r)
	if err != nil {
		t.Fatal(err)
	}
	o := mustOutputs(t, m, x1)
	if !allFinite(o) {
		t.Errorf("outputs not finite: %v", o)
	}
}

// checkDuplicateConstantColumns: a duplicated column and a constant one
// either fit (finite outputs for every row) or give an error wrapping a
// sentinel (a singular scatter or covariance: Fisher, Gaussian Bayes,
// least squares without a penalty).
func checkDuplicateConstantColumns(t *testing.T, l contractLearner) {
	if l.oneFeature {
		t.Skip("not applicable: the learner takes exactly one feature")
	}
	x, y, r := l.data()
	n, d := x.Dims()
	w := matrix.New(n, d+2)
	for i := range n {
		row := w.Row(i)
		copy(row, x.Row(i))
		row[d], row[d+1] = x.At(i, 0), 2.5
	}
	m, err := l.fit(w, y, r)
	if err != nil {
		if !isSentinel(err) {
			t.Errorf("%v wraps no sentinel error", err)
		}
		return
	}
	if o := mustOutputs(t, m, w); !allFinite(o) {
		t.Errorf("outputs not finite: %v", o)
	}
}

// checkPredictLength: one prediction per row, for 1 row and for n.
func checkPredictLength(t *testing.T, l contractLearner) {
	m, x := l.mustFit(t)
	for _, k := range []int{1, 7, x.Rows()} {
		q := x.Slice(0, k, 0, x.Cols())
		switch m := m.(type) {
		case Classifier:
			p, err := m.Predict(q)
			if err != nil || len(p) != k {
				t.Errorf("%d rows: %d predictions, %v", k, len(p), err)
			}
		case Regressor:
			p, err := m.Predict(q)
			if err != nil || len(p) != k {
				t.Errorf("%d rows: %d predictions, %v", k, len(p), err)
			}
		}
	}
}

// checkSeedAndWorkers: the same seed gives the same bits twice, on one
// core and on 16 (GOMAXPROCS, and the learner's Workers where it has
// them).
func checkSeedAndWorkers(t *testing.T, l contractLearner) {
	x, y, r := l.data()
	run := func(procs, workers int) []float64 {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		m, err := l.fitWith(7, workers, x, y, r)
		if err != nil {
			t.Fatal(err)
		}
		return mustOutputs(t, m, x)
	}
	ref := run(runtime.GOMAXPROCS(0), 0)
	if !sameOutputs(ref, run(runtime.GOMAXPROCS(0), 0)) {
		t.Error("two fits with the same seed differ")
	}
	for _, p := range [][2]int{{1, 1}, {16, 16}, {1, 16}, {16, 1}} {
		if !sameOutputs(ref, run(p[0], p[1])) {
			t.Errorf("GOMAXPROCS %d, %d workers: the outputs differ", p[0], p[1])
		}
	}
}

// saver is a fitted model with persistence.
type saver interface{ Save(w io.Writer) error }

// checkSaveLoad: Save then the learner's loader give a model with the same
// outputs, bit for bit, that saves the same bytes again.
func checkSaveLoad(t *testing.T, l contractLearner) {
	m, x := l.mustFit(t)
	s, ok := m.(saver)
	if l.load == nil {
		if ok {
			t.Fatalf("%T has Save but the table has no loader", m)
		}
		t.Skip("not applicable: VandermondeFit's polynomial is the bias–variance experiment's unexported model, fitted and used within one trial")
	}
	if !ok {
		t.Fatalf("%T has no Save", m)
	}
	var buf bytes.Buffer
	if err := s.Save(&buf); err != nil {
		t.Fatal(err)
	}
	saved := slices.Clone(buf.Bytes())
	got, err := l.load(&buf)
	if err != nil {
		t.Fatal(err)
	}
	q, _, _ := contractData(2*contractN, x.Cols())
	if want := mustOutputs(t, m, q); !sameOutputs(want, mustOutputs(t, got, q)) {
		t.Error("the loaded model's outputs differ")
	}
	var again bytes.Buffer
	if err := got.(saver).Save(&again); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(saved, again.Bytes()) {
		t.Error("the loaded model saves other bytes")
	}
}

// checkConcurrentPredict: 16 goroutines (4 with -short) predicting at once
// with one fitted model get the sequential answer (and no race under
// -race).
func checkConcurrentPredict(t *testing.T, l contractLearner) {
	m, x := l.mustFit(t)
	want := mustOutputs(t, m, x)
	g := 16
	if testing.Short() {
		g = 4
	}
	got := make([][]float64, g)
	errs := make([]error, g)
	var wg sync.WaitGroup
	for k := range g {
		wg.Go(func() { got[k], errs[k] = outputs(m, x) })
	}
	wg.Wait()
	for k := range g {
		if errs[k] != nil || !sameOutputs(got[k], want) {
			t.Errorf("goroutine %d: %v, outputs equal: %v", k, errs[k], sameOutputs(got[k], want))
		}
	}
}

// checkRefit: one configuration value fitted on (X, y), then on other
// data, then on (X, y) again gives the first model: a trainer keeps no
// state between fits.
func checkRefit(t *testing.T, l contractLearner) {
	x, y, r := l.data()
	x2, y2, r2 := contractData(contractN+9, x.Cols())
	for i := range x2.Rows() {
		x2.Set(i, 0, x2.At(i, 0)*1.5+0.25)
	}
	var fit func(x *matrix.Dense, y []int, r []float64) (any, error)
	if l.classifier != nil {
		tr := l.classifier(1, 0)
		fit = func(x *matrix.Dense, y []int, _ []float64) (any, error) { return tr.FitClassifier(x, y) }
	} else {
		tr := l.regressor(1, 0)
		fit = func(x *matrix.Dense, _ []int, r []float64) (any, error) { return tr.FitRegressor(x, r) }
	}
	a, err := fit(x, y, r)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fit(x2, y2, r2); err != nil {
		t.Fatal(err)
	}
	c, err := fit(x, y, r)
	if err != nil {
		t.Fatal(err)
	}
	if !sameOutputs(mustOutputs(t, a, x2), mustOutputs(t, c, x2)) {
		t.Error("refitting the configuration gave another model")
	}
}

// checkUnscorableRows: a row of ±1e308 between two ordinary rows either
// cannot be scored — every prediction method refuses it with a
// learn.ScoreError naming it (row index 1), never a class, a probability
// or a value — or can, and then every method gives finite outputs for it
// (a linear model whose weights sum to little; models that only compare
// features with thresholds, trees and their ensembles, must). Learners
// whose scores must overflow on such rows are held to the refusal in
// score_check_test.go, with rows and corrupted models built to overflow.
func checkUnscorableRows(t *testing.T, l contractLearner) {
	m, x := l.mustFit(t)
	for _, sign := range []float64{1, -1} {
		q := x.Slice(0, 3, 0, x.Cols()).Clone()
		for j := range q.Cols() {
			q.Set(1, j, sign*1e308)
		}
		refused := 0
		methods := queryMethods(m)
		for _, f := range methods {
			err := f.call(q)
			if err == nil {
				continue
			}
			var se *ScoreError
			if !errors.As(err, &se) || se.Row != 1 || se.Count != 1 || !errors.Is(err, matrix.ErrNotFinite) {
				t.Errorf("%s on a row of %g: %v, want a ScoreError naming row 1", f.name, sign*1e308, err)
			}
			refused++
		}
		switch {
		case refused > 0 && l.thresholds:
			t.Errorf("a row of %g refused by a threshold model", sign*1e308)
		case refused > 0 && refused < len(methods):
			t.Errorf("a row of %g refused by %d of %d prediction methods", sign*1e308, refused, len(methods))
		case refused == 0:
			if o := mustOutputs(t, m, q); !allFinite(o) {
				t.Errorf("a row of %g scored with outputs that are not finite: %v", sign*1e308, o)
			}
		}
	}
}

// checkProbabilities: class probabilities, where the model gives them,
// are one row per sample and one column per label, in [0, 1], each row
// summing to 1 within the rounding of k additions (k·ε; 64kε for the
// SVM's iterative coupling, contractLearner.coupled).
func checkProbabilities(t *testing.T, l contractLearner) {
	m, x := l.mustFit(t)
	pc, ok := m.(ProbabilisticClassifier)
	if !ok {
		t.Skip("not applicable: no class probabilities")
	}
	p, err := pc.PredictProba(x)
	if errors.Is(err, ErrNoProbabilities) {
		t.Skip("not applicable: trained without probabilities")
	}
	if err != nil {
		t.Fatal(err)
	}
	k := len(pc.Labels())
	if r, c := p.Dims(); r != x.Rows() || c != k {
		t.Fatalf("%d×%d probabilities for %d rows and %d labels", r, c, x.Rows(), k)
	}
	for i := range p.Rows() {
		s := 0.0
		for _, v := range p.Row(i) {
			if !(v >= 0 && v <= 1) {
				t.Fatalf("row %d: probability %v", i, v)
			}
			s += v
		}
		tol := float64(k) * eps
		if l.coupled {
			tol *= 64
		}
		if math.Abs(s-1) > tol {
			t.Errorf("row %d: probabilities sum to 1%+g", i, s-1)
		}
	}
}

// checkSubsetInvariance: predicting rows one at a time gives the bits of
// predicting them all at once (scikit-learn's
// check_methods_subset_invariance): blocked and parallel evaluation must
// not change a row's answer.
func checkSubsetInvariance(t *testing.T, l contractLearner) {
	m, x := l.mustFit(t)
	all := methodOutputs(t, m, x)
	bound, linear := linearBound(m, x)
	for i := range x.Rows() {
		one := methodOutputs(t, m, x.Slice(i, i+1, 0, x.Cols()))
		for name, a := range all {
			u, v := one[name].Row(0), a.Row(i)
			if linear && name == "Predict" {
				if math.Abs(u[0]-v[0]) > bound[i] {
					t.Errorf("row %d alone: %v, in the batch %v, beyond the rounding bound %g", i, u[0], v[0], bound[i])
				}
				continue
			}
			if !sameOutputs(u, v) {
				t.Errorf("%s of row %d alone: %v, in the batch %v", name, i, u, v)
			}
		}
	}
}

// linearBound returns, for the linear regressors (least squares, ridge,
// and bagging or pipelines over them), a bound on how far a row's
// prediction wᵀφ(x) + b may move with the rows predicted with it:
// matrix.Gemv sums rows in groups of four in another order than the rows
// left over (matrix/gemv.go), and the outputs of testdata/models
// (TestLoadCLIModels) freeze the batch order, so these learners meet
// subset invariance to rounding, not to the bit. Two sums of the same p+1
// terms in different orders differ by at most 2γₚ₊₁ Σ|terms|, γₘ ≈ mε.
func linearBound(m any, x *matrix.Dense) ([]float64, bool) {
	switch m := m.(type) {
	case *LinearModel:
		return dotBound(&m.Basis, m.Coef, m.Intercept, x)
	case *RidgeModel:
		return dotBound(&m.Basis, m.Coef, m.Intercept, x)
	case *PipelineRegressorModel:
		xt, err := m.Transform(x)
		if err != nil {
			return nil, false
		}
		return linearBound(m.Model, xt)
	case *BaggingRegressorModel:
		sum := make([]float64, x.Rows())
		for _, f := range m.Models {
			b, ok := linearBound(f, x)
			if !ok {
				return nil, false
			}
			for i, v := range b {
				sum[i] += v / float64(len(m.Models))
			}
		}
		return sum, true
	}
	return nil, false
}

func dotBound(bm *BasisMap, w []float64, b float64, x *matrix.Dense) ([]float64, bool) {
	phi, err := bm.Transform(x)
	if err != nil {
		return nil, false
	}
	out := make([]float64, x.Rows())
	g := 2 * float64(len(w)+1) * eps
	for i := range out {
		s := math.Abs(b)
		for j, v := range phi.Row(i) {
			s += math.Abs(w[j] * v)
		}
		out[i] = 2 * g * s // twice: the batch's sum and the row's
	}
	return out, true
}

// methodOutputs returns the outputs of each prediction method as an n×k
// matrix (Predict as n×1).
func methodOutputs(t *testing.T, m any, x *matrix.Dense) map[string]*matrix.Dense {
	t.Helper()
	out := map[string]*matrix.Dense{}
	col := func(v []float64) *matrix.Dense {
		c, _ := matrix.NewFromSlice(len(v), 1, v)
		return c
	}
	switch m := m.(type) {
	case Classifier:
		p, err := m.Predict(x)
		if err != nil {
			t.Fatal(err)
		}
		v := make([]float64, len(p))
		for i, c := range p {
			v[i] = float64(c)
		}
		out["Predict"] = col(v)
		if pc, ok := m.(ProbabilisticClassifier); ok {
			if pr, err := pc.PredictProba(x); err == nil {
				out["PredictProba"] = pr
			} else if !errors.Is(err, ErrNoProbabilities) {
				t.Fatal(err)
			}
		}
		if dc, ok := m.(DecisionClassifier); ok {
			dv, err := dc.DecisionFunction(x)
			if err == nil {
				out["DecisionFunction"] = dv
			} else if !errors.Is(err, ErrNoDecisionFunction) {
				t.Fatal(err)
			}
		}
	case Regressor:
		p, err := m.Predict(x)
		if err != nil {
			t.Fatal(err)
		}
		out["Predict"] = col(p)
	}
	return out
}
