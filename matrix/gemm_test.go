package matrix

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
)

// Tests of the product kernels against the textbook triple loop.
//
// Tolerance. Each computed element is a sum of k products (plus β·c), and
// every summation order satisfies |fl(s) − s| ≤ γ Σₚ |op(A)ᵢₚ||op(B)ₚⱼ|
// with γ ≈ (k+2)ε once α and β are applied (Higham, Accuracy and
// Stability of Numerical Algorithms, §3.1), with or without fused
// multiply-adds. The kernel and the reference each have such an error, so
// they may differ by twice that bound, element by element:
//
//	|cᵢⱼ − refᵢⱼ| ≤ 2(k+3)ε (|α| (|op(A)||op(B)|)ᵢⱼ + |β||c⁰ᵢⱼ|).

// gemmCase is one product to check; the sizes are those of op(A) (m×k)
// and op(B) (k×n).
type gemmCase struct{ m, k, n int }

// gemmShapes are odd shapes: tiny, prime, zero dimensions, and sizes that
// are not multiples of any tile (3×2, 6×8, 12×16) or block (mc = 120,
// kc = 256, nc = 4096), some above the parallel threshold.
var gemmShapes = []gemmCase{
	{1, 1, 1}, {7, 13, 5}, {13, 7, 1}, {1, 300, 1}, {3, 1, 9},
	{5, 0, 7}, {0, 5, 3}, {4, 3, 0},
	{37, 29, 41}, {33, 33, 33}, {2, 600, 3},
	{131, 259, 77},  // crosses mc and kc; parallel, also with -short
	{50, 20, 4107},  // crosses nc
	{130, 300, 801}, // columns split between 2 or 3 workers (gemmColumns), across mc and kc
}

// gemmShapesLong are larger odd shapes, left out with -short.
var gemmShapesLong = []gemmCase{
	{97, 100, 101},  // just above the parallel threshold
	{260, 513, 130}, // two kc blocks plus a remainder
}

// testShapes returns gemmShapes, and gemmShapesLong without -short.
func testShapes() []gemmCase {
	if testing.Short() {
		return gemmShapes
	}
	return append(gemmShapes[:len(gemmShapes):len(gemmShapes)], gemmShapesLong...)
}

// naiveGemm returns α·op(A)·op(B) + β·C0 by the triple loop and the
// elementwise error bound of the file comment.
func naiveGemm(transA, transB bool, alpha float64, a, b *Dense, beta float64, c0 *Dense) (ref, bound *Dense) {
	opA, opB := a.Clone(), b.Clone()
	if transA {
		opA = a.T()
	}
	if transB {
		opB = b.T()
	}
	m, k, n := opA.rows, opA.cols, opB.cols
	ref, bound = New(m, n), New(m, n)
	gamma := 2 * float64(k+3) * eps
	for i := range m {
		ai := opA.Row(i)
		for j := range n {
			var s, abs float64
			for p, aip := range ai {
				t := aip * opB.data[p*opB.stride+j]
				s += t
				abs += math.Abs(t)
			}
			r := alpha * s
			bnd := math.Abs(alpha) * abs
			if beta != 0 {
				r += beta * c0.At(i, j)
				bnd += math.Abs(beta * c0.At(i, j))
			}
			ref.data[i*ref.stride+j] = r
			bound.data[i*bound.stride+j] = gamma * bnd
		}
	}
	return ref, bound
}

// checkWithin reports the first element of got that is farther from ref
// than bound allows.
func checkWithin(t *testing.T, name string, got, ref, bound *Dense) {
	t.Helper()
	if got.rows != ref.rows || got.cols != ref.cols {
		t.Fatalf("%s: shape %s, want %s", name, got.shape(), ref.shape())
	}
	for i := range ref.rows {
		for j := range ref.cols {
			if d := math.Abs(got.At(i, j) - ref.At(i, j)); !(d <= bound.At(i, j)) {
				t.Fatalf("%s: element (%d, %d) = %v, want %v (difference %.3g, bound %.3g)",
					name, i, j, got.At(i, j), ref.At(i, j), d, bound.At(i, j))
			}
		}
	}
}

// viewIn returns an r×c view at offset (2, 3) inside a larger parent whose
// other elements are NaN, filled with uniform numbers from [-1, 1). A
// kernel that reads outside the view, or between its rows, brings a NaN
// into the result.
func viewIn(rng *rand.Rand, r, c int) (view, parent *Dense) {
	parent = New(r+4, c+7)
	for i := range parent.data {
		parent.data[i] = math.NaN()
	}
	view = parent.Slice(2, 2+r, 3, 3+c)
	for i := range r {
		for j := range c {
			view.Set(i, j, 2*rng.Float64()-1)
		}
	}
	return view, parent
}

// checkParentUntouched fails if an element of parent outside view changed
// from NaN: a kernel wrote outside its destination.
func checkParentUntouched(t *testing.T, name string, parent *Dense, i0, j0, r, c int) {
	t.Helper()
	for i := range parent.rows {
		for j := range parent.cols {
			inside := i >= i0 && i < i0+r && j >= j0 && j < j0+c
			if !inside && !math.IsNaN(parent.At(i, j)) {
				t.Fatalf("%s: wrote %v at (%d, %d) outside the destination view", name, parent.At(i, j), i, j)
			}
		}
	}
}

// productKernels are the micro-kernels to test: the portable one always,
// and every assembly kernel this machine can run (not only the one the
// products choose).
func productKernels() []*microKernel {
	return append([]*microKernel{&portableKernel}, fastKernels()...)
}

// operands returns op(A) (m×k) and op(B) (k×n) stored as the transpose
// cases ask, each a view inside a NaN-filled parent.
func operands(rng *rand.Rand, transA, transB bool, s gemmCase) (a, b *Dense) {
	ar, ac := s.m, s.k
	if transA {
		ar, ac = ac, ar
	}
	br, bc := s.k, s.n
	if transB {
		br, bc = bc, br
	}
	a, _ = viewIn(rng, ar, ac)
	b, _ = viewIn(rng, br, bc)
	return a, b
}

func TestGemmAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	scalars := [][2]float64{{1, 0}, {-0.5, 2}, {2.5, 1}, {0, 0.5}}
	for _, s := range testShapes() {
		for _, tr := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
			ab := scalars[rng.IntN(len(scalars))]
			alpha, beta := ab[0], ab[1]
			name := fmt.Sprintf("%dx%dx%d transA=%v transB=%v α=%v β=%v", s.m, s.k, s.n, tr[0], tr[1], alpha, beta)
			a, b := operands(rng, tr[0], tr[1], s)
			c, parent := viewIn(rng, s.m, s.n)
			c0 := c.Clone()
			if beta == 0 {
				for i := range c.rows {
					for j := range c.cols {
						c.Set(i, j, math.NaN()) // β = 0 must not read C
					}
				}
			}
			ref, bound := naiveGemm(tr[0], tr[1], alpha, a, b, beta, c0)
			if err := Gemm(tr[0], tr[1], alpha, a, b, beta, c); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			checkWithin(t, "Gemm "+name, c, ref, bound)
			checkParentUntouched(t, name, parent, 2, 3, s.m, s.n)
		}
	}
}

// TestGemmPackedKernels runs the packed path directly, for every kernel
// and for one, two and three workers, on shapes where Gemm itself might
// choose the reference loops; the results must agree with the triple loop
// and be bitwise the same for every number of workers.
func TestGemmPackedKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for _, kern := range productKernels() {
		// The blocking invariants gemmPacked relies on.
		if kern.mc%kern.mr != 0 || kern.nc%kern.nr != 0 || kern.mr*kern.nr > maxTile {
			t.Fatalf("%s: mc = %d, nc = %d are not multiples of mr = %d, nr = %d, or the tile exceeds %d",
				kern.name, kern.mc, kern.nc, kern.mr, kern.nr, maxTile)
		}
		for _, s := range testShapes() {
			if s.m == 0 || s.n == 0 || s.k == 0 {
				continue // gemmPacked is only called on non-empty products
			}
			for _, tr := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
				a, b := operands(rng, tr[0], tr[1], s)
				c0 := randDense(rng, s.m, s.n)
				ref, bound := naiveGemm(tr[0], tr[1], -1.5, a, b, 1, c0)
				if kern == &portableKernel {
					// The readable reference loops, on the same shapes.
					c := c0.Clone()
					gemmRef(tr[0], tr[1], -1.5, a, b, c)
					checkWithin(t, fmt.Sprintf("gemmRef %dx%dx%d trans=%v", s.m, s.k, s.n, tr), c, ref, bound)
				}
				var first *Dense
				for _, workers := range []int{1, 2, 3} {
					name := fmt.Sprintf("%s %dx%dx%d trans=%v workers=%d", kern.name, s.m, s.k, s.n, tr, workers)
					c := c0.Clone()
					gemmPacked(kern, tr[0], tr[1], -1.5, a, b, c, false, workers, nil)
					checkWithin(t, name, c, ref, bound)
					if first == nil {
						first = c
					} else if !identical(first, c) {
						t.Fatalf("%s: differs from the one-worker result", name)
					}
				}
			}
		}
	}
}

// identical reports whether a and b hold the same bits.
func identical(a, b *Dense) bool {
	for i := range a.rows {
		for j := range a.cols {
			if math.Float64bits(a.At(i, j)) != math.Float64bits(b.At(i, j)) {
				return false
			}
		}
	}
	return true
}

// TestGemmLarge checks a product big enough to run several blocks on every
// worker, against the triple loop (skipped with -short: the reference
// alone is a few hundred million flops).
func TestGemmLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("large product")
	}
	rng := rand.New(rand.NewPCG(5, 5))
	s := gemmCase{517, 300, 611}
	for _, tr := range [][2]bool{{false, false}, {true, true}} {
		a, b := operands(rng, tr[0], tr[1], s)
		c := New(s.m, s.n)
		ref, bound := naiveGemm(tr[0], tr[1], 1, a, b, 0, c)
		if err := Gemm(tr[0], tr[1], 1, a, b, 0, c); err != nil {
			t.Fatal(err)
		}
		checkWithin(t, fmt.Sprintf("%v trans=%v GOMAXPROCS=%d", s, tr, runtime.GOMAXPROCS(0)), c, ref, bound)
	}
}

func TestGemmErrors(t *testing.T) {
	parent := New(6, 6)
	a, b, c := parent.Slice(0, 3, 0, 3), parent.Slice(3, 6, 0, 3), parent.Slice(3, 6, 3, 6)
	// Disjoint views of one parent are fine (the blocked LU relies on it).
	if err := Gemm(false, false, 1, a, parent.Slice(0, 3, 3, 6), 1, c); err != nil {
		t.Errorf("disjoint views: %v", err)
	}
	whole := New(3, 3)
	for name, args := range map[string][3]*Dense{
		"C is A":           {a, b, a},
		"C overlaps B":     {a, b, parent.Slice(2, 5, 0, 3)},
		"B is a view of C": {a, whole.Slice(0, 3, 1, 3), whole.Slice(0, 3, 0, 2)},
	} {
		if args[1].cols != args[2].cols {
			args[0] = New(3, args[1].rows)
		}
		if err := Gemm(false, false, 1, args[0], args[1], 0, args[2]); !errors.Is(err, ErrAlias) {
			t.Errorf("%s: got %v, want ErrAlias", name, err)
		}
	}
	if err := Gemm(false, false, 1, New(2, 3), New(2, 3), 0, New(2, 3)); !errors.Is(err, ErrShape) {
		t.Errorf("inner dimensions 3 and 2: got %v, want ErrShape", err)
	}
	if err := Gemm(true, false, 1, New(2, 3), New(2, 4), 0, New(2, 4)); !errors.Is(err, ErrShape) {
		t.Errorf("C 2×4 for a 3×4 product: got %v, want ErrShape", err)
	}
}

// naiveSyrk returns α·op(A)·op(A)ᵀ + β·C0 (C0 read in full, as a
// symmetric input) and the bound of the file comment.
func naiveSyrk(trans bool, alpha float64, a *Dense, beta float64, c0 *Dense) (ref, bound *Dense) {
	return naiveGemm(trans, !trans, alpha, a, a, beta, c0)
}

func TestSyrkAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	// (n, k): C is n×n, op(A) is n×k.
	shapes := [][2]int{{1, 1}, {7, 13}, {13, 7}, {1, 40}, {5, 0}, {0, 3}, {33, 31}, {70, 300}, {131, 259}, {200, 60}}
	for _, kern := range productKernels() {
		saved := activeKernel
		activeKernel = *kern
		for _, s := range shapes {
			n, k := s[0], s[1]
			for _, trans := range []bool{false, true} {
				for _, ab := range [][2]float64{{1, 0}, {-0.25, 3}} {
					alpha, beta := ab[0], ab[1]
					name := fmt.Sprintf("%s n=%d k=%d trans=%v α=%v β=%v", kern.name, n, k, trans, alpha, beta)
					ar, ac := n, k
					if trans {
						ar, ac = k, n
					}
					a, _ := viewIn(rng, ar, ac)
					c, parent := viewIn(rng, n, n)
					// A symmetric C0; its upper triangle in C is garbage
					// that Syrk must ignore.
					c0 := randSym(rng, n)
					for i := range n {
						for j := range n {
							switch {
							case j > i:
								c.Set(i, j, 1e300)
							case beta == 0:
								c.Set(i, j, math.NaN())
							default:
								c.Set(i, j, c0.At(i, j))
							}
						}
					}
					ref, bound := naiveSyrk(trans, alpha, a, beta, c0)
					if err := Syrk(trans, alpha, a, beta, c); err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					checkWithin(t, name, c, ref, bound)
					checkExactlySymmetric(t, name, c)
					checkParentUntouched(t, name, parent, 2, 3, n, n)
				}
			}
		}
		activeKernel = saved
	}
}

// TestSyrkWorkers checks the parallel triangle against one worker: the
// lower-triangle path must give the same bits for any number of workers.
func TestSyrkWorkers(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	a := randDense(rng, 300, 157) // AᵀA is 157×157, k = 300
	for _, kern := range productKernels() {
		var first *Dense
		for _, workers := range []int{1, 2, 3} {
			c := New(157, 157)
			gemmPacked(kern, true, false, 1, a, a, c, true, workers, nil)
			mirrorLower(c)
			if first == nil {
				ref, bound := naiveSyrk(true, 1, a, 0, New(157, 157))
				checkWithin(t, kern.name, c, ref, bound)
				first = c
			} else if !identical(first, c) {
				t.Fatalf("%s: %d workers differ from one", kern.name, workers)
			}
		}
	}
}

func TestSyrkLowerAndGram(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	x := randDense(rng, 120, 45)
	c := New(45, 45)
	for i := range c.data {
		c.data[i] = math.NaN() // syrkLower overwrites C
	}
	syrkLower(0.5, x, c)
	ref, bound := naiveSyrk(true, 0.5, x, 0, New(45, 45))
	checkWithin(t, "syrkLower", c, ref, bound)
	checkExactlySymmetric(t, "syrkLower", c)

	g := Gram(x)
	ref, bound = naiveSyrk(false, 1, x, 0, New(120, 120))
	checkWithin(t, "Gram", g, ref, bound)
	checkExactlySymmetric(t, "Gram", g)
}

func TestSyrkErrors(t *testing.T) {
	a := New(4, 3)
	if err := Syrk(true, 1, a, 0, New(4, 4)); !errors.Is(err, ErrShape) {
		t.Errorf("AᵀA of a 4×3 A into 4×4: got %v, want ErrShape", err)
	}
	if err := Syrk(false, 1, a, 0, New(3, 3)); !errors.Is(err, ErrShape) {
		t.Errorf("AAᵀ of a 4×3 A into 3×3: got %v, want ErrShape", err)
	}
	p := New(4, 4)
	if err := Syrk(true, 1, p.Slice(0, 4, 0, 2), 0, p.Slice(0, 2, 2, 4)); !errors.Is(err, ErrAlias) {
		t.Errorf("C inside A's rows: got %v, want ErrAlias", err)
	}
}

// randSym returns a symmetric n×n matrix with entries in [-1, 1).
func randSym(rng *rand.Rand, n int) *Dense {
	s := New(n, n)
	for i := range n {
		for j := range i + 1 {
			v := 2*rng.Float64() - 1
			s.Set(i, j, v)
			s.Set(j, i, v)
		}
	}
	return s
}

func checkExactlySymmetric(t *testing.T, name string, c *Dense) {
	t.Helper()
	for i := range c.rows {
		for j := range i {
			if math.Float64bits(c.At(i, j)) != math.Float64bits(c.At(j, i)) {
				t.Fatalf("%s: c[%d,%d] = %v but c[%d,%d] = %v", name, i, j, c.At(i, j), j, i, c.At(j, i))
			}
		}
	}
}

// TestGemvAgainstNaive checks both orientations of Gemv against the
// explicit sums, with the bound of the file comment (k = the length of
// the dot products), on strided views, with one to three workers.
func TestGemvAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	shapes := [][2]int{{1, 1}, {7, 13}, {13, 7}, {0, 4}, {4, 0}, {5, 9}, {130, 67}, {67, 130}}
	if !testing.Short() {
		// Above gemvParallel, and above gemvStream (one row at a time).
		shapes = append(shapes, [2]int{517, 301}, [2]int{1500, 1401})
	}
	for _, s := range shapes {
		a, _ := viewIn(rng, s[0], s[1])
		for _, trans := range []bool{false, true} {
			m, n := opDims(trans, a)
			x := randDense(rng, 1, n).data
			y0 := randDense(rng, 1, m).data
			for _, ab := range [][2]float64{{1, 0}, {-2, 0.5}, {0, 3}} {
				alpha, beta := ab[0], ab[1]
				// The reference: yᵢ = α Σⱼ op(A)ᵢⱼ xⱼ + β y⁰ᵢ, as a matrix
				// product with x as an n×1 matrix.
				xm, _ := NewFromSlice(n, 1, x)
				y0m, _ := NewFromSlice(m, 1, y0)
				ref, bound := naiveGemm(trans, false, alpha, a, xm, beta, y0m)
				var first []float64
				for workers := 1; workers <= 3; workers++ {
					name := fmt.Sprintf("%dx%d trans=%v α=%v β=%v workers=%d", s[0], s[1], trans, alpha, beta, workers)
					y := append([]float64(nil), y0...)
					if beta == 0 {
						for i := range y {
							y[i] = math.NaN() // β = 0 must not read y
						}
					}
					if workers == 1 {
						if err := Gemv(trans, alpha, a, x, beta, y); err != nil {
							t.Fatalf("%s: %v", name, err)
						}
					} else {
						if beta == 0 {
							clear(y)
						} else {
							ScaleVec(beta, y)
						}
						if trans {
							gemvT(alpha, a, x, y, workers)
						} else {
							gemvN(alpha, a, x, y, workers)
						}
					}
					got, _ := NewFromSlice(m, 1, y)
					checkWithin(t, name, got, ref, bound)
					if first == nil {
						first = y
					} else if m > 0 && !identical(got, &Dense{rows: m, cols: 1, stride: 1, data: first}) {
						t.Fatalf("%s: differs from the one-worker result", name)
					}
				}
			}
		}
	}
	if err := Gemv(false, 1, New(3, 2), make([]float64, 3), 0, make([]float64, 3)); !errors.Is(err, ErrShape) {
		t.Errorf("x of length 3 for a 3×2 A: got %v, want ErrShape", err)
	}
}

// TestDotAxpyTails checks the unrolled level-1 kernels on every length
// around their unrolling by four, against the plain loops.
func TestDotAxpyTails(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 10))
	for n := range 14 {
		x, y := randDense(rng, 1, n).data, randDense(rng, 1, n).data
		var want, abs float64
		for i := range x {
			want += x[i] * y[i]
			abs += math.Abs(x[i] * y[i])
		}
		if got := Dot(x, y); !(math.Abs(got-want) <= 2*float64(n+1)*eps*abs) {
			t.Errorf("Dot, n=%d: %v, want %v", n, got, want)
		}
		z := append([]float64(nil), y...)
		Axpy(-0.75, x, z)
		for i := range z {
			// One product and one sum: two roundings at most.
			if !(math.Abs(z[i]-(y[i]-0.75*x[i])) <= 2*eps*(math.Abs(y[i])+math.Abs(0.75*x[i]))) {
				t.Errorf("Axpy, n=%d, i=%d: %v, want %v", n, i, z[i], y[i]-0.75*x[i])
			}
		}
	}
}

// TestCovarianceCentersInPacking checks that the covariance, which
// subtracts the means while packing, gives the bits of the two-step
// computation (center, then AᵀA) and agrees with the triple loop, on a
// strided view, for every kernel, on the small and the blocked path.
func TestCovarianceCentersInPacking(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 11))
	for _, kern := range productKernels() {
		saved := activeKernel
		activeKernel = *kern
		for _, s := range [][2]int{{5, 3}, {300, 131}, {77, 40}} {
			x, _ := viewIn(rng, s[0], s[1])
			for i := range s[0] {
				for j := range s[1] {
					x.Set(i, j, x.At(i, j)+float64(j)) // means far from zero
				}
			}
			got, err := Covariance(x, Sample)
			if err != nil {
				t.Fatal(err)
			}
			xc, _, _ := Center(x)
			want := New(s[1], s[1])
			syrkLower(1/float64(s[0]-1), xc, want)
			name := fmt.Sprintf("%s %dx%d", kern.name, s[0], s[1])
			if !identical(got, want) {
				t.Fatalf("%s: centering in the packing differs from centering first", name)
			}
			ref, bound := naiveSyrk(true, 1/float64(s[0]-1), xc, 0, New(s[1], s[1]))
			checkWithin(t, name, got, ref, bound)
		}
		activeKernel = saved
	}
}
