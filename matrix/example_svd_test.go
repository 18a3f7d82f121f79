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
