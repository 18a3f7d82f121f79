package learn

import (
	"math"

	"mlnotes/matrix"
)

// linearSafe bounds the sums a linear machine's decision value is made
// of, below which no product, kernel value or sum of the evaluation over
// support vectors can overflow (so both forms below are finite).
const linearSafe = 0x1p1000

// linearDecisions returns the decision values of every machine of a
// linear-kernel model (n × machines) as one matrix product: with
// K(sv, x) = svᵀx, f(x) = Σₜ coefₜ svₜᵀx − ρ = wᵀx − ρ for w = Σₜ coefₜ svₜ
// (PrimalW's w), so the n × nSV kernel values the sums would take
// (n·nSV·d multiply-adds: 39 GFLOP for 10 000 Fashion-MNIST images and ten
// classes) become X·Wᵀ with W the machines' w (n·m·d, through matrix.Gemm).
// The values agree with the sums over support vectors up to rounding. A
// row for which ‖x‖∞ · Σₜ |coefₜ|‖svₜ‖₁ reaches 2¹⁰⁰⁰ (or is NaN) is
// evaluated by the sums over support vectors instead, so that a value that
// overflows there is not hidden by a w that happens to be small.
//
// Implements: 004, "Support Vector Machines(SVM)" (f(x) = W*ᵀx + b with
// W* = Σᵢ μᵢ*yᵢXᵢ).
func (c svmMachines) linearDecisions(x *matrix.Dense) *matrix.Dense {
	w := matrix.New(len(c.machines), c.features)
	scale := 0.0 // max over machines of Σₜ |coefₜ|·‖svₜ‖₁
	for j, mach := range c.machines {
		if len(mach.Coef) == 0 {
			continue
		}
		wj, _ := matrix.MulVecT(mach.SupportVectors, mach.Coef)
		copy(w.Row(j), wj)
		s := 0.0
		for t, cf := range mach.Coef {
			s += math.Abs(cf) * matrix.Asum(mach.SupportVectors.Row(t))
		}
		scale = max(scale, s)
	}
	out, _ := matrix.MulABT(x, w)
	for i := range out.Rows() {
		row := out.Row(i)
		xi := x.Row(i)
		if len(xi) == 0 || !(math.Abs(xi[matrix.Iamax(xi)])*scale < linearSafe) {
			for j, mach := range c.machines {
				row[j] = kernelSum(c.kernel, xi, matrix.Dot(xi, xi), newFlatRows(mach.SupportVectors), mach.Coef) - mach.Rho
			}
			continue
		}
		for j, mach := range c.machines {
			row[j] -= mach.Rho
		}
	}
	return out
}
