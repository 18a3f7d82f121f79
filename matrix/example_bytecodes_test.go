package matrix_test

import (
	"fmt"

	"mlnotes/matrix"
)

// A row of grey levels kept as one byte per pixel: the codes index a
// table that gives back exactly the numbers coded.
func ExampleByteCoder() {
	pixels := []float64{0, 0, 0.5, 1, 0.5, 0}
	var coder matrix.ByteCoder
	codes := make([]uint8, len(pixels))
	for i, v := range pixels {
		c, ok := coder.Code(v)
		if !ok {
			fmt.Println("more than 256 distinct numbers")
			return
		}
		codes[i] = c
	}
	table := coder.Table()
	fmt.Println("codes:", codes)
	fmt.Println("table:", table[:coder.Len()])
	fmt.Println("pixel 3:", table[codes[3]])
	// Output:
	// codes: [0 0 1 2 1 0]
	// table: [0 0.5 1]
	// pixel 3: 1
}
