package main

import (
	"bufio"
	"math"
	"runtime"
	"strconv"
	"sync"

	"mlnotes/matrix"
)

// writeMatrixText writes m as formatMatrix does (every column
// right-aligned to its widest entry, entries as formatNumber writes them),
// for matrices of any size: PCA's 60000×50 projections are three million
// numbers. Blocks of rows are formatted once, on every core, into a
// buffer of cell texts; the column widths are the maxima over the blocks;
// then each block is laid out with its padding and written in order.
func writeMatrixText(w *bufio.Writer, m *matrix.Dense) error {
	rows, cols := m.Dims()
	// Blocks of about 64 Ki cells (at most 1024 rows): a block of a wide
	// matrix (1 × 3 000 000) is a few rows, and its buffers are sized by
	// the cells it holds, so the text takes memory proportional to m.
	block := min(1024, max(1, 1<<16/max(cols, 1)))
	nb := (rows + block - 1) / block
	type cells struct {
		text  []byte
		ends  []int // end of cell k in text, row by row
		width []int // widest cell of each column in the block
	}
	blocks := make([]cells, nb)
	next := make(chan int, nb)
	for b := range nb {
		next <- b
	}
	close(next)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(nb, 1)) {
		wg.Go(func() {
			for b := range next {
				// 12 bytes a cell hold the longest six-digit forms
				// (−1.23456e-05), so the text rarely grows and copies.
				lo, hi := b*block, min((b+1)*block, rows)
				n := (hi - lo) * cols
				c := cells{text: make([]byte, 0, 12*n), ends: make([]int, 0, n), width: make([]int, cols)}
				for i := lo; i < hi; i++ {
					for j, v := range m.Row(i) {
						start := len(c.text)
						c.text = appendNumber(c.text, v)
						c.ends = append(c.ends, len(c.text))
						c.width[j] = max(c.width[j], len(c.text)-start)
					}
				}
				blocks[b] = c
			}
		})
	}
	wg.Wait()
	width := make([]int, cols)
	for _, c := range blocks {
		for j, wj := range c.width {
			width[j] = max(width[j], wj)
		}
	}
	var line []byte
	for _, c := range blocks {
		start := 0
		for k, end := range c.ends {
			j := k % cols
			if j == 0 {
				line = append(line[:0], ' ')
			}
			line = append(line, ' ')
			for range width[j] - (end - start) {
				line = append(line, ' ')
			}
			line = append(line, c.text[start:end]...)
			start = end
			if len(line) >= 1<<16 && j < cols-1 { // a long row goes out in pieces
				if _, err := w.Write(line); err != nil {
					return err
				}
				line = line[:0]
			}
			if j == cols-1 {
				line = append(line, '\n')
				if _, err := w.Write(line); err != nil {
					return err
				}
			}
		}
	}
	if cols == 0 { // rows of nothing: formatMatrix writes one space and a newline each
		for range rows {
			w.WriteString(" \n")
		}
	}
	return nil
}

// appendNumber appends formatNumber(v) to b without allocating (beyond
// b's growth; like appendG6 it may write past the result in b's spare
// capacity).
func appendNumber(b []byte, v float64) []byte {
	if v == 0 {
		v = 0 // print −0 as 0
	}
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.AppendFloat(b, v, 'f', -1, 64)
	}
	return appendG6(b, v)
}
