package gunzip

import (
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"testing"
	"time"
)

// smallFiles are the files the truncation and bit-flip tests damage: one
// for each block type and a two-member file with every header field.
func smallFiles(t *testing.T) map[string][]byte {
	t.Helper()
	text := textBytes(3000, 11)
	hdr := &gzip.Header{Name: "n", Comment: "c", Extra: []byte{1, 2, 3, 4}, ModTime: time.Unix(5, 0)}
	return map[string][]byte{
		"dynamic":  gzipLevel(t, text, 6, nil),
		"fixed":    gzipLevel(t, []byte("fixed codes: short input, short input, short"), 6, nil),
		"stored":   gzipLevel(t, text[:700], gzip.NoCompression, nil),
		"huffman":  gzipLevel(t, imageBytes(2000, 3), gzip.HuffmanOnly, nil),
		"members":  append(gzipLevel(t, text[:900], 1, hdr), gzipLevel(t, runBytes(2000, 4), 9, nil)...),
		"hcrcfile": append(headerWith(flagHdrCRC|flagName, "x", "", nil), wrapMember(deflateLevel(t, text[:500], 9), text[:500])[gzipHeader:]...),
	}
}

// TestTruncation cuts each small file at every byte. A prefix is valid
// only if it ends exactly between two members; compress/gzip must agree,
// and every other prefix must fail with io.ErrUnexpectedEOF, even when
// the zeros the bit reader invents past the end decode to something
// invalid.
func TestTruncation(t *testing.T) {
	for name, src := range smallFiles(t) {
		for n := 0; n < len(src); n++ {
			what := fmt.Sprintf("%s cut at %d of %d", name, n, len(src))
			compareHint(t, src[:n], 0, what)
			if _, werr := reference(src[:n]); werr == nil {
				continue
			}
			if _, err := Decompress(src[:n], 0); !errors.Is(err, io.ErrUnexpectedEOF) {
				t.Fatalf("%s: error %v, want io.ErrUnexpectedEOF", what, err)
			}
		}
	}
}

// TestBitFlips flips every bit of each small file (every eighth bit of
// the larger ones) and checks that Decompress fails exactly when
// compress/gzip does and otherwise gives the same output. Most flips are
// caught by the decoder or the CRC; flips in MTIME, XFL, OS and FTEXT are
// harmless to both.
func TestBitFlips(t *testing.T) {
	for name, src := range smallFiles(t) {
		step := 1
		if len(src) > 1500 {
			step = 8
		}
		buf := make([]byte, len(src))
		for bit := 0; bit < 8*len(src); bit += step {
			copy(buf, src)
			buf[bit/8] ^= 1 << (bit % 8)
			compareHint(t, buf, 0, fmt.Sprintf("%s bit %d flipped", name, bit))
		}
	}
}

// TestRandomDamage overwrites random bytes of compressed data with random
// values, the kind of damage that reaches the table-building and match
// paths with nonsense values rather than one wrong bit.
func TestRandomDamage(t *testing.T) {
	src := gzipLevel(t, imageBytes(20000, 8), 6, nil)
	r := randomBytes(3*4000, 99)
	buf := make([]byte, len(src))
	for i := 0; i < 4000; i++ {
		copy(buf, src)
		p := gzipHeader + (int(r[3*i])<<8 | int(r[3*i+1]))
		buf[p%len(buf)] = r[3*i+2]
		compareHint(t, buf, 0, fmt.Sprintf("byte %d set to %d", p%len(buf), r[3*i+2]))
	}
}
