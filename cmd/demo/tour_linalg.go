package main

import (
	"math"

	"mlnotes/matrix"
)

func init() {
	registerSection(section{
		order: 10,
		name:  "linalg",
		title: "Linear algebra: solving, factorizing, least squares",
		notes: `004, "Linear Least Squares Regression"; 002, "Linear Regression in ℝᵈ"`,
		run:   tourLinalg,
	})
}

const machineEps = 0x1p-52

// tourLinalg shows the matrix package at work on the iris and diabetes
// data, printing the residual of every factorization in units of n·ε·‖A‖,
// the scale on which a backward-stable algorithm is judged.
func tourLinalg(t *tour) error {
	iris, err := t.loadCSV("iris.csv")
	if err != nil {
		return err
	}
	x, _, _, _ := iris.Split(iris.Data.Cols() - 1)
	s, err := matrix.Covariance(x, matrix.Population) // 4×4, SPD
	if err != nil {
		return err
	}
	n := float64(s.Rows())
	t.say("iris: %d flowers × %d measurements; S = covariance (1/n), 4×4 symmetric positive definite", x.Rows(), x.Cols())

	// A system solved by LU with partial pivoting.
	b := []float64{1, 2, 3, 4}
	lu, err := matrix.FactorizeLU(s)
	if err != nil {
		return err
	}
	sol, err := lu.SolveVec(b)
	if err != nil {
		return err
	}
	sx, _ := matrix.MulVec(s, sol)
	matrix.Axpy(-1, b, sx)
	ratio := matrix.Nrm2(sx) / (n * machineEps * matrix.NormFrobenius(s) * matrix.Nrm2(sol))
	t.say("solve S x = (1, 2, 3, 4) by LU: x = %.4f, κ₁(S) ≈ %.3g", sol, lu.Cond())
	t.checkTrue("LU solve is backward stable", ratio <= 10, fmtRatio("‖Sx − b‖/(nε‖S‖‖x‖)", ratio))

	// The Cholesky factor of the covariance.
	ch, err := matrix.FactorizeCholesky(s)
	if err != nil {
		return err
	}
	l := ch.L()
	llt, _ := matrix.MulABT(l, l)
	diff, _ := matrix.Sub(s, llt)
	ratio = matrix.NormFrobenius(diff) / (n * machineEps * matrix.NormFrobenius(s))
	t.say("Cholesky S = LLᵀ: diag(L) = %.4f, log det S = %.4f", diagonal(l), ch.LogDet())
	t.checkTrue("Cholesky is backward stable", ratio <= 10, fmtRatio("‖S − LLᵀ‖/(nε‖S‖)", ratio))

	// The SVD of the centred data: σ²/n are the eigenvalues of S.
	xc, _, _ := matrix.Center(x)
	svd, err := matrix.FactorizeSVD(xc, matrix.SVDThin)
	if err != nil {
		return err
	}
	sig := svd.Values()
	u, v := svd.U(), svd.V()
	us := u.Clone()
	for j, sj := range sig {
		for i := range us.Rows() {
			us.Set(i, j, us.At(i, j)*sj)
		}
	}
	usv, _ := matrix.MulABT(us, v)
	diff, _ = matrix.Sub(xc, usv)
	ratio = matrix.NormFrobenius(diff) / (float64(xc.Rows()) * machineEps * matrix.NormFrobenius(xc))
	t.say("SVD of the centred 150×4 data: σ = %.4f", sig)
	t.checkTrue("SVD is backward stable", ratio <= 10, fmtRatio("‖X − UΣVᵀ‖/(nε‖X‖)", ratio))
	tr, _ := matrix.Trace(s)
	var sum2 float64
	for _, sj := range sig {
		sum2 += sj * sj
	}
	t.checkClose("Σσ²/n = trace S (total variance)", sum2/float64(xc.Rows()), tr, 16*machineEps*float64(xc.Rows()))

	// Least squares on the diabetes data: the residual is orthogonal to
	// every column (the normal equations AᵀAw = Aᵀy hold).
	diab, err := t.loadCSV("diabetes.csv")
	if err != nil {
		return err
	}
	a, y, _, _ := diab.Split(diab.Data.Cols() - 1)
	a1 := withIntercept(a)
	ym, _ := matrix.NewFromSlice(len(y), 1, y)
	w, rank, err := matrix.LeastSquares(a1, ym, 0)
	if err != nil {
		return err
	}
	aw, _ := matrix.Mul(a1, w)
	r, _ := matrix.Sub(ym, aw)
	atr, _ := matrix.MulATB(a1, r)
	t.claim("the least-squares w solves the normal equations AᵀA w = Aᵀy, so Aᵀ(y − Aw) = 0")
	t.say("diabetes: %d patients, %d features + intercept, rank %d, ‖y − Aw‖ = %.4g", a.Rows(), a.Cols(), rank, matrix.NormFrobenius(r))
	orth := matrix.NormFrobenius(atr) / (float64(a1.Rows()) * machineEps * matrix.NormFrobenius(a1) * matrix.NormFrobenius(r))
	t.checkTrue("the residual is orthogonal to the columns of A", orth <= 10, fmtRatio("‖Aᵀr‖/(nε‖A‖‖r‖)", orth))
	return nil
}

// withIntercept prepends a column of ones (the bias term w₀).
func withIntercept(a *matrix.Dense) *matrix.Dense {
	n, d := a.Dims()
	out := matrix.New(n, d+1)
	for i := range n {
		row := out.Row(i)
		row[0] = 1
		copy(row[1:], a.Row(i))
	}
	return out
}

func diagonal(a *matrix.Dense) []float64 {
	d := make([]float64, min(a.Rows(), a.Cols()))
	for i := range d {
		d[i] = a.At(i, i)
	}
	return d
}

func fmtRatio(what string, r float64) string {
	if math.IsNaN(r) {
		return what + " = NaN"
	}
	return what + " = " + formatNumber(math.Round(r*100)/100) + " ≤ 10"
}
