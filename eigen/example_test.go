package eigen_test

import (
	"fmt"
	"math"

	"mlnotes/eigen"
	"mlnotes/matrix"
)

func ExampleSymmetric() {
	// The covariance of two perfectly correlated features has eigenvalues
	// 0 and 2 (all the variance lies along (1, 1)/√2).
	s, _ := matrix.NewFromRows([][]float64{{1, 1}, {1, 1}})
	r, _ := eigen.Symmetric(s, eigen.SymmetricOptions{})
	fmt.Printf("λ = %.4f\nv₂ = %.4f\n", r.Values, r.Vectors.Col(1))
	// Output:
	// λ = [0.0000 2.0000]
	// v₂ = [0.7071 0.7071]
}

func ExampleJacobi() {
	a, _ := matrix.NewFromRows([][]float64{{4, 1, 0}, {1, 3, 1}, {0, 1, 2}})
	r, _ := eigen.Jacobi(a, eigen.JacobiOptions{
		ValuesOnly: true,
		Trace: func(s eigen.JacobiSweep) {
			off := fmt.Sprintf("%.1e", s.OffNorm)
			if s.OffNorm < 1e-12 { // below rounding noise: print no digits
				off = "< 1e-12"
			}
			fmt.Printf("sweep %d: off(A) %s after %d rotations\n", s.Sweep, off, s.Rotations)
		},
	})
	fmt.Printf("λ = %.4f\n", r.Values)
	// Output:
	// sweep 1: off(A) 2.3e-01 after 3 rotations
	// sweep 2: off(A) 2.9e-04 after 3 rotations
	// sweep 3: off(A) 1.2e-06 after 1 rotations
	// sweep 4: off(A) < 1e-12 after 2 rotations
	// sweep 5: off(A) < 1e-12 after 0 rotations
	// λ = [1.2679 3.0000 4.7321]
}

func ExampleGeneralized() {
	// A v = λ B v with B = diag(1, 4): the eigenvalues are aᵢᵢ/bᵢᵢ.
	a := matrix.Diag([]float64{2, 8})
	b := matrix.Diag([]float64{1, 4})
	r, _ := eigen.Generalized(a, b, eigen.SymmetricOptions{})
	fmt.Printf("λ = %.4f\n", r.Values)
	// Output: λ = [2.0000 2.0000]
}

func ExampleTopK() {
	// The two largest eigenvalues of diag(1, …, 100).
	d := make([]float64, 100)
	for i := range d {
		d[i] = float64(i + 1)
	}
	r, _ := eigen.TopK(matrix.Diag(d), 2, eigen.TopKOptions{})
	fmt.Printf("λ = %.4f\n", r.Values)
	// Output: λ = [99.0000 100.0000]
}

func ExampleTopK_repeated() {
	// A triple largest eigenvalue: one Lanczos run sees it once, the
	// restarts orthogonal to the locked vectors find the other copies.
	d := make([]float64, 100)
	for i := range d {
		d[i] = float64(i + 1)
	}
	d[0], d[1] = 100, 100
	r, _ := eigen.TopK(matrix.Diag(d), 4, eigen.TopKOptions{})
	fmt.Printf("λ = %.4f\n", r.Values)
	// Output: λ = [99.0000 100.0000 100.0000 100.0000]
}

func ExampleTopKFunc() {
	// The largest eigenvalue of the path Laplacian on 200 nodes, applied
	// as a stencil without forming the matrix: 2 − 2cos(199π/200).
	n := 200
	apply := func(dst, x []float64) {
		for i := range n {
			deg, s := 0.0, 0.0
			if i > 0 {
				deg, s = deg+1, s+x[i-1]
			}
			if i < n-1 {
				deg, s = deg+1, s+x[i+1]
			}
			dst[i] = deg*x[i] - s
		}
	}
	r, _ := eigen.TopKFunc(n, apply, 1, eigen.TopKOptions{})
	fmt.Printf("λ = %.6f\n", r.Values[0])
	// Output: λ = 3.999753
}

func ExampleSymmetric_divideConquer() {
	// The second-difference matrix tridiag(−1, 2, −1) of size 60, whose
	// eigenvalues are 2 − 2cos(kπ/61), by divide and conquer: 60 is split
	// into halves until the blocks have at most 25 rows, and each merge
	// solves a secular equation. At the last merge the two halves are
	// mirror images of each other, so every pole is double: a rotation
	// moves all of z onto one of each pair and the other 30 deflate.
	n := 60
	a := matrix.New(n, n)
	for i := range n {
		a.Set(i, i, 2)
		if i+1 < n {
			a.Set(i, i+1, -1)
			a.Set(i+1, i, -1)
		}
	}
	r, _ := eigen.Symmetric(a, eigen.SymmetricOptions{
		Method: eigen.DivideConquer,
		MergeTrace: func(m eigen.DCMerge) {
			fmt.Printf("merge T[%d..%d]: %d deflated\n", m.Low, m.High, m.Deflated)
		},
	})
	fmt.Printf("λ₁ = %.6f (exact %.6f)\n", r.Values[0], 2-2*math.Cos(math.Pi/61))
	// Output:
	// merge T[0..29]: 0 deflated
	// merge T[30..59]: 0 deflated
	// merge T[0..59]: 30 deflated
	// λ₁ = 0.002652 (exact 0.002652)
}

func ExampleResult_Descending() {
	// PCA wants the largest variance first; the solvers return ascending
	// values, and Largest keeps that order.
	s, _ := matrix.NewFromRows([][]float64{{2, 0, 0}, {0, 5, 0}, {0, 0, 1}})
	r, _ := eigen.Symmetric(s, eigen.SymmetricOptions{})
	top, _ := r.Largest(2)
	fmt.Printf("ascending  %.1f\ndescending %.1f\nlargest 2  %.1f\n", r.Values, r.Descending().Values, top.Values)
	// Output:
	// ascending  [1.0 2.0 5.0]
	// descending [5.0 2.0 1.0]
	// largest 2  [2.0 5.0]
}
