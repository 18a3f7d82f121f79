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

// The tiles. Both kernels hold a 2×(4 vectors) tile of C: two rows of Ã
// times four vectors of B̃, so each inner index does 2 broadcasts, 4 vector
// loads and 8 fused multiply-adds, and only 14 vector registers are live.
// That shape was measured against the others here (one core, n = 512 and
// 1024, GFLOP/s): with 256-bit vectors 2×16 runs at 36–39, 4×8 at 35,
// 6×8 at 26–28; with 512-bit vectors 2×32 at 66–71, 4×16 at 40–55, 6×16
// at 15–30 and 8×24 or 12×16 below 10. The compiler allocates at most 16
// vector registers and writes each fused multiply-add over its first
// operand, so a broadcast used by several multiply-adds is copied each
// time; tiles with many accumulators copy and spill more than they gain.
// A loop that re-slices a and b as it advances has no bounds checks.
//
// Each kernel ends with VZEROUPPER (archsimd.ClearAVXUpperBits). Go's
// scalar floating point is SSE code; after a kernel leaves the upper halves
// of the vector registers dirty, every later SSE instruction carries a
// false dependency on them. Until the kernels cleared them, the scalar
// work between the products of the blocked algorithms ran up to three times
// slower (LU at n = 1000: 0.079 s instead of 0.026; the QR eigensolver:
// 1.0 s instead of 0.68); the instruction costs nothing measurable in the
// product itself.

// simdKernel is the AVX2 micro-kernel, a 2×16 tile in eight Float64x4
// accumulators. The sliver of B̃ (kc×16, 32 KiB) fits in L1.
var simdKernel = microKernel{
	name: "AVX2 2×16",
	mr:   2, nr: 16,
	mc: 120, kc: 256, nc: 4096,
	run: kernelAVX2x16,
}

// kernelAVX2x16 adds Ã·B̃ to a 2×16 tile of C: for each inner index p,
// row i of the tile gets ã_i(p) times the sixteen numbers b̃(p), as four
// fused multiply-adds of the broadcast ã_i(p) with four vectors of B̃.
func kernelAVX2x16(kc int, a, b, c []float64, ldc int) {
	var c00, c01, c02, c03, c10, c11, c12, c13 archsimd.Float64x4
	a = a[:2*kc]
	b = b[:16*kc]
	for len(a) >= 2 && len(b) >= 16 {
		b0 := archsimd.LoadFloat64x4((*[4]float64)(b[0:4]))
		b1 := archsimd.LoadFloat64x4((*[4]float64)(b[4:8]))
		b2 := archsimd.LoadFloat64x4((*[4]float64)(b[8:12]))
		b3 := archsimd.LoadFloat64x4((*[4]float64)(b[12:16]))
		a0 := archsimd.BroadcastFloat64x4(a[0])
		c00 = a0.MulAdd(b0, c00)
		c01 = a0.MulAdd(b1, c01)
		c02 = a0.MulAdd(b2, c02)
		c03 = a0.MulAdd(b3, c03)
		a1 := archsimd.BroadcastFloat64x4(a[1])
		c10 = a1.MulAdd(b0, c10)
		c11 = a1.MulAdd(b1, c11)
		c12 = a1.MulAdd(b2, c12)
		c13 = a1.MulAdd(b3, c13)
		a, b = a[2:], b[16:]
	}
	addRow4x4(c[0:16], c00, c01, c02, c03)
	addRow4x4(c[ldc:ldc+16], c10, c11, c12, c13)
	archsimd.ClearAVXUpperBits() // VZEROUPPER: see the note above the kernels
}

// addRow4x4 adds the four vectors v0…v3 to the sixteen numbers of r.
func addRow4x4(r []float64, v0, v1, v2, v3 archsimd.Float64x4) {
	r = r[:16]
	archsimd.LoadFloat64x4Slice(r[0:4]).Add(v0).StoreSlice(r[0:4])
	archsimd.LoadFloat64x4Slice(r[4:8]).Add(v1).StoreSlice(r[4:8])
	archsimd.LoadFloat64x4Slice(r[8:12]).Add(v2).StoreSlice(r[8:12])
	archsimd.LoadFloat64x4Slice(r[12:16]).Add(v3).StoreSlice(r[12:16])
}

// simd512Kernel is the AVX-512 micro-kernel, a 2×32 tile in eight
// Float64x8 accumulators (512-bit registers of eight float64): twice the
// work of the AVX2 kernel per instruction. The block Ã (mc×kc = 120×256,
// 240 KiB) stays well inside a 1 MiB L2.
var simd512Kernel = microKernel{
	name: "AVX-512 2×32",
	mr:   2, nr: 32,
	mc: 120, kc: 256, nc: 4096,
	run: kernelAVX512x32,
}

// kernelAVX512x32 adds Ã·B̃ to a 2×32 tile of C: for each inner index p,
// row i of the tile gets ã_i(p) times the 32 numbers b̃(p), as four fused
// multiply-adds of the broadcast ã_i(p) with four vectors of B̃.
func kernelAVX512x32(kc int, a, b, c []float64, ldc int) {
	var c00, c01, c02, c03, c10, c11, c12, c13 archsimd.Float64x8
	a = a[:2*kc]
	b = b[:32*kc]
	for len(a) >= 2 && len(b) >= 32 {
		b0 := archsimd.LoadFloat64x8((*[8]float64)(b[0:8]))
		b1 := archsimd.LoadFloat64x8((*[8]float64)(b[8:16]))
		b2 := archsimd.LoadFloat64x8((*[8]float64)(b[16:24]))
		b3 := archsimd.LoadFloat64x8((*[8]float64)(b[24:32]))
		a0 := archsimd.BroadcastFloat64x8(a[0])
		c00 = a0.MulAdd(b0, c00)
		c01 = a0.MulAdd(b1, c01)
		c02 = a0.MulAdd(b2, c02)
		c03 = a0.MulAdd(b3, c03)
		a1 := archsimd.BroadcastFloat64x8(a[1])
		c10 = a1.MulAdd(b0, c10)
		c11 = a1.MulAdd(b1, c11)
		c12 = a1.MulAdd(b2, c12)
		c13 = a1.MulAdd(b3, c13)
		a, b = a[2:], b[32:]
	}
	addRow8x4(c[0:32], c00, c01, c02, c03)
	addRow8x4(c[ldc:ldc+32], c10, c11, c12, c13)
	archsimd.ClearAVXUpperBits() // VZEROUPPER: see the note above the kernels
}

// addRow8x4 adds the four vectors v0…v3 to the 32 numbers of r.
func addRow8x4(r []float64, v0, v1, v2, v3 archsimd.Float64x8) {
	r = r[:32]
	archsimd.LoadFloat64x8Slice(r[0:8]).Add(v0).StoreSlice(r[0:8])
	archsimd.LoadFloat64x8Slice(r[8:16]).Add(v1).StoreSlice(r[8:16])
	archsimd.LoadFloat64x8Slice(r[16:24]).Add(v2).StoreSlice(r[16:24])
	archsimd.LoadFloat64x8Slice(r[24:32]).Add(v3).StoreSlice(r[24:32])
}
