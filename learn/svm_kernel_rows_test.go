package learn

import (
	"math"
	"math/rand/v2"
	"testing"
)

// The SVM's fast kernel rows and decision sums (svm_kernel_rows.go) agree
// with the reference Kernel.Eval for every family: to a few ulp of the
// value plus, for the Gaussian, the cancellation in ‖x‖² + ‖z‖² − 2xᵀz,
// at most c·d·ε·(‖x‖² + ‖z‖²) in the exponent; for the dot products, to
// d·ε·Σ|xᵢzᵢ| (scaled through the polynomial's p-th power).
func TestSVMKernelRowsAgainstEval(t *testing.T) {
	const n, d = 97, 7
	r := rand.New(rand.NewPCG(3, 9))
	x := randData(r, n, d)
	x.Row(5)[0] = x.Row(4)[0] // near-duplicates
	copy(x.Row(9), x.Row(8))  // a duplicate
	cols := make([]int, n)
	for j := range cols {
		cols[j] = j
	}
	w := make([]float64, n)
	for j := range w {
		w[j] = r.NormFloat64()
	}
	norms := rowNorms2(x)
	for _, k := range []Kernel{Linear(), Polynomial(3), {Type: PolynomialKernel, Degree: 2, Gamma: 0.3, Coef0: -1}, Gaussian(2), {Type: GaussianKernel, Gamma: 0.05}} {
		q := newKernelRows(k, x)
		dst := make([]float64, n)
		for i := range n {
			q.Row(i, cols, dst)
			var sum, sumAbs, sumTol float64 // Σ wⱼKᵢⱼ, Σ|wⱼKᵢⱼ|, Σ|wⱼ|·tolᵢⱼ
			for j := range n {
				want := k.Eval(x.Row(i), x.Row(j))
				var mag float64 // Σ|xᵢ_f xⱼ_f|
				for f := range d {
					mag += math.Abs(x.At(i, f) * x.At(j, f))
				}
				var tol float64
				switch k.Type {
				case GaussianKernel:
					tol = want * (4*eps + k.Gamma*16*d*eps*(norms[i]+norms[j]))
				case PolynomialKernel:
					base := math.Abs(k.Gamma*mag) + math.Abs(k.Coef0)
					tol = 4 * float64(k.Degree) * d * eps * math.Pow(base, float64(k.Degree))
				default:
					tol = 2 * d * eps * mag
				}
				if math.Abs(dst[j]-want) > tol {
					t.Fatalf("%v: K[%d][%d] = %v, Eval %v", k, i, j, dst[j], want)
				}
				sum += w[j] * want
				sumAbs += math.Abs(w[j] * want)
				sumTol += math.Abs(w[j]) * tol
			}
			got := kernelSum(k, x.Row(i), norms[i], newFlatRows(x), w)
			if math.Abs(got-sum) > sumTol+2*n*eps*sumAbs { // the entries' error plus the summation's
				t.Fatalf("%v: Σ wⱼK(xⱼ, x%d) = %v, from Eval %v", k, i, got, sum)
			}
		}
	}
}

// The fast kernel rows agree exactly with their own diagonal: Row(i)[i]
// equals Diag(i), and duplicated points have a Gaussian kernel value of
// exactly 1, as SMO's curvature aᵢⱼ = Qᵢᵢ + Qⱼⱼ − 2Qᵢⱼ = 0 for them needs.
func TestSVMKernelRowsDiagonal(t *testing.T) {
	x := randData(rand.New(rand.NewPCG(8, 8)), 40, 13)
	copy(x.Row(7), x.Row(3))
	cols := make([]int, 40)
	for j := range cols {
		cols[j] = j
	}
	dst := make([]float64, 40)
	for _, k := range []Kernel{Linear(), Polynomial(3), Gaussian(0.7)} {
		q := newKernelRows(k, x)
		for i := range 40 {
			q.Row(i, cols, dst)
			if dst[i] != q.Diag(i) {
				t.Fatalf("%v: Row(%d)[%d] = %v, Diag %v", k, i, i, dst[i], q.Diag(i))
			}
		}
		q.Row(3, cols, dst)
		if dst[7] != q.Diag(3) {
			t.Errorf("%v: duplicated rows 3 and 7: K = %v, K(x, x) = %v", k, dst[7], q.Diag(3))
		}
	}
}
