//go:build !amd64 || purego

package matrix

// fastGramIntKernel returns nil outside amd64 and with the purego tag: the
// covariance stays in floating point, whose kernels outrun a scalar
// integer one.
func fastGramIntKernel() gramIntKernel { return nil }

// packPairs is packPairRow: no vector kernel here.
func packPairs(first, second []float64, out []int32, sums []float64) bool {
	return packPairRow(first, second, out, sums)
}

// packPairsFuncs returns the ways this build packs, for the tests: Go only.
func packPairsFuncs() map[string]func(first, second []float64, out []int32, sums []float64) bool {
	return map[string]func(first, second []float64, out []int32, sums []float64) bool{"go": packPairs}
}

// assemblyGramIntKernels returns no kernels: there is no assembly here.
func assemblyGramIntKernels() map[string]gramIntKernel { return nil }
