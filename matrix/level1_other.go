//go:build !amd64 || purego

package matrix

// dotFast reports that there is no vector kernel for the dot product here.
func dotFast(x, y []float64) (float64, bool) { return 0, false }

// axpyFast reports that there is no vector kernel for axpy here.
func axpyFast(alpha float64, x, y []float64) bool { return false }

// finiteBulk leaves all of x to the portable loop here.
func finiteBulk(x []float64) (rest []float64, ok bool) { return x, true }
