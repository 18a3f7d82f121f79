package learn

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"mlnotes/eigen"
	"mlnotes/matrix"
)

// fisherPairsData draws n points of d features around c class centres
// (row i of class i mod c), feature j scaled by 10^(−j·grade), which
// grades the condition of S_w; with pairs set, each class's deviations
// come in opposite pairs ±e, so that its mean is its centre up to
// rounding.
func fisherPairsData(seed uint64, n, d, c int, grade float64, centres *matrix.Dense) (*matrix.Dense, []int) {
	rng := rand.New(rand.NewPCG(seed, 11))
	x := matrix.New(n, d)
	y := make([]int, n)
	for i := range n {
		y[i] = i % c
		row := x.Row(i)
		for j := range row {
			e := rng.NormFloat64()
			if centres == nil {
				row[j] = e
			} else if (i/c)%2 == 1 {
				row[j] = -x.At(i-c, j) + 2*centres.At(y[i], j) // the pair of row i − c
				continue
			} else {
				row[j] = centres.At(y[i], j) + e
			}
		}
	}
	if centres == nil {
		for i := range n {
			for j, v := range x.Row(i) {
				x.Set(i, j, (v+2*float64(y[i]%3)*math.Cos(float64(j+y[i])))*math.Pow(10, -grade*float64(j)))
			}
		}
	}
	return x, y
}

// fisherReduce returns what Fit has before the eigenproblem: the class
// means and sizes, S_w with its factor, and S_B.
func fisherReduce(t *testing.T, x *matrix.Dense, y []int) (means *matrix.Dense, counts []int, sw, sb *matrix.Dense, chol *matrix.Cholesky) {
	t.Helper()
	classes, means, counts := classMeans(x, y)
	sw = withinScatter(x, y, classes, means)
	chol, err := factorizeScatter(sw)
	if err != nil {
		t.Fatal(err)
	}
	return means, counts, sw, betweenScatter(means, counts), chol
}

// TestFisherPairsMatchGeneralized: the q = c − 1 leading pairs from the
// c×c problem H = GᵀG (fisher_pairs.go) are those of the full generalized
// problem S_B v = λ S_w v (eigen.Generalized), within the rounding of the
// two reductions. Both compute the eigenpairs of C = L⁻¹S_B L⁻ᵀ up to
// triangular solves with L, whose errors perturb C by about
// d·ε·κ(L)·‖C‖ = d·ε·√κ(S_w)·λ₁; an eigenvalue moves by at most that
// (Weyl), an eigenvector y by that over its gap to the rest of the
// spectrum (0 included) (Davis–Kahan), and v = L⁻ᵀy by κ(L) more.
// Cases: many features graded to κ(S_w) ≈ 10⁶, and fewer features than
// c − 1 (q = d).
func TestFisherPairsMatchGeneralized(t *testing.T) {
	for _, tc := range []struct {
		name     string
		n, d, c  int
		grade    float64
		wantDirs int
	}{
		{"graded 30 features, 6 classes", 600, 30, 6, 0.1, 5},
		{"2 features, 4 classes", 200, 2, 4, 0, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x, y := fisherPairsData(3, tc.n, tc.d, tc.c, tc.grade, nil)
			means, counts, sw, sb, chol := fisherReduce(t, x, y)
			q := min(tc.c-1, tc.d)
			got := lowRankPairs(means, counts, chol, q, eigen.SymmetricOptions{})
			if got == nil {
				t.Fatal("the c×c problem was refused although S_B has rank q")
			}
			full, err := eigen.Generalized(sb, sw, eigen.SymmetricOptions{})
			if err != nil {
				t.Fatal(err)
			}
			full = full.Descending()
			ev, err := eigen.Symmetric(sw, eigen.SymmetricOptions{ValuesOnly: true})
			if err != nil {
				t.Fatal(err)
			}
			sqrtKappa := math.Sqrt(ev.Values[tc.d-1] / ev.Values[0])
			pert := float64(tc.d) * eps * sqrtKappa * full.Values[0] // the perturbation of C
			if len(got.Values) != tc.wantDirs || got.Vectors.Cols() != tc.wantDirs {
				t.Fatalf("%d values, %d vectors, want %d", len(got.Values), got.Vectors.Cols(), tc.wantDirs)
			}
			for j := range q {
				if diff := math.Abs(got.Values[j] - full.Values[j]); diff > pert {
					t.Errorf("λ%d = %.17g, full problem %.17g: |Δ| = %.3g > %.3g", j, got.Values[j], full.Values[j], diff, pert)
				}
				gap := full.Values[j] // to the zero eigenvalues
				for k := range q {
					if k != j {
						gap = min(gap, math.Abs(full.Values[j]-full.Values[k]))
					}
				}
				g, f := got.Vectors.Col(j), full.Vectors.Col(j)
				if s := unitDistance(g, f); s > sqrtKappa*pert/gap {
					t.Errorf("direction %d: distance %.3g between the unit vectors > %.3g", j, s, sqrtKappa*pert/gap)
				}
				// v is S_w-normalized as eigen.Generalized's vectors are.
				swv, _ := matrix.MulVec(sw, g)
				if n := matrix.Dot(g, swv); math.Abs(n-1) > pert/gap {
					t.Errorf("direction %d: vᵀS_w v = %.17g", j, n)
				}
			}
		})
	}
}

// unitDistance returns ‖u/‖u‖ ∓ v/‖v‖‖, the sign making it smallest.
func unitDistance(u, v []float64) float64 {
	nu, nv := matrix.Nrm2(u), matrix.Nrm2(v)
	s := 1.0
	if matrix.Dot(u, v) < 0 {
		s = -1
	}
	d := make([]float64, len(u))
	for i := range u {
		d[i] = u[i]/nu - s*v[i]/nv
	}
	return matrix.Nrm2(d)
}

// TestFisherPairsRankDeficient: four classes whose means lie on one line
// give S_B of rank 1 < q = 3; the c×c problem cannot supply eigenvectors
// for the zero eigenvalues, so fisherPairs solves the full problem, with
// the result eigen.Generalized gives, bit for bit.
func TestFisherPairsRankDeficient(t *testing.T) {
	const n, d, c = 400, 5, 4
	centres := matrix.New(c, d)
	for j := range c {
		for k := range d {
			centres.Set(j, k, float64(j)*float64(k+1)) // M_j = j·(1, 2, …, d)
		}
	}
	x, y := fisherPairsData(4, n, d, c, 0, centres)
	means, counts, sw, sb, chol := fisherReduce(t, x, y)
	if lowRankPairs(means, counts, chol, c-1, eigen.SymmetricOptions{}) != nil {
		t.Fatal("the c×c problem was used although S_B has rank 1")
	}
	got, err := fisherPairs(means, counts, sb, sw, chol, c-1, eigen.SymmetricOptions{})
	if err != nil {
		t.Fatal(err)
	}
	full, err := eigen.Generalized(sb, sw, eigen.SymmetricOptions{})
	if err != nil {
		t.Fatal(err)
	}
	full = full.Descending()
	for j := range c - 1 {
		if got.Values[j] != full.Values[j] || !slices.Equal(got.Vectors.Col(j), full.Vectors.Col(j)) {
			t.Errorf("pair %d differs from eigen.Generalized's", j)
		}
	}
	if _, err := (FisherLDA{}).Fit(x, y); err != nil {
		t.Errorf("fit: %v", err)
	}
}
