package live

import (
	"math"
	"testing"

	"mlnotes/cmd/demo/internal/toydata"
	"mlnotes/learn"
)

// The replayed weights sum to one and put half of it on the last member's
// mistakes, the library's half-weight property (AdaRound.HalfWeight).
func TestAdaWeightsHalfOnMistakes(t *testing.T) {
	x, y := toydata.Moons(100, 0.15, 1)
	m, err := learn.AdaBoost{Rounds: 7}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	w, err := adaWeights(m, x, y)
	if err != nil {
		t.Fatal(err)
	}
	members := m.Members()
	pred, err := members[len(members)-1].Predict(x)
	if err != nil {
		t.Fatal(err)
	}
	sum, wrong := 0.0, 0.0
	for i := range w {
		sum += w[i]
		if pred[i] != y[i] {
			wrong += w[i]
		}
	}
	tol := float64(len(w)*len(members)) * 0x1p-52
	last := m.Rounds[len(m.Rounds)-1].HalfWeight
	if math.Abs(sum-1) > tol || math.Abs(wrong-0.5) > tol || math.Abs(wrong-last) > tol {
		t.Errorf("Σw = %.17g, weight on the mistakes %.17g, library's half weight %.17g (tolerance %.1e)", sum, wrong, last, tol)
	}
}
