package learn

import (
	"cmp"
	"math"
	"slices"
)

// Ranks and sorted orders of columns with few distinct values.
//
// A tree's data needs, for each column, the rank of every value among the
// column's distinct values (sort mode, byte ranks) and, for the presorted
// lists, the samples ordered by (value, index). Sorting n values per
// column costs O(n log n) comparisons; a column of grey levels has at most
// 256 distinct values, which a small hash table finds in one pass. fewRanks
// does that, sorts the few distinct values, and ranks every sample through
// its table slot; countingOrder then lists the samples by rank in one
// counting pass, index order within a rank — the same order and ranks as
// the comparison sorts (−0 and +0 are one value in both), at O(n) per
// column. Columns with more than fewRanksMax distinct values fall back to
// the sorts.

// fewRanksMax is the most distinct values fewRanks handles.
const fewRanksMax = 1024

// fewRanks returns the rank of every value of col among its distinct values
// (0 for the smallest; −0 and +0 are one value) and the number of distinct
// values, or nil when there are more than fewRanksMax. col must be finite.
func fewRanks(col []float64) (rank []uint32, levels int) {
	const size = 2 * fewRanksMax // a power of two, at most half full
	const shift = 64 - 11        // log₂(size) = 11
	var keys [size]uint64
	var used [size]bool
	slots := make([]uint16, 0, fewRanksMax) // the used slots, in order of first appearance
	slotOf := make([]uint16, len(col))
	for i, v := range col {
		bits := math.Float64bits(v)
		if v == 0 {
			bits = 0 // −0 and +0 are one value
		}
		h := (bits * 0x9e3779b97f4a7c15) >> shift // Fibonacci hashing: the top bits of the product
		for used[h] && keys[h] != bits {
			h = (h + 1) & (size - 1)
		}
		if !used[h] {
			if len(slots) == fewRanksMax {
				return nil, 0
			}
			used[h], keys[h] = true, bits
			slots = append(slots, uint16(h))
		}
		slotOf[i] = uint16(h)
	}
	slices.SortFunc(slots, func(a, b uint16) int {
		return cmp.Compare(math.Float64frombits(keys[a]), math.Float64frombits(keys[b]))
	})
	var slotRank [size]uint32
	for r, h := range slots {
		slotRank[h] = uint32(r)
	}
	rank = make([]uint32, len(col))
	for i, h := range slotOf {
		rank[i] = slotRank[h]
	}
	return rank, len(slots)
}

// countingOrder returns 0…n−1 ordered by (rank[i], i), for ranks below
// levels: a stable counting sort.
func countingOrder(rank []uint32, levels int) []int32 {
	start := make([]int, levels+1)
	for _, r := range rank {
		start[r+1]++
	}
	for r := range levels {
		start[r+1] += start[r]
	}
	idx := make([]int32, len(rank))
	for i, r := range rank {
		idx[start[r]] = int32(i)
		start[r]++
	}
	return idx
}
