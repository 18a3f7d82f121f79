//go:build !amd64 || purego

package matrix

// packRowsCentered is the portable loop here.
func packRowsCentered(dst, src []float64, ld int, shift []float64, kb, nr, cols int) {
	packRowsCenteredGo(dst, src, ld, shift, kb, nr, cols, 0)
}

// packA4 is the portable loop here.
func packA4(dst, src []float64, ld, kb, mr int, alpha float64, shift []float64) {
	packA4Go(dst, src, ld, kb, mr, alpha, shift, 0)
}

// decodeCodes is the portable loop here.
func decodeCodes(dst []float64, codes []uint8, table *[256]float64) {
	decodeCodesGo(dst, codes, table)
}
