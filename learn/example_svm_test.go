package learn_test

import (
	"bytes"
	"fmt"
	"math"

	"mlnotes/learn"
	"mlnotes/matrix"
)

// The notes' ν-SVM bounds on eight points in two classes (one point of
// class 1, (1.5, 2), lies among class 0):
// the fraction of margin errors ≤ ν ≤ the fraction of support vectors, and
// the C-SVM with C = 1/r that has the same solution.
func ExampleSVM_Fit_nu() {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {1, 1}, {2, 0.5}, {1.5, 2}, {3, 3}, {4, 2}, {3.5, 4}, {0.5, 0.2}})
	y := []int{0, 0, 0, 1, 1, 1, 1, 0}
	m, _ := learn.SVM{Type: learn.NuSVC, Nu: 0.25, Tol: 1e-9}.Fit(x, y)
	b := m.Machines[0]
	fmt.Printf("margin errors %.4f ≤ ν = 0.25 ≤ support vectors %.4f, equivalent C %.4f\n", b.FractionBounded, b.FractionSV, b.EquivalentC)
	c, _ := learn.SVM{C: b.EquivalentC, Tol: 1e-9}.Fit(x, y)
	f1, _ := m.Decision(x)
	f2, _ := c.Decision(x)
	worst := 0.0
	for i := range f1 {
		worst = math.Max(worst, math.Abs(f1[i]-f2[i]))
	}
	fmt.Printf("the C-SVM with that C has the same f: %v\n", worst < 1e-6)
	// Output:
	// margin errors 0.1250 ≤ ν = 0.25 ≤ support vectors 0.3750, equivalent C 1.0667
	// the C-SVM with that C has the same f: true
}

// One-versus-one on three classes in one dimension: three machines vote.
func ExampleSVM_Fit_multiClass() {
	x, _ := matrix.NewFromRows([][]float64{{0}, {1}, {4}, {5}, {8}, {9}})
	m, _ := learn.SVM{Kernel: learn.Linear(), C: 10}.Fit(x, []int{0, 0, 1, 1, 2, 2})
	q, _ := matrix.NewFromRows([][]float64{{-1}, {2.4}, {4.5}, {6.6}, {20}})
	pred, _ := m.Predict(q)
	fmt.Println("machines:", len(m.Machines), "predictions:", pred)
	// Output: machines: 3 predictions: [0 0 1 2 2]
}

// A model saved as JSON and loaded back predicts bit for bit the same.
// The decision values are positive on the side of the larger label, 1
// here, as scikit-learn's: the first query lies by the class-0 points.
func ExampleLoadSVMClassifier() {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {1, 1}, {0, 1}, {1, 0}})
	m, _ := learn.SVM{Kernel: learn.Gaussian(0.5), C: 10}.Fit(x, []int{0, 0, 1, 1}) // XOR
	var buf bytes.Buffer
	m.Save(&buf)
	back, _ := learn.LoadSVMClassifier(&buf)
	q, _ := matrix.NewFromRows([][]float64{{0.1, 0.2}, {0.9, 0.1}, {0.2, 0.9}})
	f1, _ := m.Decision(q)
	f2, _ := back.Decision(q)
	fmt.Printf("f = %.4f, identical after loading: %v\n", f1, fmt.Sprint(f1) == fmt.Sprint(f2))
	// Output: f = [-0.6747 0.8186 0.6747], identical after loading: true
}

// Class probabilities by Platt's method (LIBSVM's -b 1): three classes on
// a line, the probabilities of points at each class and between two.
func ExampleSVMClassifierModel_PredictProba() {
	var rows [][]float64
	var y []int
	for i := range 60 {
		c := i % 3
		rows = append(rows, []float64{3*float64(c) + 0.9*math.Sin(float64(7*i))})
		y = append(y, c)
	}
	x, _ := matrix.NewFromRows(rows)
	m, _ := learn.SVM{Kernel: learn.Gaussian(1), Probability: true, Seed: 1}.Fit(x, y)
	q, _ := matrix.NewFromRows([][]float64{{0}, {1.5}, {6}})
	p, _ := m.PredictProba(q)
	for i := range q.Rows() {
		fmt.Printf("x = %.1f: %.2f\n", q.At(i, 0), p.Row(i))
	}
	// Output:
	// x = 0.0: [0.91 0.04 0.04]
	// x = 1.5: [0.41 0.50 0.08]
	// x = 6.0: [0.04 0.05 0.91]
}
