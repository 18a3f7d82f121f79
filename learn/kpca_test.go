package learn

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

// TestKernelPCALinearEqualsPCA: with k(x, y) = xᵀy, kernel PCA is PCA: the
// centred Gram eigenvalues are n·λ and the projections agree up to sign.
func TestKernelPCALinearEqualsPCA(t *testing.T) {
	x, _ := loadDataset(t, "iris.csv")
	n := x.Rows()
	p, _ := PCA{Components: 3}.Fit(x)
	for _, solver := range []string{"full", "topk"} {
		kp, err := KernelPCA{Components: 3, Solver: solver}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		yp, _ := p.Transform(x)
		yk, _ := kp.Transform(x)
		tol := varTol(x, p.TotalVariance)
		for j := range 3 {
			if math.Abs(kp.Eigenvalues[j]/float64(n)-p.Eigenvalues[j]) > tol {
				t.Errorf("%s: μ%d/n = %v, λ%d = %v", solver, j, kp.Eigenvalues[j]/float64(n), j, p.Eigenvalues[j])
			}
			sign := math.Copysign(1, yp.At(0, j)*yk.At(0, j))
			for i := range n {
				if math.Abs(yp.At(i, j)-sign*yk.At(i, j)) > 1e-9*math.Sqrt(p.TotalVariance) {
					t.Fatalf("%s: projection %d of sample %d: PCA %v, kernel PCA %v", solver, j, i, yp.At(i, j), yk.At(i, j))
				}
			}
		}
	}
}

// TestKernelPCAUnitDirections checks the normalization aᵢᵀK̃aᵢ = 1 (unit
// feature-space directions) and that training projections have variance
// μ/n, with an RBF kernel.
func TestKernelPCAUnitDirections(t *testing.T) {
	x, _ := loadDataset(t, "wine.csv")
	z, _, _, _ := matrix.Standardize(x, matrix.Population)
	kp, err := KernelPCA{Kernel: Gaussian(10), Components: 4}.Fit(z)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := GramMatrix(kp.Kernel, z)
	centreGram(g)
	n := float64(z.Rows())
	y, _ := kp.Transform(z)
	for i := range 4 {
		a := kp.Alphas.Col(i)
		ka, _ := matrix.MulVec(g, a)
		if v := matrix.Dot(a, ka); math.Abs(v-1) > 1e-10 {
			t.Errorf("‖V%d‖² = %v", i, v)
		}
		col := y.Col(i)
		if v := matrix.Dot(col, col) / n; math.Abs(v-kp.Eigenvalues[i]/n) > 1e-10*kp.Eigenvalues[0] {
			t.Errorf("var of projection %d = %v, μ/n = %v", i, v, kp.Eigenvalues[i]/n)
		}
	}
	var buf bytes.Buffer
	kp.Save(&buf)
	back, err := LoadKernelPCA(&buf)
	if err != nil {
		t.Fatal(err)
	}
	y2, _ := back.Transform(z)
	if !matrix.EqualApprox(y, y2, 0) {
		t.Error("loaded kernel PCA projects differently")
	}
	if _, err := kp.Transform(matrix.New(2, 3)); !errors.Is(err, matrix.ErrShape) {
		t.Errorf("query width: %v", err)
	}
}

// circles returns two concentric circles of radius 1 and 3 with labels.
func circles(rng *rand.Rand, n int) (*matrix.Dense, []int) {
	x := matrix.New(2*n, 2)
	y := make([]int, 2*n)
	for i := range 2 * n {
		r := 1.0
		if i >= n {
			r, y[i] = 3, 1
		}
		th := 2 * math.Pi * rng.Float64()
		x.Set(i, 0, r*math.Cos(th)+0.1*rng.NormFloat64())
		x.Set(i, 1, r*math.Sin(th)+0.1*rng.NormFloat64())
	}
	return x, y
}

func TestKernelPCASeparatesCircles(t *testing.T) {
	x, y := circles(rand.New(rand.NewPCG(1, 2)), 100)
	kp, err := KernelPCA{Kernel: Gaussian(2), Components: 2}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	z, _ := kp.Transform(x)
	// Some single kernel component splits the classes by a threshold.
	best := 0.0
	for j := range 2 {
		acc, err := ThresholdAccuracy(z.Col(j), y)
		if err != nil {
			t.Fatal(err)
		}
		best = math.Max(best, acc)
	}
	if best < 0.99 {
		t.Errorf("best single-component threshold accuracy %.3f", best)
	}
	mostNeg, psd, _ := MercerCheck(Gaussian(1), x)
	if !psd {
		t.Errorf("Gaussian Gram not PSD: %v", mostNeg)
	}
	// A "kernel" that is not PSD: k(x, y) = −xᵀy is caught.
	neg, psd, _ := MercerCheck(Kernel{Type: PolynomialKernel, Degree: 1, Gamma: 1, Coef0: -100}, x)
	if psd || neg >= 0 {
		t.Errorf("xᵀy − 100 accepted as PSD (most negative %v)", neg)
	}
}

func TestSpectralEmbedding(t *testing.T) {
	x, y := circles(rand.New(rand.NewPCG(3, 4)), 60)
	for _, normalized := range []bool{false, true} {
		m, err := SpectralEmbedding{Components: 2, Sigma2: 0.5, Neighbors: 8, Normalized: normalized}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		// Two rings joined by a few weak edges: λ₁ = 0 (the constant
		// vector), λ₂ tiny against λ₃, and the embedding separates them.
		if math.Abs(m.Eigenvalues[0]) > float64(x.Rows())*eps*matrix.NormFrobenius(m.Laplacian) || m.Eigenvalues[1] > m.Eigenvalues[2]/100 {
			t.Errorf("normalized=%v: eigenvalues %v", normalized, m.Eigenvalues)
		}
		if s, err := ThresholdAccuracy(m.Embedding.Col(0), y); err != nil || s < 0.99 {
			t.Errorf("normalized=%v: embedding separates %.3f", normalized, s)
		}
		// min trace(HᵀLH) = sum of the k+1 smallest eigenvalues.
		h := matrix.New(x.Rows(), 1)
		h.SetCol(0, m.Embedding.Col(0))
		lh, _ := matrix.Mul(m.Laplacian, h)
		hlh, _ := matrix.MulATB(h, lh)
		if math.Abs(hlh.At(0, 0)-m.Eigenvalues[1]) > 1e-10 {
			t.Errorf("hᵀLh = %v, λ₂ = %v", hlh.At(0, 0), m.Eigenvalues[1])
		}
	}
	if _, err := (SpectralEmbedding{Sigma2: 0}).Fit(x); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("sigma2 0: %v", err)
	}
	if _, err := (SpectralEmbedding{Sigma2: 1e-6}).Fit(x); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("isolated points: %v", err)
	}
}

func TestFisherTwoClasses(t *testing.T) {
	x, yf := loadDataset(t, "iris.csv")
	// versicolor (1) against virginica (2), the overlapping pair.
	var rows [][]float64
	var y []int
	for i, c := range yf {
		if c > 0 {
			rows = append(rows, x.Row(i))
			y = append(y, int(c))
		}
	}
	xs, _ := matrix.NewFromRows(rows)
	m, err := FisherLDA{}.Fit(xs, y)
	if err != nil {
		t.Fatal(err)
	}
	// The Fisher direction maximizes J: random perturbations lower it.
	rng := rand.New(rand.NewPCG(5, 6))
	for range 50 {
		w := append([]float64(nil), m.W...)
		for i := range w {
			w[i] += 0.05 * rng.NormFloat64()
		}
		j, _ := m.CriterionAt(xs, y, w)
		if j > m.Criterion*(1+1e-12) {
			t.Fatalf("perturbed J %v > J(w*) %v", j, m.Criterion)
		}
	}
	// It agrees with the generalized eigenproblem S_B w = λ S_w w: λ = J.
	pred, _ := m.Predict(xs)
	right := 0
	for i := range pred {
		if pred[i] == y[i] {
			right++
		}
	}
	if acc := float64(right) / float64(len(y)); acc < 0.95 {
		t.Errorf("training accuracy %.3f", acc)
	}
	var buf bytes.Buffer
	m.Save(&buf)
	back, _ := LoadFisher(&buf)
	p2, _ := back.Predict(xs)
	for i := range p2 {
		if p2[i] != pred[i] {
			t.Fatal("loaded Fisher model predicts differently")
		}
	}
}

func TestFisherMultiClassAndErrors(t *testing.T) {
	x, yf := loadDataset(t, "wine.csv")
	y := make([]int, len(yf))
	for i, v := range yf {
		y[i] = int(v)
	}
	m, err := FisherLDA{}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if m.Directions.Rows() != 2 || math.Abs(m.Criterion-m.Eigenvalues[0]) > 1e-8*m.Eigenvalues[0] {
		t.Errorf("directions %d, J = %v, λ₁ = %v", m.Directions.Rows(), m.Criterion, m.Eigenvalues[0])
	}
	pred, _ := m.Predict(x)
	right := 0
	for i := range pred {
		if pred[i] == y[i] {
			right++
		}
	}
	if acc := float64(right) / float64(len(y)); acc < 0.98 {
		t.Errorf("wine training accuracy %.3f", acc)
	}
	// Singular S_w: a constant feature.
	c := x.Clone()
	for i := range c.Rows() {
		c.Set(i, 0, 1)
	}
	if _, err := (FisherLDA{}).Fit(c, y); !errors.Is(err, matrix.ErrNotSPD) {
		t.Errorf("singular S_w: %v", err)
	}
	if _, err := (FisherLDA{Ridge: 1e-6}).Fit(c, y); err != nil {
		t.Errorf("ridge: %v", err)
	}
	if _, err := (FisherLDA{}).Fit(x, make([]int, len(y))); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("one class: %v", err)
	}
	if _, err := (FisherLDA{}).Fit(x, y[:5]); !errors.Is(err, matrix.ErrShape) {
		t.Errorf("label count: %v", err)
	}
}

// TestKernelPCAExplicitFeatureMap checks kernel PCA against PCA carried
// out explicitly in the feature space of the notes' example (004,
// "Example of Kernel function"): (1 + xᵀy)² = φ(x)ᵀφ(y) with
// φ(x) = (1, x₁², x₂², √2x₁, √2x₂, √2x₁x₂). Centring K̃ must equal
// centring φ, the eigenvalues must be n times those of the feature-space
// covariance, and new points must project as φ(q) does under the PCA of
// φ(X): the test kernel centred with the training means.
func TestKernelPCAExplicitFeatureMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	x, q := randData(rng, 50, 2), randData(rng, 7, 2)
	phi := func(a *matrix.Dense) *matrix.Dense {
		s := math.Sqrt2
		out := matrix.New(a.Rows(), 6)
		for i := range a.Rows() {
			x1, x2 := a.At(i, 0), a.At(i, 1)
			copy(out.Row(i), []float64{1, x1 * x1, x2 * x2, s * x1, s * x2, s * x1 * x2})
		}
		return out
	}
	const k = 4
	kp, err := KernelPCA{Kernel: Polynomial(2), Components: k, Solver: "full"}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	p, err := PCA{Components: k}.Fit(phi(x))
	if err != nil {
		t.Fatal(err)
	}
	n := float64(x.Rows())
	tol := 1e3 * eps * kp.Eigenvalues[0]
	for j := range k {
		if math.Abs(kp.Eigenvalues[j]-n*p.Eigenvalues[j]) > tol {
			t.Errorf("μ%d = %v, n·λ%d = %v", j, kp.Eigenvalues[j], j, n*p.Eigenvalues[j])
		}
	}
	var signs [k]float64 // fixed on the training points, reused for q
	for _, pts := range []*matrix.Dense{x, q} {
		yk, err := kp.Transform(pts)
		if err != nil {
			t.Fatal(err)
		}
		yp, _ := p.Transform(phi(pts))
		for j := range k {
			gap := p.Eigenvalues[j] - p.Eigenvalues[j+1]
			if j > 0 {
				gap = math.Min(gap, p.Eigenvalues[j-1]-p.Eigenvalues[j])
			}
			ptol := 1e3 * eps * p.Eigenvalues[0] / gap * matrix.NormMax(yp)
			if signs[j] == 0 {
				signs[j] = math.Copysign(1, matrix.Dot(yp.Col(j), yk.Col(j)))
			}
			sign := signs[j]
			for i := range pts.Rows() {
				if math.Abs(yk.At(i, j)-sign*yp.At(i, j)) > ptol {
					t.Fatalf("point %d, component %d: kernel PCA %v, explicit PCA %v", i, j, yk.At(i, j), sign*yp.At(i, j))
				}
			}
		}
	}
}

// TestKernelPCAZeroEigenvalues: the centred Gram matrix of the linear
// kernel on rank-2 data has two non-zero eigenvalues; the coefficient
// vectors of the others cannot be normalized (‖a‖ = 1/√μ), so asking for
// a third component is an error that says so, with both solvers.
func TestKernelPCAZeroEigenvalues(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 44))
	b, c := randData(rng, 100, 2), randData(rng, 2, 5)
	x, _ := matrix.Mul(b, c)
	for _, solver := range []string{"full", "topk"} {
		if _, err := (KernelPCA{Components: 2, Solver: solver}).Fit(x); err != nil {
			t.Errorf("%s: two components of rank-2 data: %v", solver, err)
		}
		if _, err := (KernelPCA{Components: 3, Solver: solver}).Fit(x); !errors.Is(err, ErrInvalidParameter) {
			t.Errorf("%s: third component of rank-2 data: %v", solver, err)
		}
	}
	for _, c := range []KernelPCA{{Components: -1}, {Components: 101}, {Solver: "magic"}, {Kernel: Gaussian(-1)}} {
		if _, err := c.Fit(x); !errors.Is(err, ErrInvalidParameter) {
			t.Errorf("%+v: %v", c, err)
		}
	}
}

// TestThresholdAccuracy: golden cases of the best threshold rule.
func TestThresholdAccuracy(t *testing.T) {
	for _, c := range []struct {
		v    []float64
		y    []int
		want float64
	}{
		{[]float64{1, 2, 3, 4}, []int{0, 0, 1, 1}, 1},
		{[]float64{1, 2, 3, 4}, []int{1, 1, 0, 0}, 1}, // the reversed rule
		{[]float64{1, 2, 3, 4}, []int{0, 1, 0, 1}, 0.75},
	} {
		if got, err := ThresholdAccuracy(c.v, c.y); err != nil || got != c.want {
			t.Errorf("ThresholdAccuracy(%v, %v) = %v, %v, want %v", c.v, c.y, got, err, c.want)
		}
	}
	// Bad input is an error, never a panic.
	for _, c := range []struct {
		v    []float64
		y    []int
		want error
	}{
		{nil, nil, matrix.ErrEmpty},
		{[]float64{1, 2, 3}, []int{0, 1}, matrix.ErrShape},
		{[]float64{1, math.NaN()}, []int{0, 1}, matrix.ErrNotFinite},
	} {
		if _, err := ThresholdAccuracy(c.v, c.y); !errors.Is(err, c.want) {
			t.Errorf("ThresholdAccuracy(%v, %v): err = %v, want %v", c.v, c.y, err, c.want)
		}
	}
}
