//go:build amd64 && !purego && !amd64.v3 && !amd64.v4

package learn

// goldenBuild reports that this build is the one the saved golden files of
// testdata/models and testdata/saved were written by (amd64, the assembly
// kernels, no fused multiply-add): their values are then reproduced bit for
// bit. Other builds sum in other orders or fuse, and are held to
// goldenClose's bound instead.
const goldenBuild = true
