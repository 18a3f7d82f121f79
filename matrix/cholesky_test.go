package matrix

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// The golden case of FactorizeCholesky is TestCholeskyGolden in
// core_test.go; this file adds the properties on the SPD suite, agreement
// with LU, and every error path.

func TestCholeskyNastySPD(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 5))
	for _, tm := range nastySPDMatrices(rng) {
		t.Run(tm.name, func(t *testing.T) {
			a := tm.a
			n := a.rows
			c, err := FactorizeCholesky(a)
			if err != nil {
				t.Fatal(err)
			}
			l := c.L()
			for i := range n {
				if !(l.At(i, i) > 0) {
					t.Fatalf("l_%d%d = %v is not positive", i, i, l.At(i, i))
				}
				for j := i + 1; j < n; j++ {
					if l.At(i, j) != 0 {
						t.Fatalf("L(%d, %d) = %v above the diagonal", i, j, l.At(i, j))
					}
				}
			}
			llt, _ := MulABT(l, l)
			r := backwardRatio(a, llt, n)
			if r > 10 {
				t.Errorf("‖A − LLᵀ‖/(nε‖A‖) = %.3g > 10", r)
			}
			// Solves: backward stable without pivoting for SPD matrices.
			x0 := randDense(rng, n, 2)
			b, _ := Mul(a, x0)
			x, err := c.Solve(b)
			if err != nil {
				t.Fatal(err)
			}
			rr := residualRatio(a, x, b, n)
			if rr > 10 {
				t.Errorf("‖AX − B‖/(nε‖A‖‖X‖) = %.3g > 10", rr)
			}
			t.Logf("‖A − LLᵀ‖ ratio %.3g, solve residual ratio %.3g", r, rr)
			xv, err := c.SolveVec(b.Col(0))
			if err != nil {
				t.Fatal(err)
			}
			for i, v := range xv {
				if v != x.At(i, 0) { // the same operations in the same order
					t.Fatalf("SolveVec and Solve differ at %d: %v vs %v", i, v, x.At(i, 0))
				}
			}
			// log det from Cholesky and from LU agree to the conditioning
			// of the determinant, n·κ·ε (first order).
			f, err := FactorizeLU(a)
			if err != nil {
				t.Fatal(err)
			}
			la, sign := f.LogAbsDet()
			kappa := f.Cond()
			if ld := c.LogDet(); sign != 1 || math.Abs(ld-la) > 10*float64(n)*kappa*eps {
				t.Errorf("LogDet = %v, LU gives %v (sign %v)", ld, la, sign)
			}
			inv := c.Inverse()
			if !inv.IsSymmetric(0) {
				t.Error("Inverse is not exactly symmetric")
			}
			if kappa*eps < 1e-3 { // A·A⁻¹ = I to within nκε
				ai, _ := Mul(a, inv)
				if d := relDiff(ai, Identity(n)); d > 10*float64(n)*kappa*eps {
					t.Errorf("‖AA⁻¹ − I‖/‖I‖ = %.3g", d)
				}
			}
		})
	}
}

func TestCholeskyHilbert12(t *testing.T) {
	// κ₂ ≈ 1.7e16 > 1/ε: the computed matrix is at the edge of positive
	// definiteness. Either the factorization succeeds with a small backward
	// error, or it reports the failing pivot; it must not return garbage.
	a := hilbertMatrix(12)
	c, err := FactorizeCholesky(a)
	if err != nil {
		if !errors.Is(err, ErrNotSPD) {
			t.Fatalf("unexpected %v", err)
		}
		return
	}
	l := c.L()
	llt, _ := MulABT(l, l)
	if r := backwardRatio(a, llt, 12); r > 10 {
		t.Errorf("‖A − LLᵀ‖/(nε‖A‖) = %.3g > 10", r)
	}
}

func TestCholeskyDetAndLogDet(t *testing.T) {
	// det(c·I) = cⁿ: Det over- and underflows where LogDet does not.
	a := Scale(1e100, Identity(4))
	c, _ := FactorizeCholesky(a)
	if d := c.Det(); !math.IsInf(d, 1) {
		t.Errorf("Det of 1e400 = %v, want +Inf", d)
	}
	if ld := c.LogDet(); math.Abs(ld-400*math.Ln10) > 8*eps*ld {
		t.Errorf("LogDet = %v, want %v", ld, 400*math.Ln10)
	}
	if c.Size() != 4 {
		t.Errorf("Size = %d", c.Size())
	}
}

func TestCholeskyErrors(t *testing.T) {
	nan, _ := NewFromRows([][]float64{{1, math.NaN()}, {math.NaN(), 1}})
	inf, _ := NewFromRows([][]float64{{math.Inf(1), 0}, {0, 1}})
	asym, _ := NewFromRows([][]float64{{2, 1}, {0, 2}})
	indef, _ := NewFromRows([][]float64{{1, 0, 0}, {0, -1, 0}, {0, 0, 1}})
	semidef, _ := NewFromRows([][]float64{{1, 1}, {1, 1}}) // singular PSD: pivot 1 is 0
	for _, c := range []struct {
		name string
		a    *Dense
		want error
	}{
		{"empty", New(0, 0), ErrEmpty},
		{"not square", New(3, 2), ErrNotSquare},
		{"NaN", nan, ErrNotFinite},
		{"Inf", inf, ErrNotFinite},
		{"not symmetric", asym, ErrNotSymmetric},
		{"indefinite", indef, ErrNotSPD},
		{"semidefinite", semidef, ErrNotSPD},
		{"zero", New(2, 2), ErrNotSPD},
	} {
		_, err := FactorizeCholesky(c.a)
		if !errors.Is(err, c.want) || !strings.HasPrefix(err.Error(), "matrix: cholesky: ") {
			t.Errorf("%s: got %v, want %v", c.name, err, c.want)
		}
	}
	_, err := FactorizeCholesky(indef)
	var me *Error
	if !errors.As(err, &me) || !strings.HasPrefix(me.Detail, "pivot 1 ") {
		t.Errorf("failing pivot not named: %v", err)
	}
	c, _ := FactorizeCholesky(Identity(3))
	if _, err := c.Solve(New(2, 1)); !errors.Is(err, ErrShape) {
		t.Errorf("Solve with 2 rows: %v", err)
	}
	if _, err := c.SolveVec([]float64{1, 2}); !errors.Is(err, ErrShape) {
		t.Errorf("SolveVec of length 2: %v", err)
	}
	if _, err := c.SolveVec([]float64{1, math.Inf(1), 2}); !errors.Is(err, ErrNotFinite) {
		t.Errorf("SolveVec with Inf: %v", err)
	}
	nanB, _ := NewFromRows([][]float64{{1}, {math.NaN()}, {2}})
	if _, err := c.Solve(nanB); !errors.Is(err, ErrNotFinite) {
		t.Errorf("Solve with NaN: %v", err)
	}
}

// TestCholeskyBlockedMatchesUnblocked runs the blocked algorithm with a
// small block (so that every path is taken on small matrices) and with the
// production block, on sizes around and across the block, against the
// unblocked recurrence.
func TestCholeskyBlockedMatchesUnblocked(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 9))
	for _, bs := range []int{8, cholBlock} {
		for _, n := range blockSizes(bs) {
			if testing.Short() && n > 200 {
				continue
			}
			t.Run(fmt.Sprintf("bs=%d/n=%d", bs, n), func(t *testing.T) {
				a := randomSPD(rng, n, 1e4)
				ref := lowerOf(a)
				if p, _ := cholUnblocked(ref, 0); p >= 0 {
					t.Fatalf("unblocked: pivot %d", p)
				}
				got := stridedView(lowerOf(a))
				if p, _ := cholBlocked(got, bs); p >= 0 {
					t.Fatalf("blocked: pivot %d", p)
				}
				checkBorder(t, got)
				// Both are backward stable: each is the exact factor of a
				// matrix within n·ε·‖A‖ of A, so they agree to about
				// κ(A)·n·ε relative to ‖L‖ (κ = 1e4 here).
				tol := 1e4 * float64(n) * eps * NormMax(ref)
				if !EqualApprox(got, ref, tol) {
					t.Fatalf("blocked and unblocked factors differ by more than %.3g", tol)
				}
				llt, _ := MulABT(got, got)
				if r := backwardRatio(a, llt, n); r > 10 {
					t.Errorf("‖A − LLᵀ‖/(nε‖A‖) = %.3g", r)
				}
			})
		}
	}
}

// lowerOf returns a copy of the lower triangle of a, zeros above.
func lowerOf(a *Dense) *Dense {
	l := New(a.rows, a.cols)
	for i := range a.rows {
		copy(l.Row(i)[:i+1], a.Row(i)[:i+1])
	}
	return l
}

// TestCholeskyBlockedPivotError checks that a failure in a later block is
// reported with its index in the whole matrix, through the public
// function (n ≥ 2·cholBlock takes the blocked path) and with a small block.
func TestCholeskyBlockedPivotError(t *testing.T) {
	n := 2*cholBlock + 9
	for _, p := range []int{0, cholBlock - 1, cholBlock, cholBlock + 5, n - 1} {
		a := Identity(n)
		a.Set(p, p, -1) // the leading minor of order p+1 is the first indefinite one
		_, err := FactorizeCholesky(a)
		var me *Error
		if !errors.Is(err, ErrNotSPD) || !errors.As(err, &me) || !strings.HasPrefix(me.Detail, fmt.Sprintf("pivot %d ", p)) {
			t.Errorf("p = %d: %v", p, err)
		}
		l := lowerOf(a)
		if got, _ := cholBlocked(l, 8); got != p {
			t.Errorf("p = %d: blocked kernel with bs = 8 reports pivot %d", p, got)
		}
	}
	// A dense matrix whose first indefinite leading minor ends after the
	// first block: the Schur complement at q is −1 − (positive) < 0, while
	// every earlier minor is diagonally dominant.
	rng := rand.New(rand.NewPCG(21, 10))
	a := diagDominantSPD(rng, n)
	q := cholBlock + 3
	a.Set(q, q, -1)
	_, err := FactorizeCholesky(a)
	var me *Error
	if !errors.Is(err, ErrNotSPD) || !errors.As(err, &me) || !strings.HasPrefix(me.Detail, fmt.Sprintf("pivot %d ", q)) {
		t.Errorf("duplicated row %d: %v", q, err)
	}
}

// TestCholeskyBlockedNastySPD runs the SPD suite through the blocked
// kernel with blocks of 3, so that graded, tiny, huge and Hilbert matrices
// all take the trsm and rank-k update path: ‖A − LLᵀ‖/(nε‖A‖) ≤ 10.
func TestCholeskyBlockedNastySPD(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 11))
	for _, tm := range nastySPDMatrices(rng) {
		t.Run(tm.name, func(t *testing.T) {
			l := lowerOf(tm.a)
			if p, d := cholBlocked(l, 3); p >= 0 {
				t.Fatalf("pivot %d is %g", p, d)
			}
			llt, _ := MulABT(l, l)
			if r := backwardRatio(tm.a, llt, tm.a.rows); r > 10 {
				t.Errorf("‖A − LLᵀ‖/(nε‖A‖) = %.3g > 10", r)
			}
		})
	}
}
