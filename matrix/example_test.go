package matrix_test

import (
	"fmt"

	"mlnotes/matrix"
)

func ExampleFactorizeLU() {
	a, _ := matrix.NewFromRows([][]float64{{2, 3, 1}, {1, 2, 1}, {1, 1, 1}})
	lu, _ := matrix.FactorizeLU(a)
	x, _ := lu.SolveVec([]float64{6, 4, 3}) // A x = b with x = (1, 1, 1)
	fmt.Printf("det = %.4f, x = %.4f\n", lu.Det(), x)
	// Output: det = 1.0000, x = [1.0000 1.0000 1.0000]
}

func ExampleFactorizeCholesky() {
	a, _ := matrix.NewFromRows([][]float64{{4, 12, -16}, {12, 37, -43}, {-16, -43, 98}})
	c, _ := matrix.FactorizeCholesky(a)
	fmt.Print(c.L())
	fmt.Printf("log det = %.4f\n", c.LogDet())
	// Output:
	// [   2.0000    0.0000    0.0000]
	// [   6.0000    1.0000    0.0000]
	// [  -8.0000    5.0000    3.0000]
	// log det = 3.5835
}

func ExampleFactorizeQR() {
	a, _ := matrix.NewFromRows([][]float64{{3, 1}, {4, 2}})
	f, _ := matrix.FactorizeQR(a)
	fmt.Print(f.R()) // |r₁₁| = ‖first column‖ = 5
	// Output:
	// [  -5.0000   -2.2000]
	// [   0.0000    0.4000]
}

func ExampleQR_LeastSquares() {
	// Fit y = w₀ + w₁t to (0, 1), (1, 3), (2, 5), (3, 7).
	a, _ := matrix.NewFromRows([][]float64{{1, 0}, {1, 1}, {1, 2}, {1, 3}})
	y, _ := matrix.NewFromRows([][]float64{{1}, {3}, {5}, {7}})
	f, _ := matrix.FactorizeQR(a)
	w, _ := f.LeastSquares(y)
	fmt.Printf("w = (%.4f, %.4f)\n", w.At(0, 0), w.At(1, 0))
	// Output: w = (1.0000, 2.0000)
}

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

func ExampleCovariance() {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {2, 2}, {4, 0}})
	s, _ := matrix.Covariance(x, matrix.Population) // the notes' 1/n
	fmt.Print(s)
	// Output:
	// [   2.6667    0.0000]
	// [   0.0000    0.8889]
}

func ExampleMul() {
	a, _ := matrix.NewFromRows([][]float64{{1, 2}, {3, 4}})
	p, _ := matrix.Mul(a, matrix.Identity(2))
	g, _ := matrix.MulABT(a, a) // the Gram matrix AAᵀ
	fmt.Print(p)
	fmt.Print(g)
	// Output:
	// [   1.0000    2.0000]
	// [   3.0000    4.0000]
	// [   5.0000   11.0000]
	// [  11.0000   25.0000]
}
