package learn

import (
	"errors"
	"math"
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
