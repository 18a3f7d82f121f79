package matrix

import "sync/atomic"

// gemmColumns is gemmPacked for a general product (no triangle, no
// centring of B, A ≠ B) on several workers that each compute their own
// range of columns of C: a worker packs its own panel B̃ and its own
// blocks Ã, and the workers never wait for one another. With the rows
// split instead, the workers shared one panel B̃ of kc × n (2 MiB for
// n = 1024, more than one core's L2) and met at a barrier per kc block. The column ranges are whole slivers of nr, so
// every element of C falls in the same kind of tile and gets the same
// bits as on one worker.
//
// The last kc block is shared out (columnsTail): a worker that has
// finished its own rows of it computes rows of the others' columns with
// their panels. A worker that starts late ends as much later: a goroutine
// started per call began 0.13–0.26 ms after the first (a thread's
// wake-up), 6 % of the product at n = 512 on two; the helpers (helpers.go)
// start within microseconds when awake, but one that had parked, or whose
// thread the system runs later, is still late (docs/performance.md,
// "Matrix kernels").
func gemmColumns(kern *microKernel, transA, transB bool, alpha float64, a, b, c *Dense, workers int, shiftA []float64) {
	gemmColumnsClear(kern, transA, transB, alpha, a, b, c, workers, shiftA, false)
}

// gemmColumnsClear is gemmColumns that, with clear, first sets C to zero:
// a worker clears each block of its columns just before the first block
// of k adds to it (clearBlock).
func gemmColumnsClear(kern *microKernel, transA, transB bool, alpha float64, a, b, c *Dense, workers int, shiftA []float64, clear bool) {
	m, k := opDims(transA, a)
	_, n := opDims(transB, b)
	mr, nr := kern.mr, kern.nr
	kc := min(kern.kc, k)
	slivers := ceilDiv(n, nr)
	workers = min(workers, slivers)
	tail := newColumnsTail(kern, m, k, workers, clear)
	bBufs := make([]*[]float64, workers) // returned after all workers, who may read each other's
	parallelFor(workers, func(w int) {
		s0, s1 := w*slivers/workers, (w+1)*slivers/workers
		j0, j1 := s0*nr, min(n, s1*nr)
		nc := min(kern.nc, roundUp(j1-j0, nr))
		bBufs[w] = getPackBuf(kc * nc)
		aBuf := getPackBuf(kern.mc * kc)
		defer putPackBuf(aBuf)
		for jc := j0; jc < j1; jc += nc {
			ncb := min(nc, j1-jc)
			panel := ceilDiv(ncb, nr)
			for pc := 0; pc < k; pc += kc {
				kcb := min(kc, k-pc)
				bp := (*bBufs[w])[:kcb*panel*nr]
				packBSlivers(bp, b, transB, pc, kcb, jc, ncb, nr, 0, panel, nil)
				if jc+ncb == j1 && pc+kcb == k {
					tail.share(w, bp, jc, ncb)
					tail.run(w, *aBuf, transA, alpha, a, c, shiftA)
					continue
				}
				for ic := 0; ic < m; ic += kern.mc {
					mcb := min(kern.mc, m-ic)
					ap := (*aBuf)[:roundUp(mcb, mr)*kcb]
					packA(ap, a, transA, ic, mcb, pc, kcb, mr, alpha, shiftA)
					if clear && pc == 0 {
						clearBlock(c, ic, mcb, jc, ncb)
					}
					macroKernel(kern, ap, bp, c, ic, mcb, jc, ncb, kcb, false)
				}
			}
		}
	})
	for _, p := range bBufs {
		if p != nil {
			putPackBuf(p)
		}
	}
}

// columnsTail is the last kc block of gemmColumns, whose row blocks any
// worker may compute once the panel B̃ of their columns is packed: each
// worker takes its own first, then those the others have not taken yet.
// A tile is computed from the same slivers whoever computes it, and the
// earlier kc blocks of its columns are complete (their worker packed the
// last panel after them), so the bits do not change.
type columnsTail struct {
	kern      *microKernel
	m, pc, kc int // the last kc block: inner indices pc … pc+kc−1
	rows      int // rows in a block, a multiple of mr
	blocks    int
	clear     bool                        // the last kc block is the only one: C is cleared first
	next      []atomic.Int64              // next[w]: the next row block of worker w's columns
	panels    []atomic.Pointer[tailPanel] // panels[w]: worker w's last panel, once packed
}

// tailPanel is one worker's last packed panel B̃: columns jc … jc+ncb−1.
type tailPanel struct {
	bp      []float64
	jc, ncb int
}

// newColumnsTail prepares the last kc block of an m×k product for the
// given workers, in row blocks of at most mc rows, some 16 of them: they
// are what the first workers to finish take from the last, so they must
// be short (at n = 512 on two workers, 36 rows are some 60 µs of work).
func newColumnsTail(kern *microKernel, m, k, workers int, clear bool) *columnsTail {
	kc := min(kern.kc, k)
	pc := (k - 1) / kc * kc
	rows := min(kern.mc, max(2*kern.mr, roundUp(ceilDiv(m, 16), kern.mr)))
	return &columnsTail{
		kern: kern, m: m, pc: pc, kc: k - pc, rows: rows, blocks: ceilDiv(m, rows),
		clear:  clear && pc == 0,
		next:   make([]atomic.Int64, workers),
		panels: make([]atomic.Pointer[tailPanel], workers),
	}
}

// share makes worker w's last panel available to the others.
func (t *columnsTail) share(w int, bp []float64, jc, ncb int) {
	t.panels[w].Store(&tailPanel{bp: bp, jc: jc, ncb: ncb})
}

// run computes row blocks of the last kc block, worker w's own first,
// then those of every worker whose panel is packed, until none is left to
// take: C[ic:ic+mcb, jc:jc+ncb] += α·op(A)[ic:ic+mcb, pc:pc+kc]·B̃, with
// Ã packed into aBuf.
func (t *columnsTail) run(w int, aBuf []float64, transA bool, alpha float64, a, c *Dense, shiftA []float64) {
	mr := t.kern.mr
	for off := range t.panels {
		v := (w + off) % len(t.panels)
		p := t.panels[v].Load()
		if p == nil {
			continue // worker v has not reached its last panel: it does all of it
		}
		for {
			blk := int(t.next[v].Add(1)) - 1
			if blk >= t.blocks {
				break
			}
			ic := blk * t.rows
			mcb := min(t.rows, t.m-ic)
			ap := aBuf[:roundUp(mcb, mr)*t.kc]
			packA(ap, a, transA, ic, mcb, t.pc, t.kc, mr, alpha, shiftA)
			if t.clear {
				clearBlock(c, ic, mcb, p.jc, p.ncb)
			}
			macroKernel(t.kern, ap, p.bp, c, ic, mcb, p.jc, p.ncb, t.kc, false)
		}
	}
}

// clearBlock sets C[i0:i0+rows, j0:j0+cols] to zero.
func clearBlock(c *Dense, i0, rows, j0, cols int) {
	for i := i0; i < i0+rows; i++ {
		clear(c.data[i*c.stride+j0:][:cols])
	}
}
