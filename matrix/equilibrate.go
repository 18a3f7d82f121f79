package matrix

import (
	"math"
	"slices"
)

// Equilibration: the one policy by which LU and Cholesky decide that a
// system is too ill-conditioned to solve.
//
// A system is judged on the condition number of its equilibrated matrix,
// not of A itself: κ₁ of diag(1, 1e-20) is 1e20, yet the system is
// perfectly well posed, because scaling the rows (or the unknowns) is
// exact and changes nothing in the solution but its units. LAPACK's
// dgeequb chooses powers of two rᵢ and cⱼ that bring the largest entry of
// every row, then of every column, of R·A·C into [1/2, 1) (dpoequb scales
// a symmetric matrix by sᵢ ≈ 1/√aᵢᵢ on both sides, giving a unit-order
// diagonal). We estimate κ₁(RAC) = ‖RAC‖₁·‖C⁻¹A⁻¹R⁻¹‖₁ with the factors
// of A already computed (Hager–Higham, O(n²)), so equilibration costs no
// refactorization and changes no computed factor.
//
// The policy, for both factorizations:
//
//   - an exactly zero pivot (LU) or a non-positive one (Cholesky) is an
//     error and no solution;
//   - κ₁(RAC) > 1/ε: the matrix is singular to working precision. Solve,
//     SolveVec and Inverse return the computed solution together with an
//     error wrapping ErrSingular that gives the estimate (as gonum returns
//     a ConditionError), so a caller who checks err refuses the system and
//     one who wants the numbers anyway still has them;
//   - a solution with an entry beyond the float64 range: the solution and
//     an error wrapping ErrNotFinite (solutionError);
//   - otherwise the solution and no error.
//
// Reference: LAPACK's dgeequb, dpoequb and dgesvx; Higham, Accuracy and
// Stability of Numerical Algorithms, 2nd ed., §7.3 and §9.8 (row scaling).

// rowColExponents returns the exponents of the power-of-two row scales
// rᵢ = 2^ρᵢ and column scales cⱼ = 2^γⱼ of dgeequb: 2^ρᵢ·maxⱼ|aᵢⱼ| in
// [1/2, 1), then 2^γⱼ·maxᵢ|2^ρᵢ aᵢⱼ| in [1/2, 1). A zero row or column
// keeps exponent 0 (it is singular anyway).
func rowColExponents(a *Dense) (rho, gamma []int) {
	rho, gamma = make([]int, a.rows), make([]int, a.cols)
	colMax := make([]float64, a.cols)
	for i := range a.rows {
		row := a.Row(i)
		if big := Iamax(row); big >= 0 && row[big] != 0 {
			_, e := math.Frexp(row[big])
			rho[i] = -e
		}
		for j, v := range row {
			colMax[j] = math.Max(colMax[j], math.Abs(math.Ldexp(v, rho[i])))
		}
	}
	for j, m := range colMax {
		if m != 0 {
			_, e := math.Frexp(m)
			gamma[j] = -e
		}
	}
	return rho, gamma
}

// symmetricExponents returns the exponents σᵢ of dpoequb's symmetric
// scaling: 2^{2σᵢ}·aᵢᵢ in [1/4, 1) for aᵢᵢ > 0, 0 otherwise.
func symmetricExponents(a *Dense) []int {
	s := make([]int, a.rows)
	for i := range a.rows {
		if d := a.At(i, i); d > 0 {
			_, e := math.Frexp(d)
			s[i] = -((e + 1) >> 1) // ⌈e/2⌉, so 2^{2σ}·d ≤ d·2^{−e} < 1
		}
	}
	return s
}

// scaledNorm1 returns ‖RAC‖₁ for the power-of-two scales 2^ρᵢ and 2^γⱼ.
func scaledNorm1(a *Dense, rho, gamma []int) float64 {
	sums := make([]float64, a.cols)
	for i := range a.rows {
		for j, v := range a.Row(i) {
			sums[j] += math.Abs(math.Ldexp(v, rho[i]+gamma[j]))
		}
	}
	var m float64
	for _, s := range sums {
		m = math.Max(m, s)
	}
	return m
}

// equilibratedCond estimates κ₁(RAC) = ‖RAC‖₁·‖C⁻¹A⁻¹R⁻¹‖₁ given
// ‖RAC‖₁ and a solver: solve(x, false) overwrites x with A⁻¹x and
// solve(x, true) with A⁻ᵀx. It returns +Inf when the estimate overflows.
//
// The operator is applied as (2^{t}C⁻¹)·A⁻¹·(2^{−t}R⁻¹), with 2^{−t}
// about 1/√s for entries of A of size s (R⁻¹ ≈ s): the vector A⁻¹
// receives is then of size √s and its result of size 1/√s, so the
// triangular solves stay far from overflow and underflow at any scale of
// A, from subnormal entries (s = 1e-320, whose inverse 1e320 is not a
// float64) to entries near 1e308 (where s·n overflows in the forward
// substitution), as the √s scaling of LU.estimateCond does for κ₁(A).
func equilibratedCond(norm1 float64, rho, gamma []int, solve func(x []float64, trans bool)) float64 {
	t := -(slices.Min(rho) + slices.Max(rho)) / 4 // 2^{−t}R⁻¹ ≈ √s, s the middle of the row sizes
	scale := func(x []float64, e []int, shift int) {
		for i := range x {
			x[i] = math.Ldexp(x[i], shift-e[i])
		}
	}
	apply := func(x []float64, trans bool) {
		if trans { // (C⁻¹A⁻¹R⁻¹)ᵀ = (2^{−t}R⁻¹)·A⁻ᵀ·(2^{t}C⁻¹)
			scale(x, gamma, t)
			solve(x, true)
			scale(x, rho, -t)
			return
		}
		scale(x, rho, -t) // 2^{−t}R⁻¹x, of order 1
		solve(x, false)
		scale(x, gamma, t)
	}
	est := norm1 * estimateNorm1(len(rho), apply)
	if math.IsNaN(est) || math.IsInf(est, 0) {
		return math.Inf(1)
	}
	return math.Max(est, 1)
}

// conditionWarning is the error of a system singular to working
// precision: κ₁ of the equilibrated matrix above 1/ε.
func conditionWarning(op string, condEq float64) error {
	if condEq*machineEpsilon <= 1 {
		return nil
	}
	return newError(op, ErrSingular, "estimated condition number %.3g of the equilibrated matrix exceeds 1/ε: singular to working precision (the solution is returned but may have no correct digit)", condEq)
}

// solutionError completes the policy: a solution with an entry beyond the
// float64 range (A⁻¹ of diag(1e-320) is 1e320) is an error wrapping
// ErrNotFinite, returned with the solution as the condition warning is;
// otherwise the warning, if any. x is a []float64 or a *Dense.
func solutionError(op string, x any, warning error) error {
	var bad error
	switch v := x.(type) {
	case []float64:
		bad = VecFinite(v)
	case *Dense:
		bad = v.CheckFinite()
	}
	if bad != nil {
		return newError(op, ErrNotFinite, "the solution overflows float64 (%s)", bad.(*Error).Detail)
	}
	return warning
}
