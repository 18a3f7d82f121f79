package learn

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"mlnotes/matrix"
	"mlnotes/optimize"
)

// TestSVMTwoPointsByHand: x₊ = (1, 0), x₋ = (−1, 0) with the hard margin.
// By hand: w = (1, 0), b = 0, μ₊ = μ₋ = ½ (‖w‖² = Σμ), margin 2/‖w‖ = 2.
func TestSVMTwoPointsByHand(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{1, 0}, {-1, 0}})
	m, err := SVM{Hard: true}.Fit(x, []int{0, 1})
	if err != nil {
		t.Fatal(err)
	}
	w, margin, _ := m.PrimalW(0)
	mach := m.Machines[0]
	tol := 1e-9
	if math.Abs(w[0]-1) > tol || math.Abs(w[1]) > tol || math.Abs(mach.B()) > tol || math.Abs(margin-2) > tol {
		t.Errorf("w = %v, b = %v, margin %v", w, mach.B(), margin)
	}
	if len(mach.Coef) != 2 || math.Abs(mach.Coef[0]-0.5) > tol || math.Abs(mach.Coef[1]+0.5) > tol {
		t.Errorf("yᵢμᵢ = %v, want (½, −½)", mach.Coef)
	}
	if math.Abs(mach.Objective+0.5) > tol { // ½μᵀQμ − eᵀμ = ½ − 1
		t.Errorf("objective %v, want −½", mach.Objective)
	}
}

// blobs returns two Gaussian clouds centred at ±(sep, sep).
func blobs(rng *rand.Rand, n int, sep float64) (*matrix.Dense, []int) {
	x := matrix.New(2*n, 2)
	y := make([]int, 2*n)
	for i := range 2 * n {
		c := sep
		if i >= n {
			c, y[i] = -sep, 1
		}
		x.Set(i, 0, c+rng.NormFloat64())
		x.Set(i, 1, c+rng.NormFloat64())
	}
	return x, y
}

// checkKKT asserts the KKT conditions of a C-SVM on its training data:
// yᵢf(xᵢ) ≥ 1 where μᵢ = 0, = 1 where 0 < μᵢ < C, ≤ 1 where μᵢ = C, up to
// the solver tolerance. Decision is positive for the larger label
// (svm_sign.go), so that label is yᵢ = +1 here; yᵢf(xᵢ) does not depend
// on which label the machine trained as +1.
func checkKKT(t *testing.T, name string, m *SVMClassifierModel, x *matrix.Dense, y []int, c, tol float64) {
	t.Helper()
	mach := m.Machines[0]
	f, _ := m.Decision(x)
	mu := make([]float64, x.Rows())
	for k, i := range mach.Support {
		mu[i] = math.Abs(mach.Coef[k])
	}
	larger := max(mach.Positive, mach.Negative)
	for i := range f {
		yi := 1.0
		if y[i] != larger {
			yi = -1
		}
		yf := yi * f[i]
		switch {
		case mu[i] == 0 && yf < 1-tol,
			mu[i] > 0 && mu[i] < c && math.Abs(yf-1) > tol,
			mu[i] >= c && yf > 1+tol:
			t.Fatalf("%s: KKT fails at %d: μ = %v, yf = %v", name, i, mu[i], yf)
		}
	}
}

func TestSVMSoftAndHardMargin(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	x, y := blobs(rng, 40, 1)
	for _, k := range []Kernel{Linear(), Polynomial(2), Gaussian(2)} {
		m, err := SVM{Kernel: k, C: 1, Tol: 1e-6}.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		checkKKT(t, k.String(), m, x, y, 1, 1e-5)
	}
	// Separable data: the hard margin succeeds and every training point
	// has yf ≥ 1.
	xs, ys := blobs(rng, 30, 4)
	m, err := SVM{Hard: true, Tol: 1e-6}.Fit(xs, ys)
	if err != nil {
		t.Fatal(err)
	}
	checkKKT(t, "hard", m, xs, ys, math.Inf(1), 1e-5)
	// XOR is not linearly separable: the hard margin refuses it.
	xor, _ := matrix.NewFromRows([][]float64{{0, 0}, {1, 1}, {0, 1}, {1, 0}})
	if _, err := (SVM{Hard: true}).Fit(xor, []int{0, 0, 1, 1}); !errors.Is(err, ErrNotSeparable) {
		t.Errorf("hard margin on XOR: %v", err)
	}
	// ... but a Gaussian kernel separates it.
	if _, err := (SVM{Hard: true, Kernel: Gaussian(1)}).Fit(xor, []int{0, 0, 1, 1}); err != nil {
		t.Errorf("hard margin RBF on XOR: %v", err)
	}
}

// TestNuSVMBounds: margin errors/n ≤ ν ≤ support vectors/n (004, "v- SVM").
func TestNuSVMBounds(t *testing.T) {
	x, y := blobs(rand.New(rand.NewPCG(3, 4)), 50, 0.7)
	for _, nu := range []float64{0.1, 0.3, 0.5, 0.7, 0.9} {
		m, err := SVM{Type: NuSVC, Nu: nu, Kernel: Gaussian(2), Tol: 1e-10}.Fit(x, y)
		if err != nil {
			t.Fatalf("ν = %v: %v", nu, err)
		}
		b := m.Machines[0]
		if b.FractionBounded > nu+1e-9 || nu > b.FractionSV+1e-9 {
			t.Errorf("ν = %v: margin errors %v, support vectors %v", nu, b.FractionBounded, b.FractionSV)
		}
		// The notes' scaling: μᵢ = |coefᵢ|·ρ ∈ [0, 1/n], Σμᵢ = ν, C = 1/(ρn).
		n := float64(x.Rows())
		var sum float64
		for _, c := range b.Coef {
			mu := math.Abs(c) * b.NuRho
			if mu > 1/n*(1+4*eps) {
				t.Errorf("ν = %v: μ = %v > 1/n", nu, mu)
			}
			sum += mu
		}
		if math.Abs(sum-nu) > 1e-12 || math.Abs(b.EquivalentC*b.NuRho*n-1) > 1e-12 {
			t.Errorf("ν = %v: Σμᵢ = %v, C·ρ·n = %v", nu, sum, b.EquivalentC*b.NuRho*n)
		}
		// The equivalent C-SVM has the same decision function.
		c, err := SVM{C: b.EquivalentC, Kernel: Gaussian(2), Tol: 1e-10}.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		f1, _ := m.Decision(x)
		f2, _ := c.Decision(x)
		for i := range f1 {
			if math.Abs(f1[i]-f2[i]) > 1e-4*(1+math.Abs(f1[i])) {
				t.Fatalf("ν = %v: f = %v, C-SVM with C = 1/r gives %v", nu, f1[i], f2[i])
			}
		}
	}
	if _, err := (SVM{Type: NuSVC, Nu: 1}).Fit(x.Slice(0, 60, 0, 2), y[:60]); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("infeasible ν: %v", err)
	}
}

type libsvmRef struct {
	Args        string
	Objective   []float64
	Rho         []float64
	TotalNSV    int `json:"total_nsv"`
	Epsilon     []float64
	Predictions []float64
}

// TestAgainstLIBSVM compares with svm-train runs stored in
// testdata/svm_libsvm_reference.json (LIBSVM prints 6 decimals).
func TestAgainstLIBSVM(t *testing.T) {
	raw, err := os.ReadFile("../testdata/svm_libsvm_reference.json")
	if err != nil {
		t.Fatal(err)
	}
	refs := map[string]json.RawMessage{}
	json.Unmarshal(raw, &refs)
	get := func(name string) libsvmRef {
		var r libsvmRef
		json.Unmarshal(refs[name], &r)
		return r
	}
	x, yf := loadDataset(t, "iris.csv")
	z, _, _, _ := matrix.Standardize(x, matrix.Population)
	y := make([]int, len(yf))
	for i, v := range yf {
		y[i] = int(v)
	}
	var idx []int
	for i, c := range y {
		if c > 0 {
			idx = append(idx, i)
		}
	}
	z2 := rowsOf(z, idx)
	y2 := make([]int, len(idx))
	for k, i := range idx {
		y2[k] = y[i]
	}
	close := func(got, want float64) bool { return math.Abs(got-want) <= 6e-6+1e-6*math.Abs(want) }
	check := func(name string, ms svmSaved, xx *matrix.Dense) {
		m := svmLayout(ms)
		r := get(name)
		nsv := map[int]bool{}
		for j, mach := range m.Machines {
			if !close(mach.Objective, r.Objective[j]) || !close(mach.Rho, r.Rho[j]) {
				t.Errorf("%s machine %d: objective %.7f rho %.7f; LIBSVM %v %v", name, j, mach.Objective, mach.Rho, r.Objective[j], r.Rho[j])
			}
			for _, s := range mach.Support {
				nsv[s] = true
			}
		}
		if len(nsv) != r.TotalNSV {
			t.Errorf("%s: %d support vectors, LIBSVM %d", name, len(nsv), r.TotalNSV)
		}
		pred, _ := svmPredictReals(ms, xx)
		for i := range pred {
			if m.Type == CSVC || m.Type == NuSVC {
				if pred[i] != r.Predictions[i] {
					t.Errorf("%s: prediction %d: %v, LIBSVM %v", name, i, pred[i], r.Predictions[i])
				}
			} else if math.Abs(pred[i]-r.Predictions[i]) > 1e-4 {
				t.Errorf("%s: prediction %d: %v, LIBSVM %v", name, i, pred[i], r.Predictions[i])
			}
		}
		if len(r.Epsilon) > 0 && !close(m.Machines[0].EpsilonFound, r.Epsilon[0]) {
			t.Errorf("%s: ε %v, LIBSVM %v", name, m.Machines[0].EpsilonFound, r.Epsilon[0])
		}
	}
	rbf := Kernel{Type: GaussianKernel, Gamma: 0.5}
	fit := func(s SVM, xx *matrix.Dense, yy []int) *SVMClassifierModel {
		s.Tol = 1e-6
		m, err := s.Fit(xx, yy)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	check("c_rbf", fit(SVM{Kernel: rbf, C: 2}, z2, y2), z2)
	check("c_linear", fit(SVM{C: 1}, z2, y2), z2)
	check("nu_rbf", fit(SVM{Type: NuSVC, Kernel: rbf, Nu: 0.3}, z2, y2), z2)
	check("c_poly3", fit(SVM{Kernel: Polynomial(3), C: 1}, z, y), z)
	zr := z.Slice(0, z.Rows(), 1, 4).Clone()
	target := x.Col(0)
	for name, s := range map[string]SVM{
		"eps_svr": {Type: EpsSVR, Kernel: Kernel{Type: GaussianKernel, Gamma: 0.25}, C: 1, Epsilon: 0.2, Tol: 1e-6},
		"nu_svr":  {Type: NuSVR, Kernel: Kernel{Type: GaussianKernel, Gamma: 0.25}, C: 1, Nu: 0.4, Tol: 1e-6},
	} {
		m, err := s.FitRegression(zr, target)
		if err != nil {
			t.Fatal(err)
		}
		check(name, m, zr)
	}
}

func TestSVRTube(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	n := 80
	x := matrix.New(n, 1)
	y := make([]float64, n)
	for i := range n {
		v := 6 * float64(i) / float64(n)
		x.Set(i, 0, v)
		y[i] = math.Sin(v) + 0.1*rng.NormFloat64()
	}
	eps := 0.15
	m, err := SVM{Type: EpsSVR, Kernel: Gaussian(1), C: 10, Epsilon: eps, Tol: 1e-6}.FitRegression(x, y)
	if err != nil {
		t.Fatal(err)
	}
	f, _ := m.Predict(x)
	isSV := map[int]bool{}
	for _, s := range m.Machines[0].Support {
		isSV[s] = true
	}
	for i := range n {
		r := math.Abs(y[i] - f[i])
		if !isSV[i] && r > eps+1e-4 {
			t.Errorf("point %d outside the tube (|r| = %v) is not a support vector", i, r)
		}
		if isSV[i] && r < eps-1e-4 {
			t.Errorf("support vector %d strictly inside the tube (|r| = %v)", i, r)
		}
	}
}

func TestSVMMultiClassAndPersistence(t *testing.T) {
	x, yf := loadDataset(t, "iris.csv")
	y := make([]int, len(yf))
	for i, v := range yf {
		y[i] = int(v)
	}
	m, err := SVM{Kernel: Gaussian(4), C: 10}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Machines) != 3 {
		t.Fatalf("%d machines for 3 classes", len(m.Machines))
	}
	pred, _ := m.Predict(x)
	right := 0
	for i := range pred {
		if pred[i] == y[i] {
			right++
		}
	}
	if acc := float64(right) / float64(len(y)); acc < 0.96 {
		t.Errorf("training accuracy %.3f", acc)
	}
	var buf bytes.Buffer
	if err := m.Save(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := LoadSVMClassifier(&buf)
	if err != nil {
		t.Fatal(err)
	}
	d1, _ := m.DecisionFunction(x)
	d2, _ := back.DecisionFunction(x)
	if !matrix.EqualApprox(d1, d2, 0) {
		t.Error("decision values change after save and load")
	}
	// Batches predict as the whole set.
	p1, _ := m.Predict(x.Slice(0, 10, 0, 4))
	for i := range p1 {
		if p1[i] != pred[i] {
			t.Fatal("batch prediction differs")
		}
	}
}

func TestSVMErrors(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {1, 1}, {2, 2}})
	cases := map[string]error{
		"one class":   second(SVM{}.Fit(x, []int{1, 1, 1})),
		"C negative":  second(SVM{C: -1}.Fit(x, []int{0, 1, 1})),
		"nu":          second(SVM{Type: NuSVC, Nu: 1.5}.Fit(x, []int{0, 1, 1})),
		"labels":      second(SVM{}.Fit(x, []int{0, 1})),
		"type":        second(SVM{Type: EpsSVR}.Fit(x, []int{0, 1, 1})),
		"kernel":      second(SVM{Kernel: Gaussian(-1)}.Fit(x, []int{0, 1, 1})),
		"svr targets": second(SVM{Type: EpsSVR}.FitRegression(x, []float64{1, math.NaN(), 2})),
		"hard nu":     second(SVM{Type: NuSVC, Hard: true}.Fit(x, []int{0, 1, 1})),
	}
	want := map[string]error{"one class": ErrInvalidParameter, "C negative": ErrInvalidParameter, "nu": ErrInvalidParameter,
		"labels": matrix.ErrShape, "type": ErrInvalidParameter, "kernel": ErrInvalidParameter, "svr targets": matrix.ErrNotFinite, "hard nu": ErrInvalidParameter}
	for name, err := range cases {
		if !errors.Is(err, want[name]) {
			t.Errorf("%s: got %v, want %v", name, err, want[name])
		}
	}
	// Duplicated points with opposite labels: soft margin still trains.
	dup, _ := matrix.NewFromRows([][]float64{{1, 1}, {1, 1}, {0, 0}, {2, 2}})
	if _, err := (SVM{}).Fit(dup, []int{0, 1, 0, 1}); err != nil {
		t.Errorf("duplicated points: %v", err)
	}
}

// TestSVMVotingTies: one-versus-one voting with the ties resolved as
// documented — f = 0 votes for the negative class of its machine, and equal
// votes go to the lowest label — for every pattern of the three machines'
// signs; the machines here have no support vectors, so f = −ρ.
func TestSVMVotingTies(t *testing.T) {
	machine := func(pos, neg int, f float64) *BinarySVM {
		return &BinarySVM{Positive: pos, Negative: neg, Rho: -f, SupportVectors: matrix.New(0, 1)}
	}
	x, _ := matrix.NewFromRows([][]float64{{0}, {1}})
	for _, c := range []struct {
		f    [3]float64 // f of the machines (3,5), (3,7), (5,7)
		want int
	}{
		{[3]float64{1, -1, 1}, 3},  // 3 beats 5, 7 beats 3, 5 beats 7: one vote each → the lowest, 3
		{[3]float64{-1, 1, -1}, 3}, // 5, 3, 7: one each → 3
		{[3]float64{0, 0, 0}, 7},   // f = 0 → negative: 5, 7, 7
		{[3]float64{0, 1, 1}, 5},   // 5, 3, 5
		{[3]float64{-1, -1, 0}, 7}, // 5, 7, 7
		{[3]float64{1, 1, -1}, 3},  // 3, 3, 7
		{[3]float64{-2, 1, -2}, 3}, // 5, 3, 7 → 3
		{[3]float64{-2, -1, 2}, 5}, // 5, 7, 5
	} {
		m := &SVMClassifierModel{Type: CSVC, Kernel: Linear(), Classes: []int{3, 5, 7}, Features: 1,
			Machines: []*BinarySVM{machine(3, 5, c.f[0]), machine(3, 7, c.f[1]), machine(5, 7, c.f[2])}}
		got, err := m.Predict(x)
		if err != nil {
			t.Fatal(err)
		}
		if got[0] != c.want || got[1] != c.want {
			t.Errorf("f = %v: class %v, want %d", c.f, got, c.want)
		}
	}
}

// TestSVMTrace: the trace of a fit reports every SMO step of every
// machine, in training order, each machine closed by a final report
// (pair −1, −1) whose objective is the machine's certificate.
func TestSVMTrace(t *testing.T) {
	x, yf := loadDataset(t, "iris.csv")
	y := make([]int, len(yf))
	for i, v := range yf {
		y[i] = int(v)
	}
	var steps []optimize.SMOStep
	m, err := SVM{Kernel: Gaussian(2), Trace: func(s TraceStep) { steps = append(steps, *s.SMO) }}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	k := 0
	for j, mach := range m.Machines {
		for it := 1; it <= mach.Iterations; it++ {
			if s := steps[k]; s.Iteration != it || s.I < 0 {
				t.Fatalf("machine %d: step %d is %+v", j, it, s)
			}
			k++
		}
		if s := steps[k]; s.I != -1 || s.J != -1 || s.Objective != mach.Objective || s.Iteration != mach.Iterations {
			t.Fatalf("machine %d: final report %+v, certificate objective %v after %d iterations", j, s, mach.Objective, mach.Iterations)
		}
		k++
	}
	if k != len(steps) {
		t.Errorf("%d trace lines, %d expected", len(steps), k)
	}
}
