package matrix

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
)

// IDX is an array read from an IDX file, the format of the MNIST and
// Fashion-MNIST datasets: a magic number (two zero bytes, a type code, the
// number of dimensions), the dimensions as big-endian uint32, then the
// elements in row-major order.
type IDX struct {
	Dims []int     // e.g. [60000 28 28] for images, [60000] for labels
	Data []float64 // Π Dims elements, converted to float64
}

// maxIDXElements bounds the size a header may announce (2³¹ elements, 16
// GiB as float64): larger claims are treated as corrupt.
const maxIDXElements = 1 << 31

// ReadIDX reads an IDX array, decompressing it first if it is gzipped (the
// magic bytes 0x1f 0x8b are detected). Element types ubyte, sbyte, short,
// int, float and double are supported.
//
// Errors wrap ErrFormat: a bad magic number, an unknown type, a truncated
// file, trailing bytes after the data, or absurd dimensions. Memory grows
// with the data actually read, never with what a corrupt header claims.
func ReadIDX(r io.Reader) (*IDX, error) {
	const op = "read idx"
	br := bufio.NewReader(r)
	if magic, err := br.Peek(2); err == nil && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, newError(op, ErrFormat, "gzip: %v", err)
		}
		defer zr.Close()
		br = bufio.NewReader(zr)
	}
	var head [4]byte
	if _, err := io.ReadFull(br, head[:]); err != nil {
		return nil, newError(op, ErrFormat, "missing header")
	}
	if head[0] != 0 || head[1] != 0 {
		return nil, newError(op, ErrFormat, "bad magic number % x", head)
	}
	size, decode, ok := idxType(head[2])
	if !ok {
		return nil, newError(op, ErrFormat, "unknown element type 0x%02x", head[2])
	}
	ndim := int(head[3])
	if ndim == 0 {
		return nil, newError(op, ErrFormat, "zero dimensions")
	}
	dims := make([]int, ndim)
	total := 1
	for i := range dims {
		var d uint32
		if err := binary.Read(br, binary.BigEndian, &d); err != nil {
			return nil, newError(op, ErrFormat, "truncated header")
		}
		dims[i] = int(d)
		if d == 0 || total > maxIDXElements/int(d) {
			return nil, newError(op, ErrFormat, "dimensions %v are empty or too large", dims[:i+1])
		}
		total *= int(d)
	}
	// Read in chunks so that a header claiming more than the file holds
	// costs only what is there.
	data := make([]float64, 0, min(total, 1<<20))
	buf := make([]byte, size*4096)
	for len(data) < total {
		n := min(total-len(data), 4096)
		if _, err := io.ReadFull(br, buf[:n*size]); err != nil {
			return nil, newError(op, ErrFormat, "truncated data: %d of %d elements", len(data), total)
		}
		for k := range n {
			data = append(data, decode(buf[k*size:]))
		}
	}
	if _, err := br.ReadByte(); err != io.EOF {
		if err == nil {
			return nil, newError(op, ErrFormat, "trailing bytes after %d elements", total)
		}
		return nil, newError(op, ErrFormat, "%v", err)
	}
	for i, v := range data {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, newError(op, ErrNotFinite, "element %d is %v", i, v)
		}
	}
	return &IDX{Dims: dims, Data: data}, nil
}

// idxType returns the size and decoder of an IDX element type.
func idxType(code byte) (size int, decode func([]byte) float64, ok bool) {
	switch code {
	case 0x08:
		return 1, func(b []byte) float64 { return float64(b[0]) }, true
	case 0x09:
		return 1, func(b []byte) float64 { return float64(int8(b[0])) }, true
	case 0x0B:
		return 2, func(b []byte) float64 { return float64(int16(binary.BigEndian.Uint16(b))) }, true
	case 0x0C:
		return 4, func(b []byte) float64 { return float64(int32(binary.BigEndian.Uint32(b))) }, true
	case 0x0D:
		return 4, func(b []byte) float64 { return float64(math.Float32frombits(binary.BigEndian.Uint32(b))) }, true
	case 0x0E:
		return 8, func(b []byte) float64 { return math.Float64frombits(binary.BigEndian.Uint64(b)) }, true
	}
	return 0, nil, false
}

// ReadIDXImages reads an IDX file of n images of height×width pixels and
// returns them as an n×(height·width) data matrix, one image per row in
// row-major pixel order, with the raw values (0–255 for MNIST; divide by
// 255 for [0, 1]).
func ReadIDXImages(r io.Reader) (images *Dense, height, width int, err error) {
	a, err := ReadIDX(r)
	if err != nil {
		return nil, 0, 0, err
	}
	if len(a.Dims) != 3 {
		return nil, 0, 0, newError("read idx images", ErrFormat, "%d dimensions, images need 3 (n, height, width)", len(a.Dims))
	}
	n, h, w := a.Dims[0], a.Dims[1], a.Dims[2]
	return &Dense{rows: n, cols: h * w, stride: h * w, data: a.Data}, h, w, nil
}

// ReadIDXLabels reads an IDX file of n labels (one dimension, integers).
func ReadIDXLabels(r io.Reader) ([]int, error) {
	a, err := ReadIDX(r)
	if err != nil {
		return nil, err
	}
	if len(a.Dims) != 1 {
		return nil, newError("read idx labels", ErrFormat, "%d dimensions, labels need 1", len(a.Dims))
	}
	labels := make([]int, len(a.Data))
	for i, v := range a.Data {
		if v != math.Trunc(v) {
			return nil, newError("read idx labels", ErrFormat, "label %d is %v, not an integer", i, v)
		}
		labels[i] = int(v)
	}
	return labels, nil
}

// ReadIDXFile reads an IDX file from disk with ReadIDX.
func ReadIDXFile(path string) (*IDX, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	a, err := ReadIDX(f)
	if err != nil {
		var me *Error
		if errors.As(err, &me) {
			me.Detail = fmt.Sprintf("%s: %s", path, me.Detail)
		}
		return nil, err
	}
	return a, nil
}

// ReadIDXImagesFile reads an IDX image file from disk with ReadIDXImages.
func ReadIDXImagesFile(path string) (images *Dense, height, width int, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, 0, err
	}
	defer f.Close()
	return ReadIDXImages(f)
}
