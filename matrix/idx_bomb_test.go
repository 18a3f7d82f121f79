package matrix

import (
	"bytes"
	"errors"
	"runtime"
	"strings"
	"testing"
)

// A gzip bomb: a header that declares 4 pixels (1 image of 2×2) followed
// by megabytes of zeros, a few kB of gzip. The reader stops inflating at
// the declared size plus one byte and reports the trailing data, without
// inflating the rest.
func TestReadIDXGzipBombStopsAtDeclaredSize(t *testing.T) {
	raw := encodeIDX(0x08, []uint32{1, 2, 2}, make([]byte, 8<<20))
	in := gzipBytes(t, raw)
	if len(in) > 1<<16 {
		t.Fatalf("the bomb is %d bytes of gzip", len(in))
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, _, _, err := ReadIDXImages(bytes.NewReader(in))
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "trailing data") {
		t.Fatalf("got %v, want ErrFormat: trailing data", err)
	}
	// The compressed file, the decoder's state and the first 64 KiB of
	// output: far below the 8 MiB the stream holds.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
		t.Errorf("allocated %d bytes to refuse a bomb of %d bytes", alloc, len(in))
	}
}

// A truthful header (the data are all there) whose values do not fit
// within the memory limit is refused before the result is allocated, and
// for gzip (the trailer's ISIZE confirming the header) before the stream
// is inflated. The limit is lowered for the test: 1 M pixels against a
// limit of 1 MB stands for 500 M pixels against the machine's memory.
func TestReadIDXTruthfulHeaderBeyondLimit(t *testing.T) {
	withMemoryLimit(t, 1<<20)
	raw := encodeIDX(0x08, []uint32{1000, 32, 32}, make([]byte, 1000*32*32))
	for name, in := range map[string][]byte{"plain": raw, "gzip": gzipBytes(t, raw)} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, _, _, err := ReadIDXImages(bytes.NewReader(in))
		runtime.ReadMemStats(&after)
		if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "1000×32×32") {
			t.Fatalf("%s: got %v, want ErrTooLarge naming 1000×32×32", name, err)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; name == "gzip" && alloc > 1<<18 {
			t.Errorf("%s: allocated %d bytes to refuse", name, alloc)
		}
	}
	// The same file within the limit is read.
	withMemoryLimit(t, 64<<20)
	if x, _, _, err := ReadIDXImages(bytes.NewReader(gzipBytes(t, raw))); err != nil || x.Rows() != 1000 {
		t.Errorf("within the limit: %v", err)
	}
}
