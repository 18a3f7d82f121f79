package matrix

// A packed right operand of byte codes.
//
// The products PackB is for have few rows on the left — the parameters of
// a linear model, ten rows for ten classes — and the packed data matrix on
// the right: the kernel does ten multiply-adds with each number of B̃, and
// the product runs at the speed B̃ streams from memory (for the softmax
// regression of 10 000 Fashion-MNIST images, 63 MB read twice per
// evaluation of the objective: 10 ms a product, against 6 ms for a bare
// pass over the same memory). When op(B) holds at most 256 distinct
// numbers (bytecodes.go), PackB keeps each number of the panels as its
// one-byte code instead, in the same places, and the products read the
// numbers back through the table. The kernel computes with the same
// float64 numbers in the same order, so a coded PackedB gives the bits of
// the plain one; it reads an eighth of the bytes.
//
// Reading back. Where the active kernel has runCodes (AVX-512), the
// kernel itself widens each group of nr codes and gathers the numbers
// from the table as it goes: with a tile or two of rows per sliver the
// gathers overlap the multiply-adds. For taller row blocks, and with the
// other kernels, a sliver is decoded once into a float64 scratch sliver
// (in L1) and the plain kernel sweeps it across the rows. The product of
// ten rows with 10 000×785 coded numbers took 4.4 ms against 9.5 (AVX-512,
// one core, docs/performance.md).

// codedPanels are the byte-coded panels of a PackedB: panel i is laid out
// as PackedB.panels[i] would be, one code per number, with table[code]
// the number. The lanes past op(B)'s last column (padding of the last
// sliver) hold code 0: they only reach columns of a tile that are thrown
// away.
type codedPanels struct {
	codes [][]uint8
	table [256]float64
}

// packBCodes returns op(B)'s panels as codes, for the blocking of p, or
// nil when op(B) has more than 256 distinct numbers (it stops at the
// first number past them) or the codes would exceed the memory limit.
func packBCodes(p *PackedB, b *Dense, trans bool) *codedPanels {
	k, n, nr := p.rows, p.cols, p.kern.nr
	if CheckAlloc("pack B", "the coded copy", int64(k)*int64(roundUp(n, nr))) != nil {
		return nil
	}
	var coder ByteCoder
	buf := make([]uint8, k*roundUp(n, nr))
	cp := &codedPanels{}
	whole := p.eachPanel(func(jc, ncb, pc, kcb, size int) bool {
		panel := buf[:size:size]
		buf = buf[size:]
		for s := range ceilDiv(ncb, nr) {
			cols := min(nr, ncb-s*nr)
			if !codeSliver(&coder, panel[s*kcb*nr:(s+1)*kcb*nr], b, trans, pc, kcb, jc+s*nr, cols, nr) {
				return false
			}
		}
		cp.codes = append(cp.codes, panel)
		return true
	})
	if !whole {
		return nil
	}
	cp.table = coder.Table()
	return cp
}

// codeSliver writes the codes of op(B)[p0:p0+kb, j0:j0+cols] into dst in
// packB's order (dst[p·nr + j]), padding columns cols … nr−1 with code 0;
// false when a number finds no code.
func codeSliver(coder *ByteCoder, dst []uint8, b *Dense, trans bool, p0, kb, j0, cols, nr int) bool {
	if cols < nr {
		clear(dst)
	}
	for p := range kb {
		d := dst[p*nr : p*nr+cols]
		for j := range d {
			var v float64
			if trans {
				v = b.data[(j0+j)*b.stride+p0+p] // op(B)[p, j] = b[j, p]
			} else {
				v = b.data[(p0+p)*b.stride+j0+j]
			}
			c, ok := coder.Code(v)
			if !ok {
				return false
			}
			d[j] = c
		}
	}
	return true
}

// decodeCodesGo writes table[codes[i]] into dst[i] for every code: the
// portable decodeCodes.
func decodeCodesGo(dst []float64, codes []uint8, table *[256]float64) {
	dst = dst[:len(codes)]
	for i, c := range codes {
		dst[i] = table[c]
	}
}

// macroKernelCodes is macroKernel (without a triangle) for a panel of
// codes cp: it adds the packed block Ã (mcb×kcb) times the first cols
// columns of the panel to C[ic:, jc:], with the bits macroKernel gives on
// the decoded panel.
func macroKernelCodes(kern *microKernel, ap []float64, cp []uint8, table *[256]float64, c *Dense, ic, mcb, jc, cols, kcb int) {
	mr, nr := kern.mr, kern.nr
	if kern.runCodes == nil || mcb > 2*mr {
		buf := getPackBuf(kcb * nr)
		defer putPackBuf(buf)
		bs := (*buf)[:kcb*nr]
		for jr := 0; jr < cols; jr += nr {
			decodeCodes(bs, cp[(jr/nr)*kcb*nr:(jr/nr+1)*kcb*nr], table)
			macroKernel(kern, ap, bs, c, ic, mcb, jc+jr, min(nr, cols-jr), kcb, false)
		}
		return
	}
	var tile [maxTile]float64
	for jr := 0; jr < cols; jr += nr {
		nrb := min(nr, cols-jr)
		bs := cp[(jr/nr)*kcb*nr : (jr/nr+1)*kcb*nr]
		j0 := jc + jr
		for ir := 0; ir < mcb; ir += mr {
			mrb := min(mr, mcb-ir)
			i0 := ic + ir
			as := ap[(ir/mr)*kcb*mr : (ir/mr+1)*kcb*mr]
			if mrb == mr && nrb == nr {
				kern.runCodes(kcb, as, bs, c.data[i0*c.stride+j0:], c.stride, table)
				continue
			}
			t := tile[:mr*nr]
			clear(t)
			kern.runCodes(kcb, as, bs, t, nr, table)
			addTile(c, t, i0, j0, mrb, nrb, nr, false)
		}
	}
}
