//go:build !linux

package optimize

// hugePagesAdvised says that rowSlab aligns large slabs to huge pages.
const hugePagesAdvised = false

// hugePage is the size of a transparent huge page on Linux.
const hugePage = 2 << 20

// rowSlab returns a zeroed slice of n float64s for the rows of the cache.
func rowSlab(n int) []float64 { return make([]float64, n) }
