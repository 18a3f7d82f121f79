package matrix

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// lowRank returns an m×n matrix of rank r, a product of thin random factors.
func lowRank(rng *rand.Rand, m, n, r int) *Dense {
	p, _ := Mul(randDense(rng, m, r), randDense(rng, r, n))
	return p
}

func TestSVDGoldenFromKnownFactors(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	sigma := []float64{5, 3, 3, 1e-3, 0}
	u, v := randomOrthogonal(rng, 7), randomOrthogonal(rng, 5)
	s := New(7, 5)
	for i, x := range sigma {
		s.Set(i, i, x)
	}
	us, _ := Mul(u, s)
	a, _ := MulABT(us, v) // A = U Σ Vᵀ
	f, err := FactorizeSVD(a, SVDThin)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range sigma {
		if math.Abs(f.Values()[i]-want) > 10*5*eps*5 {
			t.Errorf("σ%d = %.17g, want %g", i, f.Values()[i], want)
		}
	}
	if f.Rank(0) != 4 {
		t.Errorf("rank %d, want 4", f.Rank(0))
	}
	// 2×2 closed form: [[3, 0], [4, 5]] has σ = 3√5, √5.
	g, _ := FactorizeSVD(mustRows(t, [][]float64{{3, 0}, {4, 5}}), SVDValues)
	if math.Abs(g.Values()[0]-3*math.Sqrt(5)) > 8*eps*7 || math.Abs(g.Values()[1]-math.Sqrt(5)) > 8*eps*7 {
		t.Errorf("2×2 values %v", g.Values())
	}
}

func TestSVDProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for _, c := range nastyMatrices(rng) {
		m, n := c.a.Dims()
		for _, kind := range []SVDKind{SVDThin, SVDFull} {
			f, err := FactorizeSVD(c.a, kind)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			s := f.Values()
			if !slices.IsSortedFunc(s, func(a, b float64) int { return int(math.Copysign(1, b-a)) * boolInt(a != b) }) || s[len(s)-1] < 0 {
				t.Errorf("%s: values not descending and non-negative: %v", c.name, s)
			}
			u, v := f.U(), f.V()
			k := len(s)
			sig := New(u.Cols(), v.Cols())
			for i := range k {
				sig.Set(i, i, s[i])
			}
			us, _ := Mul(u, sig)
			usv, _ := MulABT(us, v)
			size := float64(max(m, n))
			if e := backwardRatio(c.a, usv, int(size)); e > 10 {
				t.Errorf("%s kind %d: ‖A − UΣVᵀ‖/(max(m,n)ε‖A‖) = %.2f", c.name, kind, e)
			}
			if e := orthogonalityRatio(u); e > 10 {
				t.Errorf("%s kind %d: ‖UᵀU − I‖/(nε) = %.2f", c.name, kind, e)
			}
			if e := orthogonalityRatio(v); e > 10 {
				t.Errorf("%s kind %d: ‖VᵀV − I‖/(nε) = %.2f", c.name, kind, e)
			}
			vals, _ := FactorizeSVD(c.a, SVDValues)
			for i := range s {
				if math.Abs(vals.Values()[i]-s[i]) > size*eps*s[0] {
					t.Errorf("%s: values-only σ%d differs", c.name, i)
				}
			}
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestPseudoInversePenrose(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	for _, a := range []*Dense{lowRank(rng, 8, 5, 3), randDense(rng, 4, 9), randDense(rng, 9, 4)} {
		p, err := PseudoInverse(a)
		if err != nil {
			t.Fatal(err)
		}
		ap, _ := Mul(a, p)
		pa, _ := Mul(p, a)
		apa, _ := Mul(ap, a)
		pap, _ := Mul(pa, p)
		tol := 1e3 * eps // κ of these matrices is O(10); errors are a few ε·κ²
		for name, pair := range map[string][2]*Dense{
			"A A⁺ A = A":     {apa, a},
			"A⁺ A A⁺ = A⁺":   {pap, p},
			"(A A⁺)ᵀ = A A⁺": {ap.T(), ap},
			"(A⁺ A)ᵀ = A⁺ A": {pa.T(), pa},
		} {
			if !EqualApprox(pair[0], pair[1], tol*NormMax(pair[1])) {
				t.Errorf("Penrose condition %s fails", name)
			}
		}
	}
}

func TestLeastSquaresMinimumNorm(t *testing.T) {
	// Under-determined: x₁ + x₂ = 2 has minimum-norm solution (1, 1).
	x, rank, err := LeastSquares(mustRows(t, [][]float64{{1, 1}}), mustRows(t, [][]float64{{2}}), 0)
	if err != nil || rank != 1 || math.Abs(x.At(0, 0)-1) > 8*eps || math.Abs(x.At(1, 0)-1) > 8*eps {
		t.Fatalf("x = %v, rank %d, %v", x, rank, err)
	}
	// Rank-deficient: the solution has no component in the null space.
	rng := rand.New(rand.NewPCG(25, 26))
	a := lowRank(rng, 12, 6, 3)
	b := randDense(rng, 12, 1)
	x, rank, _ = LeastSquares(a, b, 0)
	f, _ := FactorizeSVD(a, SVDFull)
	v := f.V()
	if rank != 3 {
		t.Fatalf("rank %d", rank)
	}
	for j := 3; j < 6; j++ {
		if c := Dot(v.Col(j), x.Col(0)); math.Abs(c) > 1e3*eps*NormFrobenius(x) {
			t.Errorf("component %g along null vector %d", c, j)
		}
	}
}

func third[T, U any](_ T, _ U, err error) error { return err }
