package learn

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"mlnotes/matrix"
)

// TestFisherByHand: two classes whose within-class scatter is diagonal,
// S_w = diag(4, 1), and M₁ − M₀ = (2, 2); then w ∝ S_w⁻¹(M₁ − M₀) =
// (1/2, 2), J(w) = (wᵀ(M₁ − M₀))²/wᵀS_w w = 5, and the threshold is the
// midpoint of the projected means.
func TestFisherByHand(t *testing.T) {
	// Class 0 around (0, 0): deviations (±1, 0), (0, ±1/√2)·… chosen so
	// that Σ(x − M₀)(x − M₀)ᵀ = diag(2, 1/2); the same for class 1 around
	// (2, 2): together S_w = diag(4, 1).
	h := math.Sqrt(0.25)
	x, _ := matrix.NewFromRows([][]float64{
		{1, 0}, {-1, 0}, {0, h}, {0, -h},
		{3, 2}, {1, 2}, {2, 2 + h}, {2, 2 - h},
	})
	y := []int{0, 0, 0, 0, 1, 1, 1, 1}
	m, err := FisherLDA{}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{0.5 / math.Sqrt(4.25), 2 / math.Sqrt(4.25)}
	for i := range want {
		if math.Abs(m.W[i]-want[i]) > 8*eps {
			t.Errorf("w = %v, want %v", m.W, want)
		}
	}
	if math.Abs(m.Criterion-5) > 32*eps*5 {
		t.Errorf("J(w) = %v, want 5", m.Criterion)
	}
	mid := 0.5 * matrix.Dot(m.W, []float64{2, 2})
	if math.Abs(m.Threshold-mid) > 8*eps {
		t.Errorf("threshold %v, want %v", m.Threshold, mid)
	}
	// The threshold rule: just above the midpoint along w is class 1.
	q, _ := matrix.NewFromRows([][]float64{{1 + 1e-6, 1 + 1e-6}, {1 - 1e-6, 1 - 1e-6}})
	if p, _ := m.Predict(q); p[0] != 1 || p[1] != 0 {
		t.Errorf("threshold rule: %v", p)
	}
}

// TestFisherSingularScatter: a feature that is constant (two classes) or
// more features than samples make S_w singular: an error wrapping
// matrix.ErrNotSPD that names the remedy, and a ridge makes it solvable.
func TestFisherSingularScatter(t *testing.T) {
	x, y := loadLabelled(t, "iris.csv")
	var rows [][]float64
	var y2 []int
	for i, c := range y {
		if c < 2 {
			r := append([]float64(nil), x.Row(i)...)
			r[3] = 0.2 // constant petal width
			rows = append(rows, r)
			y2 = append(y2, c)
		}
	}
	x2, _ := matrix.NewFromRows(rows)
	_, err := FisherLDA{}.Fit(x2, y2)
	if !errors.Is(err, matrix.ErrNotSPD) || !containsAll(err.Error(), "S_w", "singular", "Ridge") {
		t.Errorf("constant feature: %v", err)
	}
	if _, err := (FisherLDA{Ridge: 1e-8}).Fit(x2, y2); err != nil {
		t.Errorf("with a ridge: %v", err)
	}
	few := x.Slice(0, 3, 0, 4).Clone() // 3 samples, 4 features
	if _, err := (FisherLDA{}).Fit(few, []int{0, 1, 1}); !errors.Is(err, matrix.ErrNotSPD) {
		t.Errorf("n < d: %v", err)
	}
	for _, r := range []float64{-1, math.NaN(), math.Inf(1)} {
		if _, err := (FisherLDA{Ridge: r}).Fit(x, y); !errors.Is(err, ErrInvalidParameter) {
			t.Errorf("ridge %v: %v", r, err)
		}
	}
	m, _ := FisherLDA{}.Fit(x, y)
	if _, err := m.Predict(matrix.New(2, 3)); !errors.Is(err, matrix.ErrShape) {
		t.Errorf("query width: %v", err)
	}
	if _, err := m.CriterionAt(x, y, []float64{1}); !errors.Is(err, matrix.ErrShape) {
		t.Errorf("criterion with a short w: %v", err)
	}
}

func containsAll(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

// Two classes with the same mean: S_B = 0, no direction exists; an error,
// never a model of NaN.
func TestFisherEqualMeans(t *testing.T) {
	x := mustRows(t, [][]float64{{0, 1}, {2, 1}, {1, 0}, {1, 2}})
	if _, err := (FisherLDA{}).Fit(x, []int{0, 0, 1, 1}); !errors.Is(err, ErrInvalidParameter) {
		t.Fatalf("equal class means: err = %v, want ErrInvalidParameter", err)
	}
}

// With every one of its c − 1 directions, Fisher's nearest-mean rule
// measures distances where the within-class scatter is the identity, and
// so is the rule of linear discriminant analysis with equal priors:
// argminⱼ (x − Mⱼ)ᵀS_w⁻¹(x − Mⱼ), whose part outside the discriminant
// subspace is the same for every class. The shared-covariance Bayes
// classifier with equal priors computes that rule independently (its
// own covariance and log-densities); the two must agree on every point.
// The directions are S_w-orthogonal, and WithinScatter is vₚᵀS_w vₚ.
func TestFisherPredictIsLDAWithEqualPriors(t *testing.T) {
	wine, wineY := loadLabelled(t, "wine.csv")
	rng := rand.New(rand.NewPCG(5, 6))
	synth := matrix.New(400, 6)
	synthY := make([]int, 400)
	for i := range 400 {
		synthY[i] = i % 4
		for j := range 6 {
			// Classes apart along a few axes, spreads differing by 30×.
			synth.Set(i, j, float64((i%4)*(j%3))+rng.NormFloat64()*math.Pow(3, float64(j)-2))
		}
	}
	for _, tc := range []struct {
		name string
		x    *matrix.Dense
		y    []int
	}{{"wine", wine, wineY}, {"synthetic", synth, synthY}} {
		m, err := FisherLDA{}.Fit(tc.x, tc.y)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Bayes{Density: SharedGaussDensity, EqualPriors: true}.Fit(tc.x, tc.y)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := m.Predict(tc.x)
		want, _ := b.Predict(tc.x)
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s: point %d: Fisher says %d, LDA with equal priors %d", tc.name, i, got[i], want[i])
			}
		}
		// S_w-orthogonality and the stored scatters, against S_w formed
		// here from the deviations.
		sw := withinScatter(tc.x, tc.y, m.Classes, m.Means)
		q := m.Directions.Rows()
		for p := range q {
			for r := range q {
				u, _ := matrix.MulVec(sw, m.Directions.Row(r))
				vSv := matrix.Dot(m.Directions.Row(p), u)
				scale := math.Sqrt(m.WithinScatter[p] * m.WithinScatter[r])
				switch {
				case p == r && math.Abs(vSv-m.WithinScatter[p]) > 1e-12*scale:
					t.Errorf("%s: WithinScatter[%d] = %v, vᵀS_w v = %v", tc.name, p, m.WithinScatter[p], vSv)
				case p != r && math.Abs(vSv) > 1e-6*scale: // κ(S_w) of wine ≈ 1e7
					t.Errorf("%s: directions %d and %d not S_w-orthogonal: %v", tc.name, p, r, vSv/scale)
				}
			}
		}
	}
}

// A model saved before WithinScatter existed loads and predicts with
// every direction weighed alike; scatters that do not fit the directions
// are a format error.
func TestFisherLoadWithinScatter(t *testing.T) {
	x, y := loadLabelled(t, "wine.csv")
	m, _ := FisherLDA{}.Fit(x, y)
	old := *m
	old.WithinScatter = nil
	var buf bytes.Buffer
	if err := old.Save(&buf); err != nil {
		t.Fatal(err)
	}
	loaded, err := LoadFisher(&buf)
	if err != nil {
		t.Fatalf("a model without WithinScatter: %v", err)
	}
	if _, err := loaded.Predict(x); err != nil {
		t.Error(err)
	}
	for _, bad := range [][]float64{{1}, {1, -2}, {1, math.Inf(1)}} {
		b := *m
		b.WithinScatter = bad
		buf.Reset()
		_ = b.Save(&buf)
		if _, err := LoadFisher(&buf); !errors.Is(err, ErrFormat) {
			t.Errorf("WithinScatter %v: err = %v, want ErrFormat", bad, err)
		}
	}
}
