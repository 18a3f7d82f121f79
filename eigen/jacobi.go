package eigen

import (
	"fmt"
	"math"

	"mlnotes/matrix"
)

// JacobiSweep reports one sweep of the cyclic Jacobi method.
type JacobiSweep struct {
	Sweep     int     // 1-based
	OffNorm   float64 // off(A) = √(Σᵢ≠ⱼ aᵢⱼ²) after the sweep
	Rotations int     // rotations applied in the sweep
	// A is a copy of the rotated matrix after the sweep, when
	// JacobiOptions.TraceMatrix asks for it (nil otherwise).
	A *matrix.Dense
}

// JacobiRotation reports one rotation of the cyclic Jacobi method, for a
// step-by-step view of it (demo eig -trace, docs/live.md's eigenproblems
// page): the pair (p, q) it zeroes, its angle φ (tan φ = t, |φ| ≤ π/4),
// off(A) after it and a copy of the rotated matrix.
type JacobiRotation struct {
	Sweep int // 1-based
	P, Q  int // 0-based, p < q
	Angle float64
	// OffNorm is off(A) = √(Σᵢ≠ⱼ aᵢⱼ²) after the rotation, computed from
	// the rotated matrix (in exact arithmetic off(A)² falls by 2a_pq²).
	OffNorm float64
	A       *matrix.Dense // a copy of JᵀAJ after the rotation
}

// JacobiOptions configures Jacobi. The zero value computes values and
// vectors with the default sweep limit.
type JacobiOptions struct {
	ValuesOnly bool              // skip the accumulation of eigenvectors
	MaxSweeps  int               // default 50
	Trace      func(JacobiSweep) // called after every sweep, if not nil
	// TraceMatrix puts a copy of the rotated matrix in every JacobiSweep
	// passed to Trace (for small n: it costs n² numbers a sweep).
	TraceMatrix bool
	// Progress, if not nil, is called after each pivot row p (0 … n−2) of
	// every sweep: one sweep costs O(n³), about half a minute for
	// n = 2000, so a caller can report progress inside it.
	Progress func(sweep, p int)
	// Rotation, if not nil, is called after every rotation with a copy of
	// the matrix (a teacher's trace: n(n−1)/2 calls a sweep, each O(n²)
	// more work).
	Rotation func(JacobiRotation)
}

// Jacobi computes all eigenpairs of a symmetric matrix A = VΛVᵀ by the
// cyclic Jacobi method: sweep over the pairs (p, q), p < q, and apply the
// rotation J that zeroes aₚq,
//
//	A ← JᵀAJ,  V ← VJ,
//
// where the angle comes from θ = (a_qq − a_pp)/(2a_pq) and
// t = tan φ = sign(θ)/(|θ| + √(θ² + 1)), the smaller root of
// t² + 2θt − 1 = 0, computed without cancellation; c = 1/√(1 + t²),
// s = tc. The diagonal is updated as a_pp ← a_pp − t·a_pq,
// a_qq ← a_qq + t·a_pq, which is more accurate than forming it from the
// rotated rows. Each rotation lowers off(A)² by exactly 2a_pq², so off(A)
// decreases monotonically, and quadratically once the eigenvalues separate.
//
// Threshold strategy: in the first three sweeps a rotation is skipped when
// |a_pq| < 0.2·off(A)/n², so that the big entries go first. An entry is
// set to zero without a rotation only when it is negligible relative to
// its own diagonal, |a_pq| ≤ ε·√(|a_pp|·|a_qq|) (the test of Demmel and
// Veselić): an absolute test such as |a_pq| ≤ ε‖A‖_F/n would throw away
// entries that are tiny against ‖A‖ but not against the small diagonal
// entries beside them, and with them the relative accuracy of the small
// eigenvalues. Only where a_pp or a_qq is exactly zero, and the relative
// test would demand an exact zero, does the absolute test ε·‖A‖_F/n
// decide. The method has converged when a sweep finds every entry
// negligible.
//
// Relative accuracy: for a positive definite A = DHD with D = diag(√aᵢᵢ)
// and unit diagonal H, every eigenvalue, the smallest included, is found
// to a relative error of about κ(H)·n·ε, however graded D is (Demmel and
// Veselić's theorem); tridiagonal QR only promises n·ε·‖A‖ absolute.
//
// Sizes: each sweep touches all n²/2 pairs, so Jacobi is for teaching, for
// graded matrices, and for n up to a few hundred (n = 300 takes about two
// seconds); for larger n use Symmetric, whose divide and conquer is more
// than ten times faster at n = 1000. A Trace function reports every sweep.
//
// Cost: about 4n³ flops per sweep for A and as much again for V; 6 to 10
// sweeps are typical.
//
// Errors: non-square, non-symmetric, empty or non-finite input; failure to
// converge within MaxSweeps (wrapping matrix.ErrNoConvergence).
//
// Implements: 000, "PCA Procedure" step 2 and 004, "PCA as dimensionality
// reduction" (S U = λU), by the method a teacher shows first.
//
// Reference: C. G. J. Jacobi (1846); Golub and Van Loan, Matrix
// Computations, 4th ed., §8.5; Demmel and Veselić, "Jacobi's method is more
// accurate than QR", SIAM J. Matrix Anal. Appl. 13 (1992).
func Jacobi(a *matrix.Dense, opts JacobiOptions) (*Result, error) {
	if err := checkSymmetric("jacobi", a); err != nil {
		return nil, err
	}
	n := a.Rows()
	maxSweeps := opts.MaxSweeps
	if maxSweeps <= 0 {
		maxSweeps = 50
	}
	k := matrix.ScaleExponent(a)
	w := matrix.ScalePow2(k, a) // work on 2ᵏA (exact); A is not modified
	var vt *matrix.Dense        // rows of Vᵀ are the eigenvectors
	if !opts.ValuesOnly {
		vt = matrix.Identity(n)
	}
	absTol := eps * matrix.NormFrobenius(w) / float64(n)
	for sweep := 1; sweep <= maxSweeps; sweep++ {
		threshold := 0.0
		if sweep <= 3 {
			threshold = 0.2 * matrix.NormOffDiag(w) / float64(n*n)
		}
		rotations := 0
		for p := 0; p < n-1; p++ {
			for q := p + 1; q < n; q++ {
				apq := w.At(p, q)
				app, aqq := w.At(p, p), w.At(q, q)
				if negligible(apq, app, aqq, absTol) {
					w.Set(p, q, 0)
					w.Set(q, p, 0)
					continue
				}
				if math.Abs(apq) < threshold {
					continue
				}
				t := rotate(w, vt, p, q)
				rotations++
				if opts.Rotation != nil {
					cp := matrix.ScalePow2(-k, w)
					opts.Rotation(JacobiRotation{Sweep: sweep, P: p, Q: q, Angle: math.Atan(t), OffNorm: matrix.NormOffDiag(cp), A: cp})
				}
			}
			if opts.Progress != nil {
				opts.Progress(sweep, p)
			}
		}
		off := matrix.NormOffDiag(w)
		if opts.Trace != nil {
			js := JacobiSweep{Sweep: sweep, OffNorm: math.Ldexp(off, -k), Rotations: rotations}
			if opts.TraceMatrix {
				js.A = matrix.ScalePow2(-k, w)
			}
			opts.Trace(js)
		}
		if rotations == 0 && sweep > 3 || off == 0 {
			values := make([]float64, n)
			for i := range values {
				values[i] = w.At(i, i)
			}
			if err := unscaleValues("jacobi", values, k); err != nil {
				return nil, err
			}
			return fromRows(values, vt), nil
		}
	}
	return nil, fmt.Errorf("eigen: jacobi: %w: off(A) = %.3g after %d sweeps", matrix.ErrNoConvergence, math.Ldexp(matrix.NormOffDiag(w), -k), maxSweeps)
}

// negligible reports whether a_pq can be set to zero without a rotation:
// relative to its diagonal, or, when a diagonal entry is exactly zero,
// relative to ‖A‖ (absTol = ε‖A‖_F/n).
func negligible(apq, app, aqq, absTol float64) bool {
	a := math.Abs(apq)
	if app == 0 || aqq == 0 {
		return a <= absTol
	}
	return a <= eps*math.Sqrt(math.Abs(app))*math.Sqrt(math.Abs(aqq))
}

// rotate applies the Jacobi rotation that zeroes a_pq: A ← JᵀAJ on the
// rows and columns p and q, and Vᵀ ← JᵀVᵀ on its rows. It returns t = tan φ.
func rotate(a, vt *matrix.Dense, p, q int) float64 {
	apq := a.At(p, q)
	theta := (a.At(q, q) - a.At(p, p)) / (2 * apq)
	t := math.Copysign(1, theta) / (math.Abs(theta) + math.Sqrt(theta*theta+1)) // tan φ
	if math.IsInf(theta*theta, 0) {
		t = 1 / (2 * theta) // θ² overflowed: t ≈ 1/(2θ)
	}
	c := 1 / math.Sqrt(1+t*t)
	s := t * c
	tau := s / (1 + c) // Rutishauser's form: c = 1 − s·τ
	app, aqq := a.At(p, p)-t*apq, a.At(q, q)+t*apq
	// Rows p and q: row_p ← c·row_p − s·row_q, row_q ← s·row_p + c·row_q.
	rotatePair(a.Row(p), a.Row(q), s, tau)
	// Columns p and q, the same combination (A stays symmetric).
	n := a.Rows()
	for r := range n {
		arp, arq := a.At(r, p), a.At(r, q)
		a.Set(r, p, arp-s*(arq+tau*arp))
		a.Set(r, q, arq+s*(arp-tau*arq))
	}
	a.Set(p, p, app)
	a.Set(q, q, aqq)
	a.Set(p, q, 0)
	a.Set(q, p, 0)
	if vt != nil {
		rotatePair(vt.Row(p), vt.Row(q), s, tau)
	}
	return t
}

// rotatePair applies x ← c·x − s·y, y ← s·x + c·y in Rutishauser's form
// x ← x − s(y + τx), y ← y + s(x − τy), τ = s/(1 + c). When the angle is
// small (every rotation of the last sweeps) this changes x and y by small
// corrections instead of recomputing them from c ≈ 1, which keeps the
// accumulated eigenvectors orthogonal to working precision.
func rotatePair(x, y []float64, s, tau float64) {
	y = y[:len(x)]
	for k, xk := range x {
		yk := y[k]
		x[k] = xk - s*(yk+tau*xk)
		y[k] = yk + s*(xk-tau*yk)
	}
}
