package matrix

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

func spd(rng *rand.Rand, n int) *Dense {
	g := randDense(rng, n, n)
	a, _ := MulATB(g, g)
	for i := range n {
		a.Set(i, i, a.At(i, i)+float64(n))
	}
	return a
}

func BenchmarkSVD(b *testing.B) {
	rng := rand.New(rand.NewPCG(4, 4))
	tall, square := randDense(rng, 2000, 200), randDense(rng, 500, 500)
	b.Run("2000x200", func(b *testing.B) {
		for range b.N {
			FactorizeSVD(tall, SVDThin)
		}
	})
	b.Run("500x500", func(b *testing.B) {
		for range b.N {
			FactorizeSVD(square, SVDFull)
		}
	})
}

func BenchmarkMul(b *testing.B) {
	for _, n := range []int{256, 512, 1024, 2048} {
		rng := rand.New(rand.NewPCG(5, 5))
		x, y, c := randDense(rng, n, n), randDense(rng, n, n), New(n, n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			cpu := processCPU()
			for range b.N {
				Gemm(false, false, 1, x, y, 0, c)
			}
			reportCPU(b, cpu)
			b.ReportMetric(2*float64(n*n*n)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
		})
	}
}

func BenchmarkSyrk(b *testing.B) {
	rng := rand.New(rand.NewPCG(6, 6))
	x := randDense(rng, 10000, 784)
	b.Run("10000x784", func(b *testing.B) {
		for range b.N {
			Covariance(x, Population)
		}
	})
	b.Run("10000x784/general-product", func(b *testing.B) {
		for range b.N {
			MulATB(x, x)
		}
	})
}

// BenchmarkGemv times y ← A·x and y ← Aᵀ·x on a 300×300 A (720 KB, in
// L2), a 1000×1000 A (8 MB, in L3) and a 10000×784 data matrix (63 MB,
// from memory).
func BenchmarkGemv(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, s := range [][2]int{{300, 300}, {1000, 1000}, {10000, 784}} {
		a := randDense(rng, s[0], s[1])
		for _, trans := range []bool{false, true} {
			m, n := opDims(trans, a)
			x, y := randDense(rng, 1, n).data, make([]float64, m)
			op := "N"
			if trans {
				op = "T"
			}
			b.Run(fmt.Sprintf("%s/%dx%d", op, s[0], s[1]), func(b *testing.B) {
				cpu := processCPU()
				for range b.N {
					Gemv(trans, 1, a, x, 0, y)
				}
				reportCPU(b, cpu)
				b.ReportMetric(2*float64(m*n)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
			})
		}
	}
}

// BenchmarkKernels times the packed product on one goroutine with every
// micro-kernel this build and CPU can run (portable; on amd64 also the
// AVX2 and AVX-512 assembly), so the kernels can be
// compared on the same machine.
func BenchmarkKernels(b *testing.B) {
	for _, kern := range productKernels() {
		for _, n := range []int{512, 1024} {
			rng := rand.New(rand.NewPCG(5, 5))
			x, y, c := randDense(rng, n, n), randDense(rng, n, n), New(n, n)
			b.Run(fmt.Sprintf("%s/n=%d", kern.name, n), func(b *testing.B) {
				cpu := processCPU()
				for range b.N {
					gemmPacked(kern, false, false, 1, x, y, c, false, 1, nil)
				}
				reportCPU(b, cpu)
				b.ReportMetric(2*float64(n*n*n)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
			})
		}
	}
}
