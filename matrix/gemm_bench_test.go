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

// BenchmarkGemmThin is the product of a 10000×784 matrix (Fashion-MNIST's
// test set) with the transpose of a 10×784 one (ten classes' linear
// scores, gemmThin), plain (Gemm, as learn's softmax prediction) and
// centred (GemmCentered, as the shared-Gaussian Bayes scores).
func BenchmarkGemmThin(b *testing.B) {
	rng := rand.New(rand.NewPCG(13, 13))
	x, w := randDense(rng, 10000, 784), randDense(rng, 10, 784)
	centre := randDense(rng, 1, 784).data
	c := New(10000, 10)
	b.Run("10000x784x10", func(b *testing.B) {
		cpu := processCPU()
		for range b.N {
			_ = Gemm(false, true, 1, x, w, 0, c)
		}
		reportCPU(b, cpu)
	})
	b.Run("10000x784x10/centred", func(b *testing.B) {
		cpu := processCPU()
		for range b.N {
			_ = GemmCentered(1, x, centre, true, w, 0, c)
		}
		reportCPU(b, cpu)
	})
}
