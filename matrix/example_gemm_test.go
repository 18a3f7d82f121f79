package matrix_test

import (
	"fmt"

	"mlnotes/matrix"
)

// Gemm accumulates into a destination the caller owns: here C ← 2·AᵀB + C,
// with A read transposed in place.
func ExampleGemm() {
	a, _ := matrix.NewFromRows([][]float64{{1, 2}, {3, 4}}) // Aᵀ = [[1 3] [2 4]]
	b, _ := matrix.NewFromRows([][]float64{{1, 0}, {0, 1}})
	c, _ := matrix.NewFromRows([][]float64{{10, 10}, {10, 10}})
	if err := matrix.Gemm(true, false, 2, a, b, 1, c); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(c)
	// Output:
	// [  12.0000   16.0000]
	// [  14.0000   18.0000]
}

// The scatter matrix XᵀX of three samples of two features (X is n×d,
// samples as rows), computed as a symmetric rank-k update: only one
// triangle is computed, the other is copied, so the result is exactly
// symmetric.
func ExampleSyrk() {
	x, _ := matrix.NewFromRows([][]float64{{1, 2}, {3, 4}, {5, 6}})
	s := matrix.New(2, 2)
	if err := matrix.Syrk(true, 1, x, 0, s); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(s)
	// Output:
	// [  35.0000   44.0000]
	// [  44.0000   56.0000]
}

// The scores (xᵢ − c)ᵀwⱼ of three samples around a centre c, for two
// weight vectors stored as the rows of W: GemmCentered subtracts c as it
// reads X, so no centred copy of X is made.
func ExampleGemmCentered() {
	x, _ := matrix.NewFromRows([][]float64{{101, 2}, {103, 4}, {105, 6}})
	centre := []float64{103, 4}
	w, _ := matrix.NewFromRows([][]float64{{1, 0}, {1, -1}})
	scores := matrix.New(3, 2)
	if err := matrix.GemmCentered(1, x, centre, true, w, 0, scores); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(scores)
	// Output:
	// [  -2.0000    0.0000]
	// [   0.0000    0.0000]
	// [   2.0000    0.0000]
}
