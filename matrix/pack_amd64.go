//go:build amd64 && !purego

package matrix

// packCenteredAVX2 is the bulk of packRowsCentered with AVX2
// (pack_amd64.s): the first 4·vecs numbers of each row, four at a time.
//
//go:noescape
func packCenteredAVX2(dst *float64, sliverBytes int, src *float64, srcBytes int, shift *float64, rows, vecs, nv int)

// packRowsCentered is packRowsCenteredGo with its bulk, the columns that
// fill whole vectors of four, in AVX2 when the machine has it and nr is a
// multiple of 4; the columns left over (fewer than four) stay with the
// portable loop. Packing the covariance's 60000×784 matrix, which streams
// it from memory, took 0.065 s with the portable loop alone.
func packRowsCentered(dst, src []float64, ld int, shift []float64, kb, nr, cols int) {
	vecs := cols / 4
	if !hostCPU.avx2FMA || nr%4 != 0 || vecs == 0 || kb == 0 {
		packRowsCenteredGo(dst, src, ld, shift, kb, nr, cols, 0)
		return
	}
	// The slice expressions check the ranges the kernel touches.
	_ = src[:(kb-1)*ld+cols]
	_ = shift[:cols]
	_ = dst[:ceilDiv(cols, nr)*kb*nr]
	packCenteredAVX2(&dst[0], 8*kb*nr, &src[0], 8*ld, &shift[0], kb, vecs, nr/4)
	if 4*vecs < cols {
		packRowsCenteredGo(dst, src, ld, shift, kb, nr, cols, 4*vecs)
	}
}
