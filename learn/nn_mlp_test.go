package learn

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"mlnotes/matrix"
	"mlnotes/optimize"
)

var (
	_ ProbabilisticClassifier = (*MLPClassifierModel)(nil)
	_ Regressor               = (*MLPRegressorModel)(nil)
	_ ClassifierTrainer       = MLP{}
	_ RegressorTrainer        = MLP{}
)

// digitsSplit returns the digits with pixels scaled to [0, 1], split as
// testdata/gen/mlp_digits_sklearn.py does: rows i with i % 4 == 0 are the
// test set.
func digitsSplit(t testing.TB) (xTrain *matrix.Dense, yTrain []int, xTest *matrix.Dense, yTest []int) {
	x, y := loadDataset(t, "digits.csv")
	var train, test [][]float64
	for i := range x.Rows() {
		r := slices.Clone(x.Row(i))
		matrix.ScaleVec(1.0/16, r)
		if i%4 == 0 {
			test, yTest = append(test, r), append(yTest, int(y[i]))
		} else {
			train, yTrain = append(train, r), append(yTrain, int(y[i]))
		}
	}
	xTrain, _ = matrix.NewFromRows(train)
	xTest, _ = matrix.NewFromRows(test)
	return
}

func fractionRight(pred, want []int) float64 {
	c := 0
	for i := range pred {
		if pred[i] == want[i] {
			c++
		}
	}
	return float64(c) / float64(len(want))
}

// TestMLPAgainstScikitLearn trains the digits network of
// testdata/gen/mlp_digits_sklearn.py (64 ReLU units, batch 32, 30 epochs,
// Adam and heavy-ball momentum) with five seeds and compares the mean test
// accuracy on the 450 held-out digits with scikit-learn's: within 1.5
// points (the spread between seeds is about 1 point in both).
func TestMLPAgainstScikitLearn(t *testing.T) {
	raw, err := os.ReadFile("../testdata/mlp_digits_reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		Epochs int
		Runs   map[string]struct{ Mean float64 }
	}
	if err := json.Unmarshal(raw, &ref); err != nil {
		t.Fatal(err)
	}
	xTrain, yTrain, xTest, yTest := digitsSplit(t)
	seeds := 5
	if testing.Short() {
		seeds = 1 // the race run: one seed of Adam, within the same 1.5 points
	}
	for name, tr := range map[string]func(seed uint64) Training{
		"adam": func(s uint64) Training {
			return Training{Adam: &optimize.AdamSettings{LearningRate: 0.001, BatchSize: 32, Epochs: ref.Epochs, Seed: s}}
		},
		"momentum": func(s uint64) Training {
			return Training{SGD: &optimize.SGDSettings{LearningRate: 0.01, Momentum: 0.9, BatchSize: 32, Epochs: ref.Epochs, Seed: s}}
		},
	} {
		if testing.Short() && name != "adam" {
			continue
		}
		var mean float64
		for s := range seeds {
			m, err := MLP{Hidden: []int{64}, Training: tr(uint64(s))}.Fit(xTrain, yTrain)
			if err != nil {
				t.Fatal(err)
			}
			pred, _ := m.Predict(xTest)
			mean += fractionRight(pred, yTest) / float64(seeds)
		}
		want := ref.Runs[name].Mean
		t.Logf("%s: mean test accuracy %.4f, scikit-learn %.4f", name, mean, want)
		if mean < want-0.015 {
			t.Errorf("%s: mean test accuracy %.4f, scikit-learn's %.4f", name, mean, want)
		}
	}
}

// TestMLPClassifierLabelsAndPersistence trains on labels that are not
// 0, 1, …, checks the probabilities, and saves and loads the model:
// predictions and probabilities bit for bit, corrupt files refused.
func TestMLPClassifierLabelsAndPersistence(t *testing.T) {
	x, y := loadDataset(t, "iris.csv")
	labels := make([]int, len(y))
	names := []int{-7, 3, 100}
	for i, v := range y {
		labels[i] = names[int(v)]
	}
	xs, _, _, _ := matrix.Standardize(x, matrix.Population)
	for _, loss := range []LossKind{LossCrossEntropy, LossSquared} {
		m, err := MLP{Hidden: []int{8, 6}, Activation: Activation{Kind: ActTanh}, Loss: loss, Lambda: 1e-4,
			Training: Training{Adam: &optimize.AdamSettings{LearningRate: 0.01, BatchSize: 16, Epochs: 150, Seed: 3}}}.Fit(xs, labels)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(m.Labels(), names) {
			t.Fatalf("labels %v", m.Labels())
		}
		pred, _ := m.Predict(xs)
		if acc := fractionRight(pred, labels); acc < 0.95 {
			t.Errorf("%s: training accuracy %.3f on iris", loss, acc)
		}
		if got := m.History.Accuracy[len(m.History.Accuracy)-1]; !(got > 0.9) {
			t.Errorf("%s: last epoch's running accuracy %v", loss, got)
		}
		p, _ := m.PredictProba(xs)
		for i := range p.Rows() {
			if s := p.Row(i)[0] + p.Row(i)[1] + p.Row(i)[2]; math.Abs(s-1) > 4*eps {
				t.Fatalf("probabilities of row %d sum to %v", i, s)
			}
			if names[argmax(p.Row(i))] != pred[i] {
				t.Fatalf("row %d: predicted %d, largest probability for %d", i, pred[i], names[argmax(p.Row(i))])
			}
		}
		var buf bytes.Buffer
		if err := m.Save(&buf); err != nil {
			t.Fatal(err)
		}
		saved := buf.String()
		m2, err := LoadMLPClassifier(&buf)
		if err != nil {
			t.Fatal(err)
		}
		pred2, _ := m2.Predict(xs)
		p2, _ := m2.PredictProba(xs)
		if !slices.Equal(pred, pred2) || !slices.Equal(p.Col(0), p2.Col(0)) || !slices.Equal(p.Col(2), p2.Col(2)) {
			t.Error("predictions differ after loading")
		}
		for name, bad := range map[string]string{
			"theta short": strings.Replace(saved, `"theta": [`, `"theta": [1,`, 1),
			"classes":     strings.Replace(saved, `100`, `-7`, 1),
			"kind":        strings.Replace(saved, `mlp-classifier`, `mlp-regressor`, 1),
			"activation":  strings.Replace(saved, `"softmax"`, `"swish"`, 1),
			"sizes":       strings.Replace(saved, `"sizes": [`, `"sizes": [-1,`, 1),
		} {
			if bad == saved {
				continue // the substitution does not apply to this model
			}
			if _, err := LoadMLPClassifier(strings.NewReader(bad)); !errors.Is(err, ErrFormat) {
				t.Errorf("%s: %v", name, err)
			}
		}
	}
}

// TestMLPRegressor fits a smooth function of two variables and checks the
// fit, the persistence and the bad-input errors.
func TestMLPRegressor(t *testing.T) {
	x := randomDense(300, 2, 21)
	y := make([]float64, 300)
	for i := range y {
		y[i] = math.Sin(2*x.At(i, 0)) + 0.5*x.At(i, 1)*x.At(i, 1)
	}
	m, err := MLP{Hidden: []int{32}, Activation: Activation{Kind: ActTanh},
		Training: Training{Adam: &optimize.AdamSettings{LearningRate: 0.01, BatchSize: 32, Epochs: 300, Seed: 1}}}.FitRegression(x, y)
	if err != nil {
		t.Fatal(err)
	}
	pred, _ := m.Predict(x)
	var mse, variance float64
	mean := sumFloat(y) / 300
	for i := range y {
		mse += (pred[i] - y[i]) * (pred[i] - y[i]) / 300
		variance += (y[i] - mean) * (y[i] - mean) / 300
	}
	if mse > 0.02*variance {
		t.Errorf("training MSE %.4g for a target variance %.4g", mse, variance)
	}
	var buf bytes.Buffer
	m.Save(&buf)
	m2, err := LoadMLPRegressor(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if pred2, _ := m2.Predict(x); !slices.Equal(pred, pred2) {
		t.Error("predictions differ after loading")
	}
	// η = x₁ + x₂ overflows for x = (10³⁰⁸, 10³⁰⁸): an error, not +Inf.
	sum := &MLPRegressorModel{Network: &Network{Sizes: []int{2, 1, 1}, Hidden: Activation{Kind: ActIdentity},
		Output: Activation{Kind: ActIdentity}, Theta: []float64{1, 1, 0, 1, 0}}}
	huge, _ := matrix.NewFromRows([][]float64{{1e308, 1e308}})
	if _, err := sum.Predict(huge); !errors.Is(err, matrix.ErrNotFinite) {
		t.Errorf("an input that overflows the net inputs: %v", err)
	}
	if _, err := m.Predict(matrix.New(3, 5)); !errors.Is(err, matrix.ErrShape) {
		t.Errorf("wrong width: %v", err)
	}
	yNaN := slices.Clone(y)
	yNaN[5] = math.Inf(1)
	if _, err := (MLP{}).FitRegression(x, yNaN); !errors.Is(err, matrix.ErrNotFinite) {
		t.Errorf("Inf target: %v", err)
	}
	if _, err := (MLP{Hidden: []int{0}}).FitRegression(x, y); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("width 0: %v", err)
	}
	if _, err := (MLP{}).Fit(x, make([]int, 300)); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("one class: %v", err)
	}
	if _, err := (MLP{Loss: "hinge"}).Fit(x, append(make([]int, 299), 1)); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("unknown loss: %v", err)
	}
	if _, err := (MLP{Activation: Activation{Kind: "swish"}}).Fit(x, append(make([]int, 299), 1)); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("unknown activation: %v", err)
	}
}

// TestNetworksOnDegenerateData trains on data a user may well give: two
// samples, a constant column, duplicated rows, all rows equal. Training
// must succeed with finite weights and sensible predictions.
func TestNetworksOnDegenerateData(t *testing.T) {
	tr := Training{Adam: &optimize.AdamSettings{LearningRate: 0.05, BatchSize: 4, Epochs: 200, Seed: 1}}
	two, _ := matrix.NewFromRows([][]float64{{1, 5}, {-1, 5}})
	c, err := MLP{Hidden: []int{4}, Training: tr}.Fit(two, []int{3, 8})
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := c.Predict(two); !slices.Equal(p, []int{3, 8}) {
		t.Errorf("two samples: %v", p)
	}
	dup, _ := matrix.NewFromRows([][]float64{{0, 1}, {0, 1}, {0, 1}, {2, 1}, {2, 1}})
	r, err := MLP{Hidden: []int{4}, Training: tr}.FitRegression(dup, []float64{1, 1, 1, -1, -1})
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := r.Predict(dup); math.Abs(p[0]-1) > 0.05 || math.Abs(p[4]+1) > 0.05 {
		t.Errorf("duplicated rows: %v", p)
	}
	same, _ := matrix.NewFromRows([][]float64{{2, -3, 0}, {2, -3, 0}, {2, -3, 0}})
	a, err := Autoencoder{Hidden: 1, Training: tr}.Fit(same)
	if err != nil {
		t.Fatal(err)
	}
	if e, _ := a.ReconstructionError(same); !(e < 1e-3) {
		t.Errorf("identical rows: reconstruction error %v", e)
	}
	for _, net := range []*Network{c.Network, r.Network, a.Network} {
		if err := matrix.VecFinite(net.Theta); err != nil {
			t.Error(err)
		}
	}
}

// TestNetworkConverged: a network converges only when early stopping ends
// its run before the epoch cap (MLP classifier, regressor, autoencoder);
// without a validation split it runs every epoch and has not converged;
// Converged is saved and loaded with the model.
func TestNetworkConverged(t *testing.T) {
	x := randomDense(60, 3, 8)
	d := randomDense(60, 1, 9)
	y := make([]int, 60)
	for i := range y {
		y[i] = i % 2 // noise: the validation loss soon stops falling
	}
	training := func(valid float64) Training {
		return Training{Adam: &optimize.AdamSettings{LearningRate: 0.01, BatchSize: 10, Epochs: 300}, ValidationFraction: valid, Patience: 5}
	}
	for _, valid := range []float64{0, 0.3} {
		cfg := MLP{Hidden: []int{40}, Activation: Activation{Kind: ActTanh}, Training: training(valid)}
		c, err := cfg.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		r, err := cfg.FitRegression(x, d.Col(0))
		if err != nil {
			t.Fatal(err)
		}
		a, err := Autoencoder{Hidden: 2, Training: training(valid)}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		for name, m := range map[string]struct {
			converged bool
			h         *History
		}{"classifier": {c.Converged, c.History}, "regressor": {r.Converged, r.History}, "autoencoder": {a.Converged, a.History}} {
			stopped := m.h.Epochs < 300
			if m.converged != stopped || m.converged != (valid > 0) {
				t.Errorf("validation %g, %s: Converged %v after %d of 300 epochs", valid, name, m.converged, m.h.Epochs)
			}
		}
		var buf bytes.Buffer
		if err := c.Save(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := LoadMLPClassifier(&buf)
		if err != nil || back.Converged != c.Converged {
			t.Errorf("validation %g: loaded Converged %v, saved %v (%v)", valid, back.Converged, c.Converged, err)
		}
	}
}
