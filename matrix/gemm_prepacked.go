package matrix

// A right operand packed once for many products.
//
// The blocked product (gemm.go) copies op(B) into panels of slivers before
// its micro-kernel reads them, on every call. When one operand meets many
// others — the data matrix of an iterative fit, multiplied by the current
// parameters at every evaluation of the objective — that copy is made
// again and again, and for a thin product (ten columns of parameters
// against 10 000×785 pixels) it costs more than the arithmetic: it reads
// and rewrites every number of the data while the kernel does only ten
// multiply-adds with each. PackB makes the copy once; GemmPackedB then
// runs the same loop nest on it, with only op(A) packed per call.
//
// The panels are those gemm would pack, in the same blocks (kc inner
// indices by nc columns, for the kernel active when PackB ran), and the
// loop nest adds the blocks to C in the same order with the same kernel,
// so that GemmPackedB(transA, α, A, PackB(B, transB), β, C) computes the
// same bits as Gemm(transA, transB, α, A, B, β, C) whenever Gemm takes its
// packed path (m·n·k ≥ 12³).
//
// Workers split the columns of each panel rather than the rows of C, as
// the product this is for has few rows (op(A) is the parameters) and many
// columns; every element of C is still computed by one worker with the
// same operations, whatever their number.

// PackedB is a k×n matrix op(B) packed for the micro-kernel (PackB), to be
// the right operand of any number of products (GemmPackedB). It holds a
// copy of B (about k·n numbers, rounded up to whole slivers) and does not
// refer to B afterwards.
type PackedB struct {
	rows, cols int          // op(B) is rows×cols: k×n
	kern       *microKernel // the kernel the panels are laid out for
	kc, nc     int
	panels     [][]float64 // panel (jc/nc)·⌈k/kc⌉ + pc/kc
	// coded, when not nil, holds the panels as byte codes in place of
	// panels (gemm_prepacked_codes.go): op(B) has at most 256 distinct
	// numbers.
	coded *codedPanels
}

// PackB packs op(B) (B, or Bᵀ with trans) for GemmPackedB. The copy needs
// as much memory as op(B) (rounded up to the kernel's slivers), or an
// eighth of it when op(B) holds at most 256 distinct numbers (bit
// patterns), which are then kept as one-byte codes; beyond MemoryLimit the
// error wraps ErrTooLarge. A nil B is an error.
func PackB(b *Dense, trans bool) (*PackedB, error) {
	return packBCoded(b, trans, true)
}

// packBCoded is PackB, with coded set allowed to keep the panels as byte
// codes (the tests compare the two forms).
func packBCoded(b *Dense, trans, coded bool) (*PackedB, error) {
	const op = "pack B"
	if err := checkNotNil(op, b); err != nil {
		return nil, err
	}
	k, n := opDims(trans, b)
	kern := new(microKernel)
	*kern = activeKernel // a copy: tests may swap the active kernel
	p := &PackedB{rows: k, cols: n, kern: kern, kc: min(kern.kc, k), nc: min(kern.nc, roundUp(n, kern.nr))}
	if k == 0 || n == 0 {
		return p, nil
	}
	nr := kern.nr
	if coded {
		if p.coded = packBCodes(p, b, trans); p.coded != nil {
			return p, nil
		}
	}
	if err := CheckAlloc(op, "the packed copy", FloatBytes(k, roundUp(n, nr))); err != nil {
		return nil, err
	}
	buf := make([]float64, k*roundUp(n, nr))
	p.eachPanel(func(jc, ncb, pc, kcb, size int) bool {
		bp := buf[:size:size]
		buf = buf[size:]
		packBSlivers(bp, b, trans, pc, kcb, jc, ncb, nr, 0, ceilDiv(ncb, nr), nil)
		p.panels = append(p.panels, bp)
		return true
	})
	return p, nil
}

// eachPanel calls fill for the panels of p in their order (panel
// (jc/nc)·⌈k/kc⌉ + pc/kc): columns jc … jc+ncb−1 and inner indices pc …
// pc+kcb−1 of op(B), size = kcb·⌈ncb/nr⌉·nr numbers (whole slivers). It
// stops at the first fill that returns false and reports whether every
// fill returned true.
func (p *PackedB) eachPanel(fill func(jc, ncb, pc, kcb, size int) bool) bool {
	nr := p.kern.nr
	for jc := 0; jc < p.cols; jc += p.nc {
		ncb := min(p.nc, p.cols-jc)
		for pc := 0; pc < p.rows; pc += p.kc {
			kcb := min(p.kc, p.rows-pc)
			if !fill(jc, ncb, pc, kcb, kcb*ceilDiv(ncb, nr)*nr) {
				return false
			}
		}
	}
	return true
}

// Dims returns the dimensions k×n of the packed op(B).
func (p *PackedB) Dims() (rows, cols int) { return p.rows, p.cols }

// GemmPackedB computes C ← α·op(A)·op(B) + β·C as Gemm does, with op(B)
// packed beforehand by PackB; only op(A) is packed here. The result has
// the bits of Gemm's packed path (see above). op(A) must be m×k and C m×n
// for a k×n op(B) (ErrShape otherwise); C must not share memory with A
// (ErrAlias). When β = 0, C is overwritten without being read.
func GemmPackedB(transA bool, alpha float64, a *Dense, b *PackedB, beta float64, c *Dense) error {
	const op = "gemm packed B"
	if err := checkNotNil(op, a, c); err != nil {
		return err
	}
	if b == nil {
		return errNil(op)
	}
	m, k := opDims(transA, a)
	if k != b.rows || c.rows != m || c.cols != b.cols {
		return newError(op, ErrShape, "op(A) %d×%d, op(B) %d×%d, C %s", m, k, b.rows, b.cols, c.shape())
	}
	if overlaps(c, a) {
		return newError(op, ErrAlias, "C shares memory with A")
	}
	scaleInPlace(beta, c)
	if alpha == 0 || m == 0 || k == 0 || b.cols == 0 {
		return nil
	}
	b.update(transA, alpha, a, c, gemmWorkers(m, b.cols, k))
	return nil
}

// update adds α·op(A)·op(B) to C by the loop nest of gemmPacked on the
// stored panels, with the columns of each panel dealt out to the workers.
func (p *PackedB) update(transA bool, alpha float64, a, c *Dense, workers int) {
	kern := p.kern
	m, k := opDims(transA, a)
	n, mr, nr := p.cols, kern.mr, kern.nr
	var shift []float64
	if transA {
		shift = make([]float64, m) // packATrans subtracts a shift: zeros
	}
	rowBlock := min(kern.mc, roundUp(m, mr))
	aBuf := getPackBuf(rowBlock * p.kc)
	defer putPackBuf(aBuf)
	panel := 0
	for jc := 0; jc < n; jc += p.nc {
		ncb := min(p.nc, n-jc)
		slivers := ceilDiv(ncb, nr)
		w := min(workers, slivers)
		for pc := 0; pc < k; pc += p.kc {
			kcb := min(p.kc, k-pc)
			bPanel := panel
			panel++
			for ic := 0; ic < m; ic += rowBlock {
				mcb := min(rowBlock, m-ic)
				ap := (*aBuf)[:roundUp(mcb, mr)*kcb]
				packA(ap, a, transA, ic, mcb, pc, kcb, mr, alpha, shift)
				parallelFor(w, func(w0 int) {
					s0, s1 := w0*slivers/w, (w0+1)*slivers/w
					cols := min(ncb, s1*nr) - s0*nr
					p.macroKernel(bPanel, s0*kcb*nr, ap, c, ic, mcb, jc+s0*nr, cols, kcb)
				})
			}
		}
	}
}

// macroKernel runs gemm's macroKernel on panel i of p from offset off (a
// whole sliver), plain or coded.
func (p *PackedB) macroKernel(i, off int, ap []float64, c *Dense, ic, mcb, jc, cols, kcb int) {
	if p.coded != nil {
		macroKernelCodes(p.kern, ap, p.coded.codes[i][off:], &p.coded.table, c, ic, mcb, jc, cols, kcb)
		return
	}
	macroKernel(p.kern, ap, p.panels[i][off:], c, ic, mcb, jc, cols, kcb, false)
}
