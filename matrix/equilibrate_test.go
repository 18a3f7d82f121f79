package matrix

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestEquilibratedPolicy: the examples of issue 13, item 15. diag(1, 1e-20)
// is badly scaled but well posed (κ₁ = 1e20, equilibrated κ₁ = 1): Solve
// must answer exactly, LU and Cholesky alike (LU used to say "singular").
// [[1, 1], [1, 1 + 2ε]] is singular to working precision (κ ≈ 2/ε) even
// equilibrated: LU and Cholesky must give the same verdict, the solution
// together with an error wrapping ErrSingular (LU refused with no
// solution, Cholesky solved it silently).
func TestEquilibratedPolicy(t *testing.T) {
	type solver struct {
		name  string
		solve func(a *Dense, b []float64) ([]float64, error)
	}
	solvers := []solver{
		{"Solve", func(a *Dense, b []float64) ([]float64, error) {
			x, err := Solve(a, New(len(b), 1).withCol(b))
			if x == nil {
				return nil, err
			}
			return x.Col(0), err
		}},
		{"LU.SolveVec", func(a *Dense, b []float64) ([]float64, error) {
			f, err := FactorizeLU(a)
			if err != nil {
				return nil, err
			}
			return f.SolveVec(b)
		}},
		{"Cholesky.SolveVec", func(a *Dense, b []float64) ([]float64, error) {
			f, err := FactorizeCholesky(a)
			if err != nil {
				return nil, err
			}
			return f.SolveVec(b)
		}},
		{"Cholesky.Solve", func(a *Dense, b []float64) ([]float64, error) {
			f, err := FactorizeCholesky(a)
			if err != nil {
				return nil, err
			}
			x, err := f.Solve(New(len(b), 1).withCol(b))
			return x.Col(0), err
		}},
	}
	for _, s := range solvers {
		x, err := s.solve(Diag([]float64{1, 1e-20}), []float64{3, 5e-20})
		// Exact but for the rounding of √(1e-20) in Cholesky: 4ε relative.
		if err != nil || math.Abs(x[0]-3) > 12*eps || math.Abs(x[1]-5) > 20*eps {
			t.Errorf("%s of diag(1, 1e-20): x = %v, err = %v; want [3 5]", s.name, x, err)
		}
		near, _ := NewFromRows([][]float64{{1, 1}, {1, 1 + 2*eps}})
		x, err = s.solve(near, []float64{2, 2 + 2*eps}) // x = (1, 1)
		if !errors.Is(err, ErrSingular) || x == nil {
			t.Errorf("%s of [[1, 1], [1, 1+2ε]]: x = %v, err = %v; want the solution and ErrSingular", s.name, x, err)
		} else if math.Abs(x[0]-1)+math.Abs(x[1]-1) > 4 {
			// κ·ε ≈ 2: no digit is promised, but the solution is the
			// computed one, not garbage of the wrong size.
			t.Errorf("%s of [[1, 1], [1, 1+2ε]]: x = %v", s.name, x)
		}
	}
}

// TestEquilibratedCondGraded: D₁·B·D₂ with B well conditioned and D₁, D₂
// spanning 1e±100 has κ₁ near 1e200 or beyond, but its equilibrated
// condition number is within a factor n of B's (van der Sluis: scaling
// rows and columns to unit maxima is optimal to within n; the powers of
// two cost at most 4 more), and the solve is then accurate componentwise:
// x = D₂⁻¹·B⁻¹·D₁⁻¹·b to κ(B)·n·ε.
func TestEquilibratedCondGraded(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 1))
	for _, n := range []int{5, 40, 150} {
		b := withSingularValues(rng, n, n, geometric(n, 1, 1e-2)) // κ₂(B) = 100
		d1, d2 := geometric(n, 1e100, 1e-100), geometric(n, 1e-90, 1e90)
		a := scaleCols(scaleRows(d1, b), d2)
		bf, _ := FactorizeLU(b)
		f, err := FactorizeLU(a)
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("n = %d", n)
		if c := f.EquilibratedCond(); c > 4*float64(n)*bf.Cond() || c*eps > 1 {
			t.Errorf("%s: EquilibratedCond = %.3g, κ₁(B) ≈ %.3g", name, c, bf.Cond())
		}
		// x₀ with entries 1/d₂ⱼ·O(1), b = A x₀.
		x0 := make([]float64, n)
		for j := range x0 {
			x0[j] = (1 + rng.Float64()) / d2[j]
		}
		rhs, _ := MulVec(a, x0)
		x, err := f.SolveVec(rhs)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		tol := 10 * float64(n) * eps * bf.Cond()
		for j := range x {
			if rel := math.Abs(x[j]-x0[j]) / math.Abs(x0[j]); rel > tol {
				t.Errorf("%s: x%d relative error %.3g > %.3g", name, j, rel, tol)
				break
			}
		}
		// The symmetric case: D·S·D with S SPD, D spanning 1e±100.
		spd := randomSPD(rng, n, 100)
		dd := geometric(n, 1e100, 1e-100)
		g := scaleCols(scaleRows(dd, spd), dd)
		c, err := FactorizeCholesky(symmetrize(g))
		if err != nil {
			t.Fatalf("%s SPD: %v", name, err)
		}
		sf, _ := FactorizeLU(spd)
		if ce := c.EquilibratedCond(); ce > 4*float64(n)*sf.Cond() {
			t.Errorf("%s SPD: EquilibratedCond = %.3g, κ₁(S) ≈ %.3g", name, ce, sf.Cond())
		}
	}
}

// withCol sets column 0 of m to v and returns m (a test shorthand).
func (m *Dense) withCol(v []float64) *Dense {
	m.SetCol(0, v)
	return m
}

// TestSolutionOverflow: a well-posed system whose solution is beyond the
// float64 range (diag(1e-320)⁻¹ = 1e320) is an error wrapping
// ErrNotFinite from every solver, not +Inf with a nil error.
func TestSolutionOverflow(t *testing.T) {
	a := Diag([]float64{1e-320, 1e-320})
	if _, err := Inverse(a); !errors.Is(err, ErrNotFinite) {
		t.Errorf("Inverse(diag(1e-320)): %v", err)
	}
	f, _ := FactorizeLU(a)
	if c := f.EquilibratedCond(); c != 1 {
		t.Errorf("EquilibratedCond(diag(1e-320)) = %v, want 1", c)
	}
	if _, err := f.SolveVec([]float64{1, 1}); !errors.Is(err, ErrNotFinite) {
		t.Errorf("LU.SolveVec: %v", err)
	}
	c, err := FactorizeCholesky(a)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.SolveVec([]float64{1, 1}); !errors.Is(err, ErrNotFinite) {
		t.Errorf("Cholesky.SolveVec: %v", err)
	}
	if x, err := Solve(a, Diag([]float64{1e-320, 1e-320})); err != nil || x.At(0, 0) != 1 {
		t.Errorf("Solve(diag(1e-320), diag(1e-320)) = %v, %v; want I", x, err)
	}
}
