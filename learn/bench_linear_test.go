package learn

import (
	"math"
	"testing"

	"mlnotes/matrix"
)

// splitMix64 is the generator of the benchmark data, written the same way
// in testdata/gen/bench_logreg_sklearn.py so that scikit-learn is timed on
// bit-identical data.
type splitMix64 struct{ s uint64 }

func (g *splitMix64) next() uint64 {
	g.s += 0x9e3779b97f4a7c15
	z := g.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// uniform returns a double in (0, 1): (k + 0.5)/2⁵³ for the top 53 bits k.
func (g *splitMix64) uniform() float64 { return (float64(g.next()>>11) + 0.5) / (1 << 53) }

// logRegBenchData is the binary problem of BenchmarkLogReg: n×d features
// uniform in (−1, 1), a true weight vector uniform in (−1, 1), and labels
// 1{wᵀx + ξ > 0} with logistic noise ξ = ln(u/(1 − u)).
func logRegBenchData(n, d int) (*matrix.Dense, []int) {
	g := &splitMix64{s: 42}
	w := make([]float64, d)
	for j := range w {
		w[j] = 2*g.uniform() - 1
	}
	x := matrix.New(n, d)
	y := make([]int, n)
	for i := range n {
		row := x.Row(i)
		for j := range row {
			row[j] = 2*g.uniform() - 1
		}
		u := g.uniform()
		if matrix.Dot(w, row)+math.Log(u/(1-u)) > 0 {
			y[i] = 1
		}
	}
	return x, y
}

// BenchmarkLogReg fits binary logistic regression (λ = 1) on 20000×50
// synthetic data: with the default solver (Newton) and L-BFGS to the
// tolerance 1e-8 on the gradient, and L-BFGS to 1.2e-3, the largest
// gradient entry at which scikit-learn's lbfgs stops on this problem
// when asked for 1e-8 (its scipy backend also stops on the relative
// reduction of f). docs/performance.md has the comparison.
func BenchmarkLogReg(b *testing.B) {
	x, y := logRegBenchData(20000, 50)
	for _, c := range []struct {
		name   string
		solver LogRegSolver
		tol    float64
	}{{"20000x50", LogRegAuto, 1e-8}, {"20000x50/lbfgs", LogRegLBFGS, 1e-8}, {"20000x50/lbfgs-tol1.2e-3", LogRegLBFGS, 1.2e-3}} {
		b.Run(c.name, func(b *testing.B) {
			benchLogistic(b, LogisticRegression{Lambda: 1, Solver: c.solver, Tol: c.tol}, x, y)
		})
	}
}

func benchLogistic(b *testing.B, cfg LogisticRegression, x *matrix.Dense, y []int) {
	var m *LogisticModel
	cpu := processCPU()
	for b.Loop() {
		var err error
		if m, err = cfg.Fit(x, y); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpu)
	b.ReportMetric(float64(m.Iterations), "iters")
	b.ReportMetric(m.Objective, "objective")
}

// BenchmarkSoftmax fits softmax regression on the digits (1797×64, ten
// classes, features 0–16 unscaled, λ = 1) by L-BFGS (the default for 650
// parameters), to the tolerance 1e-4 and to 2e-3, where scikit-learn's
// lbfgs stops when asked for 1e-4.
func BenchmarkSoftmax(b *testing.B) {
	x, yf := loadDataset(b, "digits.csv")
	y := make([]int, len(yf))
	for i, v := range yf {
		y[i] = int(v)
	}
	b.Run("digits", func(b *testing.B) { benchLogistic(b, LogisticRegression{Lambda: 1, Tol: 1e-4}, x, y) })
	b.Run("digits/tol2e-3", func(b *testing.B) { benchLogistic(b, LogisticRegression{Lambda: 1, Tol: 2e-3}, x, y) })
}
