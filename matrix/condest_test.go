package matrix

import (
	"math"
	"math/rand/v2"
	"testing"
)

// explicitApply turns an explicit matrix into the operator estimateNorm1
// takes.
func explicitApply(b *Dense) func(x []float64, trans bool) {
	return func(x []float64, trans bool) {
		var y []float64
		if trans {
			y, _ = MulVecT(b, x)
		} else {
			y, _ = MulVec(b, x)
		}
		copy(x, y)
	}
}

func TestEstimateNorm1(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	// The estimate is a lower bound (it is ‖Bx‖₁ for some ‖x‖₁ = 1, up to
	// rounding) and in practice within a factor 3 of ‖B‖₁.
	for _, n := range []int{1, 2, 3, 10, 50} {
		for trial := range 20 {
			b := randDense(rng, n, n)
			if trial%2 == 1 { // a dominant column, the case the climb finds at once
				for i := range n {
					b.Set(i, trial%n, 10*b.At(i, trial%n))
				}
			}
			est, exact := estimateNorm1(n, explicitApply(b)), Norm1(b)
			if est > exact*(1+4*float64(n)*eps) || est < exact/3 {
				t.Errorf("n = %d, trial %d: estimate %.6g, ‖B‖₁ = %.6g", n, trial, est, exact)
			}
		}
	}
	// Exact on a diagonal matrix and on a matrix with one nonzero column.
	d := Diag([]float64{1, -7, 3})
	if est := estimateNorm1(3, explicitApply(d)); est != 7 {
		t.Errorf("diag(1, −7, 3): estimate %v, want 7", est)
	}
	col := New(4, 4)
	col.SetCol(2, []float64{1, -2, 3, -4})
	if est := estimateNorm1(4, explicitApply(col)); est != 10 {
		t.Errorf("single column: estimate %v, want 10", est)
	}
	// Overflow gives +Inf or NaN, never a finite wrong answer.
	huge := Diag([]float64{math.MaxFloat64, math.MaxFloat64})
	huge.Set(0, 1, math.MaxFloat64)
	if est := estimateNorm1(2, explicitApply(huge)); !math.IsInf(est, 1) && !math.IsNaN(est) {
		t.Errorf("overflowing operator: estimate %v", est)
	}
}
