//go:build !amd64 || purego

package matrix

// rotateFast4 reports that there is no vector kernel for the rotations
// here: rotations.go's portable loops apply them.
func rotateFast4(q *rotationSeq, i int) bool { return false }
