package matrix

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestQRGoldenByHand(t *testing.T) {
	// 2×2, worked by hand: the reflector for (3, 4) has β = −5,
	// v = (1, 1/2), τ = 8/5; it maps (1, 2) to (−11/5, 2/5), and the last
	// step needs no reflection (τ = 0). Q = I − τvvᵀ.
	a, _ := NewFromRows([][]float64{{3, 1}, {4, 2}})
	wantR, _ := NewFromRows([][]float64{{-5, -2.2}, {0, 0.4}})
	wantQ, _ := NewFromRows([][]float64{{-0.6, -0.8}, {-0.8, 0.6}})
	f, err := FactorizeQR(a)
	if err != nil {
		t.Fatal(err)
	}
	if !EqualApprox(f.R(), wantR, 8*eps) || !EqualApprox(f.Q(), wantQ, 8*eps) || !EqualApprox(f.QFull(), wantQ, 8*eps) {
		t.Errorf("R = \n%vQ = \n%v", f.R(), f.Q())
	}
	// 3×2, by hand: column 0 = (1, 2, 2) has norm 3, so β = −3,
	// v = (1, 1/2, 1/2), τ = 4/3; column 1 = (1, 0, 1) becomes (−1, −1, 0),
	// whose sub-column (−1, 0) needs no reflection: r₁₁ = −1.
	a, _ = NewFromRows([][]float64{{1, 1}, {2, 0}, {2, 1}})
	wantR, _ = NewFromRows([][]float64{{-3, -1}, {0, -1}})
	wantQ, _ = NewFromRows([][]float64{{-1. / 3, -2. / 3}, {-2. / 3, 2. / 3}, {-2. / 3, -1. / 3}})
	f, err = FactorizeQR(a)
	if err != nil {
		t.Fatal(err)
	}
	if !EqualApprox(f.R(), wantR, 8*eps) || !EqualApprox(f.Q(), wantQ, 8*eps) {
		t.Errorf("R = \n%vQ = \n%v", f.R(), f.Q())
	}
	if m, n := f.Dims(); m != 3 || n != 2 {
		t.Errorf("Dims = %d, %d", m, n)
	}
	// Q's third column completes the basis: QFull is orthogonal and its
	// first two columns are Q.
	qf := f.QFull()
	if !EqualApprox(qf.Slice(0, 3, 0, 2), wantQ, 8*eps) || orthogonalityRatio(qf) > 10 {
		t.Errorf("QFull = \n%v", qf)
	}
}

func TestQRLeastSquaresGolden(t *testing.T) {
	// Exact fit: the points (0, 1), (1, 3), (2, 5) lie on y = 1 + 2t.
	a, _ := NewFromRows([][]float64{{1, 0}, {1, 1}, {1, 2}})
	b, _ := NewFromRows([][]float64{{1}, {3}, {5}})
	f, _ := FactorizeQR(a)
	x, err := f.LeastSquares(b)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(x.At(0, 0)-1) > 16*eps || math.Abs(x.At(1, 0)-2) > 16*eps {
		t.Errorf("exact fit: x = %v, want (1, 2)", x)
	}
	// Known residual: fitting (0, 0), (1, 1), (2, 1) with a line gives
	// x = (1/6, 1/2) from the normal equations [[3 3] [3 5]] x = (2, 3),
	// residual (−1/6, 1/3, −1/6) of norm 1/√6; the residual norm is also
	// the norm of the last m − n entries of Qᵀb.
	b, _ = NewFromRows([][]float64{{0}, {1}, {1}})
	x, err = f.LeastSquares(b)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(x.At(0, 0)-1./6) > 16*eps || math.Abs(x.At(1, 0)-0.5) > 16*eps {
		t.Errorf("line fit: x = %v, want (1/6, 1/2)", x)
	}
	qtb, _ := f.ApplyQT(b)
	if r := math.Abs(qtb.At(2, 0)); math.Abs(r-1/math.Sqrt(6)) > 16*eps {
		t.Errorf("residual norm from Qᵀb = %v, want 1/√6", r)
	}
	ax, _ := Mul(a, x)
	res, _ := Sub(ax, b)
	if r := NormFrobenius(res); math.Abs(r-1/math.Sqrt(6)) > 16*eps {
		t.Errorf("‖Ax − b‖ = %v, want 1/√6", r)
	}
}

func TestQRReference(t *testing.T) {
	ref := loadFactorRef(t)
	for _, c := range ref.QR {
		t.Run(c.Name, func(t *testing.T) {
			a := mustRows(t, c.A)
			f, err := FactorizeQR(a)
			if err != nil {
				t.Fatal(err)
			}
			// R is unique up to the signs of its rows (for full rank); flip
			// ours to match the reference, then compare. Its perturbation is
			// at most of order κ₂·(size·ε) relative.
			r, want := f.R(), mustRows(t, c.R)
			for i := range r.rows {
				if (r.At(i, i) < 0) != (want.At(i, i) < 0) {
					ScaleVec(-1, r.Row(i))
				}
			}
			size := float64(max(a.rows, a.cols))
			if d, tol := relDiff(r, want), 10*size*c.Cond2*eps; d > tol {
				t.Errorf("R differs from numpy by %.3g > %.3g", d, tol)
			}
		})
	}
}

func TestQRLeastSquaresReference(t *testing.T) {
	ref := loadFactorRef(t)
	for _, c := range ref.LeastSq {
		t.Run(c.Name, func(t *testing.T) {
			a, b, want := mustRows(t, c.A), mustRows(t, c.B), mustRows(t, c.X)
			m, n := a.Dims()
			f, err := FactorizeQR(a)
			if err != nil {
				t.Fatal(err)
			}
			x, err := f.LeastSquares(b)
			if err != nil {
				t.Fatal(err)
			}
			// Householder least squares is backward stable column by column
			// (Higham, Thm 20.3), so the first-order bound of Golub and Van
			// Loan (Thm 5.3.1) applies to the column-equilibrated problem
			// A D⁻¹ (D = column norms), y = D x:
			//   ‖Δy‖/‖y‖ ≤ δ (2κ/cos θ + κ² tan θ),   ‖Δr‖/‖b‖ ≤ δ (1 + 2κ),
			// with δ = 10·max(m, n)·ε, κ = κ₂(A D⁻¹) and sin θ = ‖r‖/‖b‖.
			delta := 10 * float64(max(m, n)) * eps
			kappa := c.Cond2Equilibrated
			d := make([]float64, n)
			for j := range n {
				d[j] = Nrm2(a.Col(j))
			}
			for k := range b.cols {
				bk := Nrm2(b.Col(k))
				sin := c.ResidualNorm[k] / bk
				cos := math.Sqrt(1 - sin*sin)
				bound := delta * (2*kappa/cos + kappa*kappa*sin/cos)
				var diff, norm float64
				for j := range n {
					diff = math.Hypot(diff, d[j]*(x.At(j, k)-want.At(j, k)))
					norm = math.Hypot(norm, d[j]*want.At(j, k))
				}
				if diff/norm > bound {
					t.Errorf("column %d: ‖D(x − x*)‖/‖Dx*‖ = %.3g > %.3g", k, diff/norm, bound)
				}
				ax, _ := MulVec(a, x.Col(k))
				Axpy(-1, b.Col(k), ax)
				if rn := Nrm2(ax); math.Abs(rn-c.ResidualNorm[k]) > delta*(1+2*kappa)*bk {
					t.Errorf("column %d: residual norm %v, exact %v", k, rn, c.ResidualNorm[k])
				}
			}
		})
	}
}

func TestQRNastySuite(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 17))
	for _, tm := range nastyMatrices(rng) {
		t.Run(tm.name, func(t *testing.T) {
			a := tm.a
			m, n := a.Dims()
			p := min(m, n)
			size := max(m, n)
			f, err := FactorizeQR(a)
			if err != nil {
				t.Fatal(err)
			}
			q, r, qf := f.Q(), f.R(), f.QFull()
			if q.rows != m || q.cols != p || r.rows != p || r.cols != n || qf.rows != m || qf.cols != m {
				t.Fatalf("shapes Q %s, R %s, QFull %s", q.shape(), r.shape(), qf.shape())
			}
			for i := range p {
				for j := range i {
					if r.At(i, j) != 0 {
						t.Fatalf("R(%d, %d) = %v below the diagonal", i, j, r.At(i, j))
					}
				}
			}
			qr, _ := Mul(q, r)
			br := backwardRatio(a, qr, size)
			if br > 10 {
				t.Errorf("‖A − Q₁R₁‖/(max(m,n)ε‖A‖) = %.3g > 10", br)
			}
			rFull := New(m, n)
			rFull.Slice(0, p, 0, n).Copy(r)
			qrFull, _ := Mul(qf, rFull)
			if r := backwardRatio(a, qrFull, size); r > 10 {
				t.Errorf("‖A − QR‖/(max(m,n)ε‖A‖) = %.3g > 10", r)
			}
			o1, o2 := orthogonalityRatio(q), orthogonalityRatio(qf)
			if o1 > 10 || o2 > 10 {
				t.Errorf("‖QᵀQ − I‖/(mε) = %.3g (thin), %.3g (full) > 10", o1, o2)
			}
			t.Logf("‖A − QR‖ ratio %.3g, orthogonality %.3g / %.3g", br, o1, o2)
			checkQRApply(t, f, a, qf)
			checkQRLeastSquares(t, tm, f, rng)
		})
	}
}

// checkQRApply checks ApplyQT and ApplyQ against the explicit Q and against
// each other: QᵀA = [R; 0] and Q(QᵀB) = B.
func checkQRApply(t *testing.T, f *QR, a, qf *Dense) {
	t.Helper()
	m, _ := a.Dims()
	b := randDense(rand.New(rand.NewPCG(uint64(m), 3)), m, 3)
	qtb, err := f.ApplyQT(b)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := MulATB(qf, b)
	if d := relDiff(qtb, want); d > 10*float64(m)*eps {
		t.Errorf("ApplyQT differs from QᵀB by %.3g", d)
	}
	back, _ := f.ApplyQ(qtb)
	if r := backwardRatio(b, back, m); r > 10 {
		t.Errorf("‖Q(QᵀB) − B‖/(mε‖B‖) = %.3g", r)
	}
}

// checkQRLeastSquares solves a least-squares problem when the matrix is
// tall or square, and checks the rank test's verdict and the optimality
// condition Aᵀr = 0 in its backward-stable form
//
//	‖Aᵀr‖ ≤ δ‖A‖(‖A‖‖x‖ + ‖r‖),  δ = 10·max(m,n)·ε.
func checkQRLeastSquares(t *testing.T, tm namedMatrix, f *QR, rng *rand.Rand) {
	t.Helper()
	a := tm.a
	m, n := a.Dims()
	b := randDense(rng, m, 2)
	ScaleVec(NormMax(a), b.Row(0)) // b at the scale of A (tiny or huge entries too)
	for i := 1; i < m; i++ {
		ScaleVec(NormMax(a), b.Row(i))
	}
	x, err := f.LeastSquares(b)
	switch {
	case m < n:
		if !errors.Is(err, ErrRankDeficient) || !strings.Contains(err.Error(), "minimum-norm") {
			t.Errorf("wide matrix: got %v, want ErrRankDeficient pointing at the SVD", err)
		}
		return
	case !tm.fullRank():
		if !errors.Is(err, ErrRankDeficient) {
			t.Errorf("rank %d < %d: got %v, want ErrRankDeficient", tm.rank, n, err)
		}
		return
	case err != nil:
		// The rank test may fire on a full-rank matrix only when it is
		// singular to working precision after scaling its columns.
		if c := tm.effectiveCond(); !errors.Is(err, ErrRankDeficient) || c == 0 || c*float64(max(m, n))*100*eps < 1 {
			t.Errorf("κ₂ = %.3g: unexpected %v", c, err)
		}
		return
	}
	na, nx := NormFrobenius(a), NormFrobenius(x)
	ax, _ := Mul(a, x)
	r, _ := Sub(b, ax)
	nr := NormFrobenius(r)
	// Scale r before forming Aᵀr so that 1e300-sized data cannot overflow.
	s := na*nx + nr
	atr, _ := MulATB(a, Scale(1/s, r))
	ratio := NormFrobenius(atr) / na / (10 * float64(max(m, n)) * eps)
	if ratio > 1 {
		t.Errorf("‖Aᵀr‖/(‖A‖(‖A‖‖x‖ + ‖r‖)) = %.3g·δ > δ", ratio)
	}
}

func TestQRErrors(t *testing.T) {
	nan, _ := NewFromRows([][]float64{{1, 2}, {math.NaN(), 4}, {5, 6}})
	for _, c := range []struct {
		name string
		a    *Dense
		want error
	}{
		{"empty", New(0, 0), ErrEmpty},
		{"3x0", New(3, 0), ErrEmpty},
		{"NaN", nan, ErrNotFinite},
	} {
		if _, err := FactorizeQR(c.a); !errors.Is(err, c.want) || !strings.HasPrefix(err.Error(), "matrix: qr: ") {
			t.Errorf("%s: got %v, want %v", c.name, err, c.want)
		}
	}
	a, _ := NewFromRows([][]float64{{1, 0}, {0, 1}, {1, 1}})
	f, _ := FactorizeQR(a)
	for name, call := range map[string]func(*Dense) (*Dense, error){
		"ApplyQT": f.ApplyQT, "ApplyQ": f.ApplyQ, "LeastSquares": f.LeastSquares,
	} {
		if _, err := call(New(2, 1)); !errors.Is(err, ErrShape) {
			t.Errorf("%s with 2 rows: %v", name, err)
		}
		inf, _ := NewFromRows([][]float64{{1}, {math.Inf(1)}, {0}})
		if _, err := call(inf); !errors.Is(err, ErrNotFinite) {
			t.Errorf("%s with Inf: %v", name, err)
		}
		if x, err := call(New(3, 0)); err != nil || x.cols != 0 {
			t.Errorf("%s with no columns: %v", name, err)
		}
	}
	// Rank deficiency names the dependent column.
	dep, _ := NewFromRows([][]float64{{1, 2, 1}, {2, 4, 0}, {3, 6, 1}, {4, 8, 0}})
	f, _ = FactorizeQR(dep)
	_, err := f.LeastSquares(New(4, 1))
	var me *Error
	if !errors.As(err, &me) || me.Err != ErrRankDeficient || !strings.HasPrefix(me.Detail, "column 1") {
		t.Errorf("dependent column 1: %v", err)
	}
	// A column scaled by 1e−200 is not a rank deficiency.
	scaled := scaleCols(a, []float64{1, 1e-200})
	f, _ = FactorizeQR(scaled)
	if _, err := f.LeastSquares(New(3, 1)); err != nil {
		t.Errorf("column scaled by 1e-200: %v", err)
	}
}

func TestQRDoesNotModifyInput(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	a := randDense(rng, 7, 4)
	b := randDense(rng, 7, 2)
	ac, bc := a.Clone(), b.Clone()
	f, _ := FactorizeQR(a)
	_, _ = f.LeastSquares(b)
	_, _ = f.ApplyQT(b)
	_, _ = f.ApplyQ(b)
	if !EqualApprox(a, ac, 0) || !EqualApprox(b, bc, 0) {
		t.Error("QR modified its input")
	}
}
