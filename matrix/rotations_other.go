//go:build !amd64 || purego

package matrix

// rotateFast reports that there is no vector kernel for the rotations
// here: rotations.go's portable loops apply them.
func rotateFast(q *rotationSeq, i, rows int) bool { return false }
