//go:build amd64 && !purego

package matrix

// The vector kernels of dotAxpy4 (symv.go, symv_amd64.s): for four rows
// of length n starting at a, lda apart,
//
//	out[r] = Σⱼ a[r·lda + j]·x[j]   and   y[j] += Σᵣ x4[r]·a[r·lda + j],
//
// in fused multiply-adds. Their results differ from the portable loop by
// rounding (bounded in symv_test.go).

// dotAxpy4AVX2 does it with 256-bit registers, eight columns per loop trip.
//
//go:noescape
func dotAxpy4AVX2(a *float64, lda int, x *float64, n int, x4 *[4]float64, y *float64, out *[4]float64)

// dotAxpy4AVX512 does it with 512-bit registers, sixteen columns per loop
// trip, and the last one to seven columns under a mask.
//
//go:noescape
func dotAxpy4AVX512(a *float64, lda int, x *float64, n int, x4 *[4]float64, y *float64, out *[4]float64)

var (
	avx2DotAxpy4   = dotAxpy4Kernel{name: "AVX2", run: runDotAxpy4(dotAxpy4AVX2)}
	avx512DotAxpy4 = dotAxpy4Kernel{name: "AVX-512", run: runDotAxpy4(dotAxpy4AVX512)}
)

// runDotAxpy4 adapts an assembly kernel to dotAxpy4's arguments, checking
// the bounds of the four rows, x and y once.
func runDotAxpy4(kernel func(a *float64, lda int, x *float64, n int, x4 *[4]float64, y *float64, out *[4]float64)) func(b *Dense, i, j0 int, x []float64, x4 *[4]float64, y []float64, s *[4]float64) {
	return func(b *Dense, i, j0 int, x []float64, x4 *[4]float64, y []float64, s *[4]float64) {
		n := len(x)
		if n == 0 {
			*s = [4]float64{}
			return
		}
		y = y[:n]
		_ = b.Row(i + 3)[j0:][:n] // bounds of the last row, and of the others before it
		_ = b.Row(i)[j0:][:n]
		kernel(&b.data[i*b.stride+j0], b.stride, &x[0], n, x4, &y[0], s)
	}
}

// dotAxpy4Fast returns the vector kernels of dotAxpy4 this machine can
// run, widest first.
func dotAxpy4Fast() []*dotAxpy4Kernel {
	var ks []*dotAxpy4Kernel
	if hostCPU.avx512 {
		ks = append(ks, &avx512DotAxpy4)
	}
	if hostCPU.avx2FMA {
		ks = append(ks, &avx2DotAxpy4)
	}
	return ks
}
