package matrix

import "sync"

// The covariance of small-integer data, exactly, in integer arithmetic.
//
// Images are bytes: a pixel of MNIST or Fashion-MNIST is an integer from
// 0 to 255, and so is every entry of the 60000×784 matrix whose covariance
// PCA forms (001, "Principal Component Analysis"; 004, "PCA as
// dimensionality reduction"). When every entry of X is an integer of
// magnitude at most 255, the sums
//
//	gₚq = Σᵢ xᵢₚ xᵢq    (G = XᵀX)    and    sₚ = Σᵢ xᵢₚ
//
// are integers that the processor can form exactly and faster than it
// forms floating-point products: AVX-512 VNNI's VPDPWSSD multiplies 32
// pairs of 16-bit integers and adds them, two by two, into 16 sums of 32
// bits, 32 multiply-adds in one instruction where a 512-bit FMA does 8
// (measured here: both issue twice a cycle); AVX2's VPMADDWD and VPADDD
// do 16 in two instructions where a 256-bit FMA does 4. The covariance
// then follows from the exact integers with two roundings,
//
//	Sₚq = (n gₚq − sₚ s_q) / (n · div)      (div = n, or n − 1)
//
// because (1/div) Σᵢ (xᵢₚ − x̄ₚ)(xᵢq − x̄q) = (gₚq − sₚs_q/n)/div: the
// numerator n gₚq − sₚs_q is an exact 64-bit integer (|n gₚq| ≤ n²·255² <
// 2⁶⁰ for n ≤ 2²², and so is sₚs_q), rounded once to float64 and once more
// by the division. The floating-point path (syrkCentered) has an error of
// a few units of rounding relative to the norms of the centred columns;
// this one is correct to one or two roundings relative to Sₚq itself, so
// the two agree to the floating-point path's bound, which the tests check.
//
// The 32-bit sums of the kernel cannot overflow: one VPDPWSSD step adds
// two products of at most 255² each, and a sum takes at most
// gramIntFlush = 16384 steps (16384·2·255² = 2 130 739 200 < 2³¹ − 1)
// before it is added into G and cleared. G lives in the float64 entries
// of the result, exactly: its entries and their partial sums are integers
// below n·255² < 2³⁸ (n ≤ 2²²), so the integer path needs no memory
// beyond S but the 32-bit sums (half of S) and one packed block.
//
// Layout. The rows of X are taken two at a time: the pair (x₂ₜ,ₚ, x₂ₜ₊₁,ₚ)
// becomes one 32-bit word (low half, high half), the operand VPDPWSSD
// wants. A block of gramIntKC pairs is packed into panels of gramIntNR =
// 32 columns, pair after pair (128 bytes a pair); the micro-kernel adds
// the products of its 8 rows p (broadcast from the panel that holds them)
// and 32 columns q (two vectors of one panel) into an 8×32 tile of the
// 32-bit sums. Only tiles that reach the diagonal or lie above it are
// computed, as G is symmetric, and the lower half is mirrored at the end.
//
// The check that X qualifies is the packing itself: it stops at the first
// entry that is not an integer of magnitude ≤ 255 (a fraction, a larger
// value, NaN or ±Inf), and the caller falls back to floating point. For
// general data that is the first entry; only data that are integers almost
// everywhere pay for a packing they cannot use.

const (
	smallIntMax    = 255     // the largest |xᵢⱼ| of the integer path
	gramIntMR      = 8       // rows of a kernel tile
	gramIntNR      = 32      // columns of a kernel tile and of a panel
	gramIntKC      = 512     // pairs of rows packed at a time
	gramIntFlush   = 16384   // pairs a 32-bit sum may take (see above)
	gramIntMaxRows = 1 << 22 // n² · 255² < 2⁶⁰: the numerator fits int64
)

// activeGramIntKernel is the integer kernel MeanCovariance uses: nil (the
// floating-point path) unless the processor has a fast one.
var activeGramIntKernel = fastGramIntKernel()

// gramIntKernel adds, for t = 0 … kc−1, the products of the pair words
// a[32t + i] (i < 8) and b[32t + q] (q < 32) into c[i·ldc + q]: each word
// holds two signed 16-bit integers (low and high half) and a product of
// two words is lo·lo + hi·hi, what VPDPWSSD (or VPMADDWD) computes lane
// by lane.
type gramIntKernel func(kc int, a, b, c []int32, ldc int)

// gramIntPortable is the reference kernel, in plain Go: the assembly ones
// (VNNI, AVX2) are tested against it.
func gramIntPortable(kc int, a, b, c []int32, ldc int) {
	var acc [gramIntMR][gramIntNR]int32
	for t := range kc {
		bt := b[gramIntNR*t : gramIntNR*t+gramIntNR]
		for i := range gramIntMR {
			w := a[gramIntNR*t+i]
			lo, hi := int32(int16(w)), w>>16
			row := &acc[i]
			for q, v := range bt {
				row[q] += lo*int32(int16(v)) + hi*(v>>16)
			}
		}
	}
	for i := range gramIntMR {
		ci := c[i*ldc : i*ldc+gramIntNR]
		for q := range ci {
			ci[q] += acc[i][q]
		}
	}
}

// meanCovarianceSmallInt returns the column means and the covariance of X
// (divisor v) by the integer path above, with ok = false, and nothing
// computed, when X does not qualify: no kernel, too many rows, or an entry
// that is not an integer of magnitude ≤ 255. The means are the same bits
// as ColMeans's (the column sums are exact either way and both multiply by
// 1/n).
func meanCovarianceSmallInt(x *Dense, v Variance, kernel gramIntKernel, workers int) (mean []float64, s *Dense, ok bool) {
	n, d := x.rows, x.cols
	if kernel == nil || n > gramIntMaxRows || n < 1 || d < 1 || !smallIntRow(x.data[:d]) {
		return nil, nil, false // (general data fail on the first row, before any allocation)
	}
	s = New(d, d)
	sums, ok := gramSmallInt(x, kernel, workers, s)
	if !ok {
		return nil, nil, false
	}
	mean = make([]float64, d)
	inv := 1 / float64(n)
	for p, sp := range sums {
		mean[p] = float64(sp) * inv
	}
	nn, div := int64(n), float64(n)*v.divisor(n) // n·div < 2⁴⁴: exact
	for p := range d {
		for q := p; q < d; q++ {
			gpq := int64(s.data[p*s.stride+q]) // exact: an integer below 2³⁸
			c := float64(nn*gpq-sums[p]*sums[q]) / div
			s.data[p*s.stride+q] = c
			s.data[q*s.stride+p] = c
		}
	}
	return mean, s, true
}

// gramSmallInt adds the upper triangle of G = XᵀX (entries q ≥ p) into
// the d×d g and returns the column sums, or ok = false at the first entry
// of X that is not an integer of magnitude ≤ 255. The float64 entries of
// g hold G exactly: its entries are integers below n·255² < 2³⁸, and so
// are all their partial sums, so g costs no memory beyond the result's.
func gramSmallInt(x *Dense, kernel gramIntKernel, workers int, g *Dense) (sums []int64, ok bool) {
	n, d := x.rows, x.cols
	panels := (d + gramIntNR - 1) / gramIntNR
	dp := panels * gramIntNR // d rounded up to whole panels
	kc := min(gramIntKC, (n+1)/2)
	packed := make([]int32, panels*kc*gramIntNR)
	c32 := make([]int32, dp*dp)           // the 32-bit sums, upper tiles
	colSums := make([][]float64, workers) // one set per worker: no sharing
	for w := range colSums {
		colSums[w] = make([]float64, d)
	}
	tiles := gramIntTiles(dp)
	pending := 0 // pairs added into c32 since it was last flushed
	for r0 := 0; r0 < n; r0 += 2 * kc {
		pairs := min(kc, (n-r0+1)/2)
		if !packSmallIntPairs(x, r0, pairs, packed, colSums, workers) {
			return nil, false
		}
		if pending+pairs > gramIntFlush {
			flushGramInt(c32, dp, g)
			pending = 0
		}
		multiplyGramInt(kernel, packed, pairs, c32, dp, tiles, workers)
		pending += pairs
	}
	flushGramInt(c32, dp, g)
	sums = make([]int64, d)
	for _, part := range colSums {
		for p, v := range part {
			sums[p] += int64(v) // exact: integers below 2³⁰
		}
	}
	return sums, true
}

// packSmallIntPairs packs the pairs of rows r0 + 2t, r0 + 2t + 1 (t <
// pairs; a missing last row counts as zeros) into panels: word
// packed[(j·pairs + t)·32 + q] holds column 32j + q of both rows, the
// first in the low half. Columns past the last are zero. The workers take
// runs of pairs, each reading its rows front to back and adding them into
// its own sums. It returns false if an entry is not an integer of
// magnitude ≤ 255.
func packSmallIntPairs(x *Dense, r0, pairs int, packed []int32, colSums [][]float64, workers int) bool {
	workers = min(workers, pairs)
	if workers <= 1 {
		return packSmallIntRows(x, r0, pairs, packed, 0, pairs, colSums[0])
	}
	good := make([]bool, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			good[w] = packSmallIntRows(x, r0, pairs, packed, w*pairs/workers, (w+1)*pairs/workers, colSums[w])
		})
	}
	wg.Wait()
	for _, ok := range good {
		if !ok {
			return false
		}
	}
	return true
}

// packSmallIntRows packs the pairs t0 … t1−1 of a block (packSmallIntPairs).
func packSmallIntRows(x *Dense, r0, pairs int, packed []int32, t0, t1 int, sums []float64) bool {
	zeros := make([]float64, x.cols)
	for t := t0; t < t1; t++ {
		i := r0 + 2*t
		first := x.data[i*x.stride : i*x.stride+x.cols]
		second := zeros
		if i+1 < x.rows {
			second = x.data[(i+1)*x.stride : (i+1)*x.stride+x.cols]
		}
		for q0 := 0; q0 < x.cols; q0 += gramIntNR {
			width := min(gramIntNR, x.cols-q0)
			at := ((q0/gramIntNR)*pairs + t) * gramIntNR
			out := packed[at : at+gramIntNR]
			if !packPairs(first[q0:q0+width], second[q0:q0+width], out[:width], sums[q0:q0+width]) {
				return false
			}
			clear(out[width:])
		}
	}
	return true
}

// packPairRow writes out[q] = first[q] | second[q]<<16 as 16-bit integers
// and adds both into sums[q] (exact: integers), returning false if an
// entry is not an integer of magnitude ≤ 255. The conversion of a NaN, an
// infinity or a huge value to int32 gives some integer whose float64
// differs from it, so the one test below rejects all of them. It is the
// reference for packPairs's vector kernel.
func packPairRow(first, second []float64, out []int32, sums []float64) bool {
	second = second[:len(first)]
	out = out[:len(first)]
	sums = sums[:len(first)]
	for q, a := range first {
		b := second[q]
		ia, ib := int32(a), int32(b)
		if float64(ia) != a || float64(ib) != b || uint32(ia+smallIntMax) > 2*smallIntMax || uint32(ib+smallIntMax) > 2*smallIntMax {
			return false
		}
		out[q] = int32(uint16(ia)) | ib<<16
		sums[q] += a + b
	}
	return true
}

// smallIntRow reports whether every entry of r is an integer of magnitude
// at most 255.
func smallIntRow(r []float64) bool {
	for _, v := range r {
		if i := int32(v); float64(i) != v || uint32(i+smallIntMax) > 2*smallIntMax {
			return false
		}
	}
	return true
}

// gramIntTile is one kernel call: rows p0 … p0+7 of G against the 32
// columns of panel j.
type gramIntTile struct{ p0, j int }

// gramIntTiles lists the tiles that meet the upper triangle of a dp×dp G
// (dp a multiple of 32), panel by panel, so that consecutive tiles share
// their panel of B.
func gramIntTiles(dp int) []gramIntTile {
	var tiles []gramIntTile
	for j := range dp / gramIntNR {
		for p0 := 0; p0 < (j+1)*gramIntNR; p0 += gramIntMR {
			tiles = append(tiles, gramIntTile{p0, j})
		}
	}
	return tiles
}

// multiplyGramInt adds the products of one packed block into the 32-bit
// sums c32 (dp×dp), the tiles dealt to the workers in contiguous runs:
// each tile is written by one worker only.
func multiplyGramInt(kernel gramIntKernel, packed []int32, pairs int, c32 []int32, dp int, tiles []gramIntTile, workers int) {
	run := func(lo, hi int) {
		for _, tl := range tiles[lo:hi] {
			a := packed[((tl.p0/gramIntNR)*pairs)*gramIntNR+tl.p0%gramIntNR:]
			b := packed[tl.j*pairs*gramIntNR:]
			kernel(pairs, a, b, c32[tl.p0*dp+tl.j*gramIntNR:], dp)
		}
	}
	workers = min(workers, len(tiles))
	if workers <= 1 {
		run(0, len(tiles))
		return
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() { run(w*len(tiles)/workers, (w+1)*len(tiles)/workers) })
	}
	wg.Wait()
}

// flushGramInt adds the upper triangle of the 32-bit sums into g (exact:
// integers below 2³⁸) and clears them.
func flushGramInt(c32 []int32, dp int, g *Dense) {
	for p := range g.rows {
		row := c32[p*dp : p*dp+dp]
		gp := g.data[p*g.stride : p*g.stride+g.cols]
		for q := p; q < g.cols; q++ {
			gp[q] += float64(row[q])
		}
		clear(row)
	}
}
