package matrix

import "runtime"

// The matrix–vector kernels behind Gemv. A matrix–vector product reads
// every element of A once and does one multiply-add with it, so it is
// bound by memory traffic, not arithmetic: the kernels below process four
// rows of A at a time so that each number of x (or of y) loaded from
// memory serves four multiply-adds instead of one, keep several
// independent sums so the additions overlap, and split large matrices
// across goroutines. On amd64 the four-row loops run as AVX2 assembly
// (gemv_amd64.s) where the machine has it; the Go loops below are the
// portable version and the reference of its tests.

const (
	// gemvParallel is the number of elements of A from which Gemv splits
	// the work across goroutines (about 100 µs of work on one core).
	gemvParallel = 1 << 17
	// gemvStream is the number of elements of A (16 MiB) from which the
	// kernels read one row at a time instead of four. Measured here: on a
	// 1000×1000 A (8 MiB, in cache) four rows at a time are 1.4–1.6×
	// faster, but on a 10000×784 A streamed from memory they are 2× slower
	// than one row at a time (four concurrent streams per goroutine seem
	// to defeat the hardware prefetcher).
	gemvStream = 1 << 21
)

// gemvN computes y += α·A·x (A is m×n, len(x) = n, len(y) = m), four rows
// at a time: yᵢ += α ⟨aᵢ, x⟩ for i, i+1, i+2, i+3. Rows are split across
// the workers; every yᵢ is computed by one of them, in the same order whatever
// their number.
func gemvN(alpha float64, a *Dense, x, y []float64, workers int) {
	parallelRange(a.rows, workers, func(i0, i1 int) {
		i := i0
		for ; i+4 <= i1 && a.rows*a.cols < gemvStream; i += 4 {
			var s4 [4]float64
			if !dot4Fast(a, i, x, &s4) {
				dot4Portable(a, i, x, &s4)
			}
			y[i] += alpha * s4[0]
			y[i+1] += alpha * s4[1]
			y[i+2] += alpha * s4[2]
			y[i+3] += alpha * s4[3]
		}
		for ; i < i1; i++ {
			y[i] += alpha * Dot(a.Row(i)[:len(x)], x)
		}
	})
}

// gemvT computes y += α·Aᵀ·x (A is m×n, len(x) = m, len(y) = n) as a sum of
// scaled rows, y += α Σₚ xₚ aₚ, four rows per sweep over y:
// yⱼ += α(x₀a₀ⱼ + x₁a₁ⱼ + x₂a₂ⱼ + x₃a₃ⱼ). Columns (ranges of y) are split
// across workers, so no two write the same yⱼ and no reduction is needed.
func gemvT(alpha float64, a *Dense, x, y []float64, workers int) {
	parallelRange(a.cols, workers, func(j0, j1 int) {
		yy := y[j0:j1]
		p := 0
		for ; p+4 <= a.rows && a.rows*a.cols < gemvStream; p += 4 {
			x4 := [4]float64{alpha * x[p], alpha * x[p+1], alpha * x[p+2], alpha * x[p+3]}
			if !axpy4Fast(&x4, a, p, j0, yy) {
				axpy4Portable(&x4, a, p, j0, yy)
			}
		}
		for ; p < a.rows; p++ {
			Axpy(alpha*x[p], a.Row(p)[j0:j1], yy)
		}
	})
}

// dot4Portable sets s to the dot products of x with rows i … i+3 of A
// (their first len(x) numbers), one pass over x for the four rows.
func dot4Portable(a *Dense, i int, x []float64, s *[4]float64) {
	r0 := a.Row(i)[:len(x)]
	r1 := a.Row(i + 1)[:len(x)]
	r2 := a.Row(i + 2)[:len(x)]
	r3 := a.Row(i + 3)[:len(x)]
	var s0, s1, s2, s3 float64
	for j, xj := range x {
		s0 += r0[j] * xj
		s1 += r1[j] * xj
		s2 += r2[j] * xj
		s3 += r3[j] * xj
	}
	*s = [4]float64{s0, s1, s2, s3}
}

// axpy4Portable adds x4[0]·A[p, j0:] + … + x4[3]·A[p+3, j0:] to y (the
// first len(y) columns from j0), one pass over y for the four rows.
func axpy4Portable(x4 *[4]float64, a *Dense, p, j0 int, y []float64) {
	x0, x1, x2, x3 := x4[0], x4[1], x4[2], x4[3]
	r0 := a.Row(p)[j0:][:len(y)]
	r1 := a.Row(p + 1)[j0:][:len(y)]
	r2 := a.Row(p + 2)[j0:][:len(y)]
	r3 := a.Row(p + 3)[j0:][:len(y)]
	for j := range y {
		y[j] += x0*r0[j] + x1*r1[j] + x2*r2[j] + x3*r3[j]
	}
}

// gemvWorkers returns the number of goroutines for a product with A.
func gemvWorkers(a *Dense) int {
	if a.rows*a.cols < gemvParallel {
		return 1
	}
	return runtime.GOMAXPROCS(0)
}

// parallelRange splits 0…n−1 into one contiguous range per worker (ranges
// start at multiples of 4, so the four-row groups do not depend on the
// number of workers) and calls f on each, concurrently when workers > 1.
func parallelRange(n, workers int, f func(lo, hi int)) {
	chunk := roundUp(ceilDiv(n, max(workers, 1)), 4)
	parallelFor(ceilDiv(n, max(chunk, 1)), func(w int) {
		f(w*chunk, min((w+1)*chunk, n))
	})
}
