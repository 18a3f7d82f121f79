// Command mlp_fashion trains learn.MLP on Fashion-MNIST as
// testdata/gen/mlp_fashion_sklearn.py trains scikit-learn's MLPClassifier,
// for the comparison in docs/performance.md ("Neural networks"):
//
//	GOMAXPROCS=1 go run ./testdata/gen/mlp_fashion [-dir /usr/share/datasets/fashion-mnist]
//
// The first 10000 training images, pixels divided by 255, one hidden layer
// of 256 ReLU units, softmax and cross-entropy, Adam (α = 0.001), batch 32,
// 10 epochs, no weight decay, seeds 0, 1, 2; it prints the accuracy on the
// 10000 test images and the training time (wall and CPU of the process).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"mlnotes/learn"
	"mlnotes/matrix"
	"mlnotes/optimize"
)

func cpu() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func main() {
	dir := flag.String("dir", "/usr/share/datasets/fashion-mnist", "folder of the four IDX files")
	flag.Parse()
	read := func(name string) *matrix.Dense {
		x, _, _, err := matrix.ReadIDXImagesFile(filepath.Join(*dir, name))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return matrix.Scale(1.0/255, x)
	}
	labels := func(name string) []int {
		y, err := matrix.ReadIDXLabelsFile(filepath.Join(*dir, name))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return y
	}
	const n = 10000
	x := read("train-images-idx3-ubyte.gz").Slice(0, n, 0, 784)
	y := labels("train-labels-idx1-ubyte.gz")[:n]
	xt, yt := read("t10k-images-idx3-ubyte.gz"), labels("t10k-labels-idx1-ubyte.gz")
	for seed := range uint64(3) {
		w0, c0 := time.Now(), cpu()
		m, err := learn.MLP{Hidden: []int{256}, Training: learn.Training{
			Adam: &optimize.AdamSettings{LearningRate: 0.001, BatchSize: 32, Epochs: 10, Seed: seed}}}.FitClassifier(x, y)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		wall, c := time.Since(w0), cpu()-c0
		pred, _ := m.Predict(xt)
		right := 0
		for i := range pred {
			if pred[i] == yt[i] {
				right++
			}
		}
		fmt.Printf("mlnotes seed %d: test accuracy %.4f, fit wall %.1fs cpu %.1fs\n", seed, float64(right)/float64(len(pred)), wall.Seconds(), c.Seconds())
	}
}
