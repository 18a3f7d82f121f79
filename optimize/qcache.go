package optimize

import (
	"math"

	"mlnotes/matrix"
)

// qCache keeps recently used rows of the SMO Hessian Q in memory, up to a
// budget in megabytes, and forgets the least recently used row when the
// budget is spent (LRU). SMO touches two rows per iteration, and the same
// few hundred rows over and over, so the cache turns most row requests into
// a lookup instead of n kernel evaluations.
//
// Rows are stored in the problem's own index order, length n. While the
// solver has shrunk the problem, a row is computed only on the active
// columns: the columns missing from it are exactly the variables that had
// been shrunk when it was computed. The solver keeps those in an append-only
// log per epoch (an epoch ends when shrinking is undone), so a row only has
// to remember the prefix of the log that was current when it was computed.
// Within an epoch that prefix never meets the active set; in a later epoch,
// or when the whole row is needed, the missing columns are computed then.
type qCache struct {
	q       QMatrix
	n       int
	maxRows int
	rows    []*qRow      // rows[i] is the cached row of variable i, or nil
	lru     qRow         // sentinel of a circular list; lru.next is the most recent
	count   int          // rows allocated so far (at most maxRows)
	slab    []float64    // the rest of the current chunk of row memory, handed out a row at a time
	perSlab int          // rows per chunk
	pooled  []*[]float64 // the chunks taken from slabPool (qcache_pool.go)

	act *activeSet // the solver's active set, read at every request

	// symmetric is set when q declares Row exactly symmetric
	// (MirroredRows): an entry Qᵢⱼ of a new row i is then copied from
	// the cached row j when that row holds column i. rest is scratch for
	// the columns left to compute.
	symmetric bool
	rest      []int

	// Statistics for benchmarks and the result.
	requests, misses int
	entries          int64 // Q entries computed

	// err records the first non-finite entry of Q met; the solver stops
	// at the end of the step that met it.
	err error
}

// qRow is one cached row Q_i·.
type qRow struct {
	i          int
	data       []float64 // data[j] = Q_ij for every j not in miss
	miss       []int     // columns not computed yet; nil when the row is complete
	epoch      int       // the active-set epoch in which miss was recorded
	prev, next *qRow
}

// activeSet is the solver's view of shrinking: the active variables in
// increasing order, and the log of variables shrunk in the current epoch.
// Within an epoch, active = {0…n−1} \ log.
type activeSet struct {
	idx   []int // active variables, ascending
	log   []int // variables shrunk in this epoch, in the order they were shrunk
	epoch int
}

// slabBytes is the size of the chunks in which the cache takes memory for
// its rows (rowSlab): large enough for huge pages, small enough that a
// cache that stays small does not take much more than it uses.
const slabBytes = 16 << 20

// rowBytes is the memory a cached row of length n is charged: its float64s
// and a fixed overhead for the bookkeeping.
func rowBytes(n int) float64 { return float64(8*n + 96) }

// newQCache returns a cache of rows of q (n×n) that uses at most megabytes
// MB (2²⁰ bytes each), but always holds at least two rows, since an SMO
// step needs Q_i and Q_j at the same time.
func newQCache(q QMatrix, n int, megabytes float64, act *activeSet) *qCache {
	maxRows := int(megabytes * (1 << 20) / rowBytes(n))
	maxRows = max(2, min(maxRows, n))
	c := &qCache{q: q, n: n, maxRows: maxRows, rows: make([]*qRow, n), act: act, symmetric: mirrorEntries(q)}
	c.perSlab = max(1, min(maxRows, slabBytes/(8*n)))
	c.lru.next, c.lru.prev = &c.lru, &c.lru
	return c
}

// unlink removes r from the LRU list.
func (c *qCache) unlink(r *qRow) {
	r.prev.next = r.next
	r.next.prev = r.prev
}

// pushFront makes r the most recently used row.
func (c *qCache) pushFront(r *qRow) {
	r.next = c.lru.next
	r.prev = &c.lru
	c.lru.next.prev = r
	c.lru.next = r
}

// compute fills row r on the columns cols.
func (c *qCache) compute(r *qRow, cols []int) {
	if c.symmetric {
		cols = c.copyMirrored(r, cols)
	}
	if len(cols) == 0 {
		return
	}
	c.q.Row(r.i, cols, r.data)
	c.entries += int64(len(cols))
	if c.err == nil {
		for _, j := range cols {
			if v := r.data[j]; math.IsNaN(v) || math.IsInf(v, 0) {
				c.err = smoError(matrix.ErrNotFinite, "Q[%d][%d] = %v", r.i, j, v)
				break
			}
		}
	}
}

// copyMirrored sets r.data[j] = Qⱼᵢ for the columns j of cols whose own
// row is cached with column i = r.i, and returns the other columns, which
// are left to compute (in c.rest, valid until the next call).
//
// A cached row j holds column i when it is complete, or when it was
// computed in the current epoch: its missing columns are then variables
// shrunk before it was computed, and i, whose row is being asked for, is
// active, so it was active then too (within an epoch variables only leave
// the active set). The solver asks only for rows of active variables.
func (c *qCache) copyMirrored(r *qRow, cols []int) []int {
	i, epoch := r.i, c.act.epoch
	rest := c.rest[:0]
	for _, j := range cols {
		if o := c.rows[j]; o != nil && o != r && (o.miss == nil || o.epoch == epoch) {
			r.data[j] = o.data[i]
		} else {
			rest = append(rest, j)
		}
	}
	c.rest = rest
	return rest
}

// row returns Q_i· with every active column filled in. The slice stays
// valid until the next call that could evict it: two rows obtained by
// consecutive calls are both valid, because the cache holds at least two.
func (c *qCache) row(i int) []float64 {
	c.requests++
	if r := c.rows[i]; r != nil {
		if r.miss != nil && r.epoch != c.act.epoch {
			// Computed in an earlier epoch: its missing columns may be
			// active again.
			c.compute(r, r.miss)
			r.miss = nil
		}
		c.unlink(r)
		c.pushFront(r)
		return r.data
	}
	c.misses++
	r := c.take(i)
	c.compute(r, c.act.idx)
	r.miss, r.epoch = nil, c.act.epoch
	if len(c.act.log) > 0 {
		// The log may grow later by append; this prefix stays as it is.
		r.miss = c.act.log[:len(c.act.log):len(c.act.log)]
	}
	return r.data
}

// fullRow returns Q_i· with all n columns filled in.
func (c *qCache) fullRow(i int) []float64 {
	data := c.row(i)
	r := c.rows[i]
	if r.miss != nil {
		c.compute(r, r.miss)
		r.miss = nil
	}
	return data
}

// take returns a row structure for variable i, newly allocated while the
// budget allows and otherwise recycled from the least recently used row,
// and puts it at the front of the list.
func (c *qCache) take(i int) *qRow {
	var r *qRow
	if c.count < c.maxRows {
		if len(c.slab) == 0 {
			c.slab = c.newSlab(min(c.perSlab, c.maxRows-c.count) * c.n)
		}
		r = &qRow{data: c.slab[:c.n:c.n]}
		c.slab = c.slab[c.n:]
		c.count++
	} else {
		r = c.lru.prev // least recently used
		c.unlink(r)
		c.rows[r.i] = nil
	}
	r.i = i
	c.rows[i] = r
	c.pushFront(r)
	return r
}
