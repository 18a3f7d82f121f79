package matrix

import "runtime"

// Whole-matrix passes (the largest |aᵢⱼ| of NormMax, the column sums of
// ColMeans) read a data matrix once and do almost no arithmetic: they run
// at the speed of memory, which one core cannot use up. Above passParallel
// elements their rows are shared among GOMAXPROCS workers, in a way that
// keeps the results independent of the number of workers: a maximum does
// not depend on the order in which it is taken, and sums are formed per
// fixed block of passBlockRows rows and the blocks added in order.

const (
	// passParallel is the number of elements (8 MiB) from which a pass is
	// shared among workers: about a millisecond of reading on one core,
	// far more than the cost of starting the goroutines.
	passParallel = 1 << 20
	// passBlockRows is the number of rows whose column sums are formed
	// together before being added to the others.
	passBlockRows = 1024
)

// passWorkers returns the number of workers for a pass over a.
func passWorkers(a *Dense) int {
	if a.rows*a.cols < passParallel {
		return 1
	}
	return min(runtime.GOMAXPROCS(0), a.rows)
}

// forRowRanges calls f(w, lo, hi) for `workers` contiguous ranges of the
// rows 0…rows−1, concurrently when workers > 1.
func forRowRanges(rows, workers int, f func(w, lo, hi int)) {
	parallelFor(workers, func(w int) {
		f(w, w*rows/workers, (w+1)*rows/workers)
	})
}

// forRowBlocks calls f(b, lo, hi) for the blocks of passBlockRows rows,
// the blocks dealt out to `workers` workers in contiguous runs.
func forRowBlocks(rows, workers int, f func(b, lo, hi int)) {
	blocks := ceilDiv(rows, passBlockRows)
	forRowRanges(blocks, min(workers, blocks), func(_, b0, b1 int) {
		for b := b0; b < b1; b++ {
			f(b, b*passBlockRows, min((b+1)*passBlockRows, rows))
		}
	})
}
