package matrix

// The symmetric matrix–vector product on the upper triangle (the BLAS
// dsymv with uplo = 'U', α = 1, β = 0): y = Bx for a symmetric m×m B of
// which only the entries bᵢⱼ, j ≥ i, are read. It is the product A v of
// every column of the Householder reduction to tridiagonal form (LAPACK's
// dsytrd and dlatrd, eigen's reduceTridiagonalBlocked), half of that
// reduction's flops.
//
// Each stored entry serves twice, since bⱼᵢ = bᵢⱼ: row i of the triangle
// gives
//
//	yᵢ += bᵢᵢxᵢ + Σⱼ>ᵢ bᵢⱼxⱼ     (a dot product with the row)
//	yⱼ += bᵢⱼxᵢ,  j > i          (an axpy with the row),
//
// so one pass over the triangle (m²/2 numbers) does the work of a pass over
// the whole matrix. Four rows go through that pass together: each load of
// xⱼ and of yⱼ serves four rows, and the kernel (dotAxpy4) keeps four
// running dot products and one fused update of yⱼ in registers.
//
// The rows can be split into ranges whose contributions are computed
// separately and added (SymvUpperRows), which is how a caller spreads the
// product over several goroutines with a result that does not depend on
// their number.

// SymvUpper sets y = Bx for the symmetric B whose upper triangle is stored
// in the upper triangle of the square matrix b; the entries below the
// diagonal are not read (they may be stale or NaN). This is the BLAS dsymv
// with uplo = 'U', α = 1 and β = 0.
//
// Special cases: a b that is not square, or x or y of a length other than
// its order, gives an error wrapping ErrShape (ErrNotSquare for b); a nil
// b gives one wrapping ErrEmpty.
func SymvUpper(b *Dense, x, y []float64) error {
	if b == nil {
		return errNil("symv")
	}
	return SymvUpperRows(b, x, y, 0, b.rows)
}

// SymvUpperRows sets y[r0:] to the contribution of rows r0 … r1−1 of the
// upper triangle of the symmetric B (as in SymvUpper) to Bx:
//
//	yᵢ = Σⱼ≥ᵢ bᵢⱼxⱼ + Σ_{r0≤k<i} bₖᵢxₖ,  i ≥ r0,
//
// leaving y[:r0] untouched. The contributions of consecutive ranges that
// cover 0 … m−1, added, give Bx: the ranges can be computed concurrently
// into separate vectors, always with the same bits. Ranges that start at
// multiples of 4 keep the kernel's four-row groups whole.
//
// Special cases: as SymvUpper, and r0 > r1 or a range outside 0 … m gives
// an error wrapping ErrShape.
func SymvUpperRows(b *Dense, x, y []float64, r0, r1 int) error {
	if b == nil {
		return errNil("symv")
	}
	m := b.rows
	if b.cols != m {
		return newError("symv", ErrNotSquare, "%d×%d", b.rows, b.cols)
	}
	if len(x) != m || len(y) != m {
		return newError("symv", ErrShape, "B %d×%d, x of length %d, y of length %d", m, m, len(x), len(y))
	}
	if r0 < 0 || r0 > r1 || r1 > m {
		return newError("symv", ErrShape, "rows %d…%d of %d", r0, r1, m)
	}
	symvUpperRows(b, x, y, r0, r1)
	return nil
}

// symvUpperRows is SymvUpperRows without the checks.
func symvUpperRows(b *Dense, x, y []float64, r0, r1 int) {
	m := b.rows
	clear(y[r0:m])
	i := r0
	for ; i+4 <= r1; i += 4 {
		// The 4×4 diagonal block, from its upper triangle:
		// tᵣ = Σ_{c≥r} b_{i+r,i+c} x_{i+c} + Σ_{c<r} b_{i+c,i+r} x_{i+c}.
		var t [4]float64
		for r := range 4 {
			row := b.Row(i + r)
			t[r] += row[i+r] * x[i+r]
			for c := r + 1; c < 4; c++ {
				t[r] += row[i+c] * x[i+c]
				t[c] += row[i+c] * x[i+r]
			}
		}
		// Columns j ≥ i+4 of the four rows: tᵣ += Σⱼ b_{i+r,j} xⱼ and
		// yⱼ += Σᵣ x_{i+r} b_{i+r,j}.
		if j0 := i + 4; j0 < m {
			var s [4]float64
			dotAxpy4(b, i, j0, x[j0:m], (*[4]float64)(x[i:i+4]), y[j0:m], &s)
			for r := range 4 {
				t[r] += s[r]
			}
		}
		for r := range 4 {
			y[i+r] += t[r]
		}
	}
	for ; i < r1; i++ { // the last rows of the range, one at a time
		row := b.Row(i)
		y[i] += row[i]*x[i] + Dot(row[i+1:m], x[i+1:m])
		Axpy(x[i], row[i+1:m], y[i+1:m])
	}
}

// dotAxpy4 does, for the four rows i … i+3 of b and their columns
// j0 … j0+n−1 (n = len(x) = len(y)),
//
//	s[r] = Σⱼ b_{i+r,j0+j} xⱼ   and   yⱼ += Σᵣ x4[r]·b_{i+r,j0+j},
//
// with the fastest kernel this machine has (symv_amd64.go), or the
// portable loop.
func dotAxpy4(b *Dense, i, j0 int, x []float64, x4 *[4]float64, y []float64, s *[4]float64) {
	symvKernel.run(b, i, j0, x, x4, y, s)
}

// dotAxpy4Kernel is one implementation of dotAxpy4, named for tests and
// benchmarks.
type dotAxpy4Kernel struct {
	name string
	run  func(b *Dense, i, j0 int, x []float64, x4 *[4]float64, y []float64, s *[4]float64)
}

// portableDotAxpy4 is the reference implementation, in Go.
var portableDotAxpy4 = dotAxpy4Kernel{name: "portable", run: dotAxpy4Portable}

// symvKernel is the implementation dotAxpy4 uses: the widest the machine
// has.
var symvKernel = func() *dotAxpy4Kernel {
	if ks := dotAxpy4Fast(); len(ks) > 0 {
		return ks[0]
	}
	return &portableDotAxpy4
}()

// dotAxpy4Portable is dotAxpy4 in Go: one pass over the columns, each xⱼ
// and yⱼ loaded once for the four rows.
func dotAxpy4Portable(b *Dense, i, j0 int, x []float64, x4 *[4]float64, y []float64, s *[4]float64) {
	n := len(x)
	r0 := b.Row(i)[j0:][:n]
	r1 := b.Row(i + 1)[j0:][:n]
	r2 := b.Row(i + 2)[j0:][:n]
	r3 := b.Row(i + 3)[j0:][:n]
	y = y[:n]
	x0, x1, x2, x3 := x4[0], x4[1], x4[2], x4[3]
	var s0, s1, s2, s3 float64
	for j, xj := range x {
		a0, a1, a2, a3 := r0[j], r1[j], r2[j], r3[j]
		s0 += a0 * xj
		s1 += a1 * xj
		s2 += a2 * xj
		s3 += a3 * xj
		y[j] += x0*a0 + x1*a1 + x2*a2 + x3*a3
	}
	*s = [4]float64{s0, s1, s2, s3}
}
