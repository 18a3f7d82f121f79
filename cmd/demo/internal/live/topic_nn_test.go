package live

import (
	"slices"
	"testing"

	"mlnotes/cmd/demo/internal/toydata"
)

// The network a step shows, taken from the recorded run, is bit for bit
// the one a run of that many epochs trains (what demo mlp -epochs k
// prints), for Adam, momentum and plain SGD.
func TestNNStepIsTheShorterRun(t *testing.T) {
	x, y := toydata.XOR(50, 0.2, 1)
	for _, opt := range []string{"adam", "momentum", "sgd"} {
		s := nnState{data: "xor", activation: "tanh", optimizer: opt, hidden: 5, epochs: 30, seed: 3, lr: 0.05}
		var r nnRun
		m, err := s.config(len(y), s.epochs, &r).Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		r.m = m
		for _, k := range []int{1, 7, 29, 30} {
			var short nnRun
			want, err := s.config(len(y), k, &short).Fit(x, y)
			if err != nil {
				t.Fatal(err)
			}
			got := r.at(k)
			if !slices.Equal(got.Network.Theta, want.Network.Theta) || !slices.Equal(got.History.Loss, want.History.Loss) || got.History.Epochs != k {
				t.Errorf("%s: epoch %d of %d differs from a run of %d epochs", opt, k, s.epochs, k)
			}
		}
	}
}
