package matrix

import (
	"bytes"
	"compress/gzip"
	"errors"
	"os"
	"testing"
)

// tinyIDX builds 2 images of 2×3 ubyte pixels, the layout of MNIST.
func tinyIDX() []byte {
	b := []byte{0, 0, 0x08, 3, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 3}
	return append(b, 0, 1, 2, 3, 4, 255, 10, 20, 30, 40, 50, 60)
}

func TestReadIDXImagesPlainAndGzip(t *testing.T) {
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write(tinyIDX())
	w.Close()
	for name, raw := range map[string][]byte{"plain": tinyIDX(), "gzip": gz.Bytes()} {
		img, h, wd, err := ReadIDXImages(bytes.NewReader(raw))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if h != 2 || wd != 3 || img.Rows() != 2 || img.At(0, 5) != 255 || img.At(1, 0) != 10 {
			t.Fatalf("%s: %d×%d images\n%v", name, h, wd, img)
		}
	}
}

func TestReadIDXGoldenFile(t *testing.T) {
	// testdata/tiny-labels-idx1-ubyte.gz: labels 3, 1, 4 written by this
	// test's generator (see testdata/README.md).
	labels, err := func() ([]int, error) {
		f, err := os.Open("../testdata/tiny-labels-idx1-ubyte.gz")
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return ReadIDXLabels(f)
	}()
	if err != nil || len(labels) != 3 || labels[0] != 3 || labels[2] != 4 {
		t.Fatalf("labels %v, %v", labels, err)
	}
}

func TestReadIDXErrors(t *testing.T) {
	good := tinyIDX()
	cases := map[string][]byte{
		"empty":       {},
		"bad magic":   append([]byte{1}, good[1:]...),
		"bad type":    append([]byte{0, 0, 0x07}, good[3:]...),
		"truncated":   good[:len(good)-1],
		"trailing":    append(append([]byte{}, good...), 7),
		"huge dims":   {0, 0, 0x08, 2, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
		"zero dim":    {0, 0, 0x08, 1, 0, 0, 0, 0},
		"short dims":  {0, 0, 0x08, 3, 0, 0},
		"double NaN?": {0, 0, 0x0E, 1, 0, 0, 0, 1, 0x7f, 0xf8, 0, 0, 0, 0, 0, 0},
	}
	for name, raw := range cases {
		if _, err := ReadIDX(bytes.NewReader(raw)); !errors.Is(err, ErrFormat) && !errors.Is(err, ErrNotFinite) {
			t.Errorf("%s: got %v", name, err)
		}
	}
	if _, err := ReadIDXLabels(bytes.NewReader(good)); !errors.Is(err, ErrFormat) {
		t.Errorf("images read as labels: %v", err)
	}
}

func FuzzReadIDX(f *testing.F) {
	f.Add(tinyIDX())
	f.Add([]byte{0, 0, 0x0B, 1, 0, 0, 0, 2, 0xff, 0xfe, 0, 1})
	f.Add([]byte{0x1f, 0x8b, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		a, err := ReadIDX(bytes.NewReader(b))
		if err != nil {
			return
		}
		n := 1
		for _, d := range a.Dims {
			n *= d
		}
		if n != len(a.Data) {
			t.Fatalf("dims %v but %d elements", a.Dims, len(a.Data))
		}
	})
}
