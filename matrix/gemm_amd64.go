//go:build amd64 && !purego

package matrix

//go:generate go run gemm_asm_gen.go

// The assembly micro-kernels of amd64 (gemm_amd64.s, written by
// gemm_asm_gen.go). Each keeps an mr×nr tile of C in vector registers and,
// for each inner index p, loads the nr numbers b̃(p) as nr/w vectors of w
// lanes, broadcasts each of the mr numbers ã_i(p) to a whole register and
// adds ã_i(p)·b̃(p) to row i of the tile with fused multiply-adds
// (VFMADD231PD: one rounding per step). Four inner indices per loop trip.
// Before the loop each kernel prefetches its tile of C, so the final
// additions do not wait for C's cache lines (measured: 10 % less CPU time
// at n = 1024 with AVX-512, 23 % with AVX2).
//
//	kernel   registers            tile   accumulators + B̃ + Ã broadcasts
//	AVX2     16 × 256-bit (w = 4)  6×8    12 + 2 + 2 = 16
//	AVX-512  32 × 512-bit (w = 8)  12×16  24 + 2 + 2 = 28
//
// Why these tiles. A fused multiply-add has a latency of 4 cycles and two
// can start per cycle, so at least 8 independent accumulators are needed
// to keep both units busy; more accumulators mean more arithmetic per
// number loaded (mr·nr multiply-adds for mr + nr loads). 6×8 is the
// largest tile of AVX2's 16 registers (the BLIS Haswell shape, transposed
// for row-major C); AVX-512 doubles both the width and the register file.
// The kernels this project wrote earlier with GOEXPERIMENT=simd's
// simd/archsimd could hold only eight accumulators (the compiler spilled
// larger tiles) and ran at half the speed; assembly uses every register.
//
// Each kernel ends with VZEROUPPER: Go's scalar floating point is SSE
// code, which runs slowly after the upper halves of the vector registers
// are left dirty (the archsimd kernels measured a threefold slowdown of the
// scalar work between products before they cleared them).

// gemmAVX2x6x8 adds Ã·B̃ to the 6×8 tile of C at c (row i at c + i·ldc):
// Ã is kc groups of 6 numbers, B̃ kc groups of 8. It needs AVX2 and FMA.
//
//go:noescape
func gemmAVX2x6x8(kc int, a, b, c *float64, ldc int)

// gemmAVX512x12x16 is the 12×16 kernel for AVX-512 (Foundation).
//
//go:noescape
func gemmAVX512x12x16(kc int, a, b, c *float64, ldc int)

// kernelAVX2 is the microKernel.run of avx2Kernel. The slice expressions
// check, once per tile, that the kernel reads and writes only inside the
// slices it is given; the assembly itself checks nothing.
func kernelAVX2(kc int, a, b, c []float64, ldc int) {
	if kc == 0 {
		return
	}
	_ = a[:6*kc]
	_ = b[:8*kc]
	_ = c[:5*ldc+8]
	gemmAVX2x6x8(kc, &a[0], &b[0], &c[0], ldc)
}

// kernelAVX512 is the microKernel.run of avx512Kernel.
func kernelAVX512(kc int, a, b, c []float64, ldc int) {
	if kc == 0 {
		return
	}
	_ = a[:12*kc]
	_ = b[:16*kc]
	_ = c[:11*ldc+16]
	gemmAVX512x12x16(kc, &a[0], &b[0], &c[0], ldc)
}

// avx2Kernel: the 6×8 sliver of B̃ (kc×8, 16 KiB) stays in L1 and the
// block Ã (mc×kc = 120×256, 240 KiB) in L2.
var avx2Kernel = microKernel{
	name: "AVX2 6×8",
	mr:   6, nr: 8,
	mc: 120, kc: 256, nc: 4096,
	run: kernelAVX2,
}

// avx512Kernel: the sliver of B̃ (kc×16, 32 KiB) stays in L1 and the block
// Ã (120×256, 240 KiB) in L2.
var avx512Kernel = microKernel{
	name: "AVX-512 12×16",
	mr:   12, nr: 16,
	mc: 120, kc: 256, nc: 4096,
	run: kernelAVX512,
}

// fastKernels returns the assembly kernels this machine can run, widest
// first.
func fastKernels() []*microKernel {
	var ks []*microKernel
	if hostCPU.avx512 {
		ks = append(ks, &avx512Kernel)
	}
	if hostCPU.avx2FMA {
		ks = append(ks, &avx2Kernel)
	}
	return ks
}
