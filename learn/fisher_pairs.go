package learn

import (
	"math"

	"mlnotes/eigen"
	"mlnotes/matrix"
)

// The discriminant directions of more than two classes: the q = c − 1
// leading pairs of S_B v = λ S_w v (004, "Fisher Linear Discriminant";
// docs/errata.md, item 32), from the factor S_w = LLᵀ that Fit has already
// computed.
//
// S_B = DᵀD has rank at most c − 1, D being the c×d matrix of rows
// √nⱼ(Mⱼ − M) (betweenFactor). With G = L⁻¹Dᵀ (d×c), the reduced
// standard problem of the Cholesky reduction is
//
//	C = L⁻¹ S_B L⁻ᵀ = G Gᵀ,
//
// whose nonzero eigenvalues are those of the c×c matrix H = GᵀG: if
// H u = λ u with λ > 0, then y = G u/√λ is a unit eigenvector of C for λ
// (C y = G(GᵀG)u/√λ = λ y, ‖y‖² = uᵀHu/λ = 1), and v = L⁻ᵀ y solves
// S_B v = λ S_w v with vᵀS_w v = 1, as eigen.Generalized's vectors do.
// The eigenvectors of C for λ > 0 are all of this form, so these are the
// pairs eigen.Generalized finds, up to rounding and sign.
//
// Cost: one triangular solve with c right-hand sides (d²c flops) and a
// c×c eigenproblem, where the full reduction forms C with two triangular
// solves with d right-hand sides (2d³/3 … d³) and solves the d×d
// eigenproblem (4d³/3 and more for the vectors). On Fashion-MNIST's 784
// pixels and ten classes the full route took half of Fit's time.
//
// The construction needs λ_q > 0. When S_B has rank below q (class means
// that are affinely dependent, or fewer features than c − 1 with such a
// dependence), or λ_q is so small against λ₁ that y = Gu/√λ would carry
// the rounding of H magnified by λ₁/λ_q, the full generalized problem is
// solved instead, whose eigenvectors for a zero eigenvalue are still
// S_w-orthogonal to the others.

// fisherPairs returns the q leading pairs of S_B v = λ S_w v, descending,
// the vectors as columns (d×q), with chol the factor of sw. opts
// configures the eigensolver (of the c×c problem H, or of the full
// problem when that is solved).
func fisherPairs(means *matrix.Dense, counts []int, sb, sw *matrix.Dense, chol *matrix.Cholesky, q int, opts eigen.SymmetricOptions) (*eigen.Result, error) {
	if res := lowRankPairs(means, counts, chol, q, opts); res != nil {
		return res, nil
	}
	res, err := eigen.Generalized(sb, sw, withVectors(opts))
	if err != nil {
		return nil, err
	}
	res = res.Descending()
	return &eigen.Result{Values: res.Values[:q], Vectors: res.Vectors.Slice(0, sw.Rows(), 0, q)}, nil
}

// lowRankPairs computes fisherPairs by the c×c problem H = GᵀG, or
// returns nil when it does not apply (see above): λ_q ≤ √ε·λ₁, a value
// that is not finite, or an eigensolver error (which the full problem
// then reports as before).
func lowRankPairs(means *matrix.Dense, counts []int, chol *matrix.Cholesky, q int, opts eigen.SymmetricOptions) *eigen.Result {
	g := betweenFactor(means, counts).T() // Dᵀ, d×c
	if chol.SolveLowerCols(g) != nil || g.CheckFinite() != nil {
		return nil
	}
	d, c := g.Dims()
	h := matrix.New(c, c)
	_ = matrix.Syrk(true, 1, g, 0, h) // H = GᵀG; shapes agree by construction
	res, err := eigen.Symmetric(h, withVectors(opts))
	if err != nil {
		return nil
	}
	res = res.Descending()
	if q > c || !(res.Values[q-1] > math.Sqrt(eps)*res.Values[0]) {
		return nil
	}
	// Y = G U_q diag(1/√λ), then V = L⁻ᵀ Y.
	y, _ := matrix.Mul(g, res.Vectors.Slice(0, c, 0, q))
	for i := range d {
		row := y.Row(i)
		for j := range q {
			row[j] /= math.Sqrt(res.Values[j])
		}
	}
	if chol.SolveUpperCols(y) != nil || y.CheckFinite() != nil {
		return nil
	}
	return &eigen.Result{Values: res.Values[:q], Vectors: y}
}
