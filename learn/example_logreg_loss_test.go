package learn_test

import (
	"fmt"

	"mlnotes/learn"
	"mlnotes/matrix"
	"mlnotes/optimize"
)

// Gradient descent with a fixed step, run by hand on the objective that
// LogisticRegression minimizes, approaches Newton's answer.
func ExampleLogisticLoss() {
	x, _ := matrix.NewFromRows([][]float64{{0}, {1}, {2}, {3}, {2.5}, {4}, {5}, {6}})
	y := []int{3, 3, 3, 3, 7, 7, 7, 7}
	loss, err := learn.NewLogisticLoss(x, y, 0.1)
	if err != nil {
		panic(err)
	}
	newton, _ := learn.LogisticRegression{Lambda: 0.1}.Fit(x, y)
	res, _ := optimize.GradientDescent(loss, make([]float64, loss.Dim()),
		&optimize.GDSettings{StepSize: 0.05, Stop: optimize.Stop{GradAbsTol: -1, GradRelTol: -1, MaxIter: 5000}})
	m, _ := loss.Model(res.X)
	fmt.Printf("gradient descent: w = %.3f, b = %.3f, f = %.4f\n", m.Coef.At(0, 0), m.Intercept[0], m.Objective)
	fmt.Printf("Newton:           w = %.3f, b = %.3f, f = %.4f\n", newton.Coef.At(0, 0), newton.Intercept[0], newton.Objective)
	// Output:
	// gradient descent: w = 1.689, b = -4.821, f = 2.4318
	// Newton:           w = 1.689, b = -4.821, f = 2.4318
}
