package optimize

import (
	"math"

	"mlnotes/matrix"
)

// SMOCertificate is an independent check of an SMO solution: every number
// is recomputed from the problem and α alone, with a fresh gradient
// G = Qα + p summed from full rows of Q, not from the solver's running
// updates.
//
// α is optimal for a convex problem exactly when it is feasible
// (BoundViolation = EqualityResidual = SumResidual = 0) and Violation = 0;
// SMO stops when Violation ≤ Tol. The scales MaxDiagQ, MaxAbsP and
// AlphaNorm1 let a caller set tolerances of the form c·n·ε·scale.
type SMOCertificate struct {
	Objective        float64 // f(α) = ½αᵀ(G + p) with the fresh G
	Violation        float64 // max(m(α) − M(α), 0) with the fresh G (ν form: larger of the classes)
	EqualityResidual float64 // |yᵀα − Δ|
	SumResidual      float64 // |eᵀα − Sum| in the ν form, else 0
	BoundViolation   float64 // maxᵢ max(−αᵢ, αᵢ − Cᵢ, 0)
	GradientDrift    float64 // maxᵢ |Gᵢ − res.Gradient[i]|, the error of the incremental gradient

	MaxDiagQ   float64 // maxᵢ Qᵢᵢ
	MaxAbsP    float64 // maxᵢ |pᵢ|
	AlphaNorm1 float64 // Σᵢ |αᵢ|
}

// CertifySMO checks the result of SMO on qp. It costs one full row of Q
// per nonzero αᵢ. It returns an error if the problem is invalid or res does
// not fit it.
//
// Implements: 004, "Using Slack Variable" (the KKT
// conditions, in the form m(α) ≤ M(α) of docs/smo.md (3)–(4)).
func CertifySMO(qp *QP, res *SMOResult) (*SMOCertificate, error) {
	if err := validate(qp, &SMOSettings{}); err != nil {
		return nil, err
	}
	n := len(qp.P)
	if res == nil || len(res.Alpha) != n || len(res.Gradient) != n {
		return nil, smoError(matrix.ErrShape, "the result does not have %d variables", n)
	}
	alpha := res.Alpha
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	// G = p + Σⱼ αⱼ Q·ⱼ from full rows.
	g := append([]float64(nil), qp.P...)
	row := make([]float64, n)
	for j, a := range alpha {
		if a != 0 {
			qp.Q.Row(j, all, row)
			matrix.Axpy(a, row, g)
		}
	}

	c := &SMOCertificate{}
	var ya, ea float64
	mP, MP := math.Inf(-1), math.Inf(1)
	mN, MN := math.Inf(-1), math.Inf(1)
	for t, a := range alpha {
		y := qp.Y[t]
		c.Objective += a * (g[t] + qp.P[t]) / 2
		ya += y * a
		ea += a
		c.AlphaNorm1 += math.Abs(a)
		c.BoundViolation = max(c.BoundViolation, -a, a-qp.C[t])
		c.GradientDrift = max(c.GradientDrift, math.Abs(g[t]-res.Gradient[t]))
		c.MaxDiagQ = max(c.MaxDiagQ, qp.Q.Diag(t))
		c.MaxAbsP = max(c.MaxAbsP, math.Abs(qp.P[t]))

		// I_up / I_low membership and −yₜGₜ (docs/smo.md (4)).
		belowC, aboveZero := a < qp.C[t], a > 0
		up, low := belowC, aboveZero
		if y < 0 {
			up, low = aboveZero, belowC
		}
		v := -y * g[t]
		if qp.TwoEqualities && y < 0 {
			if up {
				mN = max(mN, v)
			}
			if low {
				MN = min(MN, v)
			}
			continue
		}
		if up {
			mP = max(mP, v)
		}
		if low {
			MP = min(MP, v)
		}
	}
	c.Violation = max(mP-MP, mN-MN, 0)
	c.EqualityResidual = math.Abs(ya - qp.Delta)
	if qp.TwoEqualities {
		c.SumResidual = math.Abs(ea - qp.Sum)
	}
	return c, nil
}
