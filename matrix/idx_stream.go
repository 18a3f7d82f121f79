package matrix

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"
)

// The streamed path of the IDX reader. readIDX normally collects every
// declared byte before it allocates the float64 result, so that a header
// which lies about its size costs no more memory than the bytes that
// actually arrive; the decoding then waits for the whole inflation. When
// the size of the input is known and the header's claim is credible for
// it, the result is allocated at once instead, and the chunks are decoded
// by the other cores while the next ones are inflated: on Fashion-MNIST's
// training images (30 MB of gzip, 47 MB of pixels) the decoding then
// costs no time beyond the inflation itself.

// maxCredibleRatio bounds the payload a gzip input of s bytes may claim
// for the streamed path: 16s. Deflate can expand more (up to about
// 1032:1), and such files are read correctly by the chunked path; image
// files compress by 1.5 (Fashion-MNIST) to 5 (MNIST). A header lying
// within the bound costs at most 8·16 times the file's size of memory.
const maxCredibleRatio = 16

// inputSize returns the number of bytes r will deliver when it can tell
// (a regular file, or a reader with a Len method such as bytes.Reader),
// and 0 otherwise.
func inputSize(r io.Reader) int64 {
	switch v := r.(type) {
	case *os.File:
		if fi, err := v.Stat(); err == nil && fi.Mode().IsRegular() {
			if pos, err := v.Seek(0, io.SeekCurrent); err == nil {
				return fi.Size() - pos
			}
		}
	case interface{ Len() int }:
		return int64(v.Len())
	}
	return 0
}

// credibleIDXSize reports whether a payload of the given number of bytes
// can come from an input of inputBytes (0: unknown), gzip-compressed or
// not.
func credibleIDXSize(payload int, inputBytes int64, gzipped bool) bool {
	if inputBytes <= 0 {
		return false
	}
	if gzipped {
		return int64(payload)/maxCredibleRatio <= inputBytes
	}
	return int64(payload) <= inputBytes
}

// readIDXStreamed reads and decodes the payload of total values into a
// result allocated at once, the decoding shared among GOMAXPROCS workers
// while the reader inflates the next chunk. Errors follow the chunked
// path's order, so both report the same thing for the same input: a
// truncated stream first, then data after the payload, then the first
// non-finite value in file order.
func readIDXStreamed(op string, src io.Reader, typ IDXType, dims []int, total int) ([]float64, error) {
	size := typ.Size()
	data := make([]float64, total)
	workers := runtime.GOMAXPROCS(0)
	type job struct {
		buf    []byte
		offset int // index of the chunk's first value
	}
	jobs := make(chan job, 2*workers)
	free := make(chan []byte, 3*workers)
	for range cap(free) {
		free <- make([]byte, idxChunkBytes)
	}
	var (
		mu           sync.Mutex
		decodeErr    error
		decodeOffset int
		wg           sync.WaitGroup
	)
	for range workers {
		wg.Go(func() {
			for j := range jobs {
				out := data[j.offset : j.offset+len(j.buf)/size]
				if err := decodeIDX(op, typ, j.buf, out, j.offset, dims); err != nil {
					mu.Lock()
					if decodeErr == nil || j.offset < decodeOffset {
						decodeErr, decodeOffset = err, j.offset
					}
					mu.Unlock()
				}
				free <- j.buf[:cap(j.buf)]
			}
		})
	}
	var readErr error
	remaining, offset := total*size, 0
	for remaining > 0 {
		buf := <-free
		buf = buf[:min(len(buf), remaining)]
		n, err := io.ReadFull(src, buf)
		if err != nil {
			read := (total*size - remaining + n) / size
			readErr = idxStreamError(op, err, fmt.Sprintf("truncated: %s declares %d %s values, the data ends after %d", formatDims(dims), total, typ, read))
			break
		}
		jobs <- job{buf, offset}
		offset += n / size
		remaining -= n
	}
	close(jobs)
	wg.Wait()
	if readErr != nil {
		return nil, readErr
	}
	if err := expectEnd(op, src, total); err != nil {
		return nil, err
	}
	if decodeErr != nil {
		return nil, decodeErr
	}
	return data, nil
}
