package matrix_test

import (
	"fmt"

	"mlnotes/matrix"
)

// A data matrix packed once is the right operand of the products of an
// iterative method: here the scores ΘXᵀ of two parameter vectors, twice.
func ExampleGemmPackedB() {
	x, _ := matrix.NewFromSlice(3, 2, []float64{1, 2, 3, 4, 5, 6}) // three samples
	px, _ := matrix.PackB(x, true)                                 // op(B) = Xᵀ, 2×3
	theta, _ := matrix.NewFromSlice(2, 2, []float64{1, 0, 0.5, -1})
	scores := matrix.New(2, 3)
	for range 2 {
		_ = matrix.GemmPackedB(false, 1, theta, px, 0, scores)
		theta.Set(0, 0, 2)
	}
	fmt.Println(scores.Row(0), scores.Row(1))
	// Output: [2 6 10] [-1.5 -2.5 -3.5]
}

// The product of two queries with three points, handed over a tile of
// columns at a time: here each query's largest inner product is kept and
// the tiles themselves are dropped.
func ExamplePackedB_Tiles() {
	x, _ := matrix.NewFromSlice(3, 2, []float64{1, 2, 3, 4, 5, 6}) // three points
	px, _ := matrix.PackB(x, true)                                 // op(B) = Xᵀ, 2×3
	q, _ := matrix.NewFromSlice(2, 2, []float64{1, 0, -1, 1})      // two queries
	best, arg := []float64{-1e300, -1e300}, []int{-1, -1}
	_ = px.Tiles(q, func(j0 int, c *matrix.Dense) {
		for i := range c.Rows() {
			for j, v := range c.Row(i) {
				if v > best[i] {
					best[i], arg[i] = v, j0+j
				}
			}
		}
	})
	fmt.Println(best, arg)
	// Output: [5 1] [2 0]
}
