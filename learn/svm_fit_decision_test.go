package learn

import (
	"bytes"
	"fmt"
	"math"
	"testing"

	"mlnotes/matrix"
)

// TestTrainingDecisionMatchesDecision checks that the decision values read
// from the solver's gradient agree with Decision on the training rows for
// every machine type and kernel family (on breast cancer, standardized:
// 569 rows, 30 features). The gradient is updated once per SMO step and
// reconstructed once per unshrinking, so its error is at most about
// (iterations + n) roundings of terms bounded by Σ|coefⱼ|·max|K|; the
// tolerance is that count times ε and the bound, times 4.
func TestTrainingDecisionMatchesDecision(t *testing.T) {
	x, yf := loadDataset(t, "breast_cancer.csv")
	x = standardizeForTest(x)
	n := x.Rows()
	labels := make([]int, n)
	for i, v := range yf {
		labels[i] = int(v)
	}
	target := make([]float64, n) // a regression target: the first feature's neighbour
	for i := range n {
		target[i] = x.At(i, 1) + 0.5*x.At(i, 2)
	}
	kernels := []Kernel{Linear(), {Type: PolynomialKernel, Degree: 2, Gamma: 0.05, Coef0: 1}, {Type: GaussianKernel, Gamma: 1.0 / 30}}
	for _, k := range kernels {
		for _, s := range []SVM{{Type: CSVC, C: 1}, {Type: CSVC, C: 100}, {Type: NuSVC, Nu: 0.3}, {Type: EpsSVR, C: 1}, {Type: NuSVR, C: 1, Nu: 0.4}} {
			s.Kernel = k
			name := fmt.Sprintf("%s %v C=%g ν=%g", s.Type, k, s.C, s.Nu)
			var got, want []float64
			var mach *BinarySVM
			if s.Type == EpsSVR || s.Type == NuSVR {
				m, err := s.FitRegression(x, target)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				got, mach = m.TrainingDecision(), m.Machines[0]
				want, _ = m.Decision(x)
			} else {
				m, err := s.Fit(x, labels)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				got, mach = m.TrainingDecision(), m.Machines[0]
				want, _ = m.Decision(x)
			}
			if len(got) != n {
				t.Fatalf("%s: %d training decision values for %d rows", name, len(got), n)
			}
			kmax := 0.0
			for i := range n {
				kmax = max(kmax, math.Abs(k.Eval(x.Row(i), x.Row(i))))
			}
			sum := 0.0
			for _, c := range mach.Coef {
				sum += math.Abs(c)
			}
			if s.Type == NuSVC {
				sum *= 1 / mach.EquivalentC // the gradient is of the unscaled problem
			}
			scale := 1.0
			if s.Type == NuSVC {
				scale = mach.EquivalentC
			}
			tol := 4 * 0x1p-52 * float64(mach.Iterations+2*n) * (scale*(sum*kmax+1) + math.Abs(mach.Rho))
			worst := 0.0
			for i := range n {
				worst = max(worst, math.Abs(got[i]-want[i]))
			}
			if worst > tol {
				t.Errorf("%s: training decision values differ from Decision by %.3g > %.3g", name, worst, tol)
			}
			t.Logf("%s: worst %.3g, tolerance %.3g (%.3g of it), %d iterations", name, worst, tol, worst/tol, mach.Iterations)
		}
	}
}

// TestTrainingDecisionAbsent: a model with several machines or read from a
// file has no training decision values, and the slice returned is a copy.
func TestTrainingDecisionAbsent(t *testing.T) {
	x, yf := loadDataset(t, "iris.csv")
	y := make([]int, len(yf))
	for i, v := range yf {
		y[i] = int(v)
	}
	m, err := SVM{Kernel: Gaussian(1)}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if m.TrainingDecision() != nil {
		t.Error("three classes: training decision values")
	}
	two := x.Slice(0, 100, 0, x.Cols())
	m, err = SVM{Kernel: Gaussian(1)}.Fit(two, y[:100])
	if err != nil {
		t.Fatal(err)
	}
	f := m.TrainingDecision()
	if len(f) != 100 {
		t.Fatalf("two classes: %d training decision values", len(f))
	}
	f[0] = math.NaN()
	if math.IsNaN(m.TrainingDecision()[0]) {
		t.Error("TrainingDecision returns the model's own slice")
	}
	var buf bytes.Buffer
	if err := m.Save(&buf); err != nil {
		t.Fatal(err)
	}
	loaded, err := LoadSVMClassifier(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if loaded.TrainingDecision() != nil {
		t.Error("a loaded model has training decision values")
	}
	var nilModel *SVMClassifierModel
	var nilRegressor *SVMRegressorModel
	if nilModel.TrainingDecision() != nil || nilRegressor.TrainingDecision() != nil {
		t.Error("nil model")
	}
}

// TestVote checks Vote against Predict and its errors.
func TestVote(t *testing.T) {
	x, yf := loadDataset(t, "iris.csv")
	y := make([]int, len(yf))
	for i, v := range yf {
		y[i] = int(v)
	}
	m, err := SVM{Kernel: Gaussian(1)}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	dec, _ := m.DecisionFunction(x)
	got, err := m.Vote(dec)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := m.Predict(x)
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("row %d: Vote %d, Predict %d", i, got[i], want[i])
		}
	}
	if _, err := m.Vote(dec.Slice(0, dec.Rows(), 0, 2)); err == nil {
		t.Error("two columns for three machines: no error")
	}
	if _, err := m.Vote(nil); err == nil {
		t.Error("nil decision values: no error")
	}
	dec.Set(3, 1, math.Inf(1))
	if _, err := m.Vote(dec); err == nil {
		t.Error("an infinite decision value: no error")
	}
	var nilModel *SVMClassifierModel
	if _, err := nilModel.Vote(dec); err == nil {
		t.Error("nil model: no error")
	}
}

// standardizeForTest centres and scales every column of x to unit variance.
func standardizeForTest(x *matrix.Dense) *matrix.Dense {
	n, d := x.Dims()
	out := x.Clone()
	for j := range d {
		mean, ss := 0.0, 0.0
		for i := range n {
			mean += x.At(i, j)
		}
		mean /= float64(n)
		for i := range n {
			ss += (x.At(i, j) - mean) * (x.At(i, j) - mean)
		}
		sd := math.Sqrt(ss / float64(n))
		if sd == 0 {
			sd = 1
		}
		for i := range n {
			out.Set(i, j, (x.At(i, j)-mean)/sd)
		}
	}
	return out
}
