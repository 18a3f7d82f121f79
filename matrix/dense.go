package matrix

import (
	"fmt"
	"math"
	"strings"
)

// Dense is a dense matrix of float64 stored row by row.
//
// Element (i, j) lives at data[i*stride+j]. The stride is at least the
// number of columns; a stride larger than the width is what lets Slice
// return a sub-matrix that shares memory with its parent, so blocked
// algorithms can work on panels without copying them.
//
// The zero value is an empty 0×0 matrix. A Dense is not safe for concurrent
// writes; concurrent reads are fine.
type Dense struct {
	rows, cols int
	stride     int
	data       []float64
}

// New returns a rows×cols matrix of zeros. Like make, it panics if a
// dimension is negative.
func New(rows, cols int) *Dense {
	if rows < 0 || cols < 0 {
		panic(fmt.Sprintf("matrix: negative dimension %d×%d", rows, cols))
	}
	return &Dense{rows: rows, cols: cols, stride: cols, data: make([]float64, rows*cols)}
}

// NewFromSlice returns a rows×cols matrix that uses data as its storage, row
// by row, without copying it. It returns an error wrapping ErrShape if
// len(data) is not rows·cols or a dimension is negative.
func NewFromSlice(rows, cols int, data []float64) (*Dense, error) {
	if rows < 0 || cols < 0 || len(data) != rows*cols {
		return nil, newError("new from slice", ErrShape, "%d values for a %d×%d matrix", len(data), rows, cols)
	}
	return &Dense{rows: rows, cols: cols, stride: cols, data: data}, nil
}

// NewFromRows copies a slice of rows into a new matrix. Rows of unequal
// length are an error wrapping ErrShape that names the first offending row.
func NewFromRows(rows [][]float64) (*Dense, error) {
	if len(rows) == 0 {
		return New(0, 0), nil
	}
	c := len(rows[0])
	m := New(len(rows), c)
	for i, r := range rows {
		if len(r) != c {
			return nil, newError("new from rows", ErrShape, "row %d has %d values, row 0 has %d", i, len(r), c)
		}
		copy(m.Row(i), r)
	}
	return m, nil
}

// Identity returns the n×n identity matrix.
func Identity(n int) *Dense {
	m := New(n, n)
	for i := range n {
		m.data[i*m.stride+i] = 1
	}
	return m
}

// Diag returns the square matrix with d on its diagonal.
func Diag(d []float64) *Dense {
	m := New(len(d), len(d))
	for i, v := range d {
		m.data[i*m.stride+i] = v
	}
	return m
}

// Dims returns the number of rows and columns.
func (m *Dense) Dims() (rows, cols int) {
	if m == nil {
		return 0, 0
	}
	return m.rows, m.cols
}

// Rows returns the number of rows.
func (m *Dense) Rows() int {
	if m == nil {
		return 0
	}
	return m.rows
}

// Cols returns the number of columns.
func (m *Dense) Cols() int {
	if m == nil {
		return 0
	}
	return m.cols
}

// Stride returns the distance in the backing slice between the starts of
// consecutive rows.
func (m *Dense) Stride() int { return m.stride }

// Raw returns the backing slice and the stride: element (i, j) is
// data[i*stride+j]. It exists for kernels in packages built on matrix; most
// code should use At, Set and Row.
func (m *Dense) Raw() (data []float64, stride int) { return m.data, m.stride }

// IsEmpty reports whether the matrix has no elements.
func (m *Dense) IsEmpty() bool { return m == nil || m.rows == 0 || m.cols == 0 }

// At returns element (i, j). It panics if (i, j) is out of range.
func (m *Dense) At(i, j int) float64 {
	m.checkIndex(i, j)
	return m.data[i*m.stride+j]
}

// Set sets element (i, j) to v. It panics if (i, j) is out of range.
func (m *Dense) Set(i, j int, v float64) {
	m.checkIndex(i, j)
	m.data[i*m.stride+j] = v
}

func (m *Dense) checkIndex(i, j int) {
	if uint(i) >= uint(m.rows) || uint(j) >= uint(m.cols) {
		panic(fmt.Sprintf("matrix: index (%d, %d) out of range for %d×%d", i, j, m.rows, m.cols))
	}
}

// Row returns row i as a slice that shares memory with m: writing to it
// writes to the matrix. It panics if i is out of range.
func (m *Dense) Row(i int) []float64 {
	if uint(i) >= uint(m.rows) {
		panic(fmt.Sprintf("matrix: row %d out of range for %d×%d", i, m.rows, m.cols))
	}
	return m.data[i*m.stride : i*m.stride+m.cols : i*m.stride+m.cols]
}

// Col returns a copy of column j. It panics if j is out of range.
func (m *Dense) Col(j int) []float64 {
	if uint(j) >= uint(m.cols) {
		panic(fmt.Sprintf("matrix: column %d out of range for %d×%d", j, m.rows, m.cols))
	}
	c := make([]float64, m.rows)
	for i := range c {
		c[i] = m.data[i*m.stride+j]
	}
	return c
}

// SetCol copies v into column j. It panics if j is out of range or len(v)
// is not the number of rows.
func (m *Dense) SetCol(j int, v []float64) {
	if uint(j) >= uint(m.cols) || len(v) != m.rows {
		panic(fmt.Sprintf("matrix: SetCol(%d) with %d values on %d×%d", j, len(v), m.rows, m.cols))
	}
	for i, x := range v {
		m.data[i*m.stride+j] = x
	}
}

// Slice returns the view of rows i0..i1-1 and columns j0..j1-1. The view
// shares memory with m. Like slicing a Go slice, it panics if the bounds are
// out of range.
func (m *Dense) Slice(i0, i1, j0, j1 int) *Dense {
	if i0 < 0 || i1 < i0 || i1 > m.rows || j0 < 0 || j1 < j0 || j1 > m.cols {
		panic(fmt.Sprintf("matrix: slice [%d:%d, %d:%d] out of range for %d×%d", i0, i1, j0, j1, m.rows, m.cols))
	}
	v := &Dense{rows: i1 - i0, cols: j1 - j0, stride: m.stride}
	if v.rows > 0 && v.cols > 0 {
		v.data = m.data[i0*m.stride+j0 : (i1-1)*m.stride+j1]
	} else {
		// An empty view owns no storage; a zero stride keeps Row(i) of a
		// view with rows but no columns an empty slice instead of a
		// reslice of nil past its end.
		v.stride = v.cols
	}
	return v
}

// Clone returns a copy of m with its own compact storage.
func (m *Dense) Clone() *Dense {
	if m == nil {
		return nil
	}
	c := New(m.rows, m.cols)
	c.Copy(m)
	return c
}

// Copy copies src into m. The dimensions must agree; it panics otherwise,
// because a mismatch here is a bug in the caller, not bad data.
func (m *Dense) Copy(src *Dense) {
	if m.rows != src.rows || m.cols != src.cols {
		panic(fmt.Sprintf("matrix: Copy of %s into %s", src.shape(), m.shape()))
	}
	for i := range m.rows {
		copy(m.Row(i), src.Row(i))
	}
}

// T returns the transpose of m as a new matrix.
func (m *Dense) T() *Dense {
	if m == nil {
		return nil
	}
	t := New(m.cols, m.rows)
	for i := range m.rows {
		for j, v := range m.Row(i) {
			t.data[j*t.stride+i] = v
		}
	}
	return t
}

// ToRows returns a copy of m as a slice of rows (the JSON form of a matrix).
func (m *Dense) ToRows() [][]float64 {
	if m == nil {
		return nil
	}
	rows := make([][]float64, m.rows)
	for i := range rows {
		rows[i] = append([]float64(nil), m.Row(i)...)
	}
	return rows
}

// Zero sets every element of m to zero.
func (m *Dense) Zero() {
	for i := range m.rows {
		clear(m.Row(i))
	}
}

// CheckFinite returns an error wrapping ErrNotFinite that names the first
// NaN or infinite element, or nil if every element is finite.
func (m *Dense) CheckFinite() error {
	if m == nil {
		return errNil("check")
	}
	// The rows are shared among workers for large matrices (passes.go);
	// each finds the first bad row of its range, and the ranges are in
	// order, so the error names the same element as a sequential scan.
	workers := passWorkers(m)
	firstBad := make([]int, workers)
	forRowRanges(m.rows, workers, func(w, lo, hi int) {
		firstBad[w] = -1
		for i := lo; i < hi; i++ {
			if !allFinite(m.Row(i)) {
				firstBad[w] = i
				return
			}
		}
	})
	for _, i := range firstBad {
		if i < 0 {
			continue
		}
		for j, v := range m.Row(i) {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return newError("check", ErrNotFinite, "element (%d, %d) is %v", i, j, v)
			}
		}
	}
	return nil
}

// EqualApprox reports whether a and b have the same shape and every pair of
// elements differs by at most tol·max(1, |aᵢⱼ|, |bᵢⱼ|), that is, tol is an
// absolute tolerance near zero and a relative one for large entries.
func EqualApprox(a, b *Dense, tol float64) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.rows != b.rows || a.cols != b.cols {
		return false
	}
	for i := range a.rows {
		ra, rb := a.Row(i), b.Row(i)
		for j := range ra {
			scale := math.Max(1, math.Max(math.Abs(ra[j]), math.Abs(rb[j])))
			if !(math.Abs(ra[j]-rb[j]) <= tol*scale) {
				return false
			}
		}
	}
	return true
}

// IsSymmetric reports whether m is square and |mᵢⱼ − mⱼᵢ| ≤ tol·max|mᵢⱼ|
// for every pair, that is, symmetric up to a tolerance relative to the
// largest entry.
func (m *Dense) IsSymmetric(tol float64) bool {
	if m == nil {
		return false
	}
	if m.rows != m.cols {
		return false
	}
	bound := tol * NormMax(m)
	for i := range m.rows {
		for j := range i {
			if !(math.Abs(m.data[i*m.stride+j]-m.data[j*m.stride+i]) <= bound) {
				return false
			}
		}
	}
	return true
}

// shape formats the dimensions as "r×c" for error messages.
func (m *Dense) shape() string {
	if m == nil {
		return "nil"
	}
	return fmt.Sprintf("%d×%d", m.rows, m.cols)
}

// String formats m as aligned rows, for debugging and examples.
func (m *Dense) String() string {
	if m == nil {
		return "<nil>"
	}
	var b strings.Builder
	for i := range m.rows {
		b.WriteString("[")
		for j, v := range m.Row(i) {
			if j > 0 {
				b.WriteString(" ")
			}
			fmt.Fprintf(&b, "%9.4f", v)
		}
		b.WriteString("]\n")
	}
	return b.String()
}
