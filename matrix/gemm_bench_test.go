package matrix

import (
	"math/rand/v2"
	"testing"
)

// The benchmarks of the targets. They loop over b.N rather than
// b.Loop: with -cpu 1,2 the testing package runs a benchmark's first
// round before it sets GOMAXPROCS (golang.org/issue/49980), and a b.Loop
// benchmark does all its timing in that round, so the first "-cpu 1"
// result of each benchmark would be measured at the previous benchmark's
// GOMAXPROCS. With b.N only the one calibration call runs there.

// BenchmarkCovarianceLarge is the covariance of a 60000×784 matrix, the
// size of Fashion-MNIST's training images (376 MB), against numpy's XᵀX.
func BenchmarkCovarianceLarge(b *testing.B) {
	rng := rand.New(rand.NewPCG(12, 12))
	x := randDense(rng, 60000, 784)
	b.ResetTimer()
	cpu := processCPU()
	for range b.N {
		if _, err := Covariance(x, Sample); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpu)
	b.ReportMetric(float64(784*785*60000)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}
