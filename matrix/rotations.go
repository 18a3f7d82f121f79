package matrix

import (
	"runtime"
	"sync"
)

// Sequences of plane rotations applied to the columns of a matrix, the way
// the bidiagonal QR iteration updates its singular vectors (LAPACK's dlasr
// with pivot "variable"). Rotation j of a sequence acts on columns j and
// j+1:
//
//	xⱼ ← cⱼ xⱼ + sⱼ xⱼ₊₁,   xⱼ₊₁ ← cⱼ xⱼ₊₁ − sⱼ xⱼ.
//
// In row-major storage a column rotation touches two neighbours in every
// row, so the whole sequence is applied one row at a time: the row stays
// in registers and L1, and the updated xⱼ₊₁ is carried from one rotation
// to the next. Rows are independent, so they are shared among goroutines
// when there is enough work, and the result does not depend on how many.

// rotationSeq is a sequence of rotations on columns lo … lo+len(c) of a
// matrix, applied in increasing order of j (forward) or decreasing.
type rotationSeq struct {
	x        *Dense
	lo       int
	c, s     []float64
	backward bool
}

// applyRow applies the sequence to one row.
func (q *rotationSeq) applyRow(row []float64) {
	x := row[q.lo : q.lo+len(q.c)+1]
	c, s := q.c, q.s
	if !q.backward {
		carry := x[0]
		for j := range c {
			y := x[j+1]
			x[j] = c[j]*carry + s[j]*y
			carry = c[j]*y - s[j]*carry
		}
		x[len(c)] = carry
		return
	}
	carry := x[len(c)]
	for j := len(c) - 1; j >= 0; j-- {
		y := x[j]
		x[j+1] = c[j]*carry - s[j]*y
		carry = s[j]*carry + c[j]*y
	}
	x[0] = carry
}

// applyRows applies the sequence to rows i0 … i1−1, four rows at once: the carried value makes each row a chain
// of dependent multiply-adds, and four independent chains keep the
// arithmetic units busy while each waits for its previous result.
func (q *rotationSeq) applyRows(i0, i1 int) {
	i := i0
	k := len(q.c)
	kernel := rotateForward4
	if q.backward {
		kernel = rotateBackward4
	}
	for ; i+8 <= i1 && rotateFast(q, i, 8); i += 8 {
	}
	for ; i+4 <= i1; i += 4 {
		if rotateFast(q, i, 4) {
			continue
		}
		kernel(q.x.Row(i)[q.lo:q.lo+k+1], q.x.Row(i + 1)[q.lo:q.lo+k+1],
			q.x.Row(i + 2)[q.lo:q.lo+k+1], q.x.Row(i + 3)[q.lo:q.lo+k+1], q.c, q.s)
	}
	for ; i < i1; i++ {
		q.applyRow(q.x.Row(i))
	}
}

// rotateForwardFrom finishes a forward sequence on one row x (length
// len(c)+1) from rotation j0 on, a being the carried value that belongs in
// x[j0]; the vector kernels end with it after their blocks of four.
func rotateForwardFrom(x, c, s []float64, j0 int, a float64) {
	k := len(c)
	x, s = x[:k+1], s[:k]
	for j := j0; j < k; j++ {
		y := x[j+1]
		x[j] = c[j]*a + s[j]*y
		a = c[j]*y - s[j]*a
	}
	x[k] = a
}

// rotateBackwardFrom finishes a backward sequence on one row x with
// rotations j1−1 down to 0, a being the carried value that belongs in
// x[j1].
func rotateBackwardFrom(x, c, s []float64, j1 int, a float64) {
	x, s = x[:len(c)+1], s[:len(c)]
	for j := j1 - 1; j >= 0; j-- {
		y := x[j]
		x[j+1] = c[j]*a - s[j]*y
		a = s[j]*a + c[j]*y
	}
	x[0] = a
}

// rotateForward4 is applyRow for a forward sequence on four rows of equal
// length len(c)+1, interleaved.
func rotateForward4(x0, x1, x2, x3, c, s []float64) {
	k := len(c)
	s = s[:k]
	x0, x1, x2, x3 = x0[:k+1], x1[:k+1], x2[:k+1], x3[:k+1]
	a0, a1, a2, a3 := x0[0], x1[0], x2[0], x3[0]
	for j, cj := range c {
		sj := s[j]
		y0, y1, y2, y3 := x0[j+1], x1[j+1], x2[j+1], x3[j+1]
		x0[j] = cj*a0 + sj*y0
		x1[j] = cj*a1 + sj*y1
		x2[j] = cj*a2 + sj*y2
		x3[j] = cj*a3 + sj*y3
		a0 = cj*y0 - sj*a0
		a1 = cj*y1 - sj*a1
		a2 = cj*y2 - sj*a2
		a3 = cj*y3 - sj*a3
	}
	x0[k], x1[k], x2[k], x3[k] = a0, a1, a2, a3
}

// rotateBackward4 is applyRow for a backward sequence on four rows of
// equal length len(c)+1, interleaved.
func rotateBackward4(x0, x1, x2, x3, c, s []float64) {
	k := len(c)
	s = s[:k]
	x0, x1, x2, x3 = x0[:k+1], x1[:k+1], x2[:k+1], x3[:k+1]
	a0, a1, a2, a3 := x0[k], x1[k], x2[k], x3[k]
	for j := k - 1; j >= 0; j-- {
		cj, sj := c[j], s[j]
		y0, y1, y2, y3 := x0[j], x1[j], x2[j], x3[j]
		x0[j+1] = cj*a0 - sj*y0
		x1[j+1] = cj*a1 - sj*y1
		x2[j+1] = cj*a2 - sj*y2
		x3[j+1] = cj*a3 - sj*y3
		a0 = sj*a0 + cj*y0
		a1 = sj*a1 + cj*y1
		a2 = sj*a2 + cj*y2
		a3 = sj*a3 + cj*y3
	}
	x0[0], x1[0], x2[0], x3[0] = a0, a1, a2, a3
}

// parallelRotationWork is the number of element updates (rows × rotations)
// above which applyRotations shares rows among goroutines.
const parallelRotationWork = 1 << 15

// rotationWorkers returns the number of goroutines for rotating the given
// number of rows with the given number of element updates: GOMAXPROCS as
// it is at this call, at most one per row, and one below
// parallelRotationWork.
func rotationWorkers(rows, work int) int {
	if work < parallelRotationWork {
		return 1
	}
	return max(1, min(runtime.GOMAXPROCS(0), rows))
}

// applyRotations applies every sequence to every row of its matrix. The
// rows of all sequences together are cut into one range per worker.
func applyRotations(seqs ...rotationSeq) {
	total, work := 0, 0
	for _, q := range seqs {
		total += q.x.rows
		work += q.x.rows * len(q.c)
	}
	workers := rotationWorkers(total, work)
	if workers < 2 {
		for i := range seqs {
			seqs[i].applyRows(0, seqs[i].x.rows)
		}
		return
	}
	var wg sync.WaitGroup
	for w := range workers {
		// Global rows [g0, g1) of the concatenated matrices.
		g0, g1 := w*total/workers, (w+1)*total/workers
		wg.Add(1)
		go func() {
			defer wg.Done()
			base := 0
			for i := range seqs {
				r := seqs[i].x.rows
				if lo, hi := max(g0-base, 0), min(g1-base, r); lo < hi {
					seqs[i].applyRows(lo, hi)
				}
				base += r
			}
		}()
	}
	wg.Wait()
}
