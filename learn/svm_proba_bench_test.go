package learn

import (
	"testing"

	"mlnotes/matrix"
)

// BenchmarkSVMProbability: the cost of Probability (five cross-validation
// trainings per pair, then the sigmoid) on breast cancer (569×30, RBF,
// C = 1, LIBSVM's tolerance), against the plain fit.
func BenchmarkSVMProbability(b *testing.B) {
	tab, err := matrix.ReadCSVFile("../testdata/svm_libsvm/breast_cancer_std.csv")
	if err != nil {
		b.Fatal(err)
	}
	x, yf, _, err := tab.Split(tab.Data.Cols() - 1)
	if err != nil {
		b.Fatal(err)
	}
	y := make([]int, len(yf))
	for i, v := range yf {
		y[i] = int(v)
	}
	for _, proba := range []bool{false, true} {
		name := "plain"
		if proba {
			name = "probability"
		}
		b.Run(name, func(b *testing.B) {
			s := SVM{Kernel: Kernel{Type: GaussianKernel, Gamma: 1.0 / 30}, Probability: proba}
			for b.Loop() {
				if _, err := s.Fit(x, y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
