//go:build amd64 && !purego

package matrix

// gramIntVNNI8x32 is gramIntPortable with AVX-512 VNNI (gram_int_amd64.s):
// the 8×32 tile in sixteen 512-bit registers, two VPDPWSSD per row of
// the tile and pair of rows of X. kc must be at least 1.
//
//go:noescape
func gramIntVNNI8x32(kc int, a, b, c *int32, ldc int)

// gramIntVNNI calls the assembly kernel after the bounds checks that
// gramIntPortable's indexing would make.
func gramIntVNNI(kc int, a, b, c []int32, ldc int) {
	_ = a[gramIntNR*(kc-1)+gramIntMR-1]
	_ = b[gramIntNR*kc-1]
	_ = c[ldc*(gramIntMR-1)+gramIntNR-1]
	gramIntVNNI8x32(kc, &a[0], &b[0], &c[0], ldc)
}

// gramIntAVX2x4x16 adds a 4×16 quarter of gramIntPortable's tile with
// AVX2 (gram_int_amd64.s): VPMADDWD and VPADDD, two instructions for the
// 16 multiply-adds VPDPWSSD does in one 256-bit step. kc must be at least 1.
//
//go:noescape
func gramIntAVX2x4x16(kc int, a, b, c *int32, ldc int)

// gramIntAVX2 is gramIntPortable as four quarters of 4×16 (the 8×32 tile's
// 32 sums a row would need all sixteen AVX2 registers for accumulators).
func gramIntAVX2(kc int, a, b, c []int32, ldc int) {
	_ = a[gramIntNR*(kc-1)+gramIntMR-1]
	_ = b[gramIntNR*kc-1]
	_ = c[ldc*(gramIntMR-1)+gramIntNR-1]
	for _, q := range [4][2]int{{0, 0}, {0, 16}, {4, 0}, {4, 16}} {
		i, j := q[0], q[1]
		gramIntAVX2x4x16(kc, &a[i], &b[j], &c[i*ldc+j], ldc)
	}
}

// fastGramIntKernel is the integer Gram kernel of this processor: the
// VNNI one, else the AVX2 one, or nil where there is neither (and the
// covariance stays in floating point, whose kernels outrun a scalar
// integer one).
func fastGramIntKernel() gramIntKernel {
	switch {
	case hostCPU.avx512vnni:
		return gramIntVNNI
	case hostCPU.avx2FMA:
		return gramIntAVX2
	}
	return nil
}

// packPairsAVX512 is packPairRow for n a multiple of 8 (gram_int_amd64.s).
//
//go:noescape
func packPairsAVX512(first, second *float64, out *int32, sums *float64, n int) bool

// packPairsAVX2 is packPairRow for n a multiple of 4 (gram_int_amd64.s).
//
//go:noescape
func packPairsAVX2(first, second *float64, out *int32, sums *float64, n int) bool

// packPairsVector is a vector packing kernel and the multiple of columns
// it takes.
type packPairsVector struct {
	run   func(first, second *float64, out *int32, sums *float64, n int) bool
	width int
}

// packPairsVectors returns the packing kernels this processor can run.
func packPairsVectors() map[string]packPairsVector {
	k := map[string]packPairsVector{}
	if hostCPU.avx2FMA {
		k["avx2"] = packPairsVector{packPairsAVX2, 4}
	}
	if hostCPU.avx512vnni {
		k["avx512"] = packPairsVector{packPairsAVX512, 8}
	}
	return k
}

// packPairsFuncs returns packPairs with every vector kernel this
// processor has, for the tests.
func packPairsFuncs() map[string]func(first, second []float64, out []int32, sums []float64) bool {
	f := map[string]func(first, second []float64, out []int32, sums []float64) bool{}
	for name, k := range packPairsVectors() {
		f[name] = func(first, second []float64, out []int32, sums []float64) bool {
			return packPairsWith(k, first, second, out, sums)
		}
	}
	return f
}

// activePackPairs is the packing kernel that goes with the active integer
// kernel: AVX-512 with VNNI, AVX2 with the AVX2 kernel.
var activePackPairs = func() packPairsVector {
	k := packPairsVectors()
	if v, ok := k["avx512"]; ok {
		return v
	}
	return k["avx2"] // zero (no kernel) without AVX2
}()

// packPairs is packPairRow with the active vector kernel for the bulk of
// the columns and Go for the rest.
func packPairs(first, second []float64, out []int32, sums []float64) bool {
	return packPairsWith(activePackPairs, first, second, out, sums)
}

// packPairsWith is packPairRow with the vector kernel k for the largest
// multiple of its width.
func packPairsWith(k packPairsVector, first, second []float64, out []int32, sums []float64) bool {
	if k.run != nil {
		if v := len(first) / k.width * k.width; v > 0 {
			_, _, _ = second[v-1], out[v-1], sums[v-1]
			if !k.run(&first[0], &second[0], &out[0], &sums[0], v) {
				return false
			}
			first, second, out, sums = first[v:], second[v:], out[v:], sums[v:]
		}
	}
	return packPairRow(first, second, out, sums)
}

// assemblyGramIntKernels returns every integer kernel this processor can
// run, for the tests.
func assemblyGramIntKernels() map[string]gramIntKernel {
	k := map[string]gramIntKernel{}
	if hostCPU.avx2FMA {
		k["avx2"] = gramIntAVX2
	}
	if hostCPU.avx512vnni {
		k["vnni"] = gramIntVNNI
	}
	return k
}
