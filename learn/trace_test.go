package learn

import (
	"slices"
	"testing"

	"mlnotes/matrix"
	"mlnotes/optimize"
)

// TestTraceSteps: the one Trace callback reports each learner's own step —
// EM iterations of every restart (the kept restart's are the model's
// LogLikelihoods) and the epochs of a network — with Iteration and
// Objective filled in.
func TestTraceSteps(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {0.2, 0.1}, {0.1, 0.3}, {3, 3}, {3.2, 2.9}, {2.8, 3.1}, {0.3, 0.2}, {3.1, 3.3}})
	var em []TraceStep
	m, err := GaussianMixture{K: 2, Restarts: 2, Seed: 1, Trace: func(s TraceStep) { em = append(em, s) }}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	var kept [2][]float64
	for _, s := range em {
		if s.EM == nil || s.SMO != nil || s.Epoch != nil || s.Objective != s.EM.LogLikelihood {
			t.Fatalf("EM step %+v", s)
		}
		if s.Iteration != len(kept[s.EM.Restart])+1 {
			t.Fatalf("restart %d: iteration %d after %d", s.EM.Restart, s.Iteration, len(kept[s.EM.Restart]))
		}
		kept[s.EM.Restart] = append(kept[s.EM.Restart], s.Objective)
	}
	if !slices.Equal(kept[0], m.LogLikelihoods) && !slices.Equal(kept[1], m.LogLikelihoods) {
		t.Errorf("the model's log-likelihoods %v are no restart's trace %v", m.LogLikelihoods, kept)
	}
	var epochs []TraceStep
	tr := Training{Adam: &optimize.AdamSettings{Epochs: 3, BatchSize: 4, Seed: 1}, Trace: func(s TraceStep) { epochs = append(epochs, s) }}
	if _, err := (MLP{Hidden: []int{2}, Training: tr}).Fit(x, []int{0, 0, 0, 1, 1, 1, 0, 1}); err != nil {
		t.Fatal(err)
	}
	if len(epochs) != 3 {
		t.Fatalf("%d epochs traced, want 3", len(epochs))
	}
	for i, s := range epochs {
		if s.Epoch == nil || s.Iteration != i+1 || s.Epoch.Epoch != i+1 || s.Objective != s.Epoch.Loss {
			t.Errorf("epoch step %d: %+v", i, s)
		}
	}
	var rounds []TraceStep
	y := []int{0, 0, 0, 1, 1, 1, 0, 1}
	ab, err := AdaBoost{Rounds: 4, Trace: func(s TraceStep) { rounds = append(rounds, s) }}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if len(rounds) != len(ab.Rounds) {
		t.Fatalf("%d rounds traced, the model has %d", len(rounds), len(ab.Rounds))
	}
	for i, s := range rounds {
		if s.Round == nil || *s.Round != ab.Rounds[i] || s.Iteration != i+1 || s.Objective != ab.Rounds[i].Error {
			t.Errorf("round %d: %+v", i+1, s)
		}
	}
	var its []TraceStep
	lr, err := LogisticRegression{Lambda: 1, Solver: LogRegLBFGS, Trace: func(s TraceStep) { its = append(its, s) }}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if len(its) != len(lr.Loss) {
		t.Fatalf("%d solver steps traced, loss history of %d", len(its), len(lr.Loss))
	}
	for i, s := range its {
		if s.Solver == nil || s.Iteration != i || s.Objective != lr.Loss[i] {
			t.Errorf("solver step %d: %+v", i, s)
		}
	}
}

// TestTraceNeurons: the perceptron and AdaLinE report every epoch of every
// neuron (Iteration from 1, Objective the mistakes or the mean squared
// error, Class the label the neuron separates), one neuron after the
// other in class order; with two classes the steps are the model's
// Mistakes or MSE, and tracing does not change the model.
func TestTraceNeurons(t *testing.T) {
	x, y, _ := contractData(40, 3)
	two := make([]int, len(y))
	for i, v := range y {
		two[i] = min(v, 1) * 5 // labels 0 and 5
	}
	for _, labels := range [][]int{two, y} {
		classes := sortedLabels(labels)
		var steps []TraceStep
		trace := func(s TraceStep) { steps = append(steps, s) }
		p, err := Perceptron{MaxIter: 30, Seed: 2, Trace: trace}.Fit(x, labels)
		if err != nil {
			t.Fatal(err)
		}
		plain, _ := Perceptron{MaxIter: 30, Seed: 2}.Fit(x, labels)
		checkNeuronSteps(t, "perceptron", steps, classes, false)
		if !sameOutputs(flat(mustDense(p.ClassCoef, p.Coef)), flat(mustDense(plain.ClassCoef, plain.Coef))) || !slices.Equal(p.Mistakes, plain.Mistakes) {
			t.Error("perceptron: tracing changed the model")
		}
		if len(classes) == 2 {
			var m []int
			for _, s := range steps {
				m = append(m, s.Neuron.Mistakes)
			}
			if !slices.Equal(m, p.Mistakes) {
				t.Errorf("perceptron: traced mistakes %v, model's %v", m, p.Mistakes)
			}
		}
		steps = nil
		a, err := Adaline{MaxIter: 30, LearningRate: 0.005, Seed: 2, Trace: trace}.Fit(x, labels)
		if err != nil {
			t.Fatal(err)
		}
		aplain, _ := Adaline{MaxIter: 30, LearningRate: 0.005, Seed: 2}.Fit(x, labels)
		checkNeuronSteps(t, "adaline", steps, classes, true)
		if !sameOutputs(a.MSE, aplain.MSE) || !sameOutputs(flat(mustDense(a.ClassCoef, a.Coef)), flat(mustDense(aplain.ClassCoef, aplain.Coef))) {
			t.Error("adaline: tracing changed the model")
		}
		if len(classes) == 2 {
			var m []float64
			for _, s := range steps {
				m = append(m, s.Neuron.MSE)
			}
			if !sameOutputs(m, a.MSE) {
				t.Errorf("adaline: traced MSE %v, model's %v", m, a.MSE)
			}
		}
	}
}

// checkNeuronSteps checks the order and the fields of single-neuron steps:
// the neurons of classes (the larger of two; every class of more) in
// turn, each from epoch 1.
func checkNeuronSteps(t *testing.T, name string, steps []TraceStep, classes []int, mse bool) {
	t.Helper()
	want := classes
	if len(classes) == 2 {
		want = classes[1:]
	}
	var seen []int
	for i, s := range steps {
		if s.Neuron == nil || s.Epoch != nil || s.SMO != nil {
			t.Fatalf("%s step %d: %+v", name, i, s)
		}
		v := float64(s.Neuron.Mistakes)
		if mse {
			v = s.Neuron.MSE
		}
		if s.Objective != v {
			t.Errorf("%s step %d: objective %v, neuron's %v", name, i, s.Objective, v)
		}
		if len(seen) == 0 || seen[len(seen)-1] != s.Neuron.Class {
			if s.Iteration != 1 {
				t.Errorf("%s: class %d starts at iteration %d", name, s.Neuron.Class, s.Iteration)
			}
			seen = append(seen, s.Neuron.Class)
		} else if s.Iteration != steps[i-1].Iteration+1 {
			t.Errorf("%s: class %d, iteration %d after %d", name, s.Neuron.Class, s.Iteration, steps[i-1].Iteration)
		}
	}
	if !slices.Equal(seen, want) {
		t.Errorf("%s: neurons traced in the order %v, want %v", name, seen, want)
	}
}

// mustDense returns the K×d weights of a model of K > 2 classes, or its
// one weight vector as a 1×d matrix.
func mustDense(m *matrix.Dense, w []float64) *matrix.Dense {
	if m != nil {
		return m
	}
	d, _ := matrix.NewFromSlice(1, len(w), w)
	return d
}
