package optimize

import (
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

// benchLogistic is a logistic regression of the size of the anchors'
// logreg_lbfgs (5000 samples, 20 features plus an intercept column, L2
// penalty λ = 1/n as scikit-learn's C = 1), on Gaussian features with
// labels drawn from a logistic model.
func benchLogistic() logisticObjective {
	const n, p = 5000, 20
	rng := rand.New(rand.NewPCG(17, 4))
	x := matrix.New(n, p+1)
	w := make([]float64, p+1)
	for j := range w {
		w[j] = rng.NormFloat64()
	}
	y := make([]float64, n)
	for i := range n {
		row := x.Row(i)
		for j := range p {
			row[j] = rng.NormFloat64()
		}
		row[p] = 1
		if rng.Float64() < sigmoid(matrix.Dot(row, w)/2) {
			y[i] = 1
		}
	}
	return logisticObjective{x: x, y: y, lambda: 1.0 / n}
}

func BenchmarkNewtonLogistic(b *testing.B) {
	obj := benchLogistic()
	w0 := make([]float64, obj.x.Cols())
	var res *Result
	for b.Loop() {
		var err error
		if res, err = Newton(obj, w0, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(res.Iterations), "iterations")
}

func BenchmarkGradientDescentLogistic(b *testing.B) {
	obj := benchLogistic()
	w0 := make([]float64, obj.x.Cols())
	var res *Result
	for b.Loop() {
		var err error
		if res, err = GradientDescent(obj, w0, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(res.Iterations), "iterations")
}

// BenchmarkSGDEpochLogistic prices one epoch of mini-batch SGD (B = 32);
// the optimizer's own work is O(d) per batch beside O(B·d) in the objective.
func BenchmarkSGDEpochLogistic(b *testing.B) {
	obj := benchLogistic()
	w0 := make([]float64, obj.x.Cols())
	for b.Loop() {
		if _, err := SGD(obj, w0, &SGDSettings{BatchSize: 32, Epochs: 1, LearningRate: 0.1}); err != nil {
			b.Fatal(err)
		}
	}
}
