package learn

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

// realData lists the data sets of testdata/ on which every identity of the
// notes is checked (issue 6, item 7), with their labels as ints.
var realData = []string{"iris.csv", "wine.csv", "digits.csv"}

func loadLabelled(t testing.TB, name string) (*matrix.Dense, []int) {
	t.Helper()
	x, yf := loadDataset(t, name)
	y := make([]int, len(yf))
	for i, v := range yf {
		y[i] = int(v)
	}
	return x, y
}

// dropConstantColumns removes the columns with zero variance (the blank
// border pixels of the digits), which have a zero eigenvalue.
func dropConstantColumns(x *matrix.Dense) *matrix.Dense {
	n, d := x.Dims()
	var keep []int
	for j := range d {
		for i := 1; i < n; i++ {
			if x.At(i, j) != x.At(0, j) {
				keep = append(keep, j)
				break
			}
		}
	}
	out := matrix.New(n, len(keep))
	for i := range n {
		for c, j := range keep {
			out.Set(i, c, x.At(i, j))
		}
	}
	return out
}

// TestGramTrickOnRealData: the eigenvalues of the n×n matrix (1/n)XcXcᵀ
// are those of the d×d covariance (004, "High dimensional PCA"), and the
// recovered directions Xcᵀv/√(nλ) are unit principal directions. On the
// digits only the first 40 images are used, so that n < d as in the notes.
func TestGramTrickOnRealData(t *testing.T) {
	for _, name := range realData {
		x, _ := loadDataset(t, name)
		if name == "digits.csv" {
			x = x.Slice(0, 40, 0, x.Cols()).Clone()
		}
		n, d := x.Dims()
		cov, err := PCA{Method: PCACovariance}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		rank := min(n-1, d)
		gram, err := PCA{Components: min(rank, 5), Method: PCAGram}.Fit(x)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		tol := varTol(x, cov.TotalVariance)
		for j := range d {
			if math.Abs(gram.Eigenvalues[j]-cov.Eigenvalues[j]) > tol {
				t.Errorf("%s: λ%d: gram %v, covariance %v", name, j, gram.Eigenvalues[j], cov.Eigenvalues[j])
			}
		}
		// Each recovered u satisfies S u = λ u: ‖Su − λu‖ ≤ c(n+d)ε trace S.
		s, _ := matrix.Covariance(x, matrix.Population)
		for j := range gram.K() {
			u := gram.Components.Row(j)
			su, _ := matrix.MulVec(s, u)
			matrix.Axpy(-gram.Eigenvalues[j], u, su)
			if r := matrix.Nrm2(su); r > tol*cov.Eigenvalues[0]/cov.Eigenvalues[j] {
				t.Errorf("%s: ‖Su%d − λu%d‖ = %g", name, j, j, r)
			}
			if math.Abs(matrix.Nrm2(u)-1) > 16*float64(n)*eps {
				t.Errorf("%s: ‖u%d‖ = %v", name, j, matrix.Nrm2(u))
			}
		}
	}
}

// TestKernelPCALinearOnRealData: with k(x, y) = xᵀy kernel PCA is PCA on
// every data set: μⱼ = nλⱼ and the projections agree up to sign. The
// digits are cut to their first 600 images (still above the 300 at which
// the top-k solver takes over), to keep the race-detector run short.
func TestKernelPCALinearOnRealData(t *testing.T) {
	for _, name := range realData {
		x, _ := loadDataset(t, name)
		if name == "digits.csv" {
			x = x.Slice(0, 600, 0, x.Cols()).Clone()
		}
		n := x.Rows()
		const k = 3
		p, _ := PCA{Components: k}.Fit(x)
		kp, err := KernelPCA{Components: k}.Fit(x)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		yp, _ := p.Transform(x)
		yk, _ := kp.Transform(x)
		// The top-k solver (used for the 600 digits) stops at a residual
		// of 1e-10‖K̃‖; the full solver is exact to rounding.
		rel := 1e-9
		for j := range k {
			if math.Abs(kp.Eigenvalues[j]/float64(n)-p.Eigenvalues[j]) > rel*p.Eigenvalues[0] {
				t.Errorf("%s: μ%d/n = %v, λ%d = %v", name, j, kp.Eigenvalues[j]/float64(n), j, p.Eigenvalues[j])
			}
			// Eigenvector error ≈ residual/gap, relative to √λ₁.
			gap := p.Eigenvalues[j] - p.Eigenvalues[j+1]
			if j > 0 {
				gap = math.Min(gap, p.Eigenvalues[j-1]-p.Eigenvalues[j])
			}
			tol := rel * p.Eigenvalues[0] / gap * math.Sqrt(p.Eigenvalues[0])
			sign := math.Copysign(1, matrix.Dot(yp.Col(j), yk.Col(j)))
			for i := range n {
				if math.Abs(yp.At(i, j)-sign*yk.At(i, j)) > tol {
					t.Fatalf("%s: projection %d of sample %d: PCA %v, kernel PCA %v (tolerance %g)", name, j, i, yp.At(i, j), yk.At(i, j), tol)
				}
			}
		}
	}
}

// TestWhiteningOnRealData: PCA- and ZCA-whitened data have identity
// covariance on every data set (the digits without their blank border
// pixels), and the blank pixels make whitening fail without ε.
func TestWhiteningOnRealData(t *testing.T) {
	for _, name := range realData {
		x, _ := loadDataset(t, name)
		if name == "digits.csv" {
			if _, err := (Whiten{}).Fit(x); !errors.Is(err, matrix.ErrSingular) {
				t.Errorf("digits with constant pixels whitened without ε: %v", err)
			}
			x = dropConstantColumns(x)
		}
		n, d := x.Dims()
		p, _ := PCA{}.Fit(x)
		kappa := p.Eigenvalues[0] / p.Eigenvalues[d-1]
		for _, method := range []WhitenMethod{PCAWhitening, ZCAWhitening} {
			w, err := Whiten{Method: method}.Fit(x)
			if err != nil {
				t.Fatalf("%s %s: %v", name, method, err)
			}
			z, _ := w.Transform(x)
			cov, _ := matrix.Covariance(z, matrix.Population)
			diff, _ := matrix.Sub(cov, matrix.Identity(d))
			// Rounding in S is amplified by L^(−1/2) on both sides: κ(S)·(n+d)·ε.
			if e := matrix.NormFrobenius(diff); e > float64(n+d)*eps*kappa {
				t.Errorf("%s %s: ‖cov(z) − I‖ = %g (κ = %.3g)", name, method, e, kappa)
			}
			means, _ := matrix.ColMeans(z)
			if m := matrix.Nrm2(means); m > float64(n+d)*eps*math.Sqrt(kappa*float64(d)) {
				t.Errorf("%s %s: ‖mean(z)‖ = %g", name, method, m)
			}
		}
	}
}

// TestFisherMaximizesJOnRealData: on every data set the Fisher direction
// (two classes: the first two labels; all classes: the leading generalized
// eigenvector) is a maximum of J: random perturbations of every size lower
// it, and S_B w = J·S_w w holds (the stationarity condition of the notes).
func TestFisherMaximizesJOnRealData(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, name := range realData {
		x, y := loadLabelled(t, name)
		if name == "digits.csv" {
			x = dropConstantColumns(x)
		}
		var rows [][]float64
		var y2 []int
		for i, c := range y {
			if c <= 1 {
				rows = append(rows, x.Row(i))
				y2 = append(y2, c)
			}
		}
		x2, _ := matrix.NewFromRows(rows)
		if name == "digits.csv" {
			// Among the 0s and 1s alone, pixels that are blank or that
			// move together make S_w singular; Fisher's discriminant on
			// the leading 20 principal components (the "Fisherfaces"
			// pipeline) is well posed.
			p, _ := PCA{Components: 20}.Fit(x2)
			x2, _ = p.Transform(x2)
		}
		for _, c := range []struct {
			x *matrix.Dense
			y []int
		}{{x2, y2}, {x, y}} {
			m, err := FisherLDA{}.Fit(c.x, c.y)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			sb, sw := criterionScatters(c.x, c.y)
			// S_B w − J S_w w = 0, relative to ‖S_B w‖ + J‖S_w w‖. For two
			// classes this checks that the Cholesky solve found the
			// generalized eigenvector.
			sbw, _ := matrix.MulVec(sb, m.W)
			sww, _ := matrix.MulVec(sw, m.W)
			res := append([]float64(nil), sbw...)
			matrix.Axpy(-m.Criterion, sww, res)
			scale := matrix.Nrm2(sbw) + m.Criterion*matrix.Nrm2(sww)
			// A backward-stable solve leaves a residual of a few d·ε.
			if r := matrix.Nrm2(res) / scale; r > 64*float64(c.x.Cols())*eps {
				t.Errorf("%s, %d classes: ‖S_B w − J S_w w‖ relative %g", name, len(m.Classes), r)
			}
			if j, _ := m.CriterionAt(c.x, c.y, m.W); math.Abs(j-m.Criterion) > 64*float64(c.x.Cols())*eps*m.Criterion {
				t.Errorf("%s, %d classes: CriterionAt(w) = %v, Criterion = %v", name, len(m.Classes), j, m.Criterion)
			}
			for _, size := range []float64{1e-3, 1e-2, 0.1, 1} {
				for range 20 {
					w := append([]float64(nil), m.W...)
					for i := range w {
						w[i] += size * rng.NormFloat64()
					}
					// J at the maximum, up to the rounding of J itself.
					if j := rayleigh(sb, sw, w); j > m.Criterion*(1+64*float64(c.x.Cols())*eps) {
						t.Fatalf("%s, %d classes: perturbation %g raises J from %v to %v", name, len(m.Classes), size, m.Criterion, j)
					}
				}
			}
		}
	}
}
