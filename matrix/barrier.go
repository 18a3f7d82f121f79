package matrix

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// barrier holds the workers of a parallel product until all of them have
// reached it (docs/performance.md, "Matrix kernels", two goroutines). The
// product used to start its goroutines anew for every block of kc inner
// indices, twice (packing B̃, then the row blocks), and each start woke a
// sleeping thread, which takes 50–150 µs on the two-vCPU guest of the
// measurements, as long as a third of a block's work. The workers now live
// for the whole product and wait here between blocks: first by yielding
// barrierSpin times (some 20–60 µs), since the others usually arrive
// within that, and only then asleep.
type barrier struct {
	n       int32
	arrived atomic.Int32
	gen     atomic.Uint32 // how many times the barrier has opened
	mu      sync.Mutex
	cond    sync.Cond
}

// barrierSpin is the number of yields (runtime.Gosched, 0.1–0.3 µs each
// when nothing else is runnable) before a waiting worker sleeps.
const barrierSpin = 200

func newBarrier(n int) *barrier {
	b := &barrier{n: int32(n)}
	b.cond.L = &b.mu
	return b
}

// wait returns when all n workers have called it (once per opening); with
// one worker it returns at once.
func (b *barrier) wait() {
	if b.n <= 1 {
		return
	}
	g := b.gen.Load()
	if b.arrived.Add(1) == b.n {
		b.arrived.Store(0)
		b.mu.Lock()
		b.gen.Add(1)
		b.mu.Unlock()
		b.cond.Broadcast()
		return
	}
	for range barrierSpin {
		if b.gen.Load() != g {
			return
		}
		runtime.Gosched()
	}
	b.mu.Lock()
	for b.gen.Load() == g {
		b.cond.Wait()
	}
	b.mu.Unlock()
}
