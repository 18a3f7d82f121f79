package matrix

// Element-wise arithmetic. Each function returns a new matrix and leaves its
// operands untouched; operands of different shapes give an error wrapping
// ErrShape.

// Add returns A + B.
func Add(a, b *Dense) (*Dense, error) {
	return zipWith("add", a, b, func(x, y float64) float64 { return x + y })
}

// Sub returns A − B.
func Sub(a, b *Dense) (*Dense, error) {
	return zipWith("sub", a, b, func(x, y float64) float64 { return x - y })
}

// MulElem returns the element-wise (Hadamard) product A ∘ B.
func MulElem(a, b *Dense) (*Dense, error) {
	return zipWith("mul elem", a, b, func(x, y float64) float64 { return x * y })
}

// DivElem returns the element-wise quotient A ⊘ B. Division by zero follows
// IEEE arithmetic; callers that need finite results check with CheckFinite.
func DivElem(a, b *Dense) (*Dense, error) {
	return zipWith("div elem", a, b, func(x, y float64) float64 { return x / y })
}

// Scale returns αA.
func Scale(alpha float64, a *Dense) *Dense {
	return Apply(func(x float64) float64 { return alpha * x }, a)
}

// Apply returns the matrix whose elements are f(aᵢⱼ).
func Apply(f func(float64) float64, a *Dense) *Dense {
	if a == nil {
		return nil
	}
	c := New(a.rows, a.cols)
	for i := range a.rows {
		cr := c.Row(i)
		for j, v := range a.Row(i) {
			cr[j] = f(v)
		}
	}
	return c
}

func zipWith(op string, a, b *Dense, f func(x, y float64) float64) (*Dense, error) {
	if err := checkNotNil(op, a, b); err != nil {
		return nil, err
	}
	if a.rows != b.rows || a.cols != b.cols {
		return nil, shapeError(op, a, b)
	}
	c := New(a.rows, a.cols)
	for i := range a.rows {
		ar, br, cr := a.Row(i), b.Row(i), c.Row(i)
		for j := range cr {
			cr[j] = f(ar[j], br[j])
		}
	}
	return c, nil
}
