package learn_test

import (
	"fmt"

	"mlnotes/learn"
	"mlnotes/matrix"
	"mlnotes/optimize"
)

// A 2-2-1 network learns XOR: the forward pass keeps every ηˡ and yˡ,
// GradientCheck compares the δ recursion with finite differences, and
// Train runs full-batch gradient descent with momentum.
func ExampleNetwork() {
	x, _ := matrix.NewFromRows([][]float64{{0, 0}, {0, 1}, {1, 0}, {1, 1}})
	d, _ := matrix.NewFromRows([][]float64{{0}, {1}, {1}, {0}})
	net, _ := learn.NewNetwork([]int{2, 2, 1}, learn.Activation{Kind: learn.ActTanh}, learn.Activation{Kind: learn.ActSigmoid}, 1)
	check, _ := net.GradientCheck(x, d, learn.LossSquared, 0)
	fmt.Println("backpropagation agrees with finite differences:", check.MaxRelErr < 1e-6)
	net.Train(x, d, learn.LossSquared, 0, learn.Training{SGD: &optimize.SGDSettings{LearningRate: 0.5, Momentum: 0.9, BatchSize: 4, Epochs: 2000}})
	p, _ := net.Forward(x)
	for i := range 4 {
		fmt.Printf("%v → %.0f\n", x.Row(i), p.Y[3].At(i, 0))
	}
	// Output:
	// backpropagation agrees with finite differences: true
	// [0 0] → 0
	// [0 1] → 1
	// [1 0] → 1
	// [1 1] → 0
}

// An MLP classifier on iris: labels are any integers, PredictProba gives one
// column per label in the order of Labels.
func ExampleMLP() {
	tab, _ := matrix.ReadCSVFile("../testdata/iris.csv")
	x, y, _, _ := tab.Split(4)
	xs, _, _, _ := matrix.Standardize(x, matrix.Population)
	labels := make([]int, len(y))
	for i, v := range y {
		labels[i] = 10 * int(v)
	}
	m, err := learn.MLP{Hidden: []int{8}, Activation: learn.Activation{Kind: learn.ActTanh},
		Training: learn.Training{Adam: &optimize.AdamSettings{LearningRate: 0.01, BatchSize: 16, Epochs: 100}}}.Fit(xs, labels)
	if err != nil {
		fmt.Println(err)
		return
	}
	pred, _ := m.Predict(xs)
	right := 0
	for i := range pred {
		if pred[i] == labels[i] {
			right++
		}
	}
	fmt.Println("labels:", m.Labels())
	fmt.Println("training accuracy above 95 %:", float64(right)/150 > 0.95)
	// Output:
	// labels: [0 10 20]
	// training accuracy above 95 %: true
}

// A sparse autoencoder on the digits: its codes have a mean activation near
// ρ.
func ExampleAutoencoder() {
	tab, _ := matrix.ReadCSVFile("../testdata/digits.csv")
	x, _, _, _ := tab.Split(64)
	x = matrix.Scale(1.0/16, x)
	m, err := learn.Autoencoder{Hidden: 16, Type: learn.AutoencoderSparse, Rho: 0.05, Beta: 3,
		Training: learn.Training{Adam: &optimize.AdamSettings{LearningRate: 0.005, BatchSize: 32, Epochs: 5}}}.Fit(x)
	if err != nil {
		fmt.Println(err)
		return
	}
	codes, _ := m.Encode(x)
	mean := 0.0
	for i := range codes.Rows() {
		for _, v := range codes.Row(i) {
			mean += v
		}
	}
	mean /= float64(codes.Rows() * codes.Cols())
	fmt.Printf("codes %d×%d, mean activation below 0.1: %v\n", codes.Rows(), codes.Cols(), mean < 0.1)
	// Output:
	// codes 1797×16, mean activation below 0.1: true
}
