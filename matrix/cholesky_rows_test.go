package matrix

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// TestCholeskySolveLowerRows checks B·L⁻ᵀ against SolveLower row by row
// (small and blocked orders) and the residual X·Lᵀ = B.
func TestCholeskySolveLowerRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{1, 3, 10, 70, 150} {
		g := New(n+3, n)
		for i := range g.data {
			g.data[i] = rng.NormFloat64()
		}
		a, _ := MulATB(g, g)
		for i := range n {
			a.Set(i, i, a.At(i, i)+1)
		}
		chol, err := FactorizeCholesky(a)
		if err != nil {
			t.Fatal(err)
		}
		b := New(37, n)
		for i := range b.data {
			b.data[i] = rng.NormFloat64()
		}
		x := b.Clone()
		if err := chol.SolveLowerRows(x); err != nil {
			t.Fatal(err)
		}
		// Residual ‖X·Lᵀ − B‖ ≤ c·n·ε·‖X‖‖L‖ (backward stability of substitution).
		r, _ := MulABT(x, chol.L())
		diff, _ := Sub(r, b)
		bound := 4 * float64(n) * 0x1p-52 * NormFrobenius(x) * NormFrobenius(chol.L())
		if e := NormFrobenius(diff); e > bound {
			t.Errorf("n=%d: residual %.3g > %.3g", n, e, bound)
		}
		for i := range b.rows {
			v := append([]float64(nil), b.Row(i)...)
			chol.SolveLower(v)
			for j := range v {
				if math.Abs(v[j]-x.At(i, j)) > bound {
					t.Fatalf("n=%d: row %d differs from SolveLower", n, i)
				}
			}
		}
	}
	chol, _ := FactorizeCholesky(Identity(2))
	if err := chol.SolveLowerRows(New(2, 3)); !errors.Is(err, ErrShape) {
		t.Errorf("wrong width: %v", err)
	}
	if err := chol.SolveLowerRows(New(0, 2)); err != nil {
		t.Errorf("no rows: %v", err)
	}
}
