package learn

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"mlnotes/matrix"
)

var (
	_ ProbabilisticClassifier   = (*ForestModel)(nil)
	_ ProbabilisticClassifier   = (*BaggingClassifierModel)(nil)
	_ DecisionClassifier        = (*AdaBoostModel)(nil)
	_ ClassifierTrainer         = RandomForest{}
	_ ClassifierTrainer         = AdaBoost{}
	_ WeightedClassifierTrainer = Stump{}
	_ Classifier                = (*Boost3Model)(nil)
	_ Regressor                 = (*BaggingRegressorModel)(nil)
	_ Regressor                 = (*ForestRegressorModel)(nil)
	_ RegressorTrainer          = RandomForest{}
)

// breastCancerSplit returns the reference script's training and test
// parts of breast_cancer.
func breastCancerSplit(t testing.TB, ref *ensembleRef) (xtr *matrix.Dense, ytr []int, xte *matrix.Dense, yte []int) {
	x, y := loadLabelled(t, "breast_cancer.csv")
	pick := func(idx []int) []int {
		out := make([]int, len(idx))
		for k, i := range idx {
			out[k] = y[i]
		}
		return out
	}
	return rowsOf(x, ref.Ensembles.Train), pick(ref.Ensembles.Train), rowsOf(x, ref.Ensembles.Test), pick(ref.Ensembles.Test)
}

func accuracy(t testing.TB, m Classifier, x *matrix.Dense, y []int) float64 {
	t.Helper()
	p, err := m.Predict(x)
	if err != nil {
		t.Fatal(err)
	}
	ok := 0
	for i := range p {
		if p[i] == y[i] {
			ok++
		}
	}
	return float64(ok) / float64(len(y))
}

// TestAdaBoostHalfWeight: in every round Σ_misclassified wᵢ(m+1) = ½ to
// 1e-12, αₘ = ½ ln((1 − ξₘ)/ξₘ), ξₘ < ½; the training error falls; test
// accuracy within 2 points of scikit-learn's (SAMME, 200 stumps).
func TestAdaBoostHalfWeight(t *testing.T) {
	ref := loadEnsembleRef(t)
	xtr, ytr, xte, yte := breastCancerSplit(t, ref)
	m, err := AdaBoost{Rounds: 200}.Fit(xtr, ytr)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Rounds) != 200 || m.Stop != "" {
		t.Fatalf("%d rounds, stop %q", len(m.Rounds), m.Stop)
	}
	for r, rd := range m.Rounds {
		if math.Abs(rd.HalfWeight-0.5) > 1e-12 || !(rd.Error > 0 && rd.Error < 0.5) || rd.Alpha != 0.5*math.Log((1-rd.Error)/rd.Error) {
			t.Errorf("round %d: ξ %v α %v half weight %v", r+1, rd.Error, rd.Alpha, rd.HalfWeight)
		}
	}
	if m.MaxHalfWeightGap > 1e-12 || m.HalfWeightViolations != 0 {
		t.Errorf("max half-weight gap %g, %d violations", m.MaxHalfWeightGap, m.HalfWeightViolations)
	}
	if last := m.Rounds[199].TrainError; last >= m.Rounds[0].TrainError || last > 0.01 {
		t.Errorf("training error %v after 1 round, %v after 200", m.Rounds[0].TrainError, last)
	}
	acc := accuracy(t, m, xte, yte)
	want := ref.Ensembles.BreastCancer["adaboost_stumps200"]
	t.Logf("AdaBoost 200 stumps: test accuracy %.4f, scikit-learn %.4f", acc, want)
	if math.Abs(acc-want) > 0.02 {
		t.Errorf("test accuracy %.4f, scikit-learn %.4f", acc, want)
	}
	// Depth-2 trees as base learners, and the resampling variant: the
	// half-weight property holds whatever hₘ is.
	for _, c := range []AdaBoost{{Rounds: 30, Base: DecisionTree{MaxDepth: 2}}, {Rounds: 30, Resample: true, Seed: 3}, {Rounds: 30, Resample: true, Base: KNN{K: 15}}} {
		m, err := c.Fit(xtr, ytr)
		if err != nil {
			t.Fatal(err)
		}
		if m.MaxHalfWeightGap > 1e-12 || len(m.Alphas) == 0 {
			t.Errorf("%+v: half-weight gap %g, %d members", c, m.MaxHalfWeightGap, len(m.Alphas))
		}
		// Boosted stumps and small trees generalize well here; boosting a
		// 15-NN (a strong, stable learner) on weighted resamples does not,
		// so only the half-weight property is asked of it.
		if _, knn := c.Base.(KNN); !knn {
			if acc := accuracy(t, m, xte, yte); acc < 0.9 {
				t.Errorf("%+v: test accuracy %v", c, acc)
			}
		}
	}
}

// TestAdaBoostPerfectStump: one stump separates the classes (ξ₁ = 0):
// boosting stops at once with that stump alone. Labels 3 and 8.
func TestAdaBoostPerfectStump(t *testing.T) {
	x := mustRows(t, [][]float64{{0, 5}, {1, 3}, {2, 9}, {3, 1}, {4, 4}})
	y := []int{3, 3, 8, 8, 8}
	m, err := AdaBoost{Rounds: 10}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if m.StopRound != 1 || m.StopError != 0 || len(m.Rounds) != 0 || len(m.Stumps) != 1 || !strings.Contains(m.Stop, "ξ = 0") {
		t.Fatalf("stop %q round %d, %d rounds, stumps %v", m.Stop, m.StopRound, len(m.Rounds), m.Stumps)
	}
	if s := m.Stumps[0]; s.Feature != 0 || s.Threshold != 1.5 || s.Left != 3 || s.Right != 8 {
		t.Errorf("stump %+v", *s)
	}
	// ξ = 0 is boosting's fixed point: Converged, also after save and load.
	var buf bytes.Buffer
	if err := m.Save(&buf); err != nil {
		t.Fatal(err)
	}
	if back, err := LoadAdaBoost(&buf); err != nil || !m.Converged || !back.Converged {
		t.Errorf("converged %v, after load %v (%v)", m.Converged, back != nil && back.Converged, err)
	}
	// Rounds that all run end at the cap: not Converged.
	capped, err := AdaBoost{Rounds: 3}.Fit(x, []int{3, 8, 3, 8, 8})
	if err != nil {
		t.Fatal(err)
	}
	if capped.Stop == "" && capped.Converged || capped.Converged != (capped.Stop != "" && capped.StopError == 0) {
		t.Errorf("stop %q, %d rounds, converged %v", capped.Stop, len(capped.Rounds), capped.Converged)
	}
	if p, _ := m.Predict(x); !slices.Equal(p, y) {
		t.Errorf("predictions %v", p)
	}
	// Labels independent of a constant feature: ξ₁ = ½ is an error.
	if _, err := (AdaBoost{}).Fit(mustRows(t, [][]float64{{1}, {1}, {1}, {1}}), []int{0, 1, 0, 1}); !errors.Is(err, ErrNotBetter) {
		t.Errorf("chance-level base: %v", err)
	}
	if _, err := (AdaBoost{}).Fit(x, []int{1, 1, 1, 1, 1}); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("one class: %v", err)
	}
	if _, err := (AdaBoost{Base: KNN{K: 1}}).Fit(x, y); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("unweighted base without resampling: %v", err)
	}
}

// TestStumpExhaustive: the stump's weighted error is the least over all
// (feature, midpoint, labels) by brute force.
func TestStumpExhaustive(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	n, d := 50, 3
	x := matrix.New(n, d)
	y := make([]int, n)
	w := make([]float64, n)
	for i := range n {
		for j := range d {
			x.Set(i, j, rng.Float64())
		}
		y[i] = rng.IntN(2)
		w[i] = rng.Float64()
	}
	h, _ := Stump{}.FitWeighted(x, y, w)
	werr := func(p []int) float64 {
		s := 0.0
		for i := range p {
			if p[i] != y[i] {
				s += w[i]
			}
		}
		return s
	}
	p, _ := h.Predict(x)
	got := werr(p)
	for j := range d {
		for i := range n {
			thr := x.At(i, j)
			for _, lr := range [][2]int{{0, 1}, {1, 0}} {
				q := make([]int, n)
				for k := range n {
					q[k] = lr[1]
					if x.At(k, j) <= thr {
						q[k] = lr[0]
					}
				}
				if e := werr(q); e < got-1e-12 {
					t.Fatalf("x%d ≤ %v has weighted error %v < the stump's %v", j, thr, e, got)
				}
			}
		}
	}
}

// TestAdaBoostSAMME: three classes (wine) by SAMME, and persistence of
// stump and tree ensembles (bit-identical decision values).
func TestAdaBoostSAMME(t *testing.T) {
	x, y := loadLabelled(t, "wine.csv")
	for _, c := range []AdaBoost{{Rounds: 40}, {Rounds: 10, Base: DecisionTree{MaxDepth: 2}}} {
		m, err := c.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		if acc := accuracy(t, m, x, y); acc < 0.95 {
			t.Errorf("SAMME training accuracy %v", acc)
		}
		var buf bytes.Buffer
		if err := m.Save(&buf); err != nil {
			t.Fatal(err)
		}
		l, err := LoadAdaBoost(&buf)
		if err != nil {
			t.Fatal(err)
		}
		s1, _ := m.DecisionFunction(x)
		s2, _ := l.DecisionFunction(x)
		if !matrix.EqualApprox(s1, s2, 0) {
			t.Error("the loaded model differs")
		}
	}
	if _, err := LoadAdaBoost(strings.NewReader(`{"format":"mlnotes/adaboost","version":1,"model":{"classes":[0,1],"features":2,"alphas":[1],"stumps":[{"feature":5,"threshold":0,"left":0,"right":1,"features":2}]}}`)); !errors.Is(err, ErrFormat) {
		t.Errorf("stump on feature 5 of 2: %v", err)
	}
}

// TestForest: within 2 points of scikit-learn's mean test accuracy (100
// trees, 5 seeds); the same forest for 1, 2 and 3 workers; out-of-bag
// accuracy close to the test accuracy; importances sum to 1; persistence.
func TestForest(t *testing.T) {
	ref := loadEnsembleRef(t)
	xtr, ytr, xte, yte := breastCancerSplit(t, ref)
	seeds := 5
	if testing.Short() {
		seeds = 1
	}
	mean := 0.0
	var first *ForestModel
	for s := range seeds {
		m, err := RandomForest{Seed: uint64(s)}.Fit(xtr, ytr)
		if err != nil {
			t.Fatal(err)
		}
		mean += accuracy(t, m, xte, yte) / float64(seeds)
		if s == 0 {
			first = m
		}
	}
	want := ref.Ensembles.BreastCancer["forest100"]
	t.Logf("forest of 100: mean test accuracy %.4f (%d seeds), scikit-learn %.4f; OOB %.4f", mean, seeds, want, first.OOBAccuracy)
	if math.Abs(mean-want) > 0.02 {
		t.Errorf("test accuracy %.4f, scikit-learn %.4f", mean, want)
	}
	if math.Abs(first.OOBAccuracy-mean) > 0.05 || first.OOBPoints != len(ytr) {
		t.Errorf("OOB accuracy %v on %d points", first.OOBAccuracy, first.OOBPoints)
	}
	sum := 0.0
	for _, v := range first.Importances {
		sum += v
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("importances sum to %v", sum)
	}
	var saved bytes.Buffer
	if err := first.Save(&saved); err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{1, 3} {
		m, err := RandomForest{Trees: 100, Seed: 0, Workers: w}.Fit(xtr, ytr)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		m.Save(&buf)
		if buf.String() != saved.String() {
			t.Errorf("%d workers grew another forest", w)
		}
	}
	l, err := LoadForest(&saved)
	if err != nil {
		t.Fatal(err)
	}
	p1, _ := first.PredictProba(xte)
	p2, _ := l.PredictProba(xte)
	if !matrix.EqualApprox(p1, p2, 0) {
		t.Error("the loaded forest differs")
	}
	for _, c := range []RandomForest{{Trees: -1}, {MaxFeatures: 31}, {MaxDepth: -1}, {Workers: -1}} {
		if _, err := c.Fit(xtr, ytr); !errors.Is(err, ErrInvalidParameter) {
			t.Errorf("%+v: %v", c, err)
		}
	}
	for rule, want := range map[string]int{"sqrt": 5, "log2": 4, "all": 30, "7": 7} {
		if got, err := MaxFeaturesRule(rule, 30); got != want || err != nil {
			t.Errorf("%s: %d, %v", rule, got, err)
		}
	}
	for _, rule := range []string{"0", "31", "half", "2.5"} {
		if _, err := MaxFeaturesRule(rule, 30); !errors.Is(err, ErrInvalidParameter) {
			t.Errorf("%s: %v", rule, err)
		}
	}
}

// TestBagging: bagged trees within 2 points of scikit-learn's
// BaggingClassifier (50 trees, 5 seeds); the regressor is the notes'
// average of the B models.
func TestBagging(t *testing.T) {
	ref := loadEnsembleRef(t)
	xtr, ytr, xte, yte := breastCancerSplit(t, ref)
	seeds := 5
	if testing.Short() {
		seeds = 1
	}
	mean := 0.0
	for s := range seeds {
		m, err := Bagging{Base: DecisionTree{}, B: 50, Seed: uint64(s)}.Fit(xtr, ytr)
		if err != nil {
			t.Fatal(err)
		}
		mean += accuracy(t, m, xte, yte) / float64(seeds)
	}
	want := ref.Ensembles.BreastCancer["bagged_trees50"]
	t.Logf("bagged trees (50): mean test accuracy %.4f, scikit-learn %.4f", mean, want)
	if math.Abs(mean-want) > 0.02 {
		t.Errorf("test accuracy %.4f, scikit-learn %.4f", mean, want)
	}
	xr := col(0, 1, 2, 3, 4, 5, 6, 7)
	yr := []float64{1, 4, 2, 8, 5, 7, 1, 3}
	b, err := Bagging{Base: meanRegressor, B: 7, Seed: 2}.FitRegression(xr, yr)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := b.Predict(col(100))
	want2 := 0.0
	for _, f := range b.Models {
		v, _ := f.Predict(col(100))
		want2 += v[0] / 7
	}
	if math.Abs(p[0]-want2) > 8*eps*math.Abs(want2) {
		t.Errorf("bagged mean %v, average of the models %v", p[0], want2)
	}
	if _, err := (Bagging{Base: DecisionTree{}, B: -2}).FitClassifier(xtr, ytr); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("B = −2: %v", err)
	}
}

// TestBoost3: h₁ is right on exactly half of D₂, D₃ is where h₁
// and h₂ disagree, and the ensemble follows the notes' rule.
func TestBoost3(t *testing.T) {
	ref := loadEnsembleRef(t)
	xtr, ytr, xte, yte := breastCancerSplit(t, ref)
	m, err := Boost3{Base: DecisionTree{MaxDepth: 1}, N1: 100, Seed: 1}.Fit(xtr, ytr)
	if err != nil {
		t.Fatal(err)
	}
	if m.H1OnD2 != 0.5 || len(m.D1) != 100 {
		t.Errorf("h1 on D2 %v, |D1| %d", m.H1OnD2, len(m.D1))
	}
	p1, _ := m.H1.Predict(xtr)
	p2, _ := m.H2.Predict(xtr)
	var d3 []int
	for i := range p1 {
		if p1[i] != p2[i] {
			d3 = append(d3, i)
		}
	}
	if !slices.Equal(d3, m.D3) {
		t.Errorf("D3 is not where h1 and h2 disagree")
	}
	p, _ := m.Predict(xte)
	q1, _ := m.H1.Predict(xte)
	q2, _ := m.H2.Predict(xte)
	q3, _ := m.H3.Predict(xte)
	for i := range p {
		if (q1[i] == q2[i] && p[i] != q1[i]) || (q1[i] != q2[i] && p[i] != q3[i]) {
			t.Fatalf("point %d: h1 %d h2 %d h3 %d, ensemble %d", i, q1[i], q2[i], q3[i], p[i])
		}
	}
	t.Logf("stumps: h1 %.3f, ensemble %.3f", accuracy(t, m.H1, xte, yte), accuracy(t, m, xte, yte))
	for _, n1 := range []int{1, len(ytr)} {
		if _, err := (Boost3{Base: DecisionTree{MaxDepth: 1}, N1: n1}).Fit(xtr, ytr); !errors.Is(err, ErrInvalidParameter) {
			t.Errorf("n1 = %d: %v", n1, err)
		}
	}
}

// TestForestRegression: on diabetes (300 training, 142 test points, 100
// trees, 5 seeds) the mean test MSE is within 5% of scikit-learn's
// RandomForestRegressor — its own five seeds spread over ±5% —; the OOB
// MSE estimates it; the forest is the same for 1 and 2 workers and
// survives saving.
func TestForestRegression(t *testing.T) {
	raw, err := os.ReadFile("../testdata/ensemble_reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		F struct {
			Train, Test []int
			MSE100      float64 `json:"mse100"`
		} `json:"forest_regression"`
	}
	if err := json.Unmarshal(raw, &ref); err != nil {
		t.Fatal(err)
	}
	x, y := loadDataset(t, "diabetes.csv")
	pick := func(idx []int) []float64 {
		out := make([]float64, len(idx))
		for k, i := range idx {
			out[k] = y[i]
		}
		return out
	}
	xtr, ytr, xte, yte := rowsOf(x, ref.F.Train), pick(ref.F.Train), rowsOf(x, ref.F.Test), pick(ref.F.Test)
	seeds := 5
	if testing.Short() {
		seeds = 2
	}
	mean, oob := 0.0, 0.0
	var first *ForestRegressorModel
	for s := range seeds {
		m, err := RandomForest{Seed: uint64(s)}.FitRegression(xtr, ytr)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := m.Predict(xte)
		mse := 0.0
		for i := range p {
			mse += (p[i] - yte[i]) * (p[i] - yte[i]) / float64(len(p))
		}
		mean += mse / float64(seeds)
		oob += m.OOBMSE / float64(seeds)
		if s == 0 {
			first = m
		}
	}
	t.Logf("regression forest: test MSE %.1f (OOB %.1f), scikit-learn %.1f", mean, oob, ref.F.MSE100)
	if math.Abs(mean-ref.F.MSE100) > 0.05*ref.F.MSE100 || math.Abs(oob-mean) > 0.15*mean {
		t.Errorf("test MSE %.1f (OOB %.1f), scikit-learn %.1f", mean, oob, ref.F.MSE100)
	}
	two, _ := RandomForest{Seed: 0, Workers: 2}.FitRegression(xtr, ytr)
	var a, b bytes.Buffer
	first.Save(&a)
	two.Save(&b)
	if a.String() != b.String() {
		t.Error("2 workers grew another regression forest")
	}
	l, err := LoadForestRegressor(&a)
	if err != nil {
		t.Fatal(err)
	}
	p1, _ := first.Predict(xte)
	p2, _ := l.Predict(xte)
	if !slices.Equal(p1, p2) {
		t.Error("the loaded regression forest differs")
	}
}

// treeThroughInterface hides the DecisionTree type, so AdaBoost takes the
// generic FitWeighted path (the columns sorted again every round).
type treeThroughInterface struct{ DecisionTree }

// AdaBoost's shared sorted columns for a tree base learner give the same
// ensemble, bit for bit, as fitting each round's tree from scratch.
func TestAdaBoostTreeSharesSortedColumns(t *testing.T) {
	x, y := benchClassification(400, 6)
	for i := range y {
		y[i] += 2 * (i % 3) // three classes: SAMME
	}
	fast, err := AdaBoost{Rounds: 15, Base: DecisionTree{MaxDepth: 2, MaxFeatures: 4, Seed: 3}}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	slow, err := AdaBoost{Rounds: 15, Base: treeThroughInterface{DecisionTree{MaxDepth: 2, MaxFeatures: 4, Seed: 3}}}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(fast.Alphas, slow.Alphas) {
		t.Fatalf("α: %v, from scratch %v", fast.Alphas, slow.Alphas)
	}
	pf, _ := fast.Predict(x)
	ps, _ := slow.Predict(x)
	if !slices.Equal(pf, ps) {
		t.Error("predictions differ")
	}
}
