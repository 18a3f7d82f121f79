package optimize_test

import (
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"

	"mlnotes/matrix"
)

// rbfKernel is the kernel matrix Kᵢⱼ = exp(−γ‖xᵢ − xⱼ‖²) of the rows of X
// (n×d), as the tests and the benchmark feed it to SignedQ and RegressionQ.
// A row costs n dot products of length d and n exponentials, and it is the
// bulk of the work of SMO, so it is written for speed:
//
//   - ‖xᵢ − xⱼ‖² = ‖xᵢ‖² + ‖xⱼ‖² − 2xᵢᵀxⱼ with the squared norms computed
//     once (LIBSVM does the same), clamped at 0 against rounding;
//   - the dot product (matrix.Dot) runs over the contiguous rows of X;
//   - the exponential is matrix.Exp, about twice as fast as math.Exp and
//     within 2 ulp of it;
//   - rows of at least rowSplit columns are split between two goroutines.
type rbfKernel struct {
	x     []float64 // X, n×d row-major
	d     int
	sq    []float64 // ‖xᵢ‖²
	gamma float64
}

func newRBFKernel(x *matrix.Dense, gamma float64) *rbfKernel {
	n, d := x.Dims()
	k := &rbfKernel{x: make([]float64, 0, n*d), d: d, sq: make([]float64, n), gamma: gamma}
	for i := range n {
		r := x.Row(i)
		k.x = append(k.x, r...)
		k.sq[i] = matrix.Dot(r, r)
	}
	return k
}

func (k *rbfKernel) Size() int        { return len(k.sq) }
func (k *rbfKernel) Diag(int) float64 { return 1 }

// rowSplit is the number of columns from which two goroutines share a row:
// below it, starting a goroutine costs more than it saves.
const rowSplit = 1024

func (k *rbfKernel) Row(i int, cols []int, dst []float64) {
	if len(cols) < rowSplit || runtime.GOMAXPROCS(0) < 2 {
		k.rowPart(i, cols, dst)
		return
	}
	h := len(cols) / 2
	var wg sync.WaitGroup
	wg.Go(func() { k.rowPart(i, cols[h:], dst) })
	k.rowPart(i, cols[:h], dst)
	wg.Wait()
}

func (k *rbfKernel) rowPart(i int, cols []int, dst []float64) {
	d := k.d
	xi := k.x[i*d : i*d+d]
	sqi, g := k.sq[i], -k.gamma
	for _, j := range cols {
		d2 := max(sqi+k.sq[j]-2*matrix.Dot(xi, k.x[j*d:j*d+d]), 0)
		dst[j] = matrix.Exp(g * d2)
	}
}

// The fast kernel row agrees with the definition exp(−γ‖xᵢ − xⱼ‖²)
// computed directly, to a few ulp of the result plus the cancellation in
// ‖xᵢ‖² + ‖xⱼ‖² − 2xᵢᵀxⱼ, which is at most c·d·ε·(‖xᵢ‖² + ‖xⱼ‖²) in the
// exponent.
func TestRBFKernelRow(t *testing.T) {
	x := matrix.New(300, 7)
	r := rand.New(rand.NewPCG(3, 9))
	for i := range 300 {
		for f := range 7 {
			x.Set(i, f, 3*r.NormFloat64())
		}
	}
	x.Row(5)[0] = x.Row(4)[0] // near-duplicates
	k := newRBFKernel(x, 0.3)
	cols := make([]int, 300)
	for j := range cols {
		cols[j] = j
	}
	dst := make([]float64, 300)
	for _, i := range []int{0, 4, 299} {
		k.Row(i, cols, dst)
		for j := range 300 {
			var d2 float64
			for f := range 7 {
				v := x.At(i, f) - x.At(j, f)
				d2 += v * v
			}
			want := math.Exp(-0.3 * d2)
			slack := 0.3 * 16 * 7 * 0x1p-52 * (k.sq[i] + k.sq[j])
			if math.Abs(dst[j]-want) > want*(4*0x1p-52+slack)+1e-300 {
				t.Fatalf("K[%d][%d] = %v, want %v", i, j, dst[j], want)
			}
		}
	}
}
