package learn

import "testing"

// BenchmarkBayesSharedPredict predicts 10000 points in 784 dimensions
// (Fashion-MNIST's test set's shape) with the shared-covariance Bayes
// classifier of 10 Gaussian classes fitted to 5000 points (Reg 0.01, as
// cmd/demo's gauss-bayes): the linear discriminants of bayes_shared.go,
// one 10000×784 by 784×10 product. On one core of the machine of the
// change: 390 ms by LogJoint's triangular solve, 15.5 ms by the
// discriminants (scikit-learn's LinearDiscriminantAnalysis.predict on
// Fashion-MNIST's test set: 0.02 s).
func BenchmarkBayesSharedPredict(b *testing.B) {
	const d, k = 784, 10
	x := generativeBenchData(4, 5000, d, k)
	q := generativeBenchData(5, 10000, d, k)
	y := make([]int, x.Rows())
	for i := range y {
		y[i] = i % k // generativeBenchData's centre of row i
	}
	m, err := Bayes{Density: SharedGaussDensity, Reg: 0.01}.Fit(x, y)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("10000x784k10", func(b *testing.B) {
		for b.Loop() {
			if _, err := m.Predict(q); err != nil {
				b.Fatal(err)
			}
		}
	})
}
