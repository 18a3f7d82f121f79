package gunzip

import (
	"bytes"
	"compress/gzip"
	"errors"
	"runtime"
	"testing"
)

// A gzip bomb: 8 MB of zeros compress to a few kB. DecompressLimit must
// stop at its limit, without allocating the whole output, and give the
// output exactly when it fits.
func TestDecompressLimitStopsABomb(t *testing.T) {
	plain := make([]byte, 8<<20)
	for _, level := range []int{gzip.NoCompression, gzip.BestSpeed, gzip.BestCompression} {
		src := gzipLevel(t, plain, level, nil)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := DecompressLimit(src, -1, 1000)
		runtime.ReadMemStats(&after)
		if !errors.Is(err, ErrTooLarge) {
			t.Fatalf("level %d: got %v, want ErrTooLarge", level, err)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<17 {
			t.Errorf("level %d: allocated %d bytes to refuse at 1000", level, alloc)
		}
		for _, limit := range []int{len(plain), len(plain) + 1} {
			out, err := DecompressLimit(src, -1, limit)
			if err != nil || !bytes.Equal(out, plain) {
				t.Errorf("level %d, limit %d: %d bytes, %v", level, limit, len(out), err)
			}
		}
		if _, err := DecompressLimit(src, -1, len(plain)-1); !errors.Is(err, ErrTooLarge) {
			t.Errorf("level %d: limit one short: got %v, want ErrTooLarge", level, err)
		}
	}
}
