package optimize

import (
	"math"

	"mlnotes/matrix"
)

// validate checks the problem and the settings, naming the first problem
// it finds.
func validate(qp *QP, s *SMOSettings) error {
	if qp == nil || qp.Q == nil {
		return smoError(matrix.ErrEmpty, "no problem or no Q")
	}
	n := len(qp.P)
	if n == 0 {
		return smoError(matrix.ErrEmpty, "no variables")
	}
	if len(qp.Y) != n || len(qp.C) != n || qp.Q.Size() != n {
		return smoError(matrix.ErrShape, "len(P) = %d, len(Y) = %d, len(C) = %d, Q is %d×%d",
			n, len(qp.Y), len(qp.C), qp.Q.Size(), qp.Q.Size())
	}
	if err := finite("P", qp.P); err != nil {
		return err
	}
	if !isFinite(qp.Delta) || !isFinite(qp.Sum) {
		return smoError(matrix.ErrNotFinite, "Δ = %v, Sum = %v", qp.Delta, qp.Sum)
	}
	for i := range n {
		if y := qp.Y[i]; y != 1 && y != -1 {
			return smoError(ErrInvalidParameter, "Y[%d] = %v is not ±1", i, y)
		}
		switch c := qp.C[i]; {
		case math.IsNaN(c):
			return smoError(matrix.ErrNotFinite, "C[%d] is NaN", i)
		case c <= 0:
			return smoError(ErrInvalidParameter, "C[%d] = %v is not positive", i, c)
		}
	}
	for i := range n {
		if d := qp.Q.Diag(i); !isFinite(d) {
			return smoError(matrix.ErrNotFinite, "Q[%d][%d] = %v", i, i, d)
		}
	}
	switch {
	case math.IsNaN(s.Tol) || s.Tol < 0:
		return smoError(ErrInvalidParameter, "tolerance %v", s.Tol)
	case math.IsNaN(s.CacheMB) || s.CacheMB < 0:
		return smoError(ErrInvalidParameter, "cache size %v MB", s.CacheMB)
	case s.MaxIter < 0:
		return smoError(ErrInvalidParameter, "iteration cap %d", s.MaxIter)
	}
	if s.Init != nil && len(s.Init) != n {
		return smoError(matrix.ErrShape, "len(Init) = %d, n = %d", len(s.Init), n)
	}
	return nil
}

func isFinite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// finite reports the first non-finite entry of v.
func finite(name string, v []float64) error {
	for i, x := range v {
		if !isFinite(x) {
			return smoError(matrix.ErrNotFinite, "%s[%d] = %v", name, i, x)
		}
	}
	return nil
}

// classTargets returns the sums of α that the equalities require over the
// class yₜ = +1 and the class yₜ = −1. In the ν form both are fixed:
// (Sum ± Δ)/2. In the one-equality form only their difference Δ is, and the
// start uses the smallest pair: (Δ, 0) or (0, −Δ).
func classTargets(qp *QP) (pos, neg float64) {
	if qp.TwoEqualities {
		return (qp.Sum + qp.Delta) / 2, (qp.Sum - qp.Delta) / 2
	}
	return max(qp.Delta, 0), max(-qp.Delta, 0)
}

// startingPoint returns a copy of init after checking that it is feasible,
// or, for init = nil, a feasible α: zero where the equalities allow, and
// otherwise the first variables of each class filled up to their bounds in
// index order until the class sums are met (as LIBSVM starts ν-SVM). It
// returns an error wrapping ErrInfeasible if no α ∈ [0, C] meets the
// equalities.
func startingPoint(qp *QP, init []float64) ([]float64, error) {
	n := len(qp.P)
	pos, neg := classTargets(qp)
	if pos < 0 || neg < 0 {
		return nil, smoError(ErrInfeasible, "the class sums (Sum ± Δ)/2 = %v, %v must not be negative", pos, neg)
	}
	var capPos, capNeg float64 // Σ Cₜ over each class
	for t := range n {
		if qp.Y[t] > 0 {
			capPos += qp.C[t]
		} else {
			capNeg += qp.C[t]
		}
	}
	if pos > capPos || neg > capNeg {
		return nil, smoError(ErrInfeasible, "the equalities need class sums %v and %v, the bounds allow at most %v and %v",
			pos, neg, capPos, capNeg)
	}
	if init != nil {
		return checkInit(qp, init)
	}
	alpha := make([]float64, n)
	for t := range n {
		need := &pos
		if qp.Y[t] < 0 {
			need = &neg
		}
		if *need <= 0 {
			continue
		}
		alpha[t] = min(qp.C[t], *need)
		*need -= alpha[t]
	}
	return alpha, nil
}

// checkInit copies init and checks that it lies in the box and meets the
// equalities to rounding: |yᵀα − Δ| ≤ 4nε·(|Δ| + Σ|αₜ|).
func checkInit(qp *QP, init []float64) ([]float64, error) {
	if err := finite("Init", init); err != nil {
		return nil, err
	}
	var ya, ea, abs float64
	for t, a := range init {
		if a < 0 || a > qp.C[t] {
			return nil, smoError(ErrInfeasible, "Init[%d] = %v is outside [0, %v]", t, a, qp.C[t])
		}
		ya += qp.Y[t] * a
		ea += a
		abs += a
	}
	tol := 4 * float64(len(init)) * eps * (abs + math.Abs(qp.Delta) + math.Abs(qp.Sum))
	if math.Abs(ya-qp.Delta) > tol {
		return nil, smoError(ErrInfeasible, "Init has yᵀα = %v, want Δ = %v", ya, qp.Delta)
	}
	if qp.TwoEqualities && math.Abs(ea-qp.Sum) > tol {
		return nil, smoError(ErrInfeasible, "Init has eᵀα = %v, want Sum = %v", ea, qp.Sum)
	}
	return append([]float64(nil), init...), nil
}
