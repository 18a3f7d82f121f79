package optimize

import "sync"

// Row memory handed from one solver to the next. Every entry of a cached
// row is computed before it is read (the columns not computed yet are the
// row's miss list), so the memory need not be cleared, and a program that
// trains many SVMs — a benchmark loop, cross-validation, the one-versus-one
// machines of a multiclass model — need neither clear it nor fault it in
// again. Clearing the 100 MB cache of the 5000-point benchmark took 9 ms of
// each fit on one goroutine and 40 ms on two (the freed slabs came back
// from the heap and were cleared by the allocating goroutine), 16 % of the
// fit (docs/performance.md, SMO, two goroutines).

// slabPool holds standard slabs (slabBytes, from rowSlab) of solvers that
// have finished; the garbage collector empties it as it does any sync.Pool.
var slabPool sync.Pool

// standardSlab is the length in float64s of a pooled slab.
const standardSlab = slabBytes / 8

// newSlab returns memory for at least size float64s of rows, whose contents
// are arbitrary. Requests of half a standard slab or more take a standard
// slab, from the pool when one is there; the cache gives those back in
// release.
func (c *qCache) newSlab(size int) []float64 {
	if size > standardSlab || 2*size < standardSlab {
		return rowSlab(size)
	}
	p, _ := slabPool.Get().(*[]float64)
	if p == nil {
		s := rowSlab(standardSlab)
		p = &s
	}
	c.pooled = append(c.pooled, p)
	return (*p)[:size:size]
}

// release gives the cache's standard slabs back to the pool and forgets
// its rows; the cache must not be used afterwards.
func (c *qCache) release() {
	for _, p := range c.pooled {
		slabPool.Put(p)
	}
	c.pooled, c.rows, c.slab = nil, nil, nil
	c.lru.next, c.lru.prev = &c.lru, &c.lru
}
