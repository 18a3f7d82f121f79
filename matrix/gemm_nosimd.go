//go:build !(goexperiment.simd && amd64)

package matrix

// simdKernels returns the SIMD kernels this CPU can run: none in a build
// without GOEXPERIMENT=simd on amd64, where the portable kernel is used.
func simdKernels() []*microKernel { return nil }
