//go:build !(amd64 && !purego && !amd64.v3 && !amd64.v4)

package learn

// goldenBuild: see golden_native_test.go. This build (portable kernels,
// fused multiply-add, another architecture) sums in other orders.
const goldenBuild = false
