package learn

import (
	"math"

	"mlnotes/matrix"
)

// Kernel rows from one byte per feature (docs/performance.md, "SMO and the
// support vector machines", bytes for grey levels). A kernel row reads
// every active training point: for Fashion-MNIST's 784 pixels and a pair
// of classes of the 60 000-image set (12 000 points), 75 MB of float64 per
// row, beyond the core's caches, so the row is bound by memory traffic. The
// pixels take at most 256 distinct values (k/255), and so do the features
// of many data sets (grey levels, counts, one-hot codes): such a matrix is
// kept as one byte per entry, an index into a table of its distinct
// values, an eighth of the traffic (9.4 MB for that pair). The inner
// products read xⱼ's entries through the table: the same float64 numbers
// multiplied and added in the same order as dot4, so every kernel value
// is the same bits as from the float64 rows.
//
// Fashion-MNIST's images are half background (zeros), and a product with
// a zero entry of xᵢ adds ±0 to a partial sum that starts at +0 and so is
// never −0: the sum does not change. The inner products therefore run over
// the nonzero entries of xᵢ only (nonzeros, dot4CodesSparse), in the same
// order, when every entry of the table is finite (0·∞ would be NaN). At
// 10 000 images this halves the multiply-adds of a row and took the linear
// fit's kernel rows from 4.9 to 3.4 s of CPU time.

// byteRows is an n×d matrix with at most 256 distinct entries: entry
// (j, f) is table[codes[j·d + f]].
type byteRows struct {
	codes  []uint8
	table  [256]float64
	d      int
	finite bool // every entry of table is finite: zeros of xᵢ may be skipped
}

// newByteRows returns the byte form of the n×d row-major matrix x, or nil
// when x has more than 256 distinct entries (distinct bit patterns: 0 and
// −0 count as two). It stops at the 257th distinct entry, so data that do
// not qualify cost little more than the allocation.
func newByteRows(x []float64, d int) *byteRows {
	var coder matrix.ByteCoder
	b := &byteRows{codes: make([]uint8, len(x)), d: d}
	for k, v := range x {
		code, ok := coder.Code(v)
		if !ok {
			return nil
		}
		b.codes[k] = code
	}
	b.table = coder.Table()
	b.finite = true
	for _, v := range b.table[:coder.Len()] {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			b.finite = false
		}
	}
	return b
}

// row returns the codes of row j.
func (b *byteRows) row(j int) []uint8 { return b.codes[j*b.d : j*b.d+b.d] }

// dots sets dst[j] = xᵀxⱼ for j in cols, four rows at a time
// (dot4CodesSparse, or dot4Codes when the table holds an infinity or NaN).
func (b *byteRows) dots(x []float64, cols []int, dst []float64) {
	if b.finite {
		var posBuf [sparseBuf]int32
		var valBuf [sparseBuf]float64
		pos, val := posBuf[:0], valBuf[:0]
		if len(x) > sparseBuf {
			pos, val = make([]int32, 0, len(x)), make([]float64, 0, len(x))
		}
		pos, val = nonzeros(x, pos, val)
		c := 0
		for ; c+4 <= len(cols); c += 4 {
			j0, j1, j2, j3 := cols[c], cols[c+1], cols[c+2], cols[c+3]
			dst[j0], dst[j1], dst[j2], dst[j3] = dot4CodesSparse(pos, val, &b.table, b.row(j0), b.row(j1), b.row(j2), b.row(j3))
		}
		for ; c < len(cols); c++ {
			r := b.row(cols[c])
			dst[cols[c]], _, _, _ = dot4CodesSparse(pos, val, &b.table, r, r, r, r)
		}
		return
	}
	c := 0
	for ; c+4 <= len(cols); c += 4 {
		j0, j1, j2, j3 := cols[c], cols[c+1], cols[c+2], cols[c+3]
		dst[j0], dst[j1], dst[j2], dst[j3] = dot4Codes(x, &b.table, b.row(j0), b.row(j1), b.row(j2), b.row(j3))
	}
	for ; c < len(cols); c++ {
		s, _, _, _ := dot4Codes(x, &b.table, b.row(cols[c]), nil, nil, nil)
		dst[cols[c]] = s
	}
}

// dot4Codes returns xᵀr₀, xᵀr₁, xᵀr₂, xᵀr₃ for rows given by their codes
// in table, rounded and summed exactly as dot4 sums the float64 rows. A
// nil r₁ asks for xᵀr₀ alone (the others are then zero).
func dot4Codes(x []float64, table *[256]float64, r0, r1, r2, r3 []uint8) (s0, s1, s2, s3 float64) {
	r0 = r0[:len(x)]
	if r1 == nil {
		for f, v := range x {
			s0 += float64(v * table[r0[f]])
		}
		return s0, 0, 0, 0
	}
	r1, r2, r3 = r1[:len(x)], r2[:len(x)], r3[:len(x)]
	for f, v := range x {
		s0 += float64(v * table[r0[f]])
		s1 += float64(v * table[r1[f]])
		s2 += float64(v * table[r2[f]])
		s3 += float64(v * table[r3[f]])
	}
	return s0, s1, s2, s3
}

// sparseBuf is the length up to which dots keeps the nonzero entries of
// xᵢ on the stack (12 KiB).
const sparseBuf = 1024

// nonzeros appends to pos and val (empty, capacity len(x)) the positions f
// of the nonzero entries of x, in increasing order, and the entries x[f].
// Every entry is written and the length advances past the nonzero ones,
// without a branch on the value (half of an image's pixels are zero, at
// random: a branch would be mispredicted half of the time).
func nonzeros(x []float64, pos []int32, val []float64) ([]int32, []float64) {
	pos, val = pos[:len(x)], val[:len(x)]
	k := 0
	for f, v := range x {
		pos[k], val[k] = int32(f), v
		k += nonzero(v)
	}
	return pos[:k], val[:k]
}

// nonzero returns 1 if v ≠ 0 (NaN included) and 0 for ±0.
func nonzero(v float64) int {
	return int((math.Float64bits(v)<<1 | -(math.Float64bits(v) << 1)) >> 63)
}

// dot4CodesSparse returns xᵀr₀, xᵀr₁, xᵀr₂, xᵀr₃ from the nonzero entries
// of x (positions pos, values val, from nonzeros): the sums of dot4Codes
// without their zero terms, the same bits when the table is finite.
func dot4CodesSparse(pos []int32, val []float64, table *[256]float64, r0, r1, r2, r3 []uint8) (s0, s1, s2, s3 float64) {
	val = val[:len(pos)]
	for k, f := range pos {
		v := val[k]
		s0 += float64(v * table[r0[f]])
		s1 += float64(v * table[r1[f]])
		s2 += float64(v * table[r2[f]])
		s3 += float64(v * table[r3[f]])
	}
	return s0, s1, s2, s3
}
