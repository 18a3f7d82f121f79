package eigen

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"mlnotes/matrix"
)

// The accuracy suite of issue 4: every method (tridiagonal QR, divide and
// conquer, Jacobi) on the same nasty matrices, judged by LAPACK's ratios
//
//	‖AV − VΛ‖_F / (n·ε·‖A‖_F) ≤ 10,   ‖VᵀV − I‖_F / (n·ε) ≤ 10
//
// (checkEigen), at sizes that exercise the divide-and-conquer merges
// (blocks above dcLeafSize = 25) as well as its leaves.

// nastySymmetric returns the named matrices of the suite. Sizes above 150
// are left out in -short mode.
func nastySymmetric(rng *rand.Rand, short bool) []namedSym {
	var s []namedSym
	sizes := []int{1, 2, 3, 4, 5, 8, 13, 26, 27, 50, 64, 100, 150}
	if !short {
		sizes = append(sizes, 200, 300)
	}
	for _, n := range sizes {
		s = append(s, namedSym{fmt.Sprintf("random %d", n), randSym(rng, n)})
	}
	repeated := make([]float64, 90) // three eigenvalues, each 30 times
	for i := range repeated {
		repeated[i] = float64(i%3) - 1
	}
	clustered := make([]float64, 120) // four clusters of width 1e-10
	for i := range clustered {
		clustered[i] = float64(i%4) + 1e-10*rng.Float64()
	}
	diagRep := make([]float64, 70)
	for i := range diagRep {
		diagRep[i] = float64(i % 3)
	}
	s = append(s,
		namedSym{"zero 5", matrix.New(5, 5)},
		namedSym{"zero 60", matrix.New(60, 60)},
		namedSym{"identity 80", matrix.Identity(80)},
		namedSym{"diagonal with repeats 70", matrix.Diag(diagRep)},
		namedSym{"wilkinson W101+", wilkinsonPlus(101)},
		namedSym{"glued wilkinson 5×W21+", gluedWilkinson(5, 1e-10)},
		namedSym{"repeated eigenvalues 90", withSpectrum(rng, repeated)},
		namedSym{"clustered 1e-10, 120", withSpectrum(rng, clustered)},
		namedSym{"graded 1e±10, 60", gradedSym(rng, 60)},
		namedSym{"rank-deficient Gram 120×30", gram(rng, 120, 30)},
		namedSym{"second difference 150", secondDifference(150)},
		namedSym{"huge 1e300, 60", matrix.Scale(1e300, randSym(rng, 60))},
		namedSym{"tiny 1e-300, 60", matrix.Scale(1e-300, randSym(rng, 60))},
	)
	return s
}

// gram returns XXᵀ for a random n×r X: rank r, n − r zero eigenvalues.
func gram(rng *rand.Rand, n, r int) *matrix.Dense {
	x := matrix.New(n, r)
	for i := range n {
		for j := range r {
			x.Set(i, j, rng.NormFloat64())
		}
	}
	g, _ := matrix.MulABT(x, x)
	return g
}

// gluedWilkinson returns copies of W21+ along the diagonal, coupled by
// off-diagonal entries δ: a classic hard case for divide and conquer and
// inverse iteration, with clusters of eigenvalues as tight as δ.
func gluedWilkinson(copies int, delta float64) *matrix.Dense {
	w := wilkinsonPlus(21)
	n := 21 * copies
	a := matrix.New(n, n)
	for c := range copies {
		a.Slice(21*c, 21*c+21, 21*c, 21*c+21).Copy(w)
		if c > 0 {
			a.Set(21*c-1, 21*c, delta)
			a.Set(21*c, 21*c-1, delta)
		}
	}
	return a
}

// secondDifference returns tridiag(−1, 2, −1), whose eigenvalues are
// 2 − 2cos(kπ/(n+1)), k = 1..n.
func secondDifference(n int) *matrix.Dense {
	a := matrix.New(n, n)
	for i := range n {
		a.Set(i, i, 2)
		if i+1 < n {
			a.Set(i, i+1, -1)
			a.Set(i+1, i, -1)
		}
	}
	return a
}

// jacobiTestLimit is the largest n on which the tests run Jacobi: 150, or
// 100 in -short mode (the race detector runs the short suite).
func jacobiTestLimit() int {
	if testing.Short() {
		return 100
	}
	return 150
}

var methods = []struct {
	name  string
	solve solver
}{
	{"qr", solvers["qr"]},
	{"dc", solvers["dc"]},
	{"jacobi", solvers["jacobi"]},
}

// TestAccuracySuite runs the residual and orthogonality ratios for every
// method, and checks that the values-only path returns the same values.
func TestAccuracySuite(t *testing.T) {
	for _, m := range methods {
		rng := rand.New(rand.NewPCG(11, 12))
		for _, c := range nastySymmetric(rng, testing.Short()) {
			if m.name == "jacobi" && c.a.Rows() > jacobiTestLimit() {
				continue // 4n³ per sweep: Jacobi runs to n = 150 here, to 300 in BenchmarkSym
			}
			r, err := m.solve(c.a, false)
			if err != nil {
				t.Fatalf("%s %s: %v", m.name, c.name, err)
			}
			checkEigen(t, m.name+" "+c.name, c.a, r)
			vo, err := m.solve(c.a, true)
			if err != nil || vo.Vectors != nil {
				t.Fatalf("%s %s values only: %v", m.name, c.name, err)
			}
			tol := 4 * float64(c.a.Rows()) * eps * matrix.NormFrobenius(c.a)
			for i := range vo.Values {
				if math.Abs(vo.Values[i]-r.Values[i]) > tol {
					t.Errorf("%s %s: values-only λ%d = %v, with vectors %v", m.name, c.name, i, vo.Values[i], r.Values[i])
				}
			}
		}
	}
}

// TestMethodsAgree checks that the eigenvalues of the three methods agree
// to 4·n·ε·‖A‖_F (Weyl: each is within a small multiple of n·ε·‖A‖ of the
// exact spectrum, since each method is backward stable).
func TestMethodsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, c := range nastySymmetric(rng, true) {
		if c.a.Rows() > jacobiTestLimit() {
			continue
		}
		ref, err := Jacobi(c.a, JacobiOptions{ValuesOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		tol := 4 * float64(c.a.Rows()) * eps * matrix.NormFrobenius(c.a)
		for _, m := range methods[:2] {
			r, err := m.solve(c.a, false)
			if err != nil {
				t.Fatal(err)
			}
			for i := range r.Values {
				if math.Abs(r.Values[i]-ref.Values[i]) > tol {
					t.Errorf("%s %s: λ%d = %v, Jacobi %v", m.name, c.name, i, r.Values[i], ref.Values[i])
				}
			}
		}
	}
}

// TestClosedFormSpectra compares with spectra known exactly: the second
// difference matrix and Clement's matrix (tridiagonal with off-diagonal
// √(i(n−i)), eigenvalues ±(n−1), ±(n−3), …).
func TestClosedFormSpectra(t *testing.T) {
	clement := func(n int) (*matrix.Dense, []float64) {
		a := matrix.New(n, n)
		for i := 1; i < n; i++ {
			v := math.Sqrt(float64(i * (n - i)))
			a.Set(i-1, i, v)
			a.Set(i, i-1, v)
		}
		want := make([]float64, n)
		for k := range n {
			want[k] = float64(-(n - 1) + 2*k)
		}
		return a, want
	}
	diff := func(n int) (*matrix.Dense, []float64) {
		want := make([]float64, n)
		for k := range n {
			want[k] = 2 - 2*math.Cos(float64(k+1)*math.Pi/float64(n+1))
		}
		return secondDifference(n), want
	}
	for _, m := range methods {
		for _, c := range []struct {
			name string
			make func(int) (*matrix.Dense, []float64)
			n    int
		}{{"clement", clement, 12}, {"clement", clement, 101}, {"second difference", diff, 7}, {"second difference", diff, 120}} {
			a, want := c.make(c.n)
			r, err := m.solve(a, false)
			if err != nil {
				t.Fatal(err)
			}
			tol := 4 * float64(c.n) * eps * matrix.NormFrobenius(a)
			for i, w := range want {
				if math.Abs(r.Values[i]-w) > tol {
					t.Errorf("%s %s %d: λ%d = %.17g, want %.17g", m.name, c.name, c.n, i, r.Values[i], w)
				}
			}
		}
	}
}

// TestNotesIdentities checks the properties the notes use, for every
// method (002, "Rayleigh quotient"): the Rayleigh quotient vᵀAv/vᵀv of
// each eigenvector is its eigenvalue, and H = the k top eigenvectors
// maximizes trace(HᵀAH) over HᵀH = I with value λₙ + … + λₙ₋ₖ₊₁ (and the
// k bottom ones minimize it, the spectral-embedding form).
func TestNotesIdentities(t *testing.T) {
	for _, m := range methods {
		rng := rand.New(rand.NewPCG(15, 16))
		n, k := 40, 4
		a := randSym(rng, n)
		r, err := m.solve(a, false)
		if err != nil {
			t.Fatal(err)
		}
		anorm := matrix.NormFrobenius(a)
		for j, lambda := range r.Values {
			v := r.Vectors.Col(j)
			av, _ := matrix.MulVec(a, v)
			if rq := matrix.Dot(v, av) / matrix.Dot(v, v); math.Abs(rq-lambda) > 2*float64(n)*eps*anorm {
				t.Errorf("%s: Rayleigh quotient %v, λ%d = %v", m.name, rq, j, lambda)
			}
		}
		top, _ := r.Largest(k)
		bottom, _ := r.Smallest(k)
		var sumTop, sumBottom float64
		for j := range k {
			sumTop += top.Values[j]
			sumBottom += bottom.Values[j]
		}
		best, worst := traceOf(a, top.Vectors), traceOf(a, bottom.Vectors)
		tol := 2 * float64(n*k) * eps * anorm
		if math.Abs(best-sumTop) > tol || math.Abs(worst-sumBottom) > tol {
			t.Errorf("%s: trace(HᵀAH) %v and %v, eigenvalue sums %v and %v", m.name, best, worst, sumTop, sumBottom)
		}
		for range 50 {
			g := matrix.New(n, k)
			for i := range n {
				for j := range k {
					g.Set(i, j, rng.NormFloat64())
				}
			}
			f, _ := matrix.FactorizeQR(g)
			if tr := traceOf(a, f.Q()); tr > best+tol || tr < worst-tol {
				t.Errorf("%s: a random orthonormal H gives %v outside [%v, %v]", m.name, tr, worst, best)
			}
		}
	}
}

// TestGeneralizedMethods checks A V = B V Λ and VᵀBV = I for both
// tridiagonal methods, with the tolerance scaled by κ(B), which the
// Cholesky reduction multiplies into the error.
func TestGeneralizedMethods(t *testing.T) {
	for _, method := range []Method{TridiagonalQR, DivideConquer} {
		rng := rand.New(rand.NewPCG(17, 18))
		for _, n := range []int{1, 3, 30, 80} {
			a := randSym(rng, n)
			b := gram(rng, n, n+5)
			r, err := Generalized(a, b, SymmetricOptions{Method: method})
			if err != nil {
				t.Fatal(err)
			}
			v := r.Vectors
			av, _ := matrix.Mul(a, v)
			bv, _ := matrix.Mul(b, v)
			vbv, _ := matrix.MulATB(v, bv)
			for i := range n {
				for j := range n {
					bv.Set(i, j, bv.At(i, j)*r.Values[j])
				}
			}
			d, _ := matrix.Sub(av, bv)
			cb, _ := matrix.Cond(b)
			ratio := matrix.NormFrobenius(d) / (float64(n) * eps * matrix.NormFrobenius(a) * matrix.NormFrobenius(v) * cb)
			checkSignRule(t, fmt.Sprintf("%v generalized %d", method, n), v)
			o, _ := matrix.Sub(vbv, matrix.Identity(n))
			if orth := matrix.NormFrobenius(o) / (float64(n) * eps * cb); ratio > 10 || orth > 10 {
				t.Errorf("%v n=%d: residual ratio %.2f, ‖VᵀBV − I‖/(nεκ(B)) = %.2f", method, n, ratio, orth)
			}
		}
	}
}

// TestBlockedBackTransform checks the blocked compact-WY application of Qᵀ
// (applyQT, used by divide and conquer) against the plain reflector-by-
// reflector Q (formQ, used by QR), across several blocks.
func TestBlockedBackTransform(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	for _, n := range []int{1, 2, 3, 33, 34, 100} {
		a := randSym(rng, n)
		_, _, taus := reduceTridiagonal(a)
		q := formQ(a, taus)
		zt := matrix.Identity(n)
		applyQT(zt, a, taus) // Iᵀ·Qᵀ
		d, _ := matrix.Sub(zt, q.T())
		if diff := matrix.NormFrobenius(d); diff > 4*float64(n)*eps {
			t.Errorf("n=%d: ‖applyQT(I) − Qᵀ‖ = %g", n, diff)
		}
		// formQT skips the unit rows; it must give exactly applyQT(I).
		qt := formQT(a, taus)
		for i := range n {
			if !slices.Equal(qt.Row(i), zt.Row(i)) {
				t.Errorf("n=%d: formQT and applyQT(I) differ in row %d", n, i)
				break
			}
		}
	}
}

// TestDivideConquerTridiagonal exercises the tridiagonal stage alone on
// cases that hit each branch of the merge: deflation by small z (a nearly
// split matrix), deflation by rotation (repeated diagonal entries), and no
// deflation at all.
func TestDivideConquerTridiagonal(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	cases := map[string]func(n int) (d, e []float64){
		"random": func(n int) (d, e []float64) {
			d, e = make([]float64, n), make([]float64, n-1)
			for i := range d {
				d[i] = rng.NormFloat64()
			}
			for i := range e {
				e[i] = rng.NormFloat64()
			}
			return d, e
		},
		"constant diagonal, tiny couplings": func(n int) (d, e []float64) {
			d, e = make([]float64, n), make([]float64, n-1)
			for i := range d {
				d[i] = 1
			}
			for i := range e {
				e[i] = 1e-9 * rng.Float64()
			}
			return d, e
		},
		"ones": func(n int) (d, e []float64) {
			d, e = make([]float64, n), make([]float64, n-1)
			for i := range e {
				e[i] = 1
			}
			return d, e
		},
		"graded": func(n int) (d, e []float64) {
			d, e = make([]float64, n), make([]float64, n-1)
			for i := range d {
				d[i] = math.Pow(10, -8+16*float64(i)/float64(n))
			}
			for i := range e {
				e[i] = math.Sqrt(d[i] * d[i+1])
			}
			return d, e
		},
	}
	for name, gen := range cases {
		for _, n := range []int{26, 51, 200} {
			d, e := gen(n)
			tm := matrix.Diag(d)
			for i, v := range e {
				tm.Set(i, i+1, v)
				tm.Set(i+1, i, v)
			}
			values := append([]float64(nil), d...)
			zt, err := tridiagonalDC(values, e, nil)
			if err != nil {
				t.Fatalf("%s %d: %v", name, n, err)
			}
			checkEigen(t, fmt.Sprintf("dc tridiagonal %s %d", name, n), tm, fromRows(values, zt))
		}
	}
}

// TestEigenErrors covers every error case of issue 4 for every entry
// point: the sentinel is wrapped (errors.Is works) and the message names
// the problem.
func TestEigenErrors(t *testing.T) {
	sym := randSym(rand.New(rand.NewPCG(23, 24)), 4)
	slightly := sym.Clone() // asymmetric far below the tolerance: accepted
	slightly.Set(0, 1, sym.At(0, 1)*(1+4*eps))
	clearly := sym.Clone() // asymmetric far above it: rejected
	clearly.Set(0, 1, sym.At(0, 1)+1e-6)
	inf := sym.Clone()
	inf.Set(2, 2, math.Inf(1))
	for _, m := range methods {
		if _, err := m.solve(slightly, false); err != nil {
			t.Errorf("%s: rounding-level asymmetry rejected: %v", m.name, err)
		}
		for name, c := range map[string]struct {
			a    *matrix.Dense
			want error
			word string
		}{
			"asymmetric": {clearly, matrix.ErrNotSymmetric, "not symmetric"},
			"inf":        {inf, matrix.ErrNotFinite, "non-finite"},
			"rect":       {matrix.New(3, 2), matrix.ErrNotSquare, "not square"},
		} {
			_, err := m.solve(c.a, false)
			if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.word) {
				t.Errorf("%s %s: got %v, want %v", m.name, name, err, c.want)
			}
		}
	}
	if _, err := Symmetric(sym, SymmetricOptions{Method: Method(7)}); !errors.Is(err, ErrMethod) {
		t.Errorf("unknown method: %v", err)
	}
	// Non-convergence: limits too small to finish.
	if _, err := Jacobi(sym, JacobiOptions{MaxSweeps: 1}); !errors.Is(err, matrix.ErrNoConvergence) {
		t.Errorf("jacobi, 1 sweep: %v", err)
	}
	if _, err := Symmetric(sym, SymmetricOptions{MaxSteps: 1}); !errors.Is(err, matrix.ErrNoConvergence) {
		t.Errorf("qr, 1 step: %v", err)
	}
	// Generalized: B not SPD, not symmetric, wrong size, not finite.
	indef, _ := matrix.NewFromRows([][]float64{{1, 0, 0, 0}, {0, -1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}})
	nanB := matrix.Identity(4)
	nanB.Set(1, 1, math.NaN())
	for name, c := range map[string]struct {
		b    *matrix.Dense
		want error
	}{
		"B indefinite": {indef, matrix.ErrNotSPD},
		"B singular":   {matrix.New(4, 4), matrix.ErrNotSPD},
		"B asymmetric": {clearly, matrix.ErrNotSymmetric},
		"B size":       {matrix.Identity(3), matrix.ErrShape},
		"B NaN":        {nanB, matrix.ErrNotFinite},
	} {
		if _, err := Generalized(sym, c.b, SymmetricOptions{}); !errors.Is(err, c.want) {
			t.Errorf("generalized %s: got %v, want %v", name, err, c.want)
		}
	}
	// k out of range, for TopK and the selection helpers.
	r, _ := Symmetric(sym, SymmetricOptions{})
	for _, k := range []int{0, -1, 5} {
		if _, err := TopK(sym, k, TopKOptions{}); !errors.Is(err, ErrRange) {
			t.Errorf("TopK k=%d: %v", k, err)
		}
		if _, err := r.Smallest(k); !errors.Is(err, ErrRange) {
			t.Errorf("Smallest(%d): %v", k, err)
		}
	}
	if _, err := TopK(inf, 1, TopKOptions{}); !errors.Is(err, matrix.ErrNotFinite) {
		t.Errorf("TopK inf: %v", err)
	}
}

// TestBlockedReduction checks the blocked reduction to tridiagonal form
// against its definition, ‖QᵀAQ − T‖_F/(n·ε·‖A‖_F) ≤ 10 with Q formed
// from the reflectors it leaves, and against the plain reduction.
func TestBlockedReduction(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	for _, n := range []int{97, 129, 130, 300} {
		a := randSym(rng, n)
		wb, wp := a.Clone(), a.Clone()
		d, e, taus := reduceTridiagonalBlocked(wb)
		dp, ep, _ := reduceTridiagonal(wp)
		q := formQ(wb, taus)
		aq, _ := matrix.Mul(a, q)
		qaq, _ := matrix.MulATB(q, aq)
		for i := range n {
			qaq.Set(i, i, qaq.At(i, i)-d[i])
			if i+1 < n {
				qaq.Set(i, i+1, qaq.At(i, i+1)-e[i])
				qaq.Set(i+1, i, qaq.At(i+1, i)-e[i])
			}
		}
		anorm := matrix.NormFrobenius(a)
		if r := matrix.NormFrobenius(qaq) / (float64(n) * eps * anorm); r > 10 {
			t.Errorf("n=%d: ‖QᵀAQ − T‖ ratio %.2f", n, r)
		}
		// The entries of T are not compared one by one: late in the
		// reduction they are ill-conditioned functions of A (as Lanczos
		// coefficients are), and two backward-stable reductions may differ
		// there by far more than n·ε·‖A‖. Their spectra may not.
		if err := tridiagonalQR(d, e, nil, 0, nil); err != nil {
			t.Fatal(err)
		}
		if err := tridiagonalQR(dp, ep, nil, 0, nil); err != nil {
			t.Fatal(err)
		}
		slices.Sort(d)
		slices.Sort(dp)
		tol := 4 * float64(n) * eps * anorm
		for i := range n {
			if math.Abs(d[i]-dp[i]) > tol {
				t.Errorf("n=%d: spectra of the blocked and plain T differ: λ%d %v, %v", n, i, d[i], dp[i])
				break
			}
		}
	}
}

// TestTopKLarge checks TopK against divide and conquer on a graph
// Laplacian of 600 points, the spectral-embedding case of 002, "Problem
// Formulation": the k smallest pairs, and the k largest of its negation.
func TestTopKLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("n = 600 runs in the full suite")
	}
	rng := rand.New(rand.NewPCG(27, 28))
	n, k := 600, 6
	// L = D − W for a random weighted graph on a ring with chords.
	w := matrix.New(n, n)
	for i := range n {
		for _, j := range []int{(i + 1) % n, (i + 7) % n, rng.IntN(n)} {
			if j != i {
				x := 0.5 + rng.Float64()
				w.Set(i, j, w.At(i, j)+x)
				w.Set(j, i, w.At(j, i)+x)
			}
		}
	}
	l := matrix.Scale(-1, w)
	for i := range n {
		var deg float64
		for _, x := range w.Row(i) {
			deg += x
		}
		l.Set(i, i, deg)
	}
	full, err := Symmetric(l, SymmetricOptions{Method: DivideConquer})
	if err != nil {
		t.Fatal(err)
	}
	anorm := matrix.NormFrobenius(l)
	for _, smallest := range []bool{true, false} {
		r, err := TopK(l, k, TopKOptions{Smallest: smallest})
		if err != nil {
			t.Fatal(err)
		}
		want, _ := full.Largest(k)
		if smallest {
			want, _ = full.Smallest(k)
		}
		for j := range k {
			if math.Abs(r.Values[j]-want.Values[j]) > 1e-10*anorm {
				t.Errorf("smallest=%v λ%d: TopK %v, full %v", smallest, j, r.Values[j], want.Values[j])
			}
			v := r.Vectors.Col(j)
			av, _ := matrix.MulVec(l, v)
			matrix.Axpy(-r.Values[j], v, av)
			if res := matrix.Nrm2(av); res > 1e-9*anorm {
				t.Errorf("smallest=%v: residual of pair %d is %g", smallest, j, res)
			}
		}
	}
}

// TestSymvUpper checks the upper-triangle products of the blocked
// reduction, whole and in row ranges, against B·v on the full matrix.
func TestSymvUpper(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 30))
	for _, m := range []int{1, 2, 3, 255, 256, 257, 301} {
		b := randSym(rng, m)
		v := make([]float64, m)
		for i := range v {
			v[i] = rng.NormFloat64()
		}
		want, _ := matrix.MulVec(b, v)
		stale := b.Clone() // the lower triangle must not be read
		for i := range m {
			for j := range i {
				stale.Set(i, j, math.NaN())
			}
		}
		y := make([]float64, m)
		symvUpperChunked(stale, v, y, matrix.New(symvChunks, m))
		for i := range m {
			if math.Abs(y[i]-want[i]) > 4*float64(m)*eps*matrix.NormFrobenius(b) {
				t.Errorf("m=%d: y[%d] = %v, want %v", m, i, y[i], want[i])
				break
			}
		}
	}
}

// TestResultHelpers checks the ordering and selection helpers: Descending
// reverses pairs and keeps each vector with its value; Largest and
// Smallest keep ascending order; none of them changes the receiver.
func TestResultHelpers(t *testing.T) {
	a := matrix.Diag([]float64{3, -1, 2, 5})
	for _, m := range methods {
		r, err := m.solve(a, false)
		if err != nil {
			t.Fatal(err)
		}
		before := slices.Clone(r.Values)
		d := r.Descending()
		if !slices.Equal(d.Values, []float64{5, 3, 2, -1}) {
			t.Errorf("%s: Descending values %v", m.name, d.Values)
		}
		// Column j of a diagonal matrix's V is the unit vector of the
		// diagonal entry d.Values[j].
		for j, want := range []int{3, 0, 2, 1} {
			if d.Vectors.At(want, j) != 1 {
				t.Errorf("%s: Descending vector %d = %v", m.name, j, d.Vectors.Col(j))
			}
		}
		top, _ := r.Largest(2)
		bottom, _ := r.Smallest(3)
		if !slices.Equal(top.Values, []float64{3, 5}) || !slices.Equal(bottom.Values, []float64{-1, 2, 3}) {
			t.Errorf("%s: Largest(2) %v, Smallest(3) %v", m.name, top.Values, bottom.Values)
		}
		if top.Vectors.At(3, 1) != 1 || bottom.Vectors.At(1, 0) != 1 || top.Vectors.Cols() != 2 || bottom.Vectors.Cols() != 3 {
			t.Errorf("%s: selected vectors do not follow their values", m.name)
		}
		if !slices.Equal(r.Values, before) {
			t.Errorf("%s: a helper changed the receiver", m.name)
		}
		vo, _ := m.solve(a, true)
		if d := vo.Descending(); d.Vectors != nil || len(d.Values) != 4 {
			t.Errorf("%s: Descending of values only", m.name)
		}
	}
}

// TestSameBitsAnyWorkers checks the promise of parallel.go: the results
// of every parallel path are identical bit for bit at any GOMAXPROCS.
func TestSameBitsAnyWorkers(t *testing.T) {
	// n = 520 takes every parallel path: chunks of rows, symv ranges,
	// concurrent halves (≥ 200), deferred QR rotations (≥ 512 columns).
	n := 520
	a := randSym(rand.New(rand.NewPCG(33, 34)), n)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, method := range []Method{TridiagonalQR, DivideConquer} {
		var ref *Result
		for _, procs := range []int{1, 2, 3} {
			runtime.GOMAXPROCS(procs)
			r, err := Symmetric(a, SymmetricOptions{Method: method})
			if err != nil {
				t.Fatal(err)
			}
			if ref == nil {
				ref = r
				continue
			}
			same := slices.Equal(r.Values, ref.Values)
			for i := range n {
				same = same && slices.Equal(r.Vectors.Row(i), ref.Vectors.Row(i))
			}
			if !same {
				t.Errorf("%v: GOMAXPROCS=%d changes the result", method, procs)
			}
		}
	}
}

// TestMethodString checks the names of the methods, which are those of
// the CLI's -method flag.
func TestMethodString(t *testing.T) {
	for m, want := range map[Method]string{Auto: "auto", TridiagonalQR: "qr", DivideConquer: "dc", Method(9): "Method(9)"} {
		if got := m.String(); got != want {
			t.Errorf("Method(%d).String() = %q, want %q", int(m), got, want)
		}
	}
	if _, err := Symmetric(matrix.Identity(2), SymmetricOptions{Method: Method(9)}); err == nil || !strings.Contains(err.Error(), "unknown method Method(9)") {
		t.Errorf("unknown method: %v", err)
	}
}
