package learn

import (
	"bytes"
	"errors"
	"math"
	"runtime"
	"testing"

	"mlnotes/matrix"
)

// loadDataset reads a dataset of testdata/ and splits off its last column.
func loadDataset(t testing.TB, name string) (*matrix.Dense, []float64) {
	t.Helper()
	tab, err := matrix.ReadCSVFile("../testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	x, y, _, _ := tab.Split(tab.Data.Cols() - 1)
	return x, y
}

// varTol is the tolerance for comparing variances computed two ways on
// data of size n×d: a few n·d·ε relative to the total variance.
func varTol(x *matrix.Dense, total float64) float64 {
	n, d := x.Dims()
	return 8 * float64(n+d) * eps * total
}

func sumFloat(v []float64) float64 {
	var s float64
	for _, x := range v {
		s += x
	}
	return s
}

// TestPCAIdentitiesOnRealData checks the notes' claims on iris, wine and
// digits: the variance of the projection on uⱼ is λⱼ (000, "1.1. Linear
// Dimensionality Reduction"), the reconstruction MSE is the sum of the
// discarded eigenvalues (001, "Principal Component Analysis"; 004, "PCA as
// dimensionality reduction"), and with all components X is recovered
// exactly (001, "Principal Component Analysis": X = UZ).
func TestPCAIdentitiesOnRealData(t *testing.T) {
	for _, c := range []struct {
		file string
		k    int
	}{{"iris.csv", 2}, {"wine.csv", 5}, {"digits.csv", 10}} {
		x, _ := loadDataset(t, c.file)
		n, d := x.Dims()
		m, err := PCA{Components: c.k}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		tol := varTol(x, m.TotalVariance)
		y, _ := m.Transform(x)
		for j := range c.k {
			col := y.Col(j)
			if mean := sumFloat(col) / float64(n); math.Abs(mean) > tol {
				t.Errorf("%s: projection %d has mean %g", c.file, j, mean)
			}
			v := matrix.Dot(col, col) / float64(n)
			if math.Abs(v-m.Eigenvalues[j]) > tol {
				t.Errorf("%s: var(y%d) = %v, λ%d = %v", c.file, j, v, j, m.Eigenvalues[j])
			}
		}
		mse, _ := m.ReconstructionError(x)
		discarded := sumFloat(m.Eigenvalues[c.k:])
		if math.Abs(mse-discarded) > tol {
			t.Errorf("%s: reconstruction MSE %v, Σ discarded λ = %v", c.file, mse, discarded)
		}
		if math.Abs(sumFloat(m.Eigenvalues)-m.TotalVariance) > tol {
			t.Errorf("%s: Σλ = %v, trace S = %v", c.file, sumFloat(m.Eigenvalues), m.TotalVariance)
		}
		all, _ := PCA{}.Fit(x)
		ya, _ := all.Transform(x)
		xh, _ := all.Reconstruct(ya)
		diff, _ := matrix.Sub(x, xh)
		if r := matrix.NormFrobenius(diff) / (float64(n+d) * eps * matrix.NormFrobenius(x)); r > 10 {
			t.Errorf("%s: X = UZ with all components: error ratio %.2f", c.file, r)
		}
		cmp, orig := m.StorageCount(n)
		if cmp != c.k*(d+n) || orig != d*n {
			t.Errorf("%s: storage %d vs %d", c.file, cmp, orig)
		}
	}
}

// TestPCAMethodsAgree fits the same data by the covariance, the SVD, the
// Gram matrix and deflation: same eigenvalues and, thanks to the sign
// rule, the same components.
func TestPCAMethodsAgree(t *testing.T) {
	x, _ := loadDataset(t, "wine.csv")
	z, _, _, _ := matrix.Standardize(x, matrix.Population)
	k := 4
	ref, err := PCA{Components: k, Method: PCACovariance}.Fit(z)
	if err != nil {
		t.Fatal(err)
	}
	for _, method := range []PCAMethod{PCASVD, PCAGram, PCADeflation} {
		m, err := PCA{Components: k, Method: method}.Fit(z)
		if err != nil {
			t.Fatalf("%s: %v", method, err)
		}
		tol := varTol(z, ref.TotalVariance)
		for j := range k {
			if math.Abs(m.Eigenvalues[j]-ref.Eigenvalues[j]) > tol {
				t.Errorf("%s: λ%d = %v, covariance method %v", method, j, m.Eigenvalues[j], ref.Eigenvalues[j])
			}
		}
		// Directions agree to ε·λ₁/gap (the eigenvector perturbation bound).
		for j := range k {
			gap := math.Abs(ref.Eigenvalues[j] - ref.Eigenvalues[j+1])
			if j > 0 {
				gap = math.Min(gap, ref.Eigenvalues[j-1]-ref.Eigenvalues[j])
			}
			dtol := 1e3 * eps * ref.Eigenvalues[0] / gap
			for i := range z.Cols() {
				if math.Abs(m.Components.At(j, i)-ref.Components.At(j, i)) > dtol {
					t.Fatalf("%s: component %d differs (tolerance %g)", method, j, dtol)
				}
			}
		}
	}
}

// TestPCAGramTrick uses fewer samples than features (the notes' high
// dimensional case): the n×n eigenvalues equal the d×d ones.
func TestPCAGramTrick(t *testing.T) {
	x, _ := loadDataset(t, "digits.csv")
	x = x.Slice(0, 40, 0, 64).Clone() // n = 40 < d = 64
	gram, err := PCA{Components: 10}.Fit(x)
	if err != nil || gram.Method != PCAGram {
		t.Fatalf("auto did not choose the Gram method: %v %v", gram, err)
	}
	cov, _ := PCA{Components: 10, Method: PCACovariance}.Fit(x)
	tol := varTol(x, cov.TotalVariance)
	for j := range cov.Eigenvalues {
		if math.Abs(gram.Eigenvalues[j]-cov.Eigenvalues[j]) > tol {
			t.Errorf("λ%d: gram %v, covariance %v", j, gram.Eigenvalues[j], cov.Eigenvalues[j])
		}
	}
	for j := range 10 {
		u := gram.Components.Row(j)
		if math.Abs(matrix.Nrm2(u)-1) > 1e3*eps {
			t.Errorf("direction %d has norm %v", j, matrix.Nrm2(u))
		}
	}
	if _, err := (PCA{Components: 50, Method: PCAGram}).Fit(x); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("k above the rank with the Gram method: %v", err)
	}
}

func TestPCAVarianceRule(t *testing.T) {
	x, _ := loadDataset(t, "digits.csv")
	m, err := PCA{VarianceFraction: 0.95}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	k := m.K()
	cum := sumFloat(m.ExplainedVarianceRatio)
	prev := cum - m.ExplainedVarianceRatio[k-1]
	if cum < 0.95 || prev >= 0.95 {
		t.Errorf("k = %d explains %.4f, k−1 explains %.4f", k, cum, prev)
	}
	d, _ := PCA{VarianceFraction: 0.95, Method: PCADeflation}.Fit(x)
	if d.K() != k {
		t.Errorf("deflation chose k = %d, eig chose %d", d.K(), k)
	}
}

func TestWhitening(t *testing.T) {
	x, _ := loadDataset(t, "wine.csv")
	n, d := x.Dims()
	for _, method := range []WhitenMethod{PCAWhitening, ZCAWhitening} {
		w, err := Whiten{Method: method}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		z, _ := w.Transform(x)
		cov, _ := matrix.Covariance(z, matrix.Population)
		diff, _ := matrix.Sub(cov, matrix.Identity(d))
		// Error ≈ κ(S)·n·ε: the wine covariance has condition ~1e7.
		p, _ := PCA{}.Fit(x)
		kappa := p.Eigenvalues[0] / p.Eigenvalues[d-1]
		if e := matrix.NormFrobenius(diff); e > float64(n+d)*eps*kappa {
			t.Errorf("%s: ‖cov(z) − I‖ = %g (κ = %.3g)", method, e, kappa)
		}
	}
	// ZCA is symmetric: W = U L^(−1/2) Uᵀ.
	w, _ := Whiten{Method: ZCAWhitening}.Fit(x)
	if !w.W.IsSymmetric(1e-10) {
		t.Error("ZCA matrix is not symmetric")
	}
	// A constant column cannot be whitened without ε.
	c := x.Clone()
	for i := range n {
		c.Set(i, 2, 1)
	}
	if _, err := (Whiten{}).Fit(c); !errors.Is(err, matrix.ErrSingular) {
		t.Errorf("constant column: %v", err)
	}
	if _, err := (Whiten{Epsilon: 1e-5}).Fit(c); err != nil {
		t.Errorf("constant column with ε: %v", err)
	}
}

func TestPCAErrorsAndPersistence(t *testing.T) {
	x, _ := loadDataset(t, "iris.csv")
	bad := x.Clone()
	bad.Set(3, 1, math.Inf(1))
	cases := map[string]error{
		"k too large":   second(PCA{Components: 5}.Fit(x)),
		"k negative":    second(PCA{Components: -1}.Fit(x)),
		"fraction":      second(PCA{VarianceFraction: 1.5}.Fit(x)),
		"method":        second(PCA{Method: "magic"}.Fit(x)),
		"one sample":    second(PCA{}.Fit(x.Slice(0, 1, 0, 4))),
		"inf":           second(PCA{}.Fit(bad)),
		"whiten method": second(Whiten{Method: "x"}.Fit(x)),
		"variance":      second(PCA{Variance: 7}.Fit(x)),
		"whiten var":    second(Whiten{Variance: -1}.Fit(x)),
	}
	want := map[string]error{
		"k too large": ErrInvalidParameter, "k negative": ErrInvalidParameter, "fraction": ErrInvalidParameter,
		"method": ErrInvalidParameter, "one sample": matrix.ErrEmpty, "inf": matrix.ErrNotFinite, "whiten method": ErrInvalidParameter,
		"variance": ErrInvalidParameter, "whiten var": ErrInvalidParameter,
	}
	for name, err := range cases {
		if !errors.Is(err, want[name]) {
			t.Errorf("%s: got %v, want %v", name, err, want[name])
		}
	}
	m, _ := PCA{Components: 2}.Fit(x)
	if _, err := m.Transform(matrix.New(3, 5)); !errors.Is(err, matrix.ErrShape) {
		t.Errorf("query width: %v", err)
	}
	var buf bytes.Buffer
	if err := m.Save(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := LoadPCA(&buf)
	if err != nil {
		t.Fatal(err)
	}
	y1, _ := m.Transform(x)
	y2, _ := back.Transform(x)
	if !matrix.EqualApprox(y1, y2, 0) {
		t.Error("loaded model transforms differently")
	}
	if _, err := LoadPCA(bytes.NewReader([]byte(`{"format":"mlnotes/svm","version":1,"model":{}}`))); !errors.Is(err, ErrFormat) {
		t.Errorf("wrong format: %v", err)
	}
	// Fit leaves its input alone and is deterministic.
	before := x.Clone()
	m2, _ := PCA{Components: 2}.Fit(x)
	if !matrix.EqualApprox(x, before, 0) || !matrix.EqualApprox(m.Components, m2.Components, 0) {
		t.Error("Fit modified its input or is not deterministic")
	}
}

func second[T any](_ T, err error) error { return err }

// The centred blocks are shared among GOMAXPROCS workers; projections and
// the reconstruction error (one partial sum per block, added in block
// order) come out the same bits for any number of them.
func TestPCABlocksIndependentOfWorkers(t *testing.T) {
	x := randomDense(3*blockRows+17, 12, 5)
	m, err := PCA{Components: 4}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	var ys []*matrix.Dense
	var errs []float64
	for _, p := range []int{1, 2, 3} {
		runtime.GOMAXPROCS(p)
		y, _ := m.Transform(x)
		e, _ := m.ReconstructionError(x)
		ys, errs = append(ys, y), append(errs, e)
		// TransformError is both in one pass, with the same bits.
		y2, e2, err := m.TransformError(x)
		if err != nil || !matrix.EqualApprox(y2, y, 0) || e2 != e {
			t.Errorf("GOMAXPROCS %d: TransformError = (…, %v, %v), want Transform's projections and %v", p, e2, err, e)
		}
	}
	if _, _, err := m.TransformError(matrix.New(2, 11)); !errors.Is(err, matrix.ErrShape) {
		t.Errorf("TransformError of the wrong width: err = %v, want ErrShape", err)
	}
	for i := 1; i < len(ys); i++ {
		if !matrix.EqualApprox(ys[i], ys[0], 0) || errs[i] != errs[0] {
			t.Errorf("GOMAXPROCS %d: results differ from one worker's (error %v, %v)", i+1, errs[i], errs[0])
		}
	}
}
