package learn

import (
	"math"
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

// TestKernelDecisionsAgainstSums checks the blocked kernel-matrix
// evaluation (kernelDecisions: the inner products by matrix.Gemm) against
// the sums over support vectors (kernelSum), for every kernel family, with
// more features than one block of the product's inner dimension and a
// query equal to a support vector (the cancellation in ‖x‖² + ‖z‖² − 2xᵀz).
// The two differ by the rounding of the inner products only: each is within
// d·(ε/2)·Σ|x_f z_f| of the exact one, so they differ by at most dε·Σ|x_f z_f|;
// the Gaussian's exponent takes twice that, times γ, plus the rounding of
// ‖x‖² + ‖z‖² − 2xᵀz (2ε(‖x‖² + ‖z‖²) for each), and the exponential
// carries it as a relative error. The sums over t add their own rounding,
// nSV·ε·Σ|coefₜKₜ| each. The bound below doubles every term.
//
// It also checks that a row's decision values do not depend on its batch:
// each row evaluated alone gives the same bits as in the batch.
func TestKernelDecisionsAgainstSums(t *testing.T) {
	const nsv, n, d = 37, 23, 300
	r := rand.New(rand.NewPCG(5, 17))
	svs := randData(r, nsv, d)
	x := randData(r, n, d)
	copy(x.Row(3), svs.Row(5))
	mach := &BinarySVM{Coef: make([]float64, nsv), Rho: 0.3}
	for t := range mach.Coef {
		mach.Coef[t] = r.NormFloat64()
	}
	flat := newFlatRows(svs)
	if nsv*d < kernelGemmMin {
		t.Fatalf("nSV·d = %d does not reach the product path (%d)", nsv*d, kernelGemmMin)
	}
	for _, k := range []Kernel{Linear(), {Type: PolynomialKernel, Degree: 3, Gamma: 1.0 / d, Coef0: 1}, {Type: GaussianKernel, Gamma: 1.0 / d}, {Type: GaussianKernel, Gamma: 0.05}} {
		got := kernelDecisions(k, x, flat, []*BinarySVM{mach}, nil)
		for i := range n {
			xi := x.Row(i)
			nx := matrix.Dot(xi, xi)
			want := kernelSum(k, xi, nx, flat, mach.Coef) - mach.Rho
			var tol, sumAbs float64
			for s := range nsv {
				z := svs.Row(s)
				kv := k.Eval(xi, z)
				var mag float64 // Σ|x_f z_f|
				for f := range d {
					mag += math.Abs(xi[f] * z[f])
				}
				var e float64
				switch k.Type {
				case GaussianKernel:
					e = kv * (8*eps + k.Gamma*(4*d*eps*mag+8*eps*(nx+flat.norms[s])))
				case PolynomialKernel:
					e = 4 * float64(k.Degree) * d * eps * math.Pow(math.Abs(k.Gamma*mag)+math.Abs(k.Coef0), float64(k.Degree))
				default:
					e = 2 * d * eps * mag
				}
				tol += math.Abs(mach.Coef[s]) * e
				sumAbs += math.Abs(mach.Coef[s] * kv)
			}
			tol += 4*nsv*eps*sumAbs + 2*eps*math.Abs(mach.Rho)
			if g := got.At(i, 0); math.Abs(g-want) > tol {
				t.Errorf("%v, row %d: product %v, sums %v (difference %.3g, bound %.3g)", k, i, g, want, math.Abs(g-want), tol)
			}
			alone := kernelDecisions(k, x.Slice(i, i+1, 0, d), flat, []*BinarySVM{mach}, nil)
			if a, g := alone.At(0, 0), got.At(i, 0); math.Float64bits(a) != math.Float64bits(g) {
				t.Errorf("%v, row %d: %v alone, %v in the batch", k, i, a, g)
			}
		}
	}
}
