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
//	AVX-512  (AᵀA, strided Ã)      8×24   24 + 3 + 2 = 29
//	AVX2     (AᵀA, strided Ã)      4×12   12 + 3 + 1 = 16
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

// gemmAVX512x8x24 is an 8×24 kernel for AVX-512 whose Ã groups are lda
// numbers apart and which adds α times the tile to C (microKernel.runS):
// c ← α·t + c, one rounding, exactly c + t for α = 1. Its 24 accumulators
// take as many registers as the 12×16 kernel's and it loads 3 + 8 numbers
// per inner index for 24 multiply-adds (12×16: 2 + 12).
//
//go:noescape
func gemmAVX512x8x24(kc int, a *float64, lda int, b, c *float64, ldc int, alpha float64)

// gemmAVX512x8x8b24 and gemmAVX512x8x16b24 are the 8×8 and 8×16 strided
// kernels that read the first 8 or 16 columns of the 8×24 kernel's slivers
// (B̃'s groups 24 apart): avx512Syrk's narrow kernels.
//
//go:noescape
func gemmAVX512x8x8b24(kc int, a *float64, lda int, b, c *float64, ldc int, alpha float64)

//go:noescape
func gemmAVX512x8x16b24(kc int, a *float64, lda int, b, c *float64, ldc int, alpha float64)

func kernelAVX512x8x8b24(kc int, a []float64, lda int, b, c []float64, ldc int, alpha float64) {
	if kc == 0 {
		return
	}
	_ = a[:(kc-1)*lda+8]
	_ = b[:(kc-1)*24+8]
	_ = c[:7*ldc+8]
	gemmAVX512x8x8b24(kc, &a[0], lda, &b[0], &c[0], ldc, alpha)
}

func kernelAVX512x8x16b24(kc int, a []float64, lda int, b, c []float64, ldc int, alpha float64) {
	if kc == 0 {
		return
	}
	_ = a[:(kc-1)*lda+8]
	_ = b[:(kc-1)*24+16]
	_ = c[:7*ldc+16]
	gemmAVX512x8x16b24(kc, &a[0], lda, &b[0], &c[0], ldc, alpha)
}

// kernelAVX512x8x24S is the microKernel.runS of avx512Syrk.
func kernelAVX512x8x24S(kc int, a []float64, lda int, b, c []float64, ldc int, alpha float64) {
	if kc == 0 {
		return
	}
	_ = a[:(kc-1)*lda+8]
	_ = b[:24*kc]
	_ = c[:7*ldc+24]
	gemmAVX512x8x24(kc, &a[0], lda, &b[0], &c[0], ldc, alpha)
}

// kernelAVX512x8x24 is its run: a packed Ã (lda = mr) and α = 1.
func kernelAVX512x8x24(kc int, a, b, c []float64, ldc int) {
	kernelAVX512x8x24S(kc, a, 8, b, c, ldc, 1)
}

// avx512Syrk is the kernel of AᵀA (Syrk with trans, the covariance) where
// avx512Kernel is active: it reads Ã straight out of the packed panel B̃
// (gemmPacked's direct path), so Ã is never packed. For the covariance
// of a 60000×784 matrix it took 0.47 s of CPU against 0.56 s for the
// 12×16 kernel with Ã copied out of B̃ (packAFromB). Its block sizes were
// measured there: kc from 256 to 768 is within noise and 192 or less is
// 5 % slower (fewer passes over the tiles of C, which live in L3, matter
// more than keeping the 72 KiB sliver of B̃ in L1); mc 120 or 240 makes no
// difference. 8×16 (the same direct path on B̃'s 16-wide slivers) was
// 1–3 % slower.
var avx512Syrk = microKernel{
	name: "AVX-512 8×24",
	mr:   8, nr: 24,
	mc: 120, kc: 384, nc: 4104,
	run:  kernelAVX512x8x24,
	runS: kernelAVX512x8x24S,
	narrow: []func(int, []float64, int, []float64, []float64, int, float64){
		kernelAVX512x8x8b24, kernelAVX512x8x16b24,
	},
}

// gemmAVX2x4x12 is the strided kernel for AVX2 and FMA: a 4×12 tile in
// twelve accumulators, B̃'s three vectors and one broadcast register.
//
//go:noescape
func gemmAVX2x4x12(kc int, a *float64, lda int, b, c *float64, ldc int, alpha float64)

// kernelAVX2x4x12S is the microKernel.runS of avx2Syrk.
func kernelAVX2x4x12S(kc int, a []float64, lda int, b, c []float64, ldc int, alpha float64) {
	if kc == 0 {
		return
	}
	_ = a[:(kc-1)*lda+4]
	_ = b[:12*kc]
	_ = c[:3*ldc+12]
	gemmAVX2x4x12(kc, &a[0], lda, &b[0], &c[0], ldc, alpha)
}

// kernelAVX2x4x12 is its run.
func kernelAVX2x4x12(kc int, a, b, c []float64, ldc int) {
	kernelAVX2x4x12S(kc, a, 4, b, c, ldc, 1)
}

// avx2Syrk is avx512Syrk's counterpart where avx2Kernel is active. With
// the AVX2 kernels forced on this AVX-512 machine, the covariance of a
// 60000×784 matrix took 0.71 s of CPU against 0.79 s for the 6×8 kernel
// with Ã copied out of B̃ (kc 384 and 512 alike, 256 2 % slower).
var avx2Syrk = microKernel{
	name: "AVX2 4×12",
	mr:   4, nr: 12,
	mc: 120, kc: 384, nc: 4104,
	run:  kernelAVX2x4x12,
	runS: kernelAVX2x4x12S,
}

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

// gemmAVX512x12x16Codes is gemmAVX512x12x16 with B̃ held as byte codes into
// table (a coded PackedB): each group of 16 codes is widened to 32-bit
// indices and its numbers gathered from the table (VGATHERDPD), the same
// float64 the plain kernel loads.
//
//go:noescape
func gemmAVX512x12x16Codes(kc int, a *float64, b *uint8, c *float64, ldc int, table *float64)

// kernelAVX512Codes is the microKernel.runCodes of avx512Kernel.
func kernelAVX512Codes(kc int, a []float64, b []uint8, c []float64, ldc int, table *[256]float64) {
	if kc == 0 {
		return
	}
	_ = a[:12*kc]
	_ = b[:16*kc]
	_ = c[:11*ldc+16]
	gemmAVX512x12x16Codes(kc, &a[0], &b[0], &c[0], ldc, &table[0])
}

// avx2Kernel: the 6×8 sliver of B̃ (kc×8, 16 KiB) stays in L1 and the
// block Ã (mc×kc = 120×256, 240 KiB) in L2.
var avx2Kernel = microKernel{
	name: "AVX2 6×8",
	mr:   6, nr: 8,
	mc: 120, kc: 256, nc: 4096,
	run:  kernelAVX2,
	syrk: &avx2Syrk,
}

// avx512Kernel: the sliver of B̃ (kc×16, 32 KiB) stays in L1 and the block
// Ã (120×256, 240 KiB) in L2.
var avx512Kernel = microKernel{
	name: "AVX-512 12×16",
	mr:   12, nr: 16,
	mc: 120, kc: 256, nc: 4096,
	run:      kernelAVX512,
	syrk:     &avx512Syrk,
	runCodes: kernelAVX512Codes,
}

// fastKernels returns the assembly kernels this machine can run, widest
// first.
func fastKernels() []*microKernel {
	var ks []*microKernel
	if hostCPU.avx512 {
		ks = append(ks, &avx512Kernel, &avx512Syrk)
	}
	if hostCPU.avx2FMA {
		ks = append(ks, &avx2Kernel, &avx2Syrk)
	}
	return ks
}
