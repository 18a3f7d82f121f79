package matrix

import (
	"math"
	"runtime"
	"sync"
	"sync/atomic"
)

// The blocked matrix product, in the design of Goto and van de Geijn (the
// one behind GotoBLAS, OpenBLAS and BLIS). It computes C += op(A)·op(B)
// (α is folded into the packed copy of A) with five loops around a tiny
// register-tiled micro-kernel. With op(A) m×k, op(B) k×n, C m×n:
//
//	for jc in steps of nc over the n columns of C:          (5) B panel → L3
//	  for pc in steps of kc over the k inner indices:       (4)
//	    pack  B̃ ← op(B)[pc:pc+kc, jc:jc+nc]   in slivers kc×nr
//	    for ic in steps of mc over the m rows of C:         (3) A block → L2
//	      pack  Ã ← α·op(A)[ic:ic+mc, pc:pc+kc]  in slivers mr×kc
//	      for jr in steps of nr over the block's columns:   (2) B sliver → L1
//	        for ir in steps of mr over the block's rows:    (1)
//	          C[ic+ir : +mr, jc+jr : +nr] += Ã sliver · B̃ sliver   (micro-kernel)
//
// Why it is fast. The micro-kernel keeps an mr×nr tile of C in registers
// and, for each of the kc inner indices, reads mr numbers of Ã and nr of
// B̃ and does mr·nr multiply-adds: the arithmetic per load grows with the
// tile. Packing copies each block once into the exact order the
// micro-kernel reads it (contiguous, aligned to the tile, zero-padded at the
// edges), so every load after that is sequential, and it is where a
// transposed operand is absorbed: the four cases op = N/T differ only in
// how the packing routines read the source. The block sizes keep each
// operand in the cache level where it is reused: a kc×nr sliver of B̃ stays
// in L1 while the loop (1) sweeps the mc×kc block Ã held in L2, and the
// kc×nc panel B̃ is shared by all workers from L3.
//
// Parallelism. A general product splits C's columns between goroutines
// (gemm_columns.go): each worker packs its own B̃ and Ã and never waits,
// clears its own blocks of C when β = 0, and in the last kc block idle
// workers take row blocks of the others' columns. The goroutines are
// helpers that wait, awake for a while, for the next product
// (helpers.go). A product with a triangle (Syrk) splits loop (3) instead:
// every worker packs its own Ã and they share B̃, which they pack
// together; the covariance of many samples is first cut into two sums
// over halves of the samples (syrk_split.go). Each element of C is
// computed with the same order of operations whatever the number of
// workers, so the bits of the result do not depend on it.

// microKernel is a register-tiled kernel with the cache blocking tuned for it.
type microKernel struct {
	name       string
	mr, nr     int // register tile: mr rows × nr columns of C
	mc, kc, nc int // cache blocks; mc is a multiple of mr, nc of nr
	// run adds Ã·B̃ to the mr×nr tile of C whose (0, 0) element is c[0],
	// row i starting at c[i*ldc]. Ã is packed as kc groups of mr numbers
	// (column p of the sliver at a[p*mr:]), B̃ as kc groups of nr.
	run func(kc int, a, b, c []float64, ldc int)
	// runS, when set, is run with Ã's groups lda numbers apart and the
	// tile multiplied by α as it is added to C (c ← α·t + c, one
	// rounding). The product AᵀA of a matrix with itself (the Syrk of a
	// data matrix, the covariance) uses it to read Ã straight out of the
	// packed panel B̃ (lda = nr; mr divides nr), so that Ã is never
	// packed: column i of A lies in sliver i/nr of B̃ at lane i mod nr.
	runS func(kc int, a []float64, lda int, b, c []float64, ldc int, alpha float64)
	// narrow[q], when present, is runS on the first (q+1)·nr/(len(narrow)+1)
	// columns of the tile only (B̃'s groups still nr apart), for the tiles
	// on the diagonal of AᵀA, whose columns right of the diagonal are
	// thrown away. Each column is computed by the same operations as in
	// runS, so it has the same bits.
	narrow []func(kc int, a []float64, lda int, b, c []float64, ldc int, alpha float64)
	// syrk, when set, is the kernel AᵀA runs on in place of this one
	// (syrkKernel).
	syrk *microKernel
	// runCodes, when set, is run with B̃'s numbers given as one-byte
	// codes into table (a coded PackedB, gemm_prepacked_codes.go): the
	// same tile, the same bits.
	runCodes func(kc int, a []float64, b []uint8, c []float64, ldc int, table *[256]float64)
}

// portableKernel is the plain-Go micro-kernel: the reference every
// assembly kernel is tested against, and the one used on other
// architectures, on processors without AVX2 and FMA, and with -tags purego.
// The tile and the unrolling were measured (gemm_kernel.go); the block
// sizes barely matter for a kernel this far from the memory bound (kc from
// 128 to 512 and mc from 32 to 128 are within noise). kc = 256 and mc = 120
// keep the 240 KiB block Ã within half of even a 512 KiB L2.
var portableKernel = microKernel{
	name: "portable 3×2",
	mr:   3, nr: 2,
	mc: 120, kc: 256, nc: 4096,
	run: kernel3x2,
}

// activeKernel is the micro-kernel the products use: the widest assembly
// kernel this machine can run (gemm_amd64.go), or the portable one.
var activeKernel = chooseKernel()

// chooseKernel returns the first of fastKernels, or the portable kernel.
func chooseKernel() microKernel {
	if ks := fastKernels(); len(ks) > 0 {
		return *ks[0]
	}
	return portableKernel
}

const (
	// gemmSmall is the size m·n·k below which the product runs on the
	// reference loops: packing costs more than it saves on small operands.
	// Measured here: at n = 8 the loops are faster, from n = 16 the packed
	// kernel is (2× with the portable kernel).
	gemmSmall = 12 * 12 * 12
	// gemmParallel is the size m·n·k from which the product is split
	// across goroutines; below it, starting them and splitting the blocks
	// costs more than they save (two workers pay off from n ≈ 100).
	gemmParallel = 96 * 96 * 96
	// gemmColumnsMin is the number of columns of C per worker from which a
	// general product splits the columns between the workers (gemmColumns).
	gemmColumnsMin = 256
)

// gemmUpdate is gemm after scaling C: C += α·op(A)·op(B), choosing between
// the reference loops and the packed kernel by size.
func gemmUpdate(transA, transB bool, alpha float64, a, b, c *Dense) {
	gemmUpdateClear(transA, transB, alpha, a, b, c, false)
}

// gemmUpdateClear is gemmUpdate that, with clear, first sets C to zero:
// C = α·op(A)·op(B). The column split clears each block of C just before
// the first block of k adds to it, on the worker that computes it: as a
// pass of its own before the product (0.33 ms at n = 1024, 0.065 at 512),
// the clearing ran on the calling goroutine alone. The other paths clear
// C first.
func gemmUpdateClear(transA, transB bool, alpha float64, a, b, c *Dense, clear bool) {
	m, k := opDims(transA, a)
	_, n := opDims(transB, b)
	if m == 0 || n == 0 || k == 0 || m*n*k < gemmSmall {
		if clear {
			c.Zero()
		}
		if m*n*k != 0 {
			gemmRef(transA, transB, alpha, a, b, c)
		}
		return
	}
	gemmPackedClear(&activeKernel, transA, transB, alpha, a, b, c, false, gemmWorkers(m, n, k), nil, nil, clear)
}

// gemmWorkers returns the number of goroutines for an m×n×k product.
func gemmWorkers(m, n, k int) int {
	if m*n*k < gemmParallel {
		return 1
	}
	return runtime.GOMAXPROCS(0)
}

// gemmPacked computes C += α·op(A)·op(B) by the five-loop nest above, with
// the given kernel and number of workers. With lower set, C is square and
// only its lower triangle (i ≥ j) is updated; tiles strictly above the
// diagonal are skipped, which is how the symmetric rank-k update gets half
// the flops from the same machinery.
//
// A non-nil mean is subtracted from every row of A and of B as they are
// packed, for the covariance of a data matrix X without forming its
// centered copy: with transA, !transB and a = b = X it computes
// C += α·(X − 1meanᵀ)ᵀ(X − 1meanᵀ).
func gemmPacked(kern *microKernel, transA, transB bool, alpha float64, a, b, c *Dense, lower bool, workers int, mean []float64) {
	gemmPackedShifted(kern, transA, transB, alpha, a, b, c, lower, workers, mean, nil)
}

// gemmPackedShifted is gemmPacked with, in addition, a non-nil centreA
// subtracted from every row of A alone (not B) as it is packed, for
// C += α·(A − 1centreAᵀ)·op(B) without transA (GemmCentered).
func gemmPackedShifted(kern *microKernel, transA, transB bool, alpha float64, a, b, c *Dense, lower bool, workers int, mean, centreA []float64) {
	gemmPackedClear(kern, transA, transB, alpha, a, b, c, lower, workers, mean, centreA, false)
}

// gemmPackedClear is gemmPackedShifted that, with clear, first sets C to
// zero (gemmUpdateClear).
func gemmPackedClear(kern *microKernel, transA, transB bool, alpha float64, a, b, c *Dense, lower bool, workers int, mean, centreA []float64, clear bool) {
	m, k := opDims(transA, a)
	if mean != nil && (!transA || transB) {
		panic("matrix: centered product needs op(A) = Aᵀ and op(B) = B")
	}
	if centreA != nil && (transA || mean != nil) {
		panic("matrix: a centred A alone needs op(A) = A")
	}
	shiftA := mean
	if transA && shiftA == nil {
		shiftA = make([]float64, m) // subtracting zero changes nothing
	}
	if centreA != nil {
		shiftA = centreA
	}
	_, n := opDims(transB, b)
	if !transA && !lower && mean == nil && ceilDiv(n, kern.nr) <= thinSlivers && k <= thinMaxK(kern) {
		if clear {
			c.Zero()
		}
		gemmThin(kern, transB, alpha, a, b, c, workers, shiftA)
		return
	}
	mr, nr := kern.mr, kern.nr
	kc := min(kern.kc, k)
	nc := min(kern.nc, roundUp(n, nr))

	// Row blocks: at most mc rows, of equal size, several per worker and
	// a multiple of the number of workers, which balances the load. A
	// triangle needs more, smaller blocks: their work grows with the row
	// index.
	rowBlock := kern.mc
	if workers > 1 {
		perWorker := 4
		if lower {
			perWorker = 8
		}
		blocks := workers * max(perWorker, ceilDiv(m, workers*kern.mc))
		rowBlock = min(kern.mc, max(mr, roundUp(ceilDiv(m, blocks), mr)))
	}
	workers = min(workers, ceilDiv(m, rowBlock))

	// AᵀA (a = b, op = (T, N)) with one panel of columns: B̃ then holds
	// all of op(A)ᵀ's block, already centered, in L2 or L3, and Ã is
	// copied from it rather than read a second time from memory (the
	// covariance of a large data matrix streams it from memory), or, with
	// a kernel that has runS, read by the kernel where it lies.
	fromB := a == b && transA && !transB && nc >= n
	direct := fromB && kern.runS != nil && kern.nr%kern.mr == 0
	if workers > 1 && !lower && mean == nil && !fromB && n >= workers*gemmColumnsMin {
		gemmColumnsClear(kern, transA, transB, alpha, a, b, c, workers, shiftA, clear)
		return
	}
	if clear {
		c.Zero()
	}

	// Two panels B̃ when there are several workers: a worker packs its
	// slivers of the next block while the others may still be reading the
	// previous one, so one barrier per block suffices (gemmSteps).
	bBufs := [2]*[]float64{getPackBuf(kc * nc)}
	defer putPackBuf(bBufs[0])
	bBufs[1] = bBufs[0]
	if workers > 1 {
		bBufs[1] = getPackBuf(kc * nc)
		defer putPackBuf(bBufs[1])
	}
	aBufs := make([]*[]float64, workers)
	for w := range aBufs {
		if direct {
			break
		}
		aBufs[w] = getPackBuf(rowBlock * kc)
		defer putPackBuf(aBufs[w])
	}

	// The steps (jc, pc) in order, each with the counter from which the
	// workers take its row blocks: a worker that is slowed down (or has
	// light triangle blocks) takes fewer. A triangle is dealt from the
	// bottom, its heaviest blocks first.
	steps := ceilDiv(n, nc) * ceilDiv(k, kc)
	next := make([]atomic.Int64, steps)
	bar := newBarrier(workers)
	parallelFor(workers, func(w int) {
		step := 0
		for jc := 0; jc < n; jc += nc {
			ncb := min(nc, n-jc)
			slivers := ceilDiv(ncb, nr)
			rowStart := 0
			if lower {
				rowStart = jc // rows above jc have nothing below the diagonal here
			}
			blocks := ceilDiv(m-rowStart, rowBlock)
			for pc := 0; pc < k; pc += kc {
				kcb := min(kc, k-pc)
				bp := (*bBufs[step%2])[:kcb*slivers*nr]
				// B̃ ← op(B)[pc:pc+kcb, jc:jc+ncb], a contiguous range of
				// slivers per worker. The panel was last read in step − 2,
				// which every worker finished before the barrier of step − 1.
				s0, s1 := w*slivers/workers, (w+1)*slivers/workers
				packBSlivers(bp, b, transB, pc, kcb, jc, ncb, nr, s0, s1, mean)
				bar.wait() // B̃ is whole
				for {
					blk := int(next[step].Add(1)) - 1
					if blk >= blocks {
						break
					}
					if lower {
						blk = blocks - 1 - blk
					}
					ic := rowStart + blk*rowBlock
					mcb := min(rowBlock, m-ic)
					cols := ncb
					if lower {
						cols = min(ncb, ic+mcb-jc) // columns j ≤ i only
					}
					if direct {
						macroKernelDirect(kern, alpha, bp, c, ic, mcb, cols, kcb, lower)
						continue
					}
					ap := (*aBufs[w])[:roundUp(mcb, mr)*kcb]
					if fromB {
						packAFromB(ap, bp, ic, mcb, kcb, mr, nr, alpha)
					} else {
						packA(ap, a, transA, ic, mcb, pc, kcb, mr, alpha, shiftA)
					}
					macroKernel(kern, ap, bp, c, ic, mcb, jc, cols, kcb, lower)
				}
				step++
			}
		}
	})
}

// macroKernel runs loops (2) and (1): it adds the packed block Ã (mcb×kcb)
// times the first cols columns of the packed panel B̃ to C[ic:, jc:].
func macroKernel(kern *microKernel, ap, bp []float64, c *Dense, ic, mcb, jc, cols, kcb int, lower bool) {
	mr, nr := kern.mr, kern.nr
	// The scratch tile escapes to the heap (kern.run is a function value):
	// allocated only when an edge tile needs it, not on every call
	// (PackedB.Tiles calls this once per tile and block of k).
	var tile *[maxTile]float64
	for jr := 0; jr < cols; jr += nr {
		nrb := min(nr, cols-jr)
		bs := bp[(jr/nr)*kcb*nr : (jr/nr+1)*kcb*nr]
		j0 := jc + jr
		for ir := 0; ir < mcb; ir += mr {
			mrb := min(mr, mcb-ir)
			i0 := ic + ir
			if lower && j0 > i0+mrb-1 {
				continue // the whole tile is above the diagonal
			}
			as := ap[(ir/mr)*kcb*mr : (ir/mr+1)*kcb*mr]
			full := mrb == mr && nrb == nr && !(lower && j0+nr-1 > i0)
			if full {
				kern.run(kcb, as, bs, c.data[i0*c.stride+j0:], c.stride)
				continue
			}
			// Edge or diagonal tile: compute the whole tile into a
			// scratch tile, then add only the part that belongs to C.
			if tile == nil {
				tile = new([maxTile]float64)
			}
			t := tile[:mr*nr]
			clear(t)
			kern.run(kcb, as, bs, t, nr)
			addTile(c, t, i0, j0, mrb, nrb, nr, lower)
		}
	}
}

// addTile adds the first mrb×nrb numbers of the scratch tile t (rows nr
// apart) to C[i0:, j0:], with lower only those on or below the diagonal.
func addTile(c *Dense, t []float64, i0, j0, mrb, nrb, nr int, lower bool) {
	for i := range mrb {
		row := c.data[(i0+i)*c.stride+j0:]
		jEnd := nrb
		if lower {
			jEnd = min(nrb, i0+i-j0+1) // j ≤ i
		}
		for j := 0; j < jEnd; j++ {
			row[j] += t[i*nr+j]
		}
	}
}

// macroKernelDirect is macroKernel for AᵀA with a kernel that reads Ã
// straight out of the packed panel B̃ (one panel, jc = 0): the tile at
// rows i0 … i0+mr−1 takes its Ã from sliver i0/nr at lane i0 mod nr,
// groups nr apart, and the kernel applies α. Rows past m read the zero
// lanes that pad the last sliver. Every element of C goes through
// c ← α·t + c with one rounding, in the full tiles (in the kernel) as in
// the edge and diagonal ones (math.FMA), so its bits do not depend on
// which kind of tile it falls in. An edge or diagonal tile whose columns
// up to the diagonal fit a narrow kernel (microKernel.narrow) runs that
// one: on the diagonal of a covariance the 8×24 tile wasted up to two
// thirds of its work, and those tiles took 6 % of the time.
func macroKernelDirect(kern *microKernel, alpha float64, bp []float64, c *Dense, ic, mcb, cols, kcb int, lower bool) {
	mr, nr := kern.mr, kern.nr
	var tile [maxTile]float64
	for jr := 0; jr < cols; jr += nr {
		nrb := min(nr, cols-jr)
		bs := bp[(jr/nr)*kcb*nr : (jr/nr+1)*kcb*nr]
		for ir := 0; ir < mcb; ir += mr {
			mrb := min(mr, mcb-ir)
			i0 := ic + ir
			if lower && jr > i0+mrb-1 {
				continue // the whole tile is above the diagonal
			}
			as := bp[(i0/nr)*kcb*nr+i0%nr:]
			if mrb == mr && nrb == nr && !(lower && jr+nr-1 > i0) {
				kern.runS(kcb, as, nr, bs, c.data[i0*c.stride+jr:], c.stride, alpha)
				continue
			}
			// Only the columns left of the diagonal's end, i0+mrb−1, count:
			// a narrow kernel computes them when one covers them.
			need := nrb
			if lower {
				need = min(nrb, i0+mrb-jr)
			}
			run := kern.runS
			if q := len(kern.narrow); q > 0 {
				if w := nr / (q + 1); need <= q*w {
					run = kern.narrow[ceilDiv(need, w)-1]
				}
			}
			t := tile[:mr*nr]
			clear(t)
			run(kcb, as, nr, bs, t, nr, 1)
			for i := range mrb {
				row := c.data[(i0+i)*c.stride+jr:]
				jEnd := nrb
				if lower {
					jEnd = min(nrb, i0+i-jr+1) // j ≤ i
				}
				for j := 0; j < jEnd; j++ {
					row[j] = math.FMA(alpha, t[i*nr+j], row[j])
				}
			}
		}
	}
}

// maxTile bounds mr·nr over the kernels, the size of the scratch tile.
const maxTile = 256

// packA copies α·op(A)[i0:i0+mb, p0:p0+kb] into dst as slivers of mr rows:
// dst[(r·kb + p)·mr + i] = α·op(A)[i0 + r·mr + i, p0 + p], with zeros for
// the rows past mb in the last sliver. A non-nil shift is subtracted from
// every row of A as stored first, shift[j] from column j of A: with trans
// from op(A)[i, p] = a[p, i] (shift[i]; gemmPacked passes zeros for a
// plain product), without it from op(A)[i, p] = a[i, p] (shift[p]; nil
// for a plain product).
func packA(dst []float64, a *Dense, trans bool, i0, mb, p0, kb, mr int, alpha float64, shift []float64) {
	if mb%mr != 0 {
		clear(dst[(mb/mr)*kb*mr : (mb/mr+1)*kb*mr]) // zero rows of the last sliver
	}
	if trans {
		packATrans(dst, a, i0, mb, p0, kb, mr, alpha, shift[i0:i0+mb])
		return
	}
	if shift != nil {
		shift = shift[p0 : p0+kb]
	}
	// op(A)[i, p] = a[i, p]: four rows are read side by side and each p
	// writes their four numbers together (contiguous in the sliver;
	// packA4, in vector instructions where the machine has them), then
	// the rows left over one at a time, writing every mr-th number.
	for r := 0; r*mr < mb; r++ {
		sl := dst[r*kb*mr : (r+1)*kb*mr]
		rows := min(mr, mb-r*mr)
		i := 0
		for ; i+4 <= rows; i += 4 {
			packA4(sl[i:], a.data[(i0+r*mr+i)*a.stride+p0:], a.stride, kb, mr, alpha, shift)
		}
		for ; i < rows; i++ {
			packA1(sl[i:], a.data[(i0+r*mr+i)*a.stride+p0:][:kb], mr, alpha, shift)
		}
	}
}

// packA1 packs one row src of A into every mr-th number of dst:
// dst[p·mr] = α·src[p], less shift[p] first when shift is not nil.
func packA1(dst, src []float64, mr int, alpha float64, shift []float64) {
	if shift == nil {
		for p, v := range src {
			dst[p*mr] = alpha * v
		}
		return
	}
	shift = shift[:len(src)]
	for p, v := range src {
		dst[p*mr] = alpha * (v - shift[p])
	}
}

// packA4Go is the portable packA4 from column p0 on: four rows of kb
// numbers (row q at src[q·ld:]) into dst, dst[p·mr + q] = α·(row q)[p],
// less shift[p] first when shift is not nil.
func packA4Go(dst, src []float64, ld, kb, mr int, alpha float64, shift []float64, p0 int) {
	s0 := src[:kb]
	s1 := src[ld:][:kb]
	s2 := src[2*ld:][:kb]
	s3 := src[3*ld:][:kb]
	if shift == nil {
		for p := p0; p < kb; p++ {
			d := dst[p*mr:][:4]
			d[0] = alpha * s0[p]
			d[1] = alpha * s1[p]
			d[2] = alpha * s2[p]
			d[3] = alpha * s3[p]
		}
		return
	}
	shift = shift[:kb]
	for p := p0; p < kb; p++ {
		d := dst[p*mr:][:4]
		sh := shift[p]
		d[0] = alpha * (s0[p] - sh)
		d[1] = alpha * (s1[p] - sh)
		d[2] = alpha * (s2[p] - sh)
		d[3] = alpha * (s3[p] - sh)
	}
}

// packAFromB packs the block Ã = α·op(A)[i0:i0+mb, ·] from the packed
// panel B̃ of the same matrix when op(A) = op(B)ᵀ: column i of op(B) is
// row i of op(A), and B̃ keeps it in sliver i/nr at lane i mod nr. The
// numbers are those packA would compute (α times the same centered
// value), so the result has the same bits.
func packAFromB(dst, bp []float64, i0, mb, kb, mr, nr int, alpha float64) {
	if mb%mr != 0 {
		clear(dst[(mb/mr)*kb*mr : (mb/mr+1)*kb*mr])
	}
	for r := 0; r*mr < mb; r++ {
		sl := dst[r*kb*mr : (r+1)*kb*mr]
		for i := range min(mr, mb-r*mr) {
			col := i0 + r*mr + i
			src := bp[(col/nr)*kb*nr+col%nr:]
			for p := range kb {
				sl[p*mr+i] = alpha * src[p*nr]
			}
		}
	}
}

// packATrans is packA for op(A) = Aᵀ, where op(A)[i, p] = a[p, i]: row p of
// A holds column p of the block contiguously. Four rows are read at a time
// and dealt out to the slivers, so each sliver receives 4·mr consecutive
// numbers per visit (a quarter faster than one row at a time, measured).
func packATrans(dst []float64, a *Dense, i0, mb, p0, kb, mr int, alpha float64, shift []float64) {
	shift = shift[:mb]
	p := 0
	for ; p+4 <= kb; p += 4 {
		s0 := a.data[(p0+p)*a.stride+i0:][:mb]
		s1 := a.data[(p0+p+1)*a.stride+i0:][:mb]
		s2 := a.data[(p0+p+2)*a.stride+i0:][:mb]
		s3 := a.data[(p0+p+3)*a.stride+i0:][:mb]
		for r := 0; r*mr < mb; r++ {
			d := dst[(r*kb+p)*mr:][:4*mr]
			lo, hi := r*mr, min(r*mr+mr, mb)
			for i := lo; i < hi; i++ {
				d[i-lo] = alpha * (s0[i] - shift[i])
				d[mr+i-lo] = alpha * (s1[i] - shift[i])
				d[2*mr+i-lo] = alpha * (s2[i] - shift[i])
				d[3*mr+i-lo] = alpha * (s3[i] - shift[i])
			}
		}
	}
	for ; p < kb; p++ {
		src := a.data[(p0+p)*a.stride+i0:][:mb]
		for r := 0; r*mr < mb; r++ {
			seg := src[r*mr : min(r*mr+mr, mb)]
			sh := shift[r*mr:][:len(seg)]
			d := dst[(r*kb+p)*mr:][:len(seg)]
			for i, v := range seg {
				d[i] = alpha * (v - sh[i])
			}
		}
	}
}

// packBSlivers packs slivers s0 … s1−1 of the panel
// op(B)[p0:p0+kb, j0:j0+ncb] into bp, sliver s at bp[s·kb·nr:]. Without
// trans it reads each row of B once along the whole range and deals the
// pieces out to the slivers: one sequential stream through memory instead
// of one short piece of every row per sliver (a fifth faster on the
// covariance of a 60000×784 matrix, which streams its data from memory).
func packBSlivers(bp []float64, b *Dense, trans bool, p0, kb, j0, ncb, nr, s0, s1 int, shift []float64) {
	if trans || s1-s0 < 2 {
		for s := s0; s < s1; s++ {
			packB(bp[s*kb*nr:(s+1)*kb*nr], b, trans, p0, kb, j0+s*nr, min(nr, ncb-s*nr), nr, shift)
		}
		return
	}
	last := min(s1*nr, ncb) // columns s0·nr … last−1 of the panel
	if last < s1*nr {
		clear(bp[(s1-1)*kb*nr : s1*kb*nr]) // zero columns of the last sliver
	}
	cols := last - s0*nr
	src := b.data[p0*b.stride+j0+s0*nr:]
	if shift == nil {
		// Without a mean, the same kernel subtracts zeros: x − 0 is x,
		// bit for bit (−0 and NaN included), and the vector kernel deals
		// the rows out faster than a copy of nr numbers at a time, whose
		// calls cost more than the copying (a third of the time of the
		// K-class logistic regression's products went to them).
		zb := getPackBuf(cols)
		defer putPackBuf(zb)
		zeros := (*zb)[:cols]
		clear(zeros)
		packRowsCentered(bp[s0*kb*nr:s1*kb*nr], src, b.stride, zeros, kb, nr, cols)
		return
	}
	packRowsCentered(bp[s0*kb*nr:s1*kb*nr], src, b.stride, shift[j0+s0*nr:j0+last], kb, nr, cols)
}

// packRowsCenteredGo deals kb rows of cols numbers (row p at src[p·ld:]),
// each less shift, out to slivers of width nr: number j of row p goes to
// dst[(j/nr)·kb·nr + p·nr + j mod nr]. It does the columns from j0 on:
// all of them (j0 = 0) as packBSlivers' portable loop, or the few that
// packRowsCentered's vector kernel leaves.
func packRowsCenteredGo(dst, src []float64, ld int, shift []float64, kb, nr, cols, j0 int) {
	shift = shift[:cols]
	for p := range kb {
		row := src[p*ld:][:cols]
		for lo := j0 - j0%nr; lo < cols; lo += nr {
			start := max(lo, j0)
			seg := row[start:min(lo+nr, cols)]
			d := dst[(lo/nr)*kb*nr+p*nr+start-lo:][:len(seg)]
			m := shift[start:][:len(seg)]
			for j, v := range seg {
				d[j] = v - m[j]
			}
		}
	}
}

// packB copies op(B)[p0:p0+kb, j0:j0+cols] (cols ≤ nr) into the sliver dst:
// dst[p·nr + j] = op(B)[p0 + p, j0 + j], with zeros for j ≥ cols. A
// non-nil shift (only without trans) is subtracted from every row first.
func packB(dst []float64, b *Dense, trans bool, p0, kb, j0, cols, nr int, shift []float64) {
	if cols < nr {
		clear(dst)
	}
	if shift != nil {
		sh := shift[j0 : j0+cols]
		for p := range kb {
			d := dst[p*nr : p*nr+cols]
			for j, v := range b.data[(p0+p)*b.stride+j0:][:cols] {
				d[j] = v - sh[j]
			}
		}
		return
	}
	if !trans {
		// op(B)[p, j] = b[p, j]: a row segment per p.
		for p := range kb {
			copy(dst[p*nr:p*nr+cols], b.data[(p0+p)*b.stride+j0:][:cols])
		}
		return
	}
	// op(B)[p, j] = b[j, p]: read along row j of B, write every nr-th.
	for j := range cols {
		src := b.data[(j0+j)*b.stride+p0:][:kb]
		for p, v := range src {
			dst[p*nr+j] = v
		}
	}
}

// packPool recycles packing buffers, so the blocked factorizations, which
// call gemm once per panel, do not allocate megabytes each time.
var packPool sync.Pool

func getPackBuf(size int) *[]float64 {
	if p, ok := packPool.Get().(*[]float64); ok && cap(*p) >= size {
		*p = (*p)[:size]
		return p
	}
	s := make([]float64, size)
	return &s
}

func putPackBuf(p *[]float64) { packPool.Put(p) }

func ceilDiv(a, b int) int { return (a + b - 1) / b }
func roundUp(a, b int) int { return ceilDiv(a, b) * b }
