package gunzip_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"

	"mlnotes/matrix/internal/gunzip"
)

// Decompress takes a whole gzip file and, with a negative size hint,
// allocates the output from the length the trailer records.
func ExampleDecompress() {
	var file bytes.Buffer
	zw := gzip.NewWriter(&file)
	zw.Write([]byte("pixels, pixels, pixels"))
	zw.Close()

	out, err := gunzip.Decompress(file.Bytes(), -1)
	fmt.Printf("%q %v\n", out, err)

	damaged := bytes.Clone(file.Bytes())
	damaged[len(damaged)-8] ^= 1 // a bit of the CRC-32
	_, err = gunzip.Decompress(damaged, -1)
	fmt.Println(errors.Is(err, gunzip.ErrChecksum))
	// Output:
	// "pixels, pixels, pixels" <nil>
	// true
}
