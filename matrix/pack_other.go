//go:build !amd64 || purego

package matrix

// packRowsCentered is the portable loop here.
func packRowsCentered(dst, src []float64, ld int, shift []float64, kb, nr, cols int) {
	packRowsCenteredGo(dst, src, ld, shift, kb, nr, cols, 0)
}
