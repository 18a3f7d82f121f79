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

// fastGramIntKernel is the integer Gram kernel of this processor: the
// VNNI one, or nil where there is none (and the covariance stays in
// floating point, whose vector kernels outrun a scalar integer one).
func fastGramIntKernel() gramIntKernel {
	if hostCPU.avx512vnni {
		return gramIntVNNI
	}
	return nil
}

// packPairsAVX512 is packPairRow for n a multiple of 8 (gram_int_amd64.s).
//
//go:noescape
func packPairsAVX512(first, second *float64, out *int32, sums *float64, n int) bool

// packPairs is packPairRow, eight columns at a time with AVX-512 where the
// processor has the integer kernel (and so AVX-512).
func packPairs(first, second []float64, out []int32, sums []float64) bool {
	n := len(first)
	if v := n &^ 7; v > 0 && hostCPU.avx512vnni {
		_, _, _ = second[v-1], out[v-1], sums[v-1]
		if !packPairsAVX512(&first[0], &second[0], &out[0], &sums[0], v) {
			return false
		}
		first, second, out, sums = first[v:], second[v:], out[v:], sums[v:]
	}
	return packPairRow(first, second, out, sums)
}
