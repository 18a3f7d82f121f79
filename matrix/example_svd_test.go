package matrix_test

import (
	"fmt"

	"mlnotes/matrix"
)

func ExampleFactorizeSVD() {
	a, _ := matrix.NewFromRows([][]float64{{3, 0}, {4, 5}})
	f, _ := matrix.FactorizeSVD(a, matrix.SVDThin)
	fmt.Printf("σ = %.4f, rank %d, cond %.4f\n", f.Values(), f.Rank(0), f.Cond())
	// Output: σ = [6.7082 2.2361], rank 2, cond 3.0000
}

func ExampleLeastSquares() {
	// One equation, two unknowns: x₁ + x₂ = 2. The minimum-norm solution.
	a, _ := matrix.NewFromRows([][]float64{{1, 1}})
	b, _ := matrix.NewFromRows([][]float64{{2}})
	x, rank, _ := matrix.LeastSquares(a, b, 0)
	fmt.Printf("x = (%.4f, %.4f), rank %d\n", x.At(0, 0), x.At(1, 0), rank)
	// Output: x = (1.0000, 1.0000), rank 1
}

func ExamplePseudoInverse() {
	// The pseudo-inverse of a rank-one matrix uuᵀ with ‖u‖ = 1 is itself.
	a, _ := matrix.NewFromRows([][]float64{{0.5, 0.5}, {0.5, 0.5}})
	p, _ := matrix.PseudoInverse(a)
	fmt.Print(p)
	// Output:
	// [   0.5000    0.5000]
	// [   0.5000    0.5000]
}

func ExampleFactorizeSVDWith() {
	// A graded matrix: columns scaled by 1 and 1e-12. Both methods are
	// backward stable; one-sided Jacobi also gets the tiny singular value
	// to full relative accuracy, which is what it is kept for.
	a, _ := matrix.NewFromRows([][]float64{{1, 1e-12}, {1, -1e-12}, {0, 1e-12}})
	gk, _ := matrix.FactorizeSVDWith(a, matrix.SVDOptions{Kind: matrix.SVDValues})
	jac, _ := matrix.FactorizeSVDWith(a, matrix.SVDOptions{Kind: matrix.SVDValues, Method: matrix.SVDJacobi})
	fmt.Printf("Golub–Kahan: σ = %.4e\n", gk.Values())
	fmt.Printf("Jacobi:      σ = %.4e\n", jac.Values())
	// Output:
	// Golub–Kahan: σ = [1.4142e+00 1.7321e-12]
	// Jacobi:      σ = [1.4142e+00 1.7321e-12]
}
