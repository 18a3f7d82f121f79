package toydata

import (
	"math/rand/v2"

	"mlnotes/matrix"
)

// GaussianClasses returns n points around each centre, labelled 0, 1, …
// in the order of the centres: x₁ has standard deviation sd[c] and x₂
// 0.7·sd[c] (axis-aligned ellipses, so that the classes' covariances
// differ). The random numbers come from PCG(seed, 1).
func GaussianClasses(n int, centers [][2]float64, sd []float64, seed uint64) (*matrix.Dense, []int) {
	rng := rand.New(rand.NewPCG(seed, 1))
	x := matrix.New(n*len(centers), 2)
	y := make([]int, n*len(centers))
	for c, ctr := range centers {
		for i := range n {
			r := c*n + i
			x.Set(r, 0, ctr[0]+sd[c]*rng.NormFloat64())
			x.Set(r, 1, ctr[1]+sd[c]*rng.NormFloat64()*0.7)
			y[r] = c
		}
	}
	return x, y
}

// ThreeClasses returns the tour's data for the Bayes classifier: three
// overlapping Gaussian classes of 80 points each around (0, 0),
// (2.5, 0.5) and (1, 2.5). The site ships it as blobs3, its data set with
// more than two classes.
func ThreeClasses() (*matrix.Dense, []int) {
	return GaussianClasses(80, [][2]float64{{0, 0}, {2.5, 0.5}, {1, 2.5}}, []float64{0.9, 0.7, 1.1}, 15)
}
