package matrix

import "sync/atomic"

// The product with a thin right operand: C += α·A·op(B) with op(B) k×n of
// at most thinSlivers slivers of columns (n ≤ 32 with the AVX-512 kernel,
// 16 with AVX2), A not transposed. The scores of a linear model with a
// few classes are such products: 10000×784 pixels by 784×10 coefficients.
//
// The loop nest of gemm.go packs the panel B̃ for each block of kc inner
// indices and then every row block of A against it, so the packing of A
// reads the rows of A in pieces of kc numbers, one piece of every row per
// pass, k/kc passes over A. With a wide B the kernel's arithmetic hides
// that; with a thin one the packing is the product's cost, and reading
// each row in kc-long pieces through memory (a new short stream per row,
// a page of addresses per piece) took twice the time of reading the rows
// straight through (the shared-Gaussian scores of Fashion-MNIST's test
// set: 16 ms against 6 ms for a plain copy of the same data).
//
// Here the whole of B̃ is packed first (all its kc blocks: k·nr·slivers
// numbers, 100 KB for 784×16), and the loops over the row blocks and the
// kc blocks are swapped: each row block of A is packed for all k at once,
// every row read from its start to its end, and then multiplied block by
// block. The kernel computes every tile from the same slivers as in
// gemm.go's nest and adds the kc blocks to C in the same order, so the
// result has the same bits (TestGemmThinSameBits).

// thinSlivers is the width of op(B), in slivers of the kernel, up to
// which a product takes gemmThin.
const thinSlivers = 2

// thinBlockBytes bounds a row block of A packed for all k: it stays in L2
// (256 KiB, half of even a 512 KiB L2) while the kc blocks multiply it.
const thinBlockBytes = 256 << 10

// thinMaxK is the longest inner dimension gemmThin takes: one sliver of
// mr rows of A packed for all k fills thinBlockBytes. Beyond it a row
// block would no longer stay in L2, which was the point, and the packed
// B̃ and Ã, k·nr·slivers and k·mr numbers, would grow with k without
// bound (X·Xᵀ for 2 rows of 10 million columns asked for 1.28 GB of B̃
// and 0.96 GB of Ã, 14 times X itself); gemm.go's nest packs kc·nc and
// mc·kc whatever k.
func thinMaxK(kern *microKernel) int { return thinBlockBytes / (8 * kern.mr) }

// gemmThin computes C += α·(A − 1shiftᵀ)·op(B) (no shift when nil) for a
// thin op(B), with the given kernel and number of workers, which take the
// row blocks in turn.
func gemmThin(kern *microKernel, transB bool, alpha float64, a, b, c *Dense, workers int, shift []float64) {
	m, k := a.Dims()
	_, n := opDims(transB, b)
	mr, nr := kern.mr, kern.nr
	kc := min(kern.kc, k)
	slivers := ceilDiv(n, nr)
	// B̃, block pc (kcb rows) at bp[pc·slivers·nr:].
	bBuf := getPackBuf(k * slivers * nr)
	defer putPackBuf(bBuf)
	bp := *bBuf
	for pc := 0; pc < k; pc += kc {
		kcb := min(kc, k-pc)
		packBSlivers(bp[pc*slivers*nr:][:kcb*slivers*nr], b, transB, pc, kcb, 0, n, nr, 0, slivers, nil)
	}
	rowBlock := min(kern.mc, max(mr, thinBlockBytes/(8*k)/mr*mr))
	blocks := ceilDiv(m, rowBlock)
	workers = min(workers, blocks)
	var next atomic.Int64
	parallelFor(workers, func(int) {
		aBuf := getPackBuf(roundUp(rowBlock, mr) * k)
		defer putPackBuf(aBuf)
		for {
			blk := int(next.Add(1)) - 1
			if blk >= blocks {
				return
			}
			ic := blk * rowBlock
			mcb := min(rowBlock, m-ic)
			mbr := roundUp(mcb, mr)
			ap := (*aBuf)[:mbr*k]
			packAWhole(ap, a, ic, mcb, k, kc, mr, alpha, shift)
			for pc := 0; pc < k; pc += kc {
				kcb := min(kc, k-pc)
				macroKernel(kern, ap[pc*mbr:][:mbr*kcb], bp[pc*slivers*nr:][:kcb*slivers*nr], c, ic, mcb, 0, n, kcb, false)
			}
		}
	})
}

// packAWhole packs the rows i0 … i0+mb−1 of α·(A − 1shiftᵀ) for all k
// inner indices, as packA would for each block of kc of them: block pc
// (kcb columns) at dst[pc·mbr:], mbr = mb rounded up to whole slivers. It
// reads four rows at a time (or one, for the rows left over) from their
// first number to their last, handing each block's piece to packA4 (or
// packA1), so that every row is one stream through memory.
func packAWhole(dst []float64, a *Dense, i0, mb, k, kc, mr int, alpha float64, shift []float64) {
	mbr := roundUp(mb, mr)
	if mb%mr != 0 {
		for pc := 0; pc < k; pc += kc {
			kcb := min(kc, k-pc)
			clear(dst[pc*mbr+(mb/mr)*kcb*mr : pc*mbr+mbr*kcb]) // zero rows of each block's last sliver
		}
	}
	var sh []float64
	for r := 0; r*mr < mb; r++ {
		rows := min(mr, mb-r*mr)
		for i := 0; i < rows; {
			group := 1
			if i+4 <= rows {
				group = 4
			}
			src := a.data[(i0+r*mr+i)*a.stride:]
			for pc := 0; pc < k; pc += kc {
				kcb := min(kc, k-pc)
				sl := dst[pc*mbr+r*kcb*mr+i:]
				if shift != nil {
					sh = shift[pc : pc+kcb]
				}
				if group == 4 {
					packA4(sl, src[pc:], a.stride, kcb, mr, alpha, sh)
				} else {
					packA1(sl, src[pc:pc+kcb], mr, alpha, sh)
				}
			}
			i += group
		}
	}
}
