package matrix

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// The goroutines of the parallel kernels. A goroutine started with go,
// or a parked one woken, runs only once the runtime has woken a sleeping
// thread for it, and on the two-vCPU guest of the measurements that takes
// 0.13–0.26 ms: at n = 512 GEMM's second worker started that late into a
// product of 2.3 ms (docs/performance.md, "Matrix kernels"). The helpers
// here outlive the call that started them: after its work, a helper waits
// for the next for helperSpin, yielding (runtime.Gosched) rather than
// sleeping, and only then parks. A product that follows another within
// that time, as in the blocked factorizations and the benchmarks' loops,
// hands its work to a helper that is already running. Spinning costs at
// most helperSpin of CPU time per parallel call, and none with GOMAXPROCS
// = 1; OpenBLAS's threads spin for much longer.
//
// The caller, once its own share is done, waits for the helpers the same
// way, yielding for up to helperSpin and only then asleep: a sleeping
// caller is woken onto the helper's thread, and the helper, which then
// yields to it, waits for a thread again.

// helperSpin is how long an idle helper, or a caller waiting for its
// helpers, yields before it sleeps.
const helperSpin = 50 * time.Microsecond

// maxIdleHelpers bounds the helpers kept waiting; more exit after their work.
const maxIdleHelpers = 64

// helperJob is worker w's share of a parallelFor call.
type helperJob struct {
	f       func(w int)
	w       int
	pending *atomic.Int32 // the helpers of the call not yet finished
	wg      *sync.WaitGroup
}

// helper is a goroutine that runs the jobs sent to it, one at a time.
type helper struct{ jobs chan helperJob }

// idleHelpers holds the helpers waiting for work, the last one to finish on
// top (the likeliest to be still spinning).
var idleHelpers struct {
	sync.Mutex
	list []*helper
}

// parallelFor runs f(0), …, f(workers−1), concurrently when workers > 1
// (just f(0) when workers ≤ 1), and returns when all have finished: f(0)
// on the calling goroutine, the others on helpers.
func parallelFor(workers int, f func(w int)) {
	if workers <= 1 {
		f(0)
		return
	}
	var pending atomic.Int32
	var wg sync.WaitGroup
	pending.Store(int32(workers - 1))
	wg.Add(workers - 1)
	for w := 1; w < workers; w++ {
		dispatch(helperJob{f: f, w: w, pending: &pending, wg: &wg})
	}
	f(0)
	spinUntil(func() bool { return pending.Load() == 0 })
	wg.Wait()
}

// dispatch hands j to an idle helper, or to a new one.
func dispatch(j helperJob) {
	idleHelpers.Lock()
	var h *helper
	if k := len(idleHelpers.list); k > 0 {
		h = idleHelpers.list[k-1]
		idleHelpers.list = idleHelpers.list[:k-1]
	}
	idleHelpers.Unlock()
	if h == nil {
		h = &helper{jobs: make(chan helperJob, 1)}
		go h.loop()
	}
	h.jobs <- j // never blocks: an idle helper's channel is empty
}

// loop runs the helper's jobs; it returns when too many helpers are idle.
func (h *helper) loop() {
	for j := range h.jobs {
		j.f(j.w)
		j.pending.Add(-1)
		j.wg.Done()
		idleHelpers.Lock()
		keep := len(idleHelpers.list) < maxIdleHelpers
		if keep {
			idleHelpers.list = append(idleHelpers.list, h)
		}
		idleHelpers.Unlock()
		if !keep {
			return
		}
		// Wait for the next job awake for a while; the range above then
		// takes it, at once if it came.
		spinUntil(func() bool { return len(h.jobs) > 0 })
	}
}

// spinUntil yields until done reports true or helperSpin has passed, and
// returns at once with GOMAXPROCS = 1, where yielding only delays the
// goroutine that would make done true.
func spinUntil(done func() bool) {
	if done() || runtime.GOMAXPROCS(0) == 1 {
		return
	}
	start := time.Now()
	for !done() && time.Since(start) < helperSpin {
		runtime.Gosched()
	}
}
