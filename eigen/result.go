package eigen

import (
	"errors"
	"fmt"
	"math"

	"mlnotes/matrix"
)

// ErrRange reports a number of eigenpairs k outside 1..n.
var ErrRange = errors.New("k out of range")

// ErrMethod reports a Method value that names no algorithm.
var ErrMethod = errors.New("unknown method")

// Result holds eigenpairs of a symmetric matrix: Values in ascending order
// and, unless only values were asked for, the eigenvectors as the columns
// of Vectors (n×k), column j paired with Values[j].
//
// Sign rule: the largest-magnitude entry of every eigenvector is positive
// (ties go to the first such entry), so that results do not flip between
// solvers or runs.
type Result struct {
	Values  []float64
	Vectors *matrix.Dense // nil when only values were computed
}

// Descending returns a copy of the result with the pairs in descending
// order of eigenvalue, the order PCA uses (largest variance first).
func (r *Result) Descending() *Result {
	if r == nil {
		return nil
	}
	k := len(r.Values)
	out := &Result{Values: make([]float64, k)}
	for j := range k {
		out.Values[j] = r.Values[k-1-j]
	}
	if r.Vectors != nil {
		n := r.Vectors.Rows()
		out.Vectors = matrix.New(n, k)
		for j := range k {
			out.Vectors.SetCol(j, r.Vectors.Col(k-1-j))
		}
	}
	return out
}

// Largest returns the k pairs with the largest eigenvalues, still in
// ascending order. It returns an error wrapping ErrRange if k is not in
// 1..len(Values).
func (r *Result) Largest(k int) (*Result, error) {
	if r == nil {
		return nil, fmt.Errorf("eigen: largest: %w: nil result", matrix.ErrEmpty)
	}
	if k < 1 || k > len(r.Values) {
		return nil, fmt.Errorf("eigen: largest: %w: k = %d for %d eigenvalues", ErrRange, k, len(r.Values))
	}
	return r.columns(len(r.Values)-k, len(r.Values)), nil
}

// Smallest returns the k pairs with the smallest eigenvalues, in ascending
// order. It returns an error wrapping ErrRange if k is not in 1..len(Values).
func (r *Result) Smallest(k int) (*Result, error) {
	if r == nil {
		return nil, fmt.Errorf("eigen: smallest: %w: nil result", matrix.ErrEmpty)
	}
	if k < 1 || k > len(r.Values) {
		return nil, fmt.Errorf("eigen: smallest: %w: k = %d for %d eigenvalues", ErrRange, k, len(r.Values))
	}
	return r.columns(0, k), nil
}

func (r *Result) columns(lo, hi int) *Result {
	out := &Result{Values: append([]float64(nil), r.Values[lo:hi]...)}
	if r.Vectors != nil {
		out.Vectors = r.Vectors.Slice(0, r.Vectors.Rows(), lo, hi).Clone()
	}
	return out
}

// fromRows builds a Result from eigenvalues and eigenvectors stored as the
// rows of vt (row j is the eigenvector of values[j]): it sorts the pairs
// ascending, applies the sign rule and transposes into columns.
func fromRows(values []float64, vt *matrix.Dense) *Result {
	n := len(values)
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	// Insertion sort: stable, and n log n is not needed after an O(n³) solve.
	for i := 1; i < n; i++ {
		for j := i; j > 0 && values[order[j]] < values[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	res := &Result{Values: make([]float64, n)}
	for j, o := range order {
		res.Values[j] = values[o]
	}
	if vt == nil {
		return res
	}
	m := vt.Cols()
	res.Vectors = matrix.New(m, n)
	for j, o := range order {
		v := vt.Row(o)
		flipSign(v)
		res.Vectors.SetCol(j, v)
	}
	return res
}

// flipSign applies the sign rule to v: it negates v if its largest-
// magnitude entry (the first of equal ones) is negative.
func flipSign(v []float64) {
	if big := matrix.Iamax(v); big >= 0 && v[big] < 0 {
		matrix.ScaleVec(-1, v)
	}
}

// checkSymmetric validates the input of a symmetric eigensolver: square,
// non-empty, finite, and symmetric to within 16·n·ε relative to its largest
// entry (rounding in a product like XᵀX stays far below this; a matrix that
// is simply not symmetric is far above it).
func checkSymmetric(op string, a *matrix.Dense) error {
	if a == nil {
		return fmt.Errorf("eigen: %s: %w: nil matrix", op, matrix.ErrEmpty)
	}
	r, c := a.Dims()
	if r == 0 || c == 0 {
		return fmt.Errorf("eigen: %s: %w: %d×%d matrix", op, matrix.ErrEmpty, r, c)
	}
	if r != c {
		return fmt.Errorf("eigen: %s: %w: %d×%d", op, matrix.ErrNotSquare, r, c)
	}
	if err := a.CheckFinite(); err != nil {
		return fmt.Errorf("eigen: %s: %w", op, err)
	}
	if !a.IsSymmetric(16 * float64(r) * eps) {
		return fmt.Errorf("eigen: %s: %w: asymmetry above 16·n·ε·max|aᵢⱼ|", op, matrix.ErrNotSymmetric)
	}
	return nil
}

const eps = 0x1p-52

// unscaleValues turns the eigenvalues d of the scaled 2ᵏA into those of A,
// d ← 2⁻ᵏd, and returns an error wrapping matrix.ErrNotFinite when one of
// them lies beyond the float64 range (|λ| can reach n·max|aᵢⱼ|, which
// overflows for entries near 1.8e308 although every entry is finite).
func unscaleValues(op string, d []float64, k int) error {
	for i, x := range d {
		d[i] = math.Ldexp(x, -k)
		if math.IsInf(d[i], 0) {
			return fmt.Errorf("eigen: %s: %w: eigenvalue %.17g·2^%d overflows float64", op, matrix.ErrNotFinite, x, -k)
		}
	}
	return nil
}
