package toydata

import (
	"math"
	"math/rand/v2"

	"mlnotes/matrix"
)

// NoisySine returns n points x uniform in [0, 1) with targets
// y = sin(2πx) + σ·N(0, 1): the one-dimensional regression of the tour's
// least-squares section and of the site's linear-models page.
func NoisySine(n int, sigma float64, seed uint64) (*matrix.Dense, []float64) {
	rng := rand.New(rand.NewPCG(seed, 3))
	x := matrix.New(n, 1)
	y := make([]float64, n)
	for i := range n {
		v := rng.Float64()
		x.Set(i, 0, v)
		y[i] = math.Sin(2*math.Pi*v) + sigma*rng.NormFloat64()
	}
	return x, y
}

// Table returns the columns of x followed by y as one matrix, to be
// written as CSV with a header (the targets of a regression last).
func Table(x *matrix.Dense, y []float64) *matrix.Dense {
	n, d := x.Dims()
	t := matrix.New(n, d+1)
	for i := range n {
		copy(t.Row(i), x.Row(i))
		t.Set(i, d, y[i])
	}
	return t
}
