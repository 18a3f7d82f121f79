package learn

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"mlnotes/matrix"
)

// TestSVMDecisionSign checks scikit-learn's sign convention of two-class
// decision values (svm_sign.go): positive means the larger label, for any
// pair of labels, while the machine inside keeps the orientation it was
// trained in; the one-versus-one columns of three classes keep the pair's
// lower label positive.
func TestSVMDecisionSign(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	x, y01 := blobs(rng, 30, 1.5)
	for _, pair := range [][2]int{{0, 1}, {-1, 1}, {7, 3}} {
		y := make([]int, len(y01))
		for i, c := range y01 {
			y[i] = pair[c]
		}
		lo, hi := min(pair[0], pair[1]), max(pair[0], pair[1])
		for _, k := range []Kernel{Linear(), Polynomial(2), Gaussian(2)} {
			m, err := SVM{Kernel: k, C: 1, Probability: true, Seed: 1}.Fit(x, y)
			if err != nil {
				t.Fatal(err)
			}
			mach := m.Machines[0]
			wantPos := lo
			if lo == -1 && hi == 1 {
				wantPos = 1 // LIBSVM's rule for ±1 labels, unchanged
			}
			if mach.Positive != wantPos {
				t.Fatalf("%v %v: the machine's Positive is %d, want %d (training unchanged)", pair, k, mach.Positive, wantPos)
			}
			// The machine's own f, through the same arithmetic: a flipped
			// model with Positive and Negative exchanged is not flipped.
			raw := *m
			if mach.Positive == lo {
				swapped := *mach
				swapped.Positive, swapped.Negative = mach.Negative, mach.Positive
				raw.Machines = []*BinarySVM{&swapped}
			}
			fm, err := raw.DecisionFunction(x)
			if err != nil {
				t.Fatal(err)
			}
			f := fm.Col(0)
			dec, err := m.DecisionFunction(x)
			if err != nil {
				t.Fatal(err)
			}
			d, _ := m.Decision(x)
			pred, _ := m.Predict(x)
			proba, _ := m.PredictProba(x)
			for i := range f {
				want := f[i]
				if mach.Positive == lo {
					want = -f[i] // exact
				}
				if dec.At(i, 0) != want || d[i] != want {
					t.Fatalf("%v %v: row %d: DecisionFunction %v, Decision %v, want −f or f = %v", pair, k, i, dec.At(i, 0), d[i], want)
				}
				if (want > 0 && pred[i] != hi) || (want < 0 && pred[i] != lo) {
					t.Fatalf("%v %v: row %d: decision %v but prediction %d", pair, k, i, want, pred[i])
				}
				// The sigmoid reads the machine's f: P(Positive | f).
				pPos := sigmoidProbability(f[i], mach.ProbA, mach.ProbB)
				pPos = min(max(pPos, minPairProbability), 1-minPairProbability)
				col := slices.Index(m.Classes, mach.Positive)
				if proba.At(i, col) != pPos {
					t.Fatalf("%v %v: row %d: P(%d) = %v, want %v from the machine's f", pair, k, i, mach.Positive, proba.At(i, col), pPos)
				}
			}
			train := m.TrainingDecision()
			for i := range train {
				if (train[i] > 0) != (d[i] > 0) {
					t.Fatalf("%v %v: row %d: TrainingDecision %v, Decision %v: different orientations", pair, k, i, train[i], d[i])
				}
			}
			votes, err := m.Vote(dec)
			if err != nil || !slices.Equal(votes, pred) {
				t.Fatalf("%v %v: Vote(DecisionFunction) = %v (%v), Predict %v", pair, k, votes, err, pred)
			}
			// A value of exactly 0 goes where the machine sends f = 0: its
			// Negative class.
			zero, _ := m.Vote(matrix.New(1, 1))
			if zero[0] != mach.Negative {
				t.Fatalf("%v %v: Vote(0) = %d, want the machine's Negative %d", pair, k, zero[0], mach.Negative)
			}
			var buf bytes.Buffer
			if err := m.Save(&buf); err != nil {
				t.Fatal(err)
			}
			back, err := LoadSVMClassifier(&buf)
			if err != nil {
				t.Fatal(err)
			}
			dBack, _ := back.DecisionFunction(x)
			if !matrix.EqualApprox(dBack, dec, 0) {
				t.Fatalf("%v %v: the loaded model's decision values differ", pair, k)
			}
		}
	}
}

// TestSVMDecisionSignOneVersusOne checks that the columns of three
// classes keep the machines' orientation, positive for the pair's lower
// label: on separated classes, every training row of a pair is on its
// class's side.
func TestSVMDecisionSignOneVersusOne(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{0}, {1}, {4}, {5}, {8}, {9}})
	y := []int{0, 0, 1, 1, 2, 2}
	m, err := SVM{Kernel: Linear(), C: 10}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	dec, err := m.DecisionFunction(x)
	if err != nil {
		t.Fatal(err)
	}
	for j, mach := range m.Machines {
		if mach.Positive > mach.Negative {
			t.Fatalf("machine %d: Positive %d above Negative %d", j, mach.Positive, mach.Negative)
		}
		for i, c := range y {
			if (c == mach.Positive && dec.At(i, j) <= 0) || (c == mach.Negative && dec.At(i, j) >= 0) {
				t.Fatalf("machine %d (%d against %d), row %d of class %d: %v on the wrong side", j, mach.Positive, mach.Negative, i, c, dec.At(i, j))
			}
		}
	}
}

// TestSVMDecisionSignOldFile loads a two-class model saved before the
// sign convention (labels 0/1, class 0 trained as +1): it predicts what it
// predicted then (TestLoadSavedBeforeSplit), and its public decision
// values are now positive for class 1, the machine's f negated.
func TestSVMDecisionSignOldFile(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {1, 0.2}, {0.1, 1}, {2, 2.1}, {2.2, 1.8}, {1.9, 2.3}, {4, 0.1}, {4.2, 0.3}, {3.8, -0.2}})
	raw, err := os.ReadFile(filepath.Join("testdata", "saved", "svm_c2.json"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := LoadSVMClassifier(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	mach := m.Machines[0]
	if mach.Positive != 0 || mach.Negative != 1 {
		t.Fatalf("the saved machine separates %d from %d, want 0 from 1", mach.Positive, mach.Negative)
	}
	d, err := m.Decision(x)
	if err != nil {
		t.Fatal(err)
	}
	pred, _ := m.Predict(x)
	for i := range d {
		if (d[i] > 0) != (pred[i] == 1) {
			t.Fatalf("row %d: decision %v, prediction %d", i, d[i], pred[i])
		}
	}
}
