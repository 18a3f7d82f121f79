package matrix

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// permuteRows returns PA for the permutation of FactorizeLU: row i of PA is
// row p[i] of A.
func permuteRows(a *Dense, p []int) *Dense {
	pa := New(a.rows, a.cols)
	for i, src := range p {
		copy(pa.Row(i), a.Row(src))
	}
	return pa
}

// luGrowth returns the growth factor ρ = max|uᵢⱼ| / max|aᵢⱼ| of the
// elimination, the quantity in the backward-error bound of Gaussian
// elimination (Higham, Thm 9.5: ‖ΔA‖∞ ≤ 2n²γₙ ρ ‖A‖∞ roughly).
func luGrowth(a *Dense, f *LU) float64 {
	return math.Max(1, NormMax(f.U())/NormMax(a))
}

func TestLUGoldenPivoting(t *testing.T) {
	// Strang's example, worked by hand: the first pivot is 4 (row 1), the
	// multipliers 1/2 and −1/2 are exact, then a tie 4 vs 4 keeps row order.
	a, _ := NewFromRows([][]float64{{2, 1, 1}, {4, -6, 0}, {-2, 7, 2}})
	wantL, _ := NewFromRows([][]float64{{1, 0, 0}, {0.5, 1, 0}, {-0.5, 1, 1}})
	wantU, _ := NewFromRows([][]float64{{4, -6, 0}, {0, 4, 1}, {0, 0, 1}})
	f, err := FactorizeLU(a)
	if err != nil {
		t.Fatal(err)
	}
	if !EqualApprox(f.L(), wantL, 0) || !EqualApprox(f.U(), wantU, 0) {
		t.Errorf("L = \n%vU = \n%v", f.L(), f.U())
	}
	if p := f.Pivots(); p[0] != 1 || p[1] != 0 || p[2] != 2 {
		t.Errorf("pivots = %v, want [1 0 2]", p)
	}
	if d := f.Det(); d != -16 {
		t.Errorf("det = %v, want -16", d)
	}
	if la, s := f.LogAbsDet(); s != -1 || math.Abs(la-math.Log(16)) > 4*eps {
		t.Errorf("log|det| = %v, sign %v; want log 16, -1", la, s)
	}
	// A x = b with x = (1, 2, 3): b = (7, −8, 18).
	x, err := f.SolveVec([]float64{7, -8, 18})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []float64{1, 2, 3} {
		if math.Abs(x[i]-want) > 8*eps*3 {
			t.Errorf("x = %v, want [1 2 3]", x)
			break
		}
	}
}

func TestLUGoldenInverse(t *testing.T) {
	// The second-difference matrix T = tridiag(−1, 2, −1) of order n has
	// det T = n + 1 and (T⁻¹)ᵢⱼ = min(i,j)·(n + 1 − max(i,j))/(n + 1)
	// (1-based), a classic closed form.
	const n = 7
	a := New(n, n)
	for i := range n {
		a.Set(i, i, 2)
		if i > 0 {
			a.Set(i, i-1, -1)
			a.Set(i-1, i, -1)
		}
	}
	want := New(n, n)
	for i := 1; i <= n; i++ {
		for j := 1; j <= n; j++ {
			want.Set(i-1, j-1, float64(min(i, j)*(n+1-max(i, j)))/float64(n+1))
		}
	}
	f, err := FactorizeLU(a)
	if err != nil {
		t.Fatal(err)
	}
	inv, err := f.Inverse()
	if err != nil {
		t.Fatal(err)
	}
	kappa := Norm1(a) * Norm1(want) // exact κ₁ = 2·8 = 16·… (small)
	if d := relDiff(inv, want); d > 10*n*kappa*eps {
		t.Errorf("inverse error %.3g, bound %.3g:\n%v", d, 10*n*kappa*eps, inv)
	}
	if d := f.Det(); math.Abs(d-(n+1)) > 10*n*kappa*eps*(n+1) {
		t.Errorf("det = %v, want %d", d, n+1)
	}
	// An integer matrix with determinant 1 has an integer inverse.
	b, _ := NewFromRows([][]float64{{2, 1}, {7, 4}})
	binv, _ := NewFromRows([][]float64{{4, -1}, {-7, 2}})
	g, _ := FactorizeLU(b)
	gi, _ := g.Inverse()
	if !EqualApprox(gi, binv, 16*eps) || math.Abs(g.Det()-1) > 16*eps {
		t.Errorf("inverse of [[2 1] [7 4]] = %v, det %v", gi, g.Det())
	}
}

func TestLUDetRange(t *testing.T) {
	// det diag(1e200, 1e200, 1e−300) = 1e100: the naive running product
	// overflows after two factors, the mantissa–exponent product does not.
	a := Diag([]float64{1e200, 1e200, 1e-300})
	f, err := FactorizeLU(a)
	if err != nil {
		t.Fatal(err)
	}
	if d := f.Det(); math.Abs(d-1e100) > 8*eps*1e100 {
		t.Errorf("det = %v, want 1e100", d)
	}
	big := Diag([]float64{1e200, 1e200, -1e200})
	f, _ = FactorizeLU(big)
	if d := f.Det(); !math.IsInf(d, -1) {
		t.Errorf("det of a 1e600 matrix = %v, want -Inf", d)
	}
	if la, s := f.LogAbsDet(); s != -1 || math.Abs(la-600*math.Ln10) > 8*eps*la {
		t.Errorf("LogAbsDet = %v, %v; want %v, -1", la, s, 600*math.Ln10)
	}
	small := Diag([]float64{1e-200, 1e-200, 1e-200})
	f, _ = FactorizeLU(small)
	if d := f.Det(); d != 0 {
		t.Errorf("det of a 1e-600 matrix = %v, want 0 (underflow)", d)
	}
}

func TestLUReference(t *testing.T) {
	ref := loadFactorRef(t)
	for _, c := range ref.LU {
		t.Run(c.Name, func(t *testing.T) {
			a := mustRows(t, c.A)
			n := float64(a.rows)
			f, err := FactorizeLU(a)
			if err != nil {
				t.Fatal(err)
			}
			// Perturbation theory: a backward error of size ε‖A‖ moves
			// det, A⁻¹ and x by a relative n·κ·ε at most (first order).
			tol := 10 * n * c.Cond1 * eps
			la, s := f.LogAbsDet()
			if s != c.Sign || math.Abs(la-c.LogAbsDet) > tol {
				t.Errorf("LogAbsDet = %v, %v; reference %v, %v", la, s, c.LogAbsDet, c.Sign)
			}
			if c.Det != nil {
				if d := f.Det(); math.Abs(d-*c.Det) > tol*math.Abs(*c.Det) {
					t.Errorf("det = %v, reference %v (tolerance %.2g relative)", d, *c.Det, tol)
				}
			} else if d := f.Det(); !math.IsInf(d, 0) {
				t.Errorf("det = %v, reference overflows", d)
			}
			inv, err := f.Inverse()
			if err != nil {
				t.Fatal(err)
			}
			if d := relDiff(inv, mustRows(t, c.Inverse)); d > tol {
				t.Errorf("inverse: relative error %.3g > %.3g", d, tol)
			}
			x, err := f.Solve(mustRows(t, c.B))
			if err != nil {
				t.Fatal(err)
			}
			if d := relDiff(x, mustRows(t, c.X)); d > tol {
				t.Errorf("solve: relative error %.3g > %.3g", d, tol)
			}
			// The estimate is a lower bound on κ₁ (up to the rounding of the
			// solves) and, for these matrices, within a factor 3 of it.
			if est := f.Cond(); est > c.Cond1*(1+tol) || est < c.Cond1/3 {
				t.Errorf("Cond() = %.6g, κ₁ = %.6g", est, c.Cond1)
			}
		})
	}
}

func TestLUNastySuite(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for _, tm := range nastyMatrices(rng) {
		t.Run(tm.name, func(t *testing.T) {
			a := tm.a
			f, err := FactorizeLU(a)
			if !tm.square() {
				if !errors.Is(err, ErrNotSquare) {
					t.Fatalf("%s: got %v, want ErrNotSquare", a.shape(), err)
				}
				return
			}
			if err != nil {
				if !errors.Is(err, ErrSingular) || tm.fullRank() {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			n := a.rows
			checkLUFactors(t, a, f)
			// Solve A X = B for B = A X₀ (three right-hand sides).
			x0 := randDense(rng, n, 3)
			b, _ := Mul(a, x0)
			x, err := f.Solve(b)
			switch {
			case f.EquilibratedCond()*eps > 1:
				// Singular to working precision after equilibration: the
				// solution comes with the warning (equilibrate.go).
				if !errors.Is(err, ErrSingular) || x == nil {
					t.Fatalf("EquilibratedCond() = %.3g > 1/ε but Solve gave %v, %v", f.EquilibratedCond(), x, err)
				}
			case !tm.fullRank():
				t.Fatalf("rank %d < %d but EquilibratedCond() = %.3g and Solve succeeded", tm.rank, n, f.EquilibratedCond())
			case err != nil:
				t.Fatal(err)
			default:
				// Backward error of the solve: bounded by a multiple of the
				// growth factor ρ (1 for most entries, 2¹⁵ for Wilkinson's).
				rho := luGrowth(a, f)
				r := residualRatio(a, x, b, n)
				if r > 10*rho {
					t.Errorf("‖AX − B‖/(nε‖A‖‖X‖) = %.3g > 10ρ = %.3g", r, 10*rho)
				}
				t.Logf("‖AX − B‖/(nε‖A‖‖X‖) = %.3g, ρ = %.3g", r, rho)
				xv, err := f.SolveVec(b.Col(1))
				if err != nil {
					t.Fatal(err)
				}
				// Both are backward stable with different summation orders,
				// so they agree to the forward error bound 10ρnε·κ·‖x‖ each.
				xcol := x.Col(1)
				Axpy(-1, xv, xcol)
				if d, bound := Nrm2(xcol), 20*rho*float64(n)*eps*f.Cond()*Nrm2(xv); d > bound {
					t.Errorf("SolveVec and Solve differ by %.3g > %.3g", d, bound)
				}
			}
			// A well-conditioned matrix must not be refused.
			if tm.cond > 0 && tm.cond*float64(n)*100*eps < 1 && f.Cond()*eps > 1 {
				t.Errorf("κ₂ = %.3g but Cond() = %.3g", tm.cond, f.Cond())
			}
		})
	}
}

// checkLUFactors checks the structure of the factors and the backward error
// ‖PA − LU‖_F / (n·ε·‖A‖_F) ≤ 10.
func checkLUFactors(t *testing.T, a *Dense, f *LU) {
	t.Helper()
	n := a.rows
	l, u, p := f.L(), f.U(), f.Pivots()
	seen := make([]bool, n)
	for _, v := range p {
		if v < 0 || v >= n || seen[v] {
			t.Fatalf("pivots %v are not a permutation", p)
		}
		seen[v] = true
	}
	for i := range n {
		for j := range n {
			switch {
			case j > i && l.At(i, j) != 0, j == i && l.At(i, j) != 1, j < i && u.At(i, j) != 0:
				t.Fatalf("L or U has the wrong shape at (%d, %d)", i, j)
			case j < i && math.Abs(l.At(i, j)) > 1:
				t.Fatalf("|l_%d%d| = %v > 1: pivoting failed", i, j, l.At(i, j))
			}
		}
	}
	lu, _ := Mul(l, u)
	r := backwardRatio(permuteRows(a, p), lu, n)
	if r > 10 {
		t.Errorf("‖PA − LU‖/(nε‖A‖) = %.3g > 10", r)
	}
	t.Logf("‖PA − LU‖/(nε‖A‖) = %.3g, Cond() = %.3g", r, f.Cond())
}

func TestLUCondEstimate(t *testing.T) {
	// Against the exact κ₁ = ‖A‖₁‖A⁻¹‖₁ from the computed inverse, on
	// matrices with κ₂ from 1 to 1e12.
	rng := rand.New(rand.NewPCG(3, 5))
	for _, c := range []float64{1, 1e3, 1e8, 1e12} {
		for _, n := range []int{1, 2, 10, 30} {
			a := withSingularValues(rng, n, n, geometric(n, 1, 1/c))
			f, err := FactorizeLU(a)
			if err != nil {
				t.Fatal(err)
			}
			inv, _ := f.Inverse()
			exact := Norm1(a) * Norm1(inv)
			// The computed inverse carries a relative error up to ~nκε.
			slack := 1 + 10*float64(n)*exact*eps
			if est := f.Cond(); est > exact*slack || est < exact/3/slack {
				t.Errorf("κ₂ = %g, n = %d: estimate %.4g, κ₁ = %.4g", c, n, est, exact)
			}
		}
	}
}

func TestLUErrors(t *testing.T) {
	nan, _ := NewFromRows([][]float64{{1, 2}, {math.NaN(), 4}})
	inf, _ := NewFromRows([][]float64{{1, math.Inf(-1)}, {3, 4}})
	zeroCol, _ := NewFromRows([][]float64{{1, 2, 0}, {3, 4, 0}, {5, 6, 0}})
	for _, c := range []struct {
		name string
		a    *Dense
		want error
	}{
		{"empty", New(0, 0), ErrEmpty},
		{"0x3", New(0, 3), ErrEmpty},
		{"not square", New(2, 3), ErrNotSquare},
		{"NaN", nan, ErrNotFinite},
		{"Inf", inf, ErrNotFinite},
		{"zero column", zeroCol, ErrSingular},
		{"zero matrix", New(3, 3), ErrSingular},
	} {
		_, err := FactorizeLU(c.a)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, err, c.want)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "matrix: lu: ") {
			t.Errorf("%s: message %q", c.name, err)
		}
	}
	_, err := FactorizeLU(zeroCol)
	var me *Error
	if !errors.As(err, &me) || !strings.Contains(me.Detail, "pivot 2") {
		t.Errorf("zero pivot not named: %v", err)
	}

	a, _ := NewFromRows([][]float64{{4, 1}, {1, 3}})
	f, _ := FactorizeLU(a)
	if _, err := f.Solve(New(3, 1)); !errors.Is(err, ErrShape) {
		t.Errorf("Solve with 3 rows: %v", err)
	}
	if _, err := f.SolveVec([]float64{1}); !errors.Is(err, ErrShape) {
		t.Errorf("SolveVec of length 1: %v", err)
	}
	if _, err := f.SolveVec([]float64{1, math.NaN()}); !errors.Is(err, ErrNotFinite) || !strings.HasPrefix(err.Error(), "matrix: lu solve: ") {
		t.Errorf("SolveVec with NaN: %v", err)
	}
	bad, _ := NewFromRows([][]float64{{1}, {math.Inf(1)}})
	if _, err := f.Solve(bad); !errors.Is(err, ErrNotFinite) {
		t.Errorf("Solve with Inf: %v", err)
	}
	if x, err := f.Solve(New(2, 0)); err != nil || x.rows != 2 || x.cols != 0 {
		t.Errorf("Solve with no columns: %v, %v", x, err)
	}

	// Singular to working precision: [[1, 1], [1, 1 + 2ε]] has κ₁ ≈ 2/ε.
	near, _ := NewFromRows([][]float64{{1, 1}, {1, 1 + 2*eps}})
	f, err = FactorizeLU(near)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.SolveVec([]float64{1, 2}); !errors.Is(err, ErrSingular) {
		t.Errorf("numerically singular SolveVec: %v", err)
	}
	if _, err := f.Inverse(); !errors.Is(err, ErrSingular) || !strings.Contains(err.Error(), "condition number") {
		t.Errorf("numerically singular Inverse: %v", err)
	}
	if d := f.Det(); math.Abs(d-2*eps) > 4*eps*eps {
		t.Errorf("Det still answers: %v, want 2ε", d)
	}
	// Elimination that overflows: growth 2 on entries near the maximum.
	m := math.MaxFloat64 / 1.5
	over, _ := NewFromRows([][]float64{{m, m}, {-m, m}})
	if _, err := FactorizeLU(over); !errors.Is(err, ErrNotFinite) {
		t.Errorf("overflowing elimination: %v", err)
	}
}

func TestLUDoesNotModifyInput(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	a := randDense(rng, 6, 6)
	orig := a.Clone()
	f, _ := FactorizeLU(a)
	b := randDense(rng, 6, 2)
	borig := b.Clone()
	_, _ = f.Solve(b)
	if !EqualApprox(a, orig, 0) || !EqualApprox(b, borig, 0) {
		t.Error("FactorizeLU or Solve modified its input")
	}
}

func TestLUOnView(t *testing.T) {
	// A strided view factorizes like its compact copy.
	rng := rand.New(rand.NewPCG(2, 2))
	big := randDense(rng, 9, 9)
	v := big.Slice(2, 7, 3, 8)
	f1, err1 := FactorizeLU(v)
	f2, err2 := FactorizeLU(v.Clone())
	if err1 != nil || err2 != nil || !EqualApprox(f1.U(), f2.U(), 0) || !EqualApprox(f1.L(), f2.L(), 0) {
		t.Errorf("view and copy differ: %v %v", err1, err2)
	}
}

func TestLUBlockedMatchesUnblocked(t *testing.T) {
	// Sizes around the panel width, so that the last panel is full,
	// partial, or a single column.
	rng := rand.New(rand.NewPCG(31, 37))
	for _, n := range []int{2 * luBlock, 2*luBlock + 1, 3*luBlock - 7} {
		a := randDense(rng, n, n)
		blocked, unblocked := a.Clone(), a.Clone()
		pb, pu := identityPerm(n), identityPerm(n)
		sb, zb := luEliminate(blocked, pb)
		su, zu := luEliminateColumns(unblocked, pu, 0, n)
		if sb != su || zb != zu || !slices.Equal(pb, pu) {
			t.Fatalf("n = %d: pivots differ", n)
		}
		f, err := FactorizeLU(a)
		if err != nil {
			t.Fatal(err)
		}
		checkLUFactors(t, a, f)
		// Same updates, possibly grouped differently inside the product:
		// the factors agree to first order in κ·ε.
		if d := relDiff(blocked, unblocked); d > 10*float64(n)*f.Cond()*eps {
			t.Errorf("n = %d: blocked and unblocked factors differ by %.3g", n, d)
		}
	}
	// A zero column in the second panel is found and named.
	n := 2*luBlock + 10
	a := randDense(rng, n, n)
	a.SetCol(luBlock+5, make([]float64, n))
	_, err := FactorizeLU(a)
	var me *Error
	if !errors.As(err, &me) || me.Err != ErrSingular || !strings.HasPrefix(me.Detail, "pivot 69 ") {
		t.Errorf("zero column %d: %v", luBlock+5, err)
	}
}

func identityPerm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

func TestLUCondScaleInvariant(t *testing.T) {
	// Multiplying A by a power of two scales L\U exactly, so the estimate
	// of κ₁ (a scale-invariant number) must be bit-for-bit the same, from
	// entries near 1e−300 to entries near 1e308.
	rng := rand.New(rand.NewPCG(12, 12))
	a := withSingularValues(rng, 8, 8, geometric(8, 1, 1e-6))
	f, _ := FactorizeLU(a)
	for _, e := range []int{-1000, -500, 500, 1020, 1022} {
		g, err := FactorizeLU(Scale(math.Ldexp(1, e), a))
		if err != nil {
			t.Fatalf("2^%d·A: %v", e, err)
		}
		if g.Cond() != f.Cond() {
			t.Errorf("Cond(2^%d·A) = %v, Cond(A) = %v", e, g.Cond(), f.Cond())
		}
		if _, err := g.SolveVec(make([]float64, 8)); err != nil {
			t.Errorf("2^%d·A: a well-conditioned system refused: %v", e, err)
		}
	}
}
