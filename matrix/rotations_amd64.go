//go:build amd64 && !purego

package matrix

// The vector kernels of the rotation sequences (rotations_amd64.s). Each
// applies rotations in blocks of four to a group of rows that start at x,
// x+ld, x+2ld, …, the carried values of the rows in carry (the numbers of
// column 0, forward, or of the highest column, backward, replaced by it);
// carry returns the value pending after the last block.

// rotForward4AVX2 applies rotations 0 … 4·blocks−1 of a forward sequence
// to four rows.
//
//go:noescape
func rotForward4AVX2(x *float64, ld int, c, s *float64, blocks int, carry *[4]float64)

// rotBackward4AVX2 applies rotations J−1 down to J−4·blocks of a backward
// sequence to four rows, x, c and s pointing at column and rotation J−4.
//
//go:noescape
func rotBackward4AVX2(x *float64, ld int, c, s *float64, blocks int, carry *[4]float64)

// rotForward8AVX512 is rotForward4AVX2 on eight rows, as two interleaved
// groups of four (AVX-512 VL for the second group's registers).
//
//go:noescape
func rotForward8AVX512(x *float64, ld int, c, s *float64, blocks int, carry *[8]float64)

// rotBackward8AVX512 is rotBackward4AVX2 on eight rows.
//
//go:noescape
func rotBackward8AVX512(x *float64, ld int, c, s *float64, blocks int, carry *[8]float64)

// rotateFast applies q to rows i … i+rows−1 with a vector kernel when the
// machine has one for that many rows (8 with AVX-512, 4 with AVX2) and
// the sequence has at least four rotations, and reports whether it did.
// The rotations left over after the blocks of four, and the carried
// values, are finished by the scalar loops of rotations.go.
func rotateFast(q *rotationSeq, i, rows int) bool {
	k := len(q.c)
	switch {
	case k < 4:
		return false
	case rows == 8 && !hostCPU.avx512vl:
		return false
	case rows == 4 && !hostCPU.avx2FMA:
		return false
	case rows != 4 && rows != 8:
		return false
	}
	ld := q.x.stride
	// Bounds: the rows' columns lo … lo+k, checked once here.
	_ = q.x.data[(i+rows-1)*ld+q.lo : (i+rows-1)*ld+q.lo+k+1]
	s := q.s[:k]
	blocks := k / 4
	var carry [8]float64
	first, cs, ss := q.lo, &q.c[0], &s[0] // forward: from column 0
	if q.backward {
		first = q.lo + k - 4 // backward: column J−4 of the first block, J = k
		cs, ss = &q.c[k-4], &s[k-4]
	}
	for r := range rows {
		if q.backward {
			carry[r] = q.x.data[(i+r)*ld+q.lo+k]
		} else {
			carry[r] = q.x.data[(i+r)*ld+q.lo]
		}
	}
	x := &q.x.data[i*ld+first]
	switch {
	case rows == 8 && q.backward:
		rotBackward8AVX512(x, ld, cs, ss, blocks, &carry)
	case rows == 8:
		rotForward8AVX512(x, ld, cs, ss, blocks, &carry)
	case q.backward:
		rotBackward4AVX2(x, ld, cs, ss, blocks, (*[4]float64)(carry[:4]))
	default:
		rotForward4AVX2(x, ld, cs, ss, blocks, (*[4]float64)(carry[:4]))
	}
	for r := range rows {
		row := q.x.data[(i+r)*ld+q.lo:][:k+1]
		if q.backward {
			rotateBackwardFrom(row, q.c, s, k-4*blocks, carry[r])
		} else {
			rotateForwardFrom(row, q.c, s, 4*blocks, carry[r])
		}
	}
	return true
}
