//go:build amd64 && !purego

package matrix

// Which vector instructions this processor and its operating system allow,
// asked once at start-up. Two questions for each instruction set:
//
//  1. Does the processor implement it? CPUID answers: leaf 1 gives FMA
//     (ECX bit 12), AVX (ECX bit 28) and OSXSAVE (ECX bit 27, the
//     operating system has enabled XGETBV); leaf 7 gives AVX2 (EBX bit 5)
//     AVX-512 Foundation (EBX bit 16),
//     AVX-512 VL (EBX bit 31) and AVX-512 VNNI (ECX bit 11).
//  2. Does the operating system save the wider registers when it switches
//     threads? A kernel that uses registers the OS does not preserve would
//     have them overwritten by another thread. XGETBV reads the extended
//     control register XCR0: bits 1 and 2 (SSE and AVX state) for the
//     256-bit registers, and in addition bits 5, 6 and 7 (the opmask
//     registers and both halves of the sixteen extra 512-bit registers)
//     for AVX-512.
//
// This is the check the Go runtime makes for itself (internal/cpu); that
// package cannot be imported, and golang.org/x/sys/cpu is a dependency,
// so the two instructions are called from the few lines of assembly in
// cpu_amd64.s. On macOS the kernel enables the AVX-512 state only when a
// thread first uses it, so XCR0 does not show it and the AVX2 kernel is
// chosen there: a safe answer, if not the fastest.

// cpuid executes CPUID with EAX = leaf and ECX = subleaf.
func cpuid(leaf, subleaf uint32) (eax, ebx, ecx, edx uint32)

// xgetbv returns XCR0, the register of the state the OS saves.
func xgetbv() (eax, edx uint32)

// cpuFeatures records what the kernels may use.
type cpuFeatures struct {
	avx2FMA bool // AVX2 and FMA, with the OS saving the YMM registers
	avx512  bool // AVX-512 Foundation, with the OS saving ZMM and opmask state
	// AVX-512 VL as well: the EVEX encodings of 256-bit instructions,
	// which reach the registers Y16–Y31.
	avx512vl bool
	// AVX-512 VNNI as well: VPDPWSSD, the multiply-add of 16-bit
	// integers into 32-bit sums (gram_int.go).
	avx512vnni bool
}

// hostCPU is what this machine allows, detected once at start-up.
var hostCPU = detectCPU()

func detectCPU() cpuFeatures {
	const (
		ecxFMA      = 1 << 12
		ecxOSXSAVE  = 1 << 27
		ecxAVX      = 1 << 28
		ebxAVX2     = 1 << 5
		ebxAVX512F  = 1 << 16
		ebxAVX512VL = 1 << 31
		ecxVNNI     = 1 << 11
		xcr0AVX     = 1<<1 | 1<<2                  // XMM and YMM state
		xcr0AVX512  = xcr0AVX | 1<<5 | 1<<6 | 1<<7 // and opmask, ZMM_Hi256, Hi16_ZMM
	)
	var f cpuFeatures
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return f
	}
	_, _, ecx1, _ := cpuid(1, 0)
	if ecx1&ecxOSXSAVE == 0 || ecx1&ecxAVX == 0 {
		return f // no XGETBV, or no AVX: the OS state cannot be asked
	}
	xcr0, _ := xgetbv()
	_, ebx7, ecx7, _ := cpuid(7, 0)
	f.avx2FMA = ecx1&ecxFMA != 0 && ebx7&ebxAVX2 != 0 && xcr0&xcr0AVX == xcr0AVX
	f.avx512 = f.avx2FMA && ebx7&ebxAVX512F != 0 && xcr0&xcr0AVX512 == xcr0AVX512
	f.avx512vl = f.avx512 && ebx7&ebxAVX512VL != 0
	f.avx512vnni = f.avx512 && ecx7&ecxVNNI != 0
	return f
}
