package learn_test

import (
	"bytes"
	"fmt"
	"math"

	"mlnotes/eigen"
	"mlnotes/learn"
	"mlnotes/matrix"
)

// Four points on a line y = x with a little noise: one component carries
// almost all of the variance.
func ExamplePCA() {
	x, _ := matrix.NewFromRows([][]float64{{1, 1.1}, {2, 1.9}, {3, 3.2}, {4, 3.8}})
	m, _ := learn.PCA{Components: 1}.Fit(x)
	fmt.Printf("eigenvalues %.4f\n", m.Eigenvalues)
	fmt.Printf("direction %.4f\n", m.Components.Row(0))
	fmt.Printf("explained %.4f\n", m.ExplainedVarianceRatio)
	mse, _ := m.ReconstructionError(x)
	fmt.Printf("reconstruction MSE %.4f = discarded λ %.4f\n", mse, m.Eigenvalues[1])
	// Output:
	// eigenvalues [2.3642 0.0108]
	// direction [0.7256 0.6881]
	// explained [0.9954]
	// reconstruction MSE 0.0108 = discarded λ 0.0108
}

// The projections of the same four points and their reconstruction error
// in one pass over the data.
func ExamplePCAModel_TransformError() {
	x, _ := matrix.NewFromRows([][]float64{{1, 1.1}, {2, 1.9}, {3, 3.2}, {4, 3.8}})
	m, _ := learn.PCA{Components: 1}.Fit(x)
	y, mse, _ := m.TransformError(x)
	fmt.Printf("projections %.4f\n", y.Col(0))
	fmt.Printf("reconstruction MSE %.4f\n", mse)
	// Output:
	// projections [-2.0518 -0.7757 0.8445 1.9830]
	// reconstruction MSE 0.0108
}

func ExampleWhiten() {
	x, _ := matrix.NewFromRows([][]float64{{2, 0}, {0, 1}, {-2, 0}, {0, -1}})
	w, _ := learn.Whiten{Method: learn.ZCAWhitening}.Fit(x)
	z, _ := w.Transform(x)
	cov, _ := matrix.Covariance(z, matrix.Population)
	fmt.Print(cov)
	// Output:
	// [   1.0000    0.0000]
	// [   0.0000    1.0000]
}

// The four ways to the principal components of the notes give the same
// eigenvalues: the covariance S u = λ u (000, "1.1. Linear Dimensionality Reduction"), the SVD of the centred
// data, the n×n Gram matrix (004, "High dimensional PCA") and deflation
// (003, "Potential Algorithm"). The values agree with numpy 1.24's eigh of the 1/n covariance.
func ExamplePCAMethod() {
	x, _ := matrix.NewFromRows([][]float64{{2, 0, 1}, {0, 1, 1}, {-2, 0, 0}, {0, -1, 2}, {1, 1, 1}})
	for _, method := range []learn.PCAMethod{learn.PCACovariance, learn.PCASVD, learn.PCAGram, learn.PCADeflation} {
		m, _ := learn.PCA{Components: 2, Method: method}.Fit(x)
		fmt.Printf("%-9s λ = %.4f, u₁ = %.4f\n", method, m.Eigenvalues[:2], m.Components.Row(0))
	}
	// Output:
	// eig       λ = [1.8770 0.6897], u₁ = [0.9649 0.0792 0.2506]
	// svd       λ = [1.8770 0.6897], u₁ = [0.9649 0.0792 0.2506]
	// gram      λ = [1.8770 0.6897], u₁ = [0.9649 0.0792 0.2506]
	// deflation λ = [1.8770 0.6897], u₁ = [0.9649 0.0792 0.2506]
}

// With every component, X = UZ exactly (001, "Principal Component Analysis"); with fewer, the
// reconstruction x̂ = Aᵀy + x̄ is the closest point of the principal
// subspace, and storing it costs k(d + n) numbers instead of d·n (003, "Approximate Representation").
func ExamplePCAModel_Reconstruct() {
	x, _ := matrix.NewFromRows([][]float64{{1, 2, 3}, {2, 4, 7}, {3, 5, 8}, {4, 8, 13}})
	for _, k := range []int{3, 1} {
		m, _ := learn.PCA{Components: k}.Fit(x)
		y, _ := m.Transform(x)
		xh, _ := m.Reconstruct(y)
		diff, _ := matrix.Sub(x, xh)
		compressed, original := m.StorageCount(4)
		fmt.Printf("k = %d: ‖X − X̂‖ < 1e-12: %v, storage %d of %d\n", k, matrix.NormFrobenius(diff) < 1e-12, compressed, original)
	}
	// Output:
	// k = 3: ‖X − X̂‖ < 1e-12: true, storage 21 of 12
	// k = 1: ‖X − X̂‖ < 1e-12: false, storage 7 of 12
}

// A fitted model saves as JSON and loads back bit for bit.
func ExampleLoadPCA() {
	x, _ := matrix.NewFromRows([][]float64{{1, 1.1}, {2, 1.9}, {3, 3.2}, {4, 3.8}})
	m, _ := learn.PCA{Components: 1}.Fit(x)
	var buf bytes.Buffer
	m.Save(&buf)
	back, err := learn.LoadPCA(&buf)
	y1, _ := m.Transform(x)
	y2, _ := back.Transform(x)
	fmt.Println(err, matrix.EqualApprox(y1, y2, 0))
	// Output: <nil> true
}

// PCA whitening rotates onto the principal axes and scales them; ZCA
// rotates back, so its output stays close to the data. Both leave the
// covariance equal to I. (Checked with numpy 1.24.)
func ExampleWhitenModel_Transform() {
	x, _ := matrix.NewFromRows([][]float64{{3, 1}, {1, 1}, {-3, -1}, {-1, -1}})
	for _, method := range []learn.WhitenMethod{learn.PCAWhitening, learn.ZCAWhitening} {
		w, _ := learn.Whiten{Method: method}.Fit(x)
		z, _ := w.Transform(x)
		z1 := z.Row(0)
		for j, v := range z1 {
			if math.Abs(v) < 1e-12 {
				z1[j] = 0 // a zero up to a rounding residue of either sign
			}
		}
		fmt.Printf("%s: z₁ = %.4f\n", method, z1)
	}
	// Output:
	// pca: z₁ = [1.3066 -0.5412]
	// zca: z₁ = [1.4142 0.0000]
}

// Example_pcaDigits walks the notes' PCA procedure (000, "PCA Procedure";
// 003, "P.C.A. Algorithm") on the 8×8 handwritten digits, step by step,
// with the library calls a student would write by hand, and checks each
// step against learn.PCA.
func Example_pcaDigits() {
	tab, _ := matrix.ReadCSVFile("../testdata/digits.csv")
	x, _, _, _ := tab.Split(tab.Data.Cols() - 1) // X: n×d = 1797×64
	n, d := x.Dims()

	// Step 1: the sample covariance S = (1/n) Σᵢ (xᵢ − x̄)(xᵢ − x̄)ᵀ.
	s, _ := matrix.Covariance(x, matrix.Population)
	// Step 2: its eigenvalues, descending (S u = λ u).
	r, _ := eigen.Symmetric(s, eigen.SymmetricOptions{})
	r = r.Descending()
	total, _ := matrix.Trace(s)
	// The 95% rule: the smallest K with Σₖ≤K λₖ ≥ 0.95 Σ λ.
	var cum float64
	k := 0
	for cum < 0.95*total {
		cum += r.Values[k]
		k++
	}
	fmt.Printf("n = %d, d = %d, λ₁ = %.4f, trace S = %.4f, K = %d\n", n, d, r.Values[0], total, k)

	// Steps 3 and 4: A (K×d) with the eigenvectors as rows, y = A(x − x̄).
	m, _ := learn.PCA{VarianceFraction: 0.95}.Fit(x)
	fmt.Printf("learn.PCA keeps K = %d, λ₁ = %.4f\n", m.K(), m.Eigenvalues[0])
	y, _ := m.Transform(x)
	col := y.Col(0)
	fmt.Printf("variance of y₁ = %.4f (= λ₁)\n", matrix.Dot(col, col)/float64(n))

	// The reconstruction error is the sum of the discarded eigenvalues.
	mse, _ := m.ReconstructionError(x)
	var discarded float64
	for _, l := range r.Values[k:] {
		discarded += l
	}
	fmt.Printf("reconstruction MSE %.4f, Σ discarded λ %.4f\n", mse, discarded)
	// Output:
	// n = 1797, d = 64, λ₁ = 178.9073, trace S = 1201.4787, K = 29
	// learn.PCA keeps K = 29, λ₁ = 178.9073
	// variance of y₁ = 178.9073 (= λ₁)
	// reconstruction MSE 54.3110, Σ discarded λ 54.3110
}
