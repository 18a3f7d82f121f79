package matrix

import "math"

// One byte per number, for matrices with few distinct values.
//
// Many data matrices hold at most 256 distinct numbers: the grey levels
// of an image (k/255 for k = 0 … 255), counts, one-hot codes. Such a
// matrix can be kept as one byte per entry, an index into a table of its
// distinct values, an eighth of the memory of float64 and an eighth of
// the traffic of every pass over it, while every entry read back through
// the table is the same float64 as before, bit for bit. The products of
// a fitted model's parameters with a large data matrix are bound by that
// traffic (docs/performance.md, "Logistic and softmax regression"), and
// so are the kernel rows of an SVM.

// ByteCoder gives the distinct numbers it is shown one-byte codes, in the
// order it first sees them, up to 256 of them. Numbers are distinct when
// their bit patterns differ: 0 and −0 get two codes, and so do NaNs with
// different payloads, so that the table gives back exactly the numbers
// coded. The zero value is ready to use.
type ByteCoder struct {
	// An open-addressing hash of the bit patterns: 512 slots for at most
	// 256 keys; slot holds the code + 1 (0: empty).
	keys  [2 * 256]uint64
	slot  [2 * 256]uint16
	table [256]float64
	n     int
	// the last number coded and its code: runs of equal numbers (the
	// background of an image) skip the hash
	lastBits uint64
	lastCode uint8
	haveLast bool
}

// Code returns the code of v, giving it the next free code if v is new,
// and false when v is new and all 256 codes are taken.
func (c *ByteCoder) Code(v float64) (uint8, bool) {
	bits := math.Float64bits(v)
	if c.haveLast && bits == c.lastBits {
		return c.lastCode, true
	}
	const slots = uint64(len(c.keys))
	h := (bits * 0x9E3779B97F4A7C15) >> 55 // 9 bits: 0 … 511
	for c.slot[h] != 0 && c.keys[h] != bits {
		h = (h + 1) % slots
	}
	if c.slot[h] == 0 {
		if c.n == len(c.table) {
			return 0, false
		}
		c.keys[h], c.slot[h] = bits, uint16(c.n+1)
		c.table[c.n] = v
		c.n++
	}
	c.lastBits, c.lastCode, c.haveLast = bits, uint8(c.slot[h]-1), true
	return c.lastCode, true
}

// Table returns the table of the codes given so far: entry k is the
// number coded k, and entries past Len are zero.
func (c *ByteCoder) Table() [256]float64 { return c.table }

// Len returns the number of codes given.
func (c *ByteCoder) Len() int { return c.n }
