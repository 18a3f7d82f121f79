package learn_test

import (
	"fmt"

	"mlnotes/learn"
	"mlnotes/matrix"
)

func line(v ...float64) *matrix.Dense {
	m, _ := matrix.NewFromSlice(len(v), 1, v)
	return m
}

// A 1-nearest-neighbour classifier: the closer training point decides.
func ExampleKNN() {
	m, _ := learn.KNN{K: 1}.Fit(line(0, 1, 10, 11), []int{5, 5, 9, 9})
	p, _ := m.Predict(line(2, 8))
	fmt.Println(p)
	// Output: [5 9]
}

// Leave-one-out cross-validation: ρ(i) = i.
func ExampleCrossValidateClassifier() {
	x := line(0, 1, 2, 10, 11)
	cv, _ := learn.CrossValidateClassifier(learn.KNN{K: 1}, x, []int{0, 0, 1, 1, 1}, []int{0, 1, 2, 3, 4})
	fmt.Printf("fold accuracies %v, e_cv = %.1f\n", cv.FoldScores, cv.ECV)
	// Output: fold accuracies [1 1 0 1 1], e_cv = 0.2
}

// A tree printed for reading.
func ExampleTreeClassifierModel_Text() {
	m, _ := learn.DecisionTree{}.Fit(line(1, 2, 3, 4, 5, 6), []int{0, 0, 1, 1, 1, 0})
	fmt.Print(m.Text([]string{"x"}))
	// Output:
	// |--- x <= 2.5
	// |   |--- class: 0 (samples 2)
	// |--- x >  2.5
	// |   |--- x <= 5.5
	// |   |   |--- class: 1 (samples 3)
	// |   |--- x >  5.5
	// |   |   |--- class: 0 (samples 1)
}

// AdaBoost stops at once when a stump is perfect (ξ₁ = 0).
func ExampleAdaBoost() {
	m, _ := learn.AdaBoost{Rounds: 10}.Fit(line(0, 1, 2, 3), []int{-1, -1, 1, 1})
	fmt.Println(m.StopRound, len(m.Stumps), m.Stumps[0].Threshold)
	// Output: 1 1 1.5
}

// The bootstrap of a 1-NN on two well-separated groups.
func ExampleBootstrap() {
	x := line(0, 0.1, 0.2, 0.3, 5, 5.1, 5.2, 5.3)
	r, _ := learn.Bootstrap{B: 50, Seed: 1}.EstimateClassifier(learn.KNN{K: 1}, x, []int{0, 0, 0, 0, 1, 1, 1, 1})
	fmt.Println(r.EBoot1, r.EBoot, r.E632)
	// Output: 0 0 0
}

// A random forest is the same for a seed whatever the number of workers.
func ExampleRandomForest() {
	x := line(0, 1, 2, 3, 4, 5, 6, 7)
	y := []int{0, 0, 0, 0, 1, 1, 1, 1}
	m, _ := learn.RandomForest{Trees: 20, Seed: 7, Workers: 2}.Fit(x, y)
	p, _ := m.Predict(line(0.5, 6.5))
	fmt.Println(p)
	// Output: [0 1]
}

// Bias² + variance + σ² is the expected squared error.
func ExampleBiasVariance() {
	r, _ := learn.BiasVariance{Sigma: 0.1, Trials: 50, Seed: 1}.Run(learn.VandermondeFit(3))
	fmt.Println(r.MaxIdentityGap < 1e-15)
	// Output: true
}

// Bagging any learner: here ten depth-1 trees.
func ExampleBagging() {
	x := line(0, 1, 2, 3, 4, 5, 6, 7)
	m, _ := learn.Bagging{Base: learn.DecisionTree{MaxDepth: 1}, B: 10, Seed: 1}.Fit(x, []int{0, 0, 0, 0, 1, 1, 1, 1})
	p, _ := m.Predict(line(-1, 9))
	fmt.Println(p, len(m.Models))
	// Output: [0 1] 10
}

// A stratified hold-out split keeps the class proportions.
func ExampleStratifiedHoldOutSplit() {
	y := []int{0, 0, 0, 0, 0, 0, 1, 1, 1, 1}
	train, validation, _ := learn.StratifiedHoldOutSplit(y, 0.5, 3)
	c := 0
	for _, i := range validation {
		c += y[i]
	}
	fmt.Println(len(train), len(validation), c)
	// Output: 5 5 2
}

// The three-classifier ensemble: h₁ is at chance on D₂ by construction.
func ExampleBoost3() {
	x := line(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)
	y := []int{0, 0, 1, 0, 0, 1, 1, 0, 1, 1, 0, 1}
	m, _ := learn.Boost3{Base: learn.KNN{K: 1}, N1: 4, Seed: 2}.Fit(x, y)
	fmt.Println(m.H1OnD2)
	// Output: 0.5
}
