package gunzip

import (
	"encoding/binary"
	"errors"
)

// DEFLATE streams (RFC 1951): the sequence of blocks, stored blocks, and
// the header of a block with dynamic Huffman codes. The Huffman-coded
// data of blocks is decoded in huffblock.go.

// decoder holds the state of one DEFLATE stream being decoded into out.
type decoder struct {
	br bitReader
	// out[:op] is the output so far, of this stream and of the gzip
	// members before it; out[start:op] is this stream's. Distances may
	// reach back to start and no further: each gzip member is a separate
	// DEFLATE stream with an empty history (RFC 1951 §3.2: a distance may
	// cross blocks, but not the start of the stream). len(out) is the
	// allocated size; bytes past op are scratch.
	out   []byte
	op    int
	start int
	limit int // the most output allowed (DecompressLimit)

	// Tables of the current dynamic block, and scratch for its code lengths.
	litLen  litLenTable
	dist    distTable
	codeLen codeLenTable
	lengths [maxLitLen + maxDist]uint8
}

// inflate decodes one DEFLATE stream starting at byte p of the input,
// appending to d.out, and returns the offset of the first byte after the
// stream (the final block may end inside a byte; the rest of that byte
// is padding, and the gzip trailer starts at the next byte, RFC 1952
// §2.3).
func (d *decoder) inflate(p int) (int, error) {
	d.br.seek(p)
	d.start = d.op
	for {
		// Block header (§3.2.3): BFINAL (1 bit), BTYPE (2 bits).
		h, err := d.br.bits(3)
		if err != nil {
			return 0, err
		}
		final := h&1 == 1
		switch h >> 1 {
		case 0:
			err = d.storedBlock()
		case 1:
			err = d.huffmanBlock(fixedLitLen, fixedDist)
		case 2:
			if err = d.readDynamicTables(); err == nil {
				err = d.huffmanBlock(&d.litLen, &d.dist)
			}
		default:
			err = corrupt("block", d.br.offset(), "reserved block type 3")
		}
		if err != nil {
			if errors.Is(err, ErrCorrupt) && d.br.overrun() {
				// The "corruption" was in zero bits invented past the
				// end of the input: report what really happened.
				err = truncated("block", len(d.br.in), "stream ends inside compressed data")
			}
			return 0, err
		}
		if final {
			break
		}
	}
	d.br.alignToByte()
	end := d.br.bytePos()
	if end > len(d.br.in) {
		return 0, truncated("block", len(d.br.in), "stream ends inside compressed data")
	}
	return end, nil
}

// storedBlock copies a block of type 0 (§3.2.4): after the block header,
// skip to a byte boundary, then LEN (2 bytes), NLEN = ^LEN (2 bytes) and
// LEN bytes of literal data.
func (d *decoder) storedBlock() error {
	d.br.alignToByte()
	p := d.br.bytePos()
	in := d.br.in
	if p+4 > len(in) {
		return truncated("stored block", len(in), "stream ends inside LEN/NLEN")
	}
	n := int(binary.LittleEndian.Uint16(in[p:]))
	if nn := binary.LittleEndian.Uint16(in[p+2:]); uint16(n) != ^nn {
		return corrupt("stored block", p, "NLEN is not the complement of LEN")
	}
	p += 4
	if p+n > len(in) {
		return truncated("stored block", len(in), "stream ends inside stored data")
	}
	if !d.ensure(n) {
		return d.tooLarge()
	}
	d.op += copy(d.out[d.op:], in[p:p+n])
	d.br.seek(p + n)
	return nil
}

// readDynamicTables reads the header of a block of type 2 (§3.2.7) and
// builds d.litLen and d.dist from it. The header is
//
//	HLIT (5 bits)   number of literal/length code lengths − 257
//	HDIST (5 bits)  number of distance code lengths − 1
//	HCLEN (4 bits)  number of code-length code lengths − 4
//	(HCLEN + 4) × 3 bits: lengths of the code-length code, in codeLenOrder
//	HLIT + 257 + HDIST + 1 code lengths, coded with the code-length code:
//	  0–15 a length; 16 repeats the previous length 3–6 times (2 extra
//	  bits); 17 gives 3–10 zeros (3 extra bits); 18 gives 11–138 zeros
//	  (7 extra bits). A repeat may run from the literal/length lengths
//	  into the distance lengths.
//
// As compress/flate does, it rejects HLIT above 29 (286 symbols) and
// HDIST above 29 (30 symbols), which the format can express but no
// symbol can use, and code lengths that do not form complete codes (but
// for the two exceptions buildTable explains).
func (d *decoder) readDynamicTables() error {
	h, err := d.br.bits(14)
	if err != nil {
		return err
	}
	nlit := int(h&0x1f) + 257
	ndist := int(h>>5&0x1f) + 1
	nclen := int(h>>10) + 4
	if nlit > maxLitLen {
		return corrupt("dynamic table", d.br.offset(), "more than 286 literal/length codes")
	}
	if ndist > maxDist {
		return corrupt("dynamic table", d.br.offset(), "more than 30 distance codes")
	}

	// The code-length code.
	var clLengths [numCodeLen]uint8
	for _, sym := range codeLenOrder[:nclen] {
		l, err := d.br.bits(3)
		if err != nil {
			return err
		}
		clLengths[sym] = uint8(l)
	}
	if !buildTable(d.codeLen[:], codeLenRootBits, clLengths[:], codeLenTemplates[:]) {
		return corrupt("dynamic table", d.br.offset(), "invalid code-length code")
	}

	// The literal/length and distance code lengths.
	lengths := d.lengths[:nlit+ndist]
	for i := 0; i < len(lengths); {
		// A code-length code is at most 7 bits and its extra bits at most 7.
		if err := d.br.need(14); err != nil {
			return err
		}
		e := d.codeLen[d.br.peek(codeLenRootBits)]
		if e&flagExceptional != 0 {
			return corrupt("dynamic table", d.br.offset(), "invalid code-length symbol")
		}
		d.br.consume(uint(e & entryConsumeMask))
		sym := e >> entryValueShift
		if sym < 16 {
			lengths[i] = uint8(sym)
			i++
			continue
		}
		var repeat int
		var value uint8
		switch sym {
		case 16:
			if i == 0 {
				return corrupt("dynamic table", d.br.offset(), "repeat of a length before the first")
			}
			repeat, value = 3+int(d.br.peek(2)), lengths[i-1]
			d.br.consume(2)
		case 17:
			repeat = 3 + int(d.br.peek(3))
			d.br.consume(3)
		default: // 18
			repeat = 11 + int(d.br.peek(7))
			d.br.consume(7)
		}
		if i+repeat > len(lengths) {
			return corrupt("dynamic table", d.br.offset(), "code-length repeat past the last length")
		}
		for ; repeat > 0; repeat-- {
			lengths[i] = value
			i++
		}
	}

	if !buildTable(d.litLen[:], litLenRootBits, lengths[:nlit], litLenTemplates[:]) {
		return corrupt("dynamic table", d.br.offset(), "invalid literal/length code")
	}
	if !buildTable(d.dist[:], distRootBits, lengths[nlit:], distTemplates[:]) {
		return corrupt("dynamic table", d.br.offset(), "invalid distance code")
	}
	return nil
}
