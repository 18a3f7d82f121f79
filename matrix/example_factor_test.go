package matrix_test

import (
	"fmt"

	"mlnotes/matrix"
)

// Solve a 3×3 system with partial-pivoting LU: the first pivot is 4, not
// the 2 in the corner.
func ExampleFactorizeLU() {
	a, _ := matrix.NewFromRows([][]float64{
		{2, 1, 1},
		{4, -6, 0},
		{-2, 7, 2},
	})
	f, err := matrix.FactorizeLU(a)
	if err != nil {
		fmt.Println(err)
		return
	}
	x, _ := f.SolveVec([]float64{7, -8, 18})
	fmt.Printf("pivots %v\n", f.Pivots())
	fmt.Printf("U =\n%v", f.U())
	fmt.Printf("det = %.4f\n", f.Det())
	fmt.Printf("x = [%.4f %.4f %.4f]\n", x[0], x[1], x[2])
	// Output:
	// pivots [1 0 2]
	// U =
	// [   4.0000   -6.0000    0.0000]
	// [   0.0000    4.0000    1.0000]
	// [   0.0000    0.0000    1.0000]
	// det = -16.0000
	// x = [1.0000 2.0000 3.0000]
}

// The log-density of a multivariate normal needs log|Σ| and Σ⁻¹(x − μ):
// both come from one Cholesky factorization Σ = LLᵀ.
func ExampleFactorizeCholesky() {
	sigma, _ := matrix.NewFromRows([][]float64{
		{4, 12, -16},
		{12, 37, -43},
		{-16, -43, 98},
	})
	c, err := matrix.FactorizeCholesky(sigma)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("L =\n%v", c.L())
	fmt.Printf("log det Σ = %.4f\n", c.LogDet())
	x, _ := c.SolveVec([]float64{1, 0, 0})
	fmt.Printf("Σ⁻¹e₁ = [%.4f %.4f %.4f]\n", x[0], x[1], x[2])
	// An indefinite matrix is refused, naming the failing pivot.
	bad, _ := matrix.NewFromRows([][]float64{{1, 2}, {2, 1}})
	_, err = matrix.FactorizeCholesky(bad)
	fmt.Println(err)
	// Output:
	// L =
	// [   2.0000    0.0000    0.0000]
	// [   6.0000    1.0000    0.0000]
	// [  -8.0000    5.0000    3.0000]
	// log det Σ = 3.5835
	// Σ⁻¹e₁ = [49.3611 -13.5556 2.1111]
	// matrix: cholesky: matrix is not positive definite: pivot 1 is -3
}

// Householder QR of a 3×2 matrix: Q has orthonormal columns and R is
// upper triangular (its diagonal may be negative, as in LAPACK).
func ExampleFactorizeQR() {
	a, _ := matrix.NewFromRows([][]float64{
		{1, 1},
		{2, 0},
		{2, 1},
	})
	f, err := matrix.FactorizeQR(a)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("Q =\n%v", f.Q())
	fmt.Printf("R =\n%v", f.R())
	// Output:
	// Q =
	// [  -0.3333   -0.6667]
	// [  -0.6667    0.6667]
	// [  -0.6667   -0.3333]
	// R =
	// [  -3.0000   -1.0000]
	// [   0.0000   -1.0000]
}

// Fit a line y = w₀ + w₁t to four points (002, "Linear Regression"):
// the design matrix has a column of ones and a column of t. QR solves the
// problem without forming AᵀA.
func ExampleQR_LeastSquares() {
	t := []float64{0, 1, 2, 3}
	y := []float64{1.1, 2.9, 5.2, 6.8}
	a := matrix.New(len(t), 2)
	b := matrix.New(len(t), 1)
	for i := range t {
		a.Set(i, 0, 1)
		a.Set(i, 1, t[i])
		b.Set(i, 0, y[i])
	}
	f, _ := matrix.FactorizeQR(a)
	w, err := f.LeastSquares(b)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("intercept %.4f, slope %.4f\n", w.At(0, 0), w.At(1, 0))
	// The residual norm is the norm of the last m − n entries of Qᵀb.
	qtb, _ := f.ApplyQT(b)
	fmt.Printf("residual norm %.4f\n", matrix.Nrm2(qtb.Col(0)[2:]))
	// Output:
	// intercept 1.0900, slope 1.9400
	// residual norm 0.2864
}

func ExampleMul() {
	a, _ := matrix.NewFromRows([][]float64{{1, 2, 3}, {4, 5, 6}})
	b, _ := matrix.NewFromRows([][]float64{{1, 0}, {0, 1}, {1, 1}})
	c, _ := matrix.Mul(a, b) // 2×3 · 3×2 = 2×2
	fmt.Print(c)
	_, err := matrix.Mul(a, a)
	fmt.Println(err)
	// Output:
	// [   4.0000    5.0000]
	// [  10.0000   11.0000]
	// matrix: mul: dimension mismatch: inner dimensions 3 and 2
}

// The covariance of three samples of two features (rows are samples), with
// the notes' 1/n and with 1/(n − 1).
func ExampleCovariance() {
	x, _ := matrix.NewFromRows([][]float64{
		{1, 10},
		{2, 20},
		{6, 30},
	})
	pop, _ := matrix.Covariance(x, matrix.Population)
	smp, _ := matrix.Covariance(x, matrix.Sample)
	fmt.Printf("1/n:\n%v1/(n-1):\n%v", pop, smp)
	// Output:
	// 1/n:
	// [   4.6667   16.6667]
	// [  16.6667   66.6667]
	// 1/(n-1):
	// [   7.0000   25.0000]
	// [  25.0000  100.0000]
}
