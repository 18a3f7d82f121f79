package learn

import (
	"math"
	"testing"

	"mlnotes/matrix"
)

// TestLinearDecisionsMatchSums: the one-product decision values of a
// linear classifier agree with the sums over support vectors (the machine
// by machine evaluation) within the rounding of either sum, bounded by
// d·nSV·ε·‖x‖∞·Σₜ|coefₜ|‖svₜ‖₁ per value; the classes are the same; and
// a row beyond the safe range takes the sums, bit for bit.
func TestLinearDecisionsMatchSums(t *testing.T) {
	x, yf := loadDataset(t, "iris.csv")
	y := make([]int, len(yf))
	for i, v := range yf {
		y[i] = int(v)
	}
	m, err := SVM{Kernel: Linear(), C: 10}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	c := m.core()
	got := c.linearDecisions(x)
	for j, mach := range m.Machines {
		want := mach.decision(m.Kernel, x)
		scale, nsv := 0.0, float64(len(mach.Coef))
		for k, cf := range mach.Coef {
			scale += math.Abs(cf) * sumAbs(mach.SupportVectors.Row(k))
		}
		for i, w := range want {
			xi := x.Row(i)
			tol := 2 * float64(len(xi)) * nsv * 0x1p-52 * maxAbs(xi) * scale
			if d := math.Abs(got.At(i, j) - w); d > tol {
				t.Fatalf("machine %d, row %d: %v against the sums' %v (tolerance %.3g)", j, i, got.At(i, j), w, tol)
			}
		}
	}
	classes, _ := m.Predict(x)
	dec := matrixOfCols(m, x)
	want, _ := m.Vote(dec)
	for i := range classes {
		if classes[i] != want[i] {
			t.Fatalf("row %d: class %d, the sums give %d", i, classes[i], want[i])
		}
	}
	far := x.Clone()
	for f := range far.Cols() {
		far.Set(0, f, 1e299)
	}
	got = c.linearDecisions(far)
	for j, mach := range m.Machines {
		if w := mach.decision(m.Kernel, far)[0]; got.At(0, j) != w && !(math.IsNaN(w) && math.IsNaN(got.At(0, j))) {
			t.Errorf("machine %d: a row at 1e299 gives %v, the sums %v", j, got.At(0, j), w)
		}
	}
}

func sumAbs(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += math.Abs(x)
	}
	return s
}

func maxAbs(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s = max(s, math.Abs(x))
	}
	return s
}

// matrixOfCols evaluates every machine by its sums over support vectors.
func matrixOfCols(m *SVMClassifierModel, x *matrix.Dense) *matrix.Dense {
	out := matrix.New(x.Rows(), len(m.Machines))
	for j, mach := range m.Machines {
		out.SetCol(j, mach.decision(m.Kernel, x))
	}
	return out
}
