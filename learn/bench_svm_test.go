package learn

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

// svmBenchProblem is the problem of optimize's BenchmarkSMO, built the same
// way (same generator, same seeds): n points with 20 features, labels ±1,
// standard normal clouds whose means differ by 1.2 along the first four
// axes. `go test ./optimize -run TestWriteSMOBenchData -smo.benchdata DIR`
// writes it for svm-train (docs/performance.md).
func svmBenchProblem(n int) (*matrix.Dense, []int) {
	const d = 20
	r := rand.New(rand.NewPCG(2005, uint64(n)))
	x := matrix.New(n, d)
	y := make([]int, n)
	for i := range n {
		y[i] = 1
		if r.IntN(2) == 0 {
			y[i] = -1
		}
		row := x.Row(i)
		for f := range row {
			row[f] = r.NormFloat64()
		}
		for f := range 4 {
			row[f] += 0.6 * float64(y[i])
		}
	}
	return x, y
}

// BenchmarkSVM trains a C-SVM through learn (RBF kernel, γ = 1/20, C = 1,
// Tol = 1e-3, 100 MB cache: svm-train -s 0 -t 2 -g 0.05 -c 1 -e 0.001
// -m 100) and predicts the training set with the trained model.
func BenchmarkSVM(b *testing.B) {
	for _, n := range []int{2000, 5000} {
		x, y := svmBenchProblem(n)
		cfg := SVM{Kernel: Kernel{Type: GaussianKernel, Gamma: 1.0 / 20}, C: 1, Tol: 1e-3, CacheMB: 100}
		var m *SVMClassifierModel
		b.Run(fmt.Sprintf("fit/rbf/n=%d", n), func(b *testing.B) {
			var err error
			cpu := processCPU()
			for b.Loop() {
				if m, err = cfg.Fit(x, y); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, cpu)
			mach := m.Machines[0]
			b.ReportMetric(float64(mach.Iterations), "iter")
			b.ReportMetric(mach.Objective, "obj")
			b.ReportMetric(float64(len(mach.Support)), "nSV")
		})
		b.Run(fmt.Sprintf("predict/rbf/n=%d", n), func(b *testing.B) {
			if m == nil { // the fit benchmark was filtered out; b.Loop times only the loop
				var err error
				if m, err = cfg.Fit(x, y); err != nil {
					b.Fatal(err)
				}
			}
			for b.Loop() {
				if _, err := m.Predict(x); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
