package eigen

import (
	"fmt"
	"math"
	"runtime"

	"mlnotes/matrix"
)

// QRStep reports one implicit QR step on the tridiagonal matrix.
type QRStep struct {
	Iteration int     // 1-based count of QR steps so far
	Low, High int     // the unreduced block T[Low..High] the step worked on
	Shift     float64 // the Wilkinson shift μ
	OffDiag   float64 // |e[High−1]|, the entry being driven to zero
}

// Method selects the algorithm Symmetric runs on the tridiagonal matrix.
type Method int

const (
	// Auto, the zero value, picks by size as LAPACK's drivers do:
	// TridiagonalQR below n = autoDCMin, DivideConquer from there on
	// (values only always take the O(n²) QR path). A caller who sets
	// Trace (QR steps) and not MergeTrace gets QR at every size, so that
	// the trace it asked for is written.
	Auto Method = iota
	// TridiagonalQR is implicit QR with Wilkinson shifts, rotations
	// applied one by one: the readable method, fastest for small n.
	TridiagonalQR
	// DivideConquer is Cuppen's divide and conquer with the Gu–Eisenstat
	// eigenvectors: the eigenvector work becomes matrix products, several
	// times faster than TridiagonalQR for n in the hundreds and beyond.
	DivideConquer
)

// autoDCMin is the order from which Auto chooses divide and conquer.
// Measured with BenchmarkSym (medians of 5, 2 shared cores): QR vs D&C
// 0.26 vs 0.37 ms at n = 50, 1.6 vs 1.8 ms at 100, 5.0 vs 6.0 ms at 150,
// 12.1 vs 8.2 ms at 200, and D&C keeps gaining with n (docs/eigenproblems.md).
const autoDCMin = 180

// resolve returns the method Auto stands for at order n, or m itself.
func (m Method) resolve(n int) Method {
	if m != Auto {
		return m
	}
	if n >= autoDCMin {
		return DivideConquer
	}
	return TridiagonalQR
}

// String returns "auto", "qr" or "dc", the names of the CLI's -method flag.
func (m Method) String() string {
	switch m {
	case Auto:
		return "auto"
	case TridiagonalQR:
		return "qr"
	case DivideConquer:
		return "dc"
	}
	return fmt.Sprintf("Method(%d)", int(m))
}

// SymmetricOptions configures Symmetric. The zero value computes values
// and vectors by the method best for the size (Auto).
type SymmetricOptions struct {
	Method     Method        // Auto (the default: by size), TridiagonalQR or DivideConquer
	ValuesOnly bool          // never accumulate eigenvectors: O(n²) after the reduction
	MaxSteps   int           // limit on the QR steps; default 30n
	Trace      func(QRStep)  // called after every QR step, if not nil (QR method and values-only path)
	MergeTrace func(DCMerge) // called after every divide-and-conquer merge, if not nil
}

// Symmetric computes all eigenpairs of a symmetric matrix, A = VΛVᵀ, by
// Householder reduction to tridiagonal form T = QᵀAQ followed by the
// implicit symmetric QR algorithm with Wilkinson shifts on T (V = QZ where
// Z accumulates the QR rotations) or, for n ≥ 180 unless the caller names
// a method, by divide and conquer on T. It is the default solver of
// mlnotes.
//
// Each QR step on the unreduced block T[l..m] takes the Wilkinson shift μ
// (the eigenvalue of the trailing 2×2 block closer to t_mm), starts with
// the rotation that the first column of T − μI dictates, and chases the
// resulting bulge down the band with rotations (the implicit Q theorem
// makes this equal to the QR step of T − μI, without forming it). An
// off-diagonal entry is negligible, and set to zero so the problem splits,
// when |eᵢ| ≤ ε(|dᵢ| + |dᵢ₊₁|). Convergence is cubic near the end; 2 steps
// per eigenvalue are typical, and 30n steps in all are allowed.
//
// The matrix is scaled by a power of two before the iteration, so entries
// near the overflow or underflow thresholds are safe.
//
// Cost: 4n³/3 for the reduction, about 6n³ more with vectors (the rotations
// applied to Z), O(n²) for values only.
//
// With opts.Method = DivideConquer the tridiagonal stage is Cuppen's divide
// and conquer instead (divide_conquer.go): about 4n³/3 flops for the
// eigenvectors of T, less with deflation, and 2n³ to apply Q, nearly all in
// matrix products; several times faster than QR for n ≥ 300. Values only
// always use the QR path (O(n²) after the reduction).
//
// Errors: non-square, non-symmetric, empty or non-finite input; more than
// 30n QR steps (wrapping matrix.ErrNoConvergence).
//
// Implements: 000, "PCA Procedure" (top eigenvectors of S); 002, "Rayleigh
// quotient" (the trace problems); 004, "PCA as dimensionality reduction".
//
// Reference: Golub and Van Loan, Matrix Computations, 4th ed., §8.3 and
// §8.4.4; Parlett, The Symmetric Eigenvalue Problem (1998), ch. 8;
// J. J. M. Cuppen, "A divide and conquer method for the symmetric
// tridiagonal eigenproblem", Numer. Math. 36 (1981); M. Gu and
// S. C. Eisenstat, "A divide-and-conquer algorithm for the symmetric
// tridiagonal eigenproblem", SIAM J. Matrix Anal. Appl. 16 (1995).
func Symmetric(a *matrix.Dense, opts SymmetricOptions) (*Result, error) {
	if err := checkSymmetric("symmetric", a); err != nil {
		return nil, err
	}
	switch opts.Method {
	case Auto, TridiagonalQR, DivideConquer:
	default:
		return nil, fmt.Errorf("eigen: symmetric: %w: unknown method %v", ErrMethod, opts.Method)
	}
	method := opts.Method.resolve(a.Rows())
	if opts.Method == Auto && opts.Trace != nil && opts.MergeTrace == nil {
		method = TridiagonalQR // the caller traces QR steps: give it QR
	}
	k := matrix.ScaleExponent(a)
	w := matrix.ScalePow2(k, a) // 2ᵏA, max|aᵢⱼ| in [1/2, 1): exact
	var d []float64
	var vt *matrix.Dense // rows: eigenvectors of A
	switch {
	case opts.ValuesOnly:
		var e []float64
		d, e, _ = tridiagonalize(w, false)
		if err := tridiagonalQR(d, e, nil, opts.MaxSteps, opts.Trace); err != nil {
			return nil, err
		}
	case method == DivideConquer:
		var e, taus []float64
		d, e, taus = reduceTridiagonalBlocked(w)
		zt, err := tridiagonalDC(d, e, opts.MergeTrace)
		if err != nil {
			return nil, err
		}
		applyQT(zt, w, taus) // rows QZ: V = QZ
		vt = zt
	default:
		var e []float64
		d, e, vt = tridiagonalize(w, true)
		if err := tridiagonalQR(d, e, vt, opts.MaxSteps, opts.Trace); err != nil {
			return nil, err
		}
	}
	if err := unscaleValues("symmetric", d, k); err != nil {
		return nil, err
	}
	return fromRows(d, vt), nil
}

// tridiagonalQR diagonalizes the symmetric tridiagonal matrix with
// diagonal d and off-diagonal e in place (d receives the eigenvalues,
// unordered) and applies every rotation to the rows of zt, when not nil,
// so that row i of zt ends as the eigenvector of d[i] (zt holds Zᵀ).
//
// maxSteps ≤ 0 means the default limit of 30n steps.
func tridiagonalQR(d, e []float64, zt *matrix.Dense, maxSteps int, trace func(QRStep)) error {
	n := len(d)
	if maxSteps <= 0 {
		maxSteps = 30 * max(n, 1)
	}
	steps := 0
	for m := n - 1; m > 0; {
		// Deflate: drop negligible off-diagonals at the bottom.
		if math.Abs(e[m-1]) <= eps*(math.Abs(d[m-1])+math.Abs(d[m])) {
			e[m-1] = 0
			m--
			continue
		}
		// Find the top l of the unreduced block T[l..m].
		l := m - 1
		for l > 0 {
			if math.Abs(e[l-1]) <= eps*(math.Abs(d[l-1])+math.Abs(d[l])) {
				e[l-1] = 0
				break
			}
			l--
		}
		if steps >= maxSteps {
			return fmt.Errorf("eigen: tridiagonal QR: %w: %d steps, |e| = %.3g at row %d", matrix.ErrNoConvergence, steps, math.Abs(e[m-1]), m)
		}
		mu := wilkinsonShift(d[m-1], d[m], e[m-1])
		qrStep(d, e, l, m, mu, zt)
		steps++
		if trace != nil {
			trace(QRStep{Iteration: steps, Low: l, High: m, Shift: mu, OffDiag: math.Abs(e[m-1])})
		}
	}
	return nil
}

// wilkinsonShift returns the eigenvalue of [a b; b c] closer to c:
// μ = c − b²/(δ + sign(δ)√(δ² + b²)) with δ = (a − c)/2, written so that
// nothing cancels.
func wilkinsonShift(a, c, b float64) float64 {
	delta := (a - c) / 2
	sign := 1.0
	if delta < 0 {
		sign = -1
	}
	den := delta + sign*math.Hypot(delta, b)
	if den == 0 {
		return c
	}
	return c - b*b/den
}

// qrStep performs one implicit shifted QR step on T[l..m]: T ← GᵀTG with
// G = G_l G_{l+1} … G_{m−1}, each a rotation in the plane (k, k+1).
//
// The rotation (c, s) for the plane (k, k+1) is chosen to map (x, z) to
// (r, 0): c = x/r, s = z/r. The first one takes x = d_l − μ, z = e_l (the
// first column of T − μI); each later one takes x = e_{k−1} and z the bulge
// at (k+1, k−1) left by the previous rotation.
func qrStep(d, e []float64, l, m int, mu float64, zt *matrix.Dense) {
	// With vectors wide enough to share out, the rotations are kept and
	// applied afterwards in parallel; otherwise each is applied at once.
	workers := runtime.GOMAXPROCS(0)
	deferred := zt != nil && workers > 1 && zt.Cols() >= 2*qrColumnChunk
	var cs, ss []float64
	if deferred {
		cs, ss = make([]float64, m-l), make([]float64, m-l)
	}
	x := d[l] - mu
	z := e[l]
	for k := l; k < m; k++ {
		r := norm2(x, z)
		c, s := 1.0, 0.0
		if r != 0 {
			c, s = x/r, z/r
		}
		if k > l {
			e[k-1] = r // the bulge is absorbed into the band
		}
		// The 2×2 block [d_k e_k; e_k d_{k+1}] ← Gᵀ[…]G.
		a, b, dd := d[k], e[k], d[k+1]
		d[k] = c*c*a + 2*c*s*b + s*s*dd
		d[k+1] = s*s*a - 2*c*s*b + c*c*dd
		e[k] = c*s*(dd-a) + (c*c-s*s)*b
		if k+1 < m {
			// Row k+2 meets the rotated columns: a new bulge at (k+2, k).
			x, z = e[k], s*e[k+1]
			e[k+1] *= c
		}
		switch {
		case deferred:
			cs[k-l], ss[k-l] = c, s
		case zt != nil:
			// Z ← ZG: rows k, k+1 of Zᵀ become c·z_k + s·z_{k+1}, −s·z_k + c·z_{k+1}.
			matrix.Rot(zt.Row(k), zt.Row(k+1), c, s)
		}
	}
	if !deferred {
		return
	}
	// Z ← ZG: rows k, k+1 of Zᵀ become c·z_k + s·z_{k+1}, −s·z_k + c·z_{k+1},
	// for k = l … m−1 in order. Columns of Zᵀ are independent, so chunks of
	// them take the whole sequence in parallel: one chunk per worker (a
	// rotation acts on each element alone, so any split gives the same
	// bits), and none narrower than qrColumnChunk.
	cols := zt.Cols()
	chunk := max(qrColumnChunk, (cols+workers-1)/workers)
	parallelChunks(cols, chunk, func(lo, hi int) {
		for k := l; k < m; k++ {
			matrix.Rot(zt.Row(k)[lo:hi], zt.Row(k + 1)[lo:hi], cs[k-l], ss[k-l])
		}
	})
}

// qrColumnChunk is the least number of columns of Zᵀ per parallel task of
// a QR step (the work of a step is 6·(m−l)·n flops, so a chunk of 256 columns
// pays for its goroutine once the block is a few dozen rows long).
const qrColumnChunk = 256

// norm2 returns √(x² + z²): directly when both squares are safely inside
// the floating-point range (the common case, and math.Hypot's scaling
// costs a tenth of a QR step), and by math.Hypot otherwise.
func norm2(x, z float64) float64 {
	const lo, hi = 0x1p-500, 0x1p500
	ax, az := math.Abs(x), math.Abs(z)
	if ax > lo && ax < hi && az > lo && az < hi {
		return math.Sqrt(x*x + z*z)
	}
	return math.Hypot(x, z)
}
