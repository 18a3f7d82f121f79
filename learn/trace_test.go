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
