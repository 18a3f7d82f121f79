package matrix

import (
	"math"
	"math/rand/v2"
	"testing"
)

// explicitReflector returns H = I − τ v vᵀ with v = [1; tail].
func explicitReflector(tau float64, tail []float64) *Dense {
	n := len(tail) + 1
	v := append([]float64{1}, tail...)
	h := Identity(n)
	for i := range n {
		for j := range n {
			h.Set(i, j, h.At(i, j)-tau*v[i]*v[j])
		}
	}
	return h
}

func TestHouseholderGolden(t *testing.T) {
	// [3; 4] ↦ [−5; 0]: β = −sign(α)·‖(α, x)‖, v = (1, 4/(3 + 5)),
	// τ = (β − α)/β = 8/5.
	x := []float64{4}
	beta, tau := Householder(3, x)
	if beta != -5 || tau != 1.6 || x[0] != 0.5 {
		t.Errorf("Householder(3, [4]) = β %v, τ %v, v %v", beta, tau, x)
	}
	// A negative α gives a positive β (no cancellation in α − β).
	x = []float64{4}
	beta, tau = Householder(-3, x)
	if beta != 5 || tau != 1.6 || x[0] != -0.5 {
		t.Errorf("Householder(−3, [4]) = β %v, τ %v, v %v", beta, tau, x)
	}
	// x = 0: nothing to annihilate, H = I.
	x = []float64{0, 0}
	beta, tau = Householder(-2, x)
	if beta != -2 || tau != 0 || x[0] != 0 {
		t.Errorf("Householder(−2, 0) = β %v, τ %v", beta, tau)
	}
	// An empty x (the last column of a square QR) is the same case.
	if beta, tau = Householder(7, nil); beta != 7 || tau != 0 {
		t.Errorf("Householder(7, nil) = β %v, τ %v", beta, tau)
	}
}

func TestHouseholderProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 7))
	// Scales from deep in the subnormal range to near overflow; the smallest
	// ones need dlarfg's rescaling loop, the largest the overflow-safe norm.
	for _, scale := range []float64{1e-315, 1e-305, 1e-200, 1, 1e200, 1e305} {
		for _, n := range []int{2, 3, 10} {
			alpha := scale * rng.NormFloat64()
			x := make([]float64, n-1)
			for i := range x {
				x[i] = scale * rng.NormFloat64()
			}
			orig := append([]float64{alpha}, x...)
			norm := Nrm2(orig)
			beta, tau := Householder(alpha, x)
			// Subnormal data carry an absolute error of half the smallest
			// subnormal, which is a large relative error near 1e−315.
			abs := 4 * 0x1p-1074
			if math.Abs(math.Abs(beta)-norm) > 4*float64(n)*eps*norm+abs {
				t.Errorf("scale %g, n %d: |β| = %g, ‖(α, x)‖ = %g", scale, n, math.Abs(beta), norm)
			}
			if tau < 1 || tau > 2 || math.Signbit(beta) == math.Signbit(alpha) {
				t.Errorf("scale %g, n %d: τ = %v, β = %g, α = %g", scale, n, tau, beta, alpha)
			}
			h := explicitReflector(tau, x)
			if r := orthogonalityRatio(h); r > 10 {
				t.Errorf("scale %g, n %d: ‖HᵀH − I‖/(nε) = %.3g", scale, n, r)
			}
			// H [α; x] = [β; 0], measured relative to ‖(α, x)‖.
			hx, _ := MulVec(h, orig)
			hx[0] -= beta
			if r := Nrm2(hx); r > 10*float64(n)*eps*norm+float64(n)*abs {
				t.Errorf("scale %g, n %d: ‖H(α, x) − (β, 0)‖ = %g (‖(α, x)‖ = %g)", scale, n, r, norm)
			}
		}
	}
}

func TestApplyHouseholder(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 9))
	x := []float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
	_, tau := Householder(rng.NormFloat64(), x)
	h := explicitReflector(tau, x)
	v := append([]float64{1}, x...)
	a := randDense(rng, 4, 5)
	left := a.Clone()
	ApplyHouseholderLeft(tau, v, left, make([]float64, 5))
	want, _ := Mul(h, a)
	if !EqualApprox(left, want, 40*eps) {
		t.Errorf("ApplyHouseholderLeft differs from H·A")
	}
	b := randDense(rng, 6, 4)
	right := b.Clone()
	ApplyHouseholderRight(tau, v, right)
	want, _ = Mul(b, h)
	if !EqualApprox(right, want, 40*eps) {
		t.Errorf("ApplyHouseholderRight differs from A·H")
	}
	// τ = 0 leaves A untouched; on a strided view only the view changes.
	c := a.Clone()
	ApplyHouseholderLeft(0, v, c, make([]float64, 5))
	if !EqualApprox(c, a, 0) {
		t.Error("τ = 0 changed A")
	}
	big := randDense(rng, 6, 7)
	orig := big.Clone()
	ApplyHouseholderLeft(tau, v, big.Slice(1, 5, 1, 6), make([]float64, 5))
	want, _ = Mul(h, orig.Slice(1, 5, 1, 6))
	if !EqualApprox(big.Slice(1, 5, 1, 6), want, 40*eps) || big.At(0, 0) != orig.At(0, 0) || big.At(5, 6) != orig.At(5, 6) {
		t.Error("ApplyHouseholderLeft on a view")
	}
}
