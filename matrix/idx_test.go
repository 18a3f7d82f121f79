package matrix

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
)

// encodeIDX is the test's own IDX writer: header, big-endian dims, payload.
func encodeIDX(typ byte, dims []uint32, payload []byte) []byte {
	out := []byte{0, 0, typ, byte(len(dims))}
	for _, d := range dims {
		out = binary.BigEndian.AppendUint32(out, d)
	}
	return append(out, payload...)
}

// encodeIDXOf encodes a parsed IDX back to bytes, for the fuzzer's
// round-trip check.
func encodeIDXOf(x *IDX) []byte {
	dims := make([]uint32, len(x.Dims))
	for k, d := range x.Dims {
		dims[k] = uint32(d)
	}
	var payload []byte
	be := binary.BigEndian
	for _, v := range x.Data {
		switch x.Type {
		case IDXUint8:
			payload = append(payload, byte(v))
		case IDXInt8:
			payload = append(payload, byte(int8(v)))
		case IDXInt16:
			payload = be.AppendUint16(payload, uint16(int16(v)))
		case IDXInt32:
			payload = be.AppendUint32(payload, uint32(int32(v)))
		case IDXFloat32:
			payload = be.AppendUint32(payload, math.Float32bits(float32(v)))
		case IDXFloat64:
			payload = be.AppendUint64(payload, math.Float64bits(v))
		}
	}
	return encodeIDX(byte(x.Type), dims, payload)
}

func gzipBytes(t testing.TB, raw []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(raw); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestReadIDXGolden(t *testing.T) {
	// Every file of testdata/io written by make_io_golden.py: one per type
	// with that type's extremes, and the first three Fashion-MNIST test
	// images and labels, plain and gzipped; decoded by numpy.
	exp := loadIOExpected(t)
	if len(exp.IDX) < 8 {
		t.Fatalf("expected.json lists %d IDX files", len(exp.IDX))
	}
	for name, want := range exp.IDX {
		for _, file := range []string{name, name + ".gz"} {
			path := filepath.Join("..", "testdata", "io", file)
			if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) && file != name {
				continue // only the Fashion-MNIST extracts are also gzipped
			}
			t.Run(file, func(t *testing.T) {
				x, err := ReadIDXFile(path)
				if err != nil {
					t.Fatal(err)
				}
				if int(x.Type) != want.Type || !slices.Equal(x.Dims, want.Dims) || len(x.Data) != len(want.Data) {
					t.Fatalf("type %v dims %v with %d values, want %#x %v with %d", x.Type, x.Dims, len(x.Data), want.Type, want.Dims, len(want.Data))
				}
				for i, s := range want.Data {
					if w := parseRepr(t, s); !sameBits(x.Data[i], w) {
						t.Errorf("value %d = %v, want %v", i, x.Data[i], w)
					}
				}
			})
		}
	}
}

func TestReadIDXImagesAndLabels(t *testing.T) {
	exp := loadIOExpected(t).IDX["fashion3-images-idx3-ubyte"]
	for _, file := range []string{"fashion3-images-idx3-ubyte", "fashion3-images-idx3-ubyte.gz"} {
		X, h, w, err := ReadIDXImagesFile(filepath.Join("..", "testdata", "io", file))
		if err != nil {
			t.Fatal(err)
		}
		if r, c := X.Dims(); r != 3 || c != 784 || h != 28 || w != 28 {
			t.Fatalf("%s: %d×%d images of %d×%d", file, r, c, h, w)
		}
		// Pixel (r, c) of image i is X[i, r·28 + c], the file's order.
		for i := range 3 {
			for p := range 784 {
				if got, want := X.At(i, p), parseRepr(t, exp.Data[i*784+p]); got != want {
					t.Fatalf("%s: image %d pixel %d = %v, want %v", file, i, p, got, want)
				}
			}
		}
	}
	for _, file := range []string{"fashion3-labels-idx1-ubyte", "fashion3-labels-idx1-ubyte.gz"} {
		labels, err := ReadIDXLabelsFile(filepath.Join("..", "testdata", "io", file))
		if err != nil {
			t.Fatal(err)
		}
		// Fashion-MNIST t10k labels 9 (ankle boot), 2 (pullover), 1 (trouser).
		if !slices.Equal(labels, []int{9, 2, 1}) {
			t.Errorf("%s: labels %v", file, labels)
		}
	}
	// Signed labels are integers too.
	labels, err := ReadIDXLabels(bytes.NewReader(encodeIDX(0x0B, []uint32{3}, []byte{0xFF, 0xFF, 0, 7, 0x7F, 0xFF})))
	if err != nil || !slices.Equal(labels, []int{-1, 7, 32767}) {
		t.Errorf("int16 labels %v, %v", labels, err)
	}
}

func TestIDXTypeString(t *testing.T) {
	for typ, want := range map[IDXType]string{
		IDXUint8: "unsigned byte", IDXInt8: "signed byte", IDXInt16: "short",
		IDXInt32: "int", IDXFloat32: "float", IDXFloat64: "double", 0x07: "IDXType(0x07)",
	} {
		if typ.String() != want {
			t.Errorf("%#x: %q, want %q", byte(typ), typ.String(), want)
		}
	}
	for typ, want := range map[IDXType]int{IDXUint8: 1, IDXInt8: 1, IDXInt16: 2, IDXInt32: 4, IDXFloat32: 4, IDXFloat64: 8, 0x0A: 0} {
		if typ.Size() != want {
			t.Errorf("%v: size %d, want %d", typ, typ.Size(), want)
		}
	}
}

func TestReadIDXErrors(t *testing.T) {
	const p = "matrix: read idx: "
	good := encodeIDX(0x08, []uint32{2, 3}, []byte{1, 2, 3, 4, 5, 6})
	nan := make([]byte, 0, 24)
	for _, v := range []float64{1, 2, 3, 4, math.NaN(), 6} {
		nan = binary.BigEndian.AppendUint64(nan, math.Float64bits(v))
	}
	inf := binary.BigEndian.AppendUint32(nil, math.Float32bits(float32(math.Inf(-1))))
	gz := gzipBytes(t, good)
	badCRC := slices.Clone(gz)
	badCRC[len(badCRC)-8] ^= 0xFF // the CRC-32 of the gzip trailer
	for _, tc := range []struct {
		name     string
		in       []byte
		sentinel error
		msg      string
	}{
		{"empty", nil, ErrFormat, p + "malformed input: truncated: the file ends after 0 of the 4 magic bytes"},
		{"short magic", []byte{0, 0, 8}, ErrFormat, p + "malformed input: truncated: the file ends after 3 of the 4 magic bytes"},
		{"bad magic", []byte{1, 0, 8, 1, 0, 0, 0, 1, 5}, ErrFormat, p + "malformed input: bad magic: first bytes are 0x01 0x00, want 0x00 0x00"},
		{"text file", []byte("a,b\n1,2\n"), ErrFormat, p + "malformed input: bad magic: first bytes are 0x61 0x2c, want 0x00 0x00"},
		{"unknown type", []byte{0, 0, 0x0A, 1, 0, 0, 0, 1, 5}, ErrFormat, p + "malformed input: unknown type code 0x0a (want 0x08, 0x09, 0x0b, 0x0c, 0x0d or 0x0e)"},
		{"no dimensions", []byte{0, 0, 8, 0, 5}, ErrFormat, p + "malformed input: the header declares no dimensions"},
		{"truncated dimensions", []byte{0, 0, 8, 3, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0}, ErrFormat, p + "malformed input: truncated: the file ends after 2 of the 3 dimension sizes"},
		{"zero dimension", encodeIDX(8, []uint32{5, 0, 2}, nil), ErrEmpty, p + "empty input: dimension 2 of 5×0×2 is 0"},
		{"absurd size", encodeIDX(8, []uint32{65536, 65536}, nil), ErrFormat, p + "malformed input: absurd size 65536×65536: more than 2147483647 values"},
		{"overflowing size", encodeIDX(8, []uint32{1 << 31, 1 << 31, 1 << 31, 1 << 31}, nil), ErrFormat, p + "malformed input: absurd size 2147483648×2147483648×2147483648×2147483648: more than 2147483647 values"},
		{"truncated data", encodeIDX(8, []uint32{3, 2}, []byte{1, 2, 3, 4}), ErrFormat, p + "malformed input: truncated: 3×2 declares 6 unsigned byte values, the data ends after 4"},
		{"truncated inside a value", encodeIDX(0x0B, []uint32{3}, []byte{0, 1, 0, 2, 0}), ErrFormat, p + "malformed input: truncated: 3 declares 3 short values, the data ends after 2"},
		{"huge claim, tiny data", encodeIDX(8, []uint32{1000, 1000, 1000}, []byte{1, 2, 3}), ErrFormat, p + "malformed input: truncated: 1000×1000×1000 declares 1000000000 unsigned byte values, the data ends after 3"},
		{"trailing data", append(slices.Clone(good), 0), ErrFormat, p + "malformed input: trailing data after the 6 declared values"},
		{"NaN", encodeIDX(0x0E, []uint32{2, 3}, nan), ErrNotFinite, p + "non-finite value: value 4 (index [1 1]) is NaN"},
		{"-Inf", encodeIDX(0x0D, []uint32{1}, inf), ErrNotFinite, p + "non-finite value: value 0 (index [0]) is -Inf"},
		{"gzip trailer cut", gz[:len(gz)-5], ErrFormat, p + "malformed input: after the 6 declared values: the gzip stream is truncated or followed by garbage"},
		{"gzip cut after its header", gz[:10], ErrFormat, p + "malformed input: truncated: the file ends after 0 of the 4 magic bytes"},
		{"gzip bad checksum", badCRC, ErrFormat, p + "malformed input: after the 6 declared values: gzip: invalid checksum"},
		{"gzip then short garbage", append(slices.Clone(gz), "garbage"...), ErrFormat, p + "malformed input: after the 6 declared values: the gzip stream is truncated or followed by garbage"},
		{"gzip then garbage", append(slices.Clone(gz), "garbage, garbage"...), ErrFormat, p + "malformed input: after the 6 declared values: gzip: invalid header"},
		{"gzip header only", []byte{0x1f, 0x8b}, ErrFormat, p + "malformed input: gzip header"},
		{"gzip of a bad file", gzipBytes(t, []byte{0, 0, 0x0A, 1}), ErrFormat, p + "malformed input: unknown type code 0x0a (want 0x08, 0x09, 0x0b, 0x0c, 0x0d or 0x0e)"},
		{"gzip of trailing data", gzipBytes(t, append(slices.Clone(good), 9, 9)), ErrFormat, p + "malformed input: trailing data after the 6 declared values"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x, err := ReadIDX(bytes.NewReader(tc.in))
			if x != nil {
				t.Errorf("non-nil result with an error")
			}
			checkError(t, err, tc.sentinel, tc.msg)
		})
	}
}

func TestReadIDXShapeErrors(t *testing.T) {
	labels := encodeIDX(8, []uint32{2}, []byte{1, 2})
	images := encodeIDX(8, []uint32{1, 1, 2}, []byte{1, 2})
	floats := encodeIDX(0x0D, []uint32{1}, []byte{0x3f, 0x80, 0, 0})
	_, _, _, err := ReadIDXImages(bytes.NewReader(labels))
	checkError(t, err, ErrFormat, "matrix: read idx images: malformed input: images need 3 dimensions (count, height, width), the file has 1 (2)")
	_, err = ReadIDXLabels(bytes.NewReader(images))
	checkError(t, err, ErrFormat, "matrix: read idx labels: malformed input: labels need 1 dimension, the file has 3 (1×1×2)")
	_, err = ReadIDXLabels(bytes.NewReader(floats))
	checkError(t, err, ErrFormat, "matrix: read idx labels: malformed input: labels must be integers, the file holds float values")
	// Errors of the container carry the caller's operation.
	_, _, _, err = ReadIDXImages(bytes.NewReader(labels[:5]))
	checkError(t, err, ErrFormat, "matrix: read idx images: malformed input: truncated: the file ends after 0 of the 1 dimension sizes")
	_, err = ReadIDXLabels(bytes.NewReader(encodeIDX(0x0E, []uint32{1}, binary.BigEndian.AppendUint64(nil, math.Float64bits(math.Inf(1))))))
	checkError(t, err, ErrNotFinite, "matrix: read idx labels: non-finite value: value 0 (index [0]) is +Inf")
}

func TestReadIDXReaderError(t *testing.T) {
	disk := errors.New("disk on fire")
	good := encodeIDX(0x08, []uint32{2, 3}, []byte{1, 2, 3, 4, 5, 6})
	for _, n := range []int{0, 2, 6, 10, len(good)} {
		_, err := ReadIDX(&failingReader{good[:n], disk})
		if !errors.Is(err, disk) || errors.Is(err, ErrFormat) {
			t.Errorf("failing after %d bytes: got %v, want a wrapped %v", n, err, disk)
		}
	}
	gz := gzipBytes(t, good)
	_, err := ReadIDX(&failingReader{gz[:20], disk})
	if !errors.Is(err, disk) {
		t.Errorf("failing inside gzip: got %v, want a wrapped %v", err, disk)
	}
}

func TestReadIDXFiles(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.idx")
	if err := os.WriteFile(bad, []byte{0, 0, 8, 1, 0, 0, 0, 9, 1}, 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.idx")
	_, err := ReadIDXFile(bad)
	checkError(t, err, ErrFormat, "matrix: read idx: malformed input: "+bad+": truncated: 9 declares 9 unsigned byte values, the data ends after 1")
	_, _, _, err = ReadIDXImagesFile(bad)
	checkError(t, err, ErrFormat, "matrix: read idx images: malformed input: "+bad+": truncated: 9 declares 9 unsigned byte values, the data ends after 1")
	_, err = ReadIDXLabelsFile(bad)
	checkError(t, err, ErrFormat, "matrix: read idx labels: malformed input: "+bad+": truncated: 9 declares 9 unsigned byte values, the data ends after 1")
	for _, err := range []error{
		func() error { _, err := ReadIDXFile(missing); return err }(),
		func() error { _, _, _, err := ReadIDXImagesFile(missing); return err }(),
		func() error { _, err := ReadIDXLabelsFile(missing); return err }(),
	} {
		if !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("missing file: got %v", err)
		}
	}
}

func TestReadIDXAllocationBounded(t *testing.T) {
	// A 13-byte file that claims 2³¹ − 1 values, plain and gzipped: the
	// reader must fail after reading what is there, allocating about one
	// chunk, not 16 GiB.
	claim := encodeIDX(0x0E, []uint32{math.MaxInt32}, []byte{1, 2, 3, 4, 5})
	for _, in := range [][]byte{claim, gzipBytes(t, claim)} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := ReadIDX(bytes.NewReader(in))
		runtime.ReadMemStats(&after)
		if !errors.Is(err, ErrFormat) {
			t.Fatalf("got %v, want ErrFormat", err)
		}
		// One 64 KiB chunk buffer, bufio and gzip state: well under 1 MiB.
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
			t.Errorf("allocated %d bytes for a %d-byte file", alloc, len(in))
		}
	}
	// A file that holds its data: the raw bytes (one chunk list) and the
	// float64 result allocated once, 9·n bytes for n doubles... plus the
	// chunk headers, well under 2·8·n.
	const n = 200000
	raw := encodeIDX(0x0E, []uint32{n}, make([]byte, 8*n))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	x, err := ReadIDX(bytes.NewReader(raw))
	runtime.ReadMemStats(&after)
	if err != nil || len(x.Data) != n || cap(x.Data) != n {
		t.Fatalf("len %d cap %d, %v", len(x.Data), cap(x.Data), err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 2*8*n+(1<<16) {
		t.Errorf("allocated %d bytes for %d values", alloc, n)
	}
}

// fashionDir holds Debian's dataset-fashion-mnist; the test below is an
// extra check on the real files and never a dependency of the suite.
const fashionDir = "/usr/share/datasets/fashion-mnist"

func TestFashionMNIST(t *testing.T) {
	if _, err := os.Stat(fashionDir); err != nil {
		t.Skipf("Fashion-MNIST is not installed in %s (apt-get install dataset-fashion-mnist)", fashionDir)
	}
	exp := loadIOExpected(t).FashionMNIST
	for _, split := range []string{"t10k", "train"} {
		want := exp[split]
		labels, err := ReadIDXLabelsFile(filepath.Join(fashionDir, split+"-labels-idx1-ubyte.gz"))
		if err != nil {
			t.Fatal(err)
		}
		counts := make([]int, 10)
		for _, l := range labels {
			counts[l]++
		}
		if len(labels) != want.LabelsDims[0] || !slices.Equal(counts, want.LabelCounts) || !slices.Equal(labels[:10], want.FirstLabels) {
			t.Errorf("%s labels: %d, counts %v, first %v", split, len(labels), counts, labels[:10])
		}
		if split == "train" && testing.Short() {
			continue // 60000×784 doubles are 376 MB
		}
		X, h, w, err := ReadIDXImagesFile(filepath.Join(fashionDir, split+"-images-idx3-ubyte.gz"))
		if err != nil {
			t.Fatal(err)
		}
		if n, d := X.Dims(); n != want.ImagesDims[0] || h != want.ImagesDims[1] || w != want.ImagesDims[2] || d != h*w {
			t.Fatalf("%s images: %d×%d of %d×%d", split, n, d, h, w)
		}
		var total int64
		rowSum := func(i int) int {
			s := 0
			for _, v := range X.Row(i) {
				s += int(v)
			}
			return s
		}
		for i := range X.Rows() {
			total += int64(rowSum(i))
		}
		first := make([]int, 5)
		for i := range first {
			first[i] = rowSum(i)
		}
		if total != want.PixelSum || NormMax(X) != float64(want.PixelMax) || !slices.Equal(first, want.FirstImageSums) || rowSum(X.Rows()-1) != want.LastImageSum {
			t.Errorf("%s images: pixel sum %d max %v first sums %v last %d", split, total, NormMax(X), first, rowSum(X.Rows()-1))
		}
	}
}

// idxSeeds are the IDX fuzzer's starting inputs.
func idxSeeds(t testing.TB) [][]byte {
	seeds := [][]byte{
		nil, {0, 0, 8}, {0, 0, 8, 0}, {0x1f, 0x8b},
		encodeIDX(8, []uint32{2, 3}, []byte{1, 2, 3, 4, 5, 6}),
		encodeIDX(8, []uint32{3, 2}, []byte{1, 2, 3, 4}),
		encodeIDX(8, []uint32{65536, 65536}, nil),
		encodeIDX(8, []uint32{5, 0, 2}, nil),
		encodeIDX(0x0B, []uint32{3}, []byte{0, 1, 0, 2, 0, 3}),
		encodeIDX(0x0E, []uint32{1}, binary.BigEndian.AppendUint64(nil, math.Float64bits(math.NaN()))),
		gzipBytes(t, encodeIDX(8, []uint32{1, 2, 2}, []byte{0, 255, 7, 9})),
	}
	files, _ := filepath.Glob("../testdata/io/*idx*")
	for _, f := range files {
		if raw, err := os.ReadFile(f); err == nil && len(raw) < 4096 {
			seeds = append(seeds, raw)
		}
	}
	return seeds
}

// FuzzReadIDX checks that ReadIDX never panics, that every error is an
// *Error wrapping ErrFormat, ErrEmpty or ErrNotFinite, and that what it
// accepts is finite, consistent, and encodes back to the very bytes read
// (after gunzip).
func FuzzReadIDX(f *testing.F) {
	for _, s := range idxSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		x, err := ReadIDX(bytes.NewReader(in))
		checkPathsAgree(t, in, x, err)
		if err != nil {
			checkInputError(t, err)
			return
		}
		total := 1
		for _, d := range x.Dims {
			total *= d
		}
		if x.Type.Size() == 0 || len(x.Dims) == 0 || len(x.Data) != total {
			t.Fatalf("type %v dims %v with %d values", x.Type, x.Dims, len(x.Data))
		}
		for i, v := range x.Data {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("value %d is %v", i, v)
			}
		}
		plain := in
		if len(in) >= 2 && in[0] == 0x1f && in[1] == 0x8b {
			zr, err := gzip.NewReader(bytes.NewReader(in))
			if err != nil {
				t.Fatal(err)
			}
			if plain, err = io.ReadAll(zr); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(encodeIDXOf(x), plain) {
			t.Fatalf("re-encoding differs from the input")
		}
	})
}

// BenchmarkReadIDXImages reads a gzipped file of 1000 random 28×28 images.
func BenchmarkReadIDXImages(b *testing.B) {
	payload := make([]byte, 1000*784)
	for i := range payload {
		payload[i] = byte(i * 7919 >> 3)
	}
	raw := gzipBytes(b, encodeIDX(8, []uint32{1000, 28, 28}, payload))
	b.SetBytes(int64(len(payload)))
	for b.Loop() {
		if _, _, _, err := ReadIDXImages(bytes.NewReader(raw)); err != nil {
			b.Fatal(err)
		}
	}
}

// The chunks of a payload are decoded by several workers: every value
// lands where it belongs for any number of them, and of two bad values
// in different chunks the first in the file is the one reported.
func TestReadIDXChunksDecodedInParallel(t *testing.T) {
	const n = 3*idxChunkBytes/8 + 123 // float64 values: four chunks, the last partial
	var payload []byte
	for i := range n {
		payload = binary.BigEndian.AppendUint64(payload, math.Float64bits(float64(i)-0.5))
	}
	good := encodeIDX(0x0E, []uint32{n}, payload)
	bad := slices.Clone(good)
	for _, i := range []int{2*idxChunkBytes/8 + 7, idxChunkBytes/8 + 3} { // chunks 2 and 1
		binary.BigEndian.PutUint64(bad[8+8*i:], math.Float64bits(math.Inf(1)))
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, procs := range []int{1, 2, 3, 8} {
		runtime.GOMAXPROCS(procs)
		x, err := ReadIDX(bytes.NewReader(good))
		if err != nil {
			t.Fatalf("GOMAXPROCS=%d: %v", procs, err)
		}
		for i, v := range x.Data {
			if v != float64(i)-0.5 {
				t.Fatalf("GOMAXPROCS=%d: value %d is %v, want %v", procs, i, v, float64(i)-0.5)
			}
		}
		_, err = ReadIDX(bytes.NewReader(bad))
		checkError(t, err, ErrNotFinite, fmt.Sprintf("matrix: read idx: non-finite value: value %d (index [%d]) is +Inf", idxChunkBytes/8+3, idxChunkBytes/8+3))
	}
}

// checkPathsAgree reads in again through a reader that cannot tell its
// size, which takes the chunked path of readIDX, and checks that it gives
// the same values or the same error as x, err (what a bytes.Reader gave:
// the streamed path whenever the header's claim is credible).
func checkPathsAgree(t *testing.T, in []byte, x *IDX, err error) {
	t.Helper()
	y, err2 := ReadIDX(struct{ io.Reader }{bytes.NewReader(in)})
	switch {
	case (err == nil) != (err2 == nil):
		t.Fatalf("streamed path: %v; chunked path: %v", err, err2)
	case err != nil && err.Error() != err2.Error():
		t.Fatalf("streamed path: %q; chunked path: %q", err, err2)
	case err == nil && (!slices.Equal(x.Data, y.Data) || !slices.Equal(x.Dims, y.Dims) || x.Type != y.Type):
		t.Fatal("the two paths read different values")
	}
}

// The streamed and chunked paths of readIDX give the same values and the
// same errors on every seed of the fuzzer and on a multi-chunk file that
// is whole, truncated inside its payload, followed by trailing bytes,
// holding a NaN, or gzipped with a damaged stream; a header claiming far
// more than its input could hold is not credible and takes the chunked
// path (no allocation at its word).
func TestReadIDXStreamedAndChunkedAgree(t *testing.T) {
	for _, in := range idxSeeds(t) {
		x, err := ReadIDX(bytes.NewReader(in))
		checkPathsAgree(t, in, x, err)
	}
	const n = 3*idxChunkBytes/8 + 5
	var payload []byte
	for i := range n {
		payload = binary.BigEndian.AppendUint64(payload, math.Float64bits(float64(i%977)))
	}
	good := encodeIDX(0x0E, []uint32{n}, payload)
	withNaN := slices.Clone(good)
	binary.BigEndian.PutUint64(withNaN[8+8*(2*idxChunkBytes/8+1):], math.Float64bits(math.NaN()))
	gz := func(b []byte) []byte {
		var buf bytes.Buffer
		w := gzip.NewWriter(&buf)
		w.Write(b)
		w.Close()
		return buf.Bytes()
	}
	damaged := gz(good)
	damaged[len(damaged)/2] ^= 0xff
	cases := map[string][]byte{
		"whole": good, "gzip": gz(good), "truncated": good[:len(good)-idxChunkBytes-3],
		"gzip truncated": gz(good)[:len(gz(good))/2], "trailing": append(slices.Clone(good), 1, 2, 3),
		"NaN": withNaN, "gzip NaN": gz(withNaN), "gzip damaged": damaged,
	}
	for name, in := range cases {
		x, err := ReadIDX(bytes.NewReader(in))
		if name == "whole" || name == "gzip" {
			if err != nil || len(x.Data) != n || x.Data[n-1] != float64((n-1)%977) {
				t.Fatalf("%s: %v", name, err)
			}
		} else if err == nil {
			t.Fatalf("%s: no error", name)
		}
		checkPathsAgree(t, in, x, err)
	}
	if credibleIDXSize(1<<30, 1000, true) || credibleIDXSize(1001, 1000, false) || credibleIDXSize(10, 0, false) {
		t.Error("an incredible or unknown size was found credible")
	}
	if !credibleIDXSize(47040000, 30000000, true) || !credibleIDXSize(1000, 1016, false) {
		t.Error("Fashion-MNIST's size, or a raw file's, was not credible")
	}
}
