package gunzip

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math"
)

// The gzip file format (RFC 1952): one or more members, each a header,
// a DEFLATE stream and an 8-byte trailer.
//
//	header   ID1 ID2 CM FLG MTIME(4) XFL OS        10 bytes (§2.3)
//	         [XLEN(2) extra field]                  if FLG.FEXTRA
//	         [file name, zero-terminated]           if FLG.FNAME
//	         [comment, zero-terminated]             if FLG.FCOMMENT
//	         [CRC16(2)]                             if FLG.FHCRC
//	data     DEFLATE stream (RFC 1951)
//	trailer  CRC32(4) ISIZE(4), little-endian       (§2.3.1)
//
// ID1 ID2 = 0x1f 0x8b, CM = 8 (deflate). CRC16 is the low 16 bits of the
// CRC-32 of the header bytes before it; CRC32 is the CRC-32 of the
// member's uncompressed data and ISIZE its length modulo 2³².

// Header constants (RFC 1952 §2.3.1).
const (
	gzipID1      = 0x1f
	gzipID2      = 0x8b
	gzipDeflate  = 8
	gzipHeader   = 10 // fixed part of the header
	gzipTrailer  = 8
	flagHdrCRC   = 1 << 1
	flagExtra    = 1 << 2
	flagName     = 1 << 3
	flagComment  = 1 << 4
	maxStringLen = 512 // compress/gzip's limit on FNAME and FCOMMENT, terminator included
)

// maxRatio bounds how much a DEFLATE stream can expand: the shortest
// encoding of a match is a 1-bit length code (symbol 285, 258 bytes, no
// extra bits) and a 1-bit distance code, so 2 bits make 258 bytes, 1032
// bytes per input byte. Decompress never preallocates more than that.
const maxRatio = 1032

// Decompress decodes the gzip file src, held in memory, and returns its
// uncompressed content: the concatenation of the data of all its members,
// as compress/gzip's Reader gives by default (multistream mode). Each
// member's CRC-32 and ISIZE are checked.
//
// sizeHint is the expected size of the output, used to allocate it at
// once: pass the known size, or a negative number to use the ISIZE field
// of the last member (the last four bytes of src), which is exact for a
// single-member file smaller than 4 GiB. A wrong hint costs time (the
// output grows by doubling), never correctness; hints above 1032·len(src),
// more than any DEFLATE stream of that size can produce, are reduced to it.
// The result may have capacity beyond its length: the decoder's room for
// copies that overshoot.
//
// Special cases, in agreement with compress/gzip (gzip.NewReader followed
// by io.ReadAll): an empty src is an error (io.ErrUnexpectedEOF; the
// standard library's NewReader reports io.EOF); bytes after the last
// member are an error unless they are another valid member (ErrHeader, or
// io.ErrUnexpectedEOF when fewer than 10 bytes follow); the reserved flag
// bits 5–7 of FLG are ignored (RFC 1952 asks decoders to reject them;
// compress/gzip does not); a file name or comment must end within 512
// bytes, compress/gzip's limit (ErrHeader otherwise).
//
// Every error is an *Error wrapping ErrHeader, ErrCorrupt, ErrChecksum or
// io.ErrUnexpectedEOF (errors.go); no input makes Decompress panic, and
// its work and output are bounded by what the input encodes.
func Decompress(src []byte, sizeHint int) ([]byte, error) {
	return DecompressLimit(src, sizeHint, math.MaxInt/2)
}

// DecompressLimit is Decompress that stops, with an *Error wrapping
// ErrTooLarge, as soon as the output would pass limit bytes: a reader
// that knows how much data to expect (an IDX header declares it) passes
// that size plus one byte, and a small file that inflates to gigabytes
// (a gzip bomb) costs no more than the limit. The size hint is reduced to
// the limit.
func DecompressLimit(src []byte, sizeHint, limit int) ([]byte, error) {
	if len(src) == 0 {
		return nil, truncated("header", 0, "empty input")
	}
	limit = max(min(limit, math.MaxInt/2), 0)
	d := &decoder{br: bitReader{in: src}, out: make([]byte, min(initialSize(src, sizeHint), limit)+outSlack), limit: limit}

	for p := 0; p < len(src); {
		q, err := readHeader(src, p)
		if err != nil {
			return nil, err
		}
		end, err := d.inflate(q)
		if err != nil {
			return nil, err
		}
		if d.op > d.limit { // within the slack the decoder writes ahead into
			return nil, d.tooLarge()
		}
		if len(src)-end < gzipTrailer {
			return nil, truncated("trailer", len(src), "input ends inside the trailer")
		}
		member := d.out[d.start:d.op]
		if crc := binary.LittleEndian.Uint32(src[end:]); crc32.ChecksumIEEE(member) != crc {
			return nil, &Error{Op: "trailer", Err: ErrChecksum, Offset: end,
				Detail: fmt.Sprintf("CRC-32 is %#08x, the data's is %#08x", crc, crc32.ChecksumIEEE(member))}
		}
		if size := binary.LittleEndian.Uint32(src[end+4:]); uint32(len(member)) != size {
			return nil, &Error{Op: "trailer", Err: ErrChecksum, Offset: end + 4,
				Detail: fmt.Sprintf("ISIZE is %d, the data's length mod 2³² is %d", size, uint32(len(member)))}
		}
		p = end + gzipTrailer
	}
	return d.out[:d.op], nil
}

// initialSize returns the number of bytes to allocate for the output:
// the hint, or ISIZE when the hint is negative, but no more than
// maxRatio·len(src) and, so that the sum with outSlack cannot overflow an
// int on a 32-bit machine, no more than math.MaxInt/2.
func initialSize(src []byte, sizeHint int) int {
	hint := uint64(max(sizeHint, 0))
	if sizeHint < 0 && len(src) >= gzipHeader+gzipTrailer {
		hint = uint64(binary.LittleEndian.Uint32(src[len(src)-4:]))
	}
	return int(min(hint, maxRatio*uint64(len(src)), math.MaxInt/2))
}

// readHeader checks the member header that starts at src[p] (RFC 1952
// §2.3) and returns the offset of the DEFLATE stream after it.
func readHeader(src []byte, p int) (int, error) {
	if len(src)-p < gzipHeader {
		return 0, truncated("header", len(src), "input ends inside a member header")
	}
	h := src[p : p+gzipHeader]
	if h[0] != gzipID1 || h[1] != gzipID2 {
		if p > 0 {
			return 0, badHeader(p, "bytes after a member do not start another member")
		}
		return 0, badHeader(p, "not a gzip file (magic bytes are not 1f 8b)")
	}
	if h[2] != gzipDeflate {
		return 0, badHeader(p+2, fmt.Sprintf("compression method %d is not deflate (8)", h[2]))
	}
	flg := h[3]
	q := p + gzipHeader
	if flg&flagExtra != 0 {
		if len(src)-q < 2 {
			return 0, truncated("header", len(src), "input ends inside the extra field")
		}
		xlen := int(binary.LittleEndian.Uint16(src[q:]))
		q += 2
		if len(src)-q < xlen {
			return 0, truncated("header", len(src), "input ends inside the extra field")
		}
		q += xlen
	}
	var err error
	if flg&flagName != 0 {
		if q, err = skipString(src, q, "file name"); err != nil {
			return 0, err
		}
	}
	if flg&flagComment != 0 {
		if q, err = skipString(src, q, "comment"); err != nil {
			return 0, err
		}
	}
	if flg&flagHdrCRC != 0 {
		if len(src)-q < 2 {
			return 0, truncated("header", len(src), "input ends inside the header CRC")
		}
		if uint16(crc32.ChecksumIEEE(src[p:q])) != binary.LittleEndian.Uint16(src[q:]) {
			return 0, badHeader(q, "header CRC mismatch")
		}
		q += 2
	}
	return q, nil
}

// skipString returns the offset after the zero byte that ends the string
// (file name or comment) starting at src[q]. Like compress/gzip, it
// rejects strings whose terminator is not within the first 512 bytes.
func skipString(src []byte, q int, what string) (int, error) {
	rest := src[q:]
	if i := bytes.IndexByte(rest[:min(len(rest), maxStringLen)], 0); i >= 0 {
		return q + i + 1, nil
	}
	if len(rest) < maxStringLen {
		return 0, truncated("header", len(src), "input ends inside the "+what)
	}
	return 0, badHeader(q, "the "+what+" is longer than 511 bytes")
}
