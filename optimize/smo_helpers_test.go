package optimize

import (
	"math"
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

// denseQ is a QMatrix over an explicit matrix, for tests. It counts the
// entries it hands out.
type denseQ struct {
	a     *matrix.Dense
	calls int
}

func newDenseQ(rows [][]float64) *denseQ {
	a, err := matrix.NewFromRows(rows)
	if err != nil {
		panic(err)
	}
	return &denseQ{a: a}
}

func (q *denseQ) Size() int          { return q.a.Rows() }
func (q *denseQ) Diag(i int) float64 { return q.a.At(i, i) }
func (q *denseQ) Row(i int, cols []int, dst []float64) {
	q.calls++
	r := q.a.Row(i)
	for _, j := range cols {
		dst[j] = r[j]
	}
}

// gramQ returns Qᵢⱼ = yᵢyⱼ xᵢᵀxⱼ (linear kernel) for the rows of x.
func linearQ(x [][]float64, y []float64) *denseQ {
	n := len(x)
	q := make([][]float64, n)
	for i := range n {
		q[i] = make([]float64, n)
		for j := range n {
			q[i][j] = y[i] * y[j] * matrix.Dot(x[i], x[j])
		}
	}
	return newDenseQ(q)
}

// rbfK returns the kernel matrix exp(−γ‖xᵢ − xⱼ‖²).
func rbfK(x [][]float64, gamma float64) [][]float64 {
	n := len(x)
	k := make([][]float64, n)
	for i := range n {
		k[i] = make([]float64, n)
		for j := range n {
			var d2 float64
			for f := range x[i] {
				d := x[i][f] - x[j][f]
				d2 += d * d
			}
			k[i][j] = math.Exp(-gamma * d2)
		}
	}
	return k
}

// signed returns yᵢyⱼKᵢⱼ.
func signed(k [][]float64, y []float64) [][]float64 {
	q := make([][]float64, len(k))
	for i := range k {
		q[i] = make([]float64, len(k))
		for j := range k {
			q[i][j] = y[i] * y[j] * k[i][j]
		}
	}
	return q
}

func fill(n int, v float64) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// svmQP is the C-SVM dual on a Q: p = −e, Δ = 0, Cᵢ = c.
func svmQP(q QMatrix, y []float64, c float64) *QP {
	n := len(y)
	return &QP{Q: q, P: fill(n, -1), Y: y, C: fill(n, c)}
}

// objectiveOf returns ½αᵀQα + pᵀα from an explicit Q.
func objectiveOf(q [][]float64, p, alpha []float64) float64 {
	var f float64
	for i := range alpha {
		f += p[i] * alpha[i]
		for j := range alpha {
			f += 0.5 * alpha[i] * q[i][j] * alpha[j]
		}
	}
	return f
}

// checkCertificate verifies a result with CertifySMO: feasibility to
// rounding, the incremental gradient against a fresh one, and the KKT
// violation against the tolerance. Bounds are c·(iterations + n)·ε·scale:
// every step moves two α by amounts of at most max(α) and updates each Gₜ
// with two products of size maxQ·max(α).
func checkCertificate(t *testing.T, name string, qp *QP, res *SMOResult, tol float64) *SMOCertificate {
	t.Helper()
	cert, err := CertifySMO(qp, res)
	if err != nil {
		t.Fatalf("%s: certify: %v", name, err)
	}
	n := float64(len(qp.P))
	steps := float64(res.Iterations) + n
	amax := 0.0
	for _, a := range res.Alpha {
		amax = max(amax, math.Abs(a))
	}
	feasTol := 8 * steps * eps * (amax + math.Abs(qp.Delta) + math.Abs(qp.Sum))
	gradTol := 8 * steps * eps * (cert.MaxDiagQ*cert.AlphaNorm1 + cert.MaxAbsP)
	if cert.BoundViolation != 0 {
		t.Errorf("%s: bound violation %g", name, cert.BoundViolation)
	}
	if cert.EqualityResidual > feasTol {
		t.Errorf("%s: |yᵀα − Δ| = %g > %g", name, cert.EqualityResidual, feasTol)
	}
	if cert.SumResidual > feasTol {
		t.Errorf("%s: |eᵀα − Sum| = %g > %g", name, cert.SumResidual, feasTol)
	}
	if cert.GradientDrift > gradTol {
		t.Errorf("%s: gradient drift %g > %g", name, cert.GradientDrift, gradTol)
	}
	if cert.Violation > tol+2*gradTol {
		t.Errorf("%s: fresh KKT violation %g > tol %g + %g", name, cert.Violation, tol, 2*gradTol)
	}
	if math.Abs(res.Violation-cert.Violation) > 2*gradTol {
		t.Errorf("%s: reported violation %g, fresh %g", name, res.Violation, cert.Violation)
	}
	objTol := 8 * steps * eps * (cert.MaxDiagQ*cert.AlphaNorm1*cert.AlphaNorm1 + cert.MaxAbsP*cert.AlphaNorm1)
	if math.Abs(res.Objective-cert.Objective) > objTol {
		t.Errorf("%s: objective %v, fresh %v", name, res.Objective, cert.Objective)
	}
	return cert
}

// ---------------------------------------------------------------------------
// The reference: an exhaustive active-set solver for n ≤ 8.
//
// Each variable is put at 0, at Cᵢ or free (3ⁿ cases). For the free set F
// the KKT conditions are linear:
//
//	one equality:  Q_FF α_F − ρ y_F = −p_F − Q_FB α_B,   y_Fᵀα_F = Δ − y_Bᵀα_B,
//	ν form:        Q_FF α_F − r₊ e_{F+} − r₋ e_{F−} = −p_F − Q_FB α_B,
//	               Σ_{F±} α = (Sum ± Δ)/2 − Σ_{B±} α.
//
// A case is accepted when the system is solvable, the free α lie in the box
// and the bounded variables satisfy the sign conditions (Gₜ − ρyₜ ≥ 0 at 0,
// ≤ 0 at C; per class with r± in the ν form), all to a tolerance derived
// from ε and the norms. The accepted case with the lowest objective wins.

type refSolution struct {
	alpha     []float64
	objective float64
	ok        bool
}

func activeSetReference(q [][]float64, qp *QP) refSolution {
	n := len(qp.P)
	var qmax, pmax, cmax float64
	for i := range n {
		qmax = max(qmax, math.Abs(q[i][i]))
		pmax = max(pmax, math.Abs(qp.P[i]))
		if !math.IsInf(qp.C[i], 1) {
			cmax = max(cmax, qp.C[i])
		}
	}
	best := refSolution{objective: math.Inf(1)}
	state := make([]int, n) // 0: at 0, 1: at C, 2: free
	for {
		if a, ok := solveCase(q, qp, state, qmax, pmax, cmax); ok {
			if f := objectiveOf(q, qp.P, a); f < best.objective {
				best = refSolution{alpha: a, objective: f, ok: true}
			}
		}
		k := 0
		for k < n {
			state[k]++
			if state[k] < 3 {
				break
			}
			state[k] = 0
			k++
		}
		if k == n {
			return best
		}
	}
}

func solveCase(q [][]float64, qp *QP, state []int, qmax, pmax, cmax float64) ([]float64, bool) {
	n := len(qp.P)
	alpha := make([]float64, n)
	var free []int
	for i, s := range state {
		switch s {
		case 1:
			if math.IsInf(qp.C[i], 1) {
				return nil, false
			}
			alpha[i] = qp.C[i]
		case 2:
			free = append(free, i)
		}
	}
	// Multipliers: one (ρ) or, in the ν form, one per class that has free
	// variables (a class without any has its sum fixed by the bounds).
	classes := []float64{0}
	if qp.TwoEqualities {
		classes = nil
		for _, s := range []float64{1, -1} {
			for _, i := range free {
				if qp.Y[i] == s {
					classes = append(classes, s)
					break
				}
			}
		}
	} else if len(free) == 0 {
		classes = nil
	}
	m := len(free) + len(classes)
	a := make([][]float64, m)
	b := make([]float64, m)
	for r, i := range free {
		a[r] = make([]float64, m)
		b[r] = -qp.P[i]
		for c, j := range free {
			a[r][c] = q[i][j]
		}
		for j := range n {
			if state[j] == 1 {
				b[r] -= q[i][j] * alpha[j]
			}
		}
		for k, s := range classes {
			switch {
			case !qp.TwoEqualities:
				a[r][len(free)+k] = -qp.Y[i]
			case qp.Y[i] == s:
				a[r][len(free)+k] = -1
			}
		}
	}
	for k, s := range classes {
		r := len(free) + k
		a[r] = make([]float64, m)
		if !qp.TwoEqualities {
			b[r] = qp.Delta
			for c, j := range free {
				a[r][c] = qp.Y[j]
			}
			for j := range n {
				if state[j] == 1 {
					b[r] -= qp.Y[j] * alpha[j]
				}
			}
			continue
		}
		b[r] = (qp.Sum + s*qp.Delta) / 2
		for c, j := range free {
			if qp.Y[j] == s {
				a[r][c] = 1
			}
		}
		for j := range n {
			if state[j] == 1 && qp.Y[j] == s {
				b[r] -= alpha[j]
			}
		}
	}
	x, ok := gaussSolve(a, b)
	if !ok {
		return nil, false
	}
	for c, i := range free {
		alpha[i] = x[c]
	}
	var anorm float64
	for _, v := range alpha {
		anorm += math.Abs(v)
	}
	scale := qmax*anorm + pmax + 1e-300
	tol := 1e3 * float64(n) * eps * scale
	boxTol := 1e3 * float64(n) * eps * (cmax + anorm + math.Abs(qp.Delta) + math.Abs(qp.Sum))
	for _, i := range free {
		if alpha[i] < -boxTol || alpha[i] > qp.C[i]+boxTol {
			return nil, false
		}
		alpha[i] = min(max(alpha[i], 0), qp.C[i])
	}
	// Equalities must hold (cases with no free variable were not solved).
	var ya, pos, neg float64
	for i := range n {
		ya += qp.Y[i] * alpha[i]
		if qp.Y[i] > 0 {
			pos += alpha[i]
		} else {
			neg += alpha[i]
		}
	}
	if !qp.TwoEqualities && math.Abs(ya-qp.Delta) > boxTol {
		return nil, false
	}
	if qp.TwoEqualities && (math.Abs(pos-(qp.Sum+qp.Delta)/2) > boxTol || math.Abs(neg-(qp.Sum-qp.Delta)/2) > boxTol) {
		return nil, false
	}
	// Sign conditions on the bounded variables, with the multiplier known
	// (from the solve) or free to choose in an interval.
	g := make([]float64, n)
	for i := range n {
		g[i] = qp.P[i]
		for j := range n {
			g[i] += q[i][j] * alpha[j]
		}
	}
	if !qp.TwoEqualities {
		// Gₜ − ρyₜ ≥ 0 at 0 and ≤ 0 at C, i.e. yₜGₜ ≥ ρ or ≤ ρ.
		lo, hi := math.Inf(-1), math.Inf(1)
		if len(free) > 0 {
			lo, hi = x[len(free)], x[len(free)]
		}
		for i := range n {
			yg := qp.Y[i] * g[i]
			switch {
			case state[i] == 0 && qp.Y[i] > 0, state[i] == 1 && qp.Y[i] < 0:
				hi = min(hi, yg+tol)
			case state[i] == 1 && qp.Y[i] > 0, state[i] == 0 && qp.Y[i] < 0:
				lo = max(lo, yg-tol)
			}
		}
		return alpha, lo <= hi
	}
	for k, s := range []float64{1, -1} {
		_ = k
		lo, hi := math.Inf(-1), math.Inf(1)
		for c, sc := range classes {
			if sc == s {
				lo, hi = x[len(free)+c], x[len(free)+c]
			}
		}
		for i := range n {
			if qp.Y[i] != s {
				continue
			}
			switch state[i] {
			case 0:
				hi = min(hi, g[i]+tol)
			case 1:
				lo = max(lo, g[i]-tol)
			}
		}
		if lo > hi {
			return nil, false
		}
	}
	return alpha, true
}

// gaussSolve solves a x = b by Gaussian elimination with partial pivoting
// after scaling every column and then every row to a largest entry of 1 (the
// KKT systems mix Q, of any scale, with the ±1 columns of the multipliers).
// It reports failure for a pivot below 100·n·ε.
func gaussSolve(a [][]float64, b []float64) ([]float64, bool) {
	n := len(b)
	if n == 0 {
		return nil, true
	}
	m := make([][]float64, n)
	for i := range a {
		m[i] = append(append([]float64(nil), a[i]...), b[i])
	}
	colScale := make([]float64, n)
	for j := range n {
		for i := range n {
			colScale[j] = max(colScale[j], math.Abs(m[i][j]))
		}
		if colScale[j] == 0 {
			return nil, false
		}
		for i := range n {
			m[i][j] /= colScale[j]
		}
	}
	for i := range n {
		rs := 0.0
		for j := range n {
			rs = max(rs, math.Abs(m[i][j]))
		}
		if rs == 0 {
			return nil, false
		}
		for j := range n + 1 {
			m[i][j] /= rs
		}
	}
	for k := range n {
		p := k
		for i := k + 1; i < n; i++ {
			if math.Abs(m[i][k]) > math.Abs(m[p][k]) {
				p = i
			}
		}
		if math.Abs(m[p][k]) <= 1e2*float64(n)*eps {
			return nil, false
		}
		m[k], m[p] = m[p], m[k]
		for i := k + 1; i < n; i++ {
			f := m[i][k] / m[k][k]
			for j := k; j <= n; j++ {
				m[i][j] -= f * m[k][j]
			}
		}
	}
	x := make([]float64, n)
	for i := n - 1; i >= 0; i-- {
		s := m[i][n]
		for j := i + 1; j < n; j++ {
			s -= m[i][j] * x[j]
		}
		x[i] = s / m[i][i]
	}
	for j := range x {
		x[j] /= colScale[j]
	}
	return x, true
}

// randomGram returns a PSD matrix XXᵀ with X n×k of standard normals, k ≥ 1
// (rank min(n, k)), scaled by s.
func randomGram(r *rand.Rand, n, k int, s float64) [][]float64 {
	x := make([][]float64, n)
	for i := range x {
		x[i] = make([]float64, k)
		for j := range x[i] {
			x[i][j] = r.NormFloat64()
		}
	}
	g := make([][]float64, n)
	for i := range n {
		g[i] = make([]float64, n)
		for j := range n {
			g[i][j] = s * matrix.Dot(x[i], x[j])
		}
	}
	return g
}
