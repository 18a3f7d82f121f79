package matrix

import "unsafe"

// Products. Gemm is the one general kernel; Mul, MulATB and MulABT are the
// readable front doors most code uses. A transposed operand is read in place
// through its index pattern, never formed.

// Mul returns the product A·B (A is m×k, B is k×n).
func Mul(a, b *Dense) (*Dense, error) {
	return mulNew("mul", false, false, a, b)
}

// MulATB returns AᵀB (A is k×m, B is k×n) without forming Aᵀ. With A = B
// it is the cross-product XᵀX of a data matrix.
func MulATB(a, b *Dense) (*Dense, error) {
	return mulNew("mul AᵀB", true, false, a, b)
}

// MulABT returns ABᵀ (A is m×k, B is n×k) without forming Bᵀ. With A = B
// it is the Gram matrix XXᵀ of a data matrix.
func MulABT(a, b *Dense) (*Dense, error) {
	return mulNew("mul ABᵀ", false, true, a, b)
}

func mulNew(op string, transA, transB bool, a, b *Dense) (*Dense, error) {
	if err := checkNotNil(op, a, b); err != nil {
		return nil, err
	}
	m, k := opDims(transA, a)
	k2, n := opDims(transB, b)
	if k != k2 {
		return nil, newError(op, ErrShape, "inner dimensions %d and %d", k, k2)
	}
	c := New(m, n)
	gemm(transA, transB, 1, a, b, 0, c)
	return c, nil
}

// opDims returns the dimensions of op(A), where op transposes when trans is set.
func opDims(trans bool, a *Dense) (rows, cols int) {
	rows, cols = a.Dims() // 0×0 for nil
	if trans {
		return cols, rows
	}
	return rows, cols
}

// Gemm computes C ← α·op(A)·op(B) + β·C, where op(X) is X or Xᵀ as transA
// and transB say: the general matrix product of the BLAS (dgemm).
//
// op(A) must be m×k, op(B) k×n and C m×n; otherwise the error wraps
// ErrShape. C must not share memory with A or B (ErrAlias). Any of the
// three may be views with strides. When β = 0, C is overwritten without
// being read, so NaNs in it do not propagate.
//
// Large products are blocked, packed and split across GOMAXPROCS
// goroutines (matrix/gemm.go explains the loop nest); the result does not
// depend on the number of goroutines. Small ones run the plain loops.
//
// Reference: K. Goto and R. A. van de Geijn, "Anatomy of high-performance
// matrix multiplication", ACM TOMS 34(3), 2008.
func Gemm(transA, transB bool, alpha float64, a, b *Dense, beta float64, c *Dense) error {
	if err := checkNotNil("gemm", a, b, c); err != nil {
		return err
	}
	m, k := opDims(transA, a)
	k2, n := opDims(transB, b)
	if k != k2 || c.rows != m || c.cols != n {
		return newError("gemm", ErrShape, "op(A) %d×%d, op(B) %d×%d, C %s", m, k, k2, n, c.shape())
	}
	if overlaps(c, a) || overlaps(c, b) {
		return newError("gemm", ErrAlias, "C shares memory with A or B")
	}
	gemm(transA, transB, alpha, a, b, beta, c)
	return nil
}

// gemm is Gemm after validation. It scales C by β and then adds the
// product; with β = 0 the product's workers set C to zero, each the part
// it computes, as they reach it (gemmUpdateClear).
func gemm(transA, transB bool, alpha float64, a, b *Dense, beta float64, c *Dense) {
	if beta == 0 && alpha != 0 {
		gemmUpdateClear(transA, transB, alpha, a, b, c, true)
		return
	}
	scaleInPlace(beta, c)
	if alpha == 0 {
		return
	}
	gemmUpdate(transA, transB, alpha, a, b, c)
}

// scaleInPlace computes C ← βC, treating β = 0 as an overwrite with zeros.
func scaleInPlace(beta float64, c *Dense) {
	switch beta {
	case 1:
	case 0:
		c.Zero()
	default:
		for i := range c.rows {
			ScaleVec(beta, c.Row(i))
		}
	}
}

// gemmRef is the reference product C += α·op(A)·op(B), written as the loop
// nest a reader expects: cᵢⱼ += α Σₚ op(A)ᵢₚ op(B)ₚⱼ. The order of the loops
// is chosen per case so the innermost loop runs along contiguous rows.
func gemmRef(transA, transB bool, alpha float64, a, b, c *Dense) {
	m, k := opDims(transA, a)
	_, n := opDims(transB, b)
	switch {
	case !transA && !transB:
		// cᵢ. += α aᵢₚ bₚ.  (row of C accumulates scaled rows of B)
		for i := range m {
			ci := c.Row(i)
			for p, aip := range a.Row(i) {
				Axpy(alpha*aip, b.Row(p), ci)
			}
		}
	case transA && !transB:
		// cᵢ. += α aₚᵢ bₚ.  (row p of A and row p of B meet once per p)
		for p := range k {
			ap, bp := a.Row(p), b.Row(p)
			for i := range m {
				Axpy(alpha*ap[i], bp, c.Row(i))
			}
		}
	case !transA && transB:
		// cᵢⱼ += α ⟨aᵢ., bⱼ.⟩  (dot products of rows)
		for i := range m {
			ai, ci := a.Row(i), c.Row(i)
			for j := range n {
				ci[j] += alpha * Dot(ai, b.Row(j))
			}
		}
	default:
		// cᵢⱼ += α Σₚ aₚᵢ bⱼₚ
		for i := range m {
			ci := c.Row(i)
			for j := range n {
				bj := b.Row(j)
				var s float64
				for p := range k {
					s += a.data[p*a.stride+i] * bj[p]
				}
				ci[j] += alpha * s
			}
		}
	}
}

// MulVec returns A·x (A is m×n, len(x) = n).
func MulVec(a *Dense, x []float64) ([]float64, error) {
	if a == nil {
		return nil, errNil("mul vec")
	}
	y := make([]float64, a.rows)
	if err := Gemv(false, 1, a, x, 0, y); err != nil {
		return nil, err
	}
	return y, nil
}

// MulVecT returns Aᵀ·x (A is m×n, len(x) = m) without forming Aᵀ.
func MulVecT(a *Dense, x []float64) ([]float64, error) {
	if a == nil {
		return nil, errNil("mul vec T")
	}
	y := make([]float64, a.cols)
	if err := Gemv(true, 1, a, x, 0, y); err != nil {
		return nil, err
	}
	return y, nil
}

// Gemv computes y ← α·op(A)·x + β·y, where op(A) is A or Aᵀ (the BLAS dgemv).
// Lengths that do not fit give an error wrapping ErrShape. When β = 0, y is
// overwritten without being read. Large products are split across
// GOMAXPROCS goroutines, with a result that does not depend on their number.
func Gemv(trans bool, alpha float64, a *Dense, x []float64, beta float64, y []float64) error {
	if a == nil {
		return errNil("gemv")
	}
	m, n := opDims(trans, a)
	if len(x) != n || len(y) != m {
		return newError("gemv", ErrShape, "op(A) %d×%d, x of length %d, y of length %d", m, n, len(x), len(y))
	}
	if beta == 0 {
		clear(y)
	} else if beta != 1 {
		ScaleVec(beta, y)
	}
	if alpha == 0 {
		return nil
	}
	if trans {
		gemvT(alpha, a, x, y, gemvWorkers(a))
	} else {
		gemvN(alpha, a, x, y, gemvWorkers(a))
	}
	return nil
}

// overlaps reports whether the storage of a and b shares any memory. It
// compares address ranges of the backing arrays, so two disjoint views of
// one parent do not count, but a view and its parent do.
func overlaps(a, b *Dense) bool {
	if len(a.data) == 0 || len(b.data) == 0 {
		return false
	}
	const size = unsafe.Sizeof(float64(0))
	a0 := uintptr(unsafe.Pointer(&a.data[0]))
	a1 := a0 + uintptr(len(a.data))*size
	b0 := uintptr(unsafe.Pointer(&b.data[0]))
	b1 := b0 + uintptr(len(b.data))*size
	return a0 < b1 && b0 < a1
}
