package gunzip

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"testing"
	"time"
)

// TestRoundTrip compresses several kinds of data, at sizes around the
// boundaries that matter (the 258-byte longest match, the 32 KiB window
// and the 64 KiB stored-block limit), with every kind of block the
// standard encoder writes, and checks that Decompress gives the data back
// with and without a size hint.
func TestRoundTrip(t *testing.T) {
	kinds := []struct {
		name string
		gen  func(n int, seed uint64) []byte
	}{
		{"random", randomBytes},
		{"runs", runBytes},
		{"text", textBytes},
		{"image", imageBytes},
		{"period3", func(n int, s uint64) []byte { return periodBytes(n, 3, s) }},
		{"period7", func(n int, s uint64) []byte { return periodBytes(n, 7, s) }},
		{"zeros", func(n int, _ uint64) []byte { return make([]byte, n) }},
	}
	sizes := []int{0, 1, 2, 3, 7, 8, 9, 257, 258, 259, 4095, 32767, 32768, 32769, 65536 + 1234, 200003}
	levels := []int{gzip.HuffmanOnly, gzip.NoCompression, gzip.BestSpeed, gzip.DefaultCompression, gzip.BestCompression}
	for _, kind := range kinds {
		for _, n := range sizes {
			data := kind.gen(n, uint64(n))
			for _, level := range levels {
				src := gzipLevel(t, data, level, nil)
				what := fmt.Sprintf("%s n=%d level=%d", kind.name, n, level)
				for _, hint := range []int{-1, 0, n / 3} {
					got, err := Decompress(src, hint)
					if err != nil {
						t.Fatalf("%s hint=%d: %v", what, hint, err)
					}
					if !bytes.Equal(got, data) {
						t.Fatalf("%s hint=%d: output differs", what, hint)
					}
				}
			}
		}
	}
}

// TestRoundTripLarge decodes a few megabytes of each structured kind at
// the fast and the default level: many blocks, each with its own tables.
func TestRoundTripLarge(t *testing.T) {
	const n = 3<<20 + 12345
	for i, gen := range []func(int, uint64) []byte{imageBytes, textBytes, runBytes} {
		data := gen(n, uint64(i))
		for _, level := range []int{gzip.BestSpeed, gzip.DefaultCompression} {
			src := gzipLevel(t, data, level, nil)
			got, err := Decompress(src, -1)
			if err != nil {
				t.Fatalf("kind %d level %d: %v", i, level, err)
			}
			if !bytes.Equal(got, data) {
				t.Fatalf("kind %d level %d: output differs", i, level)
			}
		}
	}
	// Random data: stored blocks at level 0, literal-only Huffman blocks
	// at level −2.
	data := randomBytes(n, 9)
	for _, level := range []int{gzip.HuffmanOnly, gzip.NoCompression} {
		got, err := Decompress(gzipLevel(t, data, level, nil), -1)
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("random level %d: err %v, equal %v", level, err, bytes.Equal(got, data))
		}
	}
}

// TestMultiMember checks that members are decoded one after another, as
// compress/gzip does by default, including empty members, and that a
// distance cannot reach into the previous member's output.
func TestMultiMember(t *testing.T) {
	a, b, c := textBytes(50000, 1), []byte{}, imageBytes(70000, 2)
	src := append(append(gzipLevel(t, a, 6, nil), gzipLevel(t, b, 1, nil)...), gzipLevel(t, c, 9, nil)...)
	want := append(append(append([]byte{}, a...), b...), c...)
	got, err := Decompress(src, -1)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("output differs")
	}
	compareWithReference(t, src, "three members")

	// A second member whose first symbol is a match at distance 1: valid
	// only if the history carried over from the first member, which it
	// must not (each member is a separate DEFLATE stream).
	w := &bitWriter{}
	w.bits(1, 1) // BFINAL
	w.bits(1, 2) // BTYPE = 01, fixed codes
	w.fixedMatch(3, 1)
	w.fixedSym(endOfBlock)
	src = append(gzipLevel(t, []byte("x"), 6, nil), wrapMember(w.bytes(), []byte("xxx"))...)
	if _, err := Decompress(src, -1); err == nil {
		t.Fatal("a distance into the previous member was accepted")
	}
	compareWithReference(t, src, "distance into previous member")
}

// TestHeaderFields decodes members with every optional header field, as
// compress/gzip writes them, and with a header CRC, which it does not
// write (headerWith builds it by hand).
func TestHeaderFields(t *testing.T) {
	data := textBytes(10000, 5)
	hdr := &gzip.Header{
		Name:    "train-images-idx3-ubyte",
		Comment: "a comment",
		Extra:   []byte{'A', 'B', 4, 0, 1, 2, 3, 4},
		ModTime: time.Unix(1e9, 0),
		OS:      3,
	}
	src := gzipLevel(t, data, 6, hdr)
	got, err := Decompress(src, -1)
	if err != nil || !bytes.Equal(got, data) {
		t.Fatalf("name/comment/extra: err %v, equal %v", err, bytes.Equal(got, data))
	}

	deflate := deflateLevel(t, data, 6)
	for flg := 0; flg < 256; flg++ {
		src := headerWith(byte(flg), "name", "comment", []byte{1, 2, 3})
		src = append(src, wrapMember(deflate, data)[gzipHeader:]...)
		// Reserved bits 5–7 included: compress/gzip ignores them.
		compareWithReference(t, src, fmt.Sprintf("FLG=%#02x", flg))
		got, err := Decompress(src, -1)
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("FLG=%#02x: err %v", flg, err)
		}
	}
}
