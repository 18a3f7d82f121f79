//go:build !amd64 || purego

package matrix

// dot4Fast reports that there is no vector kernel for Gemv here.
func dot4Fast(a *Dense, i int, x []float64, s *[4]float64) bool { return false }

// axpy4Fast reports that there is no vector kernel for Gemv here.
func axpy4Fast(x4 *[4]float64, a *Dense, p, j0 int, y []float64) bool { return false }
