package matrix

// gemmColumns is gemmPacked for a general product (no triangle, no
// centring, A ≠ B) on several workers that each compute their own range of
// columns of C: a worker packs its own panel B̃ and its own blocks Ã, and
// the workers never wait for one another. With the rows split instead,
// the workers shared one panel B̃ of kc × n (2 MiB for n = 1024, more than
// one core's L2) and met at a barrier per kc block. The column ranges are
// whole slivers of nr, so every element of C falls in the same kind of
// tile and gets the same bits as on one worker.
func gemmColumns(kern *microKernel, transA, transB bool, alpha float64, a, b, c *Dense, workers int, shiftA []float64) {
	m, k := opDims(transA, a)
	_, n := opDims(transB, b)
	mr, nr := kern.mr, kern.nr
	kc := min(kern.kc, k)
	slivers := ceilDiv(n, nr)
	parallelFor(workers, func(w int) {
		s0, s1 := w*slivers/workers, (w+1)*slivers/workers
		j0, j1 := s0*nr, min(n, s1*nr)
		if j0 >= j1 {
			return
		}
		nc := min(kern.nc, roundUp(j1-j0, nr))
		bBuf := getPackBuf(kc * nc)
		defer putPackBuf(bBuf)
		aBuf := getPackBuf(kern.mc * kc)
		defer putPackBuf(aBuf)
		for jc := j0; jc < j1; jc += nc {
			ncb := min(nc, j1-jc)
			panel := ceilDiv(ncb, nr)
			for pc := 0; pc < k; pc += kc {
				kcb := min(kc, k-pc)
				bp := (*bBuf)[:kcb*panel*nr]
				packBSlivers(bp, b, transB, pc, kcb, jc, ncb, nr, 0, panel, nil)
				for ic := 0; ic < m; ic += kern.mc {
					mcb := min(kern.mc, m-ic)
					ap := (*aBuf)[:roundUp(mcb, mr)*kcb]
					packA(ap, a, transA, ic, mcb, pc, kcb, mr, alpha, shiftA)
					macroKernel(kern, ap, bp, c, ic, mcb, jc, ncb, kcb, false)
				}
			}
		}
	})
}
