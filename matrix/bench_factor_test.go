package matrix

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// Benchmarks of the factorizations, with the names the performance issue
// compares against the anchors (../shared/anchors/README.md): LU solve and
// Cholesky at n = 1000, Householder QR of a tall 2000×200 matrix.

// BenchmarkLU times FactorizeLU plus one solve with a vector right-hand
// side, as "LU solve" is timed by the anchors (numpy.linalg.solve, gonum).
func BenchmarkLU(b *testing.B) {
	for _, n := range []int{1000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, uint64(n)))
			a := randDense(rng, n, n)
			rhs := make([]float64, n)
			for i := range rhs {
				rhs[i] = rng.NormFloat64()
			}
			b.ResetTimer()
			for b.Loop() {
				f, err := FactorizeLU(a)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := f.SolveVec(rhs); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(2*float64(n)*float64(n)*float64(n)/3/1e9/(b.Elapsed().Seconds()/float64(b.N)), "GFLOP/s")
		})
	}
}

// BenchmarkCholesky times FactorizeCholesky of a well-conditioned SPD matrix.
func BenchmarkCholesky(b *testing.B) {
	for _, n := range []int{1000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(2, uint64(n)))
			a := diagDominantSPD(rng, n)
			b.ResetTimer()
			for b.Loop() {
				if _, err := FactorizeCholesky(a); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n)*float64(n)*float64(n)/3/1e9/(b.Elapsed().Seconds()/float64(b.N)), "GFLOP/s")
		})
	}
}

// BenchmarkQR times FactorizeQR of a tall matrix (the factorization only;
// Q stays in compact form).
func BenchmarkQR(b *testing.B) {
	for _, s := range [][2]int{{2000, 200}} {
		m, n := s[0], s[1]
		b.Run(fmt.Sprintf("%dx%d", m, n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(3, uint64(m*n)))
			a := randDense(rng, m, n)
			b.ResetTimer()
			for b.Loop() {
				if _, err := FactorizeQR(a); err != nil {
					b.Fatal(err)
				}
			}
			flops := 2 * float64(n) * float64(n) * (float64(m) - float64(n)/3)
			b.ReportMetric(flops/1e9/(b.Elapsed().Seconds()/float64(b.N)), "GFLOP/s")
		})
	}
}

// BenchmarkLUUnblocked times the unblocked reference kernel alone on the
// same matrix as BenchmarkLU, to show what blocking buys (it depends on
// the speed of gemm).
func BenchmarkLUUnblocked(b *testing.B) {
	n := 1000
	b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
		rng := rand.New(rand.NewPCG(1, uint64(n)))
		a := randDense(rng, n, n)
		lu := New(n, n)
		perm := make([]int, n)
		b.ResetTimer()
		for b.Loop() {
			lu.Copy(a)
			for i := range perm {
				perm[i] = i
			}
			luEliminateColumns(lu, perm, 0, n)
		}
		b.ReportMetric(2*float64(n)*float64(n)*float64(n)/3/1e9/(b.Elapsed().Seconds()/float64(b.N)), "GFLOP/s")
	})
}

// BenchmarkLeastSquares times FactorizeQR plus QR.LeastSquares with one
// right-hand side on a tall 5000×50 system, the "least squares" of the
// anchors (numpy.linalg.lstsq, gonum's mat.Dense.Solve by QR).
func BenchmarkLeastSquares(b *testing.B) {
	m, n := 5000, 50
	b.Run(fmt.Sprintf("%dx%d", m, n), func(b *testing.B) {
		rng := rand.New(rand.NewPCG(8, uint64(m*n)))
		a, rhs := randDense(rng, m, n), randDense(rng, m, 1)
		b.ResetTimer()
		for b.Loop() {
			f, err := FactorizeQR(a)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := f.LeastSquares(rhs); err != nil {
				b.Fatal(err)
			}
		}
	})
}
