package learn

import (
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

// generativeBenchData draws n points in d dimensions around k centers
// (seeded), the data of BenchmarkKDE and BenchmarkGMM.
func generativeBenchData(seed uint64, n, d, k int) *matrix.Dense {
	rng := rand.New(rand.NewPCG(seed, 1))
	centers := matrix.New(k, d)
	for i := range k {
		for j := range d {
			centers.Set(i, j, 0.5*rng.NormFloat64())
		}
	}
	x := matrix.New(n, d)
	for i := range n {
		c := centers.Row(i % k)
		for j := range d {
			x.Set(i, j, c[j]+rng.NormFloat64())
		}
	}
	return x
}

// BenchmarkKDE evaluates a Gaussian kernel density of 10000 points in 10
// dimensions (Scott's bandwidth) at 10000 query points: 10⁸ kernel terms.
// docs/performance.md compares it with scipy's gaussian_kde.
func BenchmarkKDE(b *testing.B) {
	x := generativeBenchData(1, 10000, 10, 5)
	q := generativeBenchData(2, 10000, 10, 5)
	m, err := KernelDensity{}.Fit(x)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("10000x10000x10", func(b *testing.B) {
		for b.Loop() {
			if _, err := m.LogDensity(q); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkGMM fits a 5-component full-covariance mixture to 10000 points
// in 10 dimensions: one k-means++ initialization and exactly 50 EM
// iterations (the tolerance is too small to stop earlier), as
// scikit-learn's GaussianMixture(max_iter=50, tol=0) is timed in
// docs/performance.md.
func BenchmarkGMM(b *testing.B) {
	x := generativeBenchData(3, 10000, 10, 5)
	b.Run("10000x10k5", func(b *testing.B) {
		for b.Loop() {
			m, err := GaussianMixture{K: 5, MaxIter: 50, Tol: 1e-300}.Fit(x)
			if err != nil {
				b.Fatal(err)
			}
			if m.Iterations != 50 {
				b.Fatalf("%d iterations", m.Iterations)
			}
		}
	})
}
