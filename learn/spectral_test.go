package learn

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

// TestSpectralTraceProblem checks the slides' solution of
// min trace(HᵀLH) over HᵀH = I on both graphs (all pairs, k nearest) and
// both Laplacians: H has orthonormal columns, trace(HᵀLH) is the sum of
// the eigenvalues 2..k+1, the skipped eigenvalue is 0 with eigenvector
// 1 (unnormalized) or D^(1/2)1 (normalized), the Laplacian is symmetric
// with zero row sums (unnormalized), and the graph is symmetric.
func TestSpectralTraceProblem(t *testing.T) {
	x, _ := loadDataset(t, "iris.csv")
	n := x.Rows()
	const k = 3
	unnormalized := map[int]*SpectralModel{}
	for _, neighbors := range []int{0, 10} {
		for _, normalized := range []bool{false, true} {
			m, err := SpectralEmbedding{Components: k, Sigma2: 1, Neighbors: neighbors, Normalized: normalized}.Fit(x)
			if err != nil {
				t.Fatal(err)
			}
			if !normalized {
				unnormalized[neighbors] = m
			}
			l := m.Laplacian
			tol := 64 * float64(n) * eps * matrix.NormFrobenius(l)
			if !l.IsSymmetric(0) {
				t.Errorf("neighbors %d normalized %v: L not symmetric", neighbors, normalized)
			}
			hth, _ := matrix.MulATB(m.Embedding, m.Embedding)
			diff, _ := matrix.Sub(hth, matrix.Identity(k))
			if e := matrix.NormFrobenius(diff); e > 64*float64(n)*eps {
				t.Errorf("neighbors %d normalized %v: ‖HᵀH − I‖ = %g", neighbors, normalized, e)
			}
			lh, _ := matrix.Mul(l, m.Embedding)
			hlh, _ := matrix.MulATB(m.Embedding, lh)
			tr, _ := matrix.Trace(hlh)
			if want := sumFloat(m.Eigenvalues[1:]); math.Abs(tr-want) > tol {
				t.Errorf("neighbors %d normalized %v: trace(HᵀLH) = %v, λ₂+…+λ%d = %v", neighbors, normalized, tr, k+1, want)
			}
			if math.Abs(m.Eigenvalues[0]) > tol {
				t.Errorf("neighbors %d normalized %v: smallest eigenvalue %v", neighbors, normalized, m.Eigenvalues[0])
			}
			// The trivial eigenvector: L v₀ = 0 for v₀ = 1 or D^(1/2)1,
			// with the degrees dᵢ read off the diagonal of D − W.
			v0 := make([]float64, n)
			for i := range n {
				v0[i] = 1
				if normalized {
					v0[i] = math.Sqrt(unnormalized[neighbors].Laplacian.At(i, i))
				}
			}
			lv, _ := matrix.MulVec(l, v0)
			if r := matrix.Nrm2(lv) / matrix.Nrm2(v0); r > tol {
				t.Errorf("neighbors %d normalized %v: ‖L v₀‖/‖v₀‖ = %g", neighbors, normalized, r)
			}
		}
	}
}

func TestSpectralErrors(t *testing.T) {
	x := randData(rand.New(rand.NewPCG(51, 52)), 10, 2)
	for _, c := range []SpectralEmbedding{
		{Sigma2: 1, Components: 10},
		{Sigma2: 1, Components: -1},
		{Sigma2: 1, Neighbors: 10},
		{Sigma2: 1, Neighbors: -2},
		{Sigma2: math.Inf(1)},
		{Sigma2: math.NaN()},
	} {
		if _, err := c.Fit(x); !errors.Is(err, ErrInvalidParameter) {
			t.Errorf("%+v: %v", c, err)
		}
	}
}
