//go:build !amd64 || purego

package matrix

// fastKernels returns the assembly micro-kernels this machine can run:
// none outside amd64, or with the purego build tag, where the portable
// kernel is used.
func fastKernels() []*microKernel { return nil }
