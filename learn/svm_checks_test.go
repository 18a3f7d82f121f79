package learn

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"mlnotes/matrix"
)

// TestSVMCommonChecks runs the common checks of every learner (STYLE.md,
// 12) over the four machine types: bad input is an error and not a panic;
// the inputs are left unmodified; fitting twice gives the same model;
// save and load predict identically; 1 feature and, for regression, 1
// sample train; batches predict as the whole set.
func TestSVMCommonChecks(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	x, labels := blobs(rng, 25, 0.8)
	target := make([]float64, x.Rows())
	for i := range target {
		target[i] = x.At(i, 0) - 0.5*x.At(i, 1) + 0.1*rng.NormFloat64()
	}
	kern := Kernel{Type: GaussianKernel, Gamma: 0.5}
	configs := map[string]SVM{"c": {Kernel: kern}, "nu": {Type: NuSVC, Kernel: kern},
		"eps-svr": {Type: EpsSVR, Kernel: kern}, "nu-svr": {Type: NuSVR, Kernel: kern}}
	type fitFunc func(x *matrix.Dense) (svmSaved, error)
	fits := map[string]fitFunc{
		"c": func(x *matrix.Dense) (svmSaved, error) { return SVM{Kernel: kern}.Fit(x, labels[:x.Rows()]) },
		"nu": func(x *matrix.Dense) (svmSaved, error) {
			return SVM{Type: NuSVC, Kernel: kern}.Fit(x, labels[:x.Rows()])
		},
		"eps-svr": func(x *matrix.Dense) (svmSaved, error) {
			return SVM{Type: EpsSVR, Kernel: kern}.FitRegression(x, target[:x.Rows()])
		},
		"nu-svr": func(x *matrix.Dense) (svmSaved, error) {
			return SVM{Type: NuSVR, Kernel: kern}.FitRegression(x, target[:x.Rows()])
		},
	}
	for name, fit := range fits {
		t.Run(name, func(t *testing.T) {
			before := x.Clone()
			yBefore, tBefore := append([]int(nil), labels...), append([]float64(nil), target...)
			m1, err := fit(x)
			if err != nil {
				t.Fatal(err)
			}
			checkSVMKKT(t, name, configs[name], svmLayout(m1), x, labels, target)
			if !matrix.EqualApprox(x, before, 0) || !reflect.DeepEqual(labels, yBefore) || !reflect.DeepEqual(target, tBefore) {
				t.Fatal("Fit modified its input")
			}
			m2, _ := fit(x)
			if !reflect.DeepEqual(m1, m2) {
				t.Error("two fits give different models")
			}
			var buf bytes.Buffer
			if err := m1.Save(&buf); err != nil {
				t.Fatal(err)
			}
			back, err := loadSVMEither(&buf)
			if err != nil {
				t.Fatal(err)
			}
			p1, _ := svmPredictReals(m1, x)
			p2, _ := svmPredictReals(back, x)
			if !reflect.DeepEqual(p1, p2) {
				t.Error("predictions change after save and load")
			}
			for lo := 0; lo < x.Rows(); lo += 7 {
				hi := min(x.Rows(), lo+7)
				pb, _ := svmPredictReals(m1, x.Slice(lo, hi, 0, 2))
				for i := range pb {
					if math.Float64bits(pb[i]) != math.Float64bits(p1[lo+i]) {
						t.Fatalf("row %d predicts %v in a batch, %v in the whole set", lo+i, pb[i], p1[lo+i])
					}
				}
			}
			// 300 query rows take the parallel path (parallelRows splits from
			// 128 rows on two cores); batches of 10 are evaluated serially.
			q := randData(rand.New(rand.NewPCG(5, 5)), 300, 2)
			whole, _ := svmDecision(m1, q)
			for lo := 0; lo < 300; lo += 10 {
				part, _ := svmDecision(m1, q.Slice(lo, lo+10, 0, 2))
				for i := range part {
					if math.Float64bits(part[i]) != math.Float64bits(whole[lo+i]) {
						t.Fatalf("query %d: f = %v in a batch of 10, %v among 300", lo+i, part[i], whole[lo+i])
					}
				}
			}
			if _, err := fit(x.Slice(0, x.Rows(), 0, 1).Clone()); err != nil {
				t.Errorf("one feature: %v", err)
			}
			// Bad input: NaN, Inf, no rows, no columns; queries of the wrong width.
			for what, bad := range map[string]*matrix.Dense{"NaN": withValue(x, math.NaN()), "Inf": withValue(x, math.Inf(1)),
				"no rows": matrix.New(0, 2), "no columns": matrix.New(x.Rows(), 0)} {
				if _, err := fit(bad); err == nil {
					t.Errorf("%s: no error", what)
				}
			}
			for what, q := range map[string]*matrix.Dense{"width": matrix.New(3, 3), "NaN": withValue(x, math.NaN()), "empty": matrix.New(0, 2)} {
				if _, err := svmPredictReals(m1, q); err == nil {
					t.Errorf("query %s: no error", what)
				}
			}
		})
	}
	// One sample: a classifier sees one class (an error); a regressor fits
	// the constant f = y₁ up to the tube.
	if _, err := (SVM{}).Fit(x.Slice(0, 1, 0, 2), labels[:1]); !errors.Is(err, ErrInvalidParameter) && !errors.Is(err, matrix.ErrEmpty) {
		t.Errorf("classifier on one sample: %v", err)
	}
	m, err := SVM{Type: EpsSVR, Epsilon: 0.1}.FitRegression(x.Slice(0, 1, 0, 2), []float64{3})
	if err != nil {
		t.Fatal(err)
	}
	if f, _ := m.Predict(x.Slice(0, 1, 0, 2)); math.Abs(f[0]-3) > 0.1+1e-9 {
		t.Errorf("one-sample regression predicts %v for y = 3 (ε = 0.1)", f[0])
	}
}

// withValue returns a copy of x with x₀₀ = v.
func withValue(x *matrix.Dense, v float64) *matrix.Dense {
	c := x.Clone()
	c.Set(0, 0, v)
	return c
}

// checkSVMKKT asserts the KKT conditions of a fitted two-class or
// regression machine on its training data, in the form the notes derive
// them. Classifiers (a ν-SVM is the C-SVM with C = EquivalentC):
//
//	yᵢf(xᵢ) ≥ 1 where μᵢ = 0,  = 1 where 0 < μᵢ < C,  ≤ 1 where μᵢ = C;
//
// regressors, with rᵢ = yᵢ − f(xᵢ), βᵢ = αᵢ − αᵢ* and ε the tube (ν-SVR:
// EpsilonFound):
//
//	|rᵢ| ≤ ε where βᵢ = 0,  rᵢ = ±ε where 0 < ±βᵢ < C,  ±rᵢ ≥ ε where ±βᵢ = C.
//
// SMO stops when the maximal violation of these, measured on the gradient
// of the unscaled dual, is at most Tol, so each holds to 2·Tol (scaled by
// 1/r = EquivalentC for the ν-SVM).
func checkSVMKKT(t *testing.T, name string, s SVM, m *SVMClassifierModel, x *matrix.Dense, labels []int, target []float64) {
	t.Helper()
	s = s.withDefaults()
	tol := s.Tol
	if tol == 0 {
		tol = 1e-3
	}
	b := m.Machines[0]
	switch s.Type {
	case CSVC, NuSVC:
		c, slack := s.C, 2*tol
		if s.Hard {
			c = math.Inf(1)
		}
		if s.Type == NuSVC {
			c, slack = b.EquivalentC, 2*tol*b.EquivalentC
		}
		checkKKT(t, name, m, x, labels, c, slack)
		return
	}
	eps := s.Epsilon
	if s.Type == NuSVR {
		eps = b.EpsilonFound
	}
	beta := make([]float64, x.Rows())
	for k, i := range b.Support {
		beta[i] = b.Coef[k]
	}
	f, _ := m.Decision(x)
	slack := 2 * tol
	for i := range f {
		r := target[i] - f[i]
		ok := true
		switch {
		case beta[i] == 0:
			ok = math.Abs(r) <= eps+slack
		case beta[i] > 0 && beta[i] < s.C:
			ok = math.Abs(r-eps) <= slack
		case beta[i] < 0 && -beta[i] < s.C:
			ok = math.Abs(r+eps) <= slack
		case beta[i] >= s.C:
			ok = r >= eps-slack
		default:
			ok = -r >= eps-slack
		}
		if !ok {
			t.Fatalf("%s: KKT fails at %d: β = %v, y − f = %v, ε = %v", name, i, beta[i], r, eps)
		}
	}
}

// TestSVMDefaultCacheUnderMemoryLimit checks that the default kernel cache
// is 400 MB under a large memory limit, a quarter of a smaller one, and
// never below svm-train's 100 MB; a CacheMB set by the user is kept.
func TestSVMDefaultCacheUnderMemoryLimit(t *testing.T) {
	const mb = 1 << 20
	for _, c := range []struct {
		limit int64
		want  float64
	}{
		{64 << 30, 400}, {1600 * mb, 400}, {1200 * mb, 300}, {800 * mb, 200}, {400 * mb, 100}, {50 * mb, 100},
	} {
		withMemoryLimit(t, c.limit)
		if got := (SVM{}).withDefaults().CacheMB; got != c.want {
			t.Errorf("limit %d MB: default cache %g MB, want %g", c.limit/mb, got, c.want)
		}
		if got := (SVM{CacheMB: 1000}).withDefaults().CacheMB; got != 1000 {
			t.Errorf("limit %d MB: CacheMB 1000 became %g", c.limit/mb, got)
		}
	}
}
