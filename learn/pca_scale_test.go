package learn

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

// anisotropic returns n×d Gaussian data with column j scaled by 1/(j+1),
// so the principal directions are the axes, with separated variances.
func anisotropic(rng *rand.Rand, n, d int) *matrix.Dense {
	x := randData(rng, n, d)
	for i := range n {
		for j, v := range x.Row(i) {
			x.Set(i, j, v/float64(j+1))
		}
	}
	return x
}

// sameDirections reports the largest 1 − |uⱼᵀvⱼ| over the rows of a and b.
func sameDirections(a, b *matrix.Dense) float64 {
	worst := 0.0
	for j := range a.Rows() {
		worst = math.Max(worst, 1-math.Abs(matrix.Dot(a.Row(j), b.Row(j))))
	}
	return worst
}

// TestPCATinyAndHugeScales: issue 13, item 16. Data × 1e-170 has a
// covariance of order 1e-340, below the smallest subnormal: it underflowed
// to 0 and the eig method returned arbitrary directions with no error.
// Every method must now return the directions and ratios of the unscaled
// data (the fit works on 2ᵉX, exactly scaled), with the mean scaled back;
// the eigenvalues are 1e-340·λ, which underflow honestly to 0 or a
// subnormal. Data whose variance exceeds float64 is an error.
func TestPCATinyAndHugeScales(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 1))
	x := anisotropic(rng, 50, 6)
	for _, method := range []PCAMethod{PCACovariance, PCASVD, PCAGram, PCADeflation, PCALanczos} {
		ref, err := PCA{Components: 3, Method: method}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []float64{1e-170, 1e-300, 1e150} {
			name := fmt.Sprintf("%s, data × %g", method, s)
			m, err := PCA{Components: 3, Method: method}.Fit(matrix.Scale(s, x))
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			// Rounding of the scaled data (one ulp per entry) moves the
			// directions by O(ε·λ₁/gap); gaps here are ≥ λ₁/4.
			if w := sameDirections(m.Components, ref.Components); w > 1e-12 {
				t.Errorf("%s: directions differ by 1 − |cos| = %.3g", name, w)
			}
			for j := range 3 {
				if math.Abs(m.ExplainedVarianceRatio[j]-ref.ExplainedVarianceRatio[j]) > 1e-12 {
					t.Errorf("%s: ratio %d = %v, want %v", name, j, m.ExplainedVarianceRatio[j], ref.ExplainedVarianceRatio[j])
				}
				want := ref.Eigenvalues[j] * s * s
				if math.Abs(m.Eigenvalues[j]-want) > 1e-12*want+4*0x1p-1074 {
					t.Errorf("%s: λ%d = %v, want %v", name, j, m.Eigenvalues[j], want)
				}
			}
			if math.Abs(m.Mean[0]-s*ref.Mean[0]) > 1e-12*math.Abs(s*ref.Mean[0])+0x1p-1074 {
				t.Errorf("%s: mean %v, want %v", name, m.Mean[0], s*ref.Mean[0])
			}
		}
		if _, err := (PCA{Components: 3, Method: method}).Fit(matrix.Scale(1e300, x)); !errors.Is(err, matrix.ErrNotFinite) {
			t.Errorf("%s, data × 1e300 (variance 1e600): got %v, want ErrNotFinite", method, err)
		}
	}
}

// TestPCAShapeChoice: issue 13, item 17. `pca -method eig` on 3×5000 data
// formed and solved a 5000×5000 covariance (365 s, 961 MB); the eig
// method now takes the non-zero eigenpairs of S from the 3×3 Gram problem
// (the same eigenpairs), and must agree with the Gram method. The automatic
// choice follows scikit-learn's: Gram for d > n, Lanczos for a few of many
// features, the covariance otherwise; Lanczos agrees with the covariance.
func TestPCAShapeChoice(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 2))
	wide := anisotropic(rng, 3, 5000)
	eig, err := PCA{Components: 2, Method: PCACovariance}.Fit(wide)
	if err != nil {
		t.Fatal(err)
	}
	gram, _ := PCA{Components: 2, Method: PCAGram}.Fit(wide)
	lz, err := PCA{Components: 2, Method: PCALanczos}.Fit(wide)
	if err != nil {
		t.Fatal(err)
	}
	if w := sameDirections(eig.Components, gram.Components); w > 1e-12 || len(eig.Eigenvalues) != 5000 || eig.Eigenvalues[2] != 0 {
		t.Errorf("3×5000 eig vs gram: 1 − |cos| = %.3g, %d eigenvalues, λ₃ = %v", w, len(eig.Eigenvalues), eig.Eigenvalues[2])
	}
	if w := sameDirections(lz.Components, gram.Components); w > 1e-12 {
		t.Errorf("3×5000 lanczos vs gram: 1 − |cos| = %.3g", w)
	}
	for _, c := range []struct {
		n, d, k int
		want    PCAMethod
	}{{3, 5000, 2, PCAGram}, {400, 300, 5, PCALanczos}, {400, 300, 40, PCACovariance}, {400, 100, 5, PCACovariance}} {
		x := anisotropic(rng, c.n, c.d)
		m, err := PCA{Components: c.k}.Fit(x)
		if err != nil || m.Method != c.want {
			t.Errorf("%d×%d, k = %d: method %q (%v), want %q", c.n, c.d, c.k, m.Method, err, c.want)
			continue
		}
		if c.want == PCALanczos {
			full, _ := PCA{Components: c.k, Method: PCACovariance}.Fit(x)
			if w := sameDirections(m.Components, full.Components); w > 1e-9 {
				t.Errorf("%d×%d: lanczos vs eig: 1 − |cos| = %.3g", c.n, c.d, w)
			}
			for j := range c.k {
				if math.Abs(m.Eigenvalues[j]-full.Eigenvalues[j]) > 1e-9*full.Eigenvalues[0] {
					t.Errorf("%d×%d: λ%d lanczos %v, eig %v", c.n, c.d, j, m.Eigenvalues[j], full.Eigenvalues[j])
				}
			}
		}
	}
	// Every direction (no k) of wide data by eig: the rank's from the Gram
	// problem, the rest an orthonormal basis of the null space of S:
	// A orthogonal, S·uⱼ = λⱼuⱼ to rounding, λⱼ = 0 beyond the rank.
	small := anisotropic(rng, 4, 60)
	all, err := PCA{Method: PCACovariance}.Fit(small)
	if err != nil || all.K() != 60 {
		t.Fatalf("4×60 eig, every direction: %v components, %v", all.K(), err)
	}
	aat, _ := matrix.MulABT(all.Components, all.Components)
	if diff, _ := matrix.Sub(aat, matrix.Identity(60)); matrix.NormMax(diff) > 60*4*eps {
		t.Errorf("4×60 eig: ‖AAᵀ − I‖max = %.3g", matrix.NormMax(diff))
	}
	s, _ := matrix.Covariance(small, matrix.Population)
	for j := range 60 {
		u := all.Components.Row(j)
		su, _ := matrix.MulVec(s, u)
		matrix.Axpy(-all.Eigenvalues[j], u, su)
		if r := matrix.Nrm2(su); r > 60*4*eps*all.Eigenvalues[0] || j >= 3 && all.Eigenvalues[j] != 0 {
			t.Errorf("4×60 eig: pair %d has residual %.3g, λ = %v", j, r, all.Eigenvalues[j])
			break
		}
	}
	if _, err := (PCA{Method: PCALanczos}).Fit(wide); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("lanczos without k: %v", err)
	}
}
