package learn

import (
	"testing"

	"mlnotes/eigen"
	"mlnotes/matrix"
)

// TestEigenOptionsPassThrough checks that the Eigen options of the PCA
// family reach the eigensolver (its trace reports steps) and that asking
// for values only cannot take away the eigenvectors the learners need.
func TestEigenOptionsPassThrough(t *testing.T) {
	x, _ := loadDataset(t, "iris.csv")
	steps := 0
	count := eigen.SymmetricOptions{Trace: func(eigen.QRStep) { steps++ }}
	plain, err := PCA{Components: 2}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	traced, err := PCA{Components: 2, Eigen: count}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if steps == 0 {
		t.Error("PCA: the trace saw no QR step")
	}
	if !matrix.EqualApprox(plain.Components, traced.Components, 0) {
		t.Error("PCA: tracing changed the components")
	}
	valuesOnly, err := PCA{Components: 2, Eigen: eigen.SymmetricOptions{ValuesOnly: true}}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if !matrix.EqualApprox(plain.Components, valuesOnly.Components, 0) {
		t.Error("PCA: ValuesOnly was not ignored")
	}
	for name, fit := range map[string]func(eigen.SymmetricOptions) error{
		"kernel PCA": func(o eigen.SymmetricOptions) error {
			_, err := KernelPCA{Kernel: Gaussian(2), Eigen: o}.Fit(x)
			return err
		},
		"spectral": func(o eigen.SymmetricOptions) error {
			_, err := SpectralEmbedding{Sigma2: 2, Eigen: o}.Fit(x)
			return err
		},
	} {
		steps = 0
		if err := fit(count); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if steps == 0 {
			t.Errorf("%s: the trace saw no QR step", name)
		}
	}
}
