package learn_test

import (
	"fmt"
	"math"

	"mlnotes/learn"
	"mlnotes/matrix"
)

// A cubic fitted with the polynomial basis φ(x) = (x, x², x³) recovers its
// coefficients exactly from noise-free samples.
func ExampleLinearRegression() {
	xs := []float64{-2, -1, 0, 0.5, 1, 2, 3}
	x := matrix.New(len(xs), 1)
	y := make([]float64, len(xs))
	for i, v := range xs {
		x.Set(i, 0, v)
		y[i] = 1 - 2*v + 0.5*v*v*v // b = 1, w = (−2, 0, 0.5)
	}
	m, err := learn.LinearRegression{Basis: learn.Basis{Kind: learn.BasisPoly, Degree: 3}}.Fit(x, y)
	if err != nil {
		panic(err)
	}
	// w₂ is zero up to a rounding residue of either sign; +0 prints it
	// as 0.0000 rather than -0.0000.
	w2 := m.Coef[1]
	if math.Abs(w2) < 1e-12 {
		w2 = 0
	}
	fmt.Printf("w = (%.4f, %.4f, %.4f), b = %.4f, rank %d\n", m.Coef[0], w2, m.Coef[2], m.Intercept, m.Rank)
	// Output: w = (-2.0000, 0.0000, 0.5000), b = 1.0000, rank 3
}

// Example_ridgeMAP shows the MAP view of ridge regression (004, "Ridge
// Regression"): with noise variance σ² and a Gaussian prior of variance α²
// on each weight, the posterior mode maximizes
// −Σ(yᵢ − wᵀxᵢ)²/(2σ²) − wᵀw/(2α²), which is the ridge problem with
// λ = σ²/α². Here the MAP estimate is computed directly as the posterior
// mean of the Gaussian posterior, (XᵀX/σ² + I/α²)⁻¹Xᵀy/σ², and compared
// with Ridge (the intercept penalized too, as the prior covers every
// weight).
func Example_ridgeMAP() {
	x, _ := matrix.NewFromRows([][]float64{{1, 0.5}, {2, -1}, {3, 0}, {4, 2}, {5, 1}})
	y := []float64{1.2, 1.9, 3.2, 4.8, 5.1}
	sigma2, alpha2 := 0.25, 4.0
	lambda := sigma2 / alpha2
	r, err := learn.Ridge{Lambda: lambda, PenalizeIntercept: true}.Fit(x, y)
	if err != nil {
		panic(err)
	}
	// The posterior: precision A = ÃᵀÃ/σ² + I/α², mean A⁻¹Ãᵀy/σ², Ã = [1 X].
	a := matrix.New(5, 3)
	for i := range 5 {
		a.Set(i, 0, 1)
		a.Set(i, 1, x.At(i, 0))
		a.Set(i, 2, x.At(i, 1))
	}
	prec, _ := matrix.MulATB(a, a)
	prec = matrix.Scale(1/sigma2, prec)
	for i := range 3 {
		prec.Set(i, i, prec.At(i, i)+1/alpha2)
	}
	aty, _ := matrix.MulVecT(a, y)
	matrix.ScaleVec(1/sigma2, aty)
	chol, _ := matrix.FactorizeCholesky(prec)
	mean, _ := chol.SolveVec(aty)
	diff := math.Abs(mean[0]-r.Intercept) + math.Abs(mean[1]-r.Coef[0]) + math.Abs(mean[2]-r.Coef[1])
	fmt.Printf("λ = σ²/α² = %.4g; MAP = ridge: %v\n", lambda, diff < 1e-12)
	// Output: λ = σ²/α² = 0.0625; MAP = ridge: true
}

// Two overlapping classes with labels 3 and 7: the larger is the positive
// class, and the probabilities come in the order of Labels (scikit-learn,
// C = 10: 0.0418 and 0.9740).
func ExampleLogisticRegression() {
	x, _ := matrix.NewFromRows([][]float64{{0}, {1}, {2}, {3}, {2.5}, {4}, {5}, {6}})
	y := []int{3, 3, 3, 3, 7, 7, 7, 7}
	m, err := learn.LogisticRegression{Lambda: 0.1}.Fit(x, y)
	if err != nil {
		panic(err)
	}
	q, _ := matrix.NewFromRows([][]float64{{1}, {5}})
	p, _ := m.PredictProba(q)
	pred, _ := m.Predict(q)
	fmt.Printf("labels %v, solver %s, predictions %v\n", m.Labels(), m.Solver, pred)
	fmt.Printf("p(7 | x = 1) = %.3f, p(7 | x = 5) = %.3f\n", p.At(0, 1), p.At(1, 1))
	// Output:
	// labels [3 7], solver newton, predictions [3 7]
	// p(7 | x = 1) = 0.042, p(7 | x = 5) = 0.974
}

// The perceptron stops after its first epoch without a mistake.
func ExamplePerceptron() {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {1, 0}, {0, 1}, {3, 3}, {4, 3}, {3, 4}})
	y := []int{-1, -1, -1, 1, 1, 1}
	m, err := learn.Perceptron{Seed: 1}.Fit(x, y)
	if err != nil {
		panic(err)
	}
	pred, _ := m.Predict(x)
	fmt.Println(m.Converged, pred)
	// Output: true [-1 -1 -1 1 1 1]
}

// AdaLinE ends near the least-squares fit of the ±1 targets.
func ExampleAdaline() {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {1, 0}, {0, 1}, {3, 3}, {4, 3}, {3, 4}})
	y := []int{0, 0, 0, 1, 1, 1}
	m, err := learn.Adaline{LearningRate: 0.01, MaxIter: 500}.Fit(x, y)
	if err != nil {
		panic(err)
	}
	pred, _ := m.Predict(x)
	fmt.Printf("%v, training MSE %.3f\n", pred, m.TrainMSE())
	// Output: [0 0 0 1 1 1], training MSE 0.024
}

// Pearson's r ranks by |r| and keeps its sign; the mutual information of a
// copy of the target is its entropy.
func ExampleSelectFeatures() {
	x, _ := matrix.NewFromRows([][]float64{{1, 4, 0}, {2, 3, 1}, {3, 2, 0}, {4, 1, 1}})
	y := []float64{10, 20, 30, 40}
	s, _ := learn.SelectFeatures{K: 2}.Fit(x, y)
	fmt.Printf("r = %.3f, ranking %v, selected %v\n", s.Scores, s.Ranking, s.Selected)
	mi, _ := learn.MutualInformation(x, y, 10)
	fmt.Printf("MI = %.4f (ln 4 = %.4f)\n", mi, math.Log(4))
	// Output:
	// r = [1.000 -1.000 0.447], ranking [0 1 2], selected [0 1]
	// MI = [1.3863 1.3863 0.6931] (ln 4 = 1.3863)
}
