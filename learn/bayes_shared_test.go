package learn

import (
	"math"
	"math/rand/v2"
	"testing"
)

// The shared-covariance path (one whitening for every class) gives the
// class log-densities of the per-class form log N(x; Mⱼ, Σ), also for data
// far from the origin, where whitening x and Mⱼ separately would cancel.
func TestSharedWhiteningMatchesPerClass(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, offset := range []float64{0, 1e6} {
		n, d := 300, 6
		rows := make([][]float64, n)
		y := make([]int, n)
		for i := range rows {
			y[i] = i % 3
			rows[i] = make([]float64, d)
			for k := range rows[i] {
				rows[i][k] = offset + float64(y[i]*k) + rng.NormFloat64()*(1+float64(k))
			}
		}
		x := mustRows(t, rows)
		m, err := Bayes{Density: SharedGaussDensity}.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		lj, err := m.LogJoint(x)
		if err != nil {
			t.Fatal(err)
		}
		for j, g := range m.Gaussians {
			want, err := g.LogPdfRows(x)
			if err != nil {
				t.Fatal(err)
			}
			lp := math.Log(m.Priors[j])
			for i := range n {
				// Each form subtracts numbers of size |offset| whose
				// differences are of the spread (σ ≥ 1 here), losing
				// ε·|offset| absolutely; over d terms of the distance q the
				// two forms may differ by about ε·d·(1 + |offset|)·|log f|.
				got := lj.At(i, j) - lp
				tol := 16 * eps * float64(d) * (1 + offset) * math.Max(1, math.Abs(want[i]))
				if diff := math.Abs(got - want[i]); diff > tol {
					t.Fatalf("offset %g, row %d, class %d: log f = %.15g, per class %.15g", offset, i, j, got, want[i])
				}
			}
		}
	}
}
