package gunzip

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"encoding/binary"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"testing"
)

// reference decodes src with the standard library the way the package
// documentation promises to agree with: gzip.NewReader (multistream by
// default) over a bytes.Reader, then io.ReadAll.
func reference(src []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(src))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}

// compareWithReference decodes src with both decoders and fails unless
// both fail, or both succeed with the same output. Decompress takes its
// size hint from the trailer.
func compareWithReference(t testing.TB, src []byte, what string) {
	t.Helper()
	compareHint(t, src, -1, what)
}

// compareHint is compareWithReference with a given size hint. Damaged
// files have arbitrary ISIZE fields, which make Decompress preallocate up
// to 1032 times the input; the tests that decode thousands of them pass
// 0 to stay fast.
func compareHint(t testing.TB, src []byte, hint int, what string) {
	t.Helper()
	want, werr := reference(src)
	got, gerr := Decompress(src, hint)
	switch {
	case werr != nil && gerr == nil:
		t.Fatalf("%s: compress/gzip fails (%v), Decompress succeeds with %d bytes", what, werr, len(got))
	case werr == nil && gerr != nil:
		t.Fatalf("%s: compress/gzip succeeds with %d bytes, Decompress fails: %v", what, len(want), gerr)
	case werr == nil && !bytes.Equal(got, want):
		t.Fatalf("%s: outputs differ (%d bytes, compress/gzip %d)", what, len(got), len(want))
	}
}

// gzipLevel compresses data into one gzip member at a compress/gzip
// level (gzip.HuffmanOnly, gzip.NoCompression, 1–9), with an optional
// header.
func gzipLevel(t testing.TB, data []byte, level int, hdr *gzip.Header) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, level)
	if err != nil {
		t.Fatal(err)
	}
	if hdr != nil {
		zw.Header = *hdr
	}
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// deflateLevel compresses data into a raw DEFLATE stream.
func deflateLevel(t testing.TB, data []byte, level int) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw, err := flate.NewWriter(&buf, level)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// wrapMember puts a raw DEFLATE stream into a minimal gzip member whose
// trailer describes data (the content the stream is meant to decode to).
func wrapMember(deflate, data []byte) []byte {
	m := []byte{gzipID1, gzipID2, gzipDeflate, 0, 0, 0, 0, 0, 0, 255}
	m = append(m, deflate...)
	m = binary.LittleEndian.AppendUint32(m, crc32.ChecksumIEEE(data))
	return binary.LittleEndian.AppendUint32(m, uint32(len(data)))
}

// Test data generators. Each returns n bytes from a seeded source.

// randomBytes: incompressible, so compressors emit stored or
// literal-heavy blocks.
func randomBytes(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 1))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// runBytes: runs of one byte with random lengths up to 600, which give
// distance-1 matches longer than 258 (several length codes in a row).
func runBytes(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 2))
	b := make([]byte, 0, n)
	for len(b) < n {
		c, k := byte(r.IntN(4)), 1+r.IntN(600)
		for j := 0; j < k && len(b) < n; j++ {
			b = append(b, c)
		}
	}
	return b
}

// textBytes: words from a small vocabulary, which give short matches at
// all distances up to the window.
func textBytes(n int, seed uint64) []byte {
	words := []string{"the", "matrix", "eigenvalue", "of", "a", "symmetric",
		"positive", "definite", "kernel", "is", "real", "and", "gradient",
		"descent", "converges", "when", "step", "small", "enough", "\n"}
	r := rand.New(rand.NewPCG(seed, 3))
	b := make([]byte, 0, n+16)
	for len(b) < n {
		b = append(b, words[r.IntN(len(words))]...)
		b = append(b, ' ')
	}
	return b[:n]
}

// imageBytes: 28×28 "images" laid end to end, with a zero border and a
// noisy blob in the middle, the byte distribution of (Fashion-)MNIST:
// half zeros, the rest spread over 1–255.
func imageBytes(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 4))
	b := make([]byte, n)
	for i := range b {
		x, y := i%28, i/28%28
		dx, dy := x-14, y-14
		if dx*dx+dy*dy < 100+r.IntN(40) {
			b[i] = byte(128 + r.IntN(128) - r.IntN(128))
		}
	}
	return b
}

// periodBytes: a random pattern of period p repeated, which gives
// matches at distance p (2–7 exercise the byte-wise copy).
func periodBytes(n, p int, seed uint64) []byte {
	pat := randomBytes(p, seed)
	b := make([]byte, n)
	for i := range b {
		b[i] = pat[i%p]
	}
	return b
}

// headerWith builds a member header with flag byte flg and, for each
// optional field flg announces, the given extra field, name, comment and
// a correct header CRC.
func headerWith(flg byte, name, comment string, extra []byte) []byte {
	h := []byte{gzipID1, gzipID2, gzipDeflate, flg, 1, 2, 3, 4, 0, 255}
	if flg&flagExtra != 0 {
		h = binary.LittleEndian.AppendUint16(h, uint16(len(extra)))
		h = append(h, extra...)
	}
	if flg&flagName != 0 {
		h = append(append(h, name...), 0)
	}
	if flg&flagComment != 0 {
		h = append(append(h, comment...), 0)
	}
	if flg&flagHdrCRC != 0 {
		h = binary.LittleEndian.AppendUint16(h, uint16(crc32.ChecksumIEEE(h)))
	}
	return h
}

// bitWriter writes DEFLATE bit streams by hand, for tests that need
// streams no encoder writes.
type bitWriter struct {
	out []byte
	acc uint64 // pending bits, first in the low end
	n   uint
}

// bits writes the k-bit number v, least significant bit first (RFC 1951
// §3.1.1: extra bits, header fields).
func (w *bitWriter) bits(v uint64, k uint) {
	w.acc |= (v & (1<<k - 1)) << w.n
	w.n += k
	for w.n >= 8 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.n -= 8
	}
}

// code writes the k-bit Huffman code c, most significant bit first.
func (w *bitWriter) code(c uint64, k uint) {
	for i := int(k) - 1; i >= 0; i-- {
		w.bits(c>>uint(i)&1, 1)
	}
}

// bytes pads the last byte with zero bits and returns the stream.
func (w *bitWriter) bytes() []byte {
	out := w.out
	if w.n > 0 {
		out = append(out[:len(out):len(out)], byte(w.acc))
	}
	return out
}

// fixedSym writes literal/length symbol sym with the fixed code (§3.2.6).
func (w *bitWriter) fixedSym(sym int) {
	switch {
	case sym < 144:
		w.code(uint64(0x30+sym), 8)
	case sym < 256:
		w.code(uint64(0x190+sym-144), 9)
	case sym < 280:
		w.code(uint64(sym-256), 7)
	default:
		w.code(uint64(0xc0+sym-280), 8)
	}
}

// fixedMatch writes a (length, distance) pair with the fixed codes: the
// largest base not above each value, then the extra bits.
func (w *bitWriter) fixedMatch(length, dist int) {
	i := len(lengthBase) - 1
	for int(lengthBase[i]) > length {
		i--
	}
	w.fixedSym(257 + i)
	w.bits(uint64(length-int(lengthBase[i])), uint(lengthExtra[i]))
	j := len(distBase) - 1
	for int(distBase[j]) > dist {
		j--
	}
	w.code(uint64(j), 5)
	w.bits(uint64(dist-int(distBase[j])), uint(distExtra[j]))
}

// canonical returns the canonical Huffman codes (RFC 1951 §3.2.2) of the
// code lengths, most significant bit first: codes[sym] has lengths[sym]
// bits.
func canonical(lengths []uint8) []uint64 {
	var count, next [17]uint64
	for _, l := range lengths {
		count[l]++
	}
	count[0] = 0
	for l := 1; l <= 16; l++ {
		next[l] = (next[l-1] + count[l-1]) << 1
	}
	codes := make([]uint64, len(lengths))
	for sym, l := range lengths {
		if l != 0 {
			codes[sym] = next[l]
			next[l]++
		}
	}
	return codes
}

// clSym is one symbol of the code-length alphabet with its extra bits.
type clSym struct {
	sym   int
	extra uint64
}

// plainLengths lists code lengths as code-length symbols 0–15, without
// repeats.
func plainLengths(lengths ...[]uint8) []clSym {
	var seq []clSym
	for _, ls := range lengths {
		for _, l := range ls {
			seq = append(seq, clSym{int(l), 0})
		}
	}
	return seq
}

// defaultCLLengths is a complete code for all 19 code-length symbols:
// 0–12 get 4 bits and 13–18 get 5 (13/16 + 6/32 = 1).
func defaultCLLengths() []uint8 {
	ls := make([]uint8, numCodeLen)
	for sym := range ls {
		ls[sym] = 4
		if sym >= 13 {
			ls[sym] = 5
		}
	}
	return ls
}

// dynamicHeader writes a block header of type 2 (§3.2.7) declaring nlit
// literal/length and ndist distance lengths (the HLIT and HDIST fields
// hold nlit − 257 and ndist − 1, mod 32), the 19 code-length code lengths
// clLens, and the code-length symbols seq coded with them.
func (w *bitWriter) dynamicHeader(final bool, nlit, ndist int, clLens []uint8, seq []clSym) {
	w.bits(map[bool]uint64{false: 0, true: 1}[final], 1)
	w.bits(2, 2)
	w.bits(uint64(nlit-257), 5)
	w.bits(uint64(ndist-1), 5)
	w.bits(numCodeLen-4, 4)
	for _, sym := range codeLenOrder {
		w.bits(uint64(clLens[sym]), 3)
	}
	codes := canonical(clLens)
	for _, s := range seq {
		w.code(codes[s.sym], uint(clLens[s.sym]))
		switch s.sym {
		case 16:
			w.bits(s.extra, 2)
		case 17:
			w.bits(s.extra, 3)
		case 18:
			w.bits(s.extra, 7)
		}
	}
}

// dynamicLitLens is a small complete literal/length code for hand-written
// blocks: 'a' (97), 'b' (98), end of block and length symbol 257
// (length 3) get 2 bits each.
func dynamicLitLens() []uint8 {
	ls := make([]uint8, 258)
	ls['a'], ls['b'], ls[endOfBlock], ls[257] = 2, 2, 2, 2
	return ls
}
