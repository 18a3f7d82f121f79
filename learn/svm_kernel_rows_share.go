package learn

import "sync/atomic"

// Sharing a long kernel row between goroutines (docs/performance.md, "SMO
// and the support vector machines", two goroutines). A goroutine started
// for a row runs on a thread that must first be woken: 50–150 µs on the
// two-vCPU guest of the measurements, milliseconds when the other vCPU is
// busy with another process. A row of 5000 columns × 20 features takes
// about 60 µs, so the halves of a static split waited for that thread, and
// the SMO fit ran 1.3–1.4× slower on two goroutines than on one. Here the
// goroutine that asks for the row never waits for help that has not begun:
// the row is cut into chunks that the goroutines take in turn, the asking
// goroutine starts at once and takes every chunk if the helpers are late,
// and it waits at the end only for chunks a helper has begun. Rows are
// shared only from rowShareWork multiply-adds, several wake-ups' worth of
// work, so that a helper usually gets a share of the row.

// rowShareWork is the number of multiply-adds (columns × features) from
// which a row is shared: 2²⁰ take about 0.6 ms on one core, four times the
// slowest wake-up measured on an otherwise idle core.
const rowShareWork = 1 << 20

// rowChunk is the number of columns a goroutine takes at a time: a few
// microseconds of work even for short rows, so the asking goroutine never
// waits long for a chunk a helper has begun.
const rowChunk = 256

// rowShare is one row being filled by several goroutines.
type rowShare struct {
	q              *kernelRows
	i              int
	cols           []int
	dst            []float64
	chunks         int
	next, finished atomic.Int64
	done           chan struct{} // closed when every chunk is filled
}

// share fills the row as Row does, with up to workers − 1 helpers. Each
// entry is written by exactly one goroutine and depends only on xᵢ and xⱼ,
// so the row is the same bits whoever fills which chunk.
func (q *kernelRows) share(i int, cols []int, dst []float64, workers int) {
	s := &rowShare{q: q, i: i, cols: cols, dst: dst, chunks: (len(cols) + rowChunk - 1) / rowChunk, done: make(chan struct{})}
	for range min(workers, s.chunks) - 1 {
		go s.work()
	}
	s.work()
	<-s.done
}

// work fills chunks of the row until none is left to take; the goroutine
// that fills the last one closes done.
func (s *rowShare) work() {
	for {
		c := int(s.next.Add(1)) - 1
		if c >= s.chunks {
			return
		}
		lo := c * rowChunk
		s.q.fill(s.i, s.cols[lo:min(lo+rowChunk, len(s.cols))], s.dst)
		if int(s.finished.Add(1)) == s.chunks {
			close(s.done)
		}
	}
}
