package learn

import (
	"slices"

	"mlnotes/optimize"
)

// The decision values of the training rows without a kernel evaluation.
// SMO ends with the gradient G = Qα + p of the dual on every variable
// (reconstructed for the shrunk ones), and Qα already holds the sums the
// decision function needs:
//
//	C-SVM, ν-SVM  (Qα)ᵢ = yᵢ Σⱼ yⱼαⱼK(xᵢ, xⱼ),  so  f(xᵢ) = s·yᵢ(Gᵢ − pᵢ) − ρ
//	ε-SVR, ν-SVR  (Qβ)ᵢ = Σⱼ (αⱼ − αⱼ*)K(xᵢ, xⱼ) for i ≤ n,  so  f(xᵢ) = Gᵢ − pᵢ − ρ
//
// with s the ν-SVM's rescaling 1/r (1 for the C-SVM) and ρ already scaled.
// Evaluating f on the n training rows again costs n·nSV kernel values: for
// 5000 points and 1730 support vectors, about as much as the training.
// The two forms differ by rounding only: G is updated once per SMO step,
// so its error grows with the number of iterations (a few hundred ulps of
// Σ|coefⱼ| at most), while Decision sums each value afresh.

// classifierFitDecision returns f(xᵢ) = scale·yᵢ(Gᵢ − pᵢ) − rho for the n
// variables of a two-class dual.
func classifierFitDecision(res *optimize.SMOResult, qp *optimize.QP, scale, rho float64) []float64 {
	f := make([]float64, len(qp.P))
	for i, g := range res.Gradient {
		f[i] = scale*qp.Y[i]*(g-qp.P[i]) - rho
	}
	return f
}

// regressorFitDecision returns f(xᵢ) = Gᵢ − pᵢ − rho for the first n of
// the 2n variables of a regression dual.
func regressorFitDecision(res *optimize.SMOResult, qp *optimize.QP, rho float64) []float64 {
	n := len(qp.P) / 2
	f := make([]float64, n)
	for i := range n {
		f[i] = res.Gradient[i] - qp.P[i] - rho
	}
	return f
}

// TrainingDecision returns the decision values of the training rows of a
// two-class model as Fit left it, read from the final gradient of the SMO
// solver instead of evaluated again: equal to Decision on the training
// matrix up to rounding, at no kernel evaluation, and in its orientation
// (positive meaning the larger label: −f when the machine's Positive is
// the lower label, svm_sign.go). It returns nil
// for a model with several machines or one read from a file (then use
// Decision).
//
// Implements: 004, "Kernel function" (f(X) on the training points), with
// "SMO Algorithm" (the gradient the solver keeps).
func (m *SVMClassifierModel) TrainingDecision() []float64 {
	if m == nil {
		return nil
	}
	return m.orientDecisions(m.core().trainingDecision())
}

// TrainingDecision returns f(xᵢ) for the training rows as FitRegression
// left them, from the solver's final gradient (see
// SVMClassifierModel.TrainingDecision); nil for a model read from a file.
//
// Implements: 004, "Kernel function" and "SMO Algorithm", as above.
func (m *SVMRegressorModel) TrainingDecision() []float64 {
	if m == nil {
		return nil
	}
	return m.core().trainingDecision()
}

// trainingDecision copies the one machine's fitDecision (nil without).
func (c svmMachines) trainingDecision() []float64 {
	if len(c.machines) != 1 || c.machines[0] == nil {
		return nil
	}
	return slices.Clone(c.machines[0].fitDecision)
}
