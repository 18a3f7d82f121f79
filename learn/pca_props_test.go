package learn

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

// nastyData returns the awkward inputs of the property tests: random,
// rank deficient, with a constant column, graded column scales, a large
// common offset (which a naive E[x²] − E[x]² would cancel away),
// duplicated rows, and fewer samples than features.
func nastyData() map[string]*matrix.Dense {
	rng := rand.New(rand.NewPCG(31, 32))
	out := map[string]*matrix.Dense{"random 60×5": randData(rng, 60, 5)}
	// rank 2 in 6 dimensions: X = B C with B 50×2, C 2×6
	b, c := randData(rng, 50, 2), randData(rng, 2, 6)
	out["rank 2 of 6"], _ = matrix.Mul(b, c)
	cc := randData(rng, 30, 4)
	for i := range 30 {
		cc.Set(i, 1, 7)
	}
	out["constant column"] = cc
	g := randData(rng, 40, 5)
	for i := range 40 {
		for j := range 5 {
			g.Set(i, j, g.At(i, j)*math.Pow(10, float64(-3*j)))
		}
	}
	out["graded 1 … 1e-12"] = g
	o := randData(rng, 40, 3)
	for i := range 40 {
		matrix.Axpy(1, []float64{1e8, -1e8, 1e8}, o.Row(i))
	}
	out["offset 1e8"] = o
	dup := randData(rng, 10, 3)
	rows := dup.ToRows()
	rows = append(rows, rows...)
	out["duplicated rows"], _ = matrix.NewFromRows(rows)
	out["n < d (8×20)"] = randData(rng, 8, 20)
	return out
}

// TestPCAPropertiesOnNastyData checks, for every method and every nasty
// input, the properties a fitted PCA must have: orthonormal rows of A with
// the sign rule, descending non-negative eigenvalues adding up to trace S,
// the eigen-residual ‖S uⱼ − λⱼuⱼ‖, the explained ratios, the mean, and
// agreement of the four methods on the eigenvalues.
func TestPCAPropertiesOnNastyData(t *testing.T) {
	for name, x := range nastyData() {
		n, d := x.Dims()
		s, _ := matrix.Covariance(x, matrix.Population)
		normS := matrix.NormFrobenius(s)
		mean, _ := matrix.ColMeans(x)
		var ref []float64
		for _, method := range []PCAMethod{PCACovariance, PCASVD, PCAGram, PCADeflation} {
			k := min(d, n-1)
			if method == PCAGram || method == PCADeflation {
				k = 1 // beyond the rank they stop or refuse; one is always there
			}
			m, err := PCA{Components: k, Method: method}.Fit(x)
			if err != nil {
				t.Fatalf("%s, %s: %v", name, method, err)
			}
			if !equalBits(m.Mean, mean) {
				t.Errorf("%s, %s: mean differs from the column means", name, method)
			}
			// ‖AAᵀ − I‖ ≤ c·d·ε (c·n·ε for the Gram recovery u = Xcᵀv/√(nλ)).
			aat, _ := matrix.MulABT(m.Components, m.Components)
			diff, _ := matrix.Sub(aat, matrix.Identity(k))
			if e := matrix.NormFrobenius(diff); e > 64*float64(n+d)*eps {
				t.Errorf("%s, %s: ‖AAᵀ − I‖ = %g", name, method, e)
			}
			for j := range k {
				row := m.Components.Row(j)
				if row[matrix.Iamax(row)] < 0 {
					t.Errorf("%s, %s: component %d breaks the sign rule", name, method, j)
				}
				// Backward error of an eigenpair of S: c·(n+d)·ε·‖S‖.
				su, _ := matrix.MulVec(s, row)
				matrix.Axpy(-m.Eigenvalues[j], row, su)
				if r := matrix.Nrm2(su); r > 64*float64(n+d)*eps*normS {
					t.Errorf("%s, %s: ‖Su%d − λu%d‖ = %g (‖S‖ = %g)", name, method, j, j, r, normS)
				}
				if m.TotalVariance > 0 && math.Abs(m.ExplainedVarianceRatio[j]-m.Eigenvalues[j]/m.TotalVariance) > 4*eps {
					t.Errorf("%s, %s: ratio %d", name, method, j)
				}
			}
			for j := 1; j < len(m.Eigenvalues); j++ {
				if m.Eigenvalues[j] > m.Eigenvalues[j-1] || m.Eigenvalues[j] < 0 {
					t.Fatalf("%s, %s: eigenvalues not descending and non-negative: %v", name, method, m.Eigenvalues)
				}
			}
			trace, _ := matrix.Trace(s)
			if math.Abs(m.TotalVariance-trace) > 16*float64(n+d)*eps*trace {
				t.Errorf("%s, %s: total variance %v, trace S %v", name, method, m.TotalVariance, trace)
			}
			if method == PCACovariance {
				ref = m.Eigenvalues
				continue
			}
			for j := range min(k, len(m.Eigenvalues)) {
				if math.Abs(m.Eigenvalues[j]-ref[j]) > 64*float64(n+d)*eps*normS {
					t.Errorf("%s, %s: λ%d = %v, covariance method %v", name, method, j, m.Eigenvalues[j], ref[j])
				}
			}
		}
	}
}

// TestPCAStopsAtTheRank: on rank-2 data the Gram and deflation methods
// find exactly 2 directions when asked for all (orthonormal, both), and
// refuse a third; the covariance and SVD methods complete the basis with
// orthonormal directions of eigenvalue 0. On constant data Gram and
// deflation have nothing to offer.
func TestPCAStopsAtTheRank(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	b, c := randData(rng, 50, 2), randData(rng, 2, 6)
	x, _ := matrix.Mul(b, c)
	for _, method := range []PCAMethod{PCACovariance, PCASVD, PCAGram, PCADeflation} {
		m, err := PCA{Method: method}.Fit(x)
		if err != nil {
			t.Fatalf("%s: %v", method, err)
		}
		want := 6
		if method == PCAGram || method == PCADeflation {
			want = 2
			if _, err := (PCA{Method: method, Components: 3}).Fit(x); !errors.Is(err, ErrInvalidParameter) {
				t.Errorf("%s: a third direction of rank-2 data: %v", method, err)
			}
			if _, err := (PCA{Method: method}).Fit(matrix.New(5, 3)); !errors.Is(err, ErrInvalidParameter) {
				t.Errorf("%s: constant data: %v", method, err)
			}
		}
		if m.K() != want {
			t.Errorf("%s: k = %d, want %d", method, m.K(), want)
		}
		aat, _ := matrix.MulABT(m.Components, m.Components)
		diff, _ := matrix.Sub(aat, matrix.Identity(m.K()))
		if e := matrix.NormFrobenius(diff); e > 64*56*eps {
			t.Errorf("%s: ‖AAᵀ − I‖ = %g", method, e)
		}
	}
}

// TestPCAAutoChoice: the automatic method is the covariance for d ≤ n and
// the Gram matrix for d > n, and the model records the choice.
func TestPCAAutoChoice(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 9))
	for _, c := range []struct {
		n, d int
		want PCAMethod
	}{{30, 5, PCACovariance}, {5, 5, PCACovariance}, {5, 30, PCAGram}} {
		m, err := PCA{Components: 2}.Fit(randData(rng, c.n, c.d))
		if err != nil || m.Method != c.want {
			t.Errorf("%d×%d: method %q (%v), want %q", c.n, c.d, m.Method, err, c.want)
		}
	}
}

// TestPCAVarianceRuleEdges: a fraction of 1 keeps every component with
// non-zero variance, a tiny fraction keeps one, and the rule is applied to
// the 1/(n − 1) eigenvalues the same way (ratios do not depend on it).
func TestPCAVarianceRuleEdges(t *testing.T) {
	x, _ := loadDataset(t, "wine.csv")
	for _, c := range []struct {
		f    float64
		want int
	}{{1e-9, 1}, {1, 13}} {
		for _, v := range []matrix.Variance{matrix.Population, matrix.Sample} {
			m, err := PCA{VarianceFraction: c.f, Variance: v}.Fit(x)
			if err != nil || m.K() != c.want {
				t.Errorf("fraction %g: k = %d (%v), want %d", c.f, m.K(), err, c.want)
			}
		}
	}
	pop, _ := PCA{VarianceFraction: 0.99}.Fit(x)
	smp, _ := PCA{VarianceFraction: 0.99, Variance: matrix.Sample}.Fit(x)
	n := float64(x.Rows())
	if pop.K() != smp.K() || math.Abs(smp.Eigenvalues[0]*(n-1)/n-pop.Eigenvalues[0]) > 1e-12*pop.Eigenvalues[0] {
		t.Errorf("1/n and 1/(n−1): k %d and %d, λ₁ %v and %v", pop.K(), smp.K(), pop.Eigenvalues[0], smp.Eigenvalues[0])
	}
}

// equalBits reports whether two vectors hold the same float64 bits.
func equalBits(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}

// TestBlockedTransformsMatchPlainFormulas: Transform, ReconstructionError
// and whitening centre 256 rows at a time; on 600 rows (three blocks, the
// last partial) they must agree with the plain formulas Y = (X − 1x̄ᵀ)Aᵀ,
// (1/n)‖X − (YA + 1x̄ᵀ)‖_F² and Z = (X − 1x̄ᵀ)Wᵀ computed on the whole
// centred copy, to the rounding of a sum of d products.
func TestBlockedTransformsMatchPlainFormulas(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	x := randData(rng, 2*blockRows+88, 7)
	for i := range x.Rows() {
		matrix.Axpy(1, []float64{5, -3, 0, 1, 2, 8, -1}, x.Row(i))
	}
	n, d := x.Dims()
	m, _ := PCA{Components: 3}.Fit(x)
	xc := x.Clone()
	for i := range n {
		matrix.Axpy(-1, m.Mean, xc.Row(i))
	}
	want, _ := matrix.MulABT(xc, m.Components)
	got, err := m.Transform(x)
	if err != nil {
		t.Fatal(err)
	}
	// |Σⱼ aⱼ cⱼ| rounding: d·ε·‖A‖_∞·max|xc|, with a factor for luck.
	tol := 16 * float64(d) * eps * matrix.NormInf(m.Components) * matrix.NormMax(xc)
	for i := range n {
		for j := range 3 {
			if math.Abs(got.At(i, j)-want.At(i, j)) > tol {
				t.Fatalf("Transform row %d: %v, plain %v", i, got.Row(i), want.Row(i))
			}
		}
	}
	xh, _ := m.Reconstruct(want)
	diff, _ := matrix.Sub(x, xh)
	f := matrix.NormFrobenius(diff)
	plain := f * f / float64(n)
	mse, _ := m.ReconstructionError(x)
	if math.Abs(mse-plain) > 64*float64(n+d)*eps*m.TotalVariance {
		t.Errorf("ReconstructionError %v, plain %v", mse, plain)
	}
	w, _ := Whiten{Method: ZCAWhitening}.Fit(x)
	zw, _ := matrix.MulABT(xc, w.W)
	z, _ := w.Transform(x)
	ztol := 16 * float64(d) * eps * matrix.NormInf(w.W) * matrix.NormMax(xc)
	for i := range n {
		for j := range d {
			if math.Abs(z.At(i, j)-zw.At(i, j)) > ztol {
				t.Fatalf("whitening row %d: %v, plain %v", i, z.Row(i), zw.Row(i))
			}
		}
	}
}

// TestResidualSquared checks both ways residualSquared computes
// ‖x̃ − Aᵀy‖², against the residual of the same A and x̃ in 256-bit
// arithmetic, on rows whose residual share ρ = ‖r‖²/‖x̃‖² lies above the
// Pythagoras threshold (1/2, 1/32, just above 1/64) and below it (just
// below 1/64, 10⁻⁴, 10⁻¹², where ‖x̃‖² − ‖y‖² would lose every digit).
// Bounds, with u = ε/2 and k ≤ d: Pythagoras (2 + 2√k)(d + 2)u/ρ plus
// the orthonormality defect ‖AAᵀ − I‖/ρ; direct 4(k + 2)u/√ρ plus the
// square of the first.
func TestResidualSquared(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 1))
	const d, k = 40, 6
	g := randData(rng, d, d)
	qr, err := matrix.FactorizeQR(g)
	if err != nil {
		t.Fatal(err)
	}
	q := qr.Q() // d×d orthogonal
	a := matrix.New(k, d)
	for j := range k {
		for i := range d {
			a.Set(j, i, q.At(i, j)) // rows: orthonormal
		}
	}
	var defect float64 // ‖AAᵀ − I‖_max ≥ its 2-norm / k
	for i := range k {
		for j := range k {
			want := 0.0
			if i == j {
				want = 1
			}
			defect = max(defect, math.Abs(matrix.Dot(a.Row(i), a.Row(j))-want))
		}
	}
	u := eps / 2
	for _, rho := range []float64{0.5, 1.0 / 32, 1.0 / 63, 1.0 / 65, 1e-4, 1e-12} {
		for trial := range 20 {
			// x̃ = Aᵀz + w with w ⟂ the rows of A, scaled to share ρ.
			z := make([]float64, k)
			for j := range z {
				z[j] = rng.NormFloat64()
			}
			w := make([]float64, d)
			for j := k; j < d; j++ {
				matrix.Axpy(rng.NormFloat64(), q.Col(j), w)
			}
			zz, ww := matrix.Dot(z, z), matrix.Dot(w, w)
			matrix.ScaleVec(math.Sqrt(rho*zz/((1-rho)*ww)), w)
			xc := append([]float64(nil), w...)
			for j := range k {
				matrix.Axpy(z[j], a.Row(j), xc)
			}
			y := make([]float64, k)
			for j := range k {
				y[j] = matrix.Dot(a.Row(j), xc)
			}
			exact := exactResidualSquared(xc, a)
			xx := matrix.Dot(xc, xc)
			share := exact / xx
			got := residualSquared(append([]float64(nil), xc...), y, a)
			first := (2 + 2*math.Sqrt(k)) * (d + 2) * u
			bound := (first + float64(k)*defect) / share
			if share < 1.0/64 { // below the threshold: the direct bound
				bound = 4*(k+2)*u/math.Sqrt(share) + first*first/share + float64(k)*defect
			}
			if rel := math.Abs(got-exact) / exact; rel > bound {
				t.Errorf("ρ = %.3g (share %.3g), trial %d: ‖r‖² = %v, exact %v: relative error %.3g > bound %.3g", rho, share, trial, got, exact, rel, bound)
			}
		}
	}
}

// exactResidualSquared is ‖x − Aᵀ(Ax)‖² for the given floating-point A
// and x, in 256-bit arithmetic.
func exactResidualSquared(x []float64, a *matrix.Dense) float64 {
	const prec = 256
	k, d := a.Dims()
	r := make([]*big.Float, d)
	for i := range d {
		r[i] = new(big.Float).SetPrec(prec).SetFloat64(x[i])
	}
	for j := range k {
		yj := new(big.Float).SetPrec(prec)
		for i := range d {
			p := new(big.Float).SetPrec(prec).SetFloat64(a.At(j, i))
			yj.Add(yj, p.Mul(p, new(big.Float).SetFloat64(x[i])))
		}
		for i := range d {
			p := new(big.Float).SetPrec(prec).SetFloat64(a.At(j, i))
			r[i].Sub(r[i], p.Mul(p, yj))
		}
	}
	sum := new(big.Float).SetPrec(prec)
	for i := range d {
		sum.Add(sum, new(big.Float).SetPrec(prec).Mul(r[i], r[i]))
	}
	f, _ := sum.Float64()
	return f
}
