// Package gunzip decodes gzip files held in memory, about two and a half
// times as fast as compress/gzip on one core. Package matrix uses it to
// read the gzipped IDX files of MNIST and Fashion-MNIST, where
// decompression was a quarter of the time of a PCA of the training set.
//
//	out, err := gunzip.Decompress(src, -1) // -1: size hint from the trailer
//
// # Conventions
//
// The input is a whole gzip file (RFC 1952): one or more members, each a
// header, a DEFLATE stream (RFC 1951) and a trailer with the CRC-32 and
// length of the member's data, which are checked. The output is the
// concatenation of the members' data, as compress/gzip gives it by
// default. The decisions to accept or reject are those of gzip.NewReader
// followed by io.ReadAll, and the tests compare the two on damaged,
// truncated and fuzzed input; Decompress documents the few special
// cases (trailing bytes, reserved header flags, long file names).
//
// The package is organised by layers of the format, one file each:
//
//	bitreader.go   reading bits least significant first, 64 at a time
//	huffman.go     canonical Huffman codes and their two-level decoding tables
//	alphabet.go    what the symbols mean: lengths, distances, the fixed codes
//	inflate.go     the sequence of blocks, stored blocks, dynamic code headers
//	huffblock.go   the hot loop: literals and matches of a Huffman-coded block
//	gzip.go        gzip members: header, trailer, Decompress
//
// # Notes map
//
// The lecture notes do not cover compression; this package only reads
// the data of
//
//	000, "1. DIMENSIONALITY REDUCTION" (28×28 = 784 digit images)     through matrix.ReadIDXImages
//
// # Errors
//
// Every error is an *Error that wraps ErrHeader (bad gzip header or
// trailing bytes), ErrCorrupt (invalid DEFLATE data), ErrChecksum (CRC-32
// or ISIZE mismatch) or io.ErrUnexpectedEOF (input cut short), and gives
// the byte offset where the problem was found. No input makes the package
// panic, and its work and output are bounded by what the input encodes.
//
// # References
//
// P. Deutsch, "DEFLATE Compressed Data Format Specification version 1.3",
// RFC 1951, 1996. P. Deutsch, "GZIP file format specification version
// 4.3", RFC 1952, 1996. The decoding techniques (whole-word bit-buffer
// refills, table entries that carry extra-bit counts, early lookups,
// word-at-a-time match copies) are those of E. Biggers' libdeflate; the
// two-level tables are those of zlib's inflate (M. Adler). The code here
// is written from the RFCs and these descriptions, not copied.
package gunzip
