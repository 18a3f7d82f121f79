package matrix

import "sync"

// AᵀA of a tall A (the covariance of many samples) in two halves of the
// samples.
//
// The product C = Σₚ aₚaₚᵀ over the k rows aₚ of A is a sum, and a sum
// can be cut in two: C = C₁ + C₂, C₁ over the rows above k₁, C₂ over the
// rest. Each half is a whole product of its own: it packs its own panels
// from its own rows of A into its own triangle, so two workers, one per
// half, share no data and never wait for one another, and a single
// addition of the two triangles ends the work. The one-panel row split
// of gemmPacked, which a covariance used before, had both workers pack
// halves of one shared panel and meet at a barrier once per kc block
// (157 times for 60000 samples), each reading the panel the other had
// just written and taking row blocks of C that the other had updated in
// the block before: on two goroutines its kernels took 10 % and its
// packing 48 % more CPU time than on one (docs/performance.md, "Matrix
// kernels").
//
// The cut depends only on the sizes, never on the number of workers: the
// halves are computed one after the other on one goroutine, side by side
// on two, each with half the workers on more (by gemmPacked's row split,
// whose bits do not depend on them either), and C₂ is always added to
// C₁ in the same order, so the bits are the same in every case.

// syrkSplitRows is the number of rows of A (samples) from which AᵀA is
// computed in two halves. The halves' extra triangle (clearing C₂ and
// adding it, n²/2 numbers each) costs one goroutine a share of the time
// that falls as 1/k: 2 % for 784 columns at k = 8192, 0–1.5 % at 60000;
// on two the halves took 12 % less CPU time there, and 45–75 % less wall
// time for 64–256 columns, whose kc blocks are too short to be shared at
// a barrier.
const syrkSplitRows = 8192

// syrkSplitParallel is the number of multiply-adds n(n/2+1)k from which
// the two halves run side by side: below it (under 0.4 ms of work) the
// second goroutine's start costs more than it saves.
const syrkSplitParallel = 1 << 24

// syrkSplitAt returns the row k₁ at which AᵀA of a k×n A is cut, a
// multiple of the kernel's kc nearest k/2, or 0 when the product is
// computed whole: fewer than syrkSplitRows rows, a product too small to
// be split across goroutines (gemmParallel), or an extra triangle of
// more than an eighth of A's size (the split then costs memory rather
// than time).
func syrkSplitAt(kern *microKernel, k, n int) int {
	if k < syrkSplitRows || n*(n/2+1)*k < gemmParallel || 8*n > k {
		return 0
	}
	return (k + kern.kc) / (2 * kern.kc) * kern.kc
}

// syrkTransLower adds α·(A − 1meanᵀ)ᵀ(A − 1meanᵀ) to the lower triangle of
// the n×n C for a k×n A (mean nil: α·AᵀA), on as many goroutines as
// GOMAXPROCS for a large product.
func syrkTransLower(alpha float64, a *Dense, mean []float64, c *Dense) {
	syrkTransLowerOn(alpha, a, mean, c, gemmWorkers(a.cols, a.cols/2+1, a.rows))
}

// syrkTransLowerOn is syrkTransLower on the given number of workers: in
// two halves of A's rows when syrkSplitAt says so, whole otherwise.
func syrkTransLowerOn(alpha float64, a *Dense, mean []float64, c *Dense, workers int) {
	k, n := a.rows, a.cols
	kern := syrkKernel(n)
	k1 := syrkSplitAt(kern, k, n)
	if k1 == 0 {
		gemmPacked(kern, true, false, alpha, a, a, c, true, workers, mean)
		return
	}
	top, bottom := a.Slice(0, k1, 0, n), a.Slice(k1, k, 0, n)
	part := getHalfTriangle(n)
	defer halfPool.Put(part)
	half := func(h int) {
		if h == 0 {
			gemmPacked(kern, true, false, alpha, top, top, c, true, (workers+1)/2, mean) // C₁
		} else {
			gemmPacked(kern, true, false, alpha, bottom, bottom, part, true, max(1, workers/2), mean) // C₂
		}
	}
	if workers == 1 || n*(n/2+1)*k < syrkSplitParallel {
		half(0)
		half(1)
	} else {
		parallelFor(2, half)
	}
	addLower(part, c) // C = C₁ + C₂
}

// addLower adds the lower triangle of the square src into that of dst.
func addLower(src, dst *Dense) {
	for i := range dst.rows {
		d, s := dst.Row(i)[:i+1], src.Row(i)[:i+1]
		for j, v := range s {
			d[j] += v
		}
	}
}

// halfPool recycles the triangles of C₂, apart from packPool: taking an
// n×n triangle out of the pool of panels would mostly find a panel too
// small, drop it and allocate both anew (3 % of the time of a 784×784
// covariance of 8192 samples).
var halfPool sync.Pool

// getHalfTriangle returns an n×n matrix whose lower triangle is zero.
func getHalfTriangle(n int) *Dense {
	if p, ok := halfPool.Get().(*Dense); ok && cap(p.data) >= n*n {
		p.rows, p.cols, p.stride, p.data = n, n, n, p.data[:n*n]
		scaleLower(0, p)
		return p
	}
	return New(n, n)
}
