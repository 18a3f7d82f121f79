package optimize

import (
	"slices"
	"testing"
)

// countingQ is Qᵢⱼ = 100i + j, and records every column it computes.
type countingQ struct {
	n       int
	entries map[[2]int]int
}

func (q *countingQ) Size() int          { return q.n }
func (q *countingQ) Diag(i int) float64 { return float64(101 * i) }
func (q *countingQ) Row(i int, cols []int, dst []float64) {
	for _, j := range cols {
		dst[j] = float64(100*i + j)
		q.entries[[2]int{i, j}]++
	}
}

func newTestCache(n, rows int) (*qCache, *countingQ, *activeSet) {
	q := &countingQ{n: n, entries: map[[2]int]int{}}
	act := &activeSet{}
	for i := range n {
		act.idx = append(act.idx, i)
	}
	mb := float64(rows) * rowBytes(n) / (1 << 20)
	return newQCache(q, n, mb, act), q, act
}

// The cache holds as many rows as the budget allows, evicts the least
// recently used one, and returns correct rows.
func TestQCacheLRU(t *testing.T) {
	c, q, _ := newTestCache(6, 3)
	if c.maxRows != 3 {
		t.Fatalf("maxRows = %d, want 3", c.maxRows)
	}
	for _, i := range []int{0, 1, 2, 0, 3} { // 3 evicts 1, the least recent
		r := c.row(i)
		for j := range 6 {
			if r[j] != float64(100*i+j) {
				t.Fatalf("row %d col %d = %v", i, j, r[j])
			}
		}
	}
	if c.rows[1] != nil || c.rows[0] == nil || c.rows[2] == nil || c.rows[3] == nil {
		t.Errorf("cached rows after 0 1 2 0 3: %v", cachedRows(c))
	}
	if c.requests != 5 || c.misses != 4 {
		t.Errorf("%d requests, %d misses; want 5, 4", c.requests, c.misses)
	}
	// Every entry was computed once.
	for k, v := range q.entries {
		if v != 1 {
			t.Errorf("entry %v computed %d times", k, v)
		}
	}
	// The budget never goes below two rows: an SMO step needs Q_i and Q_j.
	small, _, _ := newTestCache(6, 0)
	if small.maxRows != 2 {
		t.Errorf("a tiny budget gives %d rows, want 2", small.maxRows)
	}
	a := small.row(4)
	b := small.row(5)
	if a[0] != 400 || b[0] != 500 {
		t.Errorf("two rows from a two-row cache: %v %v", a[0], b[0])
	}
}

func cachedRows(c *qCache) []int {
	var s []int
	for i, r := range c.rows {
		if r != nil {
			s = append(s, i)
		}
	}
	return s
}

// Rows computed while shrunk hold only the active columns; a full row or
// a later epoch computes exactly the missing ones.
func TestQCacheShrinking(t *testing.T) {
	c, q, act := newTestCache(5, 4)
	// Shrink 1 and 3.
	act.idx = []int{0, 2, 4}
	act.log = []int{1, 3}
	r := c.row(2)
	if q.entries[[2]int{2, 1}] != 0 || q.entries[[2]int{2, 3}] != 0 || r[4] != 204 {
		t.Fatalf("row 2 on the active set computed %v", q.entries)
	}
	// Shrink 4 as well; row 2 stays valid without new work.
	act.idx = []int{0, 2}
	act.log = append(act.log, 4)
	before := len(q.entries)
	c.row(2)
	if len(q.entries) != before {
		t.Errorf("row 2 recomputed within an epoch")
	}
	// A new row in this epoch misses 1, 3 and 4.
	c.row(0)
	if !slices.Equal(c.rows[0].miss, []int{1, 3, 4}) {
		t.Errorf("row 0 misses %v, want [1 3 4]", c.rows[0].miss)
	}
	// The full row computes the missing columns once.
	full := c.fullRow(2)
	for j := range 5 {
		if full[j] != float64(200+j) || q.entries[[2]int{2, j}] != 1 {
			t.Errorf("full row 2, column %d: %v computed %d times", j, full[j], q.entries[[2]int{2, j}])
		}
	}
	// Unshrink: a new epoch, row 0 is completed on first use.
	act.idx = []int{0, 1, 2, 3, 4}
	act.log = nil
	act.epoch++
	r0 := c.row(0)
	for j := range 5 {
		if r0[j] != float64(j) || q.entries[[2]int{0, j}] != 1 {
			t.Errorf("row 0 after unshrink, column %d: %v computed %d times", j, r0[j], q.entries[[2]int{0, j}])
		}
	}
	if c.rows[0].miss != nil {
		t.Errorf("row 0 still misses %v", c.rows[0].miss)
	}
}
