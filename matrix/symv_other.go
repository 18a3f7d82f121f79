//go:build !amd64 || purego

package matrix

// dotAxpy4Fast returns the vector kernels of dotAxpy4 this machine can
// run: none outside amd64, or with the purego build tag.
func dotAxpy4Fast() []*dotAxpy4Kernel { return nil }
