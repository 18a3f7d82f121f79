package learn

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"mlnotes/matrix"
)

// The shared-covariance Bayes classifier decides by its linear
// discriminants aⱼᵀ(x − c) + bⱼ (eq. 2 of bayes_shared.go) and no longer
// by the densities of LogJoint (eq. 1). These tests hold the two against
// each other: the decisions equal, the log-posteriors within a bound
// derived from the rounding of each form.

// exactLogPosteriors returns the log-posteriors from LogJoint, the form
// (1) that LogPosteriors used before the discriminants.
func exactLogPosteriors(t testing.TB, m *BayesModel, x *matrix.Dense) *matrix.Dense {
	t.Helper()
	lj, err := m.LogJoint(x)
	if err != nil {
		t.Fatal(err)
	}
	m.normalize(lj)
	return lj
}

// exactPredict returns the decisions Predict made from LogJoint: the
// largest log-posterior under the 0–1 loss, else the smallest risk.
func exactPredict(t testing.TB, m *BayesModel, x *matrix.Dense) []int {
	t.Helper()
	lq := exactLogPosteriors(t, m, x)
	out := make([]int, x.Rows())
	r := m.risk(matrix.Apply(math.Exp, lq))
	for i := range out {
		if m.Loss == nil {
			out[i] = m.Classes[argMax(lq.Row(i))]
		} else {
			out[i] = m.Classes[argMin(r.Row(i))]
		}
	}
	return out
}

// sharedPosteriorBound returns B (n×M) with
// |log q̃ᵢⱼ − log q̂ᵢⱼ| ≤ Bᵢⱼ between the log-posteriors q̃ of the
// discriminants and q̂ of LogJoint, to first order in the unit roundoff
// u = ε/2, and φ = γ_{d+1}‖K‖∞, the relative size of the neglected
// second-order terms.
//
// Both forms approximate the same function: with the c and
// νⱼ = L⁻¹(Mⱼ − c) that both compute bit for bit (sharedCentre,
// sharedNu), z = L⁻¹(x − c) exactly, and ℓ = log pⱼ (the same rounded
// value in both),
//
//	Hⱼ = ℓ + logNorm − ½‖z − νⱼ‖²  and  Gⱼ = Hⱼ + ½‖z‖²,
//
// whose posteriors are identical. Write K = |L⁻¹||L| (K ≥ I), γₖ =
// ku/(1 − ku), and for a class tⱼ = |νⱼ|ᵀK|z| and sⱼ = |z − νⱼ|ᵀK|z|.
// A triangular solve, blocked or not, is backward stable componentwise:
// (L + ΔL)ẑ = fl(x − c) with |ΔL| ≤ γ_d|L| (Higham, Accuracy and
// Stability of Numerical Algorithms, Thm 8.5), and fl(x − c) = (x − c)
// (1 + δ), |δ| ≤ u, so |ẑ − z| ≤ γ_{d+1}K|z|.
//
//   - The discriminants: aⱼ = fl(L⁻ᵀνⱼ) is off by γ_d, fl(x − c) by u and
//     the product of length d by γ_d|x − c|ᵀ|aⱼ| ≤ γ_d tⱼ (|x − c| ≤ |L||z|,
//     |aⱼ| ≤ |L⁻ᵀ||νⱼ|): 2γ_{d+1}tⱼ in all; ‖νⱼ‖² by γ_d; three additions
//     (logNorm − ½‖νⱼ‖², + ℓ, + the product):
//     eⱼ ≤ 2γ_{d+2}tⱼ + ½γ_{d+3}‖νⱼ‖² + 3u(|logNorm| + |ℓ|).
//   - LogJoint: ½|‖ẑ − νⱼ‖² − ‖z − νⱼ‖²| ≤ |z − νⱼ|ᵀ|ẑ − z| ≤ γ_{d+1}sⱼ,
//     the sum of d squared differences γ_{d+2}, two additions:
//     fⱼ ≤ γ_{d+1}sⱼ + ½γ_{d+4}‖z − νⱼ‖² + 2u(|logNorm| + |ℓ|).
//   - The normalization log qⱼ = vⱼ − lse(v) propagates an error δv as
//     δvⱼ − Σₖ qₖδvₖ, and rounds: exp(vₖ − m) of relative error
//     u|vₖ − m| + 2u (Go's Exp is within 1 ulp), which weighs at most
//     u/e in the sum (t e⁻ᵗ ≤ 1/e), the sum γ_{M−1}, Log 2u, the last two
//     subtractions u|lse| and u|log qⱼ|:
//     Rⱼ ≤ u(|lse| + |log qⱼ| + 2M + 4) for each form.
//
// So Bⱼ = eⱼ + fⱼ + Σₖ qₖ(eₖ + fₖ) + R̃ⱼ + R̂ⱼ, with the exact path's ẑ for
// z and its q̂ for q (first order). It returns the log-posteriors of both
// forms (LogPosteriors, and LogJoint normalized) with B.
func sharedPosteriorBound(t testing.TB, m *BayesModel, x *matrix.Dense) (fast, exact, bound *matrix.Dense, phi float64) {
	t.Helper()
	const u = eps / 2
	gamma := func(k int) float64 { return float64(k) * u / (1 - float64(k)*u) }
	n, d := x.Dims()
	nc := len(m.Classes)
	scores, err := m.classScores(x)
	if err != nil {
		t.Fatal(err)
	}
	lj, err := m.LogJoint(x)
	if err != nil {
		t.Fatal(err)
	}
	lseFast, lseExact := make([]float64, n), make([]float64, n)
	for i := range n {
		lseFast[i], lseExact[i] = logSumExp(scores.Row(i)), logSumExp(lj.Row(i))
	}
	if fast, err = m.LogPosteriors(x); err != nil {
		t.Fatal(err)
	}
	exact = exactLogPosteriors(t, m, x)

	gs := m.Gaussians
	chol := gs[0].chol
	centre := sharedCentre(gs)
	nus := make([][]float64, nc)
	for j, g := range gs {
		nus[j] = sharedNu(g, centre, chol)
	}
	zt := whitenShared(x.T(), gs).z.T() // n×d, row i = ẑᵢ (LogJoint's own)
	// K = |L⁻¹||L|, and row i of KZ = (K|ẑᵢ|)ᵀ.
	linv := matrix.Identity(d)
	_ = chol.SolveLowerCols(linv)
	k, _ := matrix.Mul(matrix.Apply(math.Abs, linv), matrix.Apply(math.Abs, chol.L()))
	kz, _ := matrix.MulABT(matrix.Apply(math.Abs, zt), k)
	var knorm float64 // ‖K‖∞
	for p := range d {
		var s float64
		for _, v := range k.Row(p) {
			s += v
		}
		knorm = max(knorm, s)
	}
	bound = matrix.New(n, nc)
	e, f := make([]float64, nc), make([]float64, nc)
	for i := range n {
		z, kzi := zt.Row(i), kz.Row(i)
		var w float64 // Σₖ q̂ₖ(eₖ + fₖ)
		for j, nu := range nus {
			var tj, sj, nn, dz float64
			for p := range d {
				tj += math.Abs(nu[p]) * kzi[p]
				sj += math.Abs(z[p]-nu[p]) * kzi[p]
				nn += nu[p] * nu[p]
				dz += (z[p] - nu[p]) * (z[p] - nu[p])
			}
			c := math.Abs(gs[j].logNorm) + math.Abs(math.Log(m.Priors[j]))
			e[j] = 2*gamma(d+2)*tj + 0.5*gamma(d+3)*nn + 3*u*c
			f[j] = gamma(d+1)*sj + 0.5*gamma(d+4)*dz + 2*u*c
			w += math.Exp(exact.At(i, j)) * (e[j] + f[j])
		}
		for j := range nc {
			rFast := u * (math.Abs(lseFast[i]) + math.Abs(fast.At(i, j)) + float64(2*nc+4))
			rExact := u * (math.Abs(lseExact[i]) + math.Abs(exact.At(i, j)) + float64(2*nc+4))
			bound.Set(i, j, e[j]+f[j]+w+rFast+rExact)
		}
	}
	return fast, exact, bound, gamma(d+1) * knorm
}

// checkSharedAgainstExact asserts that m decides on X as LogJoint does
// and that the log-posteriors agree within sharedPosteriorBound.
func checkSharedAgainstExact(t *testing.T, name string, m *BayesModel, x *matrix.Dense) {
	t.Helper()
	got, err := m.Predict(x)
	if err != nil {
		t.Fatal(err)
	}
	if want := exactPredict(t, m, x); !slices.Equal(got, want) {
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s: row %d: the discriminants decide %d, LogJoint %d", name, i, got[i], want[i])
			}
		}
	}
	fast, exact, bound, phi := sharedPosteriorBound(t, m, x)
	// The bound is first order; the terms it leaves out are smaller by a
	// factor φ, which must be negligible for it to be a bound.
	if phi > 1e-6 {
		t.Fatalf("%s: φ = γ_{d+1}‖|L⁻¹||L|‖∞ = %.3g: the first-order bound does not apply", name, phi)
	}
	var worst, worstDiff float64
	for i := range x.Rows() {
		for j := range m.Classes {
			diff := math.Abs(fast.At(i, j) - exact.At(i, j))
			if !(diff <= bound.At(i, j)) {
				t.Errorf("%s: log q%d(x%d) = %.17g from the discriminants, %.17g from LogJoint: |Δ| = %.3g > bound %.3g",
					name, j, i, fast.At(i, j), exact.At(i, j), diff, bound.At(i, j))
			}
			if r := diff / bound.At(i, j); r > worst {
				worst, worstDiff = r, diff
			}
		}
	}
	t.Logf("%s: largest |Δ log q| / bound = %.3g (|Δ| = %.3g), φ = %.3g", name, worst, worstDiff, phi)
}

// randomLoss returns an M×M loss matrix with zero diagonal and uniform
// off-diagonal losses in [0.5, 1.5).
func randomLoss(rng *rand.Rand, nc int) *matrix.Dense {
	l := matrix.New(nc, nc)
	for i := range nc {
		for j := range nc {
			if i != j {
				l.Set(i, j, 0.5+rng.Float64())
			}
		}
	}
	return l
}

// On the real data sets (the digits regularized for their blank pixels),
// with frequency and equal priors and a loss matrix, the discriminants
// decide every training point as LogJoint does.
func TestBayesSharedDiscriminantsRealData(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for _, name := range realData {
		x, y := loadLabelled(t, name)
		reg := 0.0
		if name == "digits.csv" {
			reg = 0.01
		}
		nc := len(slices.Compact(slices.Sorted(slices.Values(y))))
		for _, cfg := range []Bayes{
			{Reg: reg},
			{Reg: reg, EqualPriors: true},
			{Reg: reg, Loss: randomLoss(rng, nc)},
		} {
			cfg.Density = SharedGaussDensity
			m, err := cfg.Fit(x, y)
			if err != nil {
				t.Fatal(name, err)
			}
			checkSharedAgainstExact(t, name, m, x)
		}
	}
}

// Classes around 10⁶ with unit spread: centred at c, the discriminants
// lose nothing to the offset (the bound, of terms of the spread's size,
// holds), and decide as LogJoint does.
func TestBayesSharedDiscriminantsFarFromOrigin(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	const n, d, nc = 3000, 8, 5
	for _, offset := range []float64{0, 1e6} {
		means := matrix.New(nc, d)
		for j := range nc {
			for p := range d {
				means.Set(j, p, offset+1.5*rng.NormFloat64())
			}
		}
		x := matrix.New(n, d)
		y := make([]int, n)
		for i := range n {
			y[i] = i % nc
			for p := range d {
				x.Set(i, p, means.At(y[i], p)+rng.NormFloat64())
			}
		}
		for _, cfg := range []Bayes{{}, {Loss: randomLoss(rng, nc)}} {
			cfg.Density = SharedGaussDensity
			m, err := cfg.Fit(x, y)
			if err != nil {
				t.Fatal(err)
			}
			checkSharedAgainstExact(t, fmt.Sprintf("offset %g", offset), m, x)
		}
	}
}

// Far out the discriminants still decide: at 10²⁰⁰ (beyond ~10¹⁵⁴
// standard deviations) LogJoint's densities are −Inf in every class, but
// the posteriors are those of aⱼᵀ(x − c), all on the side the point lies;
// at 10³⁰⁸ a product overflows and the row falls back to LogJoint, whose
// densities are all −Inf: it cannot be scored, an error naming it (not the
// priors' class). Ordinary rows in the same query are unaffected.
func TestBayesSharedDiscriminantsFarAway(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	const n = 200
	x := matrix.New(n, 2)
	y := make([]int, n)
	for i := range n {
		y[i] = i % 2
		x.Set(i, 0, float64(2*y[i]-1)+rng.NormFloat64()) // classes at x₀ = ∓1
		x.Set(i, 1, 0.5*rng.NormFloat64())
	}
	m, err := Bayes{Density: SharedGaussDensity, Priors: []float64{0.3, 0.7}}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	q := mustRows(t, [][]float64{{0.9, 0.1}, {-1e200, 3}, {1e200, 3}, {-1.7e308, 1e308}, {-0.8, -0.2}})
	lj, err := m.LogJoint(q.Slice(1, 3, 0, 2))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range lj.Row(0) {
		if !math.IsInf(v, -1) {
			t.Fatalf("log p f(−1e200) = %v: the test needs LogJoint to underflow", lj.Row(0))
		}
	}
	for _, f := range []func(*matrix.Dense) error{
		func(q *matrix.Dense) error { _, err := m.PredictProba(q); return err },
		func(q *matrix.Dense) error { _, err := m.Predict(q); return err },
	} {
		if err := f(q); !errors.Is(err, matrix.ErrNotFinite) || !strings.Contains(err.Error(), "row 4 (1 row(s) in all)") {
			t.Errorf("the row at 1e308: %v, want an error naming row 4", err)
		}
	}
	q = mustRows(t, [][]float64{{0.9, 0.1}, {-1e200, 3}, {1e200, 3}, {-0.8, -0.2}})
	p, err := m.PredictProba(q)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]float64{nil, {1, 0}, {0, 1}, nil}
	for i, w := range want {
		if s := p.At(i, 0) + p.At(i, 1); math.Abs(s-1) > 4*eps || matrix.VecFinite(p.Row(i)) != nil {
			t.Errorf("row %d: posteriors %v", i, p.Row(i))
		}
		// exp(log pⱼ): within the rounding of Log and Exp, 2ε relative.
		if w != nil && (math.Abs(p.At(i, 0)-w[0]) > 2*eps || math.Abs(p.At(i, 1)-w[1]) > 2*eps) {
			t.Errorf("row %d: posteriors %v, want %v", i, p.Row(i), w)
		}
	}
	near, _ := m.PredictProba(mustRows(t, [][]float64{{0.9, 0.1}, {-0.8, -0.2}}))
	if !slices.Equal(near.Row(0), p.Row(0)) || !slices.Equal(near.Row(1), p.Row(3)) {
		t.Errorf("ordinary rows changed by far ones in the query: %v %v against %v %v", p.Row(0), p.Row(3), near.Row(0), near.Row(1))
	}
	got, _ := m.Predict(q)
	if !slices.Equal(got, []int{1, 0, 1, 0}) {
		t.Errorf("decisions %v, want [1 0 1 0]", got)
	}
}

// The discriminants are derived once, by Fit and by LoadBayes (equal bit
// for bit, so loading changes no posterior); a model assembled by hand
// derives the same ones at each call; so does one whose Gaussians were
// replaced after fitting, which then follows its new densities. Queries
// split across the row blocks of scores decide as the whole.
func TestBayesSharedDiscriminantsDerivation(t *testing.T) {
	x, y := loadLabelled(t, "wine.csv")
	m, err := Bayes{Density: SharedGaussDensity}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if !m.linear.derivedFrom(m.Gaussians) {
		t.Fatal("Fit did not derive the discriminants")
	}
	var buf bytes.Buffer
	if err := m.Save(&buf); err != nil {
		t.Fatal(err)
	}
	loaded, err := LoadBayes(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !loaded.linear.derivedFrom(loaded.Gaussians) {
		t.Fatal("LoadBayes did not derive the discriminants")
	}
	if !slices.Equal(loaded.linear.b, m.linear.b) || !matrix.EqualApprox(loaded.linear.a, m.linear.a, 0) {
		t.Error("the loaded discriminants differ from the fitted ones")
	}
	hand := &BayesModel{Classes: m.Classes, Priors: m.Priors, Density: m.Density, Gaussians: m.Gaussians}
	want, _ := m.LogPosteriors(x)
	got, _ := hand.LogPosteriors(x)
	if !matrix.EqualApprox(got, want, 0) {
		t.Error("a model assembled by hand has other posteriors")
	}
	// Replace the Gaussians by those fitted to every other sample: the
	// stale discriminants must not be used.
	var even []int
	for i := 0; i < x.Rows(); i += 2 {
		even = append(even, i)
	}
	xe := matrix.New(len(even), x.Cols())
	ye := make([]int, len(even))
	for k, i := range even {
		copy(xe.Row(k), x.Row(i))
		ye[k] = y[i]
	}
	half, err := Bayes{Density: SharedGaussDensity}.Fit(xe, ye)
	if err != nil || !slices.Equal(half.Classes, m.Classes) {
		t.Fatal(err, half.Classes)
	}
	swapped := *m
	swapped.Gaussians, swapped.Priors = half.Gaussians, half.Priors
	want, _ = half.LogPosteriors(x)
	got, _ = swapped.LogPosteriors(x)
	if !matrix.EqualApprox(got, want, 0) {
		t.Error("replaced Gaussians: the posteriors are not theirs")
	}
	whole, _ := m.Predict(x)
	for _, size := range []int{1, 63, 64, 65, 100} {
		var parts []int
		for i0 := 0; i0 < x.Rows(); i0 += size {
			p, err := m.Predict(x.Slice(i0, min(i0+size, x.Rows()), 0, x.Cols()))
			if err != nil {
				t.Fatal(err)
			}
			parts = append(parts, p...)
		}
		if !slices.Equal(parts, whole) {
			t.Errorf("batches of %d decide otherwise than the whole", size)
		}
	}
}

// A fitted model predicts from several goroutines at once (the
// discriminants are only read; go test -race checks it), and so does a
// model assembled by hand (derived per call, nothing cached).
func TestBayesSharedDiscriminantsConcurrent(t *testing.T) {
	x, y := loadLabelled(t, "iris.csv")
	m, err := Bayes{Density: SharedGaussDensity}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := m.Predict(x)
	hand := &BayesModel{Classes: m.Classes, Priors: m.Priors, Density: m.Density, Gaussians: m.Gaussians}
	var wg sync.WaitGroup
	for g := range 8 {
		model := m
		if g%2 == 1 {
			model = hand
		}
		wg.Go(func() {
			for range 5 {
				got, err := model.Predict(x)
				if err != nil || !slices.Equal(got, want) {
					t.Errorf("goroutine %d: %v", g, err)
					return
				}
			}
		})
	}
	wg.Wait()
}

// Two classes ~10³⁰⁹ standard deviations apart (FuzzGenerative's find):
// whitened around c, every zᵢ and νⱼ overflows, and ‖zᵢ − νⱼ‖² was
// ∞ − ∞ = NaN even for a point at its own class's mean. LogJoint then
// takes the class's own form, the discriminants (not finite) defer to
// LogJoint, and each point gets its class with posterior 1.
func TestBayesSharedClassesBeyondRange(t *testing.T) {
	x := mustRows(t, [][]float64{{-4e304, 48, 48}, {48, 48, 48}})
	m, err := Bayes{Density: SharedGaussDensity, Reg: 1e-9}.Fit(x, []int{0, 1})
	if err != nil {
		t.Fatal(err)
	}
	lj, err := m.LogJoint(x)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		if own := lj.At(i, i); math.IsNaN(own) || math.IsInf(own, 0) || !math.IsInf(lj.At(i, 1-i), -1) {
			t.Errorf("row %d: log p f = %v, want finite for its class and −Inf for the other", i, lj.Row(i))
		}
	}
	p, err := m.PredictProba(x)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p.Row(0), []float64{1, 0}) || !slices.Equal(p.Row(1), []float64{0, 1}) {
		t.Errorf("posteriors %v", p)
	}
}
