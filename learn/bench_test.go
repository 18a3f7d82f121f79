package learn

import (
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

// BenchmarkPCA fits 50 components of a synthetic 10000×784 data set (the
// shape of a sixth of MNIST) with the default covariance method.
func BenchmarkPCA(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	x := matrix.New(10000, 784)
	for i := range 10000 {
		row := x.Row(i)
		for j := range row {
			row[j] = rng.NormFloat64() * float64(1+j%7)
		}
	}
	b.Run("10000x784/k=50", func(b *testing.B) {
		for b.Loop() {
			if _, err := (PCA{Components: 50}).Fit(x); err != nil {
				b.Fatal(err)
			}
		}
	})
	m, _ := PCA{Components: 50}.Fit(x)
	b.Run("10000x784/k=50/transform", func(b *testing.B) {
		for b.Loop() {
			m.Transform(x)
		}
	})
	b.Run("10000x784/k=50/reconstruction-error", func(b *testing.B) {
		for b.Loop() {
			m.ReconstructionError(x)
		}
	})
}

// BenchmarkSpectralEmbedding: a 10-nearest-neighbour graph on 2000 points.
func BenchmarkSpectralEmbedding(b *testing.B) {
	x := randData(rand.New(rand.NewPCG(3, 3)), 2000, 10)
	b.Run("knn10/n=2000/k=2", func(b *testing.B) {
		for b.Loop() {
			if _, err := (SpectralEmbedding{Components: 2, Sigma2: 10, Neighbors: 10}).Fit(x); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkKernelPCA: the top 2 components of an RBF kernel PCA on 2000
// points (scikit-learn's ARPACK run takes 0.14 s here).
func BenchmarkKernelPCA(b *testing.B) {
	rng := rand.New(rand.NewPCG(2, 2))
	x := randData(rng, 2000, 10)
	b.Run("rbf/n=2000/k=2", func(b *testing.B) {
		for b.Loop() {
			if _, err := (KernelPCA{Kernel: Gaussian(10), Components: 2}).Fit(x); err != nil {
				b.Fatal(err)
			}
		}
	})
	// The "kernel PCA on 5 000 points must finish in seconds".
	x5 := randData(rng, 5000, 10)
	b.Run("rbf/n=5000/k=2", func(b *testing.B) {
		for b.Loop() {
			if _, err := (KernelPCA{Kernel: Gaussian(10), Components: 2}).Fit(x5); err != nil {
				b.Fatal(err)
			}
		}
	})
}
