package eigen

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// parallelChunks calls f(lo, hi) for the consecutive chunks
// [0, chunk), [chunk, 2·chunk), … that cover [0, n), spread over up to
// GOMAXPROCS goroutines.
//
// Every caller gives the chunks disjoint memory to write (rows of a
// product, independent roots, columns of rotated rows) and either fixes the
// chunk size by the problem alone or splits work that is elementwise (a
// plane rotation), so the results are the same bit for bit whatever
// GOMAXPROCS is.
func parallelChunks(n, chunk int, f func(lo, hi int)) {
	chunks := (n + chunk - 1) / chunk
	workers := min(runtime.GOMAXPROCS(0), chunks)
	if workers <= 1 {
		for lo := 0; lo < n; lo += chunk {
			f(lo, min(lo+chunk, n))
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				c := int(next.Add(1)) - 1
				if c >= chunks {
					return
				}
				f(c*chunk, min((c+1)*chunk, n))
			}
		}()
	}
	wg.Wait()
}

// parallelDo runs a and b concurrently when more than one processor is
// available, and in order otherwise. They must write disjoint memory.
func parallelDo(a, b func()) {
	if runtime.GOMAXPROCS(0) == 1 {
		a()
		b()
		return
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		a()
	}()
	b()
	wg.Wait()
}
