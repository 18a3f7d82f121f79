package optimize

import (
	"math"
)

// The recession test for infinite bounds (docs/smo.md, "Infinite bounds:
// the hard margin").
//
// With Cᵢ = +Inf for i in a set I, the feasible set is unbounded, and f can
// decrease without limit: along α + t·d, t → ∞, for a direction d ≥ 0 that
// lives on I, keeps yᵀd = 0, has no curvature (dᵀQd = 0) and descends
// (pᵀd < 0). For the hard-margin SVM dual (p = −e) this happens exactly
// when the classes cannot be separated, and SMO would then push α to
// infinity one small step at a time, without ever noticing.
//
// Normalize d by Σ_{yᵢ=+1} dᵢ = Σ_{yᵢ=−1} dᵢ = ½ (yᵀd = 0 and eᵀd = 1) and
// ask for the least curvature:
//
//	κ* = min dᵀQd  over d ≥ 0 on I,  Σ_{I, y=+1} dᵢ = Σ_{I, y=−1} dᵢ = ½.
//
// This is a ν-form problem, solved with the same SMO. For the SVM, κ* is a
// quarter of the squared distance between the convex hulls of the two
// classes in feature space: κ* = 0 if and only if they overlap. The solver
// certifies either side:
//
//	upper bound  κ  = dᵀQd at the current d;
//	lower bound  κ* ≥ −κ + min_{I,y=+1} Gₜ + min_{I,y=−1} Gₜ,  G = Qd
//
// (convexity: f(d′) ≥ f(d) + Gᵀ(d′ − d), minimized over the feasible d′).
// Entries of Q carry a relative rounding error of order ε, so dᵀQd is known
// only to about |I|·ε·maxᵢ|Qᵢᵢ|; below 10 times that, κ counts as zero.
// The lower bound assumes Q positive semidefinite on I.

// checkRecession returns an error wrapping ErrUnbounded if the problem has
// a descent direction of zero curvature (to rounding) in the recession cone
// of its feasible set, and otherwise a starting α, improved when possible.
func checkRecession(qp *QP, s *SMOSettings, alpha []float64) ([]float64, error) {
	var inf []int
	var nPos, nNeg int
	qmax := 0.0
	for t, c := range qp.C {
		if math.IsInf(c, 1) {
			inf = append(inf, t)
			if qp.Y[t] > 0 {
				nPos++
			} else {
				nNeg++
			}
			qmax = max(qmax, math.Abs(qp.Q.Diag(t)))
		}
	}
	if nPos == 0 || nNeg == 0 {
		// d ≥ 0 with yᵀd = 0 on one class is d = 0: no recession direction.
		return alpha, nil
	}
	m := len(inf)
	aux := &QP{
		Q: newSubQ(qp.Q, inf), P: make([]float64, m), Y: make([]float64, m), C: make([]float64, m),
		TwoEqualities: true, Sum: 1,
	}
	for k, t := range inf {
		aux.Y[k], aux.C[k] = qp.Y[t], math.Inf(1)
	}
	d, err := startingPoint(aux, nil)
	if err != nil {
		return nil, err
	}
	zero := 10 * float64(m) * eps * qmax // κ below this is rounding
	if qmax == 0 {
		zero = 0
	}
	tol := 1e-3 * max(qmax, math.SmallestNonzeroFloat64)
	var kappa float64
	for {
		sub := &SMOSettings{Tol: tol, CacheMB: s.CacheMB, NoShrinking: s.NoShrinking, MaxIter: s.MaxIter}
		sv := newSolver(aux, sub, d)
		runErr := sv.run()
		d = sv.alpha
		kappa = 2 * sv.computeObjective() // κ = dᵀQd
		minPos, minNeg := math.Inf(1), math.Inf(1)
		for k, g := range sv.grad {
			if aux.Y[k] > 0 {
				minPos = min(minPos, g)
			} else {
				minNeg = min(minNeg, g)
			}
		}
		lower := -kappa + minPos + minNeg
		if lower > zero {
			break // certified: every recession direction curves upwards
		}
		if kappa <= zero || runErr != nil || tol <= zero {
			break // certified zero, or as far as rounding lets us go
		}
		tol /= 100
	}

	// pᵀd: the slope of f along d.
	var slope float64
	for k, t := range inf {
		slope += qp.P[t] * d[k]
	}
	if kappa < -zero {
		// Q is not positive semidefinite: f falls like −t² along d.
		return nil, smoError(ErrUnbounded,
			"f decreases without limit along a direction d ≥ 0 on the variables with C = +Inf: dᵀQd = %.3g < 0 (Q is not positive semidefinite)",
			kappa)
	}
	if kappa <= zero {
		if slope < 0 {
			return nil, smoError(ErrUnbounded,
				"f decreases without limit along a direction d ≥ 0 on the variables with C = +Inf: "+
					"dᵀQd = %.3g (zero to rounding), pᵀd = %.3g; for an SVM the classes cannot be separated",
				kappa, slope)
		}
		// Flat but not descending along d: no certificate either way; the
		// iteration cap guards the solve.
		return alpha, nil
	}
	// Bounded. From the zero start, the minimizer of f on the ray t·d,
	// t* = −pᵀd/κ, is a better start; for the hard-margin SVM it is the
	// solution itself (α* = d/κ*, the nearest points of the two hulls).
	if slope < 0 && isZero(alpha) {
		tStar := -slope / kappa
		for k, t := range inf {
			alpha[t] = tStar * d[k]
		}
	}
	return alpha, nil
}

func isZero(v []float64) bool {
	for _, x := range v {
		if x != 0 {
			return false
		}
	}
	return true
}

// subQ is the principal submatrix Q[idx, idx] of a QMatrix.
type subQ struct {
	q    QMatrix
	idx  []int
	cols []int     // scratch: the original indices of the requested columns
	buf  []float64 // scratch row of the original Q
}

func newSubQ(q QMatrix, idx []int) *subQ {
	return &subQ{q: q, idx: idx, buf: make([]float64, q.Size())}
}

func (s *subQ) Size() int          { return len(s.idx) }
func (s *subQ) Diag(i int) float64 { return s.q.Diag(s.idx[i]) }
func (s *subQ) Row(i int, cols []int, dst []float64) {
	s.cols = s.cols[:0]
	for _, c := range cols {
		s.cols = append(s.cols, s.idx[c])
	}
	s.q.Row(s.idx[i], s.cols, s.buf)
	for k, c := range cols {
		dst[c] = s.buf[s.cols[k]]
	}
}
