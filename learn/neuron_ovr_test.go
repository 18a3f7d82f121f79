package learn

import (
	"bytes"
	"errors"
	"runtime"
	"slices"
	"strings"
	"testing"

	"mlnotes/matrix"
)

// relabel returns 1 where y is class and 0 elsewhere: the two-class
// problem "class against the rest", with the class as the larger label.
func relabel(y []int, class int) []int {
	out := make([]int, len(y))
	for i, v := range y {
		if v == class {
			out[i] = 1
		}
	}
	return out
}

// TestNeuronsOneVersusRest checks the several-class perceptron and
// AdaLinE against their definition: row k of the weights is, to the bit,
// the two-class fit of "class k against the rest" with the same settings;
// the prediction is the class of the largest net input; the course of
// training sums (mistakes) or averages (MSE) the neurons'; the results do
// not depend on the number of cores; and the model survives Save and Load.
func TestNeuronsOneVersusRest(t *testing.T) {
	labels := []int{-4, 2, 7}
	x, y := classBlobs(30, 3, labels, 0.15, 5) // each class separable from the rest
	pm, err := Perceptron{Seed: 9}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	am, err := Adaline{Seed: 9, LearningRate: 0.02}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(pm.Classes, labels) || pm.ClassCoef.Rows() != 3 || pm.Coef != nil || !pm.Converged {
		t.Fatalf("perceptron: classes %v, %d neurons, converged %v", pm.Classes, pm.ClassCoef.Rows(), pm.Converged)
	}
	mistakes := make([]int, pm.Epochs)
	mse := make([]float64, am.Epochs)
	for k, c := range labels {
		bp, err := Perceptron{Seed: 9}.Fit(x, relabel(y, c))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(pm.ClassCoef.Row(k), bp.Coef) || pm.ClassIntercept[k] != bp.Intercept {
			t.Errorf("perceptron neuron %d differs from the two-class fit of class %d against the rest", k, c)
		}
		for e := range mistakes {
			mistakes[e] += bp.Mistakes[min(e, len(bp.Mistakes)-1)]
		}
		ba, err := Adaline{Seed: 9, LearningRate: 0.02}.Fit(x, relabel(y, c))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(am.ClassCoef.Row(k), ba.Coef) || am.ClassIntercept[k] != ba.Intercept {
			t.Errorf("adaline neuron %d differs from the two-class fit of class %d against the rest", k, c)
		}
		for e := range mse {
			mse[e] += ba.MSE[min(e, len(ba.MSE)-1)] / 3
		}
	}
	if !slices.Equal(pm.Mistakes, mistakes) {
		t.Errorf("perceptron mistakes %v, want the neurons' sums %v", pm.Mistakes, mistakes)
	}
	for e := range mse {
		if d := am.MSE[e] - mse[e]; d > 1e-15 || d < -1e-15 {
			t.Errorf("adaline MSE[%d] = %v, want the neurons' mean %v", e, am.MSE[e], mse[e])
		}
	}
	for name, m := range map[string]interface {
		Predict(*matrix.Dense) ([]int, error)
	}{"perceptron": pm, "adaline": am} {
		var w *matrix.Dense
		var b []float64
		switch m := m.(type) {
		case *PerceptronModel:
			w, b = m.ClassCoef, m.ClassIntercept
		case *AdalineModel:
			w, b = m.ClassCoef, m.ClassIntercept
		}
		got, err := m.Predict(x)
		if err != nil {
			t.Fatal(err)
		}
		for i := range got {
			z := make([]float64, 3)
			for k := range z {
				z[k] = matrix.Dot(w.Row(k), x.Row(i)) + b[k]
			}
			if want := labels[argmax(z)]; got[i] != want {
				t.Fatalf("%s row %d: predicted %d, the largest net input is class %d", name, i, got[i], want)
			}
		}
		if name == "perceptron" && !slices.Equal(got, y) {
			t.Errorf("perceptron: converged but misclassifies its training data")
		}
	}
	// Any number of cores, the same bits.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	p1, _ := Perceptron{Seed: 9}.Fit(x, y)
	runtime.GOMAXPROCS(2)
	p2, _ := Perceptron{Seed: 9}.Fit(x, y)
	d1, _ := p1.ClassCoef.Raw()
	d2, _ := p2.ClassCoef.Raw()
	d0, _ := pm.ClassCoef.Raw()
	if !slices.Equal(d1, d2) || !slices.Equal(d1, d0) {
		t.Error("the weights depend on the number of cores")
	}
	// Save and load.
	var buf bytes.Buffer
	if err := pm.Save(&buf); err != nil {
		t.Fatal(err)
	}
	saved := buf.String()
	back, err := LoadPerceptron(strings.NewReader(saved))
	if err != nil {
		t.Fatal(err)
	}
	p, _ := pm.Predict(x)
	q, _ := back.Predict(x)
	if !slices.Equal(p, q) {
		t.Error("the loaded perceptron predicts differently")
	}
	buf.Reset()
	_ = am.Save(&buf)
	aback, err := LoadAdaline(&buf)
	if err != nil {
		t.Fatal(err)
	}
	p, _ = am.Predict(x)
	q, _ = aback.Predict(x)
	if !slices.Equal(p, q) {
		t.Error("the loaded adaline predicts differently")
	}
	// A model whose neurons do not match its classes is refused.
	broken := strings.Replace(saved, `"ClassIntercept": [`, `"ClassIntercept": [0,`, 1)
	if _, err := LoadPerceptron(strings.NewReader(broken)); !errors.Is(err, ErrFormat) {
		t.Errorf("four intercepts for three classes: %v", err)
	}
}

// TestNeuronsOnWine: one versus rest on the standardized wine data (three
// cultivars, 13 features), where each cultivar is nearly separable from
// the other two: both neurons classify the training data almost
// perfectly (scikit-learn's Perceptron, one versus rest too, fits it
// with training accuracy 1.0 on standardized data).
func TestNeuronsOnWine(t *testing.T) {
	x, y := loadLabelled(t, "wine.csv")
	z, _, _, _ := matrix.Standardize(x, matrix.Population)
	pm, err := Perceptron{}.Fit(z, y)
	if err != nil {
		t.Fatal(err)
	}
	am, err := Adaline{}.Fit(z, y)
	if err != nil {
		t.Fatal(err)
	}
	for name, m := range map[string]Classifier{"perceptron": pm, "adaline": am} {
		p, _ := m.Predict(z)
		right := 0
		for i := range p {
			if p[i] == y[i] {
				right++
			}
		}
		if acc := float64(right) / float64(len(y)); acc < 0.97 {
			t.Errorf("%s: training accuracy %.3f on standardized wine", name, acc)
		}
	}
}
