package learn

import (
	"errors"
	"math"
	"strings"
	"testing"

	"mlnotes/matrix"
)

// withMemoryLimit sets matrix.MemoryLimit for one test.
func withMemoryLimit(t *testing.T, bytes int64) {
	t.Helper()
	prev := matrix.SetMemoryLimit(bytes)
	t.Cleanup(func() { matrix.SetMemoryLimit(prev) })
}

// wideData is 3 rows of 200 000 features: 4.8 MB, whose d×d matrices
// would need 320 GB.
func wideData() (*matrix.Dense, []float64) {
	x := matrix.New(3, 200000)
	for j := range 200000 {
		for i := range 3 {
			x.Set(i, j, math.Sin(float64(7*j+i)))
		}
	}
	return x, []float64{1, -1, 0.5}
}

func wantTooLarge(t *testing.T, what string, err error, mention string) {
	t.Helper()
	if !errors.Is(err, matrix.ErrTooLarge) || !strings.Contains(err.Error(), mention) {
		t.Errorf("%s: got %v, want matrix.ErrTooLarge mentioning %q", what, err, mention)
	}
}

// The n×n Gram matrices of kernel PCA and the spectral embedding, and the
// d×d covariances of a GMM and of the full PCA basis, are refused before
// they are allocated, with the size and what would fit. The limit is the
// default's order (64 GiB) so that the test means the same everywhere.
func TestSquareMatricesRefusedBeforeAllocation(t *testing.T) {
	withMemoryLimit(t, 64<<30)
	tall := matrix.New(200000, 2) // 3.2 MB; its Gram matrix is 320 GB
	for i := range 200000 {
		tall.Set(i, 0, float64(i%13))
		tall.Set(i, 1, float64(i%7))
	}
	_, err := KernelPCA{Kernel: Linear()}.Fit(tall)
	wantTooLarge(t, "kernel pca", err, "the Gram matrix of 200000 rows needs 640 GB")
	wantTooLarge(t, "kernel pca", err, "use at most about 65536 rows")
	_, err = SpectralEmbedding{Sigma2: 1}.Fit(tall)
	wantTooLarge(t, "spectral", err, "200000 rows")
	_, err = GramMatrix(Linear(), tall)
	wantTooLarge(t, "gram matrix", err, "200000 rows")

	x, _ := wideData()
	_, err = GaussianMixture{K: 1}.Fit(x)
	wantTooLarge(t, "gmm", err, "200000 features")
	_, err = GaussianMLE{}.Fit(x)
	wantTooLarge(t, "gaussian mle", err, "200000×200000 covariance matrix")
	_, err = PCA{Method: PCACovariance}.Fit(x)
	wantTooLarge(t, "pca, every direction", err, "ask for at most 2 components")
	// A few directions of the same data go through the 3×3 Gram matrix.
	if m, err := (PCA{Method: PCACovariance, Components: 2}).Fit(x); err != nil || m.K() != 2 {
		t.Errorf("pca -k 2 on wide data: %v", err)
	}
}

// Ridge on wide data goes through the n×n side, w = Xᵀ(XXᵀ + λI)⁻¹y, and
// agrees with the p×p normal equations where both fit.
func TestRidgeWideUsesTheDual(t *testing.T) {
	x, y := wideData()
	m, err := Ridge{Lambda: 1}.Fit(x, y)
	if err != nil || len(m.Coef) != 200000 {
		t.Fatalf("ridge on 3×200000: %v", err)
	}
	// 3 rows of 40 features: the dual against the primal, to a few ε
	// times the condition number of the 40×40 system (≤ (‖A‖² + λ)/λ).
	small := x.Slice(0, 3, 0, 40).Clone()
	for _, penalize := range []bool{false, true} {
		d := Ridge{Lambda: 0.5, PenalizeIntercept: penalize}
		dual, err := d.Fit(small, y)
		if err != nil {
			t.Fatal(err)
		}
		a := small
		if penalize {
			a = augment(small)
		}
		primal, err := solvePrimalForTest(a, y, penalize, d.Lambda)
		if err != nil {
			t.Fatal(err)
		}
		norm := matrix.NormFrobenius(a)
		tol := 64 * eps * (norm*norm + d.Lambda) / d.Lambda * matrix.Nrm2(primal)
		got := dual.Coef
		if penalize {
			got = append([]float64{dual.Intercept}, dual.Coef...)
		}
		for j := range primal {
			if math.Abs(got[j]-primal[j]) > tol {
				t.Fatalf("penalize %v: w[%d] = %v by the dual, %v by the primal (tol %g)", penalize, j, got[j], primal[j], tol)
			}
		}
	}
}

// solvePrimalForTest solves the p×p ridge system (AᵀA + λI)w = Aᵀb by
// Cholesky, centring A and y first when the intercept is not penalized.
func solvePrimalForTest(a *matrix.Dense, y []float64, penalize bool, lambda float64) ([]float64, error) {
	b := append([]float64(nil), y...)
	if !penalize {
		a, _, _ = matrix.Center(a)
		ym := 0.0
		for _, v := range b {
			ym += v / float64(len(b))
		}
		for i := range b {
			b[i] -= ym
		}
	}
	g, err := matrix.MulATB(a, a)
	if err != nil {
		return nil, err
	}
	for i := range g.Rows() {
		g.Set(i, i, g.At(i, i)+lambda)
	}
	chol, err := matrix.FactorizeCholesky(g)
	if err != nil {
		return nil, err
	}
	atb, err := matrix.MulVecT(a, b)
	if err != nil {
		return nil, err
	}
	return chol.SolveVec(atb)
}

// Settings without an upper bound (a hidden width, a number of trees or
// of bagged models, a basis size, bias–variance trials) are refused when
// the memory they imply exceeds the limit, before anything of that size
// is allocated.
func TestUnboundedSettingsRefused(t *testing.T) {
	withMemoryLimit(t, 64<<30)
	x := matrix.New(40, 2)
	y, labels := make([]float64, 40), make([]int, 40)
	for i := range 40 {
		x.Set(i, 0, float64(i))
		x.Set(i, 1, float64(i%5))
		y[i], labels[i] = float64(i%3), i%2
	}
	_, err := NewNetwork([]int{2, 1e9, 2}, Activation{Kind: ActReLU}, Activation{Kind: ActIdentity}, 1)
	wantTooLarge(t, "network", err, "5000000002 parameters")
	_, err = RandomForest{Trees: 1e9}.Fit(x, labels)
	wantTooLarge(t, "forest", err, "1000000000 trees")
	_, err = Bagging{B: 1e9, Base: DecisionTree{}}.Fit(x, labels)
	wantTooLarge(t, "bagging", err, "1000000000 models")
	_, err = LinearRegression{Basis: Basis{Kind: BasisPoly, Degree: 1e9}}.Fit(x, y)
	wantTooLarge(t, "poly basis", err, "1000000000 basis functions")
	_, err = LinearRegression{Basis: Basis{Kind: BasisGauss, Centers: 1e9}}.Fit(x, y)
	wantTooLarge(t, "gauss basis", err, "1000000000 basis functions")
	_, err = BiasVariance{Trials: 1e12}.Run(VandermondeFit(1))
	wantTooLarge(t, "bias-variance trials", err, "1000000000000 trials")
	_, err = BiasVariance{N: 1e10, Trials: 2}.Run(VandermondeFit(1))
	wantTooLarge(t, "bias-variance n", err, "10000000000 points")
}

// Fisher's discriminant needs d×d scatter matrices: 3 samples of 200 000
// features are refused before S_w is allocated (320 GB), naming the size.
func TestFisherTooManyFeatures(t *testing.T) {
	withMemoryLimit(t, 1<<30)
	x := matrix.New(3, 200_000)
	x.Set(1, 0, 1)
	_, err := FisherLDA{}.Fit(x, []int{0, 1, 0})
	if !errors.Is(err, matrix.ErrTooLarge) || !strings.Contains(err.Error(), "200000") {
		t.Errorf("Fisher on 200 000 features: %v", err)
	}
}
