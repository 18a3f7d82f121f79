package learn

import (
	"encoding/json"
	"math"
	"os"
	"testing"

	"mlnotes/matrix"
)

// The independent reference values of testdata/pca_reference.json: how
// each was computed is in testdata/gen/pca_reference.py.
type pcaReference struct {
	Provenance string
	PCA        map[string]struct {
		ExplainedVarianceSample []float64   `json:"explained_variance_sample"`
		ExplainedVarianceRatio  []float64   `json:"explained_variance_ratio"`
		Components              [][]float64 `json:"components"`
	} `json:"-"`
	KernelPCA map[string]struct {
		Eigenvalues      []float64   `json:"eigenvalues"`
		Projections      [][]float64 `json:"projections"`
		Query            [][]float64 `json:"query"`
		QueryProjections [][]float64 `json:"query_projections"`
	} `json:"kernel_pca"`
	Spectral map[string]struct {
		Sigma2      float64     `json:"sigma2"`
		Neighbors   int         `json:"neighbors"`
		Normalized  bool        `json:"normalized"`
		Rows        int         `json:"rows"`
		Eigenvalues []float64   `json:"eigenvalues"`
		Embedding   [][]float64 `json:"embedding"`
	} `json:"spectral"`
	LDA struct {
		TwoClass struct {
			W         []float64 `json:"w"`
			Criterion float64   `json:"criterion"`
		} `json:"iris_versicolor_virginica"`
		Wine struct {
			Eigenvalues []float64   `json:"eigenvalues"`
			Directions  [][]float64 `json:"directions"`
		} `json:"wine"`
	} `json:"lda"`
}

func readReference(t *testing.T) *pcaReference {
	t.Helper()
	raw, err := os.ReadFile("../testdata/pca_reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref pcaReference
	if err := json.Unmarshal(raw, &ref); err != nil {
		t.Fatal(err)
	}
	var all map[string]json.RawMessage
	json.Unmarshal(raw, &all)
	ref.PCA = map[string]struct {
		ExplainedVarianceSample []float64   `json:"explained_variance_sample"`
		ExplainedVarianceRatio  []float64   `json:"explained_variance_ratio"`
		Components              [][]float64 `json:"components"`
	}{}
	for _, name := range []string{"iris", "wine", "digits"} {
		v := ref.PCA[name]
		if err := json.Unmarshal(all[name], &v); err != nil {
			t.Fatal(err)
		}
		ref.PCA[name] = v
	}
	return &ref
}

// gapTol is the accuracy of eigenvector j of values λ (descending): the
// perturbation bound c·(n+d)·ε·λ₁/gapⱼ, with the gap to both neighbours.
func gapTol(lambda []float64, j, n, d int) float64 {
	gap := math.Inf(1)
	if j > 0 {
		gap = lambda[j-1] - lambda[j]
	}
	if j+1 < len(lambda) {
		gap = math.Min(gap, lambda[j]-lambda[j+1])
	}
	return 64 * float64(n+d) * eps * lambda[0] / gap
}

// TestPCAAgainstScikitLearn: eigenvalues (1/(n−1)), ratios and components
// of iris, wine and digits against scikit-learn's full-SVD PCA, for the
// covariance method (the default) and the SVD method. Components are
// compared where the eigenvalue is separated from its neighbours (the
// digits have 3 zero eigenvalues whose directions are arbitrary).
func TestPCAAgainstScikitLearn(t *testing.T) {
	ref := readReference(t)
	for _, name := range []string{"iris", "wine", "digits"} {
		r := ref.PCA[name]
		x, _ := loadDataset(t, name+".csv")
		n, d := x.Dims()
		for _, method := range []PCAMethod{PCACovariance, PCASVD} {
			m, err := PCA{Variance: matrix.Sample, Method: method}.Fit(x)
			if err != nil {
				t.Fatal(err)
			}
			vtol := 64 * float64(n+d) * eps * m.TotalVariance
			for j, want := range r.ExplainedVarianceSample {
				if math.Abs(m.Eigenvalues[j]-want) > vtol {
					t.Errorf("%s %s: λ%d = %.15g, scikit-learn %.15g", name, method, j, m.Eigenvalues[j], want)
				}
				if math.Abs(m.ExplainedVarianceRatio[j]-r.ExplainedVarianceRatio[j]) > vtol/m.TotalVariance {
					t.Errorf("%s %s: ratio %d = %v, scikit-learn %v", name, method, j, m.ExplainedVarianceRatio[j], r.ExplainedVarianceRatio[j])
				}
				if want < 1e-10*m.TotalVariance {
					continue // a zero eigenvalue: any basis of its space will do
				}
				ctol := gapTol(r.ExplainedVarianceSample, j, n, d)
				if ctol > 1e-6 {
					continue // a cluster: directions not determined to this accuracy
				}
				for i, w := range r.Components[j] {
					if math.Abs(m.Components.At(j, i)-w) > ctol {
						t.Fatalf("%s %s: component %d entry %d: %v, scikit-learn %v (tolerance %g)", name, method, j, i, m.Components.At(j, i), w, ctol)
					}
				}
			}
		}
	}
}

// TestKernelPCAAgainstScikitLearn: eigenvalues of the centred Gram matrix,
// training projections and query projections on iris for the notes'
// Gaussian (σ² = 2) and polynomial (1 + xᵀy)² kernels, against
// scikit-learn's dense KernelPCA (projections up to sign).
func TestKernelPCAAgainstScikitLearn(t *testing.T) {
	ref := readReference(t)
	x, _ := loadDataset(t, "iris.csv")
	n, d := x.Dims()
	for name, kern := range map[string]Kernel{"rbf_sigma2_2": Gaussian(2), "poly_2": Polynomial(2)} {
		r := ref.KernelPCA[name]
		const k = 3
		m, err := KernelPCA{Kernel: kern, Components: k, Solver: "full"}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		// The Gram matrix from norms and dot products carries an error of
		// a few ε·(‖x‖² + ‖y‖²) per entry (times γ in the exponent).
		for j, want := range r.Eigenvalues {
			if math.Abs(m.Eigenvalues[j]-want) > 1e3*float64(n)*eps*r.Eigenvalues[0] {
				t.Errorf("%s: μ%d = %.15g, scikit-learn %.15g", name, j, m.Eigenvalues[j], want)
			}
		}
		q, _ := matrix.NewFromRows(r.Query)
		var signs [k]float64 // fixed on the training points, reused for q
		for _, c := range []struct {
			pts  *matrix.Dense
			want [][]float64
		}{{x, r.Projections}, {q, r.QueryProjections}} {
			y, err := m.Transform(c.pts)
			if err != nil {
				t.Fatal(err)
			}
			for j := range k {
				if signs[j] == 0 {
					var dot float64
					for i := range c.pts.Rows() {
						dot += y.At(i, j) * c.want[i][j]
					}
					signs[j] = math.Copysign(1, dot)
				}
				// Eigenvector accuracy (gap bound) times the size of the
				// projections.
				tol := 16 * gapTol(m.Eigenvalues, j, n, d) * matrix.NormMax(y)
				for i := range c.pts.Rows() {
					if math.Abs(signs[j]*y.At(i, j)-c.want[i][j]) > tol {
						t.Fatalf("%s: point %d component %d: %v, scikit-learn %v (tolerance %g)", name, i, j, signs[j]*y.At(i, j), c.want[i][j], tol)
					}
				}
			}
		}
	}
}

// TestSpectralAgainstNumpy: the k+1 smallest Laplacian eigenvalues and the
// embedding (up to sign) against numpy's eigh of the Laplacian written out
// from its definition, on all pairs of iris and on the 10-nearest-neighbour
// graph of 60 standardized wines.
func TestSpectralAgainstNumpy(t *testing.T) {
	ref := readReference(t)
	iris, _ := loadDataset(t, "iris.csv")
	wine, _ := loadDataset(t, "wine.csv")
	wine60, _, _, _ := matrix.Standardize(wine.Slice(0, 60, 0, wine.Cols()).Clone(), matrix.Population)
	for name, r := range ref.Spectral {
		x := iris
		if r.Rows == 60 {
			x = wine60
		}
		k := len(r.Eigenvalues) - 1
		m, err := SpectralEmbedding{Components: k, Sigma2: r.Sigma2, Neighbors: r.Neighbors, Normalized: r.Normalized}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		n := x.Rows()
		scale := matrix.NormFrobenius(m.Laplacian)
		for j, want := range r.Eigenvalues {
			if math.Abs(m.Eigenvalues[j]-want) > 1e3*float64(n)*eps*scale {
				t.Errorf("%s: λ%d = %v, numpy %v", name, j, m.Eigenvalues[j], want)
			}
		}
		for j := range k {
			gap := math.Min(r.Eigenvalues[j+1]-r.Eigenvalues[j], math.Inf(1))
			if j+2 < len(r.Eigenvalues) {
				gap = math.Min(gap, r.Eigenvalues[j+2]-r.Eigenvalues[j+1])
			}
			tol := 1e3 * float64(n) * eps * scale / gap
			var dot float64
			for i := range n {
				dot += m.Embedding.At(i, j) * r.Embedding[i][j]
			}
			sign := math.Copysign(1, dot)
			for i := range n {
				if math.Abs(sign*m.Embedding.At(i, j)-r.Embedding[i][j]) > tol {
					t.Fatalf("%s: h%d[%d] = %v, numpy %v (tolerance %g)", name, j, i, sign*m.Embedding.At(i, j), r.Embedding[i][j], tol)
				}
			}
		}
	}
}

// TestFisherAgainstReference: the two-class direction and J on iris
// (numpy.linalg.solve) and the three-class eigenvalues (scipy's
// generalized eigh) and directions (scikit-learn's eigen-solver LDA) on
// wine.
func TestFisherAgainstReference(t *testing.T) {
	ref := readReference(t)
	x, y := loadLabelled(t, "iris.csv")
	var rows [][]float64
	var y2 []int
	for i, c := range y {
		if c > 0 {
			rows = append(rows, x.Row(i))
			y2 = append(y2, c)
		}
	}
	x2, _ := matrix.NewFromRows(rows)
	m, err := FisherLDA{}.Fit(x2, y2)
	if err != nil {
		t.Fatal(err)
	}
	// κ(S_w) of these four features is about 30: a few hundred ε.
	for i, w := range ref.LDA.TwoClass.W {
		if math.Abs(m.W[i]-w) > 1e3*eps {
			t.Errorf("w[%d] = %v, numpy %v", i, m.W[i], w)
		}
	}
	if math.Abs(m.Criterion-ref.LDA.TwoClass.Criterion) > 1e3*eps*ref.LDA.TwoClass.Criterion {
		t.Errorf("J = %v, numpy %v", m.Criterion, ref.LDA.TwoClass.Criterion)
	}
	xw, yw := loadLabelled(t, "wine.csv")
	mw, err := FisherLDA{}.Fit(xw, yw)
	if err != nil {
		t.Fatal(err)
	}
	// Wine's S_w has κ ≈ 1e7 (proline is in the thousands): the
	// generalized problem is accurate to about κ·ε relative.
	cond := 1e7
	for j, want := range ref.LDA.Wine.Eigenvalues {
		if math.Abs(mw.Eigenvalues[j]-want) > 64*cond*eps*want {
			t.Errorf("wine λ%d = %v, scipy %v", j, mw.Eigenvalues[j], want)
		}
	}
	for j, dir := range ref.LDA.Wine.Directions {
		for i, w := range dir {
			if math.Abs(mw.Directions.At(j, i)-w) > 64*cond*eps {
				t.Errorf("wine direction %d entry %d: %v, scikit-learn %v", j, i, mw.Directions.At(j, i), w)
			}
		}
	}
}
