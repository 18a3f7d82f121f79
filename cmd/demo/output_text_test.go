package main

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"mlnotes/matrix"
)

// formatMatrixReference is the straightforward layout that
// writeMatrixText must reproduce byte for byte: every cell formatted by
// formatNumber, every column right-aligned to its widest cell, each row
// indented by one space and each cell preceded by one.
func formatMatrixReference(m *matrix.Dense) string {
	r, c := m.Dims()
	cells := make([][]string, r)
	width := make([]int, c)
	for i := range r {
		cells[i] = make([]string, c)
		for j := range c {
			cells[i][j] = formatNumber(m.At(i, j))
			width[j] = max(width[j], len(cells[i][j]))
		}
	}
	var b strings.Builder
	for i := range r {
		b.WriteString(" ")
		for j := range c {
			fmt.Fprintf(&b, " %*s", width[j], cells[i][j])
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// writeMatrixText lays out matrices as the reference does, for shapes
// with no rows, no columns, one block of rows and several (the widest
// cell of a column in a later block than the first), with integers,
// negative zero, and numbers of every magnitude, on 1 to 3 cores.
func TestWriteMatrixTextMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 13))
	special := []float64{0, math.Copysign(0, -1), 7, -123456789012345, 1e15, 2.5e-7, -0.1, math.MaxFloat64}
	for _, shape := range [][2]int{{0, 3}, {3, 0}, {1, 1}, {4, 3}, {1500, 5}, {3000, 2}} {
		m := matrix.New(shape[0], shape[1])
		for i := range m.Rows() {
			for j := range m.Cols() {
				if rng.IntN(5) == 0 {
					m.Set(i, j, special[rng.IntN(len(special))])
				} else {
					m.Set(i, j, rng.NormFloat64()*math.Pow(10, float64(rng.IntN(12)-6)))
				}
			}
		}
		if shape[0] > 2000 {
			m.Set(shape[0]-1, 1, -1.234567e-300) // the widest cell, in the last block
		}
		want := formatMatrixReference(m)
		for _, procs := range []int{1, 2, 3} {
			var got bytes.Buffer
			bw := bufio.NewWriter(&got)
			err := withProcs(procs, func() error { return writeMatrixText(bw, m) })
			bw.Flush()
			if err != nil || got.String() != want {
				t.Fatalf("%v, %d cores: err %v, output differs from the reference (%d against %d bytes)", shape, procs, err, got.Len(), len(want))
			}
		}
	}
}

// withProcs runs f with GOMAXPROCS set to procs.
func withProcs(procs int, f func() error) error {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
	return f()
}
