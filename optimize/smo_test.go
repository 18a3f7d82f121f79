package optimize

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

// Two-variable problems solved by hand. For two points x₁ (y = +1) and x₂
// (y = −1) with the linear kernel, yᵀα = 0 forces α₁ = α₂ = a and
// f = ½(x₁ − x₂)²a² − 2a, so a = 2/(x₁ − x₂)² unless C is smaller; the
// margin is 2/‖w‖ = |x₁ − x₂| and b = −ρ puts the boundary at the midpoint.
func TestSMOTwoPointsByHand(t *testing.T) {
	tests := []struct {
		name        string
		x1, x2, c   float64
		a, f, rho   float64
		free, upper int
	}{
		// a = 2/4 = ½, f = 2·¼ − 1 = −½, w = 1, b = 0.
		{"symmetric", 1, -1, 10, 0.5, -0.5, 0, 2, 0},
		// w = 1, boundary at 2: b = −2, ρ = 2.
		{"shifted", 3, 1, 10, 0.5, -0.5, 2, 2, 0},
		// C = ¼ < ½ clips: f = 2·(1/16) − ½ = −0.375; ρ from the interval
		// [yG at C for y=+1, yG at C for y=−1] = [−½, ½], midpoint 0.
		{"clipped", 1, -1, 0.25, 0.25, -0.375, 0, 0, 2},
		// Far apart: x₁ − x₂ = 10, a = 0.02, f = −0.02, b = −(x₁+x₂)/10·... =
		// boundary at 0 with w = 0.2.
		{"far", 5, -5, 1, 0.02, -0.02, 0, 2, 0},
	}
	for _, tc := range tests {
		y := []float64{1, -1}
		q := linearQ([][]float64{{tc.x1}, {tc.x2}}, y)
		qp := svmQP(q, y, tc.c)
		res, err := SMO(qp, &SMOSettings{Tol: 1e-12})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		tol := 16 * eps * (1 + math.Abs(tc.rho))
		for i, a := range res.Alpha {
			if math.Abs(a-tc.a) > 16*eps {
				t.Errorf("%s: α[%d] = %v, want %v", tc.name, i, a, tc.a)
			}
		}
		if math.Abs(res.Objective-tc.f) > tol {
			t.Errorf("%s: f = %v, want %v", tc.name, res.Objective, tc.f)
		}
		if math.Abs(res.Rho-tc.rho) > 16*eps*(tc.x1*tc.x1+1) {
			t.Errorf("%s: ρ = %v, want %v", tc.name, res.Rho, tc.rho)
		}
		if res.NumFree != tc.free || res.NumUpper != tc.upper {
			t.Errorf("%s: %d free, %d at C; want %d, %d", tc.name, res.NumFree, res.NumUpper, tc.free, tc.upper)
		}
		if res.Iterations != 1 {
			t.Errorf("%s: %d iterations, want 1 (one exact step)", tc.name, res.Iterations)
		}
		checkCertificate(t, tc.name, qp, res, 1e-12)
	}
}

// A hand-solved problem with Δ ≠ 0 and unequal bounds: Q = I, p = 0,
// α₁ − α₂ = 1, 0 ≤ α₁ ≤ 3, 0 ≤ α₂ ≤ 0.2. The unconstrained minimizer on the
// line is α = (½, −½), infeasible; the answer is α₂ = 0, α₁ = 1, f = ½,
// with G = (1, 0): ρ must satisfy y₁G₁ = 1 = ρ (α₁ free).
func TestSMODeltaByHand(t *testing.T) {
	qp := &QP{Q: newDenseQ([][]float64{{1, 0}, {0, 1}}), P: []float64{0, 0},
		Y: []float64{1, -1}, C: []float64{3, 0.2}, Delta: 1}
	res, err := SMO(qp, &SMOSettings{Tol: 1e-12})
	if err != nil {
		t.Fatal(err)
	}
	if res.Alpha[0] != 1 || res.Alpha[1] != 0 || res.Objective != 0.5 || res.Rho != 1 {
		t.Errorf("α = %v, f = %v, ρ = %v; want (1, 0), ½, 1", res.Alpha, res.Objective, res.Rho)
	}
	checkCertificate(t, "delta", qp, res, 1e-12)
}

// Random small QPs against the exhaustive active-set reference, in both
// forms, with random and nasty Q: full rank, rank deficient, rank one,
// zero (a linear program), duplicated rows, and scales from 1e-8 to 1e8.
func TestSMOAgainstActiveSet(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 2005))
	cases := 300
	if testing.Short() {
		cases = 60
	}
	for c := range cases {
		n := 1 + r.IntN(8)
		var q [][]float64
		kind := c % 6
		switch kind {
		case 0: // full rank
			q = randomGram(r, n, n+2, 1)
		case 1: // rank deficient
			q = randomGram(r, n, 1+r.IntN(max(1, n/2)), 1)
		case 2: // rank one
			q = randomGram(r, n, 1, 1)
		case 3: // zero: a linear program
			q = randomGram(r, n, 1, 0)
		case 4: // duplicated rows: xᵢ = xⱼ
			q = randomGram(r, n, n, 1)
			if n > 1 {
				i, j := r.IntN(n), r.IntN(n)
				for k := range n {
					q[j][k] = q[i][k]
				}
				for k := range n {
					q[k][j] = q[k][i]
				}
				q[j][j] = q[i][i]
			}
		case 5: // graded scale
			q = randomGram(r, n, n, math.Pow(10, float64(r.IntN(17)-8)))
		}
		qp := &QP{Q: newDenseQ(q), P: make([]float64, n), Y: make([]float64, n), C: make([]float64, n)}
		pscale := math.Pow(10, float64(r.IntN(5)-2))
		for i := range n {
			qp.P[i] = pscale * r.NormFloat64()
			qp.Y[i] = float64(2*r.IntN(2) - 1)
			qp.C[i] = 0.1 + 3*r.Float64()
		}
		var capPos, capNeg float64
		for i := range n {
			if qp.Y[i] > 0 {
				capPos += qp.C[i]
			} else {
				capNeg += qp.C[i]
			}
		}
		nu := c%2 == 1
		if nu {
			qp.TwoEqualities = true
			pos, neg := capPos*r.Float64(), capNeg*r.Float64()
			qp.Sum, qp.Delta = pos+neg, pos-neg
		} else if r.IntN(3) == 0 {
			qp.Delta = (capPos+capNeg)*r.Float64() - capNeg
		}
		name := fmt.Sprintf("case %d (n=%d kind=%d ν=%v)", c, n, kind, nu)
		ref := activeSetReference(q, qp)
		if !ref.ok {
			t.Fatalf("%s: the reference found no KKT point", name)
		}
		// The tolerance is absolute, like LIBSVM's: keep it above the
		// rounding level of G, about n·ε·(maxQ·ΣC + max|p|).
		var gscale, sumC0 float64
		for i := range n {
			sumC0 += qp.C[i]
		}
		for i := range n {
			gscale = max(gscale, q[i][i]*sumC0+math.Abs(qp.P[i]))
		}
		tol := max(1e-10, 1e-12*gscale)
		for _, shrink := range []bool{true, false} {
			res, err := SMO(qp, &SMOSettings{Tol: tol, NoShrinking: !shrink})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			cert := checkCertificate(t, name, qp, res, tol)
			// f(α) − f* ≤ (m − M)·ΣCᵢ (docs/smo.md, "Stopping rule"), plus
			// rounding in both objectives.
			var sumC float64
			for _, v := range qp.C {
				sumC += v
			}
			anorm := max(cert.AlphaNorm1, 1e-300)
			for _, v := range ref.alpha {
				anorm = max(anorm, math.Abs(v))
			}
			round := 64 * float64(n) * eps * (cert.MaxDiagQ*sumC*sumC + cert.MaxAbsP*sumC)
			gap := res.Objective - ref.objective
			if gap > cert.Violation*sumC+round || gap < -round {
				t.Errorf("%s shrink=%v: f = %.17g, reference %.17g (gap %g, allowed %g)",
					name, shrink, res.Objective, ref.objective, gap, cert.Violation*sumC+round)
			}
		}
	}
}

// The ν form on a small problem solved by hand: Q = I, p = 0, three
// variables of class +1 with Sum = Δ = 1 (so Σα = 1 on that class) and one
// of class −1 fixed at 0. Minimizing ½‖α‖² on the simplex gives α = ⅓ each,
// and r₊ = Gᵢ = ⅓.
func TestSMONuByHand(t *testing.T) {
	qp := &QP{Q: newDenseQ([][]float64{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}),
		P: make([]float64, 4), Y: []float64{1, 1, 1, -1}, C: fill(4, 1),
		TwoEqualities: true, Sum: 1, Delta: 1}
	res, err := SMO(qp, &SMOSettings{Tol: 1e-14})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		// Q = I: Gᵢ = αᵢ, so the α differ by at most the violation.
		if math.Abs(res.Alpha[i]-1.0/3) > 1e-14+8*eps {
			t.Errorf("α[%d] = %v, want ⅓", i, res.Alpha[i])
		}
	}
	if res.Alpha[3] != 0 || math.Abs(res.RPos-1.0/3) > 8*eps {
		t.Errorf("α₄ = %v, r₊ = %v; want 0, ⅓", res.Alpha[3], res.RPos)
	}
	if math.Abs(res.Objective-1.0/6) > 8*eps {
		t.Errorf("f = %v, want 1/6", res.Objective)
	}
	checkCertificate(t, "nu by hand", qp, res, 1e-14)
}

// Shrinking and the cache size change the work, never the answer beyond
// the tolerance: compare runs on an RBF SVM of 300 points.
func TestSMOShrinkingAndCacheAgree(t *testing.T) {
	x, y := blobs(rand.New(rand.NewPCG(7, 7)), 300, 5, 1.0)
	q := newDenseQ(signed(rbfK(x, 0.2), y))
	qp := svmQP(q, y, 1)
	const tol = 1e-9
	var ref *SMOResult
	for _, cfg := range []struct {
		name    string
		shrink  bool
		cacheMB float64
	}{
		{"shrink, large cache", true, 100},
		{"no shrink, large cache", false, 100},
		{"shrink, two rows", true, 1e-9},
		{"no shrink, two rows", false, 1e-9},
		{"shrink, 20 rows", true, 20 * rowBytes(300) / (1 << 20)},
	} {
		res, err := SMO(qp, &SMOSettings{Tol: tol, NoShrinking: !cfg.shrink, CacheMB: cfg.cacheMB})
		if err != nil {
			t.Fatalf("%s: %v", cfg.name, err)
		}
		cert := checkCertificate(t, cfg.name, qp, res, tol)
		if ref == nil {
			ref = res
			continue
		}
		// Two points within the tolerance of the optimum differ in f by at
		// most Tol·ΣC each.
		if d := math.Abs(res.Objective - ref.Objective); d > 2*tol*300+64*300*eps*cert.MaxDiagQ*300*300 {
			t.Errorf("%s: f = %.15g, reference run %.15g", cfg.name, res.Objective, ref.Objective)
		}
		if d := math.Abs(res.Rho - ref.Rho); d > 1e-6 {
			t.Errorf("%s: ρ = %.12g, reference run %.12g", cfg.name, res.Rho, ref.Rho)
		}
	}
}

// blobs returns n points in d dimensions from two Gaussian blobs whose
// means are sep apart along the first axis, labels alternating ±1.
func blobs(r *rand.Rand, n, d int, sep float64) ([][]float64, []float64) {
	x := make([][]float64, n)
	y := make([]float64, n)
	for i := range n {
		y[i] = float64(1 - 2*(i%2))
		x[i] = make([]float64, d)
		for f := range d {
			x[i][f] = r.NormFloat64()
		}
		x[i][0] += y[i] * sep / 2
	}
	return x, y
}

// Degenerate problems.
func TestSMODegenerate(t *testing.T) {
	t.Run("one class", func(t *testing.T) {
		// yᵀα = Σα = 0 with α ≥ 0 leaves only α = 0.
		y := fill(5, 1)
		x := [][]float64{{1}, {2}, {3}, {4}, {5}}
		qp := svmQP(linearQ(x, y), y, 1)
		res, err := SMO(qp, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Iterations != 0 || res.Objective != 0 || res.NumFree+res.NumUpper != 0 {
			t.Errorf("%d iterations, f = %v, α = %v; want α = 0 at once", res.Iterations, res.Objective, res.Alpha)
		}
		// Every αₜ = 0 with yₜ = +1 asks yₜGₜ = −1 ≥ ρ: ρ = −1 (the finite end).
		if res.Rho != -1 || res.RhoHigh != -1 || !math.IsInf(res.RhoLow, -1) {
			t.Errorf("ρ = %v in [%v, %v], want −1 in [−Inf, −1]", res.Rho, res.RhoLow, res.RhoHigh)
		}
	})
	t.Run("single variable", func(t *testing.T) {
		qp := &QP{Q: newDenseQ([][]float64{{2}}), P: []float64{-1}, Y: []float64{-1}, C: []float64{5}, Delta: -3}
		res, err := SMO(qp, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Alpha[0] != 3 || res.Objective != 6 || res.Iterations != 0 {
			t.Errorf("α = %v, f = %v after %d iterations; want 3, 6, 0", res.Alpha, res.Objective, res.Iterations)
		}
	})
	t.Run("duplicated points", func(t *testing.T) {
		// Each point twice, once with each label for one of them: aᵢⱼ = 0
		// for the opposite-label pair, so only the bound C stops the step.
		x := [][]float64{{0, 0}, {0, 0}, {1, 1}, {1, 1}, {2, 0}, {2, 0}}
		y := []float64{1, 1, -1, -1, 1, -1}
		q := linearQ(x, y)
		qp := svmQP(q, y, 2)
		res, err := SMO(qp, &SMOSettings{Tol: 1e-12})
		if err != nil {
			t.Fatal(err)
		}
		checkCertificate(t, "duplicates", qp, res, 1e-12)
		ref := activeSetReference(qDense(q), qp)
		if math.Abs(res.Objective-ref.objective) > 1e-10 {
			t.Errorf("f = %v, reference %v", res.Objective, ref.objective)
		}
		// The opposite-label duplicates (4 and 5) are both at C.
		if res.Alpha[4] != 2 || res.Alpha[5] != 2 {
			t.Errorf("α₅, α₆ = %v, %v; want C = 2", res.Alpha[4], res.Alpha[5])
		}
	})
}

func qDense(q *denseQ) [][]float64 { return q.a.ToRows() }

// Hard margin: C = +Inf on separable data gives the maximal-margin
// hyperplane; a huge finite C gives the same; non-separable data are
// reported as unbounded.
func TestSMOHardMargin(t *testing.T) {
	// Separable in 1-D: x ∈ {−3, −1} (y = −1) and {1, 4} (y = +1). The
	// closest pair −1, 1 gives w = 1, b = 0, α = ½ on both, f = −½.
	x := [][]float64{{-3}, {-1}, {1}, {4}}
	y := []float64{-1, -1, 1, 1}
	q := linearQ(x, y)
	for _, c := range []float64{math.Inf(1), 1e12} {
		qp := svmQP(q, y, c)
		res, err := SMO(qp, &SMOSettings{Tol: 1e-12})
		if err != nil {
			t.Fatalf("C = %v: %v", c, err)
		}
		want := []float64{0, 0.5, 0.5, 0}
		for i := range want {
			if math.Abs(res.Alpha[i]-want[i]) > 64*eps {
				t.Errorf("C = %v: α = %v, want %v", c, res.Alpha, want)
				break
			}
		}
		if math.Abs(res.Objective+0.5) > 64*eps || math.Abs(res.Rho) > 64*eps {
			t.Errorf("C = %v: f = %v, ρ = %v; want −½, 0", c, res.Objective, res.Rho)
		}
	}

	// Separable blobs in 5-D with a small margin: C = +Inf and C = 1e8 agree.
	r := rand.New(rand.NewPCG(11, 3))
	xb, yb := blobs(r, 60, 5, 12)
	qb := linearQ(xb, yb)
	hard, err := SMO(svmQP(qb, yb, math.Inf(1)), &SMOSettings{Tol: 1e-10})
	if err != nil {
		t.Fatalf("blobs, C = Inf: %v", err)
	}
	soft, err := SMO(svmQP(qb, yb, 1e8), &SMOSettings{Tol: 1e-10})
	if err != nil {
		t.Fatalf("blobs, C = 1e8: %v", err)
	}
	if math.Abs(hard.Objective-soft.Objective) > 1e-8*math.Abs(hard.Objective) {
		t.Errorf("hard margin f = %v, C = 1e8 f = %v", hard.Objective, soft.Objective)
	}
	checkCertificate(t, "hard blobs", svmQP(qb, yb, math.Inf(1)), hard, 1e-10)

	// XOR with the linear kernel cannot be separated.
	xx := [][]float64{{1, 1}, {-1, -1}, {1, -1}, {-1, 1}}
	yx := []float64{1, 1, -1, -1}
	_, err = SMO(svmQP(linearQ(xx, yx), yx, math.Inf(1)), nil)
	if !errors.Is(err, ErrUnbounded) {
		t.Errorf("XOR hard margin: err = %v, want ErrUnbounded", err)
	}
	// Overlapping blobs, the same.
	xo, yo := blobs(r, 80, 3, 0.5)
	_, err = SMO(svmQP(linearQ(xo, yo), yo, math.Inf(1)), nil)
	if !errors.Is(err, ErrUnbounded) {
		t.Errorf("overlapping blobs, hard margin: err = %v, want ErrUnbounded", err)
	}
	// A duplicated point with both labels, RBF kernel.
	xd := [][]float64{{0}, {1}, {1}, {3}}
	yd := []float64{1, 1, -1, -1}
	_, err = SMO(svmQP(newDenseQ(signed(rbfK(xd, 1), yd)), yd, math.Inf(1)), nil)
	if !errors.Is(err, ErrUnbounded) {
		t.Errorf("duplicate with both labels, hard margin: err = %v, want ErrUnbounded", err)
	}
}

// Bad input is an error naming the problem, never a panic.
func TestSMOValidation(t *testing.T) {
	q2 := newDenseQ([][]float64{{1, 0}, {0, 1}})
	good := func() *QP { return &QP{Q: q2, P: []float64{-1, -1}, Y: []float64{1, -1}, C: []float64{1, 1}} }
	tests := []struct {
		name string
		edit func(*QP, *SMOSettings)
		want error
	}{
		{"nil Q", func(p *QP, _ *SMOSettings) { p.Q = nil }, matrix.ErrEmpty},
		{"empty", func(p *QP, _ *SMOSettings) { p.P, p.Y, p.C = nil, nil, nil }, matrix.ErrEmpty},
		{"short Y", func(p *QP, _ *SMOSettings) { p.Y = p.Y[:1] }, matrix.ErrShape},
		{"short C", func(p *QP, _ *SMOSettings) { p.C = p.C[:1] }, matrix.ErrShape},
		{"Q size", func(p *QP, _ *SMOSettings) { p.Q = newDenseQ([][]float64{{1}}) }, matrix.ErrShape},
		{"NaN p", func(p *QP, _ *SMOSettings) { p.P[1] = math.NaN() }, matrix.ErrNotFinite},
		{"Inf p", func(p *QP, _ *SMOSettings) { p.P[0] = math.Inf(1) }, matrix.ErrNotFinite},
		{"NaN C", func(p *QP, _ *SMOSettings) { p.C[0] = math.NaN() }, matrix.ErrNotFinite},
		{"NaN Δ", func(p *QP, _ *SMOSettings) { p.Delta = math.NaN() }, matrix.ErrNotFinite},
		{"NaN diag", func(p *QP, _ *SMOSettings) { p.Q = newDenseQ([][]float64{{math.NaN(), 0}, {0, 1}}) }, matrix.ErrNotFinite},
		{"C = 0", func(p *QP, _ *SMOSettings) { p.C[1] = 0 }, ErrInvalidParameter},
		{"C < 0", func(p *QP, _ *SMOSettings) { p.C[1] = -1 }, ErrInvalidParameter},
		{"y = 0", func(p *QP, _ *SMOSettings) { p.Y[0] = 0 }, ErrInvalidParameter},
		{"y = 2", func(p *QP, _ *SMOSettings) { p.Y[0] = 2 }, ErrInvalidParameter},
		{"tol < 0", func(_ *QP, s *SMOSettings) { s.Tol = -1 }, ErrInvalidParameter},
		{"tol NaN", func(_ *QP, s *SMOSettings) { s.Tol = math.NaN() }, ErrInvalidParameter},
		{"cache < 0", func(_ *QP, s *SMOSettings) { s.CacheMB = -1 }, ErrInvalidParameter},
		{"max iter < 0", func(_ *QP, s *SMOSettings) { s.MaxIter = -1 }, ErrInvalidParameter},
		{"Δ too large", func(p *QP, _ *SMOSettings) { p.Delta = 1.5 }, ErrInfeasible},
		{"Δ too small", func(p *QP, _ *SMOSettings) { p.Delta = -1.01 }, ErrInfeasible},
		{"ν sum too large", func(p *QP, _ *SMOSettings) { p.TwoEqualities, p.Sum = true, 2.5 }, ErrInfeasible},
		{"ν sum negative", func(p *QP, _ *SMOSettings) { p.TwoEqualities, p.Sum = true, -1 }, ErrInfeasible},
		{"ν class sum negative", func(p *QP, _ *SMOSettings) { p.TwoEqualities, p.Sum, p.Delta = true, 1, 1.5 }, ErrInfeasible},
		{"Init length", func(_ *QP, s *SMOSettings) { s.Init = []float64{0} }, matrix.ErrShape},
		{"Init outside box", func(_ *QP, s *SMOSettings) { s.Init = []float64{2, 2} }, ErrInfeasible},
		{"Init off the equality", func(_ *QP, s *SMOSettings) { s.Init = []float64{0.5, 0} }, ErrInfeasible},
		{"Init NaN", func(_ *QP, s *SMOSettings) { s.Init = []float64{math.NaN(), 0} }, matrix.ErrNotFinite},
	}
	for _, tc := range tests {
		qp, s := good(), &SMOSettings{}
		tc.edit(qp, s)
		res, err := SMO(qp, s)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: err = %v, want %v", tc.name, err, tc.want)
			continue
		}
		if res != nil {
			t.Errorf("%s: a result with a validation error", tc.name)
		}
		if msg := err.Error(); len(msg) < 14 || msg[:14] != "optimize: smo:" {
			t.Errorf("%s: message %q does not start with \"optimize: smo:\"", tc.name, msg)
		}
	}
	if _, err := SMO(nil, nil); !errors.Is(err, matrix.ErrEmpty) {
		t.Errorf("nil problem: err = %v", err)
	}
}

// The iteration cap returns the partial result with an error wrapping
// matrix.ErrNoConvergence.
func TestSMOIterationCap(t *testing.T) {
	x, y := blobs(rand.New(rand.NewPCG(1, 2)), 100, 4, 1)
	qp := svmQP(newDenseQ(signed(rbfK(x, 0.25), y)), y, 10)
	res, err := SMO(qp, &SMOSettings{MaxIter: 5})
	if !errors.Is(err, matrix.ErrNoConvergence) {
		t.Fatalf("err = %v, want ErrNoConvergence", err)
	}
	if res == nil || res.Iterations != 5 || res.Converged {
		t.Fatalf("partial result %+v", res)
	}
	// The partial result is still a consistent, feasible iterate.
	checkCertificate(t, "partial", qp, res, math.Inf(1))
}

// The trace sees every iteration (or every N-th) and a final report.
func TestSMOTrace(t *testing.T) {
	x, y := blobs(rand.New(rand.NewPCG(3, 4)), 40, 2, 2)
	qp := svmQP(linearQ(x, y), y, 1)
	var steps []SMOStep
	res, err := SMO(qp, &SMOSettings{Trace: func(s SMOStep) { steps = append(steps, s) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) != res.Iterations+1 {
		t.Fatalf("%d trace calls for %d iterations", len(steps), res.Iterations)
	}
	for k, s := range steps[:len(steps)-1] {
		if s.Iteration != k+1 || s.I < 0 || s.J < 0 || s.I == s.J {
			t.Fatalf("step %d: %+v", k, s)
		}
		if k > 0 && s.Objective > steps[k-1].Objective {
			t.Errorf("step %d: f rose from %v to %v", k, steps[k-1].Objective, s.Objective)
		}
		// The new αⱼ lies in Platt's box [L, H] ⊆ [0, Cⱼ], αᵢ in [0, Cᵢ],
		// and the step keeps yᵢαᵢ + yⱼαⱼ (to rounding of the sum).
		tol := 4 * eps * (s.CI + s.CJ)
		if s.Final || !(0 <= s.L && s.L <= s.H && s.H <= s.CJ) || s.AlphaJ < s.L-tol || s.AlphaJ > s.H+tol || s.AlphaI < 0 || s.AlphaI > s.CI {
			t.Errorf("step %d: box [%v, %v], αᵢ %v → %v, αⱼ %v → %v, C %v %v", k, s.L, s.H, s.OldAlphaI, s.AlphaI, s.OldAlphaJ, s.AlphaJ, s.CI, s.CJ)
		}
		if d := y[s.I]*(s.AlphaI-s.OldAlphaI) + y[s.J]*(s.AlphaJ-s.OldAlphaJ); math.Abs(d) > tol {
			t.Errorf("step %d: yᵢΔαᵢ + yⱼΔαⱼ = %v", k, d)
		}
	}
	last := steps[len(steps)-1]
	if last.I != -1 || !last.Final || math.Abs(last.Objective-res.Objective) > 0 || last.Violation != res.Violation {
		t.Errorf("final report %+v, result f = %v violation %v", last, res.Objective, res.Violation)
	}
	steps = nil
	if _, err := SMO(qp, &SMOSettings{Trace: func(s SMOStep) { steps = append(steps, s) }, TraceEvery: 5}); err != nil {
		t.Fatal(err)
	}
	if len(steps) != res.Iterations/5+1 {
		t.Errorf("TraceEvery 5: %d calls for %d iterations", len(steps), res.Iterations)
	}
}

// A starting point given by the caller is used and gives the same optimum.
func TestSMOInit(t *testing.T) {
	x, y := blobs(rand.New(rand.NewPCG(8, 1)), 50, 3, 1)
	qp := svmQP(newDenseQ(signed(rbfK(x, 0.3), y)), y, 1)
	cold, err := SMO(qp, &SMOSettings{Tol: 1e-10})
	if err != nil {
		t.Fatal(err)
	}
	warm, err := SMO(qp, &SMOSettings{Tol: 1e-10, Init: cold.Alpha})
	if err != nil {
		t.Fatal(err)
	}
	if warm.Iterations > 1 || math.Abs(warm.Objective-cold.Objective) > 1e-12 {
		t.Errorf("warm start from the optimum: %d iterations, f = %v vs %v", warm.Iterations, warm.Objective, cold.Objective)
	}
}

// Hard-margin duals (p = −e) with some or all Cᵢ = +Inf: SMO reports
// ErrUnbounded exactly when the exhaustive reference finds no KKT point (a
// convex QP bounded below attains its minimum), and otherwise matches its
// minimum. Low-rank Q makes both outcomes common.
func TestSMOInfiniteBoundsAgainstActiveSet(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	var bounded, unbounded int
	for c := range 150 {
		n := 2 + r.IntN(5)
		q := randomGram(r, n, 1+r.IntN(2), 1)
		qp := &QP{Q: newDenseQ(q), P: make([]float64, n), Y: make([]float64, n), C: make([]float64, n)}
		for i := range n {
			qp.P[i] = -1
			qp.Y[i] = float64(2*r.IntN(2) - 1)
			qp.C[i] = math.Inf(1)
			if c%2 == 0 && r.IntN(3) == 0 { // mixed bounds in half the cases
				qp.C[i] = 0.5 + r.Float64()
			}
		}
		ref := activeSetReference(q, qp)
		res, err := SMO(qp, &SMOSettings{Tol: 1e-10})
		name := fmt.Sprintf("case %d (n=%d)", c, n)
		switch {
		case !ref.ok:
			unbounded++
			if !errors.Is(err, ErrUnbounded) {
				t.Errorf("%s: no KKT point exists, SMO says %v (f = %v)", name, err, res.Objective)
			}
		case err != nil:
			t.Errorf("%s: the minimum is %v, SMO says %v", name, ref.objective, err)
		default:
			bounded++
			cert := checkCertificate(t, name, qp, res, 1e-10)
			scale := cert.MaxDiagQ*cert.AlphaNorm1*cert.AlphaNorm1 + cert.MaxAbsP*cert.AlphaNorm1
			if d := math.Abs(res.Objective - ref.objective); d > 1e-8*max(scale, 1) {
				t.Errorf("%s: f = %v, reference %v", name, res.Objective, ref.objective)
			}
		}
	}
	if bounded < 20 || unbounded < 20 {
		t.Errorf("%d bounded and %d unbounded cases: the test does not cover both", bounded, unbounded)
	}
}

// nanQ returns NaN for one entry of Q, as a broken kernel might.
type nanQ struct{ *denseQ }

func (q nanQ) Row(i int, cols []int, dst []float64) {
	q.denseQ.Row(i, cols, dst)
	for _, j := range cols {
		if i == 3 && j == 1 {
			dst[j] = math.NaN()
		}
	}
}

// A NaN in a row of Q met during the run is an error, not a silent NaN.
func TestSMONaNInQ(t *testing.T) {
	x, y := blobs(rand.New(rand.NewPCG(2, 2)), 30, 2, 0.5)
	qp := svmQP(nanQ{newDenseQ(signed(rbfK(x, 0.5), y))}, y, 1)
	res, err := SMO(qp, nil)
	if !errors.Is(err, matrix.ErrNotFinite) || res != nil {
		t.Errorf("err = %v, result %v; want ErrNotFinite and no result", err, res != nil)
	}
}

// Q that is not positive semidefinite: with finite bounds τ keeps the steps
// finite and SMO ends at a KKT point; with infinite bounds a direction of
// negative curvature makes f unbounded.
func TestSMOIndefiniteQ(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 1))
	for c := range 20 {
		n := 3 + r.IntN(6)
		q := randomGram(r, n, n, 1)
		for i := range n { // subtract a multiple of I: some eigenvalues < 0
			q[i][i] -= 1.5
		}
		y := make([]float64, n)
		for i := range y {
			y[i] = float64(2*r.IntN(2) - 1)
		}
		y[0], y[1] = 1, -1
		qp := svmQP(newDenseQ(q), y, 1+r.Float64())
		res, err := SMO(qp, &SMOSettings{Tol: 1e-10})
		if err != nil {
			t.Fatalf("case %d: %v", c, err)
		}
		checkCertificate(t, fmt.Sprintf("indefinite %d", c), qp, res, 1e-10)
	}
	// −I with C = +Inf: the pair direction has curvature −2.
	qp := &QP{Q: newDenseQ([][]float64{{-1, 0}, {0, -1}}), P: []float64{0, 0},
		Y: []float64{1, -1}, C: []float64{math.Inf(1), math.Inf(1)}}
	if _, err := SMO(qp, nil); !errors.Is(err, ErrUnbounded) {
		t.Errorf("negative definite, infinite bounds: err = %v", err)
	}
}
