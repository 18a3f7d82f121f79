package learn

import (
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

// The linear rows of `demo bench fashion` (docs/performance.md) on
// synthetic data of Fashion-MNIST's shape, so that they can be timed and
// profiled without the data set: 784 pixels in [0, 1], ten classes, 10 000
// training and 10 000 test images.

const fashionPixels, fashionClasses = 784, 10

// fashionBenchData draws n images of fashionPixels pixels in [0, 1], row i
// of class i mod 10: a class template (a random pattern, a third of it
// blank as the images' backgrounds are) plus uniform noise, clipped.
func fashionBenchData(seed uint64, n int) (*matrix.Dense, []int) {
	rng := rand.New(rand.NewPCG(seed, 7))
	tmpl := matrix.New(fashionClasses, fashionPixels)
	for j := range fashionClasses {
		for k, row := 0, tmpl.Row(j); k < fashionPixels; k++ {
			if rng.IntN(3) > 0 {
				row[k] = rng.Float64()
			}
		}
	}
	x := matrix.New(n, fashionPixels)
	y := make([]int, n)
	for i := range n {
		y[i] = i % fashionClasses
		t := tmpl.Row(y[i])
		for k, row := 0, x.Row(i); k < fashionPixels; k++ {
			row[k] = min(1, max(0, t[k]+0.6*(rng.Float64()-0.5)))
		}
	}
	return x, y
}

// BenchmarkSoftmaxPredictFashion predicts 10 000 images with a softmax
// model of ten classes (random coefficients: the time does not depend on
// their values): the scores XWᵀ + b, one 10000×784 by 784×10 product,
// and their argmax, as demo bench's logreg row does.
func BenchmarkSoftmaxPredictFashion(b *testing.B) {
	q, _ := fashionBenchData(2, 10000)
	rng := rand.New(rand.NewPCG(3, 7))
	m := &LogisticModel{Classes: []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
		Coef: matrix.New(fashionClasses, fashionPixels), Intercept: make([]float64, fashionClasses)}
	for j := range fashionClasses {
		for k := range fashionPixels {
			m.Coef.Set(j, k, rng.NormFloat64()/10)
		}
		m.Intercept[j] = rng.NormFloat64()
	}
	cpu := processCPU()
	for b.Loop() {
		if _, err := m.Predict(q); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpu)
}

// BenchmarkFisherFitFashion fits Fisher's discriminant (ridge 10⁻³, nine
// directions) to 10 000 images of ten classes, as demo bench's fisher row.
func BenchmarkFisherFitFashion(b *testing.B) {
	x, y := fashionBenchData(1, 10000)
	cpu := processCPU()
	for b.Loop() {
		if _, err := (FisherLDA{Ridge: 1e-3}).Fit(x, y); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpu)
}

// BenchmarkBayesSharedFashion fits the shared-covariance Bayes classifier
// (Reg 0.01, as demo bench's gauss-bayes row) to 10 000 images and
// predicts 10 000 more.
func BenchmarkBayesSharedFashion(b *testing.B) {
	x, y := fashionBenchData(1, 10000)
	q, _ := fashionBenchData(2, 10000)
	cfg := Bayes{Density: SharedGaussDensity, Reg: 0.01}
	b.Run("fit", func(b *testing.B) {
		cpu := processCPU()
		for b.Loop() {
			if _, err := cfg.Fit(x, y); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, cpu)
	})
	m, err := cfg.Fit(x, y)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("predict", func(b *testing.B) {
		cpu := processCPU()
		for b.Loop() {
			if _, err := m.Predict(q); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, cpu)
	})
}
