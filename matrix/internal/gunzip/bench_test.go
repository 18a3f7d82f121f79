package gunzip

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"testing"
)

// fashionTrain is the Fashion-MNIST training images file, if the machine
// has it; BenchmarkDecompress falls back to synthetic data otherwise.
const fashionTrain = "/usr/share/datasets/fashion-mnist/train-images-idx3-ubyte.gz"

// benchmarkInput returns the gzip file to decode: Fashion-MNIST's
// training images (26 MB, 47 MB decoded) when present, otherwise 16 MB of
// image-like bytes compressed at level 6.
func benchmarkInput(b *testing.B) []byte {
	if src, err := os.ReadFile(fashionTrain); err == nil {
		return src
	}
	return gzipLevel(b, imageBytes(16<<20, 1), gzip.DefaultCompression, nil)
}

// BenchmarkDecompress decodes the same file with Decompress and with
// compress/gzip (gzip.NewReader over a bytes.Reader, then io.ReadAll);
// MB/s are of output. Compare on one core: go test -bench Decompress
// -cpu 1 -count 5.
func BenchmarkDecompress(b *testing.B) {
	src := benchmarkInput(b)
	b.Run("gunzip", func(b *testing.B) {
		for b.Loop() {
			out, err := Decompress(src, -1)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(out)))
		}
	})
	b.Run("compress-gzip", func(b *testing.B) {
		for b.Loop() {
			zr, err := gzip.NewReader(bytes.NewReader(src))
			if err != nil {
				b.Fatal(err)
			}
			out, err := io.ReadAll(zr)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(out)))
		}
	})
}
