package matrix

// The product with a packed right operand, handed over a tile at a time.
//
// Some callers want every element of a product A·op(B) once and then no
// more: the nearest-neighbour search ranks the inner products of a block
// of queries with every training point, keeping a handful of them. Formed
// whole, such a product is written to memory once per block kc of the
// inner index and read back by the caller: for 10 000 queries against
// 60 000 Fashion-MNIST images that is 4.8 GB each way per pass, and the
// passes took as long as the arithmetic. Tiles instead finishes the
// product a few hundred columns at a time, all of the inner index
// summed, in a tile that stays in the core's L2 cache, and gives each
// tile to the caller before the next overwrites it.
//
// The loop nest is gemm's (gemm.go) with the order of the loops changed:
// the whole of Ã (all the rows of A, every block of the inner index) is
// packed once; then, for each tile of columns, the blocks pc of the inner
// index are added in order, each by the micro-kernel sweeping a sliver of
// B̃ (in L1) across all of Ã's rows (in L2). Every element of the tile
// is thus formed by the same kernel from the same kc-blocks in the same
// order as in GemmPackedB, starting from zero: the tiles hold the bits of
// GemmPackedB(false, 1, A, p, 0, C).

// tileBytes bounds the size of a tile of the product: with the block of
// Ã the kernel sweeps (rows·kc numbers) it stays in a 1 MiB L2 cache, or
// most of a smaller one.
const tileBytes = 256 << 10

// Tiles computes A·op(B) for the packed op(B) one tile of columns at a
// time, calling visit(j0, c) in ascending order of j0 with c the m×w
// product of A and columns j0 … j0+w−1 of op(B) (w is chosen here, at
// most a few hundred for a block of a few hundred rows; a tile never
// straddles two of p's panels). c is overwritten by the next tile: visit
// must copy what it keeps. The tiles have the bits of
// GemmPackedB(false, 1, A, p, 0, C), and the work is done on the calling
// goroutine. A must be m×k for a k×n op(B) (ErrShape otherwise); nil
// operands are errors.
func (p *PackedB) Tiles(a *Dense, visit func(j0 int, c *Dense)) error {
	const op = "packed B tiles"
	if err := checkNotNil(op, a); err != nil {
		return err
	}
	if p == nil {
		return errNil(op)
	}
	m, k := a.rows, a.cols
	if k != p.rows {
		return newError(op, ErrShape, "A %d×%d, op(B) %d×%d", m, k, p.rows, p.cols)
	}
	if m == 0 || p.cols == 0 {
		return nil
	}
	width := p.tileWidth(m)
	tile := New(m, width)
	if k == 0 {
		for j0 := 0; j0 < p.cols; j0 += width {
			visit(j0, tile.Slice(0, m, 0, min(width, p.cols-j0)))
		}
		return nil
	}
	mr := p.kern.mr
	blocks := ceilDiv(k, p.kc)
	aBuf := getPackBuf(roundUp(m, mr) * k)
	defer putPackBuf(aBuf)
	ap := (*aBuf)[:roundUp(m, mr)*k]
	for pc := 0; pc < k; pc += p.kc {
		kcb := min(p.kc, k-pc)
		packA(ap[roundUp(m, mr)*pc:], a, false, 0, m, pc, kcb, mr, 1, nil)
	}
	panel := 0
	for jc := 0; jc < p.cols; jc += p.nc {
		ncb := min(p.nc, p.cols-jc)
		for j0 := 0; j0 < ncb; j0 += width {
			c := tile.Slice(0, m, 0, min(width, ncb-j0))
			c.Zero()
			for b := range blocks {
				pc := b * p.kc
				kcb := min(p.kc, k-pc)
				// from sliver j0/nr of the panel
				p.macroKernel(panel+b, j0*kcb, ap[roundUp(m, mr)*pc:], c, 0, m, 0, c.cols, kcb)
			}
			visit(jc+j0, c)
		}
		panel += blocks
	}
	return nil
}

// tileWidth returns the number of columns of the tiles of an m-row
// product: as many whole slivers as fit in tileBytes, at least one, at
// most a panel.
func (p *PackedB) tileWidth(m int) int {
	nr := p.kern.nr
	w := tileBytes / (8 * m) / nr * nr
	return min(max(w, nr), p.nc)
}
