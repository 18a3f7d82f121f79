//go:build amd64 && !purego

package matrix

// rotForward4AVX2 applies rotations j = 0 … 4·blocks−1 of a forward
// sequence to the four rows that start at x, x+ld, x+2ld, x+3ld (the
// numbers of column 0 replaced by carry, whose final value — the pending
// column 4·blocks — it writes back to carry). rotations_amd64.s.
//
//go:noescape
func rotForward4AVX2(x *float64, ld int, c, s *float64, blocks int, carry *[4]float64)

// rotBackward4AVX2 applies rotations J−1 down to J−4·blocks of a backward
// sequence, x, c and s pointing at column J−4 and rotation J−4.
//
//go:noescape
func rotBackward4AVX2(x *float64, ld int, c, s *float64, blocks int, carry *[4]float64)

// rotateFast4 applies q to rows i … i+3 with the AVX2 kernel when the
// machine has it, and reports whether it did. The kernel does the
// rotations in blocks of four; the few left over, and the carried value,
// are finished by the scalar loops of rotations.go.
func rotateFast4(q *rotationSeq, i int) bool {
	k := len(q.c)
	if !hostCPU.avx2FMA || k < 4 {
		return false
	}
	ld := q.x.stride
	// Bounds: the four rows' columns lo … lo+k, checked once here.
	_ = q.x.data[(i+3)*ld+q.lo : (i+3)*ld+q.lo+k+1]
	s := q.s[:k]
	blocks := k / 4
	var carry [4]float64
	if !q.backward {
		for r := range 4 {
			carry[r] = q.x.data[(i+r)*ld+q.lo]
		}
		rotForward4AVX2(&q.x.data[i*ld+q.lo], ld, &q.c[0], &s[0], blocks, &carry)
		for r := range 4 {
			row := q.x.data[(i+r)*ld+q.lo:][:k+1]
			rotateForwardFrom(row, q.c, s, 4*blocks, carry[r])
		}
		return true
	}
	top := k - 4 // column J−4 of the first block, J = k
	for r := range 4 {
		carry[r] = q.x.data[(i+r)*ld+q.lo+k]
	}
	rotBackward4AVX2(&q.x.data[i*ld+q.lo+top], ld, &q.c[top], &s[top], blocks, &carry)
	for r := range 4 {
		row := q.x.data[(i+r)*ld+q.lo:][:k+1]
		rotateBackwardFrom(row, q.c, s, k-4*blocks, carry[r])
	}
	return true
}
