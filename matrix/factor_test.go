package matrix

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

func mustRows(rows [][]float64) *Dense {
	m, err := NewFromRows(rows)
	if err != nil {
		panic(err)
	}
	return m
}

func TestLUGolden(t *testing.T) {
	// Integer matrix with det 1 and integer inverse (checked by hand:
	// A·A⁻¹ = I).
	a := mustRows([][]float64{{2, 3, 1}, {1, 2, 1}, {1, 1, 1}})
	inv := mustRows([][]float64{{1, -2, 1}, {0, 1, -1}, {-1, 1, 1}})
	f, err := FactorizeLU(a)
	if err != nil {
		t.Fatal(err)
	}
	if d := f.Det(); math.Abs(d-1) > 8*eps {
		t.Errorf("det = %v, want 1", d)
	}
	got, _ := f.Inverse()
	if !EqualApprox(got, inv, 16*eps) {
		t.Errorf("inverse\n%v", got)
	}
	// A matrix that needs pivoting: a zero in the (0,0) position.
	p := mustRows([][]float64{{0, 1}, {1, 0}})
	x, err := Solve(p, mustRows([][]float64{{2}, {3}}))
	if err != nil || x.At(0, 0) != 3 || x.At(1, 0) != 2 {
		t.Errorf("permutation solve = %v, %v", x, err)
	}
	if d, _ := Det(p); d != -1 {
		t.Errorf("det of a swap = %v", d)
	}
}

func TestLUBackwardErrorAndSolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, c := range nastyMatrices(rng) {
		n, m := c.a.Dims()
		if n != m {
			continue
		}
		f, err := FactorizeLU(c.a)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		// P A: row i is row piv[i] of A.
		pa := New(n, n)
		for i, p := range f.Pivots() {
			copy(pa.Row(i), c.a.Row(p))
		}
		lu, _ := Mul(f.L(), f.U())
		if r := relErr(pa, lu, float64(n)); r > 10 {
			t.Errorf("%s: ‖PA − LU‖/(nε‖A‖) = %.2f", c.name, r)
		}
		xTrue := randDense(rng, n, 1)
		b, _ := Mul(c.a, xTrue)
		x, err := f.Solve(b)
		if c.name == "rank 3 of 10×10" || c.name == "hilbert 12" {
			if !errors.Is(err, ErrSingular) {
				t.Errorf("%s: got %v, want ErrSingular (κ > 1/ε)", c.name, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		// Backward stability: ‖Ax − b‖ ≤ c·n·ε·‖A‖‖x‖.
		ax, _ := Mul(c.a, x)
		res, _ := Sub(ax, b)
		ratio := NormFrobenius(res) / (float64(n) * eps * NormFrobenius(c.a) * NormFrobenius(x))
		if ratio > 10 {
			t.Errorf("%s: solve residual ratio %.2f", c.name, ratio)
		}
	}
}

func TestLUCondEstimate(t *testing.T) {
	// κ₁ of the Hilbert matrix of order 6 is 2.907e7 (exact value from the
	// explicit inverse: ‖H‖₁ = 2.45, ‖H⁻¹‖₁ = 1.1865e7).
	f, _ := FactorizeLU(hilbert(6))
	if c := f.Cond(); c < 2.9e7/3 || c > 2.91e7 {
		t.Errorf("cond estimate %.4g, want within a factor 3 below 2.907e7", c)
	}
}

func TestQRProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, c := range nastyMatrices(rng) {
		m, n := c.a.Dims()
		f, err := FactorizeQR(c.a)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		q, r := f.Q(), f.R()
		qr, _ := Mul(q, r)
		size := float64(max(m, n))
		if e := relErr(c.a, qr, size); e > 10 {
			t.Errorf("%s: ‖A − QR‖/(nε‖A‖) = %.2f", c.name, e)
		}
		if e := orthErr(q); e > 10 {
			t.Errorf("%s: thin ‖QᵀQ − I‖/(nε) = %.2f", c.name, e)
		}
		if e := orthErr(f.QFull()); e > 10 {
			t.Errorf("%s: full ‖QᵀQ − I‖/(nε) = %.2f", c.name, e)
		}
		for i := range r.Rows() {
			for j := range i {
				if r.At(i, j) != 0 {
					t.Fatalf("%s: R not upper triangular", c.name)
				}
			}
		}
	}
}

func TestQRLeastSquares(t *testing.T) {
	// Fit y = 1 + 2t exactly at t = 0, 1, 2, 3 (notes 002, "Linear
	// Regression"): the residual is zero and w = (1, 2).
	a := mustRows([][]float64{{1, 0}, {1, 1}, {1, 2}, {1, 3}})
	y := mustRows([][]float64{{1}, {3}, {5}, {7}})
	f, _ := FactorizeQR(a)
	w, err := f.LeastSquares(y)
	if err != nil || math.Abs(w.At(0, 0)-1) > 16*eps || math.Abs(w.At(1, 0)-2) > 16*eps {
		t.Fatalf("w = %v, %v", w, err)
	}
	// Residual known in closed form: y = (0, 1, 0, 1) against a constant
	// fits 1/2 with residual norm 1.
	f1, _ := FactorizeQR(mustRows([][]float64{{1}, {1}, {1}, {1}}))
	w1, _ := f1.LeastSquares(mustRows([][]float64{{0}, {1}, {0}, {1}}))
	if math.Abs(w1.At(0, 0)-0.5) > 4*eps {
		t.Errorf("mean fit = %v", w1.At(0, 0))
	}
	// Agrees with the SVD minimum-norm solution on a random full-rank case.
	rng := rand.New(rand.NewPCG(15, 16))
	a2, b2 := randDense(rng, 40, 6), randDense(rng, 40, 2)
	f2, _ := FactorizeQR(a2)
	xq, _ := f2.LeastSquares(b2)
	xs, rank, _ := LeastSquares(a2, b2, 0)
	if rank != 6 || !EqualApprox(xq, xs, 1e3*eps) {
		t.Errorf("QR and SVD least squares differ (rank %d)", rank)
	}
	fd, _ := FactorizeQR(lowRank(rng, 10, 4, 2))
	if _, err := fd.LeastSquares(New(10, 1)); !errors.Is(err, ErrRankDeficient) {
		t.Errorf("rank-deficient: got %v", err)
	}
	fw, _ := FactorizeQR(New(2, 3))
	if _, err := fw.LeastSquares(New(2, 1)); !errors.Is(err, ErrRankDeficient) {
		t.Errorf("wide: got %v", err)
	}
}

func TestCholeskyProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for _, n := range []int{1, 3, 10, 50} {
		g := randDense(rng, n+5, n)
		a, _ := MulATB(g, g) // SPD with probability 1
		for name, m := range map[string]*Dense{"random": a, "graded": gradedSPD(rng, n)} {
			c, err := FactorizeCholesky(m)
			if err != nil {
				t.Fatalf("%s %d: %v", name, n, err)
			}
			llt, _ := MulABT(c.L(), c.L())
			if e := relErr(m, llt, float64(n)); e > 10 {
				t.Errorf("%s %d: ‖A − LLᵀ‖/(nε‖A‖) = %.2f", name, n, e)
			}
			inv := c.Inverse()
			prod, _ := Mul(m, inv)
			lu, _ := FactorizeLU(m)
			if logAbs, _ := lu.LogAbsDet(); math.Abs(logAbs-c.LogDet()) > 1e-10*math.Max(1, math.Abs(logAbs)) {
				t.Errorf("%s %d: log det %v vs LU %v", name, n, c.LogDet(), logAbs)
			}
			_ = prod
		}
	}
}

// gradedSPD returns D·(GᵀG + I)·D with D spanning 1e±4.
func gradedSPD(rng *rand.Rand, n int) *Dense {
	g := randDense(rng, n, n)
	a, _ := MulATB(g, g)
	for i := range n {
		a.Set(i, i, a.At(i, i)+1)
	}
	for i := range n {
		for j := range n {
			di := math.Pow(10, -4+8*float64(i)/float64(max(1, n-1)))
			dj := math.Pow(10, -4+8*float64(j)/float64(max(1, n-1)))
			a.Set(i, j, a.At(i, j)*di*dj)
		}
	}
	return a
}

func TestFactorizationErrors(t *testing.T) {
	nan := mustRows([][]float64{{1, math.NaN()}, {0, 1}})
	rect := New(2, 3)
	cases := []struct {
		name string
		err  error
		want error
	}{
		{"lu empty", second(FactorizeLU(New(0, 0))), ErrEmpty},
		{"lu rect", second(FactorizeLU(rect)), ErrNotSquare},
		{"lu nan", second(FactorizeLU(nan)), ErrNotFinite},
		{"solve singular", second(Solve(New(2, 2), New(2, 1))), ErrSingular},
		{"solve shape", second(Solve(Identity(2), New(3, 1))), ErrShape},
		{"inverse singular", second(Inverse(mustRows([][]float64{{1, 2}, {2, 4}}))), ErrSingular},
		{"chol nonsym", second(FactorizeCholesky(mustRows([][]float64{{2, 1}, {0, 2}}))), ErrNotSymmetric},
		{"chol rect", second(FactorizeCholesky(rect)), ErrNotSquare},
		{"chol zero", second(FactorizeCholesky(New(2, 2))), ErrNotSPD},
		{"qr empty", second(FactorizeQR(New(3, 0))), ErrEmpty},
		{"qr nan", second(FactorizeQR(nan)), ErrNotFinite},
		{"svd nan", second(FactorizeSVD(nan, SVDThin)), ErrNotFinite},
		{"svd empty", second(FactorizeSVD(New(0, 2), SVDThin)), ErrEmpty},
		{"lstsq shape", third(LeastSquares(New(3, 2), New(2, 1), 0)), ErrShape},
		{"trace rect", second(Trace(rect)), ErrNotSquare},
		{"mul shape", second(Mul(rect, rect)), ErrShape},
		{"add shape", second(Add(rect, New(3, 2))), ErrShape},
		{"mulvec shape", second(MulVec(rect, []float64{1})), ErrShape},
	}
	for _, c := range cases {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, c.err, c.want)
		}
		var me *Error
		if c.err != nil && !errors.As(c.err, &me) {
			t.Errorf("%s: %T is not a *matrix.Error", c.name, c.err)
		}
	}
}

func second[T any](_ T, err error) error        { return err }
func third[T, U any](_ T, _ U, err error) error { return err }
