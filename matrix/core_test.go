package matrix

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

const eps = 0x1p-52

// randDense returns an r×c matrix with entries uniform in [-1, 1).
func randDense(rng *rand.Rand, r, c int) *Dense {
	m := New(r, c)
	for i := range r {
		for j := range c {
			m.Set(i, j, 2*rng.Float64()-1)
		}
	}
	return m
}

// naiveMul is the textbook triple loop, the reference for every product.
func naiveMul(a, b *Dense) *Dense {
	c := New(a.rows, b.cols)
	for i := range a.rows {
		for j := range b.cols {
			var s float64
			for p := range a.cols {
				s += a.At(i, p) * b.At(p, j)
			}
			c.Set(i, j, s)
		}
	}
	return c
}

func TestNewFromRowsRagged(t *testing.T) {
	_, err := NewFromRows([][]float64{{1, 2}, {3}})
	if !errors.Is(err, ErrShape) {
		t.Fatalf("ragged rows: got %v, want ErrShape", err)
	}
}

func TestSliceSharesMemory(t *testing.T) {
	m, _ := NewFromRows([][]float64{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}})
	v := m.Slice(1, 3, 1, 3)
	v.Set(0, 0, 50)
	if m.At(1, 1) != 50 || v.At(1, 1) != 9 || v.Stride() != 3 {
		t.Fatalf("view does not alias its parent: %v", m)
	}
}

func TestProductsAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, s := range [][3]int{{1, 1, 1}, {7, 13, 5}, {4, 1, 9}, {16, 16, 16}, {3, 0, 2}} {
		m, k, n := s[0], s[1], s[2]
		a, b := randDense(rng, m, k), randDense(rng, k, n)
		want := naiveMul(a, b)
		tol := float64(k+1) * eps * 4
		got, _ := Mul(a, b)
		gotTA, _ := MulATB(a.T(), b)
		gotTB, _ := MulABT(a, b.T())
		c := New(m, n)
		_ = Gemm(true, true, 1, a.T(), b.T(), 0, c)
		for name, g := range map[string]*Dense{"AB": got, "AᵀB": gotTA, "ABᵀ": gotTB, "AᵀBᵀ": c} {
			if !EqualApprox(g, want, tol) {
				t.Errorf("%s %v: differs from the triple loop", name, s)
			}
		}
	}
	a := New(3, 3)
	if err := Gemm(false, false, 1, a, a.Slice(0, 3, 0, 3), 0, a.Slice(0, 3, 0, 3)); !errors.Is(err, ErrAlias) {
		t.Errorf("aliased output: got %v, want ErrAlias", err)
	}
}

func TestNrm2NoOverflow(t *testing.T) {
	for _, scale := range []float64{1e-300, 1, 1e300} {
		got := Nrm2([]float64{3 * scale, 4 * scale})
		if math.Abs(got-5*scale) > 4*eps*5*scale {
			t.Errorf("Nrm2 at scale %g = %g, want %g", scale, got, 5*scale)
		}
	}
}

func TestCovarianceConventions(t *testing.T) {
	// Two samples (0,0) and (2,2): mean (1,1), deviations ±(1,1).
	x, _ := NewFromRows([][]float64{{0, 0}, {2, 2}})
	pop, _ := Covariance(x, Population)
	smp, _ := Covariance(x, Sample)
	if pop.At(0, 1) != 1 || smp.At(0, 1) != 2 {
		t.Fatalf("covariance 1/n = %v, 1/(n-1) = %v", pop, smp)
	}
	if _, err := Covariance(New(1, 2), Sample); !errors.Is(err, ErrEmpty) {
		t.Errorf("one sample with 1/(n-1): got %v", err)
	}
}

func TestCholeskyGolden(t *testing.T) {
	// A = LLᵀ with L = [[2,0,0],[6,1,0],[-8,5,3]] (a classic worked example).
	a, _ := NewFromRows([][]float64{{4, 12, -16}, {12, 37, -43}, {-16, -43, 98}})
	want, _ := NewFromRows([][]float64{{2, 0, 0}, {6, 1, 0}, {-8, 5, 3}})
	c, err := FactorizeCholesky(a)
	if err != nil {
		t.Fatal(err)
	}
	if !EqualApprox(c.L(), want, 8*eps) {
		t.Fatalf("L = %v", c.L())
	}
	if d := c.Det(); math.Abs(d-36) > 36*8*eps {
		t.Errorf("det = %v, want 36", d)
	}
	x, _ := c.SolveVec([]float64{4, 12, -16}) // first column of A → e₁
	if math.Abs(x[0]-1) > 1e-12 || math.Abs(x[1]) > 1e-12 || math.Abs(x[2]) > 1e-12 {
		t.Errorf("solve = %v, want e1", x)
	}
	bad, _ := NewFromRows([][]float64{{1, 2}, {2, 1}})
	_, err = FactorizeCholesky(bad)
	var me *Error
	if !errors.Is(err, ErrNotSPD) || !errors.As(err, &me) || me.Detail != "pivot 1 is -3" {
		t.Errorf("indefinite: got %v", err)
	}
}

// TestRot checks the plane rotation against its definition on every length
// up to three unrolled trips (so the tail loop runs with 0 to 3 pairs), and
// that a rotation by θ followed by one by −θ restores the vectors.
func TestRot(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 8))
	theta := 0.7
	c, s := math.Cos(theta), math.Sin(theta)
	for n := range 13 {
		x, y := make([]float64, n), make([]float64, n)
		for i := range n {
			x[i], y[i] = r.NormFloat64(), r.NormFloat64()
		}
		x0, y0 := append([]float64(nil), x...), append([]float64(nil), y...)
		Rot(x, y, c, s)
		for i := range n {
			// Each entry is two products and a sum: at most 2 rounding
			// errors on |c·x| + |s·y|.
			tol := 2 * eps * (math.Abs(c*x0[i]) + math.Abs(s*y0[i]))
			if math.Abs(x[i]-(c*x0[i]+s*y0[i])) > tol || math.Abs(y[i]-(c*y0[i]-s*x0[i])) > tol {
				t.Fatalf("n = %d, entry %d: (%v, %v), want (%v, %v)", n, i, x[i], y[i], c*x0[i]+s*y0[i], c*y0[i]-s*x0[i])
			}
		}
		Rot(x, y, c, -s)
		for i := range n {
			tol := 8 * eps * (math.Abs(x0[i]) + math.Abs(y0[i]))
			if math.Abs(x[i]-x0[i]) > tol || math.Abs(y[i]-y0[i]) > tol {
				t.Fatalf("n = %d: the inverse rotation did not restore entry %d", n, i)
			}
		}
	}
}

// TestIamax checks the index of the largest magnitude: the first of equal
// magnitudes wins, negative entries count by their size, and an empty
// vector has no index.
func TestIamax(t *testing.T) {
	for _, c := range []struct {
		x    []float64
		want int
	}{
		{nil, -1},
		{[]float64{0}, 0},
		{[]float64{1, -3, 2}, 1},
		{[]float64{-2, 2, 1}, 0},
		{[]float64{0, 0, 5, -5}, 2},
		{[]float64{1e-300, -1e-299}, 1},
	} {
		if got := Iamax(c.x); got != c.want {
			t.Errorf("Iamax(%v) = %d, want %d", c.x, got, c.want)
		}
	}
}
