package optimize

import (
	"testing"
	"unsafe"
)

// TestRowSlab: the slab has the length asked for, no spare capacity (a
// row cut from it cannot grow into the next), zeros only, and every entry
// can be written; the large sizes start on a 2 MiB boundary on Linux.
func TestRowSlab(t *testing.T) {
	for _, n := range []int{0, 1, 1000, hugePage/8 - 1, 2*hugePage/8 + 3, slabBytes / 8} {
		s := rowSlab(n)
		if len(s) != n || cap(s) != n {
			t.Fatalf("rowSlab(%d): length %d, capacity %d", n, len(s), cap(s))
		}
		for i, v := range s {
			if v != 0 {
				t.Fatalf("rowSlab(%d)[%d] = %v, want 0", n, i, v)
			}
			s[i] = float64(i)
		}
		if n >= 2*hugePage/8 && hugePagesAdvised && uintptr(unsafe.Pointer(unsafe.SliceData(s)))%hugePage != 0 {
			t.Errorf("rowSlab(%d) does not start on a 2 MiB boundary", n)
		}
	}
}

// TestQCacheRowsFromSlabs: rows cut from several chunks hold their own
// values (no two rows share memory), also after eviction recycles them.
func TestQCacheRowsFromSlabs(t *testing.T) {
	const n = 40
	c, _, _ := newTestCache(n, 30)
	c.perSlab = 7 // chunks of 7 rows: 30 rows take five chunks
	for round := range 2 {
		for i := range n {
			r := c.row((i + round*13) % n)
			if len(r) != n || cap(r) != n {
				t.Fatalf("row of length %d, capacity %d", len(r), cap(r))
			}
		}
		for i, r := range c.rows {
			if r == nil {
				continue
			}
			for j, v := range r.data {
				if v != float64(100*i+j) {
					t.Fatalf("round %d: row %d col %d = %v", round, i, j, v)
				}
			}
		}
	}
	if c.count != 30 {
		t.Errorf("%d rows allocated, want 30", c.count)
	}
}
