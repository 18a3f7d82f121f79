package matrix

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestQRBlockedMatchesUnblocked compares the compact-WY factorization and
// its applications of Q with the unblocked reflector loop, on shapes
// around and across the block size (tall, square, wide) and on a strided
// input view. The matrices have κ₂ = 10, so two backward-stable
// computations of R, Q and QᵀB agree to a small multiple of
// κ·max(m,n)·ε relative to their norms.
func TestQRBlockedMatchesUnblocked(t *testing.T) {
	rng := rand.New(rand.NewPCG(91, 1))
	for _, nb := range []int{4, qrBlock} {
		for _, n := range blockSizes(nb) {
			for _, m := range []int{n, n + 11, max(n-3, 1)} {
				if testing.Short() && nb == qrBlock && n > qrBlock+1 {
					continue
				}
				t.Run(fmt.Sprintf("nb=%d/%dx%d", nb, m, n), func(t *testing.T) {
					p := min(m, n)
					a := withSingularValues(rng, m, n, geometric(p, 1, 0.1))
					ref := factorizeQR(a, 0)
					got := factorizeQR(stridedView(a), nb)
					tol := 10 * 10 * float64(max(m, n)) * eps
					if !EqualApprox(got.R(), ref.R(), tol) {
						t.Errorf("R differs by more than %.3g", tol)
					}
					for _, full := range []bool{false, true} {
						qg, qr := got.Q(), ref.Q()
						if full {
							qg, qr = got.QFull(), ref.QFull()
						}
						if !EqualApprox(qg, qr, tol) {
							t.Errorf("Q (full %v) differs by more than %.3g", full, tol)
						}
						if r := orthogonalityRatio(qg); r > 10 {
							t.Errorf("Q (full %v): ‖QᵀQ − I‖/(mε) = %.3g", full, r)
						}
					}
					qrp, _ := Mul(got.Q(), got.R())
					if r := backwardRatio(a, qrp, max(m, n)); r > 10 {
						t.Errorf("‖A − QR‖/(max(m,n)ε‖A‖) = %.3g", r)
					}
					b := randDense(rng, m, 3)
					for _, apply := range []func(*QR, *Dense) (*Dense, error){(*QR).ApplyQ, (*QR).ApplyQT} {
						xg, err := apply(got, stridedView(b))
						if err != nil {
							t.Fatal(err)
						}
						xr, _ := apply(ref, b)
						if !EqualApprox(xg, xr, tol*NormMax(b)) {
							t.Errorf("ApplyQ/ApplyQT differ by more than %.3g", tol*NormMax(b))
						}
					}
					if m >= n {
						xg, err := got.LeastSquares(b)
						if err != nil {
							t.Fatal(err)
						}
						xr, _ := ref.LeastSquares(b)
						if !EqualApprox(xg, xr, 10*tol*NormMax(xr)) {
							t.Errorf("least-squares solutions differ")
						}
					}
				})
			}
		}
	}
}

// TestQRBlockT checks the compact WY identity H₀⋯Hₙ₋₁ = I − V T Vᵀ
// directly, on random unit-lower V with one τ = 0 (Hₖ = I) in the block.
func TestQRBlockT(t *testing.T) {
	rng := rand.New(rand.NewPCG(91, 2))
	m, n := 12, 5
	vt := New(n, m)
	tau := make([]float64, n)
	for k := range n {
		r := vt.Row(k)
		r[k] = 1
		for i := k + 1; i < m; i++ {
			r[i] = rng.NormFloat64()
		}
		tau[k] = 2 / Dot(r, r) // makes Hₖ orthogonal
	}
	tau[2] = 0
	tm := blockT(vt, tau)
	h := Identity(m) // H₀⋯Hₙ₋₁ accumulated one reflector at a time
	work := make([]float64, m)
	for k := n - 1; k >= 0; k-- {
		ApplyHouseholderLeft(tau[k], vt.Row(k), h, work)
	}
	tvt, _ := Mul(tm, vt)     // T Vᵀ
	vtv, _ := MulATB(vt, tvt) // V T Vᵀ
	wy, _ := Sub(Identity(m), vtv)
	if !EqualApprox(wy, h, 10*float64(m)*eps) {
		t.Errorf("I − V T Vᵀ differs from H₀⋯Hₙ₋₁")
	}
}

// TestQRBlockedNastySuite runs the nasty suite through the blocked code
// with blocks of 2 reflectors, so that even its small matrices take the
// compact WY path: the same backward-error and orthogonality bounds as
// the unblocked loop must hold, Q must apply as formed, and least squares
// must pass the same optimality and rank checks.
func TestQRBlockedNastySuite(t *testing.T) {
	rng := rand.New(rand.NewPCG(91, 3))
	for _, tm := range nastyMatrices(rng) {
		t.Run(tm.name, func(t *testing.T) {
			a := tm.a
			m, n := a.Dims()
			f := factorizeQR(a, 2)
			q, r, qf := f.Q(), f.R(), f.QFull()
			qr, _ := Mul(q, r)
			if br := backwardRatio(a, qr, max(m, n)); br > 10 {
				t.Errorf("‖A − Q₁R₁‖/(max(m,n)ε‖A‖) = %.3g > 10", br)
			}
			if o1, o2 := orthogonalityRatio(q), orthogonalityRatio(qf); o1 > 10 || o2 > 10 {
				t.Errorf("‖QᵀQ − I‖/(mε) = %.3g (thin), %.3g (full) > 10", o1, o2)
			}
			checkQRApply(t, f, a, qf)
			checkQRLeastSquares(t, tm, f, rng)
		})
	}
}
