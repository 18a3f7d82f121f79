package gunzip

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

// malformedCase is a hand-made gzip file, the error it must give (nil
// for success) and, on success, its content.
type malformedCase struct {
	name string
	src  []byte
	want error
	data []byte
}

// TestMalformedDeflate feeds DEFLATE streams that break one rule of RFC
// 1951 each, and streams at the edges of the rules that are valid, and
// checks the result against the expected sentinel and against
// compress/gzip.
func TestMalformedDeflate(t *testing.T) {
	var cases []malformedCase
	add := func(name string, w *bitWriter, want error, data []byte) {
		cases = append(cases, malformedCase{name, wrapMember(w.bytes(), data), want, data})
	}
	fixed := func() *bitWriter {
		w := &bitWriter{}
		w.bits(1, 1) // BFINAL
		w.bits(1, 2) // BTYPE 01
		return w
	}

	w := &bitWriter{}
	w.bits(1, 1)
	w.bits(3, 2)
	add("reserved block type 3", w, ErrCorrupt, nil)

	stored := func(n, nn uint16, payload []byte) *bitWriter {
		w := &bitWriter{}
		w.bits(1, 1)
		w.bits(0, 2)
		w.bits(0, 5) // to the byte boundary
		w.bits(uint64(n), 16)
		w.bits(uint64(nn), 16)
		for _, b := range payload {
			w.bits(uint64(b), 8)
		}
		return w
	}
	add("stored NLEN not ^LEN", stored(3, ^uint16(3)^0x100, []byte("abc")), ErrCorrupt, []byte("abc"))
	add("stored block", stored(3, ^uint16(3), []byte("abc")), nil, []byte("abc"))
	add("empty stored block", stored(0, 0xffff, nil), nil, nil)
	cases = append(cases, malformedCase{"stored block longer than the input",
		[]byte{gzipID1, gzipID2, gzipDeflate, 0, 0, 0, 0, 0, 0, 255, 1, 200, 0, 55, 255, 1, 2, 3},
		io.ErrUnexpectedEOF, nil})

	w = fixed()
	w.fixedSym('a')
	w.fixedMatch(3, 2)
	w.fixedSym(endOfBlock)
	add("distance beyond the start of the output", w, ErrCorrupt, []byte("aaaa"))

	// 3 + 8 + 7 = 18 bits: the end-of-block code (all zeros) ends in the
	// third byte. Without it, the zeros the bit reader supplies past the
	// end complete the code, and only the end-of-stream test notices.
	w = fixed()
	w.fixedSym('a')
	w.fixedSym(endOfBlock)
	cases = append(cases, malformedCase{"fixed block cut inside its end-of-block code",
		append(wrapMember(nil, nil)[:gzipHeader], w.bytes()[:2]...), io.ErrUnexpectedEOF, nil})

	w = fixed()
	w.fixedSym('a')
	w.fixedSym('b')
	w.fixedMatch(5, 2)
	w.fixedSym(endOfBlock)
	add("distance equal to the output length", w, nil, []byte("abababa"))

	w = fixed()
	w.fixedSym('a')
	w.fixedSym(284)
	w.bits(31, 5) // 227 + 31 = 258, the length symbol 285 also gives
	w.code(0, 5)  // distance 1
	w.fixedSym(endOfBlock)
	add("length 258 as symbol 284 with extra bits 31", w, nil, bytes.Repeat([]byte("a"), 259))

	for _, sym := range []int{286, 287} {
		w = fixed()
		w.fixedSym('a')
		w.fixedSym(sym)
		w.code(0, 5)
		w.fixedSym(endOfBlock)
		add(fmt.Sprintf("fixed literal/length symbol %d", sym), w, ErrCorrupt, []byte("aaaa"))
	}
	for _, sym := range []uint64{30, 31} {
		w = fixed()
		w.fixedSym('a')
		w.fixedSym(257)
		w.code(sym, 5)
		w.fixedSym(endOfBlock)
		add(fmt.Sprintf("fixed distance symbol %d", sym), w, ErrCorrupt, []byte("aaaa"))
	}

	// Distance 32768, the whole window: a stored block of 32768 bytes,
	// then a match reaching its first byte.
	window := randomBytes(32768, 7)
	w = &bitWriter{}
	w.bits(0, 1)
	w.bits(0, 2)
	w.bits(0, 5)
	w.bits(32768, 16)
	w.bits(32767, 16)
	for _, b := range window {
		w.bits(uint64(b), 8)
	}
	w.bits(1, 1)
	w.bits(1, 2)
	w.fixedMatch(10, 32768)
	w.fixedSym(endOfBlock)
	add("distance 32768", w, nil, append(append([]byte{}, window...), window[:10]...))

	// Dynamic headers.
	lits := dynamicLitLens()
	lcodes := canonical(lits)
	one := []uint8{1}
	cl := defaultCLLengths()
	for _, nlit := range []int{287, 288} {
		w = &bitWriter{}
		lens := make([]uint8, nlit)
		copy(lens, lits)
		w.dynamicHeader(true, nlit, 1, cl, plainLengths(lens, one))
		add("HLIT allows more than 286 codes", w, ErrCorrupt, nil)
	}
	for _, ndist := range []int{31, 32} {
		w = &bitWriter{}
		w.dynamicHeader(true, 258, ndist, cl, plainLengths(lits, make([]uint8, ndist-1), one))
		add("HDIST allows more than 30 codes", w, ErrCorrupt, nil)
	}

	over := make([]uint8, numCodeLen)
	for i := range over {
		over[i] = 3
	}
	w = &bitWriter{}
	w.dynamicHeader(true, 258, 1, over, nil)
	add("over-subscribed code-length code", w, ErrCorrupt, nil)

	incomplete := make([]uint8, numCodeLen)
	incomplete[0], incomplete[2] = 1, 2
	w = &bitWriter{}
	w.dynamicHeader(true, 258, 1, incomplete, nil)
	add("incomplete code-length code", w, ErrCorrupt, nil)

	w = &bitWriter{}
	w.dynamicHeader(true, 258, 1, cl, append([]clSym{{16, 0}}, plainLengths(lits, one)...))
	add("repeat code 16 before any length", w, ErrCorrupt, nil)

	w = &bitWriter{}
	w.dynamicHeader(true, 258, 1, cl, append(plainLengths(lits), clSym{18, 0}))
	add("zero run past the last length", w, ErrCorrupt, nil)

	w = &bitWriter{}
	w.dynamicHeader(true, 258, 1, cl, append(plainLengths(lits[:257]), clSym{16, 0}))
	add("repeat of 16 past the last length", w, ErrCorrupt, nil)

	// A zero run from the literal/length lengths into the distance
	// lengths (allowed), and a distance code with a single 1-bit code.
	lits259 := append(append([]uint8{}, lits...), 0)
	seq := append(plainLengths(lits), clSym{17, 0}, clSym{1, 0}) // 258, dist 0, dist 1 zero; dist 2 length 1
	w = &bitWriter{}
	w.dynamicHeader(true, 259, 3, cl, seq)
	lcodes259 := canonical(lits259)
	for _, c := range "aba" {
		w.code(lcodes259[c], 2)
	}
	w.code(lcodes259[257], 2) // length 3
	w.code(0, 1)              // distance symbol 2: distance 3
	w.code(lcodes259[endOfBlock], 2)
	add("repeat across the two code lengths lists, one distance code", w, nil, []byte("abaaba"))

	w = &bitWriter{}
	w.dynamicHeader(true, 259, 3, cl, seq)
	for _, c := range "aba" {
		w.code(lcodes259[c], 2)
	}
	w.code(lcodes259[257], 2)
	w.code(1, 1) // the unused half of a one-symbol code
	w.code(lcodes259[endOfBlock], 2)
	add("unused bit pattern of a one-symbol distance code", w, ErrCorrupt, []byte("abaaba"))

	w = &bitWriter{}
	w.dynamicHeader(true, 258, 1, cl, plainLengths(lits, []uint8{0}))
	w.code(lcodes['a'], 2)
	w.code(lcodes[endOfBlock], 2)
	add("empty distance code, no match", w, nil, []byte("a"))

	w = &bitWriter{}
	w.dynamicHeader(true, 258, 1, cl, plainLengths(lits, []uint8{0}))
	w.code(lcodes['a'], 2)
	w.code(lcodes[257], 2)
	w.code(0, 1)
	w.code(lcodes[endOfBlock], 2)
	add("empty distance code used", w, ErrCorrupt, []byte("aaaa"))

	overLits := append([]uint8{}, lits...)
	overLits['c'] = 2
	w = &bitWriter{}
	w.dynamicHeader(true, 258, 1, cl, plainLengths(overLits, one))
	add("over-subscribed literal/length code", w, ErrCorrupt, nil)

	incLits := append([]uint8{}, lits...)
	incLits['b'] = 0
	w = &bitWriter{}
	w.dynamicHeader(true, 258, 1, cl, plainLengths(incLits, one))
	add("incomplete literal/length code", w, ErrCorrupt, nil)

	eobOnly := make([]uint8, 257)
	eobOnly[endOfBlock] = 1
	w = &bitWriter{}
	w.dynamicHeader(true, 257, 1, cl, plainLengths(eobOnly, one))
	w.code(0, 1)
	add("literal/length code with only end of block, 1 bit", w, nil, nil)

	noEOB := make([]uint8, 257)
	noEOB['a'], noEOB['b'] = 1, 1
	w = &bitWriter{}
	w.dynamicHeader(true, 257, 1, cl, plainLengths(noEOB, one))
	w.code(0, 1)
	add("literal/length code without end of block", w, io.ErrUnexpectedEOF, []byte("a"))

	w = &bitWriter{}
	w.dynamicHeader(false, 258, 1, cl, plainLengths(lits, one))
	w.code(lcodes['b'], 2)
	w.code(lcodes[endOfBlock], 2)
	w.bits(1, 1)
	w.bits(1, 2)
	w.fixedSym('a')
	w.fixedMatch(4, 2)
	w.fixedSym(endOfBlock)
	add("dynamic block then fixed block reaching into it", w, nil, []byte("bababa"))

	runMalformed(t, cases)
}

// TestMalformedFraming covers the gzip layer (RFC 1952): headers,
// trailers and what may follow the last member.
func TestMalformedFraming(t *testing.T) {
	data := []byte("hello, gzip")
	good := gzipLevel(t, data, 6, nil)
	with := func(edit func([]byte) []byte) []byte {
		return edit(append([]byte{}, good...))
	}
	deflate := deflateLevel(t, data, 6)
	member := func(h []byte) []byte {
		return append(h, wrapMember(deflate, data)[gzipHeader:]...)
	}
	long := strings.Repeat("n", 511)
	cases := []malformedCase{
		{"empty input", nil, io.ErrUnexpectedEOF, nil},
		{"5 header bytes", good[:5], io.ErrUnexpectedEOF, nil},
		{"bad magic", with(func(b []byte) []byte { b[1] = 0x8c; return b }), ErrHeader, nil},
		{"method 7", with(func(b []byte) []byte { b[2] = 7; return b }), ErrHeader, nil},
		{"reserved flag bits", with(func(b []byte) []byte { b[3] |= 0xe0; return b }), nil, data},
		{"CRC-32 wrong", with(func(b []byte) []byte { b[len(b)-5]++; return b }), ErrChecksum, nil},
		{"ISIZE wrong", with(func(b []byte) []byte { b[len(b)-4]++; return b }), ErrChecksum, nil},
		{"ISIZE high byte wrong", with(func(b []byte) []byte { b[len(b)-1] = 1; return b }), ErrChecksum, nil},
		{"trailer cut", good[:len(good)-3], io.ErrUnexpectedEOF, nil},
		{"one zero byte after", append(with(func(b []byte) []byte { return b }), 0), io.ErrUnexpectedEOF, nil},
		{"ten zero bytes after", append(with(func(b []byte) []byte { return b }), make([]byte, 10)...), ErrHeader, nil},
		{"text after", append(with(func(b []byte) []byte { return b }), "trailing garbage"...), ErrHeader, nil},
		{"second member", append(with(func(b []byte) []byte { return b }), good...), nil, append(append([]byte{}, data...), data...)},
		{"name of 511 bytes", member(headerWith(flagName, long, "", nil)), nil, data},
		{"name of 512 bytes", member(headerWith(flagName, long+"n", "", nil)), ErrHeader, nil},
		{"comment of 511 bytes", member(headerWith(flagComment, "", long, nil)), nil, data},
		{"comment of 512 bytes", member(headerWith(flagComment, "", long+"n", nil)), ErrHeader, nil},
		{"name not terminated", func() []byte {
			h := headerWith(0, "", "", nil)
			h[3] = flagName
			return append(h, "abc"...)
		}(), io.ErrUnexpectedEOF, nil},
		{"extra field cut", func() []byte {
			h := headerWith(0, "", "", nil)
			h[3] = flagExtra
			return append(binary.LittleEndian.AppendUint16(h, 5), 1, 2)
		}(), io.ErrUnexpectedEOF, nil},
		{"header CRC", member(headerWith(flagHdrCRC|flagName|flagExtra, "x", "", []byte{1, 2})), nil, data},
		{"header CRC wrong", member(func() []byte {
			h := headerWith(flagHdrCRC|flagName, "x", "", nil)
			h[len(h)-1]++
			return h
		}()), ErrHeader, nil},
	}
	runMalformed(t, cases)
}

// runMalformed checks each case's error against its sentinel and the
// decision against compress/gzip.
func runMalformed(t *testing.T, cases []malformedCase) {
	t.Helper()
	for _, c := range cases {
		got, err := Decompress(c.src, -1)
		switch {
		case c.want == nil && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want == nil && !bytes.Equal(got, c.data):
			t.Errorf("%s: got %q, want %q", c.name, got, c.data)
		case c.want != nil && !errors.Is(err, c.want):
			t.Errorf("%s: error %v, want %v", c.name, err, c.want)
		}
		var e *Error
		if err != nil && !errors.As(err, &e) {
			t.Errorf("%s: error %v is not an *Error", c.name, err)
		}
		if msg := fmt.Sprint(err); err != nil && (!strings.HasPrefix(msg, "gunzip: ") || !strings.HasSuffix(msg, fmt.Sprintf("(input byte %d)", e.Offset))) {
			t.Errorf("%s: message %q is not \"gunzip: …(input byte N)\"", c.name, msg)
		}
		compareWithReference(t, c.src, c.name)
	}
}
