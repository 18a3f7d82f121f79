package learn

import (
	"fmt"
	"math"

	"mlnotes/matrix"
)

// ScaleGamma is the Gaussian kernel's width that an SVM takes when its
// Kernel is Gaussian with Gamma = 0: γ = 1/(d·Var(X)), with Var(X) the
// variance (divisor n·d) of all the entries of X (n×d), scikit-learn's
// gamma="scale"; γ = 1 when that variance is 0. The kernel then sees every
// feature at the spread of the data, whatever their unit.
//
// The sums cannot overflow or underflow: entries beyond 2⁵⁰⁰ or below
// 2⁻⁵⁰⁰ in magnitude are first scaled by an exact power of two 2ᵏ and
// γ = 4ᵏ/(d·Var(2ᵏX)). A γ outside the range of float64 (a variance near
// 10⁻³⁰⁸ or 10³⁰⁸) is an error wrapping matrix.ErrNotFinite.
//
// Implements: 004, "Kernel function" (the Gaussian kernel's σ², here
// σ² = d·Var(X)).
func ScaleGamma(x *matrix.Dense) (float64, error) {
	const op = "learn: svm"
	if err := checkData(op, x, 1); err != nil {
		return 0, err
	}
	n, d := x.Dims()
	k := 0
	if amax := matrix.NormMax(x); amax > 0x1p500 || amax > 0 && amax < 0x1p-500 {
		k = matrix.ScaleExponent(x)
		x = matrix.ScalePow2(k, x)
	}
	mean := 0.0
	for i := range n {
		for _, v := range x.Row(i) {
			mean += v
		}
	}
	mean /= float64(n * d)
	ss := 0.0
	for i := range n {
		for _, v := range x.Row(i) {
			ss += (v - mean) * (v - mean)
		}
	}
	v := ss / float64(n*d)
	if v == 0 {
		return 1, nil
	}
	g := math.Ldexp(1/(float64(d)*v), 2*k)
	if g == 0 || math.IsInf(g, 0) || math.IsNaN(g) {
		return 0, fmt.Errorf("%s: %w: the default γ = 1/(d·Var(X)) is %g: the variance of the features is outside the range of float64; set Kernel.Gamma, or scale the features", op, matrix.ErrNotFinite, g)
	}
	return g, nil
}

// withDataKernel resolves the Gaussian kernel's default width on the
// training data: a Gaussian kernel with Gamma = 0 gets ScaleGamma(x).
func (s SVM) withDataKernel(x *matrix.Dense) (SVM, error) {
	if s.Kernel.kind() != GaussianKernel || s.Kernel.Gamma != 0 || x == nil || x.Rows() == 0 || x.Cols() == 0 {
		return s, nil
	}
	if err := x.CheckFinite(); err != nil {
		return s, nil // checkData names it
	}
	g, err := ScaleGamma(x)
	if err != nil {
		return s, err
	}
	s.Kernel.Gamma = g
	return s, nil
}
