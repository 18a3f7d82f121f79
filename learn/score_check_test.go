package learn

import (
	"errors"
	"math"
	"strings"
	"testing"

	"mlnotes/matrix"
	"mlnotes/optimize"
)

// Rows that cannot be scored (score_check.go; issue 25, item 3): for every
// learner a row whose scores overflow — a row of ±1e308 built to overflow
// them, or a corrupted but loadable model with weights or training points
// of 1e308 — is refused with a ScoreError naming it, in Predict and in
// every other method that would score it; it never gets a class, a
// probability or a value. Trees score every finite row.

// wantRefused asserts that err is a ScoreError naming row (0-based) among
// count refused rows.
func wantRefused(t *testing.T, name string, err error, row, count int) {
	t.Helper()
	var se *ScoreError
	if !errors.As(err, &se) || !errors.Is(err, matrix.ErrNotFinite) || se.Row != row || se.Count != count {
		t.Errorf("%s: %v, want a ScoreError naming row %d of %d", name, err, row, count)
		return
	}
	if want := "row " + itoa(row+1) + " ("; !strings.Contains(err.Error(), want) {
		t.Errorf("%s: %q does not name %q", name, err, want)
	}
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// scoreData: three classes in four features, labels −3, 7, 1000.
func scoreData() (*matrix.Dense, []int, []float64) { return contractData(36, 4) }

// hugeRow returns the first three rows of x with the middle one replaced
// by v·sign(wⱼ) in column j (sign +1 where w is nil): along w, so that a
// net input wᵀx overflows.
func hugeRow(x *matrix.Dense, v float64, w []float64) *matrix.Dense {
	q := x.Slice(0, 3, 0, x.Cols()).Clone()
	for j := range q.Cols() {
		s := 1.0
		if w != nil && w[j] < 0 {
			s = -1
		}
		q.Set(1, j, s*v)
	}
	return q
}

func TestScoreCheckNeurons(t *testing.T) {
	x, y, _ := scoreData()
	two := []int{0, 1}
	y2 := make([]int, len(y))
	for i := range y {
		y2[i] = two[min(1, i%3)]
	}
	p2, err := Perceptron{}.Fit(x, y2)
	if err != nil {
		t.Fatal(err)
	}
	a2, err := Adaline{}.Fit(x, y2)
	if err != nil {
		t.Fatal(err)
	}
	p3, err := Perceptron{}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	a3, err := Adaline{}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	// The perceptron's weights are sums of samples (Σ|wⱼ| > 2 here), so a
	// row of 1.7e308 along w overflows; AdaLinE's least-squares weights are
	// small, and such a row has a finite net input it is right to score.
	if s := math.Abs(p2.Coef[0]) + math.Abs(p2.Coef[1]) + math.Abs(p2.Coef[2]) + math.Abs(p2.Coef[3]); s < 2 {
		t.Fatalf("Σ|w| = %g: the test needs a larger perceptron", s)
	}
	_, err = p2.Predict(hugeRow(x, 1.7e308, p2.Coef))
	wantRefused(t, "perceptron, a row of 1.7e308 along w", err, 1, 1)
	if _, err := a2.Predict(hugeRow(x, 1.7e308, a2.Coef)); err != nil {
		t.Errorf("adaline, a finite net input: %v", err)
	}
	// Corrupted but loadable: a weight of 1e308 makes every row with a
	// non-zero first feature overflow.
	p2.Coef[0], p3.ClassCoef.Row(1)[0] = 1e308, 1e308
	a2.Coef[0], a3.ClassCoef.Row(2)[0] = -1e308, 1e308
	q := x.Slice(0, 5, 0, 4).Clone()
	for i := range 5 {
		q.Set(i, 0, 3+float64(i))
	}
	for name, m := range map[string]Classifier{"perceptron": p2, "adaline": a2, "perceptron, 3 classes": p3, "adaline, 3 classes": a3} {
		_, err := m.Predict(q)
		wantRefused(t, name+", corrupted weight", err, 0, 5)
	}
}

func TestScoreCheckFisherBayesGMM(t *testing.T) {
	x, y, _ := scoreData()
	f3, err := FisherLDA{}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	y2 := make([]int, len(y))
	for i := range y {
		y2[i] = min(1, i%3)
	}
	f2, err := FisherLDA{}.Fit(x, y2)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f2.Predict(hugeRow(x, 1.7e308, f2.W))
	wantRefused(t, "fisher, a row of 1.7e308 along w", err, 1, 1)
	f2.W[0] = 1e300
	_, err = f2.Predict(hugeRow(x, 1e300, nil))
	wantRefused(t, "fisher, corrupted w", err, 1, 1)
	f3.Directions.Row(0)[0] = 1e300
	_, err = f3.Predict(hugeRow(x, 1e300, nil))
	wantRefused(t, "fisher, 3 classes, corrupted direction", err, 1, 1)

	for _, d := range []ClassDensity{GaussDensity, SharedGaussDensity, KDEDensity} {
		m, err := Bayes{Density: d}.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range []float64{1e308, -1e308} {
			q := hugeRow(x, v, nil)
			_, err := m.Predict(q)
			wantRefused(t, d.String()+" Predict", err, 1, 1)
			_, err = m.PredictProba(q)
			wantRefused(t, d.String()+" PredictProba", err, 1, 1)
			_, err = m.Risk(q)
			wantRefused(t, d.String()+" Risk", err, 1, 1)
		}
	}
	// Parzen: outside every box the densities are exactly 0 (the box test
	// is exact for any finite value): the priors, as documented.
	pz, err := Bayes{Density: ParzenDensity, H: 1}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	p, err := pz.PredictProba(hugeRow(x, 1e308, nil))
	if err != nil || p.At(1, 0) != pz.Priors[0] {
		t.Errorf("parzen outside every box: %v, %v; want the priors %v", p, err, pz.Priors)
	}

	g, err := GaussianMixture{K: 2, Seed: 1}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.Predict(hugeRow(x, 1e308, nil))
	wantRefused(t, "gmm Predict", err, 1, 1)
	_, err = g.PredictProba(hugeRow(x, -1e308, nil))
	wantRefused(t, "gmm PredictProba", err, 1, 1)
}

// TestScoreCheckKNN: a row of 1e308 in four features is 2e308 from every
// training point: no neighbour can be named, so no class and no
// probability row [1, 0, 0]; a corrupted training set at 1e308 likewise.
// Data scaled as a whole keep their neighbours (TestKNNExtremeScales).
func TestScoreCheckKNN(t *testing.T) {
	x, y, r := scoreData()
	m, err := KNN{K: 3}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	reg, err := KNN{K: 3}.FitRegressor(x, r)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []float64{1e308, -1e308} {
		q := hugeRow(x, v, nil)
		_, err := m.Predict(q)
		wantRefused(t, "knn Predict", err, 1, 1)
		_, err = m.PredictProba(q)
		wantRefused(t, "knn PredictProba", err, 1, 1)
		_, err = m.Neighbours(q)
		wantRefused(t, "knn Neighbours", err, 1, 1)
		_, err = reg.Predict(q)
		wantRefused(t, "knn regressor", err, 1, 1)
	}
	bad := x.Clone()
	for i := range bad.Rows() {
		for j := range bad.Cols() {
			bad.Set(i, j, 1e308*float64(1-2*(j%2)))
		}
	}
	c, err := KNN{K: 3}.Fit(bad, y)
	if err != nil {
		t.Fatal(err)
	}
	q := x.Slice(0, 4, 0, 4).Clone()
	copy(q.Row(2), bad.Row(0)) // at the corrupted points: distance 0
	_, err = c.PredictProba(q)
	wantRefused(t, "knn on a corrupted training set", err, 0, 3)
}

func TestScoreCheckLinearAndNetworks(t *testing.T) {
	x, y, r := scoreData()
	lin, err := LinearRegression{}.Fit(x, r)
	if err != nil {
		t.Fatal(err)
	}
	rid, err := Ridge{Lambda: 1}.Fit(x, r)
	if err != nil {
		t.Fatal(err)
	}
	_, err = lin.Predict(hugeRow(x, 1.7e308, lin.Coef))
	wantRefused(t, "linreg, a row along w", err, 1, 1)
	rid.Coef[2] = 1e306
	_, err = rid.Predict(hugeRow(x, 1e3, nil))
	wantRefused(t, "ridge, corrupted weight", err, 1, 1)
	poly, err := LinearRegression{Basis: Basis{Kind: BasisPoly, Degree: 3}}.Fit(x, r)
	if err != nil {
		t.Fatal(err)
	}
	_, err = poly.Predict(hugeRow(x, 1e200, nil))
	wantRefused(t, "linreg, a cube that overflows", err, 1, 1)
	vf, err := VandermondeFit(3).FitRegressor(x.Slice(0, 36, 0, 1).Clone(), r)
	if err != nil {
		t.Fatal(err)
	}
	_, err = vf.Predict(hugeRow(x, 1e200, nil).Slice(0, 3, 0, 1))
	wantRefused(t, "polynomial fit", err, 1, 1)

	for _, act := range []ActivationKind{ActReLU, ActTanh} {
		mlp := MLP{Hidden: []int{5}, Activation: Activation{Kind: act}, Training: Training{Adam: &optimize.AdamSettings{LearningRate: 0.01, BatchSize: 16, Epochs: 40}}}
		c, err := mlp.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		rg, err := mlp.FitRegression(x, r)
		if err != nil {
			t.Fatal(err)
		}
		// A weight of 1e308 on the first feature: the net input of a hidden
		// unit overflows for every row with a first feature beyond ±2, and a
		// saturated tanh must not hide it.
		for _, net := range []*Network{c.Network, rg.Network} {
			net.Weights(1).Row(0)[0] = 1e308
		}
		q := hugeRow(x, 10, nil)
		q.Set(0, 0, 0)
		q.Set(2, 0, 0)
		_, err = c.Predict(q)
		wantRefused(t, string(act)+" mlp Predict", err, 1, 1)
		_, err = c.PredictProba(q)
		wantRefused(t, string(act)+" mlp PredictProba", err, 1, 1)
		_, err = rg.Predict(q)
		wantRefused(t, string(act)+" mlp regressor", err, 1, 1)
	}
}

func TestScoreCheckSVMAndTransforms(t *testing.T) {
	x, y, r := scoreData()
	c, err := SVM{Kernel: Gaussian(2), Probability: true}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	rg, err := SVM{Type: EpsSVR, Kernel: Polynomial(3)}.FitRegression(x, r)
	if err != nil {
		t.Fatal(err)
	}
	q := hugeRow(x, 1e308, nil)
	_, err = c.DecisionFunction(q)
	wantRefused(t, "svm DecisionFunction", err, 1, 1)
	_, err = c.Decision(q)
	wantRefused(t, "svm Decision", err, 1, 1)
	_, err = c.PredictProba(q)
	wantRefused(t, "svm PredictProba", err, 1, 1)
	_, err = c.Predict(q)
	wantRefused(t, "svm Predict", err, 1, 1)
	_, err = rg.Predict(hugeRow(x, 1e120, nil))
	wantRefused(t, "svr Predict", err, 1, 1)

	kp, err := KernelPCA{Kernel: Gaussian(2), Components: 2}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	_, err = kp.Transform(q)
	wantRefused(t, "kernel pca Transform", err, 1, 1)
	p, err := PCA{Components: 2}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []float64{1e308, -1e308} {
		q := hugeRow(x, v, nil)
		if e, err := p.ReconstructionError(q); !errors.Is(err, matrix.ErrNotFinite) {
			t.Errorf("pca ReconstructionError of ±1e308: %v, %v", e, err)
		}
		if _, e, err := p.TransformError(q); !errors.Is(err, matrix.ErrNotFinite) {
			t.Errorf("pca TransformError of ±1e308: %v, %v", e, err)
		}
	}
	wm, err := Whiten{}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []float64{1e308, -1e308} {
		_, err := wm.Transform(hugeRow(x, v, nil))
		wantRefused(t, "whiten Transform", err, 1, 1)
	}
}

// TestScoreCheckThresholds: trees, forests, stumps and AdaBoost compare a
// feature with a threshold, exact for every finite value: a row of ±1e308
// gets the class of the region it falls in, the same as a row of ±1e6.
func TestScoreCheckThresholds(t *testing.T) {
	x, y, _ := scoreData()
	for name, tr := range map[string]ClassifierTrainer{
		"tree": DecisionTree{}, "forest": RandomForest{Trees: 5, Seed: 1}, "stump": Stump{}, "adaboost": AdaBoost{Rounds: 5},
	} {
		m, err := tr.FitClassifier(x, y)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range []float64{1e6, -1e6} {
			a, errA := m.Predict(hugeRow(x, v, nil))
			b, errB := m.Predict(hugeRow(x, math.Copysign(1e308, v), nil))
			if errA != nil || errB != nil || a[1] != b[1] {
				t.Errorf("%s: %v %v against %v %v", name, a, errA, b, errB)
			}
		}
	}
}

// Ensembles pass a member's refusal on (bagged k-NN).
func TestScoreCheckEnsembles(t *testing.T) {
	x, y, _ := scoreData()
	b, err := Bagging{Base: KNN{K: 1}, B: 3, Seed: 1}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	_, err = b.PredictProba(hugeRow(x, 1e308, nil))
	wantRefused(t, "bagged knn", err, 1, 1)
}
