package main

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"sync"

	"mlnotes/matrix"
)

// writeMatrixJSON writes m as a JSON array of rows, byte for byte what
// encoding/json writes for m.ToRows(), without the reflection and the
// copy: a command's largest output is a matrix (PCA's 60000×50
// projections are three million numbers, 57 MB of text). Rows are
// formatted in rounds, one block of rows per core into a buffer that each
// core keeps for the whole matrix, and each round is written in order
// before the next begins, so the text is never held whole and the buffers
// stop growing after the first round.
//
// A non-finite entry is an error, found before anything is written.
func writeMatrixJSON(w io.Writer, m *matrix.Dense) error {
	if err := m.CheckFinite(); err != nil {
		return fmt.Errorf("json: unsupported value: %w", err)
	}
	rows := m.Rows()
	const block = 512 // rows per core per round: 25 600 numbers for 50 columns
	workers := min(runtime.GOMAXPROCS(0), max((rows+block-1)/block, 1))
	bufs := make([][]byte, workers)
	if _, err := io.WriteString(w, "["); err != nil {
		return err
	}
	for r0 := 0; r0 < rows; r0 += workers * block {
		var wg sync.WaitGroup
		for k := range workers {
			lo := min(r0+k*block, rows)
			hi := min(lo+block, rows)
			wg.Go(func() { bufs[k] = appendRowsJSON(bufs[k][:0], m, lo, hi) })
		}
		wg.Wait()
		for _, b := range bufs {
			if _, err := w.Write(b); err != nil {
				return err
			}
		}
	}
	_, err := io.WriteString(w, "]")
	return err
}

// appendRowsJSON appends rows lo..hi−1 of m as JSON arrays, each but the
// matrix's first preceded by a comma.
func appendRowsJSON(out []byte, m *matrix.Dense, lo, hi int) []byte {
	for i := lo; i < hi; i++ {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, '[')
		for j, v := range m.Row(i) {
			if j > 0 {
				out = append(out, ',')
			}
			out = appendJSONFloat(out, v)
		}
		out = append(out, ']')
	}
	return out
}

// appendJSONFloat formats a finite float64 as encoding/json does: the
// shortest representation that reads back to the same bits, in %f form
// unless |v| < 1e-6 or ≥ 1e21, and an exponent without a leading zero.
func appendJSONFloat(b []byte, v float64) []byte {
	format := byte('f')
	if a := math.Abs(v); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, v, format, -1, 64)
	if format == 'e' {
		// e-09 → e-9, as encoding/json writes it
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}
