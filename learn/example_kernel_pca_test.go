package learn_test

import (
	"fmt"
	"math"

	"mlnotes/learn"
	"mlnotes/matrix"
)

// The notes' kernels and LIBSVM's general forms are one type: the notes'
// (1 + xᵀy)² is γ = 1, c₀ = 1, and exp(−‖x − y‖²/σ²) is γ = 1/σ².
func ExampleKernel() {
	x, y := []float64{1, 2}, []float64{3, -1}
	for _, k := range []learn.Kernel{
		learn.Linear(),
		learn.Polynomial(2),
		{Type: learn.PolynomialKernel, Degree: 3, Gamma: 0.5, Coef0: 2},
		learn.Gaussian(4),
		{Type: learn.GaussianKernel, Gamma: 0.25},
	} {
		fmt.Printf("%-22s k(x, y) = %.4f\n", k, k.Eval(x, y))
	}
	// Output:
	// xᵀy                    k(x, y) = 1.0000
	// (1·xᵀy + 1)^2          k(x, y) = 4.0000
	// (0.5·xᵀy + 2)^3        k(x, y) = 15.6250
	// exp(−‖x − y‖²/4)       k(x, y) = 0.0388
	// exp(−‖x − y‖²/4)       k(x, y) = 0.0388
}

// Mercer's condition on a sample: the Gram matrix of a kernel is positive
// semi-definite. (xᵀy − 10)² passes (it is a kernel); xᵀy − 10 is not one,
// and the check reports its most negative eigenvalue.
func ExampleMercerCheck() {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {1, 0}, {0, 1}, {1, 1}})
	for _, k := range []learn.Kernel{
		learn.Gaussian(1),
		{Type: learn.PolynomialKernel, Degree: 1, Gamma: 1, Coef0: -10},
	} {
		neg, psd, _ := learn.MercerCheck(k, x)
		fmt.Printf("%s: PSD %v, most negative eigenvalue %.4f\n", k, psd, neg)
	}
	// Output:
	// exp(−‖x − y‖²/1): PSD true, most negative eigenvalue 0.0000
	// (1·xᵀy + -10)^1: PSD false, most negative eigenvalue -38.0512
}

// New points are projected with their kernel against the training points,
// centred with the training means: a training point given as a query
// lands exactly where it was. The values agree with scikit-learn 1.2's
// KernelPCA (up to the sign of each component).
func ExampleKernelPCAModel_Transform() {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {1, 0}, {0, 2}, {1, 1}, {3, 3}})
	m, _ := learn.KernelPCA{Kernel: learn.Gaussian(2), Components: 2}.Fit(x)
	train, _ := m.Transform(x)
	q, _ := matrix.NewFromRows([][]float64{{3, 3}, {2, 2}})
	y, _ := m.Transform(q)
	abs := func(v []float64) []float64 { return []float64{math.Abs(v[0]), math.Abs(v[1])} }
	fmt.Printf("training point 5: %.4f\nas a query:       %.4f\nnew point (2, 2): %.4f\n", abs(train.Row(4)), abs(y.Row(0)), abs(y.Row(1)))
	// Output:
	// training point 5: [0.8860 0.4178]
	// as a query:       [0.8860 0.4178]
	// new point (2, 2): [0.3605 0.0114]
}

// The eigenvalues of the Laplacian: the first is 0 (the constant vector),
// and a small second one says the graph nearly falls in two pieces, which
// the embedding separates. (numpy 1.24's eigh of D − W agrees.)
func ExampleSpectralModel() {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {0.1, 0}, {0, 0.1}, {5, 5}, {5.1, 5}, {5, 5.1}})
	m, _ := learn.SpectralEmbedding{Components: 1, Sigma2: 20}.Fit(x)
	h := m.Embedding.Col(0)
	if h[0] > 0 {
		matrix.ScaleVec(-1, h) // an eigenvector's sign is arbitrary
	}
	fmt.Printf("λ₁ ≈ 0: %v, λ₂ = %.4f\n", math.Abs(m.Eigenvalues[0]) < 1e-12, m.Eigenvalues[1])
	fmt.Printf("embedding %.4f\n", h)
	// Output:
	// λ₁ ≈ 0: true, λ₂ = 0.4925
	// embedding [-0.4107 -0.4070 -0.4070 0.4058 0.4095 0.4095]
}

// Three classes: the c − 1 = 2 directions of S_B v = λ S_w v, the
// generalized eigenvalues (J along each direction), and prediction by the
// nearest projected class mean. (scipy 1.10's eigh(S_B, S_w) agrees.)
func ExampleFisherModel_Predict() {
	x, _ := matrix.NewFromRows([][]float64{
		{0, 0}, {1, 0}, {0, 1},
		{4, 0}, {5, 0}, {4, 1},
		{0, 8}, {1, 8}, {0, 9},
	})
	y := []int{0, 0, 0, 1, 1, 1, 2, 2, 2}
	m, _ := learn.FisherLDA{}.Fit(x, y)
	q, _ := matrix.NewFromRows([][]float64{{4.5, 0.2}, {0.3, 8.4}, {0.2, 0.3}})
	pred, _ := m.Predict(q)
	fmt.Printf("directions %d, eigenvalues %.4f, predictions %v\n", m.Directions.Rows(), m.Eigenvalues, pred)
	fmt.Printf("J at the first direction equals λ₁: %v\n", math.Abs(m.Criterion-m.Eigenvalues[0]) < 1e-12*m.Eigenvalues[0])
	// Output:
	// directions 2, eigenvalues [70.8880 14.4453], predictions [1 2 0]
	// J at the first direction equals λ₁: true
}

func ExampleThresholdAccuracy() {
	// One coordinate of an embedding and the two classes it should
	// separate: the 0.5 of class 0 sits among class 1, so the best
	// threshold gets 3 of 4 right.
	v := []float64{0.1, 0.5, 0.9, 0.4}
	y := []int{0, 0, 1, 1}
	acc, err := learn.ThresholdAccuracy(v, y)
	fmt.Println(acc, err)
	// Output: 0.75 <nil>
}
