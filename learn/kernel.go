package learn

import (
	"fmt"
	"math"
	"runtime"
	"sync"

	"mlnotes/matrix"
)

// ErrInvalidParameter reports a hyper-parameter outside its valid range
// (a negative degree, a non-positive σ², an unknown kernel name, ...). It
// is matrix.ErrInvalidParameter, the value optimize.ErrInvalidParameter
// also is, so errors.Is sees one sentinel across the packages.
var ErrInvalidParameter = matrix.ErrInvalidParameter

// KernelType names a kernel family.
type KernelType string

// The kernel families of the notes, in LIBSVM's general parametrization.
const (
	// LinearKernel is k(x, y) = xᵀy.
	LinearKernel KernelType = "linear"
	// PolynomialKernel is k(x, y) = (γ xᵀy + c₀)^p; the notes' (1 + xᵀy)^p
	// is γ = 1, c₀ = 1.
	PolynomialKernel KernelType = "poly"
	// GaussianKernel is k(x, y) = exp(−γ ‖x − y‖²); the notes'
	// exp(−‖x − y‖²/σ²) is γ = 1/σ² (LIBSVM calls it "rbf").
	GaussianKernel KernelType = "rbf"
)

// Kernel is a positive semi-definite kernel k(x, y) = φ(x)ᵀφ(y), the inner
// product in a feature space that is never formed.
//
// The zero value is the linear kernel. Use Linear, Polynomial and Gaussian
// for the notes' forms; set Gamma and Coef0 directly for LIBSVM's general
// forms (γxᵀy + c₀)^p and exp(−γ‖x − y‖²). A Kernel is a plain value that
// encodes to JSON, so fitted models that hold one can be saved.
//
// Implements: 004, "Kernel function" (popular kernels) and "Mercer Theorem".
type Kernel struct {
	Type   KernelType `json:"type"`
	Degree int        `json:"degree,omitempty"` // p, polynomial only
	Gamma  float64    `json:"gamma,omitempty"`  // γ, polynomial and Gaussian
	Coef0  float64    `json:"coef0,omitempty"`  // c₀, polynomial only
}

// Linear returns the kernel k(x, y) = xᵀy, with which every kernel method
// reduces to its linear original.
func Linear() Kernel { return Kernel{Type: LinearKernel} }

// Polynomial returns the notes' polynomial kernel k(x, y) = (1 + xᵀy)^p.
func Polynomial(p int) Kernel {
	return Kernel{Type: PolynomialKernel, Degree: p, Gamma: 1, Coef0: 1}
}

// Gaussian returns the notes' Gaussian kernel k(x, y) = exp(−‖x − y‖²/σ²),
// stored as γ = 1/σ². Note the notes' scaling: σ² here is not the variance
// of a normal density, whose exponent has 2σ² (see docs/errata.md).
func Gaussian(sigma2 float64) Kernel {
	return Kernel{Type: GaussianKernel, Gamma: 1 / sigma2}
}

// Validate reports an error wrapping ErrInvalidParameter if the kernel's
// parameters are out of range: an unknown type, a degree below 1, or a γ
// that is not positive and finite.
func (k Kernel) Validate() error {
	switch k.kind() {
	case LinearKernel:
		return nil
	case PolynomialKernel:
		if k.Degree < 1 {
			return fmt.Errorf("learn: polynomial kernel: %w: degree %d, need at least 1", ErrInvalidParameter, k.Degree)
		}
		if !(k.Gamma > 0) || math.IsInf(k.Gamma, 0) || math.IsNaN(k.Coef0) || math.IsInf(k.Coef0, 0) {
			return fmt.Errorf("learn: polynomial kernel: %w: gamma %g, coef0 %g", ErrInvalidParameter, k.Gamma, k.Coef0)
		}
		return nil
	case GaussianKernel:
		if !(k.Gamma > 0) || math.IsInf(k.Gamma, 0) {
			return fmt.Errorf("learn: gaussian kernel: %w: gamma %g (σ² = 1/γ) must be positive and finite", ErrInvalidParameter, k.Gamma)
		}
		return nil
	}
	return fmt.Errorf("learn: kernel: %w: unknown type %q (want linear, poly or rbf)", ErrInvalidParameter, k.Type)
}

// kind maps the zero value to the linear kernel.
func (k Kernel) kind() KernelType {
	if k.Type == "" {
		return LinearKernel
	}
	return k.Type
}

// String describes the kernel in the notes' notation.
func (k Kernel) String() string {
	switch k.kind() {
	case PolynomialKernel:
		return fmt.Sprintf("(%g·xᵀy + %g)^%d", k.Gamma, k.Coef0, k.Degree)
	case GaussianKernel:
		return fmt.Sprintf("exp(−‖x − y‖²/%g)", 1/k.Gamma)
	}
	return "xᵀy"
}

// Eval returns k(x, y). x and y must have the same length.
func (k Kernel) Eval(x, y []float64) float64 {
	switch k.kind() {
	case PolynomialKernel:
		return powInt(k.Gamma*matrix.Dot(x, y)+k.Coef0, k.Degree)
	case GaussianKernel:
		var d2 float64
		for i, xi := range x {
			d := xi - y[i]
			d2 += d * d
		}
		return math.Exp(-k.Gamma * d2)
	}
	return matrix.Dot(x, y)
}

// fromDot returns k(x, y) given xᵀy and the squared norms ‖x‖², ‖y‖², the
// form in which a Gram matrix is computed from one matrix product:
// ‖x − y‖² = ‖x‖² + ‖y‖² − 2xᵀy (clamped at 0 against rounding).
func (k Kernel) fromDot(dot, nx, ny float64) float64 {
	switch k.kind() {
	case PolynomialKernel:
		// γ·xᵀz is rounded before c₀ is added (no fused multiply-add), so
		// that the SVM's kernel rows, which compute it the same way,
		// agree exactly with Diag on every architecture.
		return powInt(float64(k.Gamma*dot)+k.Coef0, k.Degree)
	case GaussianKernel:
		return math.Exp(-k.Gamma * math.Max(0, nx+ny-2*dot))
	}
	return dot
}

// powInt returns x^p by repeated squaring (exact for small integer powers,
// unlike math.Pow's general path).
func powInt(x float64, p int) float64 {
	r := 1.0
	for ; p > 0; p >>= 1 {
		if p&1 == 1 {
			r *= x
		}
		x *= x
	}
	return r
}

// GramMatrix returns the n×n kernel matrix Kᵢⱼ = k(xᵢ, xⱼ) of the rows of
// X (n×d). It computes the inner products XXᵀ with one matrix product and
// applies the kernel to each entry, splitting the rows over the available
// cores; the result is exactly symmetric.
//
// Errors: an invalid kernel, an empty X, NaN/Inf in X, or an n×n result
// beyond matrix.MemoryLimit (matrix.ErrTooLarge).
func GramMatrix(k Kernel, x *matrix.Dense) (*matrix.Dense, error) {
	if err := checkKernelInput(k, x); err != nil {
		return nil, err
	}
	if err := checkGramSize("gram matrix", x.Rows(), 1); err != nil {
		return nil, err
	}
	g := matrix.Gram(x) // gᵢⱼ = xᵢᵀxⱼ
	n := g.Rows()
	norms := make([]float64, n)
	for i := range norms {
		norms[i] = g.At(i, i)
	}
	parallelRows(n, func(i int) {
		row := g.Row(i)
		for j := 0; j <= i; j++ {
			row[j] = k.fromDot(row[j], norms[i], norms[j])
		}
	})
	for i := range n { // mirror the lower triangle
		for j := range i {
			g.Set(j, i, g.At(i, j))
		}
	}
	return g, nil
}

// CrossGram returns the m×n matrix Kᵢⱼ = k(aᵢ, bⱼ) between the rows of A
// (m×d) and the rows of B (n×d): the kernel between new points and the
// training points, which kernel PCA and the SVMs need to predict.
func CrossGram(k Kernel, a, b *matrix.Dense) (*matrix.Dense, error) {
	if err := checkKernelInput(k, a); err != nil {
		return nil, err
	}
	if err := checkKernelInput(k, b); err != nil {
		return nil, err
	}
	if a.Cols() != b.Cols() {
		return nil, fmt.Errorf("learn: kernel: %w: %d features against %d", matrix.ErrShape, a.Cols(), b.Cols())
	}
	g, err := matrix.MulABT(a, b) // gᵢⱼ = aᵢᵀbⱼ
	if err != nil {
		return nil, err
	}
	na, nb := rowNorms2(a), rowNorms2(b)
	parallelRows(a.Rows(), func(i int) {
		row := g.Row(i)
		for j := range row {
			row[j] = k.fromDot(row[j], na[i], nb[j])
		}
	})
	return g, nil
}

func checkKernelInput(k Kernel, x *matrix.Dense) error {
	if err := k.Validate(); err != nil {
		return err
	}
	if x == nil || x.IsEmpty() {
		return fmt.Errorf("learn: kernel: %w: no samples", matrix.ErrEmpty)
	}
	if err := x.CheckFinite(); err != nil {
		return fmt.Errorf("learn: kernel: %w", err)
	}
	return nil
}

// rowNorms2 returns ‖xᵢ‖² for every row.
func rowNorms2(x *matrix.Dense) []float64 {
	n := make([]float64, x.Rows())
	for i := range n {
		r := x.Row(i)
		n[i] = matrix.Dot(r, r)
	}
	return n
}

// parallelRows calls f(i) for i in [0, n), spreading contiguous blocks of
// rows over GOMAXPROCS goroutines. Each row is written by exactly one call,
// so the result does not depend on the number of goroutines.
func parallelRows(n int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), max(1, n/64))
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var wg sync.WaitGroup
	chunk := (n + workers - 1) / workers
	for lo := 0; lo < n; lo += chunk {
		hi := min(n, lo+chunk)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := lo; i < hi; i++ {
				f(i)
			}
		}()
	}
	wg.Wait()
}
