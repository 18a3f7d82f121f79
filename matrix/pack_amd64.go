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

// packA4AVX2 is the bulk of packA4 with AVX2 (pack_amd64.s): four
// columns of the four rows at a time, transposed in registers.
//
//go:noescape
func packA4AVX2(dst *float64, mrBytes int, src *float64, ldBytes int, shift *float64, alpha float64, quads int)

// packA4 packs four rows of A for packA: dst[p·mr + q] = α·(row q)[p] for
// q < 4 and p < kb, less shift[p] first when shift is not nil, the rows
// ld apart in src. Each group of four columns is four loads, a 4×4
// transpose and four stores in AVX2, where the portable loop moves one
// number at a time; the columns left over (fewer than four) stay with the
// portable loop. The products are the portable loop's, rounded the same
// way: the same bits. Softmax regression's prediction on Fashion-MNIST
// (10000×784 by 784×10) spent two thirds of its time packing X.
func packA4(dst, src []float64, ld, kb, mr int, alpha float64, shift []float64) {
	quads := kb / 4
	if !hostCPU.avx2FMA || quads == 0 {
		packA4Go(dst, src, ld, kb, mr, alpha, shift, 0)
		return
	}
	// The slice expressions check the ranges the kernel touches.
	_ = src[3*ld+kb-1]
	_ = dst[(kb-1)*mr+3]
	var sh *float64
	if shift != nil {
		sh = &shift[:kb][0]
	}
	packA4AVX2(&dst[0], 8*mr, &src[0], 8*ld, sh, alpha, quads)
	if 4*quads < kb {
		packA4Go(dst, src, ld, kb, mr, alpha, shift, 4*quads)
	}
}

// decodeAVX512 is the bulk of decodeCodes with AVX-512 (pack_amd64.s):
// groups of 16 codes, their numbers gathered from the table.
//
//go:noescape
func decodeAVX512(dst *float64, codes *uint8, groups int, table *float64)

// decodeCodes writes table[codes[i]] into dst[i] for every code: in
// AVX-512 gathers, 16 codes at a time, where the machine has them (twice
// the speed of the portable loop), and the codes left over in the
// portable loop.
func decodeCodes(dst []float64, codes []uint8, table *[256]float64) {
	groups := len(codes) / 16
	if !hostCPU.avx512 || groups == 0 {
		decodeCodesGo(dst, codes, table)
		return
	}
	_ = dst[:len(codes)]
	decodeAVX512(&dst[0], &codes[0], groups, &table[0])
	decodeCodesGo(dst[16*groups:], codes[16*groups:], table)
}
