package matrix

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// TestCholeskySolveLowerCols checks L⁻¹B against SolveLower column by
// column and the residual LX = B, for orders below and above the block
// size.
func TestCholeskySolveLowerCols(t *testing.T) {
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
		b := New(n, 37)
		for i := range b.data {
			b.data[i] = rng.NormFloat64()
		}
		x := b.Clone()
		if err := chol.SolveLowerCols(x); err != nil {
			t.Fatal(err)
		}
		// Backward stability of substitution: ‖LX − B‖ ≤ c·n·ε·‖L‖‖X‖.
		r, _ := Mul(chol.L(), x)
		diff, _ := Sub(r, b)
		bound := 4 * float64(n) * 0x1p-52 * NormFrobenius(x) * NormFrobenius(chol.L())
		if e := NormFrobenius(diff); e > bound {
			t.Errorf("n=%d: residual %.3g > %.3g", n, e, bound)
		}
		for j := range b.cols {
			v := b.Col(j)
			chol.SolveLower(v)
			for i := range v {
				if math.Abs(v[i]-x.At(i, j)) > bound {
					t.Fatalf("n=%d: column %d differs from SolveLower", n, j)
				}
			}
		}
	}
	chol, _ := FactorizeCholesky(Identity(2))
	if err := chol.SolveLowerCols(New(3, 2)); !errors.Is(err, ErrShape) {
		t.Errorf("wrong height: %v", err)
	}
	if err := chol.SolveLowerCols(New(2, 0)); err != nil {
		t.Errorf("no columns: %v", err)
	}
}

// TestCholeskySolveUpperCols checks L⁻ᵀB against SolveUpper column by
// column and the residual LᵀX = B, for orders below, at and above the
// block size (64), and an order that leaves a short last block.
func TestCholeskySolveUpperCols(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, n := range []int{1, 3, 64, 65, 150} {
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
		b := New(n, 29)
		for i := range b.data {
			b.data[i] = rng.NormFloat64()
		}
		x := b.Clone()
		if err := chol.SolveUpperCols(x); err != nil {
			t.Fatal(err)
		}
		// Backward stability of substitution: ‖LᵀX − B‖ ≤ c·n·ε·‖L‖‖X‖.
		r, _ := MulATB(chol.L(), x)
		diff, _ := Sub(r, b)
		bound := 4 * float64(n) * 0x1p-52 * NormFrobenius(x) * NormFrobenius(chol.L())
		if e := NormFrobenius(diff); e > bound {
			t.Errorf("n=%d: residual %.3g > %.3g", n, e, bound)
		}
		for j := range b.cols {
			v := b.Col(j)
			chol.SolveUpper(v)
			for i := range v {
				if math.Abs(v[i]-x.At(i, j)) > bound {
					t.Fatalf("n=%d: column %d differs from SolveUpper", n, j)
				}
			}
		}
	}
	chol, _ := FactorizeCholesky(Identity(2))
	if err := chol.SolveUpperCols(New(3, 2)); !errors.Is(err, ErrShape) {
		t.Errorf("wrong height: %v", err)
	}
	if err := chol.SolveUpperCols(New(2, 0)); err != nil {
		t.Errorf("no columns: %v", err)
	}
}
