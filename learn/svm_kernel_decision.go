package learn

import (
	"mlnotes/matrix"
)

// kernelBlockBudget is the number of kernel values (query rows × support
// vectors, 32 MiB) that kernelDecisions forms at a time. A block of query
// rows is one matrix.Gemm against all the support vectors, which packs the
// support vectors once per block: with at least a few hundred rows a block
// that packing costs a few per cent of the product.
const kernelBlockBudget = 1 << 22

// kernelGemmMin is the size nSV·d of the support vectors from which
// kernelDecisions takes the inner products from matrix.Gemm; below it
// (a handful of support vectors) they come from kernelBlock's loops. It
// must stay above the size m·n·k below which matrix.Gemm runs its
// reference loops (12³), so that every product here, even of a single
// query row, runs on the packed kernel: there each entry is computed by
// the same operations wherever it lies in C, and a row's decision values
// do not depend on the other rows of its batch.
const kernelGemmMin = 1 << 12

// kernelDecisions returns the decision values of the given machines for
// every row of X (n × len(machines)):
//
//	out[i][j] = Σₜ coefⱼₜ k(sv_{pos[j][t]}, xᵢ) − ρⱼ,
//
// where pos[j] places machine j's support vectors among the rows of sv
// (pos nil: machine 0 alone, its support vectors being the rows of sv).
// The kernel values are formed a block of query rows at a time as one
// kernel matrix: the inner products X_B·SVᵀ by matrix.Gemm, then the
// kernel applied to each entry (kernelFromDots), so the n·nSV·d
// multiply-adds of a prediction run at the speed of the product kernels.
// Each machine's sum runs over its own support vectors in their order, as
// kernelSum does; the values differ from kernelSum's only by the rounding
// of the inner products. Rows are split over the cores inside the product
// and in the sums, each value computed by one goroutine, so the result
// does not depend on their number.
//
// Implements: 004, "Kernel function" (f(x) = Σᵢ μᵢyᵢK(xᵢ, x) + b for many x
// at once).
func kernelDecisions(k Kernel, x *matrix.Dense, sv *flatRows, machines []*BinarySVM, pos [][]int) *matrix.Dense {
	n, d := x.Dims()
	nsv := len(sv.norms)
	out := matrix.New(n, len(machines))
	if n == 0 {
		return out
	}
	svm, _ := matrix.NewFromSlice(nsv, d, sv.x[:nsv*d])
	rows := min(n, max(64, kernelBlockBudget/max(nsv, 1)))
	buf := make([]float64, rows*nsv)
	for lo := 0; lo < n; lo += rows {
		hi := min(n, lo+rows)
		g, _ := matrix.NewFromSlice(hi-lo, nsv, buf[:(hi-lo)*nsv])
		useGemm := nsv*d >= kernelGemmMin
		if useGemm {
			_ = matrix.Gemm(false, true, 1, x.Slice(lo, hi, 0, d), svm, 0, g) // gᵢₜ = xᵢᵀsvₜ
		}
		parallelRows(hi-lo, func(r int) {
			xi := x.Row(lo + r)
			kv := g.Row(r)
			if useGemm {
				kernelFromDots(k, matrix.Dot(xi, xi), sv.norms, kv)
			} else {
				kernelBlock(k, xi, matrix.Dot(xi, xi), sv, 0, kv)
			}
			oi := out.Row(lo + r)
			for j, mach := range machines {
				var s float64
				if pos == nil {
					for t, c := range mach.Coef {
						s += c * kv[t]
					}
				} else {
					p := pos[j]
					for t, c := range mach.Coef {
						s += c * kv[p[t]]
					}
				}
				oi[j] = s - mach.Rho
			}
		})
	}
	return out
}

// kernelFromDots turns kv[t] = xᵀzₜ into k(zₜ, x), given ‖x‖² and the
// ‖zₜ‖²: for the Gaussian exp(−γ‖x − zₜ‖²) with ‖x − zₜ‖² = ‖x‖² + ‖zₜ‖² −
// 2xᵀzₜ clamped at 0 against cancellation, its exponentials by one
// matrix.ExpTo; for the polynomial (γxᵀzₜ + c₀)^p rounded as in fromDot;
// the linear kernel's values are the inner products themselves.
func kernelFromDots(k Kernel, nx float64, norms, kv []float64) {
	norms = norms[:len(kv)]
	switch k.kind() {
	case GaussianKernel:
		g := -k.Gamma
		for t, d := range kv {
			kv[t] = g * max(nx+norms[t]-2*d, 0) // −γ‖x − zₜ‖²
		}
		matrix.ExpTo(kv, kv)
	case PolynomialKernel:
		for t, d := range kv {
			kv[t] = powInt(float64(k.Gamma*d)+k.Coef0, k.Degree)
		}
	}
}
