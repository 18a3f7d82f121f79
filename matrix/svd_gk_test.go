package matrix

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// Tests of the Golub–Kahan–Reinsch path: its pieces (bidiagonalize,
// bidiagonalQR, applyRotations) and its agreement with one-sided Jacobi.

// checkSVDFactors asserts the properties every SVD must have: values
// sorted and non-negative, ‖A − UΣVᵀ‖/(max(m,n)·ε·‖A‖) ≤ 10, U and V
// orthonormal to 10·size·ε, and the sign rule.
func checkSVDFactors(t *testing.T, name string, a *Dense, f *SVD) {
	t.Helper()
	m, n := a.Dims()
	s, u, v := f.Values(), f.U(), f.V()
	for i := range s {
		if s[i] < 0 || (i > 0 && s[i] > s[i-1]) {
			t.Fatalf("%s: values not descending and non-negative: %v", name, s)
		}
	}
	sig := New(u.Cols(), v.Cols())
	for i := range s {
		sig.Set(i, i, s[i])
	}
	us, _ := Mul(u, sig)
	usv, _ := MulABT(us, v)
	if e := backwardRatio(a, usv, max(m, n)); e > 10 {
		t.Errorf("%s: ‖A − UΣVᵀ‖/(max(m,n)ε‖A‖) = %.2f", name, e)
	}
	if e := orthogonalityRatio(u); e > 10 {
		t.Errorf("%s: ‖UᵀU − I‖/(mε) = %.2f", name, e)
	}
	if e := orthogonalityRatio(v); e > 10 {
		t.Errorf("%s: ‖VᵀV − I‖/(nε) = %.2f", name, e)
	}
	for j := range len(s) {
		col := u.Col(j)
		if col[Iamax(col)] < 0 {
			t.Errorf("%s: sign rule broken in column %d", name, j)
		}
	}
}

// TestSVDMethodsAgree runs both methods on the nasty suite: each must pass
// the property checks, and their singular values must agree to
// max(m,n)·ε·σ₁ (both are backward stable, and singular values are
// perfectly conditioned: |δσ| ≤ ‖δA‖₂).
func TestSVDMethodsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(81, 1))
	for _, tm := range nastyMatrices(rng) {
		m, n := tm.a.Dims()
		var vals [2][]float64
		for i, method := range []SVDMethod{SVDGolubKahan, SVDJacobi} {
			for _, kind := range []SVDKind{SVDThin, SVDFull} {
				f, err := FactorizeSVDWith(tm.a, SVDOptions{Kind: kind, Method: method})
				if err != nil {
					t.Fatalf("%s method %d: %v", tm.name, method, err)
				}
				checkSVDFactors(t, fmt.Sprintf("%s method %d kind %d", tm.name, method, kind), tm.a, f)
				vals[i] = f.Values()
			}
		}
		tol := 10 * float64(max(m, n)) * eps * vals[1][0]
		for j := range vals[0] {
			if d := math.Abs(vals[0][j] - vals[1][j]); d > tol {
				t.Errorf("%s: σ%d differs between methods by %.3g > %.3g", tm.name, j, d, tol)
			}
		}
	}
}

// TestSVDShapes covers the shapes the nasty suite does not reach: both
// sides of the QR-first threshold (m ≥ 1.6n), wide, and larger squares
// with clustered and repeated singular values.
func TestSVDShapes(t *testing.T) {
	rng := rand.New(rand.NewPCG(81, 2))
	cases := []struct {
		name string
		a    *Dense
	}{
		{"50x31 (no QR first)", randDense(rng, 50, 31)},
		{"50x30 (QR first)", randDense(rng, 50, 30)},
		{"200x40 tall", randDense(rng, 200, 40)},
		{"33x90 wide", randDense(rng, 33, 90)},
		{"120x120", randDense(rng, 120, 120)},
		{"repeated σ 60x40", withSingularValues(rng, 60, 40, repeatValues(40, []float64{3, 1, 1e-9}))},
		{"rank 7 of 70x70", lowRank(rng, 70, 70, 7)},
		{"graded 1e±8 64x64", scaleCols(randDense(rng, 64, 64), geometric(64, 1e-8, 1e8))},
	}
	if !testing.Short() {
		cases = append(cases, []struct {
			name string
			a    *Dense
		}{
			{"cond 1e15 260x260", withSingularValues(rng, 260, 260, geometric(260, 1, 1e-15))},
			{"graded rows 1e±6 400x150", scaleRows(geometric(400, 1e-6, 1e6), randDense(rng, 400, 150))},
		}...)
	}
	for _, c := range cases {
		// A strided view as input, which must be left untouched.
		in := stridedView(c.a)
		for _, kind := range []SVDKind{SVDThin, SVDFull} {
			f, err := FactorizeSVD(in, kind)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			checkSVDFactors(t, fmt.Sprintf("%s kind %d", c.name, kind), c.a, f)
		}
		if !EqualApprox(in, c.a, 0) {
			t.Errorf("%s: input modified", c.name)
		}
	}
}

// repeatValues returns n values cycling through vals, sorted descending.
func repeatValues(n int, vals []float64) []float64 {
	s := make([]float64, n)
	per := (n + len(vals) - 1) / len(vals)
	for i := range s {
		s[i] = vals[min(i/per, len(vals)-1)]
	}
	return s
}

// TestBidiagonalize checks A = U_B B V_Bᵀ with orthogonal U_B, V_B.
func TestBidiagonalize(t *testing.T) {
	rng := rand.New(rand.NewPCG(81, 3))
	for _, s := range [][2]int{{1, 1}, {2, 2}, {5, 3}, {17, 17}, {40, 9}, {2 * qrBlock, 2 * qrBlock}, {3*qrBlock + 9, 3*qrBlock + 7}} { // the last two use the blocked formU and formV
		m, n := s[0], s[1]
		a := randDense(rng, m, n)
		bd := bidiagonalize(a.Clone())
		u, v := bd.formU(m), bd.formV()
		b := New(m, n)
		for i := range n {
			b.Set(i, i, bd.d[i])
			if i+1 < n {
				b.Set(i, i+1, bd.e[i])
			}
		}
		ub, _ := Mul(u, b)
		ubv, _ := MulABT(ub, v)
		if r := backwardRatio(a, ubv, m); r > 10 {
			t.Errorf("%dx%d: ‖A − U_B B V_Bᵀ‖/(mε‖A‖) = %.2f", m, n, r)
		}
		if r := orthogonalityRatio(u); r > 10 {
			t.Errorf("%dx%d: U_B not orthogonal (%.2f)", m, n, r)
		}
		if r := orthogonalityRatio(v); r > 10 {
			t.Errorf("%dx%d: V_B not orthogonal (%.2f)", m, n, r)
		}
	}
}

// TestBidiagonalQRHardCases drives the iteration on bidiagonal matrices
// built to reach its special paths: zeros on the diagonal (the zero-shift
// sweep must push them out), a zero superdiagonal (an immediate split),
// grading towards either end (the chase direction), and a diagonal matrix.
func TestBidiagonalQRHardCases(t *testing.T) {
	n := 12
	cases := map[string]func(d, e []float64){
		"zero diagonal in the middle": func(d, e []float64) { d[5] = 0 },
		"zero diagonal at both ends":  func(d, e []float64) { d[0], d[n-1] = 0, 0 },
		"zero superdiagonal":          func(d, e []float64) { e[3] = 0 },
		"graded down": func(d, e []float64) {
			for i := range d {
				d[i] *= math.Pow(1e-3, float64(i))
				if i < n-1 {
					e[i] *= math.Pow(1e-3, float64(i)+0.5)
				}
			}
		},
		"graded up": func(d, e []float64) {
			for i := range d {
				d[i] *= math.Pow(1e-3, float64(n-1-i))
				if i < n-1 {
					e[i] *= math.Pow(1e-3, float64(n-1-i)-0.5)
				}
			}
		},
		"diagonal": func(d, e []float64) { clear(e) },
		"all zero": func(d, e []float64) { clear(d); clear(e) },
	}
	rng := rand.New(rand.NewPCG(81, 4))
	for name, edit := range cases {
		d, e := make([]float64, n), make([]float64, n-1)
		for i := range d {
			d[i] = 2*rng.Float64() - 1
			if i < n-1 {
				e[i] = 2*rng.Float64() - 1
			}
		}
		edit(d, e)
		b := New(n, n)
		for i := range n {
			b.Set(i, i, d[i])
			if i+1 < n {
				b.Set(i, i+1, e[i])
			}
		}
		u, v := Identity(n), Identity(n)
		if err := bidiagonalQR(d, e, u, v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, x := range e {
			if x != 0 {
				t.Fatalf("%s: superdiagonal not zero on return: %v", name, e)
			}
		}
		us := scaleCols(u, d) // U diag(d), d possibly negative
		usv, _ := MulABT(us, v)
		if r := backwardRatio(b, usv, n); r > 10 && NormFrobenius(b) > 0 {
			t.Errorf("%s: ‖B − U diag(d) Vᵀ‖/(nε‖B‖) = %.2f", name, r)
		}
		if r := orthogonalityRatio(u); r > 10 {
			t.Errorf("%s: U not orthogonal (%.2f)", name, r)
		}
		if r := orthogonalityRatio(v); r > 10 {
			t.Errorf("%s: V not orthogonal (%.2f)", name, r)
		}
	}
}

// TestApplyRotations compares the row-wise kernels (forward, backward,
// four rows at once, several goroutines) with rotations applied one at a
// time to whole columns.
func TestApplyRotations(t *testing.T) {
	rng := rand.New(rand.NewPCG(81, 5))
	for _, rows := range []int{1, 3, 4, 7, 600} {
		for _, backward := range []bool{false, true} {
			cols, lo, k := 70, 5, 60
			x := randDense(rng, rows, cols)
			c, s := make([]float64, k), make([]float64, k)
			for j := range k {
				th := 2 * math.Pi * rng.Float64()
				c[j], s[j] = math.Cos(th), math.Sin(th)
			}
			want := x.Clone()
			for step := range k {
				j := step
				if backward {
					j = k - 1 - step
				}
				for i := range rows { // xⱼ ← c xⱼ + s xⱼ₊₁, xⱼ₊₁ ← c xⱼ₊₁ − s xⱼ
					a, b := want.At(i, lo+j), want.At(i, lo+j+1)
					want.Set(i, lo+j, c[j]*a+s[j]*b)
					want.Set(i, lo+j+1, c[j]*b-s[j]*a)
				}
			}
			got := stridedView(x)
			applyRotations(rotationSeq{x: got, lo: lo, c: c, s: s, backward: backward})
			checkBorder(t, got)
			if !EqualApprox(got, want, 4*eps) { // same operations; 4ε allows for FMA fusion on other architectures
				t.Errorf("rows %d backward %v: kernel differs from the naive loop", rows, backward)
			}
		}
	}
}

// TestSVDManySmall sweeps small shapes (1…9 rows and columns) and
// structures that stress the bidiagonal iteration's splits and 2×2 blocks:
// random, all ones (rank 1), repeated rows, a zero row and column, an
// upper bidiagonal matrix with tiny entries, and exponential grading.
func TestSVDManySmall(t *testing.T) {
	rng := rand.New(rand.NewPCG(81, 6))
	structures := map[string]func(m, n int) *Dense{
		"random": func(m, n int) *Dense { return randDense(rng, m, n) },
		"ones": func(m, n int) *Dense {
			a := New(m, n)
			for i := range m {
				for j := range n {
					a.Set(i, j, 1)
				}
			}
			return a
		},
		"repeated rows": func(m, n int) *Dense {
			a := randDense(rng, 1, n)
			b := New(m, n)
			for i := range m {
				copy(b.Row(i), a.Row(0))
			}
			return b
		},
		"zero row and column": func(m, n int) *Dense {
			a := randDense(rng, m, n)
			clear(a.Row(m / 2))
			a.SetCol(n/2, make([]float64, m))
			return a
		},
		"tiny bidiagonal": func(m, n int) *Dense {
			a := New(m, n)
			for i := range min(m, n) {
				a.Set(i, i, math.Pow(1e-5, float64(i)))
				if i+1 < n {
					a.Set(i, i+1, 1e-3*math.Pow(1e-5, float64(i)))
				}
			}
			return a
		},
		"graded": func(m, n int) *Dense {
			return scaleCols(randDense(rng, m, n), geometric(n, 1, 1e-30))
		},
	}
	for name, build := range structures {
		for m := 1; m <= 9; m++ {
			for n := 1; n <= 9; n++ {
				a := build(m, n)
				f, err := FactorizeSVD(a, SVDFull)
				if err != nil {
					t.Fatalf("%s %dx%d: %v", name, m, n, err)
				}
				checkSVDFactors(t, fmt.Sprintf("%s %dx%d", name, m, n), a, f)
			}
		}
	}
}

// TestBidiagonalQRNoConvergence checks that hitting the step limit is an
// error wrapping ErrNoConvergence, not a panic or a silent wrong answer.
func TestBidiagonalQRNoConvergence(t *testing.T) {
	rng := rand.New(rand.NewPCG(81, 7))
	n := 10
	d, e := make([]float64, n), make([]float64, n-1)
	for i := range d {
		d[i] = 1 + rng.Float64()
		if i < n-1 {
			e[i] = 1 + rng.Float64()
		}
	}
	err := bidiagonalQRLimit(d, e, Identity(n), Identity(n), 3)
	if !errors.Is(err, ErrNoConvergence) {
		t.Fatalf("got %v, want ErrNoConvergence", err)
	}
}

// TestSVDSubnormal feeds matrices whose entries are subnormal (below
// 2⁻¹⁰²², where the scaling factor 2ᵏ that brings them near 1 is itself
// beyond the float64 range) or near the overflow threshold. Singular
// values must match those of the exactly rescaled matrix (up to the
// precision a subnormal result has), and U, V must be its vectors.
func TestSVDSubnormal(t *testing.T) {
	rng := rand.New(rand.NewPCG(81, 8))
	for _, c := range []struct {
		name string
		k    int // A = 2ᵏ·B with B of order 1
	}{{"subnormal", -1060}, {"smallest normal", -1022}, {"near overflow", 1020}} {
		for _, s := range [][2]int{{2, 2}, {3, 2}, {9, 4}, {4, 9}} {
			b := randDense(rng, s[0], s[1])
			a := ScalePow2(c.k, b)
			b = ScalePow2(-c.k, a) // B exactly as represented in A (subnormals lose bits)
			for _, method := range []SVDMethod{SVDGolubKahan, SVDJacobi} {
				name := fmt.Sprintf("%s %dx%d method %d", c.name, s[0], s[1], method)
				f, err := FactorizeSVDWith(a, SVDOptions{Method: method})
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				ref, _ := FactorizeSVDWith(b, SVDOptions{Method: method})
				sv, rv := f.Values(), ref.Values()
				for j := range sv {
					got := math.Ldexp(sv[j], -c.k)
					// Rescaled σ are exact up to the rounding of subnormal results.
					if d := math.Abs(got - rv[j]); d > 10*float64(max(s[0], s[1]))*eps*rv[0]+math.Ldexp(0x1p-1074, -c.k) {
						t.Errorf("%s: σ%d = %v·2^%d, want %v", name, j, got, c.k, rv[j])
					}
				}
				// Both are scaled to the same working matrix, so the
				// vectors are the same, bit for bit.
				if !EqualApprox(f.U(), ref.U(), 0) || !EqualApprox(f.V(), ref.V(), 0) {
					t.Errorf("%s: singular vectors differ from those of the rescaled matrix", name)
				}
				checkSVDFactors(t, name+" (rescaled)", b, ref)
			}
		}
	}
}

// TestSVDJacobiRelativeAccuracy checks the claim that justifies keeping
// SVDJacobi: on A = Q·D with Q orthogonal and D a diagonal graded from 1 to
// 1e-20, the singular values are the dⱼ (to n·ε relative, the rounding of
// Q), and one-sided Jacobi finds every one of them to that relative
// accuracy, the tiny ones included. Golub–Kahan–Reinsch is only required to
// be accurate relative to σ₁.
func TestSVDJacobiRelativeAccuracy(t *testing.T) {
	rng := rand.New(rand.NewPCG(81, 9))
	for _, s := range [][2]int{{12, 12}, {30, 10}} {
		m, n := s[0], s[1]
		q := randomOrthogonal(rng, m).Slice(0, m, 0, n)
		d := geometric(n, 1, 1e-20)
		a := scaleCols(q, d)
		for _, method := range []SVDMethod{SVDJacobi, SVDGolubKahan} {
			f, err := FactorizeSVDWith(a, SVDOptions{Kind: SVDValues, Method: method})
			if err != nil {
				t.Fatal(err)
			}
			for j, got := range f.Values() {
				rel := math.Abs(got-d[j]) / d[j]
				abs := math.Abs(got-d[j]) / d[0]
				switch {
				case method == SVDJacobi && rel > 10*float64(m)*eps:
					t.Errorf("%dx%d Jacobi: σ%d = %.17g, relative error %.3g", m, n, j, got, rel)
				case method == SVDGolubKahan && abs > 10*float64(m)*eps:
					t.Errorf("%dx%d Golub–Kahan: σ%d = %.17g, error %.3g·σ₁", m, n, j, got, abs)
				}
			}
		}
	}
}
