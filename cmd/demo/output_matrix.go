package main

import (
	"bytes"
	"errors"
	"math"
	"runtime"
	"strconv"
	"sync"

	"mlnotes/matrix"
)

// appendMatrixJSON writes m as a JSON array of rows, byte for byte what
// encoding/json writes for m.ToRows(), without the reflection and the
// copy: a command's largest output is a matrix (PCA's 60000×50
// projections are three million numbers), so its rows are formatted in
// blocks on every core and joined in order.
func appendMatrixJSON(b *bytes.Buffer, m *matrix.Dense) error {
	rows := m.Rows()
	workers := min(runtime.GOMAXPROCS(0), max(rows/256, 1))
	parts := make([][]byte, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		lo, hi := w*rows/workers, (w+1)*rows/workers
		wg.Add(1)
		go func() {
			defer wg.Done()
			var out []byte
			for i := lo; i < hi; i++ {
				if i > 0 {
					out = append(out, ',')
				}
				out = append(out, '[')
				for j, v := range m.Row(i) {
					if j > 0 {
						out = append(out, ',')
					}
					if math.IsNaN(v) || math.IsInf(v, 0) {
						errs[w] = errors.New("json: unsupported value: " + strconv.FormatFloat(v, 'g', -1, 64))
						return
					}
					out = appendJSONFloat(out, v)
				}
				out = append(out, ']')
			}
			parts[w] = out
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	b.WriteByte('[')
	for _, p := range parts {
		b.Write(p)
	}
	b.WriteByte(']')
	return nil
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
