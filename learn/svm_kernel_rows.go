package learn

import (
	"runtime"
	"sync"

	"mlnotes/matrix"
)

// kernelRows presents the kernel matrix Kᵢⱼ = k(xᵢ, xⱼ) of the training
// points as an optimize.QMatrix, computed one row at a time on demand (the
// SMO solver caches the rows it reuses). Squared norms are precomputed so
// that a Gaussian row costs one dot product per entry:
// ‖xᵢ − xⱼ‖² = ‖xᵢ‖² + ‖xⱼ‖² − 2xᵢᵀxⱼ.
type kernelRows struct {
	k     Kernel
	x     *matrix.Dense
	norms []float64
}

func newKernelRows(k Kernel, x *matrix.Dense) *kernelRows {
	return &kernelRows{k: k, x: x, norms: rowNorms2(x)}
}

func (q *kernelRows) Size() int { return q.x.Rows() }

func (q *kernelRows) Diag(i int) float64 { return q.k.fromDot(q.norms[i], q.norms[i], q.norms[i]) }

// Row fills dst[j] = k(xᵢ, xⱼ) for j in cols. Long rows are split over the
// cores; each entry is written by one goroutine, so the result does not
// depend on their number.
func (q *kernelRows) Row(i int, cols []int, dst []float64) {
	xi := q.x.Row(i)
	ni := q.norms[i]
	fill := func(part []int) {
		for _, j := range part {
			dst[j] = q.k.fromDot(matrix.Dot(xi, q.x.Row(j)), ni, q.norms[j])
		}
	}
	work := len(cols) * q.x.Cols()
	workers := runtime.GOMAXPROCS(0)
	if workers < 2 || work < 1<<16 {
		fill(cols)
		return
	}
	var wg sync.WaitGroup
	chunk := (len(cols) + workers - 1) / workers
	for lo := 0; lo < len(cols); lo += chunk {
		part := cols[lo:min(len(cols), lo+chunk)]
		wg.Add(1)
		go func() {
			defer wg.Done()
			fill(part)
		}()
	}
	wg.Wait()
}
