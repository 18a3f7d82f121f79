package learn

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"mlnotes/matrix"
	"mlnotes/optimize"
)

// classBlobs returns n points per class around k centres in d dimensions with
// the given spread, labelled by labels[c].
func classBlobs(n, d int, labels []int, spread float64, seed uint64) (*matrix.Dense, []int) {
	r := rand.New(rand.NewPCG(seed, 11))
	k := len(labels)
	x := matrix.New(n*k, d)
	y := make([]int, n*k)
	for c := range k {
		for i := range n {
			row := x.Row(c*n + i)
			for j := range d {
				row[j] = float64((c+j)%k) + spread*r.NormFloat64()
			}
			y[c*n+i] = labels[c]
		}
	}
	return x, y
}

// TestLogisticGradientHessian checks ∇f and ∇²f of the objective by
// central differences, for two classes and for softmax, with and without
// the penalty, at a generic point.
func TestLogisticGradientHessian(t *testing.T) {
	for _, k := range []int{2, 4} {
		labels := []int{-3, 0, 8, 20}[:k]
		x, y := classBlobs(15, 3, labels, 1, uint64(k))
		_, idx := classIndex(y)
		for _, lambda := range []float64{0, 0.7} {
			o := newLogObjective(x, idx, k, lambda)
			r := rand.New(rand.NewPCG(1, uint64(k)))
			th := make([]float64, o.params())
			for i := range th {
				th[i] = 0.5 * r.NormFloat64()
			}
			rep, err := optimize.CheckGradient(o, th, nil)
			if err != nil {
				t.Fatalf("k = %d, λ = %g: %v", k, lambda, err)
			}
			if k == 2 || lambda > 0 {
				// The Hessian by differences of the gradient (softmax: only
				// with λ > 0, since for λ = 0 Hessian adds the invariance
				// directions; see logObjective.Hessian).
				p := o.params()
				h := matrix.New(p, p)
				o.Hessian(th, h)
				if k > 2 {
					// remove the c/K added on the intercept columns
					removeShift(o, h, lambda)
				}
				gp, gm := make([]float64, p), make([]float64, p)
				for j := range p {
					step := 1e-5
					tp, tm := slices.Clone(th), slices.Clone(th)
					tp[j] += step
					tm[j] -= step
					o.ValueGrad(tp, gp)
					o.ValueGrad(tm, gm)
					for i := range p {
						fd := (gp[i] - gm[i]) / (2 * step)
						if math.Abs(fd-h.At(i, j)) > 1e-5*(1+matrix.NormMax(h)) {
							t.Fatalf("k = %d, λ = %g: H[%d,%d] = %g, differences %g", k, lambda, i, j, h.At(i, j), fd)
						}
					}
				}
			}
			t.Logf("k = %d, λ = %g: gradient relative error %.2g", k, lambda, rep.RelErr)
		}
	}
}

// removeShift subtracts the c·uuᵀ that Hessian adds on the intercept
// columns of a softmax Hessian (λ > 0).
func removeShift(o *logObjective, h *matrix.Dense, lambda float64) {
	dc, k := o.cols(), o.r
	size := k * dc
	// c is the largest diagonal entry before the shift; the shift is c/K
	// on the intercept block, so recover c from the first column's diagonal.
	c := 0.0
	for i := range size {
		if i%dc != dc-1 {
			c = max(c, h.At(i, i))
		}
	}
	// the largest diagonal may itself be an intercept entry: recompute it
	// from a fresh Hessian without the shift is not possible here, so
	// find c from the structure: h[intercept, intercept'] off-diagonal
	// over classes = −Σ pₖpₗ + c/K; the diagonal = Σ pₖ(1−pₖ) + c/K.
	// Sum of a row of the intercept block over classes = c (since
	// Σₗ pₖ(δₖₗ − pₗ) = 0).
	s := 0.0
	for l := range k {
		s += h.At(dc-1, l*dc+dc-1)
	}
	c = s
	for a := range k {
		for b := range k {
			h.Set(a*dc+dc-1, b*dc+dc-1, h.At(a*dc+dc-1, b*dc+dc-1)-c/float64(k))
		}
	}
}

// TestLogisticLabelsAndProba: labels that are not 0/1 come back as given,
// the probabilities sum to one and agree with Predict, and a score too
// large for exp does not overflow.
func TestLogisticLabelsAndProba(t *testing.T) {
	for _, labels := range [][]int{{-7, 42}, {3, 5, 9}} {
		x, y := classBlobs(30, 2, labels, 0.6, 3)
		m, err := LogisticRegression{Lambda: 0.5}.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(m.Labels(), labels) {
			t.Errorf("labels %v", m.Labels())
		}
		p, _ := m.PredictProba(x)
		pred, _ := m.Predict(x)
		correct := 0
		for i := range pred {
			row := p.Row(i)
			if math.Abs(sumFloat(row)-1) > 4*eps {
				t.Errorf("probabilities sum to %v", sumFloat(row))
			}
			if labels[argmax(row)] != pred[i] {
				t.Errorf("row %d: argmax of proba %v, Predict %d", i, row, pred[i])
			}
			if pred[i] == y[i] {
				correct++
			}
		}
		if correct < len(y)*2/3 {
			t.Errorf("%d of %d correct", correct, len(y))
		}
		// Extreme scores: probabilities stay finite, in [0, 1].
		far, _ := matrix.NewFromRows([][]float64{{1e6, -1e6}, {-1e6, 1e6}})
		pf, err := m.PredictProba(far)
		if err != nil || pf.CheckFinite() != nil {
			t.Errorf("far points: %v %v", err, pf)
		}
		if m.Coef.Rows() > 1 && math.Abs(sumFloat(m.Intercept)) > 1e-12 {
			t.Errorf("softmax intercepts sum to %g", sumFloat(m.Intercept))
		}
	}
	if v := logSumExp([]float64{1000, 1000}); math.Abs(v-(1000+math.Ln2)) > 1e-12 {
		t.Errorf("logsumexp = %v", v)
	}
	if v := softplus(-800); v != 0 && v > 1e-300 {
		t.Errorf("softplus(−800) = %v", v)
	}
	if v := softplus(800); v != 800 {
		t.Errorf("softplus(800) = %v", v)
	}
}

// TestLogisticOptimality: at the answer the gradient meets the tolerance
// and f is the minimum: the objective at random nearby points is higher.
func TestLogisticOptimality(t *testing.T) {
	x, y := classBlobs(20, 3, []int{0, 1, 2}, 1.5, 4)
	m, err := LogisticRegression{Lambda: 0.2, Tol: 1e-10}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Converged {
		t.Error("a run ended by the gradient test reports Converged false")
	}
	_, idx := classIndex(y)
	o := newLogObjective(x, idx, 3, 0.2)
	th := make([]float64, o.params())
	for k := range 3 {
		copy(th[k*4:k*4+3], m.Coef.Row(k))
		th[k*4+3] = m.Intercept[k]
	}
	g := make([]float64, len(th))
	f := o.ValueGrad(th, g)
	if math.Abs(f-m.Objective) > 1e-12*f || matrix.NormMax(mustRows(t, [][]float64{g})) > 1e-10 {
		t.Errorf("f = %v (model %v), ‖g‖∞ = %g", f, m.Objective, matrix.NormMax(mustRows(t, [][]float64{g})))
	}
	r := rand.New(rand.NewPCG(5, 5))
	for range 20 {
		tp := slices.Clone(th)
		for i := range tp {
			tp[i] += 1e-3 * r.NormFloat64()
		}
		if fp := o.ValueGrad(tp, g); fp < f {
			t.Errorf("a nearby point is lower: %v < %v", fp, f)
		}
	}
	if len(m.Loss) != m.Iterations+1 || math.Abs(m.Loss[0]-float64(len(y))*math.Log(3)) > 1e-13*m.Loss[0] {
		t.Errorf("loss trace %v", m.Loss[:min(3, len(m.Loss))])
	}
}

func TestLogisticSeparable(t *testing.T) {
	x, y := classBlobs(10, 2, []int{1, 2}, 0.05, 6)
	for _, s := range []LogRegSolver{LogRegNewton, LogRegLBFGS} {
		if _, err := (LogisticRegression{Solver: s}).Fit(x, y); !errors.Is(err, ErrSeparable) {
			t.Errorf("%s: %v", s, err)
		}
	}
	x3, y3 := classBlobs(10, 2, []int{1, 2, 3}, 0.05, 6)
	if _, err := (LogisticRegression{}).Fit(x3, y3); !errors.Is(err, ErrSeparable) {
		t.Errorf("softmax: %v", err)
	}
	if _, err := (LogisticRegression{Lambda: 1e-3}).Fit(x, y); err != nil {
		t.Errorf("λ > 0: %v", err)
	}
	// Not separable, λ = 0: the optimum exists.
	xo, yo := classBlobs(30, 2, []int{1, 2}, 1.5, 7)
	if _, err := (LogisticRegression{}).Fit(xo, yo); err != nil {
		t.Errorf("overlapping classes, λ = 0: %v", err)
	}
}

func TestLogisticBadInput(t *testing.T) {
	x, y := classBlobs(5, 2, []int{0, 1}, 1, 8)
	cases := map[string]error{}
	_, cases["one class"] = LogisticRegression{}.Fit(x, make([]int, len(y)))
	_, cases["λ"] = LogisticRegression{Lambda: -1}.Fit(x, y)
	_, cases["tol"] = LogisticRegression{Tol: -1}.Fit(x, y)
	_, cases["iter"] = LogisticRegression{MaxIter: -1}.Fit(x, y)
	_, cases["solver"] = LogisticRegression{Solver: "sag"}.Fit(x, y)
	_, cases["length"] = LogisticRegression{}.Fit(x, y[:3])
	for name, err := range cases {
		if err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	_, err := LogisticRegression{Lambda: 1, MaxIter: 1, Solver: LogRegGD}.Fit(x, y)
	if !errors.Is(err, matrix.ErrNoConvergence) {
		t.Errorf("one iteration: %v", err)
	}
	// One sample per class and one feature.
	one, _ := matrix.NewFromRows([][]float64{{0}, {1}})
	m, err := LogisticRegression{Lambda: 1}.Fit(one, []int{4, 6})
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := m.Predict(one); !slices.Equal(p, []int{4, 6}) {
		t.Errorf("two samples: %v", p)
	}
}

func TestLogisticPersistence(t *testing.T) {
	for _, labels := range [][]int{{2, 5}, {0, 1, 2}} {
		x, y := classBlobs(20, 3, labels, 1, 9)
		m, _ := LogisticRegression{Lambda: 1}.Fit(x, y)
		var b bytes.Buffer
		if err := m.Save(&b); err != nil {
			t.Fatal(err)
		}
		s := b.String()
		m2, err := LoadLogistic(&b)
		if err != nil {
			t.Fatal(err)
		}
		p1, _ := m.PredictProba(x)
		p2, _ := m2.PredictProba(x)
		if !slices.Equal(p1.Row(3), p2.Row(3)) || !matrix.EqualApprox(p1, p2, 0) {
			t.Error("probabilities changed after loading")
		}
		if _, err := LoadLogistic(strings.NewReader(strings.Replace(s, "mlnotes/logreg", "mlnotes/ridge", 1))); !errors.Is(err, ErrFormat) {
			t.Errorf("wrong kind: %v", err)
		}
		if _, err := LoadPerceptron(strings.NewReader(s)); !errors.Is(err, ErrFormat) {
			t.Errorf("logreg as perceptron: %v", err)
		}
	}
}

func TestPerceptron(t *testing.T) {
	x, y := classBlobs(25, 2, []int{-1, 7}, 0.2, 12)
	m, err := Perceptron{Seed: 3}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Converged || m.Mistakes[len(m.Mistakes)-1] != 0 {
		t.Fatalf("separable data: converged %v after %d epochs", m.Converged, m.Epochs)
	}
	p, _ := m.Predict(x)
	if !slices.Equal(p, y) {
		t.Error("a converged perceptron misclassifies training data")
	}
	// Novikoff: mistakes ≤ (R/γ)² for any separating (w*, b*); take the
	// perceptron's own answer normalized as w*.
	total := 0
	for _, k := range m.Mistakes {
		total += k
	}
	if total == 0 {
		t.Error("no mistakes at all")
	}
	// Not separable: no convergence, reported, no error.
	xo, yo := classBlobs(25, 2, []int{0, 1}, 2, 13)
	mo, err := Perceptron{MaxIter: 20}.Fit(xo, yo)
	if err != nil || mo.Converged || mo.Epochs != 20 {
		t.Errorf("overlapping: %v, converged %v, %d epochs", err, mo.Converged, mo.Epochs)
	}
	// Same seed, same answer; bad settings.
	m2, _ := Perceptron{Seed: 3}.Fit(x, y)
	if !slices.Equal(m.Coef, m2.Coef) {
		t.Error("not reproducible")
	}
	for _, c := range []Perceptron{{MaxIter: -1}, {LearningRate: -1}, {LearningRate: math.Inf(1)}} {
		if _, err := c.Fit(x, y); !errors.Is(err, ErrInvalidParameter) {
			t.Errorf("%+v: %v", c, err)
		}
	}
	if _, err := (Perceptron{}).Fit(x, make([]int, len(y))); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("one class: %v", err)
	}
	var b bytes.Buffer
	_ = m.Save(&b)
	m3, err := LoadPerceptron(&b)
	if err != nil {
		t.Fatal(err)
	}
	p3, _ := m3.Predict(x)
	if !slices.Equal(p, p3) {
		t.Error("predictions changed after loading")
	}
}

// TestAdalineFixedPoint: the LMS rule's mean update vanishes at the least
// squares fit of the ±1 targets (the normal equations), and with a fixed
// step η the trained weights lie within O(η) of it: halving η roughly
// halves the distance.
func TestAdalineFixedPoint(t *testing.T) {
	x, y := classBlobs(40, 2, []int{3, 8}, 1, 14)
	tpm := make([]float64, len(y))
	for i, v := range y {
		tpm[i] = -1
		if v == 8 {
			tpm[i] = 1
		}
	}
	ls, _ := LinearRegression{}.Fit(x, tpm)
	dist := func(eta float64) float64 {
		m, err := Adaline{LearningRate: eta, MaxIter: 400, Tol: 1e-300, Seed: 1}.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		return relErr(m.Coef, m.Intercept, ls.Coef, ls.Intercept)
	}
	d1, d2 := dist(0.004), dist(0.001)
	if !(d2 < d1) || d2 > 0.05 {
		t.Errorf("distance to least squares: η = 0.004: %.3g, η = 0.001: %.3g", d1, d2)
	}
	t.Logf("‖w − w_LS‖/‖w_LS‖: %.3g (η = 0.004), %.3g (η = 0.001)", d1, d2)
	// Realizable targets (y exactly affine): the least-squares solution is
	// a fixed point of every single update, and LMS converges to it.
	lin := make([]float64, len(y))
	for i := range lin {
		lin[i] = 0.5*x.At(i, 0) - 0.25*x.At(i, 1) + 0.1
	}
	f, err := widrowHoff(x, lin, 0.05, 2000, 1e-300, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if e := relErr(f.w, f.b, []float64{0.5, -0.25}, 0.1); e > 1e-10 {
		t.Errorf("realizable targets: relative error %.3g", e)
	}
	if _, err := (Adaline{LearningRate: 10, MaxIter: 200}).Fit(x, y); !errors.Is(err, matrix.ErrNotFinite) {
		t.Errorf("η = 10 should diverge: %v", err)
	}
	m, _ := Adaline{}.Fit(x, y)
	var buf bytes.Buffer
	_ = m.Save(&buf)
	m2, err := LoadAdaline(&buf)
	if err != nil || !slices.Equal(m2.Coef, m.Coef) || m2.TrainMSE() != m.TrainMSE() {
		t.Errorf("reload: %v", err)
	}
}

func TestSelectFeatures(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{1, 5, 3, 0}, {2, 5, 1, 1}, {3, 5, 2, 0}, {4, 5, 0, 1}})
	y := []float64{2, 4, 6, 8}
	s, err := SelectFeatures{K: 2}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	// column 0: r = 1; column 1 constant: 0; column 2: r = −0.8; column 3: r = 0.4472
	if s.Scores[0] != 1 || s.Scores[1] != 0 || math.Abs(s.Scores[2]+0.8) > 1e-15 {
		t.Errorf("scores %v", s.Scores)
	}
	if !slices.Equal(s.Ranking, []int{0, 2, 3, 1}) || !slices.Equal(s.Selected, []int{0, 2}) {
		t.Errorf("ranking %v selected %v", s.Ranking, s.Selected)
	}
	xs, _ := s.Transform(x)
	if !slices.Equal(xs.Row(1), []float64{2, 1}) {
		t.Errorf("transform %v", xs.Row(1))
	}
	// MI: a copy of the target has MI = H(y); a constant has 0.
	mi, err := MutualInformation(x, y, 0)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(mi[0]-math.Log(4)) > 1e-15 || mi[1] != 0 {
		t.Errorf("MI %v", mi)
	}
	// Ties rank by the lower index.
	tie, _ := matrix.NewFromRows([][]float64{{1, 1}, {2, 2}, {3, 3}})
	st, _ := SelectFeatures{Score: ScoreMI}.Fit(tie, []float64{1, 2, 3})
	if !slices.Equal(st.Ranking, []int{0, 1}) {
		t.Errorf("tie ranking %v", st.Ranking)
	}
	for _, c := range []SelectFeatures{{K: 5}, {K: -1}, {Score: ScoreMI, Bins: 1}, {Score: "chi2"}} {
		if _, err := c.Fit(x, y); !errors.Is(err, ErrInvalidParameter) {
			t.Errorf("%+v: %v", c, err)
		}
	}
	var b bytes.Buffer
	_ = s.Save(&b)
	s2, err := LoadSelection(&b)
	if err != nil || !slices.Equal(s2.Selected, s.Selected) {
		t.Errorf("reload: %v", err)
	}
}

// TestLogisticDegenerateColumns: with λ > 0 a constant column gets weight
// 0 (its gradient is c·Σᵢ(pᵢ − tᵢ) + λw, and the intercept's condition
// makes the sum 0) and two equal columns get equal weights (the objective
// is symmetric in them and strictly convex), for every solver, two and
// three classes.
func TestLogisticDegenerateColumns(t *testing.T) {
	for _, labels := range [][]int{{0, 1}, {4, 5, 6}} {
		x0, y := classBlobs(20, 2, labels, 1, 15)
		n := x0.Rows()
		x := matrix.New(n, 4)
		for i := range n {
			x.Set(i, 0, x0.At(i, 0))
			x.Set(i, 1, 2.5) // constant
			x.Set(i, 2, x0.At(i, 1))
			x.Set(i, 3, x0.At(i, 1)) // duplicate of column 2
		}
		for _, s := range []LogRegSolver{LogRegNewton, LogRegLBFGS} {
			m, err := LogisticRegression{Lambda: 0.5, Solver: s, Tol: 1e-10}.Fit(x, y)
			if err != nil {
				t.Fatalf("%v %s: %v", labels, s, err)
			}
			for k := range m.Coef.Rows() {
				w := m.Coef.Row(k)
				if math.Abs(w[1]) > 1e-9 || math.Abs(w[2]-w[3]) > 1e-9 {
					t.Errorf("%v %s: row %d = %v", labels, s, k, w)
				}
			}
		}
	}
}

// TestLoadCorrupt: files that are valid JSON of the right kind but
// inconsistent are refused with ErrFormat, so that a later Predict cannot
// panic.
func TestLoadCorrupt(t *testing.T) {
	env := func(kind, model string) string {
		return `{"format":"mlnotes/` + kind + `","version":1,"model":` + model + `}`
	}
	cases := []struct {
		name string
		load func(string) error
	}{
		{env("logreg", `{"Classes":[0,1],"Coef":{"rows":1,"cols":2,"data":[1,2]},"Intercept":[0,1]}`), func(s string) error { _, err := LoadLogistic(strings.NewReader(s)); return err }},
		{env("logreg", `{"Classes":[1,0],"Coef":{"rows":1,"cols":2,"data":[1,2]},"Intercept":[0]}`), func(s string) error { _, err := LoadLogistic(strings.NewReader(s)); return err }},
		{env("logreg", `{"Classes":[0,1,2],"Coef":{"rows":1,"cols":2,"data":[1,2]},"Intercept":[0]}`), func(s string) error { _, err := LoadLogistic(strings.NewReader(s)); return err }},
		{env("perceptron", `{"Classes":[0],"Coef":[1],"Intercept":0}`), func(s string) error { _, err := LoadPerceptron(strings.NewReader(s)); return err }},
		{env("adaline", `{"Classes":[0,1],"Coef":[],"Intercept":0,"MSE":[1]}`), func(s string) error { _, err := LoadAdaline(strings.NewReader(s)); return err }},
		{env("linreg", `{"Basis":{"Kind":"gauss","D":2,"Mu":{"rows":1,"cols":3,"data":[1,2,3]},"S":[1,1]},"Coef":[1,2,3,4,5,6],"Intercept":0}`), func(s string) error { _, err := LoadLinear(strings.NewReader(s)); return err }},
		{env("linreg", `{"Basis":{"Kind":"none","D":2},"Coef":[1],"Intercept":0}`), func(s string) error { _, err := LoadLinear(strings.NewReader(s)); return err }},
		{env("ridge", `{"Basis":{"Kind":"poly","D":1,"Degree":0},"Coef":[],"Intercept":0}`), func(s string) error { _, err := LoadRidge(strings.NewReader(s)); return err }},
		{env("select", `{"Scores":[1,2],"Selected":[5],"D":2}`), func(s string) error { _, err := LoadSelection(strings.NewReader(s)); return err }},
	}
	for _, c := range cases {
		if err := c.load(c.name); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// FuncTol (scipy's ftol, where scikit-learn's lbfgs usually stops) ends
// the run on stagnation without an error; the objective it reaches is that
// of the tight run to the relative accuracy the test implies: when f no
// longer falls by FuncTol·|f| per step, the remaining gap is of that order
// times the number of further steps a tight run takes (a few hundred).
func TestLogisticFuncTol(t *testing.T) {
	x, yf := loadDataset(t, "iris.csv")
	y := make([]int, len(yf))
	for i, v := range yf {
		y[i] = int(v)
	}
	tight, err := LogisticRegression{Lambda: 1, Solver: LogRegLBFGS}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	loose, err := LogisticRegression{Lambda: 1, Solver: LogRegLBFGS, Tol: 1e-12, FuncTol: 2.2e-9}.Fit(x, y)
	if err != nil {
		t.Fatalf("a stagnating run must not be an error: %v", err)
	}
	if loose.Iterations >= tight.Iterations {
		t.Errorf("FuncTol did not stop earlier: %d iterations, tight %d", loose.Iterations, tight.Iterations)
	}
	if rel := (loose.Objective - tight.Objective) / tight.Objective; rel < 0 || rel > 1000*2.2e-9 {
		t.Errorf("objective %.12g, tight %.12g (relative gap %.2g)", loose.Objective, tight.Objective, rel)
	}
	if _, err := (LogisticRegression{Lambda: 1, FuncTol: -1}).Fit(x, y); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("FuncTol < 0: err = %v", err)
	}
}

// TestSoftmaxObjectiveWithoutPacks: when the memory limit refuses the
// packed copies of A, the K-class objective falls back on Gemm, which
// gives the same bits as the packed products.
func TestSoftmaxObjectiveWithoutPacks(t *testing.T) {
	x, y := classBlobs(200, 3, []int{0, 1, 2}, 1.5, 7) // 600×3: Gemm takes its packed path too
	_, idx := classIndex(y)
	packed, plain := newLogObjective(x, idx, 3, 0.2), newLogObjective(x, idx, 3, 0.2)
	plain.softmaxPacks()
	plain.packT, plain.packN = nil, nil // as after a refused PackB
	r := rand.New(rand.NewPCG(8, 8))
	th := make([]float64, packed.params())
	for i := range th {
		th[i] = r.NormFloat64()
	}
	g1, g2 := make([]float64, len(th)), make([]float64, len(th))
	f1, f2 := packed.ValueGrad(th, g1), plain.ValueGrad(th, g2)
	if packed.packT == nil || f1 != f2 || !slices.Equal(g1, g2) {
		t.Errorf("packed f = %v, plain f = %v; gradients equal: %v", f1, f2, slices.Equal(g1, g2))
	}
}
