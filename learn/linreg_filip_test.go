package learn

import (
	"math"
	"os"
	"testing"

	"mlnotes/matrix"
)

// filipCertified are NIST StRD's certified coefficients β₀ … β₁₀ of the
// Filip problem, y = Σₖ βₖ xᵏ (testdata/README.md, "filip.csv").
var filipCertified = []float64{
	-1467.48961422980, -2772.17959193342, -2316.37108160893, -1127.97394098372,
	-354.478233703349, -75.1242017393757, -10.8753180355343, -1.06221498588947,
	-0.670191154593408e-1, -0.246781078275479e-2, -0.402962525080404e-4,
}

// filipDigits fits NIST's Filip data (degree 10, κ(φ(X)) ≈ 10¹⁵) and
// returns the fewest correct significant digits over the eleven
// coefficients, with the rank the solver reports.
func filipDigits(t *testing.T, c LinearRegression) (float64, int) {
	t.Helper()
	f, err := os.Open("../testdata/filip.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tab, err := matrix.ReadCSV(f)
	if err != nil {
		t.Fatal(err)
	}
	d := tab.Data
	x := matrix.New(d.Rows(), 1)
	for i := range d.Rows() {
		x.Set(i, 0, d.At(i, 0))
	}
	c.Basis = Basis{Kind: BasisPoly, Degree: 10}
	m, err := c.Fit(x, d.Col(1))
	if err != nil {
		t.Fatalf("%s: %v", c.Solver, err)
	}
	digits := math.Inf(1)
	for k, want := range filipCertified {
		got := m.Intercept
		if k > 0 {
			got = m.Coef[k-1]
		}
		digits = min(digits, -math.Log10(math.Abs(got-want)/math.Abs(want)))
	}
	return digits, m.Rank
}

// TestFilip: on NIST's hardest linear least-squares problem the default QR
// solver gets about 8 digits at the full rank 10 it used (LAPACK's QR does
// as well); the SVD solver with numpy's default cut-off drops singular
// values and loses every digit, while a tiny -rcond keeps all ten and
// reaches numpy's lstsq accuracy (5–6 digits).
func TestFilip(t *testing.T) {
	qr, rank := filipDigits(t, LinearRegression{})
	if qr < 7 || rank != 10 {
		t.Errorf("qr: %.1f digits, rank %d; want ≥ 7 digits at rank 10", qr, rank)
	}
	svd, rank := filipDigits(t, LinearRegression{Solver: SolverSVD, RCond: 1e-20})
	if svd < 5 || rank != 10 {
		t.Errorf("svd, rcond 1e-20: %.1f digits, rank %d; want ≥ 5 digits at rank 10", svd, rank)
	}
	cut, rank := filipDigits(t, LinearRegression{Solver: SolverSVD})
	if rank >= 10 {
		t.Errorf("svd, default cut-off: rank %d (%.1f digits): the default max(n, p)·ε should cut the smallest σ", rank, cut)
	}
	t.Logf("digits: qr %.1f, svd rcond 1e-20 %.1f, svd default %.1f (rank %d)", qr, svd, cut, rank)
}
