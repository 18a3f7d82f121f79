package gunzip

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"io"
	"testing"
)

// FuzzDecompress compares Decompress with compress/gzip on arbitrary
// input, in two ways:
//
//  1. the input as a gzip file: both must fail, or succeed with the same
//     output (this covers headers, trailers and multiple members);
//  2. the input as a raw DEFLATE stream, decoded by compress/flate and
//     then put into a gzip member whose trailer holds the CRC and length
//     of compress/flate's output. Without this, a mutated stream that
//     both decoders accept but decode differently would be hidden by the
//     CRC check, which both would then fail.
//
// The seed corpus holds small files of every block type and header
// field, and raw streams of each block type.
func FuzzDecompress(f *testing.F) {
	text := textBytes(600, 1)
	for _, level := range []int{gzip.HuffmanOnly, gzip.NoCompression, 1, 6, 9} {
		f.Add(gzipLevel(f, text, level, nil))
		f.Add(deflateLevel(f, imageBytes(300, 2), level))
	}
	f.Add(gzipLevel(f, []byte("fixed block"), 6, &gzip.Header{Name: "name", Comment: "comment", Extra: []byte{1, 2}}))
	f.Add(append(gzipLevel(f, runBytes(700, 3), 9, nil), gzipLevel(f, nil, 6, nil)...))
	f.Add(append(headerWith(flagHdrCRC|flagExtra, "", "", []byte{7}), wrapMember(deflateLevel(f, text[:50], 6), text[:50])[gzipHeader:]...))
	f.Add([]byte{})
	f.Add([]byte{gzipID1, gzipID2, gzipDeflate, 0, 0, 0, 0, 0, 0, 255, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0})

	f.Fuzz(func(t *testing.T, src []byte) {
		compareWithReference(t, src, "input as a gzip file")

		br := bytes.NewReader(src)
		want, err := io.ReadAll(flate.NewReader(br))
		if err != nil {
			want = nil
		}
		stream := src[:len(src)-br.Len()]
		compareWithReference(t, wrapMember(stream, want), "input as a DEFLATE stream")
	})
}
