//go:build goexperiment.simd && amd64

package matrix

import "simd/archsimd"

// The SIMD micro-kernels, built only with GOEXPERIMENT=simd on amd64. They
// use the standard library's experimental simd/archsimd: a Float64x4 is a
// 256-bit AVX register of four float64, a Float64x8 a 512-bit AVX-512 one
// of eight, and MulAdd is the fused multiply-add VFMADD (one rounding per
// step instead of two). The CPU is asked at start-up which of them it can
// run (archsimd.X86); the code generation of archsimd is young, so every
// variant was measured before it was kept (docs/performance.md).

func init() {
	// The widest kernel the CPU supports; without AVX2 and FMA the
	// portable one stays.
	activeKernel = bestKernel()
}

// simdKernels returns the SIMD kernels this CPU can run, widest first.
func simdKernels() []*microKernel {
	var ks []*microKernel
	if archsimd.X86.AVX512() {
		ks = append(ks, &simd512Kernel)
	}
	if archsimd.X86.AVX2() && archsimd.X86.FMA() {
		ks = append(ks, &simdKernel)
	}
	return ks
}

// bestKernel returns the widest kernel this CPU can run.
func bestKernel() microKernel {
	if ks := simdKernels(); len(ks) > 0 {
		return *ks[0]
	}
	return portableKernel
}

// simdKernel is the AVX2 micro-kernel: a 6×8 tile of C in twelve
// Float64x4 accumulators, two vector loads of B̃ and six broadcasts of Ã
// per inner index, so 15 of the 16 vector registers are live and nothing
// spills (the tile of the BLIS and OpenBLAS Haswell/Zen kernels). Measured
// here on one core: 6×8 about 29 GFLOP/s, 4×8 about 27, 8×4 about 17.
var simdKernel = microKernel{
	name: "AVX2 6×8",
	mr:   6, nr: 8,
	mc: 126, kc: 256, nc: 4096,
	run: kernelSIMD6x8,
}

// kernelSIMD6x8 adds Ã·B̃ to a 6×8 tile of C: for each inner index p,
// row i of the tile gets ã_i(p) times the eight numbers b̃(p), as two
// fused multiply-adds of a broadcast ã_i(p) with two vectors of B̃.
func kernelSIMD6x8(kc int, a, b, c []float64, ldc int) {
	var c00, c01, c10, c11, c20, c21, c30, c31, c40, c41, c50, c51 archsimd.Float64x4
	a = a[:6*kc]
	b = b[:8*kc]
	for p := range kc {
		b0 := archsimd.LoadFloat64x4Slice(b[8*p : 8*p+4])
		b1 := archsimd.LoadFloat64x4Slice(b[8*p+4 : 8*p+8])
		a0 := archsimd.BroadcastFloat64x4(a[6*p])
		c00 = a0.MulAdd(b0, c00)
		c01 = a0.MulAdd(b1, c01)
		a1 := archsimd.BroadcastFloat64x4(a[6*p+1])
		c10 = a1.MulAdd(b0, c10)
		c11 = a1.MulAdd(b1, c11)
		a2 := archsimd.BroadcastFloat64x4(a[6*p+2])
		c20 = a2.MulAdd(b0, c20)
		c21 = a2.MulAdd(b1, c21)
		a3 := archsimd.BroadcastFloat64x4(a[6*p+3])
		c30 = a3.MulAdd(b0, c30)
		c31 = a3.MulAdd(b1, c31)
		a4 := archsimd.BroadcastFloat64x4(a[6*p+4])
		c40 = a4.MulAdd(b0, c40)
		c41 = a4.MulAdd(b1, c41)
		a5 := archsimd.BroadcastFloat64x4(a[6*p+5])
		c50 = a5.MulAdd(b0, c50)
		c51 = a5.MulAdd(b1, c51)
	}
	addRow8(c[0:8], c00, c01)
	addRow8(c[ldc:ldc+8], c10, c11)
	addRow8(c[2*ldc:2*ldc+8], c20, c21)
	addRow8(c[3*ldc:3*ldc+8], c30, c31)
	addRow8(c[4*ldc:4*ldc+8], c40, c41)
	addRow8(c[5*ldc:5*ldc+8], c50, c51)
}

// addRow8 adds the two vectors lo, hi to the eight numbers of r.
func addRow8(r []float64, lo, hi archsimd.Float64x4) {
	archsimd.LoadFloat64x4Slice(r[0:4]).Add(lo).StoreSlice(r[0:4])
	archsimd.LoadFloat64x4Slice(r[4:8]).Add(hi).StoreSlice(r[4:8])
}

// simd512Kernel is the AVX-512 micro-kernel: a 6×16 tile of C in twelve
// Float64x8 accumulators (512-bit registers of eight float64), two vector
// loads of B̃ and six broadcasts of Ã per inner index. It does twice the
// work of the AVX2 kernel per instruction. Larger tiles (8×24, 12×16) were
// measured here too and ran several times slower: the compiler allocates
// them in fewer than the 32 vector registers AVX-512 has, so they spill.
// The block Ã (mc×kc = 240×256, 480 KiB) is sized for a 1 MiB L2 and the
// sliver of B̃ (256×16, 32 KiB) for a 48 KiB L1, what this machine reports.
var simd512Kernel = microKernel{
	name: "AVX-512 6×16",
	mr:   6, nr: 16,
	mc: 240, kc: 256, nc: 4096,
	run: kernelSIMD6x16,
}

// kernelSIMD6x16 adds Ã·B̃ to a 6×16 tile of C: for each inner index p,
// row i of the tile gets ã_i(p) times the sixteen numbers b̃(p), as two
// fused multiply-adds of a broadcast ã_i(p) with two vectors of B̃.
func kernelSIMD6x16(kc int, a, b, c []float64, ldc int) {
	var c00, c01, c10, c11, c20, c21, c30, c31, c40, c41, c50, c51 archsimd.Float64x8
	a = a[:6*kc]
	b = b[:16*kc]
	for p := range kc {
		b0 := archsimd.LoadFloat64x8Slice(b[16*p : 16*p+8])
		b1 := archsimd.LoadFloat64x8Slice(b[16*p+8 : 16*p+16])
		a0 := archsimd.BroadcastFloat64x8(a[6*p])
		c00 = a0.MulAdd(b0, c00)
		c01 = a0.MulAdd(b1, c01)
		a1 := archsimd.BroadcastFloat64x8(a[6*p+1])
		c10 = a1.MulAdd(b0, c10)
		c11 = a1.MulAdd(b1, c11)
		a2 := archsimd.BroadcastFloat64x8(a[6*p+2])
		c20 = a2.MulAdd(b0, c20)
		c21 = a2.MulAdd(b1, c21)
		a3 := archsimd.BroadcastFloat64x8(a[6*p+3])
		c30 = a3.MulAdd(b0, c30)
		c31 = a3.MulAdd(b1, c31)
		a4 := archsimd.BroadcastFloat64x8(a[6*p+4])
		c40 = a4.MulAdd(b0, c40)
		c41 = a4.MulAdd(b1, c41)
		a5 := archsimd.BroadcastFloat64x8(a[6*p+5])
		c50 = a5.MulAdd(b0, c50)
		c51 = a5.MulAdd(b1, c51)
	}
	addRow16(c[0:16], c00, c01)
	addRow16(c[ldc:ldc+16], c10, c11)
	addRow16(c[2*ldc:2*ldc+16], c20, c21)
	addRow16(c[3*ldc:3*ldc+16], c30, c31)
	addRow16(c[4*ldc:4*ldc+16], c40, c41)
	addRow16(c[5*ldc:5*ldc+16], c50, c51)
}

// addRow16 adds the two vectors lo, hi to the sixteen numbers of r.
func addRow16(r []float64, lo, hi archsimd.Float64x8) {
	archsimd.LoadFloat64x8Slice(r[0:8]).Add(lo).StoreSlice(r[0:8])
	archsimd.LoadFloat64x8Slice(r[8:16]).Add(hi).StoreSlice(r[8:16])
}
