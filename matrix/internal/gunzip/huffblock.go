package gunzip

import (
	"encoding/binary"
	"fmt"
)

// The Huffman-coded data of a block (RFC 1951 §3.2.5): a sequence of
// literal/length symbols, each literal a byte of output, each length
// followed by a distance symbol, the pair meaning "copy length bytes from
// distance bytes back", until the end-of-block symbol.
//
// This is where decoding spends its time, and the loop is written for
// speed in five ways, the techniques of libdeflate's decoder:
//
//   - The bit reader's fields live in local variables, so that they stay
//     in registers, and each iteration ends with an unconditional refill
//     (bitreader.go): one 8-byte load, a shift, an OR and two additions,
//     cheaper than testing whether it is needed. 56 bits are then at hand,
//     enough for a length and a distance with all their extra bits.
//   - One table lookup gives a symbol and its code length (huffman.go);
//     for a length or a distance it also gives the base value and the
//     number of extra bits, so that code and extra bits go in one shift.
//   - The entry of the next literal/length code is looked up before the
//     refill and before the match copy, not after them: a refill does not
//     change the low bits, and the early lookup lets the processor run the
//     table load alongside the refill and the copy instead of after them.
//   - Literals take the shortest path, and up to three are decoded from
//     one refill: the first takes at most 15 bits, the next two, taken
//     only when their code is in the main table, at most 11 each, which
//     leaves 56 − 37 = 19 ≥ 11 bits for the early lookup.
//   - A match is copied eight bytes at a time when the distance is at least
//     8, so that each 8-byte load reads bytes that are already final; the
//     first 16 bytes are copied without a test, since most matches are
//     that short. A distance of 1 (a run of one byte) stores the byte
//     broadcast to eight. These copies write up to 15 bytes past a match
//     (13 past the shortest), so the loop keeps outSlack bytes of room
//     after the output; the bytes written past the match are beyond the
//     output and overwritten later.
//
// On the Fashion-MNIST training images this runs at about 2.6 times the
// speed of compress/gzip on one core (BenchmarkDecompress).

// outSlack is the free room the decoding loop keeps after the output:
// enough for three literals, or for the longest match plus the up to 7
// bytes an 8-byte copy writes past its end (a match shorter than 16 bytes
// writes 16, which is also within it).
const outSlack = maxMatch + 8

// huffmanBlock decodes the data of a Huffman-coded block with the
// literal/length table lt and the distance table dt, up to and including
// the end-of-block symbol.
func (d *decoder) huffmanBlock(lt *litLenTable, dt *distTable) error {
	in := d.br.in
	pos, buf, n := d.br.pos, d.br.buf, d.br.n
	out, op := d.out, d.op
	var err error
	var e uint32 // table entry being decoded

	// refill tops the bit buffer up to 56–63 bits (bitreader.go explains
	// the arithmetic); it reports false when the stream is truncated.
	refill := func() bool {
		if pos <= len(in)-8 {
			buf |= binary.LittleEndian.Uint64(in[pos:]) << (n & 63)
			pos += int((63 - n) >> 3)
			n |= 56
			return true
		}
		var ok bool
		pos, buf, n, ok = refillSlow(in, pos, buf, n)
		return ok
	}

	if !refill() {
		goto truncatedStream
	}
	e = lt[buf&(1<<litLenRootBits-1)]
	for {
		// Invariant: n ≥ 56, and e is the main-table entry of the next
		// literal/length code, looked up before the refill that ended the
		// previous iteration (the refill does not change the low bits,
		// and looking up early lets the processor overlap the lookup
		// with the refill and the match copy).
		if len(out)-op < outSlack {
			d.op = op
			if !d.ensure(0) {
				return d.tooLarge()
			}
			out = d.out
		}
		if e&flagSubtable != 0 {
			buf >>= litLenRootBits
			n -= litLenRootBits
			e = lt[(int(e>>entryValueShift)+int(buf&(1<<(e>>entryCodeLenPos&15)-1)))&(len(lt)-1)]
		}

		if e&flagLiteral != 0 {
			// The first literal used at most 15 bits; two more from the
			// main table use at most 22, and at least 19 remain.
			for lit := 0; lit < 3 && e&flagLiteral != 0; lit++ {
				buf >>= e & entryConsumeMask
				n -= uint(e & entryConsumeMask)
				out[op] = byte(e >> entryValueShift)
				op++
				e = lt[buf&(1<<litLenRootBits-1)]
			}
			if !refill() {
				goto truncatedStream
			}
			continue
		}

		if e&flagExceptional != 0 {
			if e&flagEndOfBlock != 0 {
				buf >>= e & entryConsumeMask
				n -= uint(e & entryConsumeMask)
				break
			}
			err = corrupt("block", consumedBytes(pos, n), "invalid literal/length code")
			break
		}

		// Length: base + extra bits, where the extra bits are the consumed
		// bits above the code: (buf mod 2^consume) >> codeLength.
		k := e & entryConsumeMask
		length := int(e>>entryValueShift) + int((buf&(1<<k-1))>>(e>>entryCodeLenPos&15))
		buf >>= k
		n -= uint(k)

		// Distance symbol, the same way (at least 36 bits remain; a
		// distance needs at most 8 + 7 + 13 = 28).
		e = dt[buf&(1<<distRootBits-1)]
		if e&flagExceptional != 0 {
			if e&flagSubtable == 0 {
				err = corrupt("block", consumedBytes(pos, n), "invalid distance code")
				break
			}
			buf >>= distRootBits
			n -= distRootBits
			e = dt[(int(e>>entryValueShift)+int(buf&(1<<(e>>entryCodeLenPos&15)-1)))&(len(dt)-1)]
		}
		k = e & entryConsumeMask
		dist := int(e>>entryValueShift) + int((buf&(1<<k-1))>>(e>>entryCodeLenPos&15))
		buf >>= k
		n -= uint(k)
		if dist > op-d.start {
			err = corrupt("block", consumedBytes(pos, n), "distance reaches before the start of the output")
			break
		}
		if !refill() {
			goto truncatedStream
		}
		e = lt[buf&(1<<litLenRootBits-1)]

		// Copy length bytes from dist back (§3.2.3: the source may overlap
		// the bytes being written, which repeats them).
		src := op - dist
		switch {
		case dist >= 8:
			binary.LittleEndian.PutUint64(out[op:], binary.LittleEndian.Uint64(out[src:]))
			binary.LittleEndian.PutUint64(out[op+8:], binary.LittleEndian.Uint64(out[src+8:]))
			for i := 16; i < length; i += 8 {
				binary.LittleEndian.PutUint64(out[op+i:], binary.LittleEndian.Uint64(out[src+i:]))
			}
		case dist == 1:
			v := uint64(out[src]) * 0x0101010101010101
			for i := 0; i < length; i += 8 {
				binary.LittleEndian.PutUint64(out[op+i:], v)
			}
		default:
			for i := 0; i < length; i++ {
				out[op+i] = out[src+i]
			}
		}
		op += length
	}
	d.br.pos, d.br.buf, d.br.n = pos, buf, n
	d.op = op
	return err

truncatedStream:
	d.br.pos, d.br.buf, d.br.n = pos, buf, n
	d.op = op
	return truncated("block", len(in), "stream ends inside compressed data")
}

// ensure makes room for k more bytes after d.out[:d.op] (plus outSlack),
// at least doubling the allocation when it has to grow, but never beyond
// d.limit bytes of output: it reports false, and allocates nothing, when
// the output would pass the limit.
func (d *decoder) ensure(k int) bool {
	if len(d.out)-d.op >= k+outSlack {
		return true
	}
	if d.op >= d.limit || k > d.limit-d.op {
		return false
	}
	size := min(max(2*len(d.out), d.op+k+outSlack, 1<<16), d.limit+outSlack)
	out := make([]byte, size)
	copy(out, d.out[:d.op])
	d.out = out
	return true
}

// tooLarge is the error of an output that would pass d.limit.
func (d *decoder) tooLarge() error {
	return &Error{Op: "block", Err: ErrTooLarge, Offset: d.br.offset(), Detail: fmt.Sprintf("the output passes the limit of %d bytes", d.limit)}
}
