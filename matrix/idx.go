package matrix

// The IDX format of the MNIST and Fashion-MNIST files. A file is
//
//	0x00 0x00 T D  dim₁ … dim_D  data
//
// two zero bytes, a type code T (table below), the number of dimensions D,
// then D big-endian uint32 sizes, then dim₁·…·dim_D values of type T stored
// big-endian, last index fastest (row-major). MNIST images are
// 0x00000803 n 28 28 followed by n·784 bytes; labels are 0x00000801 n
// followed by n bytes.
//
//	T     type           bytes
//	0x08  unsigned byte  1
//	0x09  signed byte    1
//	0x0B  short          2
//	0x0C  int            4
//	0x0D  float          4
//	0x0E  double         8
//
// The distributed files are gzipped; the readers recognise the gzip magic
// bytes 0x1f 0x8b and decompress on the fly. The data is read as raw bytes in
// chunks of 64 KiB, so a header that declares more values than the file
// holds costs at most one chunk before it is reported as truncated: memory
// grows with the data actually present, never with the sizes the header
// claims. The float64 result is allocated once, at its exact size, after the
// whole file has been read and checked; peak memory is the result plus the
// raw bytes (1⅛ times the result for unsigned bytes).

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"
	"sync"

	"mlnotes/matrix/internal/gunzip"
)

// IDXType is the element type code of an IDX file (the third magic byte).
type IDXType byte

// The element types of the IDX format.
const (
	IDXUint8   IDXType = 0x08 // unsigned byte, MNIST pixels and labels
	IDXInt8    IDXType = 0x09 // signed byte
	IDXInt16   IDXType = 0x0B // big-endian int16
	IDXInt32   IDXType = 0x0C // big-endian int32
	IDXFloat32 IDXType = 0x0D // big-endian IEEE 754 binary32
	IDXFloat64 IDXType = 0x0E // big-endian IEEE 754 binary64
)

// MaxIDXValues is the largest number of values (the product of the
// dimensions) that the IDX readers accept: 2³¹ − 1, 16 GiB as float64 and
// about 45 times the 60000×28×28 training set of (Fashion-)MNIST. A header
// that declares more is reported as malformed before anything is allocated.
const MaxIDXValues = math.MaxInt32

// idxChunkBytes is the size of the chunks in which the reader collects data.
const idxChunkBytes = 1 << 16

// String returns the name the IDX description uses for t ("unsigned byte",
// "double", …), or "IDXType(0x..)" for an unknown code.
func (t IDXType) String() string {
	switch t {
	case IDXUint8:
		return "unsigned byte"
	case IDXInt8:
		return "signed byte"
	case IDXInt16:
		return "short"
	case IDXInt32:
		return "int"
	case IDXFloat32:
		return "float"
	case IDXFloat64:
		return "double"
	}
	return fmt.Sprintf("IDXType(%#02x)", byte(t))
}

// Size returns the number of bytes of one value of type t, or 0 for an
// unknown code.
func (t IDXType) Size() int {
	switch t {
	case IDXUint8, IDXInt8:
		return 1
	case IDXInt16:
		return 2
	case IDXInt32, IDXFloat32:
		return 4
	case IDXFloat64:
		return 8
	}
	return 0
}

// isInteger reports whether t holds integers (every type but float and double).
func (t IDXType) isInteger() bool { return t != IDXFloat32 && t != IDXFloat64 }

// IDX is the content of an IDX file: its element type, its dimensions and
// its values converted to float64 (exactly: every IDX type is a subset of
// float64). Data is row-major, last index fastest, and has
// Dims[0]·Dims[1]·…·Dims[len(Dims)−1] elements.
type IDX struct {
	Type IDXType
	Dims []int
	Data []float64
}

// ReadIDX reads an IDX file, plain or gzipped, from r.
//
// The header is checked before any data is read, and the data is collected
// in chunks of 64 KiB, so memory use is bounded by what r actually
// delivers; the float64 values are allocated only once the input has been
// read to its end. After the declared values the input must end: trailing
// bytes are an error, which catches a file whose header understates its
// size. Reading costs O(n) time for n values.
//
// Special cases:
//
//	first two bytes not 0x00 0x00 (and not gzip)   → ErrFormat "bad magic"
//	an unknown type code, zero dimensions           → ErrFormat
//	a dimension of size 0                           → ErrEmpty
//	more than MaxIDXValues values declared          → ErrFormat, nothing allocated
//	values beyond MemoryLimit declared              → ErrTooLarge, nothing allocated
//	input ending inside the header or the data      → ErrFormat "truncated", with counts
//	bytes after the declared data                   → ErrFormat "trailing data"
//	a corrupt gzip stream                           → ErrFormat
//	NaN or ±Inf in a float or double file           → ErrNotFinite, with its index
//	an error from r itself                          → returned wrapped, not an *Error
//
// Reference: Y. LeCun, C. Cortes, C. J. C. Burges, "The MNIST database of
// handwritten digits", section "File formats for the MNIST database" (1998).
func ReadIDX(r io.Reader) (*IDX, error) {
	return readIDX("read idx", r)
}

// ReadIDXFile reads the IDX file at path; see ReadIDX.
func ReadIDXFile(path string) (*IDX, error) {
	return readFile("read idx", path, ReadIDX)
}

// ReadIDXImages reads an IDX file of n images of height×width pixels, such
// as train-images-idx3-ubyte(.gz) of MNIST, as the n×(height·width) data
// matrix X whose row i is image i flattened row by row: pixel (r, c) of
// image i is X[i, r·width + c]. Values are returned as stored, without
// scaling: MNIST and Fashion-MNIST pixels are 0 (background) to 255 (ink),
// so divide by 255 for [0, 1]. Files of any IDX type are accepted.
//
// Implements: 000, "1. DIMENSIONALITY REDUCTION" (the data matrix of
// 28×28 = 784-pixel handwritten digits on which PCA is shown).
//
// Special cases:
//
//	a file with other than 3 dimensions → ErrFormat
//	every error of ReadIDX
//
// Reference: LeCun, Cortes and Burges (1998), as for ReadIDX; H. Xiao,
// K. Rasul, R. Vollgraf, "Fashion-MNIST: a novel image dataset for
// benchmarking machine learning algorithms", arXiv:1708.07747 (2017).
func ReadIDXImages(r io.Reader) (images *Dense, height, width int, err error) {
	const op = "read idx images"
	x, err := readIDX(op, r)
	if err != nil {
		return nil, 0, 0, err
	}
	if len(x.Dims) != 3 {
		return nil, 0, 0, newError(op, ErrFormat, "images need 3 dimensions (count, height, width), the file has %d (%s)", len(x.Dims), formatDims(x.Dims))
	}
	n, height, width := x.Dims[0], x.Dims[1], x.Dims[2]
	images, err = NewFromSlice(n, height*width, x.Data)
	if err != nil {
		panic("matrix: read idx images: internal error: " + err.Error())
	}
	return images, height, width, nil
}

// ReadIDXImagesFile reads the IDX image file at path; see ReadIDXImages.
func ReadIDXImagesFile(path string) (images *Dense, height, width int, err error) {
	type result struct {
		images        *Dense
		height, width int
	}
	r, err := readFile("read idx images", path, func(r io.Reader) (result, error) {
		images, height, width, err := ReadIDXImages(r)
		return result{images, height, width}, err
	})
	return r.images, r.height, r.width, err
}

// ReadIDXLabels reads a one-dimensional IDX file of integer class labels,
// such as train-labels-idx1-ubyte(.gz) of MNIST (labels 0 to 9).
//
// Special cases:
//
//	a file with other than 1 dimension      → ErrFormat
//	a float or double file                   → ErrFormat (labels are integers)
//	every error of ReadIDX
//
// Reference: LeCun, Cortes and Burges (1998), as for ReadIDX.
func ReadIDXLabels(r io.Reader) ([]int, error) {
	const op = "read idx labels"
	x, err := readIDX(op, r)
	if err != nil {
		return nil, err
	}
	if len(x.Dims) != 1 {
		return nil, newError(op, ErrFormat, "labels need 1 dimension, the file has %d (%s)", len(x.Dims), formatDims(x.Dims))
	}
	if !x.Type.isInteger() {
		return nil, newError(op, ErrFormat, "labels must be integers, the file holds %s values", x.Type)
	}
	labels := make([]int, len(x.Data))
	for i, v := range x.Data {
		labels[i] = int(v)
	}
	return labels, nil
}

// ReadIDXLabelsFile reads the IDX label file at path; see ReadIDXLabels.
func ReadIDXLabelsFile(path string) ([]int, error) {
	return readFile("read idx labels", path, ReadIDXLabels)
}

// readIDX does the work of ReadIDX, reporting errors under op.
func readIDX(op string, r io.Reader) (*IDX, error) {
	size := inputSize(r)
	br := bufio.NewReader(r)
	plain, err := gunzipWhole(op, br, size)
	if err != nil {
		return nil, err
	}
	var src io.Reader
	if plain != nil {
		src, size = plain, int64(plain.Len())
	} else if src, err = maybeGunzip(op, br); err != nil {
		return nil, err
	}
	typ, dims, total, err := readIDXHeader(op, src)
	if err != nil {
		return nil, err
	}
	if credibleIDXSize(total*typ.Size(), size, src != io.Reader(br)) {
		if err := checkIDXSize(op, typ, dims, total); err != nil {
			return nil, err
		}
		data, err := readIDXStreamed(op, src, typ, dims, total)
		if err != nil {
			return nil, err
		}
		return &IDX{Type: typ, Dims: dims, Data: data}, nil
	}
	chunks, err := readIDXPayload(op, src, typ, dims, total)
	if err != nil {
		return nil, err
	}
	if err := expectEnd(op, src, total); err != nil {
		return nil, err
	}
	// Only now, with every declared byte present, is the float64 result
	// allocated, once and at its exact size.
	if err := checkIDXSize(op, typ, dims, total); err != nil {
		return nil, err
	}
	data := make([]float64, total)
	if err := decodeIDXChunks(op, typ, chunks, data, dims); err != nil {
		return nil, err
	}
	return &IDX{Type: typ, Dims: dims, Data: data}, nil
}

// decodeIDXChunks decodes the chunks of readIDXPayload into data, the
// chunks shared in contiguous runs among GOMAXPROCS workers (writing the
// 376 MB of Fashion-MNIST's training images is mostly the cost of touching
// fresh memory, which every core can share). Every chunk but the last
// holds idxChunkBytes, a multiple of every type's size, so chunk c starts
// at value c·idxChunkBytes/size. Of several errors, the first in the file
// is reported.
func decodeIDXChunks(op string, typ IDXType, chunks [][]byte, data []float64, dims []int) error {
	perChunk := idxChunkBytes / typ.Size()
	workers := min(runtime.GOMAXPROCS(0), len(chunks))
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		lo, hi := w*len(chunks)/workers, (w+1)*len(chunks)/workers
		wg.Go(func() {
			for c := lo; c < hi; c++ {
				offset := c * perChunk
				out := data[offset : offset+len(chunks[c])/typ.Size()]
				if err := decodeIDX(op, typ, chunks[c], out, offset, dims); err != nil {
					errs[w] = err
					return
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// gunzipWholeMax is the largest gzip file read whole: beyond it (files
// far larger than MNIST's) the streamed path keeps the compressed and
// decompressed bytes out of memory.
const gunzipWholeMax = 1 << 30

// gunzipWhole decompresses a gzip file of known size (a regular file, a
// bytes.Reader) in one call of the in-memory decoder (internal/gunzip,
// about 2.5 times compress/gzip's speed on one core) and returns a reader
// of its content; br is then used up. It returns nil when the input is
// not gzip or its size is unknown or above gunzipWholeMax (the streamed
// path then reads br, in bounded memory), and nil with br replaced by the
// bytes it read when the decoder rejects them: compress/gzip then reads
// the same bytes again, so that a damaged file gets the same error, in
// the same order of the file's parts, whichever decoder saw it first.
func gunzipWhole(op string, br *bufio.Reader, size int64) (*bytes.Reader, error) {
	magic, err := br.Peek(2)
	if size <= 0 || size > gunzipWholeMax || err != nil || magic[0] != 0x1f || magic[1] != 0x8b {
		return nil, nil
	}
	buf := bytes.NewBuffer(make([]byte, 0, size+bytes.MinRead))
	if _, err := buf.ReadFrom(br); err != nil {
		return nil, fmt.Errorf("matrix: %s: %w", op, err)
	}
	src := buf.Bytes()
	// The IDX header first, from the start of the stream (compress/gzip
	// inflates only what it is asked for): a header that declares more
	// than MemoryLimit is refused here, and the decoder below stops at
	// the declared size plus one byte, so a stream that goes on for
	// gigabytes after a small header (a gzip bomb) costs no more than
	// what the header declares.
	zr, err := gzip.NewReader(bytes.NewReader(src))
	if err != nil {
		br.Reset(bytes.NewReader(src)) // the streamed path will report it
		return nil, nil
	}
	typ, dims, total, err := readIDXHeader(op, zr)
	if err != nil {
		br.Reset(bytes.NewReader(src))
		return nil, nil
	}
	declared := 4 + 4*len(dims) + total*typ.Size()
	if err := checkIDXSize(op, typ, dims, total); err != nil {
		// A header whose claim the trailer's ISIZE confirms is believed
		// and refused now; any other may be lying about a short stream,
		// which the streamed path reports as truncated in bounded memory.
		if len(src) >= 4 && binary.LittleEndian.Uint32(src[len(src)-4:]) == uint32(declared) {
			return nil, err
		}
		br.Reset(bytes.NewReader(src))
		return nil, nil
	}
	// The output is allocated from the trailer's ISIZE, but a header may
	// lie: no more up front than the streamed path would trust (16 times
	// the file); a larger true output grows as it is decoded.
	hint := min(maxCredibleRatio*len(src), declared+1)
	if len(src) >= 4 {
		hint = min(hint, int(binary.LittleEndian.Uint32(src[len(src)-4:])))
	}
	out, err := gunzip.DecompressLimit(src, hint, declared+1)
	if errors.Is(err, gunzip.ErrTooLarge) {
		return nil, newError(op, ErrFormat, "trailing data after the %d declared values", total)
	}
	if err != nil {
		br.Reset(bytes.NewReader(src)) // compress/gzip will report it
		return nil, nil
	}
	return bytes.NewReader(out), nil
}

// maybeGunzip returns a decompressing reader when br starts with the gzip
// magic bytes 0x1f 0x8b, and br itself otherwise.
func maybeGunzip(op string, br *bufio.Reader) (io.Reader, error) {
	magic, err := br.Peek(2)
	if err != nil && err != io.EOF {
		return nil, fmt.Errorf("matrix: %s: %w", op, err)
	}
	if len(magic) < 2 || magic[0] != 0x1f || magic[1] != 0x8b {
		return br, nil
	}
	zr, err := gzip.NewReader(br)
	if err != nil {
		return nil, idxStreamError(op, err, "gzip header")
	}
	return zr, nil
}

// readIDXHeader reads and checks the magic number and the dimensions, and
// returns the number of values they declare.
func readIDXHeader(op string, src io.Reader) (typ IDXType, dims []int, total int, err error) {
	var magic [4]byte
	if n, err := io.ReadFull(src, magic[:]); err != nil {
		return 0, nil, 0, idxStreamError(op, err, fmt.Sprintf("truncated: the file ends after %d of the 4 magic bytes", n))
	}
	if magic[0] != 0 || magic[1] != 0 {
		return 0, nil, 0, newError(op, ErrFormat, "bad magic: first bytes are %#02x %#02x, want 0x00 0x00", magic[0], magic[1])
	}
	typ = IDXType(magic[2])
	if typ.Size() == 0 {
		return 0, nil, 0, newError(op, ErrFormat, "unknown type code %#02x (want 0x08, 0x09, 0x0b, 0x0c, 0x0d or 0x0e)", magic[2])
	}
	nd := int(magic[3])
	if nd == 0 {
		return 0, nil, 0, newError(op, ErrFormat, "the header declares no dimensions")
	}
	raw := make([]byte, 4*nd) // at most 1020 bytes
	if n, err := io.ReadFull(src, raw); err != nil {
		return 0, nil, 0, idxStreamError(op, err, fmt.Sprintf("truncated: the file ends after %d of the %d dimension sizes", n/4, nd))
	}
	dims = make([]int, nd)
	total = 1
	for k := range dims {
		d := binary.BigEndian.Uint32(raw[4*k:])
		if d == 0 {
			return 0, nil, 0, newError(op, ErrEmpty, "dimension %d of %s is 0", k+1, formatDimsU32(raw))
		}
		dims[k] = int(d)
	}
	// total = dim₁·…·dim_D, checked against the limit before each product so
	// that it can neither overflow nor reach an absurd size.
	// The byte count total·size must fit in an int too (it does on 64-bit
	// platforms; on 32-bit ones this lowers the limit).
	limit := min(MaxIDXValues, math.MaxInt/typ.Size())
	for _, d := range dims {
		if total > limit/d {
			return 0, nil, 0, newError(op, ErrFormat, "absurd size %s: more than %d values", formatDims(dims), limit)
		}
		total *= d
	}
	return typ, dims, total, nil
}

// checkIDXSize applies the rule of every allocation of the package to
// what a header declares: the float64 result and the raw bytes it is
// decoded from must fit within MemoryLimit (ErrTooLarge otherwise). It is
// called where the declared data are known to be present or credible,
// so that a header that merely lies about a short file is reported as
// truncated, in bounded memory, as before.
func checkIDXSize(op string, typ IDXType, dims []int, total int) error {
	need := AddBytes(FloatBytes(total), int64(total)*int64(typ.Size()))
	return CheckAlloc(op, fmt.Sprintf("the %s %s values the header declares", formatDims(dims), typ), need)
}

// readIDXPayload reads the total·size bytes of data in chunks of at most
// idxChunkBytes. Each chunk is allocated only when the previous one has
// been filled, so memory follows the bytes that actually arrive, however
// large the header's claim.
func readIDXPayload(op string, src io.Reader, typ IDXType, dims []int, total int) ([][]byte, error) {
	size := typ.Size()
	remaining := total * size // fits in an int: readIDXHeader checked it
	var chunks [][]byte
	for remaining > 0 {
		chunk := make([]byte, min(idxChunkBytes, remaining))
		n, err := io.ReadFull(src, chunk)
		if err != nil {
			read := (total*size - remaining + n) / size
			return nil, idxStreamError(op, err, fmt.Sprintf("truncated: %s declares %d %s values, the data ends after %d", formatDims(dims), total, typ, read))
		}
		chunks = append(chunks, chunk)
		remaining -= n
	}
	return chunks, nil
}

// decodeIDX converts the big-endian values in raw into out; offset is the
// index in the file of out[0], for the error naming a non-finite value.
func decodeIDX(op string, typ IDXType, raw []byte, out []float64, offset int, dims []int) error {
	be := binary.BigEndian
	// One loop per type (the switch is outside the hot loop); only the
	// floating-point types can hold NaN or Inf.
	switch typ {
	case IDXUint8:
		for i := range out {
			out[i] = float64(raw[i])
		}
		return nil
	case IDXInt8:
		for i := range out {
			out[i] = float64(int8(raw[i]))
		}
		return nil
	case IDXInt16:
		for i := range out {
			out[i] = float64(int16(be.Uint16(raw[2*i:])))
		}
		return nil
	case IDXInt32:
		for i := range out {
			out[i] = float64(int32(be.Uint32(raw[4*i:])))
		}
		return nil
	case IDXFloat32:
		for i := range out {
			out[i] = float64(math.Float32frombits(be.Uint32(raw[4*i:])))
		}
	case IDXFloat64:
		for i := range out {
			out[i] = math.Float64frombits(be.Uint64(raw[8*i:]))
		}
	}
	for i, v := range out {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return newError(op, ErrNotFinite, "value %d (index %s) is %v", offset+i, formatIndex(offset+i, dims), v)
		}
	}
	return nil
}

// expectEnd checks that src holds nothing after the declared values. For a
// gzip stream this read also verifies the CRC-32 and length of the trailer.
func expectEnd(op string, src io.Reader, total int) error {
	var one [1]byte
	_, err := io.ReadFull(src, one[:])
	switch err {
	case io.EOF:
		return nil
	case nil:
		return newError(op, ErrFormat, "trailing data after the %d declared values", total)
	}
	// Only a gzip stream can fail here: it ends early, is followed by bytes
	// that are not another gzip member, or fails its checksum.
	if err == io.ErrUnexpectedEOF {
		return newError(op, ErrFormat, "after the %d declared values: the gzip stream is truncated or followed by garbage", total)
	}
	return idxStreamError(op, err, fmt.Sprintf("after the %d declared values", total))
}

// idxStreamError classifies a read error: the input ending early and a
// corrupt gzip stream are malformed input (ErrFormat, with the given
// context); anything else is an I/O error of the underlying reader and is
// passed through, wrapped.
func idxStreamError(op string, err error, context string) error {
	var corrupt flate.CorruptInputError
	switch {
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		return newError(op, ErrFormat, "%s", context)
	case errors.Is(err, gzip.ErrHeader), errors.Is(err, gzip.ErrChecksum), errors.As(err, &corrupt):
		return newError(op, ErrFormat, "%s: %v", context, err)
	}
	return fmt.Errorf("matrix: %s: %w", op, err)
}

// formatDims writes dimensions as "60000×28×28".
func formatDims(dims []int) string {
	parts := make([]string, len(dims))
	for k, d := range dims {
		parts[k] = fmt.Sprint(d)
	}
	return strings.Join(parts, "×")
}

// formatDimsU32 formats raw big-endian dimension sizes, for errors raised
// before they are all converted.
func formatDimsU32(raw []byte) string {
	dims := make([]int, len(raw)/4)
	for k := range dims {
		dims[k] = int(binary.BigEndian.Uint32(raw[4*k:]))
	}
	return formatDims(dims)
}

// formatIndex writes the multi-index of the flat position p as "[i j k]".
func formatIndex(p int, dims []int) string {
	idx := make([]int, len(dims))
	for k := len(dims) - 1; k >= 0; k-- {
		idx[k] = p % dims[k]
		p /= dims[k]
	}
	return fmt.Sprint(idx)
}
