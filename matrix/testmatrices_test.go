package matrix

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// A shared suite of named hard matrices for the property tests of every
// factorization in this package (LU, QR, Cholesky, SVD, ...), in the spirit
// of LAPACK's test matrix generators and gonum's testlapack: each entry has
// a name that says what makes it hard, and the facts a test needs to decide
// what to assert (shape, rank, rough condition number).
//
// Use:
//
//	rng := rand.New(rand.NewPCG(seed, 0))
//	for _, tm := range nastyMatrices(rng) {
//	    t.Run(tm.name, func(t *testing.T) { ... tm.a ... })
//	}
//
// nastySPDMatrices gives the symmetric positive definite counterparts.
// The generators below (hilbertMatrix, randomOrthogonal,
// withSingularValues, randomSPD, diagDominantSPD) are exported to the
// other tests of the package for building their own cases.

// namedMatrix is one entry of the suite.
type namedMatrix struct {
	name string
	a    *Dense
	// rank is the rank of the exact matrix: min(m, n) when it has full
	// rank, smaller for the rank-deficient entries. Rounding may make the
	// stored matrix full rank to working precision only in the sense of
	// having singular values near ε·‖A‖.
	rank int
	// cond is the 2-norm condition number σ₁/σ_min(m,n) where it is known
	// (to a few digits, or its order of magnitude for the graded entries),
	// +Inf for rank-deficient entries, 0 if unknown (random matrices,
	// whose κ₂ is modest).
	cond float64
	// condScaled is κ₂ of the matrix with its columns scaled to unit norm
	// when that differs much from cond (the column-graded entries), else 0.
	// Algorithms whose error is invariant under column scaling, such as
	// Householder least squares, are governed by it.
	condScaled float64
}

// effectiveCond returns condScaled if set, else cond.
func (tm namedMatrix) effectiveCond() float64 {
	if tm.condScaled != 0 {
		return tm.condScaled
	}
	return tm.cond
}

// square reports whether the entry is a square matrix.
func (tm namedMatrix) square() bool { return tm.a.rows == tm.a.cols }

// fullRank reports whether the exact matrix has rank min(m, n).
func (tm namedMatrix) fullRank() bool { return tm.rank == min(tm.a.rows, tm.a.cols) }

// hilbertCond holds κ₂ of the n×n Hilbert matrix hᵢⱼ = 1/(i+j+1), from
// the literature (e.g. Higham, Accuracy and Stability, Table 28.1; checked
// with numpy.linalg.cond).
var hilbertCond = map[int]float64{2: 19.28, 4: 1.551e4, 6: 1.495e7, 8: 1.526e10, 10: 1.603e13, 12: 1.7e16}

// nastyMatrices returns the suite: small and large, square, tall and wide,
// ill-conditioned, rank-deficient, graded, and at the edges of the
// floating-point range. All randomness comes from rng.
func nastyMatrices(rng *rand.Rand) []namedMatrix {
	var s []namedMatrix
	add := func(name string, a *Dense, rank int, cond float64) {
		s = append(s, namedMatrix{name: name, a: a, rank: rank, cond: cond})
	}
	one, _ := NewFromRows([][]float64{{-3}})
	add("1x1", one, 1, 1)
	tiny1, _ := NewFromRows([][]float64{{2.5e-300}})
	add("1x1 tiny 1e-300", tiny1, 1, 1)
	add("identity 6x6", Identity(6), 6, 1)
	for _, n := range []int{2, 4, 6, 8, 10, 12} {
		add(fmt.Sprintf("hilbert %d", n), hilbertMatrix(n), n, hilbertCond[n])
	}
	add("random 5x5", randDense(rng, 5, 5), 5, 0)
	add("random 40x40", randDense(rng, 40, 40), 40, 0)
	add("tall random 30x7", randDense(rng, 30, 7), 7, 0)
	add("wide random 7x30", randDense(rng, 7, 30), 7, 0)
	add("column 12x1", randDense(rng, 12, 1), 1, 1)
	add("row 1x12", randDense(rng, 1, 12), 1, 1)

	// Known singular values: well, badly and barely conditioned, and clustered.
	add("cond 1e6 12x12", withSingularValues(rng, 12, 12, geometric(12, 1, 1e-6)), 12, 1e6)
	add("cond 1e12 10x10", withSingularValues(rng, 10, 10, geometric(10, 1, 1e-12)), 10, 1e12)
	add("cond 1e15 8x8", withSingularValues(rng, 8, 8, geometric(8, 1, 1e-15)), 8, 1e15)
	add("tall cond 1e8 25x6", withSingularValues(rng, 25, 6, geometric(6, 1, 1e-8)), 6, 1e8)
	add("clustered 9x9", withSingularValues(rng, 9, 9, []float64{1, 1, 1, 1, 1 - 1e-12, 1 - 1e-12, 0.5, 0.5, 0.5}), 9, 2)

	// Rank deficient: products of thin factors, a zero column, repeated
	// columns, the zero matrix.
	lowRank := func(m, n, r int) *Dense {
		p, _ := Mul(randDense(rng, m, r), randDense(rng, r, n))
		return p
	}
	add("rank 5 of 8x8", lowRank(8, 8, 5), 5, math.Inf(1))
	add("tall rank 3 of 20x6", lowRank(20, 6, 3), 3, math.Inf(1))
	add("wide rank 2 of 4x9", lowRank(4, 9, 2), 2, math.Inf(1))
	zc := randDense(rng, 6, 6)
	zc.SetCol(2, make([]float64, 6))
	add("zero column 6x6", zc, 5, math.Inf(1))
	rc := randDense(rng, 10, 4)
	rc.SetCol(3, rc.Col(1))
	add("repeated column 10x4", rc, 3, math.Inf(1))
	add("zero 4x4", New(4, 4), 0, math.Inf(1))

	// Graded: rows, columns or both scaled from 1e−10 to 1e10, so κ₂ is
	// of order 1e20. Scaling the columns back cures the column-graded
	// ones: they are built from a matrix with κ₂ = 100, so by van der
	// Sluis's theorem unit-norm columns give κ₂ ≤ √n·100.
	g := geometric(8, 1e-10, 1e10)
	add("graded rows 1e±10 8x8", scaleRows(g, randDense(rng, 8, 8)), 8, 1e20)
	add("graded columns 1e±10 8x8", scaleCols(withSingularValues(rng, 8, 8, geometric(8, 1, 1e-2)), g), 8, 1e20)
	s[len(s)-1].condScaled = math.Sqrt(8) * 100
	add("graded both 1e±10 8x8", scaleCols(scaleRows(g, randDense(rng, 8, 8)), g), 8, 1e20)
	add("tall graded columns 1e±10 16x8", scaleCols(withSingularValues(rng, 16, 8, geometric(8, 1, 1e-2)), g), 8, 1e20)
	s[len(s)-1].condScaled = math.Sqrt(8) * 100

	// The edges of the float64 range.
	add("tiny 1e-300 10x10", Scale(1e-300, randDense(rng, 10, 10)), 10, 0)
	add("huge 1e300 10x10", Scale(1e300, randDense(rng, 10, 10)), 10, 0)
	add("tall tiny 1e-300 12x5", Scale(1e-300, randDense(rng, 12, 5)), 5, 0)
	add("tall huge 1e300 12x5", Scale(1e300, randDense(rng, 12, 5)), 5, 0)

	// Wilkinson's matrix for partial pivoting: element growth 2ⁿ⁻¹ in U,
	// but every operation is exact in binary (integers up to 2ⁿ⁻¹).
	add("pivot growth 2^15 16x16", pivotGrowthMatrix(16), 16, 0)
	return s
}

// nastySPDMatrices returns symmetric positive definite matrices for the
// Cholesky-based code: random with a given condition number, graded
// (D S D with D from 1e−10 to 1e10, so entries span 1e±20), Hilbert, and
// the edges of the float64 range.
func nastySPDMatrices(rng *rand.Rand) []namedMatrix {
	var s []namedMatrix
	add := func(name string, a *Dense, cond float64) {
		s = append(s, namedMatrix{name: name, a: a, rank: a.rows, cond: cond})
	}
	four, _ := NewFromRows([][]float64{{4}})
	add("1x1", four, 1)
	add("identity 5x5", Identity(5), 1)
	add("random spd cond 10 20x20", randomSPD(rng, 20, 10), 10)
	add("random spd cond 1e8 20x20", randomSPD(rng, 20, 1e8), 1e8)
	add("random spd cond 1e13 12x12", randomSPD(rng, 12, 1e13), 1e13)
	add("diagonally dominant 50x50", diagDominantSPD(rng, 50), 0)
	for _, n := range []int{4, 8, 10} {
		add(fmt.Sprintf("hilbert %d", n), hilbertMatrix(n), hilbertCond[n])
	}
	d := geometric(10, 1e-10, 1e10)
	add("graded spd 1e±10 10x10", symmetrize(scaleCols(scaleRows(d, randomSPD(rng, 10, 100)), d)), 0)
	add("tiny spd 1e-300 8x8", Scale(1e-300, randomSPD(rng, 8, 100)), 100)
	add("huge spd 1e300 8x8", Scale(1e300, randomSPD(rng, 8, 100)), 100)
	return s
}

// hilbertMatrix returns the n×n Hilbert matrix hᵢⱼ = 1/(i + j + 1)
// (0-based), the classic SPD matrix with condition number growing like
// e^{3.5n}.
func hilbertMatrix(n int) *Dense {
	h := New(n, n)
	for i := range n {
		for j := range n {
			h.data[i*h.stride+j] = 1 / float64(i+j+1)
		}
	}
	return h
}

// pivotGrowthMatrix returns Wilkinson's n×n example for partial pivoting:
// 1 on the diagonal and in the last column, −1 below the diagonal. No row
// swaps happen and the last column of U doubles at every step.
func pivotGrowthMatrix(n int) *Dense {
	a := New(n, n)
	for i := range n {
		for j := range i {
			a.Set(i, j, -1)
		}
		a.Set(i, i, 1)
		a.Set(i, n-1, 1)
	}
	return a
}

// geometric returns n values from first to last in geometric progression.
func geometric(n int, first, last float64) []float64 {
	v := make([]float64, n)
	for i := range v {
		t := 0.0
		if n > 1 {
			t = float64(i) / float64(n-1)
		}
		v[i] = first * math.Pow(last/first, t)
	}
	return v
}

// scaleRows returns diag(d)·A.
func scaleRows(d []float64, a *Dense) *Dense {
	c := a.Clone()
	for i := range c.rows {
		ScaleVec(d[i], c.Row(i))
	}
	return c
}

// scaleCols returns A·diag(d).
func scaleCols(a *Dense, d []float64) *Dense {
	c := a.Clone()
	for i := range c.rows {
		r := c.Row(i)
		for j := range r {
			r[j] *= d[j]
		}
	}
	return c
}

// randomOrthogonal returns an n×n orthogonal matrix, the product of n
// Householder reflectors with random Gaussian vectors (Haar-distributed up
// to the signs, as in Stewart's method). Orthogonal to working precision:
// ‖QᵀQ − I‖ is a small multiple of n·ε.
func randomOrthogonal(rng *rand.Rand, n int) *Dense {
	q := Identity(n)
	work := make([]float64, n)
	v := make([]float64, n)
	for k := range n {
		x := v[:n-k]
		for i := range x {
			x[i] = rng.NormFloat64()
		}
		_, tau := Householder(x[0], x[1:])
		x[0] = 1
		ApplyHouseholderLeft(tau, x, q.Slice(k, n, 0, n), work)
	}
	return q
}

// withSingularValues returns U·diag(s)·Vᵀ (m×n, len(s) = min(m, n)) with
// random orthogonal U and V, so its singular values are s up to rounding
// (the product adds errors of order ε·max(s)).
func withSingularValues(rng *rand.Rand, m, n int, s []float64) *Dense {
	u, v := randomOrthogonal(rng, m), randomOrthogonal(rng, n)
	us := New(m, n)
	for i := range m {
		for j := range min(m, n) {
			us.data[i*us.stride+j] = u.At(i, j) * s[j] // (U Σ)ᵢⱼ
		}
	}
	a, _ := MulABT(us, v)
	return a
}

// randomSPD returns Q·diag(λ)·Qᵀ (n×n) with λ geometric from 1 down to
// 1/cond and a random orthogonal Q, symmetrized exactly.
func randomSPD(rng *rand.Rand, n int, cond float64) *Dense {
	return symmetrize(withSymmetricSpectrum(rng, geometric(n, 1, 1/cond)))
}

// withSymmetricSpectrum returns Q·diag(λ)·Qᵀ with a random orthogonal Q.
func withSymmetricSpectrum(rng *rand.Rand, lambda []float64) *Dense {
	n := len(lambda)
	q := randomOrthogonal(rng, n)
	ql := scaleCols(q, lambda)
	a, _ := MulABT(ql, q)
	return a
}

// symmetrize replaces A by (A + Aᵀ)/2 in place and returns it.
func symmetrize(a *Dense) *Dense {
	for i := range a.rows {
		for j := range i {
			m := 0.5 * (a.At(i, j) + a.At(j, i))
			a.Set(i, j, m)
			a.Set(j, i, m)
		}
	}
	return a
}

// diagDominantSPD returns a symmetric matrix with off-diagonal entries in
// [−1, 1) and n on the diagonal: strictly diagonally dominant, hence SPD
// with eigenvalues in [1, 2n−1] by Gershgorin's theorem (in practice
// n ± O(√n), κ₂ near 1). It costs only O(n²) to build, which is what
// benchmarks at n = 1000 need.
func diagDominantSPD(rng *rand.Rand, n int) *Dense {
	a := New(n, n)
	for i := range n {
		for j := range i {
			v := 2*rng.Float64() - 1
			a.Set(i, j, v)
			a.Set(j, i, v)
		}
		a.Set(i, i, float64(n))
	}
	return a
}

// Error measures. Each returns a ratio that the theory bounds by a modest
// constant for a backward-stable algorithm, so tests compare it with 10
// (the convention of LAPACK's test suite, where a ratio ≥ 30 fails).

// backwardRatio returns ‖A − B‖_F / (size·ε·‖A‖_F), where B is the
// product of computed factors. A zero A gives 0 if B is zero too, +Inf
// otherwise.
func backwardRatio(a, b *Dense, size int) float64 {
	d, err := Sub(a, b)
	if err != nil {
		return math.Inf(1)
	}
	num, den := NormFrobenius(d), NormFrobenius(a)
	if num == 0 {
		return 0
	}
	return num / den / (float64(size) * eps)
}

// orthogonalityRatio returns ‖QᵀQ − I‖_F / (m·ε) for an m×k matrix Q whose
// columns should be orthonormal.
func orthogonalityRatio(q *Dense) float64 {
	qtq, _ := MulATB(q, q)
	d, _ := Sub(qtq, Identity(q.cols))
	return NormFrobenius(d) / (float64(q.rows) * eps)
}

// residualRatio returns ‖AX − B‖_F / (size·ε·‖A‖_F·‖X‖_F), the normwise
// backward error of a computed solution X of A X = B in units of size·ε.
// The scalings are applied before the product so that matrices near the
// edges of the float64 range do not overflow.
func residualRatio(a, x, b *Dense, size int) float64 {
	na, nx := NormFrobenius(a), NormFrobenius(x)
	if na == 0 || nx == 0 {
		if NormFrobenius(b) == 0 {
			return 0
		}
		return math.Inf(1)
	}
	ax, _ := Mul(Scale(1/na, a), Scale(1/nx, x)) // (A/‖A‖)(X/‖X‖)
	r, _ := Sub(ax, Scale(1/nx, Scale(1/na, b))) // the residual over ‖A‖‖X‖
	return NormFrobenius(r) / (float64(size) * eps)
}

// TestNastySuiteFacts checks the facts the suite claims about its entries,
// so that tests built on them can trust the rank and shape fields.
func TestNastySuiteFacts(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 1))
	seen := map[string]bool{}
	for _, tm := range nastyMatrices(rng) {
		if seen[tm.name] {
			t.Errorf("duplicate name %q", tm.name)
		}
		seen[tm.name] = true
		if err := tm.a.CheckFinite(); err != nil {
			t.Errorf("%s: %v", tm.name, err)
		}
		if tm.rank > min(tm.a.rows, tm.a.cols) || tm.rank < 0 {
			t.Errorf("%s: rank %d for %s", tm.name, tm.rank, tm.a.shape())
		}
	}
	for _, tm := range nastySPDMatrices(rng) {
		if !tm.a.IsSymmetric(0) {
			t.Errorf("%s: not exactly symmetric", tm.name)
		}
	}
	// The orthogonal factors of the generators are orthogonal.
	if r := orthogonalityRatio(randomOrthogonal(rng, 30)); r > 10 {
		t.Errorf("randomOrthogonal: ‖QᵀQ − I‖/(nε) = %.3g", r)
	}
}
