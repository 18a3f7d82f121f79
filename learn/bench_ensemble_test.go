package learn

import (
	"testing"

	"mlnotes/matrix"
)

// splitmix64 is the generator of the benchmark data: simple enough to be
// written identically in Python (testdata/gen/bench_ensemble_sklearn.py),
// so that scikit-learn is timed on the same numbers.
type splitmix64 uint64

func (s *splitmix64) next() uint64 {
	*s += 0x9e3779b97f4a7c15
	z := uint64(*s)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// uniform returns a float64 in [0, 1) from the top 53 bits.
func (s *splitmix64) uniform() float64 { return float64(s.next()>>11) / (1 << 53) }

// benchClassification returns n×d features uniform on [−1, 1) and two
// classes: y = 1 when x₀ + x₁x₂ − x₃² + 0.5u > 0 (u uniform on [−1, 1)),
// a noisy nonlinear rule, so trees grow deep.
func benchClassification(n, d int) (*matrix.Dense, []int) {
	s := splitmix64(42)
	x := matrix.New(n, d)
	y := make([]int, n)
	for i := range n {
		row := x.Row(i)
		for j := range row {
			row[j] = 2*s.uniform() - 1
		}
		u := 2*s.uniform() - 1
		if row[0]+row[1]*row[2]-row[3]*row[3]+0.5*u > 0 {
			y[i] = 1
		}
	}
	return x, y
}

// BenchmarkTree grows a fully grown Gini tree on 50000×20.
func BenchmarkTree(b *testing.B) {
	x, y := benchClassification(50000, 20)
	b.Run("50000x20", func(b *testing.B) {
		for b.Loop() {
			if _, err := (DecisionTree{}).Fit(x, y); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkForest grows 100 trees (√d features per split) on 5000×20, on
// every core.
func BenchmarkForest(b *testing.B) {
	x, y := benchClassification(5000, 20)
	b.Run("5000x20x100", func(b *testing.B) {
		cpu := processCPU()
		for b.Loop() {
			if _, err := (RandomForest{Trees: 100, Seed: 1}).Fit(x, y); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, cpu)
	})
	b.Run("5000x20x100/workers=1", func(b *testing.B) {
		cpu := processCPU()
		for b.Loop() {
			if _, err := (RandomForest{Trees: 100, Seed: 1, Workers: 1}).Fit(x, y); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, cpu)
	})
}

// BenchmarkAdaBoost runs 200 rounds of exhaustive stumps on 5000×20.
func BenchmarkAdaBoost(b *testing.B) {
	x, y := benchClassification(5000, 20)
	b.Run("5000x20x200", func(b *testing.B) {
		for b.Loop() {
			if _, err := (AdaBoost{Rounds: 200}).Fit(x, y); err != nil {
				b.Fatal(err)
			}
		}
	})
}
