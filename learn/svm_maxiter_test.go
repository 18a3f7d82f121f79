package learn

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"mlnotes/matrix"
)

// TestSVMIterationCap: MaxIter caps the SMO iterations of every machine,
// and a fit that reaches it returns the model it has together with an error
// wrapping matrix.ErrNoConvergence (LIBSVM warns and keeps the model).
// The kept model predicts; raising the limit gives the converged model with
// no error. A negative limit is refused.
func TestSVMIterationCap(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	x, y := blobs(rng, 120, 0.5) // overlapping: many iterations
	for i := range y {
		if i%3 == 0 {
			y[i] = 2 // three classes
		}
	}
	const limit = 3
	s := SVM{Kernel: Gaussian(1), C: 10, MaxIter: limit}
	m, err := s.Fit(x, y)
	if !errors.Is(err, matrix.ErrNoConvergence) {
		t.Fatalf("err = %v, want ErrNoConvergence", err)
	}
	if m == nil || len(m.Machines) != 3 || m.Converged {
		t.Fatalf("model %v: want the three machines kept, Converged false", m)
	}
	if !strings.Contains(err.Error(), "classes") {
		t.Errorf("%v: does not name the classes", err)
	}
	for k, mach := range m.Machines {
		if mach.Iterations != limit {
			t.Errorf("machine %d: %d iterations, limit %d", k, mach.Iterations, limit)
		}
	}
	if _, err := m.Predict(x); err != nil {
		t.Errorf("the kept model does not predict: %v", err)
	}
	if c, err := s.FitClassifier(x, y); c == nil || !errors.Is(err, matrix.ErrNoConvergence) {
		t.Errorf("Classifier(): %v, %v", c, err)
	}

	// With probabilities, the folds reach the limit too; the model is kept.
	s.Probability = true
	mp, err := s.Fit(x, y)
	if mp == nil || !mp.Probability || !errors.Is(err, matrix.ErrNoConvergence) {
		t.Fatalf("with probabilities: %v, %v", mp, err)
	}
	if _, err := mp.PredictProba(x); err != nil {
		t.Error(err)
	}

	full, err := SVM{Kernel: Gaussian(1), C: 10, MaxIter: 100000}.Fit(x, y)
	if err != nil || !full.Converged {
		t.Fatalf("a limit above the need: %v (converged %v)", err, full.Converged)
	}
	for k, mach := range full.Machines {
		if mach.Iterations <= limit {
			t.Errorf("machine %d converged in %d ≤ %d iterations: the test problem is too easy", k, mach.Iterations, limit)
		}
	}

	target := make([]float64, len(y))
	for i := range target {
		target[i] = x.At(i, 0) + 0.1*rng.NormFloat64()
	}
	r, err := SVM{Type: EpsSVR, Kernel: Gaussian(1), MaxIter: limit}.FitRegression(x, target)
	if r == nil || !errors.Is(err, matrix.ErrNoConvergence) || r.Machines[0].Iterations != limit || r.Converged {
		t.Fatalf("regression: %v, %v", r, err)
	}
	if _, err := r.Predict(x); err != nil {
		t.Error(err)
	}
	if rr, err := (SVM{Type: EpsSVR, MaxIter: limit}).FitRegressor(x, target); rr == nil || err == nil {
		t.Errorf("Regressor(): %v, %v", rr, err)
	}
	if _, err := (SVM{MaxIter: -1}).Fit(x, y); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("negative limit: %v", err)
	}
}
