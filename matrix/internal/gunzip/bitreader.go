package gunzip

import "encoding/binary"

// The bit reader.
//
// DEFLATE packs its data elements into bytes starting with the least
// significant bit (RFC 1951 §3.1.1): the first bit of the stream is bit 0
// of byte 0, the ninth is bit 0 of byte 1. Numbers other than Huffman
// codes (extra bits, block headers, code lengths) are stored with their
// least significant bit first, so reading k bits is "take the low k bits
// of a little-endian number". Huffman codes are stored most significant
// bit first and are handled by bit-reversed tables (huffman.go).
//
// The reader keeps a 64-bit buffer buf whose low n bits are the next n
// bits of the stream. Consuming k bits is buf >>= k, n -= k. Refilling
// loads eight bytes at once with one unaligned little-endian load, shifts
// them up past the n bits still held, and ORs them in:
//
//	buf |= load64(in[pos:]) << n
//	pos += (63 − n) / 8   whole bytes that fitted
//	n   |= 56             the same as n += 8·((63 − n) / 8)
//
// After a refill 56 ≤ n ≤ 63, enough for the longest step of the decoder
// (a length code with its extra bits and a distance code with its extra
// bits: 15 + 5 + 15 + 13 = 48 bits). The bits of buf above n are not
// zero: they are the low bits of in[pos], the byte that was only partly
// shifted in. That is harmless, because the next refill ORs that same
// byte into the same place, and the decoder only ever looks at the low n
// bits. The n |= 56 form saves a shift and an addition on a path that
// runs once per symbol; the trick is the one libdeflate uses.
//
// Near the end of the input fewer than eight bytes remain, and refillSlow
// loads them one at a time. Past the end it loads zero bytes, as if the
// input went on: pos may then exceed len(in). That lets the decoder run
// without a bounds test per bit; whether a zero it invented was actually
// used is checked by comparing the number of bits consumed, 8·pos − n,
// with the 8·len(in) that exist (overrun, tested by refillSlow and at the
// end of the stream by inflate).
type bitReader struct {
	in  []byte // the whole input
	pos int    // next byte of in to load; may pass len(in) by up to 8
	buf uint64 // the low n bits are the next bits of the stream
	n   uint   // number of valid bits in buf, at most 63
}

// refill makes at least 56 bits available, or reports that the stream
// has already consumed bits beyond the end of the input.
func (br *bitReader) refill() error {
	if br.pos <= len(br.in)-8 {
		br.buf |= binary.LittleEndian.Uint64(br.in[br.pos:]) << (br.n & 63)
		br.pos += int((63 - br.n) >> 3)
		br.n |= 56
		return nil
	}
	var ok bool
	br.pos, br.buf, br.n, ok = refillSlow(br.in, br.pos, br.buf, br.n)
	if !ok {
		return truncated("block", len(br.in), "stream ends inside compressed data")
	}
	return nil
}

// refillSlow is refill for the last eight bytes of the input and beyond:
// it loads one byte at a time and supplies zero bytes past the end. It
// returns ok = false once the decoder has consumed a bit that is not in
// the input, which means the stream is truncated; at most 64 invented
// bits can be consumed before that is noticed, which bounds the work and
// the output a truncated stream can cause.
//
// It takes and returns the reader's fields as values so that the hot loop
// of the Huffman decoder (huffblock.go), which keeps them in registers,
// can call it too.
func refillSlow(in []byte, pos int, buf uint64, n uint) (int, uint64, uint, bool) {
	if overrun(in, pos, n) {
		return pos, buf, n, false
	}
	for n < 56 {
		if pos < len(in) {
			buf |= uint64(in[pos]) << n
		}
		pos++
		n += 8
	}
	return pos, buf, n, true
}

// offset returns the offset in the input of the byte holding the next
// unconsumed bit, for error messages.
func (br *bitReader) offset() int {
	return consumedBytes(br.pos, br.n)
}

// consumedBytes is offset for the hot loop's copies of pos and n: of the
// 8·pos bits loaded, n are unconsumed, so the next bit is in byte
// ⌊(8·pos − n)/8⌋ = pos − ⌈n/8⌉.
func consumedBytes(pos int, n uint) int {
	return pos - int((n+7)>>3)
}

// overrun reports whether bits past the end of the input (the zeros
// refillSlow invents) have been consumed.
func (br *bitReader) overrun() bool {
	return overrun(br.in, br.pos, br.n)
}

// overrun is the test of bitReader.overrun on the fields as values. Of
// the 8·pos bits loaded, n are not consumed; more than the 8·len(in) that
// exist are consumed when 8·(pos − len(in)) > n, that is when
// pos − len(in) > ⌊n/8⌋. This form cannot overflow an int, even on
// 32-bit machines with a large input.
func overrun(in []byte, pos int, n uint) bool {
	return pos-len(in) > int(n>>3)
}

// need makes sure that at least k ≤ 56 bits are available. The header
// and table readers use it; the block decoder refills unconditionally.
func (br *bitReader) need(k uint) error {
	if br.n < k {
		return br.refill()
	}
	return nil
}

// peek returns the next k bits without consuming them; k ≤ n.
func (br *bitReader) peek(k uint) uint64 {
	return br.buf & (1<<(k&63) - 1)
}

// consume drops the next k bits; k ≤ n.
func (br *bitReader) consume(k uint) {
	br.buf >>= k & 63
	br.n -= k
}

// bits reads a k-bit number, least significant bit first (RFC 1951
// §3.1.1); k ≤ 32.
func (br *bitReader) bits(k uint) (uint32, error) {
	if err := br.need(k); err != nil {
		return 0, err
	}
	v := uint32(br.peek(k))
	br.consume(k)
	return v, nil
}

// alignToByte drops the bits up to the next byte boundary, as a stored
// block and the end of the stream require (RFC 1951 §3.2.4, RFC 1952
// §2.2). Since whole bytes are loaded, n mod 8 is the number of bits left
// in the partly consumed byte.
func (br *bitReader) alignToByte() {
	br.consume(br.n & 7)
}

// bytePos returns the offset in the input of the first byte not yet
// consumed; the reader must be byte-aligned. A result larger than
// len(in) means that invented zero bytes were consumed.
func (br *bitReader) bytePos() int {
	return br.pos - int(br.n>>3)
}

// seek empties the buffer and continues reading at byte p, after the
// caller has read bytes directly from the input (a stored block).
func (br *bitReader) seek(p int) {
	br.pos, br.buf, br.n = p, 0, 0
}
