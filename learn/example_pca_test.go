package learn_test

import (
	"fmt"

	"mlnotes/learn"
	"mlnotes/matrix"
)

// Four points on a line y = x with a little noise: one component carries
// almost all of the variance.
func ExamplePCA() {
	x, _ := matrix.NewFromRows([][]float64{{1, 1.1}, {2, 1.9}, {3, 3.2}, {4, 3.8}})
	m, _ := learn.PCA{Components: 1}.Fit(x)
	fmt.Printf("eigenvalues %.4f\n", m.Eigenvalues)
	fmt.Printf("direction %.4f\n", m.Components.Row(0))
	fmt.Printf("explained %.4f\n", m.ExplainedVarianceRatio)
	mse, _ := m.ReconstructionError(x)
	fmt.Printf("reconstruction MSE %.4f = discarded λ %.4f\n", mse, m.Eigenvalues[1])
	// Output:
	// eigenvalues [2.3642 0.0108]
	// direction [0.7256 0.6881]
	// explained [0.9954]
	// reconstruction MSE 0.0108 = discarded λ 0.0108
}

func ExampleWhiten() {
	x, _ := matrix.NewFromRows([][]float64{{2, 0}, {0, 1}, {-2, 0}, {0, -1}})
	w, _ := learn.Whiten{Method: learn.ZCAWhitening}.Fit(x)
	z, _ := w.Transform(x)
	cov, _ := matrix.Covariance(z, matrix.Population)
	fmt.Print(cov)
	// Output:
	// [   1.0000    0.0000]
	// [   0.0000    1.0000]
}
