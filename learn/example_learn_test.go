package learn_test

import (
	"fmt"
	"math"

	"mlnotes/learn"
	"mlnotes/matrix"
)

func ExampleKernelPCA() {
	// With the linear kernel, kernel PCA is PCA: μ/n equals λ.
	x, _ := matrix.NewFromRows([][]float64{{1, 1.1}, {2, 1.9}, {3, 3.2}, {4, 3.8}})
	kp, _ := learn.KernelPCA{Kernel: learn.Linear(), Components: 1}.Fit(x)
	p, _ := learn.PCA{Components: 1}.Fit(x)
	fmt.Printf("μ₁/n = %.4f, λ₁ = %.4f\n", kp.Eigenvalues[0]/4, p.Eigenvalues[0])
	// Output: μ₁/n = 2.3642, λ₁ = 2.3642
}

func ExampleSpectralEmbedding() {
	// Two tight groups far apart: the embedding puts them on opposite sides.
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {0.1, 0}, {0, 0.1}, {5, 5}, {5.1, 5}, {5, 5.1}})
	m, _ := learn.SpectralEmbedding{Components: 1, Sigma2: 20}.Fit(x)
	e := m.Embedding.Col(0)
	fmt.Println(e[0]*e[3] < 0, e[0]*e[1] > 0)
	// Output: true true
}

func ExampleFisherLDA() {
	x, _ := matrix.NewFromRows([][]float64{{1, 2}, {2, 3}, {3, 3}, {6, 5}, {7, 8}, {8, 7}})
	m, _ := learn.FisherLDA{}.Fit(x, []int{0, 0, 0, 1, 1, 1})
	pred, _ := m.Predict(x)
	fmt.Printf("w = %.4f, J(w) = %.4f, predictions %v\n", m.W, m.Criterion, pred)
	// Output: w = [0.9977 0.0680], J(w) = 6.2703, predictions [0 0 0 1 1 1]
}

func ExampleSVM_Fit() {
	// Two points, hard margin: w = (1, 0), b = 0, margin 2.
	x, _ := matrix.NewFromRows([][]float64{{1, 0}, {-1, 0}})
	m, _ := learn.SVM{Hard: true}.Fit(x, []int{0, 1})
	w, margin, _ := m.PrimalW(0)
	b := m.Machines[0].B()
	fmt.Printf("w = %.4f, |b| < 1e-12: %v, margin %.4f, support vectors %v\n", w, math.Abs(b) < 1e-12, margin, m.Machines[0].Support)
	// Output: w = [1.0000 0.0000], |b| < 1e-12: true, margin 2.0000, support vectors [0 1]
}

func ExampleSVM_FitRegression() {
	// y = 2x exactly: a linear ε-SVR recovers the slope inside its tube.
	x, _ := matrix.NewFromRows([][]float64{{0}, {1}, {2}, {3}, {4}})
	m, _ := learn.SVM{Type: learn.EpsSVR, C: 100, Epsilon: 0.01, Tol: 1e-8}.FitRegression(x, []float64{0, 2, 4, 6, 8})
	w, _, _ := m.PrimalW(0)
	fmt.Printf("slope %.2f\n", w[0])
	// Output: slope 2.00
}

func ExampleGramMatrix() {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {1, 0}})
	k, _ := learn.GramMatrix(learn.Gaussian(1), x)
	fmt.Print(k)
	// Output:
	// [   1.0000    0.3679]
	// [   0.3679    1.0000]
}
