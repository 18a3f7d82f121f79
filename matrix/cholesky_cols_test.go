package matrix

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// TestCholeskySolveCols checks L⁻¹B (SolveLowerCols) and L⁻ᵀB
// (SolveUpperCols) against the one-vector solves column by column and by
// the residuals LX = B and LᵀX = B, for orders below, at and above the
// block size (64), and one that leaves a short last block.
func TestCholeskySolveCols(t *testing.T) {
	for _, c := range []struct {
		name  string
		cols  func(*Cholesky, *Dense) error
		vec   func(*Cholesky, []float64)
		apply func(l, x *Dense) (*Dense, error) // L·X or Lᵀ·X
	}{
		{"lower", (*Cholesky).SolveLowerCols, (*Cholesky).SolveLower, Mul},
		{"upper", (*Cholesky).SolveUpperCols, (*Cholesky).SolveUpper, MulATB},
	} {
		rng := rand.New(rand.NewPCG(7, 8))
		for _, n := range []int{1, 3, 10, 64, 65, 150} {
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
			if err := c.cols(chol, x); err != nil {
				t.Fatal(err)
			}
			// Backward stability of substitution: ‖op(L)X − B‖ ≤ c·n·ε·‖L‖‖X‖.
			r, _ := c.apply(chol.L(), x)
			diff, _ := Sub(r, b)
			bound := 4 * float64(n) * 0x1p-52 * NormFrobenius(x) * NormFrobenius(chol.L())
			if e := NormFrobenius(diff); e > bound {
				t.Errorf("%s, n=%d: residual %.3g > %.3g", c.name, n, e, bound)
			}
			for j := range b.cols {
				v := b.Col(j)
				c.vec(chol, v)
				for i := range v {
					if math.Abs(v[i]-x.At(i, j)) > bound {
						t.Fatalf("%s, n=%d: column %d differs from the one-vector solve", c.name, n, j)
					}
				}
			}
		}
		chol, _ := FactorizeCholesky(Identity(2))
		if err := c.cols(chol, New(3, 2)); !errors.Is(err, ErrShape) {
			t.Errorf("%s: wrong height: %v", c.name, err)
		}
		if err := c.cols(chol, New(2, 0)); err != nil {
			t.Errorf("%s: no columns: %v", c.name, err)
		}
	}
}
