package matrix

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// mustPanic runs f and reports whether it panicked: out-of-range indexing
// and negative dimensions are programmer errors and panic like slices do.
func mustPanic(t *testing.T, name string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Errorf("%s: did not panic", name)
		}
	}()
	f()
}

func TestConstructors(t *testing.T) {
	m := New(2, 3)
	if r, c := m.Dims(); r != 2 || c != 3 || m.Rows() != 2 || m.Cols() != 3 || m.Stride() != 3 || NormMax(m) != 0 {
		t.Errorf("New(2, 3) = %v", m)
	}
	mustPanic(t, "New(-1, 2)", func() { New(-1, 2) })

	data := []float64{1, 2, 3, 4, 5, 6}
	s, err := NewFromSlice(2, 3, data)
	if err != nil || s.At(1, 0) != 4 {
		t.Fatalf("NewFromSlice: %v, %v", s, err)
	}
	data[0] = 10 // shares storage
	if s.At(0, 0) != 10 {
		t.Error("NewFromSlice copied its data")
	}
	if raw, stride := s.Raw(); &raw[0] != &data[0] || stride != 3 {
		t.Error("Raw does not return the backing slice")
	}
	for _, c := range [][2]int{{2, 2}, {-1, -6}, {3, 3}} {
		if _, err := NewFromSlice(c[0], c[1], data); !errors.Is(err, ErrShape) {
			t.Errorf("NewFromSlice(%d, %d) with 6 values: %v", c[0], c[1], err)
		}
	}

	rows := [][]float64{{1, 2}, {3, 4}}
	r, err := NewFromRows(rows)
	if err != nil || r.At(1, 0) != 3 {
		t.Fatalf("NewFromRows: %v, %v", r, err)
	}
	rows[1][0] = 30 // copies
	if r.At(1, 0) != 3 {
		t.Error("NewFromRows did not copy")
	}
	if e, err := NewFromRows(nil); err != nil || !e.IsEmpty() {
		t.Errorf("NewFromRows(nil) = %v, %v", e, err)
	}
	_, err = NewFromRows([][]float64{{1, 2}, {3, 4}, {5}})
	var me *Error
	if !errors.As(err, &me) || me.Err != ErrShape || !strings.Contains(me.Detail, "row 2") {
		t.Errorf("ragged rows: %v", err)
	}

	id := Identity(3)
	d := Diag([]float64{1, 1, 1})
	if !EqualApprox(id, d, 0) || id.At(1, 1) != 1 || id.At(0, 1) != 0 {
		t.Errorf("Identity(3) = %v", id)
	}
	var zero Dense
	if !zero.IsEmpty() || zero.Rows() != 0 {
		t.Error("the zero Dense is not an empty 0×0 matrix")
	}
}

func TestAccessAndViews(t *testing.T) {
	m, _ := NewFromRows([][]float64{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}})
	m.Set(0, 0, -1)
	if m.At(0, 0) != -1 {
		t.Error("Set/At")
	}
	for name, f := range map[string]func(){
		"At(3, 0)":           func() { m.At(3, 0) },
		"At(0, -1)":          func() { m.At(0, -1) },
		"Set(0, 4)":          func() { m.Set(0, 4, 1) },
		"Row(3)":             func() { m.Row(3) },
		"Col(4)":             func() { m.Col(4) },
		"SetCol short":       func() { m.SetCol(0, []float64{1}) },
		"Slice out of range": func() { m.Slice(0, 4, 0, 1) },
		"Slice reversed":     func() { m.Slice(2, 1, 0, 1) },
		"Copy mismatched":    func() { m.Copy(New(2, 2)) },
	} {
		mustPanic(t, name, f)
	}

	row := m.Row(1) // a view
	row[0] = 50
	if m.At(1, 0) != 50 || len(row) != 4 || cap(row) != 4 {
		t.Errorf("Row is not a view of exactly one row: len %d cap %d", len(row), cap(row))
	}
	col := m.Col(2) // a copy
	col[0] = 99
	if m.At(0, 2) != 3 {
		t.Error("Col is not a copy")
	}
	m.SetCol(3, []float64{-4, -8, -12})
	if m.At(2, 3) != -12 {
		t.Error("SetCol")
	}

	// A view of a view shares memory with the root and keeps its stride.
	v := m.Slice(1, 3, 1, 4)
	w := v.Slice(1, 2, 1, 3)
	w.Set(0, 1, 1000)
	if m.At(2, 3) != 1000 || w.Stride() != 4 || v.Rows() != 2 || v.Cols() != 3 {
		t.Errorf("nested views: m = %v", m)
	}
	c := v.Clone()
	c.Set(0, 0, -7)
	if m.At(1, 1) == -7 || c.Stride() != 3 {
		t.Error("Clone shares memory or is not compact")
	}
	// Zero on a view clears only the view.
	v.Zero()
	if m.At(0, 1) != 2 || m.At(1, 0) != 50 || m.At(1, 1) != 0 || m.At(2, 3) != 0 {
		t.Errorf("Zero on a view: %v", m)
	}
	// Empty views are valid matrices.
	for _, e := range []*Dense{m.Slice(0, 3, 2, 2), m.Slice(1, 1, 0, 4), m.Slice(0, 0, 0, 0)} {
		if !e.IsEmpty() || !e.Clone().IsEmpty() || e.T().Rows() != e.Cols() {
			t.Errorf("empty view %s", e.shape())
		}
		if e.Rows() > 0 && len(e.Row(0)) != 0 {
			t.Errorf("row of an empty view has %d values", len(e.Row(0)))
		}
	}
}

func TestTransposeRowsCopy(t *testing.T) {
	m, _ := NewFromRows([][]float64{{1, 2, 3}, {4, 5, 6}})
	want, _ := NewFromRows([][]float64{{1, 4}, {2, 5}, {3, 6}})
	if !EqualApprox(m.T(), want, 0) {
		t.Errorf("T = %v", m.T())
	}
	if !EqualApprox(m.T().T(), m, 0) {
		t.Error("(Aᵀ)ᵀ ≠ A")
	}
	rows := m.ToRows()
	rows[0][0] = 100
	if m.At(0, 0) != 1 || len(rows) != 2 || len(rows[1]) != 3 {
		t.Error("ToRows is not an independent copy")
	}
	dst := New(2, 3)
	dst.Copy(m)
	if !EqualApprox(dst, m, 0) {
		t.Error("Copy")
	}
}

func TestCheckFiniteAndEqualApprox(t *testing.T) {
	m, _ := NewFromRows([][]float64{{1, 2}, {3, math.Inf(-1)}})
	err := m.CheckFinite()
	var me *Error
	if !errors.As(err, &me) || me.Err != ErrNotFinite || !strings.Contains(me.Detail, "(1, 1)") {
		t.Errorf("CheckFinite: %v", err)
	}
	if err := Identity(2).CheckFinite(); err != nil {
		t.Errorf("finite matrix: %v", err)
	}
	// EqualApprox: absolute tolerance near zero, relative for large entries.
	a, _ := NewFromRows([][]float64{{1e-20, 1e20}})
	b, _ := NewFromRows([][]float64{{2e-20, 1e20 * (1 + 1e-12)}})
	if !EqualApprox(a, b, 1e-11) || EqualApprox(a, b, 1e-13) {
		t.Error("EqualApprox tolerance semantics")
	}
	nan, _ := NewFromRows([][]float64{{math.NaN(), 0}})
	if EqualApprox(nan, nan, 1) || EqualApprox(a, New(2, 1), 1) {
		t.Error("EqualApprox accepts NaN or mismatched shapes")
	}
}

func TestIsSymmetric(t *testing.T) {
	s, _ := NewFromRows([][]float64{{2, 1 + 1e-10}, {1, 100}})
	if !s.IsSymmetric(1e-11) || s.IsSymmetric(1e-13) {
		t.Error("IsSymmetric: tolerance is relative to max|aᵢⱼ| = 100")
	}
	if New(2, 3).IsSymmetric(1) {
		t.Error("a rectangular matrix is not symmetric")
	}
}

func TestString(t *testing.T) {
	m, _ := NewFromRows([][]float64{{1, -2.5}, {1e3, 0}})
	want := "[   1.0000   -2.5000]\n[1000.0000    0.0000]\n"
	if got := m.String(); got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestErrorMessage(t *testing.T) {
	e := &Error{Op: "cholesky", Err: ErrNotSPD, Detail: "pivot 3 is -2.5e-07"}
	if e.Error() != "matrix: cholesky: matrix is not positive definite: pivot 3 is -2.5e-07" || !errors.Is(e, ErrNotSPD) {
		t.Errorf("Error() = %q", e.Error())
	}
	if (&Error{Op: "x", Err: ErrEmpty}).Error() != "matrix: x: empty input" {
		t.Error("message without detail")
	}
}
