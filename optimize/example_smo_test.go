package optimize_test

import (
	"errors"
	"fmt"
	"math"

	"mlnotes/optimize"
)

// linear1D is the linear kernel K(xᵢ, xⱼ) = xᵢxⱼ on points of the line.
type linear1D []float64

func (k linear1D) Size() int          { return len(k) }
func (k linear1D) Diag(i int) float64 { return k[i] * k[i] }
func (k linear1D) Row(i int, cols []int, dst []float64) {
	for _, j := range cols {
		dst[j] = k[i] * k[j]
	}
}

// The soft-margin SVM dual of the notes ("Using Slack Variable") on four
// points of the line: max Σμᵢ − ½ΣΣμᵢμⱼyᵢyⱼxᵢxⱼ subject to 0 ≤ μᵢ ≤ C and
// Σyᵢμᵢ = 0, which is min ½μᵀQμ − eᵀμ with Qᵢⱼ = yᵢyⱼxᵢxⱼ. The support
// vectors are the two points closest to the gap, w = Σμᵢyᵢxᵢ = 1, the
// margin 2/‖w‖ = 2 and b = −ρ = 0 put the boundary at 0.
func ExampleSMO() {
	x := linear1D{-3, -1, 1, 4}
	y := []float64{-1, -1, 1, 1}
	q, err := optimize.SignedQ(x, y)
	if err != nil {
		fmt.Println(err)
		return
	}
	qp := &optimize.QP{Q: q, P: []float64{-1, -1, -1, -1}, Y: y, C: []float64{10, 10, 10, 10}}
	res, err := optimize.SMO(qp, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	var w float64
	for i, mu := range res.Alpha {
		w += mu * y[i] * x[i]
	}
	fmt.Printf("μ = %.4f\n", res.Alpha)
	fmt.Printf("w = %.4f, ρ = %.4f (b = −ρ), margin = %.4f\n", w, res.Rho, 2/math.Abs(w))
	fmt.Printf("dual objective %.4f after %d iteration(s), KKT violation %.1g\n",
		res.Objective, res.Iterations, res.Violation)
	// Output:
	// μ = [0.0000 0.5000 0.5000 0.0000]
	// w = 1.0000, ρ = 0.0000 (b = −ρ), margin = 2.0000
	// dual objective -0.5000 after 4 iteration(s), KKT violation 0
}

// The ν-SVM dual of the notes ("v- SVM") in LIBSVM's scaling:
// min ½μᵀQμ subject to 0 ≤ μᵢ ≤ 1, Σyᵢμᵢ = 0 and Σμᵢ = νn; the notes'
// bound 1/n and sum ν are this divided by n. RPos and RNeg are the values
// of Gᵢ on the free variables of each class and R = (RPos + RNeg)/2 is
// LIBSVM's r: μ/r solves the C-SVM with C = 1/r, here the C = 1 problem
// of ExampleSMO, with the same μ.
func ExampleSMO_nu() {
	x := linear1D{-3, -1, 1, 4}
	y := []float64{-1, -1, 1, 1}
	q, _ := optimize.SignedQ(x, y)
	nu := 0.25
	qp := &optimize.QP{Q: q, P: make([]float64, 4), Y: y, C: []float64{1, 1, 1, 1},
		TwoEqualities: true, Sum: nu * 4}
	res, err := optimize.SMO(qp, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("μ = %.4f\n", res.Alpha)
	fmt.Printf("r₊ = %.4f, r₋ = %.4f, equivalent C = %.4f\n", res.RPos, res.RNeg, 1/res.R)
	// Output:
	// μ = [0.0000 0.5000 0.5000 0.0000]
	// r₊ = 1.0000, r₋ = 1.0000, equivalent C = 1.0000
}

// ε-SVR ("Support Vector Regression") as a problem in 2n variables (α, α*):
// min ½(α − α*)ᵀK(α − α*) + εΣ(αᵢ + αᵢ*) − Σzᵢ(αᵢ − αᵢ*) subject to
// Σ(αᵢ − αᵢ*) = 0 and 0 ≤ αᵢ, αᵢ* ≤ C. RegressionQ builds the 2n×2n Q from
// the n×n kernel; the regression is f(x) = Σ(αᵢ − αᵢ*)K(xᵢ, x) − ρ.
func ExampleRegressionQ() {
	x := linear1D{0, 1, 2, 3}
	z := []float64{1, 3, 5, 7} // z = 2x + 1 exactly
	n, eps, c := len(x), 0.1, 100.0
	qp := &optimize.QP{Q: optimize.RegressionQ(x), P: make([]float64, 2*n), Y: make([]float64, 2*n), C: make([]float64, 2*n)}
	for i := range n {
		qp.Y[i], qp.Y[i+n] = 1, -1 // α then α*
		qp.P[i], qp.P[i+n] = eps-z[i], eps+z[i]
		qp.C[i], qp.C[i+n] = c, c
	}
	res, err := optimize.SMO(qp, &optimize.SMOSettings{Tol: 1e-9})
	if err != nil {
		fmt.Println(err)
		return
	}
	var w float64
	for i := range n {
		w += (res.Alpha[i] - res.Alpha[i+n]) * x[i]
	}
	// The flattest line within ε of every point: slope 2 − 2ε/3.
	fmt.Printf("w = %.4f, b = %.4f\n", w, -res.Rho)
	// Output:
	// w = 1.9333, b = 1.1000
}

// A hard-margin SVM (C = +Inf) on data that cannot be separated has an
// unbounded dual; SMO reports it instead of running forever.
func ExampleSMO_hardMargin() {
	x := linear1D{-1, 1, 2}
	y := []float64{1, -1, 1} // −1 sits between the +1 points
	q, _ := optimize.SignedQ(x, y)
	inf := math.Inf(1)
	qp := &optimize.QP{Q: q, P: []float64{-1, -1, -1}, Y: y, C: []float64{inf, inf, inf}}
	_, err := optimize.SMO(qp, nil)
	fmt.Println(errors.Is(err, optimize.ErrUnbounded))
	// Output:
	// true
}

// CertifySMO recomputes the gradient from Q and checks feasibility and the
// KKT conditions independently of the solver.
func ExampleCertifySMO() {
	x := linear1D{-3, -1, 1, 4}
	y := []float64{-1, -1, 1, 1}
	q, _ := optimize.SignedQ(x, y)
	qp := &optimize.QP{Q: q, P: []float64{-1, -1, -1, -1}, Y: y, C: []float64{1, 1, 1, 1}}
	res, _ := optimize.SMO(qp, nil)
	cert, err := optimize.CertifySMO(qp, res)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("objective %.4f, KKT violation %.1g, |yᵀα − Δ| %.1g, outside the box %.1g\n",
		cert.Objective, cert.Violation, cert.EqualityResidual, cert.BoundViolation)
	// Output:
	// objective -0.5000, KKT violation 0, |yᵀα − Δ| 0, outside the box 0
}
