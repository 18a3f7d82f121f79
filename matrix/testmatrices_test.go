package matrix

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// namedMatrix is one member of the suite of nasty matrices that every
// factorization is tested on.
type namedMatrix struct {
	name string
	a    *Dense
}

// hilbert returns the n×n Hilbert matrix hᵢⱼ = 1/(i + j + 1), the classic
// ill-conditioned matrix (κ₂ ≈ 1.6e16 at n = 12).
func hilbert(n int) *Dense {
	h := New(n, n)
	for i := range n {
		for j := range n {
			h.Set(i, j, 1/float64(i+j+1))
		}
	}
	return h
}

// graded returns D·G·D with D = diag(10^(−e + 2e·i/(n−1))): entries that
// span 10^±2e.
func graded(rng *rand.Rand, n int, e float64) *Dense {
	g := randDense(rng, n, n)
	for i := range n {
		for j := range n {
			di := math.Pow(10, -e+2*e*float64(i)/float64(max(1, n-1)))
			dj := math.Pow(10, -e+2*e*float64(j)/float64(max(1, n-1)))
			g.Set(i, j, g.At(i, j)*di*dj)
		}
	}
	return g
}

// lowRank returns an m×n matrix of rank r.
func lowRank(rng *rand.Rand, m, n, r int) *Dense {
	p, _ := Mul(randDense(rng, m, r), randDense(rng, r, n))
	return p
}

// nastyMatrices returns square and rectangular test matrices: random,
// Hilbert up to 12, rank-deficient, graded, tiny and huge scales, 1×1,
// tall and wide.
func nastyMatrices(rng *rand.Rand) []namedMatrix {
	var s []namedMatrix
	add := func(name string, a *Dense) { s = append(s, namedMatrix{name, a}) }
	for _, n := range []int{1, 2, 5, 17, 40} {
		add(fmt.Sprintf("random %d×%d", n, n), randDense(rng, n, n))
	}
	for _, n := range []int{4, 8, 12} {
		add(fmt.Sprintf("hilbert %d", n), hilbert(n))
	}
	add("rank 3 of 10×10", lowRank(rng, 10, 10, 3))
	add("graded 1e±10", graded(rng, 12, 5))
	add("tiny 1e-300", Scale(1e-300, randDense(rng, 6, 6)))
	add("huge 1e300", Scale(1e300, randDense(rng, 6, 6)))
	add("1×1", Diag([]float64{-3.5}))
	add("tall 30×7", randDense(rng, 30, 7))
	add("wide 7×30", randDense(rng, 7, 30))
	add("tall rank 2", lowRank(rng, 20, 6, 2))
	add("zero 4×3", New(4, 3))
	return s
}

// relErr returns ‖A − B‖_F / (c·ε·‖A‖_F), the backward-error ratio LAPACK's
// tests report; it must be at most 10 for a backward-stable algorithm.
func relErr(a, b *Dense, c float64) float64 {
	d, _ := Sub(a, b)
	den := c * eps * NormFrobenius(a)
	if den == 0 {
		return NormFrobenius(d) / (c * eps)
	}
	return NormFrobenius(d) / den
}

// orthErr returns ‖QᵀQ − I‖_F / (n·ε) for the columns of Q.
func orthErr(q *Dense) float64 {
	qtq, _ := MulATB(q, q)
	_, n := q.Dims()
	d, _ := Sub(qtq, Identity(n))
	return NormFrobenius(d) / (float64(max(n, 1)) * eps)
}
