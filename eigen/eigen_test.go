package eigen

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"mlnotes/matrix"
)

type solver func(a *matrix.Dense, valuesOnly bool) (*Result, error)

var solvers = map[string]solver{
	"qr": func(a *matrix.Dense, vo bool) (*Result, error) {
		return Symmetric(a, SymmetricOptions{Method: TridiagonalQR, ValuesOnly: vo})
	},
	"dc": func(a *matrix.Dense, vo bool) (*Result, error) {
		return Symmetric(a, SymmetricOptions{Method: DivideConquer, ValuesOnly: vo})
	},
	"jacobi": func(a *matrix.Dense, vo bool) (*Result, error) {
		return Jacobi(a, JacobiOptions{ValuesOnly: vo})
	},
}

func randSym(rng *rand.Rand, n int) *matrix.Dense {
	a := matrix.New(n, n)
	for i := range n {
		for j := 0; j <= i; j++ {
			v := 2*rng.Float64() - 1
			a.Set(i, j, v)
			a.Set(j, i, v)
		}
	}
	return a
}

// withSpectrum returns Q diag(λ) Qᵀ for a random orthogonal Q.
func withSpectrum(rng *rand.Rand, lambda []float64) *matrix.Dense {
	n := len(lambda)
	g := matrix.New(n, n)
	for i := range n {
		for j := range n {
			g.Set(i, j, rng.NormFloat64())
		}
	}
	f, _ := matrix.FactorizeQR(g)
	q := f.QFull()
	ql := q.Clone()
	for i := range n {
		for j := range n {
			ql.Set(i, j, q.At(i, j)*lambda[j])
		}
	}
	a, _ := matrix.MulABT(ql, q)
	for i := range n { // exact symmetry
		for j := range i {
			a.Set(j, i, a.At(i, j))
		}
	}
	return a
}

// wilkinsonPlus returns W⁺₂₁: tridiagonal, diagonal |10 − i|, off-diagonal
// 1; its largest eigenvalues come in pairs equal to 1e-13 and beyond.
func wilkinsonPlus(n int) *matrix.Dense {
	a := matrix.New(n, n)
	m := (n - 1) / 2
	for i := range n {
		a.Set(i, i, math.Abs(float64(m-i)))
		if i+1 < n {
			a.Set(i, i+1, 1)
			a.Set(i+1, i, 1)
		}
	}
	return a
}

type namedSym struct {
	name string
	a    *matrix.Dense
}

func hardSymmetric(rng *rand.Rand, short bool) []namedSym {
	var s []namedSym
	sizes := []int{1, 2, 3, 7, 30, 100}
	if !short {
		sizes = append(sizes, 300)
	}
	for _, n := range sizes {
		s = append(s, namedSym{fmt.Sprintf("random %d", n), randSym(rng, n)})
	}
	clustered := make([]float64, 12)
	for i := range clustered {
		clustered[i] = 1 + 1e-10*float64(i%4)
	}
	clustered[0] = -3
	g := matrix.New(20, 8)
	for i := range 20 {
		for j := range 8 {
			g.Set(i, j, rng.NormFloat64())
		}
	}
	s = append(s,
		namedSym{"zero", matrix.New(5, 5)},
		namedSym{"identity", matrix.Identity(6)},
		namedSym{"diagonal", matrix.Diag([]float64{3, -1, 0, 7, 2})},
		namedSym{"wilkinson W21+", wilkinsonPlus(21)},
		namedSym{"clustered 1e-10", withSpectrum(rng, clustered)},
		namedSym{"graded 1e±10", gradedSym(rng, 10)},
		namedSym{"rank-deficient Gram", matrix.Gram(g)},
		namedSym{"huge 1e300", matrix.Scale(1e300, randSym(rng, 6))},
		namedSym{"tiny 1e-300", matrix.Scale(1e-300, randSym(rng, 6))},
	)
	return s
}

// gradedSym returns D G D with D spanning 1e±5, so entries span 1e±10.
func gradedSym(rng *rand.Rand, n int) *matrix.Dense {
	a := randSym(rng, n)
	for i := range n {
		for j := range n {
			di := math.Pow(10, -5+10*float64(i)/float64(n-1))
			dj := math.Pow(10, -5+10*float64(j)/float64(n-1))
			a.Set(i, j, a.At(i, j)*di*dj)
		}
	}
	return a
}

// checkEigen asserts the residual and orthogonality ratios of LAPACK's
// tests: ‖AV − VΛ‖_F/(n·ε·‖A‖_F) ≤ 10 and ‖VᵀV − I‖_F/(n·ε) ≤ 10.
func checkEigen(t *testing.T, name string, a *matrix.Dense, r *Result) {
	t.Helper()
	n := a.Rows()
	if !slices.IsSorted(r.Values) {
		t.Errorf("%s: values not ascending", name)
	}
	av, _ := matrix.Mul(a, r.Vectors)
	vl := r.Vectors.Clone()
	for i := range n {
		for j := range n {
			vl.Set(i, j, vl.At(i, j)*r.Values[j])
		}
	}
	d, _ := matrix.Sub(av, vl)
	anorm := matrix.NormFrobenius(a)
	res := matrix.NormFrobenius(d) / (float64(n) * eps * math.Max(anorm, math.SmallestNonzeroFloat64))
	if anorm == 0 {
		res = matrix.NormFrobenius(d)
	}
	vtv, _ := matrix.MulATB(r.Vectors, r.Vectors)
	o, _ := matrix.Sub(vtv, matrix.Identity(n))
	orth := matrix.NormFrobenius(o) / (float64(n) * eps)
	if res > 10 || orth > 10 {
		t.Errorf("%s: residual ratio %.2f, orthogonality ratio %.2f (want ≤ 10)", name, res, orth)
	}
	checkSignRule(t, name, r.Vectors)
}

// checkSignRule asserts the documented sign rule: the largest-magnitude
// entry of every eigenvector (the first of equal ones) is positive.
func checkSignRule(t *testing.T, name string, v *matrix.Dense) {
	t.Helper()
	for j := range v.Cols() {
		col := v.Col(j)
		if col[matrix.Iamax(col)] < 0 {
			t.Errorf("%s: eigenvector %d breaks the sign rule", name, j)
			return
		}
	}
}

func TestSymmetricSolvers(t *testing.T) {
	for sname, solve := range solvers {
		rng := rand.New(rand.NewPCG(1, 2))
		for _, c := range hardSymmetric(rng, testing.Short()) {
			r, err := solve(c.a, false)
			if err != nil {
				t.Fatalf("%s %s: %v", sname, c.name, err)
			}
			checkEigen(t, sname+" "+c.name, c.a, r)
			vo, err := solve(c.a, true)
			if err != nil || vo.Vectors != nil {
				t.Fatalf("%s %s values only: %v", sname, c.name, err)
			}
			tol := float64(c.a.Rows()) * eps * matrix.NormFrobenius(c.a) * 4
			for i := range vo.Values {
				if math.Abs(vo.Values[i]-r.Values[i]) > tol {
					t.Errorf("%s %s: values-only λ%d = %v, with vectors %v", sname, c.name, i, vo.Values[i], r.Values[i])
				}
			}
		}
	}
}

func TestJacobiAndQRAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, c := range hardSymmetric(rng, true) {
		q, _ := Symmetric(c.a, SymmetricOptions{ValuesOnly: true})
		j, _ := Jacobi(c.a, JacobiOptions{ValuesOnly: true})
		tol := 4 * float64(c.a.Rows()) * eps * matrix.NormFrobenius(c.a)
		for i := range q.Values {
			if math.Abs(q.Values[i]-j.Values[i]) > tol {
				t.Errorf("%s: λ%d QR %v, Jacobi %v", c.name, i, q.Values[i], j.Values[i])
			}
		}
	}
}

func TestClosedForms(t *testing.T) {
	// [[2, 1], [1, 2]]: λ = 1, 3 with v = (1, −1)/√2, (1, 1)/√2.
	a, _ := matrix.NewFromRows([][]float64{{2, 1}, {1, 2}})
	// [[2, −1, 0], [−1, 2, −1], [0, −1, 2]]: λ = 2 − √2, 2, 2 + √2.
	b, _ := matrix.NewFromRows([][]float64{{2, -1, 0}, {-1, 2, -1}, {0, -1, 2}})
	for sname, solve := range solvers {
		r, _ := solve(a, false)
		s := 1 / math.Sqrt2
		if math.Abs(r.Values[0]-1) > 4*eps || math.Abs(r.Values[1]-3) > 8*eps ||
			math.Abs(math.Abs(r.Vectors.At(0, 0))-s) > 4*eps || math.Abs(r.Vectors.At(0, 1)-r.Vectors.At(1, 1)) > 4*eps {
			t.Errorf("%s 2×2: %v\n%v", sname, r.Values, r.Vectors)
		}
		r, _ = solve(b, false)
		want := []float64{2 - math.Sqrt2, 2, 2 + math.Sqrt2}
		for i, w := range want {
			if math.Abs(r.Values[i]-w) > 16*eps {
				t.Errorf("%s 3×3: λ%d = %.17g, want %.17g", sname, i, r.Values[i], w)
			}
		}
	}
}

// TestRayleighQuotientAndTrace checks the notes' identities (002,
// "Rayleigh quotient"): the Rayleigh quotient of an eigenvector is its
// eigenvalue, and max trace(HᵀAH) over HᵀH = I is the sum of the k largest
// eigenvalues, attained by the top eigenvectors.
func TestRayleighQuotientAndTrace(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	a := randSym(rng, 12)
	r, _ := Symmetric(a, SymmetricOptions{})
	for j, lambda := range r.Values {
		v := r.Vectors.Col(j)
		av, _ := matrix.MulVec(a, v)
		if rq := matrix.Dot(v, av) / matrix.Dot(v, v); math.Abs(rq-lambda) > 12*eps*matrix.NormFrobenius(a) {
			t.Errorf("Rayleigh quotient %v, λ = %v", rq, lambda)
		}
	}
	k := 3
	top, _ := r.Largest(k)
	best := traceOf(a, top.Vectors)
	sum := top.Values[0] + top.Values[1] + top.Values[2]
	if math.Abs(best-sum) > 12*eps*matrix.NormFrobenius(a)*float64(k) {
		t.Errorf("trace(HᵀAH) = %v, sum of top-k λ = %v", best, sum)
	}
	for range 20 {
		g := matrix.New(12, k)
		for i := range 12 {
			for j := range k {
				g.Set(i, j, rng.NormFloat64())
			}
		}
		f, _ := matrix.FactorizeQR(g)
		if tr := traceOf(a, f.Q()); tr > best+1e-12 {
			t.Errorf("a random orthonormal H gives %v > %v", tr, best)
		}
	}
}

func traceOf(a, h *matrix.Dense) float64 {
	ah, _ := matrix.Mul(a, h)
	hah, _ := matrix.MulATB(h, ah)
	tr, _ := matrix.Trace(hah)
	return tr
}

// TestGeneralizedNotSPD checks the error for a B that is not positive
// definite; the residual and B-orthonormality of the solutions are checked
// for both methods by TestGeneralizedMethods (accuracy_test.go).
func TestGeneralizedNotSPD(t *testing.T) {
	notSPD, _ := matrix.NewFromRows([][]float64{{1, 2}, {2, 1}})
	if _, err := Generalized(matrix.Identity(2), notSPD, SymmetricOptions{}); !errors.Is(err, matrix.ErrNotSPD) {
		t.Errorf("B not SPD: %v", err)
	}
}

func TestTopKAgreesWithFullSolver(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	// A Gram-like PSD matrix with a decaying spectrum, as kernel PCA sees.
	lambda := make([]float64, 200)
	for i := range lambda {
		lambda[i] = math.Pow(0.8, float64(i))
	}
	a := withSpectrum(rng, lambda)
	full, _ := Symmetric(a, SymmetricOptions{})
	for _, smallest := range []bool{false, true} {
		k := 5
		r, err := TopK(a, k, TopKOptions{Smallest: smallest})
		if err != nil {
			t.Fatal(err)
		}
		var want *Result
		if smallest {
			want, _ = full.Smallest(k)
		} else {
			want, _ = full.Largest(k)
		}
		for j := range k {
			if math.Abs(r.Values[j]-want.Values[j]) > 1e-10*matrix.NormFrobenius(a) {
				t.Errorf("smallest=%v λ%d: %v, full %v", smallest, j, r.Values[j], want.Values[j])
			}
			v := r.Vectors.Col(j)
			av, _ := matrix.MulVec(a, v)
			matrix.Axpy(-r.Values[j], v, av)
			if matrix.Nrm2(av) > 1e-9*matrix.NormFrobenius(a) {
				t.Errorf("smallest=%v: residual %g", smallest, matrix.Nrm2(av))
			}
		}
	}
	if _, err := TopK(a, 0, TopKOptions{}); !errors.Is(err, ErrRange) {
		t.Errorf("k = 0: %v", err)
	}
}

func TestErrors(t *testing.T) {
	rect := matrix.New(2, 3)
	nonsym, _ := matrix.NewFromRows([][]float64{{1, 2}, {0, 1}})
	nan, _ := matrix.NewFromRows([][]float64{{1, math.NaN()}, {math.NaN(), 1}})
	for sname, solve := range solvers {
		for name, c := range map[string]struct {
			a    *matrix.Dense
			want error
		}{
			"rect":   {rect, matrix.ErrNotSquare},
			"nonsym": {nonsym, matrix.ErrNotSymmetric},
			"nan":    {nan, matrix.ErrNotFinite},
			"empty":  {matrix.New(0, 0), matrix.ErrEmpty},
		} {
			if _, err := solve(c.a, false); !errors.Is(err, c.want) {
				t.Errorf("%s %s: got %v, want %v", sname, name, err, c.want)
			}
		}
	}
	r, _ := Symmetric(matrix.Identity(3), SymmetricOptions{})
	if _, err := r.Largest(4); !errors.Is(err, ErrRange) {
		t.Errorf("Largest(4): %v", err)
	}
}
