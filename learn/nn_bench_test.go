package learn

import (
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
	"mlnotes/optimize"
)

// syntheticImages returns n images of 784 pixels in [0, 1] and ten classes
// given by the brightest of ten fixed pixel groups: dense data of the size
// of MNIST for timing (the speed of a dense network does not depend on the
// values).
func syntheticImages(n int, seed uint64) (*matrix.Dense, []int) {
	rng := rand.New(rand.NewPCG(seed, 9))
	x := matrix.New(n, 784)
	y := make([]int, n)
	for i := range n {
		r := x.Row(i)
		for j := range r {
			r[j] = rng.Float64()
		}
		y[i] = rng.IntN(10)
		for j := y[i] * 78; j < y[i]*78+78; j++ {
			r[j] = min(1, r[j]+0.3)
		}
	}
	return x, y
}

// BenchmarkMLP times one epoch of training (Adam, batch 32, the weights'
// initialization included): digits-64 is the 64-64-10 ReLU network on the
// 1797 digits of testdata/digits.csv, 784-256-10 a 784-256-10 ReLU network
// on 10000 images of 784 pixels. docs/performance.md compares them with
// scikit-learn's MLPClassifier.
func BenchmarkMLP(b *testing.B) {
	digits, labels := loadDataset(b, "digits.csv")
	digits = matrix.Scale(1.0/16, digits)
	y := make([]int, len(labels))
	for i, v := range labels {
		y[i] = int(v)
	}
	images, classes := syntheticImages(10000, 1)
	for _, c := range []struct {
		name   string
		x      *matrix.Dense
		y      []int
		hidden []int
	}{
		{"digits-64", digits, y, []int{64}},
		{"784-256-10", images, classes, []int{256}},
	} {
		b.Run(c.name, func(b *testing.B) {
			cfg := MLP{Hidden: c.hidden, Training: Training{Adam: &optimize.AdamSettings{LearningRate: 0.001, BatchSize: 32, Epochs: 1}}}
			cpu := processCPU()
			for b.Loop() {
				if _, err := cfg.FitClassifier(c.x, c.y); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, cpu)
		})
	}
}
