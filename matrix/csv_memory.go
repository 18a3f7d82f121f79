package matrix

// The memory a CSV reader holds, compared with MemoryLimit as it grows, so
// that a table too large for the process is refused with ErrTooLarge, in
// one line naming the size and the limit, instead of ending the process in
// the Go runtime's "fatal error: out of memory" (issue 25).

import (
	"fmt"
	"runtime"
)

// held is the memory of the reader's buffers: the buffered reader, a long
// line (with the pieces of one being assembled), and the quoted path's
// fields with 16 bytes a field for their ends and lines.
func (c *CSVRecords) held() int64 {
	return AddBytes(int64(c.br.Size()), int64(cap(c.raw)), int64(c.spill), int64(cap(c.packed)),
		FloatBytes(cap(c.endbuf)), FloatBytes(cap(c.fldbuf)))
}

// Footprint returns the bytes the reader holds in its buffers: the
// buffered reader, the current line when it is longer than that buffer,
// and the fields of a quoted record. A caller that keeps what it reads
// adds it to its own memory when it checks against MemoryLimit.
func (c *CSVRecords) Footprint() int64 { return c.held() }

// checkLine refuses with ErrTooLarge a line whose assembly would need
// more than MemoryLimit: what the reader holds and add bytes more.
func (c *CSVRecords) checkLine(add int) error {
	total := AddBytes(c.held(), int64(add))
	if limit := MemoryLimit(); total > limit {
		return &Error{Op: "read csv", Err: ErrTooLarge, Detail: fmt.Sprintf(
			"line %d: a line of more than %s needs %s to be read, the limit is %s",
			c.lines+1, FormatBytes(int64(len(c.raw)+c.spill)), FormatBytes(total), FormatBytes(limit))}
	}
	return nil
}

// growCells makes room in data for one more record of width numbers,
// found on line, for operation op. held is what the reader holds besides.
// The storage grows by a quarter (at least one record, and double while it
// is small), so reading n numbers copies about 4n of them; while it grows
// the old and the new storage are both alive, and their sum with held must
// fit within MemoryLimit, or the table is refused with ErrTooLarge.
func growCells(op string, data []float64, width, line int, held int64) ([]float64, error) {
	if cap(data)-len(data) >= width {
		return data, nil
	}
	grown := len(data) + max(width, len(data)/4)
	if len(data) < 1<<16 {
		grown = max(grown, 2*len(data))
	}
	total := AddBytes(held, FloatBytes(cap(data)), FloatBytes(grown))
	if limit := MemoryLimit(); total > limit {
		rows := len(data)/width + 1
		return nil, &Error{Op: op, Err: ErrTooLarge, Detail: fmt.Sprintf(
			"line %d: %d rows of %d numbers need %s while the table grows (%s of numbers), the limit is %s",
			line, rows, width, FormatBytes(total), FormatBytes(FloatBytes(rows, width)), FormatBytes(limit))}
	}
	grownData := append(make([]float64, 0, grown), data...)
	collectGarbage(FloatBytes(cap(data)))
	return grownData, nil
}

// collectGarbage runs the garbage collector when a reader has just let go
// of more than an eighth of MemoryLimit (the pieces of a long line, the
// storage a growing table left): under an address-space limit (ulimit -v)
// the runtime would otherwise map fresh memory for the next large
// allocation while that garbage still holds its share, and end in "fatal
// error: out of memory" below the limit the checks counted with.
func collectGarbage(freed int64) {
	if freed > MemoryLimit()/8 {
		runtime.GC()
	}
}
