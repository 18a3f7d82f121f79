package learn

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"mlnotes/eigen"
	"mlnotes/matrix"
)

// Compile-time checks: every learner of the linear family fits the
// supervised-learner interface.
var (
	_ Regressor               = (*LinearModel)(nil)
	_ Regressor               = (*RidgeModel)(nil)
	_ ProbabilisticClassifier = (*LogisticModel)(nil)
	_ Classifier              = (*PerceptronModel)(nil)
	_ Classifier              = (*AdalineModel)(nil)
	_ RegressorTrainer        = RegressorFunc(nil)
)

func TestLinearTrainers(t *testing.T) {
	x, y := randomRegression(40, 3, 1)
	trainers := []RegressorTrainer{LinearRegression{}, Ridge{Lambda: 1}}
	for _, tr := range trainers {
		m, err := tr.FitRegressor(x, y)
		if err != nil {
			t.Fatal(err)
		}
		if p, err := m.Predict(x); err != nil || len(p) != 40 {
			t.Fatal(err)
		}
	}
	labels := make([]int, 40)
	for i := range labels {
		labels[i] = 5
		if y[i] > 0 {
			labels[i] = 9
		}
	}
	for _, tr := range []ClassifierTrainer{LogisticRegression{Lambda: 1}, Perceptron{MaxIter: 5}, Adaline{}} {
		m, err := tr.FitClassifier(x, labels)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := m.Predict(x)
		for _, v := range p {
			if v != 5 && v != 9 {
				t.Fatalf("label %d", v)
			}
		}
	}
}

// randomRegression returns X (n×d, Gaussian) and y = Xβ + 2 + noise.
func randomRegression(n, d int, seed uint64) (*matrix.Dense, []float64) {
	r := rand.New(rand.NewPCG(seed, 7))
	x := matrix.New(n, d)
	y := make([]float64, n)
	for i := range n {
		for j := range d {
			x.Set(i, j, r.NormFloat64())
			y[i] += float64(j+1) * x.At(i, j)
		}
		y[i] += 2 + 0.1*r.NormFloat64()
	}
	return x, y
}

// TestNormalEquationsHold: the residual r = y − h(X) is orthogonal to every
// column of the augmented A = [φ(X) 1] (AᵀAW = AᵀY), and the notes'
// E[XXᵀ]W = E[XY] with sample averages holds to rounding: both say
// Aᵀr = 0, relative to ‖A‖·‖y‖.
func TestNormalEquationsHold(t *testing.T) {
	x, y := randomRegression(50, 4, 2)
	for _, b := range []Basis{{}, {Kind: BasisPoly, Degree: 2}, {Kind: BasisGauss, Centers: 3}, {Kind: BasisSigmoid, Centers: 3}} {
		for _, s := range []LSSolver{SolverQR, SolverSVD, SolverNormal} {
			m, err := LinearRegression{Basis: b, Solver: s}.Fit(x, y)
			if err != nil {
				t.Fatal(err)
			}
			phi, _ := m.Basis.Transform(x)
			a := augmentRight(phi)
			pred, _ := m.Predict(x)
			r := make([]float64, len(y))
			for i := range y {
				r[i] = y[i] - pred[i]
			}
			atr, _ := matrix.MulVecT(a, r)
			// E[XXᵀ]W − E[XY] = −(1/n)Aᵀr
			n := float64(len(y))
			tol := 100 * n * eps * matrix.NormFrobenius(a) * matrix.Nrm2(y)
			if s == SolverNormal {
				xc, _, _ := matrix.Center(phi)
				kappa, _ := matrix.Cond(xc)
				tol *= kappa
			}
			if e := matrix.Nrm2(atr); e > tol {
				t.Errorf("%s %s: ‖Aᵀr‖ = %.3g > %.3g", b.Kind, s, e, tol)
			}
			if e := matrix.Nrm2(atr) / n; e > tol/n {
				t.Errorf("%s %s: ‖E[XXᵀ]W − E[XY]‖ = %.3g", b.Kind, s, e)
			}
			// σ̂² is the training MSE and the log-likelihood its closed form.
			mse, _ := m.MSE(x, y)
			if math.Abs(mse-m.Sigma2) > 1e-12*mse {
				t.Errorf("σ̂² = %g, MSE %g", m.Sigma2, mse)
			}
			ll := 0.0
			for _, ri := range r {
				ll += -0.5*math.Log(2*math.Pi*m.Sigma2) - ri*ri/(2*m.Sigma2)
			}
			if math.Abs(ll-m.LogLikelihood()) > 1e-9*math.Abs(ll) {
				t.Errorf("log-likelihood %g, direct sum %g", m.LogLikelihood(), ll)
			}
		}
	}
}

// TestLeastSquaresMLE: σ̂² maximizes the likelihood over σ, and (w, b)
// over the weights: moving either lowers it.
func TestLeastSquaresMLE(t *testing.T) {
	x, y := randomRegression(30, 2, 3)
	m, err := LinearRegression{}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	best := m.LogLikelihood()
	for _, f := range []float64{0.9, 1.1} {
		mm := *m
		mm.Sigma2 *= f
		// ℓ(σ²) = −(n/2)ln(2πσ²) − nσ̂²/(2σ²)
		n := float64(m.N)
		l := -0.5*n*math.Log(2*math.Pi*mm.Sigma2) - n*m.Sigma2/(2*mm.Sigma2)
		if l >= best {
			t.Errorf("σ² ×%g gives ℓ = %g ≥ %g", f, l, best)
		}
	}
}

func TestLinearDegenerate(t *testing.T) {
	// One sample: w = 0, b = y₁ (SVD); QR refuses.
	one, _ := matrix.NewFromRows([][]float64{{1, 2}})
	m, err := LinearRegression{Solver: SolverSVD}.Fit(one, []float64{7})
	if err != nil || m.Intercept != 7 || m.Coef[0] != 0 || m.Rank != 0 {
		t.Errorf("one sample: %v %+v", err, m)
	}
	if _, err := (LinearRegression{}).Fit(one, []float64{7}); !errors.Is(err, matrix.ErrRankDeficient) {
		t.Errorf("one sample, QR: %v", err)
	}
	// One feature: the 1-D closed form a = vᵀy/vᵀv, b = ȳ − a x̄ (002, "Linear Regression").
	x := column([]float64{1, 2, 4, 7})
	y := []float64{2, 3, 7, 9}
	m, err = LinearRegression{}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	// x̄ = 3.5, ȳ = 5.25, vᵀy = Σ(x−x̄)(y−ȳ) = 25.5, vᵀv = 21, b = 1
	a := 25.5 / 21
	if math.Abs(m.Coef[0]-a) > 4*eps*a || math.Abs(m.Intercept-(5.25-3.5*a)) > 16*eps*5.25 {
		t.Errorf("1-D: %v %v, want %v %v", m.Coef[0], m.Intercept, a, 5.25-3.5*a)
	}
	// Duplicated column: minimum norm splits the weight equally; a constant
	// column gets weight 0.
	xd, yd := randomRegression(20, 1, 4)
	dup := matrix.New(20, 3)
	for i := range 20 {
		dup.Set(i, 0, xd.At(i, 0))
		dup.Set(i, 1, xd.At(i, 0))
		dup.Set(i, 2, 3)
	}
	single, _ := LinearRegression{}.Fit(xd, yd)
	m, err = LinearRegression{Solver: SolverSVD}.Fit(dup, yd)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(m.Coef[0]-single.Coef[0]/2) > 1e-13 || math.Abs(m.Coef[1]-single.Coef[0]/2) > 1e-13 || m.Coef[2] != 0 && math.Abs(m.Coef[2]) > 1e-14 || m.Rank != 1 {
		t.Errorf("duplicated: %v, single %v, rank %d", m.Coef, single.Coef, m.Rank)
	}
	for _, s := range []LSSolver{SolverQR, SolverNormal} {
		if _, err := (LinearRegression{Solver: s}).Fit(dup, yd); err == nil {
			t.Errorf("%s accepted duplicated columns", s)
		}
	}
}

func TestLinearBadInput(t *testing.T) {
	x, y := randomRegression(10, 2, 5)
	nan := x.Clone()
	nan.Set(3, 1, math.NaN())
	cases := map[string]error{}
	_, cases["nan"] = LinearRegression{}.Fit(nan, y)
	_, cases["short y"] = LinearRegression{}.Fit(x, y[:5])
	_, cases["inf y"] = LinearRegression{}.Fit(x, append(slices.Clone(y[:9]), math.Inf(1)))
	_, cases["solver"] = LinearRegression{Solver: "lu"}.Fit(x, y)
	_, cases["degree"] = LinearRegression{Basis: Basis{Kind: BasisPoly, Degree: -1}}.Fit(x, y)
	_, cases["centres"] = LinearRegression{Basis: Basis{Kind: BasisGauss, Centers: -2}}.Fit(x, y)
	_, cases["width"] = LinearRegression{Basis: Basis{Kind: BasisGauss, Width: -1}}.Fit(x, y)
	_, cases["basis"] = LinearRegression{Basis: Basis{Kind: "fourier"}}.Fit(x, y)
	_, cases["empty"] = LinearRegression{}.Fit(matrix.New(0, 2), nil)
	_, cases["lambda"] = Ridge{Lambda: -1}.Fit(x, y)
	_, cases["lambda nan"] = Ridge{Lambda: math.NaN()}.Fit(x, y)
	for name, err := range cases {
		if err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	m, _ := LinearRegression{}.Fit(x, y)
	if _, err := m.Predict(matrix.New(2, 3)); !errors.Is(err, matrix.ErrShape) {
		t.Errorf("wrong width: %v", err)
	}
	big, _ := matrix.NewFromRows([][]float64{{1e200}, {2e200}, {3e200}})
	if _, err := (LinearRegression{Basis: Basis{Kind: BasisPoly, Degree: 3}}).Fit(big, []float64{1, 2, 3}); !errors.Is(err, matrix.ErrNotFinite) {
		t.Errorf("overflowing powers: %v", err)
	}
}

// TestBasisLayout: the columns of φ(X) are, for each feature, its basis
// functions; the centres span the range with both ends included; s is the
// spacing unless given.
func TestBasisLayout(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{0, 10}, {4, 10}, {2, 10}})
	bm, err := Basis{Kind: BasisGauss, Centers: 3}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(bm.Mu.Row(0), []float64{0, 2, 4}) || bm.S[0] != 2 || bm.S[1] != 1 || !slices.Equal(bm.Mu.Row(1), []float64{10, 10, 10}) {
		t.Errorf("centres %v widths %v", bm.Mu, bm.S)
	}
	phi, _ := bm.Transform(x)
	if phi.Cols() != 6 || phi.At(1, 2) != 1 || phi.At(1, 0) != math.Exp(-2) {
		t.Errorf("φ = %v", phi)
	}
	pm, _ := Basis{Kind: BasisPoly, Degree: 3}.Fit(x)
	p, _ := pm.Transform(x)
	if !slices.Equal(p.Row(1), []float64{4, 16, 64, 10, 100, 1000}) {
		t.Errorf("poly row %v", p.Row(1))
	}
	sm, _ := Basis{Kind: BasisSigmoid, Centers: 2, Width: 0.5}.Fit(x)
	s, _ := sm.Transform(x)
	if s.At(0, 0) != 0.5 || math.Abs(s.At(0, 1)-1/(1+math.Exp(8))) > eps {
		t.Errorf("sigmoid row %v", s.Row(0))
	}
}

// TestRidgeClosedForm: the gradient of the ridge objective vanishes,
// Φcᵀ(Φc w − yc) + λw = 0; the eigenvalues of ΦcᵀΦc + λI are ≥ λ (the
// notes' claim, so a singular design is fine); λ → 0 recovers least
// squares; and the penalized form satisfies (AᵀA + λI)W = AᵀY.
func TestRidgeClosedForm(t *testing.T) {
	x, y := randomRegression(30, 3, 6)
	dup := matrix.New(30, 4) // columns 0 and 1 equal, 3 constant
	for i := range 30 {
		dup.Set(i, 0, x.At(i, 0))
		dup.Set(i, 1, x.At(i, 0))
		dup.Set(i, 2, x.At(i, 2))
		dup.Set(i, 3, 1)
	}
	for _, lambda := range []float64{0.1, 10} {
		m, err := Ridge{Lambda: lambda}.Fit(dup, y)
		if err != nil {
			t.Fatal(err)
		}
		xc, _, _ := matrix.Center(dup)
		yc := slices.Clone(y)
		ym := sumFloat(y) / 30
		for i := range yc {
			yc[i] -= ym
		}
		r, _ := matrix.MulVec(xc, m.Coef)
		for i := range r {
			r[i] -= yc[i]
		}
		g, _ := matrix.MulVecT(xc, r)
		matrix.Axpy(lambda, m.Coef, g)
		if e := matrix.Nrm2(g); e > 100*30*eps*matrix.NormFrobenius(xc)*matrix.Nrm2(y) {
			t.Errorf("λ = %g: ‖∇J‖ = %.3g", lambda, e)
		}
		if m.Coef[0] != m.Coef[1] && math.Abs(m.Coef[0]-m.Coef[1]) > 1e-13 {
			t.Errorf("equal columns, unequal weights %v", m.Coef)
		}
		g2 := matrix.New(4, 4)
		_ = matrix.Syrk(true, 1, xc, 0, g2)
		for i := range 4 {
			g2.Set(i, i, g2.At(i, i)+lambda)
		}
		// The notes' bound: every eigenvalue of ΦcᵀΦc + λI is ≥ λ (here two
		// of them equal λ: the duplicated and the constant column), to the
		// rounding of the eigensolver, a few ε‖ΦcᵀΦc + λI‖.
		ev, err := eigen.Symmetric(g2, eigen.SymmetricOptions{ValuesOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		if lo := slices.Min(ev.Values); lo < lambda-100*eps*matrix.NormFrobenius(g2) {
			t.Errorf("λ = %g: λ_min(ΦcᵀΦc + λI) = %.17g < λ", lambda, lo)
		}
	}
	ls, _ := LinearRegression{}.Fit(x, y)
	rm, _ := Ridge{Lambda: 1e-12}.Fit(x, y)
	if e := relErr(rm.Coef, rm.Intercept, ls.Coef, ls.Intercept); e > 1e-10 {
		t.Errorf("λ → 0: differs from least squares by %.3g", e)
	}
	// Penalized intercept: (AᵀA + λI)W = AᵀY with A = [1 X].
	pm, err := Ridge{Lambda: 2, PenalizeIntercept: true}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	a := augment(x)
	w := append([]float64{pm.Intercept}, pm.Coef...)
	aw, _ := matrix.MulVec(a, w)
	for i := range aw {
		aw[i] -= y[i]
	}
	g, _ := matrix.MulVecT(a, aw)
	matrix.Axpy(2, w, g)
	if e := matrix.Nrm2(g); e > 1e-10 {
		t.Errorf("penalized intercept: ‖∇J‖ = %.3g", e)
	}
	// λ = 0 on a singular design is refused.
	if _, err := (Ridge{}).Fit(dup, y); !errors.Is(err, matrix.ErrNotSPD) {
		t.Errorf("λ = 0, singular: %v", err)
	}
}

// TestRidgePath: the path equals one Cholesky fit per λ, and the norm of w
// shrinks as λ grows.
func TestRidgePath(t *testing.T) {
	x, y := randomRegression(25, 4, 8)
	lambdas := []float64{0, 0.01, 1, 100, 1e4}
	p, err := Ridge{}.Path(x, y, lambdas)
	if err != nil {
		t.Fatal(err)
	}
	prev := math.Inf(1)
	for k, l := range lambdas {
		m, _ := Ridge{Lambda: l}.Fit(x, y)
		if e := relErr(p.Coef.Row(k), p.Intercepts[k], m.Coef, m.Intercept); e > 1e-12 {
			t.Errorf("λ = %g: path and Cholesky differ by %.3g", l, e)
		}
		nw := matrix.Nrm2(p.Coef.Row(k))
		if nw > prev {
			t.Errorf("‖w‖ grew at λ = %g", l)
		}
		prev = nw
	}
	if _, err := (Ridge{}).Path(x, y, nil); err == nil {
		t.Error("empty λ list accepted")
	}
	if _, err := (Ridge{}).Path(x, y, []float64{1, -1}); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("negative λ: %v", err)
	}
}

func TestLinearPersistence(t *testing.T) {
	x, y := randomRegression(20, 2, 9)
	q, _ := randomRegression(5, 2, 10)
	lm, _ := LinearRegression{Basis: Basis{Kind: BasisGauss, Centers: 4}}.Fit(x, y)
	rm, _ := Ridge{Lambda: 0.3, Basis: Basis{Kind: BasisPoly, Degree: 2}}.Fit(x, y)
	var b1, b2 bytes.Buffer
	if err := lm.Save(&b1); err != nil {
		t.Fatal(err)
	}
	if err := rm.Save(&b2); err != nil {
		t.Fatal(err)
	}
	s1, s2 := b1.String(), b2.String()
	l2, err := LoadLinear(&b1)
	if err != nil {
		t.Fatal(err)
	}
	r2, err := LoadRidge(&b2)
	if err != nil {
		t.Fatal(err)
	}
	p1, _ := lm.Predict(q)
	p2, _ := l2.Predict(q)
	p3, _ := rm.Predict(q)
	p4, _ := r2.Predict(q)
	if !slices.Equal(p1, p2) || !slices.Equal(p3, p4) {
		t.Error("predictions changed after loading")
	}
	if _, err := LoadRidge(strings.NewReader(s1)); !errors.Is(err, ErrFormat) {
		t.Errorf("linreg file as ridge: %v", err)
	}
	bad := strings.Replace(s2, `"Degree": 2`, `"Degree": -2`, 1)
	if _, err := LoadRidge(strings.NewReader(bad)); !errors.Is(err, ErrFormat) {
		t.Errorf("corrupt degree: %v", err)
	}
	if _, err := LoadLinear(strings.NewReader("{")); !errors.Is(err, ErrFormat) {
		t.Errorf("truncated: %v", err)
	}
}
