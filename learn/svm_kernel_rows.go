package learn

import (
	"runtime"

	"mlnotes/matrix"
)

// The kernel evaluations of the SVMs: the rows of K that SMO asks for while
// training, and the sums Σₜ coefₜ K(svₜ, x) of the decision function. Both
// take the squared norms of the rows once, so that a Gaussian entry costs one
// dot product and one exponential,
//
//	‖x − z‖² = ‖x‖² + ‖z‖² − 2xᵀz   (clamped at 0 against rounding),
//
// and are written as one loop per kernel family, because they are where
// training and prediction spend their time (docs/performance.md). The
// exponential is matrix.Exp (within 2 ulp of math.Exp); Kernel.Eval and
// GramMatrix remain the reference they are tested against.

// kernelRows presents the kernel matrix Kᵢⱼ = k(xᵢ, xⱼ) of the training
// points as an optimize.QMatrix, computed one row at a time on demand (the
// SMO solver caches the rows it reuses).
type kernelRows struct {
	k Kernel
	*flatRows
	codes *byteRows // the rows as bytes when they have at most 256 distinct entries, else nil (svm_kernel_codes.go)
}

func newKernelRows(k Kernel, x *matrix.Dense) *kernelRows {
	f := newFlatRows(x)
	return &kernelRows{k: k, flatRows: f, codes: newByteRows(f.x, f.d)}
}

func (q *kernelRows) Size() int { return len(q.norms) }

// MirrorEntries lets optimize.SMO's cache copy kernel values between
// cached rows when the points have mirrorFeatures features or more.
// K(xᵢ, xⱼ) and K(xⱼ, xᵢ) are the same bits: the inner product adds the
// same products xᵢ[f]·xⱼ[f] in the order f = 0, 1, … (skipping only zero
// terms, which change nothing), and the kernels apply symmetric formulas
// to it (‖xᵢ‖² + ‖xⱼ‖², exact under exchange).
func (q *kernelRows) MirrorEntries() bool { return q.d >= mirrorFeatures }

// mirrorFeatures is the number of features from which a kernel value costs
// more to compute than to copy from another cached row: a copy reads a
// random row of the cache, often from memory (about 100 ns); a value of 784
// pixels (Fashion-MNIST) takes 150 ns and copying spared 15 % of the linear
// fit at 10 000 images, one of 20 features (the 5000-point benchmark) 10 ns
// and copying made the fit 20 % slower.
const mirrorFeatures = 256

func (q *kernelRows) Diag(i int) float64 { return q.k.fromDot(q.norms[i], q.norms[i], q.norms[i]) }

// Row fills dst[j] = k(xᵢ, xⱼ) for j in cols. Long rows are shared with
// helper goroutines (share, in svm_kernel_rows_share.go); each entry is
// written by one goroutine, so the result does not depend on their number.
func (q *kernelRows) Row(i int, cols []int, dst []float64) {
	workers := runtime.GOMAXPROCS(0)
	if workers < 2 || len(cols)*q.d < rowShareWork {
		q.fill(i, cols, dst)
		return
	}
	q.share(i, cols, dst, workers)
}

// fill sets dst[j] = k(xᵢ, xⱼ) for j in cols, one loop per kernel family.
func (q *kernelRows) fill(i int, cols []int, dst []float64) {
	xi, ni := q.row(i), q.norms[i]
	dots := q.dots
	switch k := q.k; k.kind() {
	case GaussianKernel:
		dots(xi, cols, dst)
		q.gaussian(-k.Gamma, ni, cols, dst)
	case PolynomialKernel:
		dots(xi, cols, dst)
		for _, j := range cols {
			dst[j] = powInt(float64(k.Gamma*dst[j])+k.Coef0, k.Degree) // (γxᵢᵀxⱼ + c₀)^p, rounded as in fromDot
		}
	default:
		dots(xi, cols, dst) // xᵢᵀxⱼ
	}
}

// expBlock is the number of exponents gaussian gathers for one call of
// matrix.ExpTo (2 KiB on the stack).
const expBlock = 256

// gaussian turns dst[j] = xᵢᵀxⱼ into exp(g‖xᵢ − xⱼ‖²) for j in cols, given
// ni = ‖xᵢ‖² and g = −γ: the exponents of a block of columns are gathered
// and exponentiated by one call of matrix.ExpTo (the same values as
// matrix.Exp, whose call per entry cost as much as its polynomial).
func (q *kernelRows) gaussian(g, ni float64, cols []int, dst []float64) {
	var buf [expBlock]float64
	norms := q.norms
	for lo := 0; lo < len(cols); lo += expBlock {
		block := cols[lo:min(len(cols), lo+expBlock)]
		e := buf[:len(block)]
		for k, j := range block {
			e[k] = g * max(ni+norms[j]-2*dst[j], 0) // −γ‖xᵢ − xⱼ‖² from xᵢᵀxⱼ
		}
		matrix.ExpTo(e, e)
		for k, j := range block {
			dst[j] = e[k]
		}
	}
}

// dots sets dst[j] = xᵀxⱼ for j in cols, four rows at a time (dot4), from
// the byte form of the rows when they have one (the same values).
func (q *kernelRows) dots(x []float64, cols []int, dst []float64) {
	if q.codes != nil {
		q.codes.dots(x, cols, dst)
		return
	}
	c := 0
	for ; c+4 <= len(cols); c += 4 {
		j0, j1, j2, j3 := cols[c], cols[c+1], cols[c+2], cols[c+3]
		dst[j0], dst[j1], dst[j2], dst[j3] = dot4(x, q.row(j0), q.row(j1), q.row(j2), q.row(j3))
	}
	for ; c < len(cols); c++ {
		dst[cols[c]] = dot1(x, q.row(cols[c]))
	}
}

// dot4 returns xᵀr₀, xᵀr₁, xᵀr₂, xᵀr₃. The four rows share the loads of x
// and keep four sums in flight; within each sum the additions run in the
// plain order f = 0, 1, …, d − 1, as in dot1.
//
// Each product is rounded before it is added (the explicit conversion
// forbids the compiler to fuse the multiply and the add, which it may do in
// one loop and not in the other on arm64 or amd64 v3), so that dot4 and
// dot1 round alike on every architecture.
func dot4(x, r0, r1, r2, r3 []float64) (s0, s1, s2, s3 float64) {
	r0, r1, r2, r3 = r0[:len(x)], r1[:len(x)], r2[:len(x)], r3[:len(x)]
	for f, v := range x {
		s0 += float64(v * r0[f])
		s1 += float64(v * r1[f])
		s2 += float64(v * r2[f])
		s3 += float64(v * r3[f])
	}
	return s0, s1, s2, s3
}

// dot1 returns xᵀr, adding in the order f = 0, 1, …, d − 1, each product
// rounded as in dot4.
func dot1(x, r []float64) float64 {
	r = r[:len(x)]
	var s float64
	for f, v := range x {
		s += float64(v * r[f])
	}
	return s
}

// sumBlock is the number of support vectors whose inner products with x
// kernelSum keeps on the stack at a time.
const sumBlock = 64

// flatRows holds the rows of a matrix contiguously with their squared norms.
type flatRows struct {
	x     []float64 // n×d, row-major
	d     int
	norms []float64 // ‖xᵢ‖²
	// idx, when not nil, makes the set's row i the row idx[i] of x (the
	// points of a pair of classes read in place: svm_kernel_rows_subset.go).
	idx []int
}

// The norms are summed in the order of dot1 and dot4, so that a row's
// inner product with itself equals its norm exactly: K(x, x) = 1 for the
// Gaussian kernel, also between duplicated points, and Diag agrees with Row.
func newFlatRows(x *matrix.Dense) *flatRows {
	n, d := x.Dims()
	f := &flatRows{x: make([]float64, 0, n*d), d: d, norms: make([]float64, n)}
	for i := range n {
		f.x = append(f.x, x.Row(i)...)
		f.norms[i] = dot1(x.Row(i), x.Row(i))
	}
	return f
}

// row returns xᵢ.
func (f *flatRows) row(i int) []float64 {
	if f.idx != nil {
		i = f.idx[i]
	}
	return f.x[i*f.d : i*f.d+f.d]
}

// kernelSum returns Σₜ wₜ k(zₜ, x) over the rows zₜ of Z, given ‖x‖² (and
// Z's ‖zₜ‖²): the sum in the decision function f(x) = Σₜ coefₜ K(svₜ, x) − ρ.
// It takes the kernel values a block at a time (kernelBlock), so they stay
// on the stack.
func kernelSum(k Kernel, x []float64, nx float64, z *flatRows, w []float64) float64 {
	var s float64
	var kv [sumBlock]float64
	for lo := 0; lo < len(w); lo += sumBlock {
		hi := min(len(w), lo+sumBlock)
		block := kv[:hi-lo]
		kernelBlock(k, x, nx, z, lo, block)
		for u, v := range block {
			s += w[lo+u] * v
		}
	}
	return s
}

// kernelBlock sets dst[u] = k(z_{lo+u}, x) for u < len(dst), given ‖x‖²:
// the inner products zₜᵀx four rows at a time, then the kernel applied to
// them (‖x − zₜ‖² = ‖x‖² + ‖zₜ‖² − 2xᵀzₜ for the Gaussian, clamped at 0).
func kernelBlock(k Kernel, x []float64, nx float64, z *flatRows, lo int, dst []float64) {
	hi := lo + len(dst)
	t := lo
	for ; t+4 <= hi; t += 4 {
		dst[t-lo], dst[t-lo+1], dst[t-lo+2], dst[t-lo+3] = dot4(x, z.row(t), z.row(t+1), z.row(t+2), z.row(t+3))
	}
	for ; t < hi; t++ {
		dst[t-lo] = dot1(x, z.row(t))
	}
	nb := z.norms[lo:hi]
	switch k.kind() {
	case GaussianKernel:
		g := -k.Gamma
		for u, d := range dst {
			dst[u] = matrix.Exp(g * max(nx+nb[u]-2*d, 0)) // exp(−γ‖x − zₜ‖²)
		}
	case PolynomialKernel:
		for u, d := range dst {
			dst[u] = powInt(float64(k.Gamma*d)+k.Coef0, k.Degree) // (γxᵀzₜ + c₀)^p, rounded as in fromDot
		}
	}
}
