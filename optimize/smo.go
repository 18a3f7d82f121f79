package optimize

import (
	"errors"
	"fmt"
	"math"

	"mlnotes/matrix"
)

// The SMO solver: problem, settings, result, and the main loop. The
// derivation is in docs/smo.md; the pieces live in
//
//	smo_select.go     working-set selection (WSS 2) and the two-variable step
//	smo_shrink.go     shrinking, unshrinking and gradient reconstruction
//	smo_threshold.go  ρ (or r₊, r₋) from the KKT conditions
//	smo_start.go      validation and the feasible starting point
//	smo_unbounded.go  the recession test for infinite bounds (hard margin)
//	smo_certify.go    an independent check of a solution
//	smo_q.go          Q for the SVMs and the 2n-variable SVR from a kernel
//	qcache.go         the LRU cache of Q rows

// Sentinel errors of the SMO solver. Bad shapes, empty or non-finite input
// and non-convergence wrap the sentinels of package matrix instead.
var (
	// ErrInvalidParameter reports a parameter outside its domain: an upper
	// bound Cᵢ ≤ 0, a label yᵢ other than ±1, a negative tolerance, a bad
	// setting of the gradient methods. It is matrix.ErrInvalidParameter
	// (and learn.ErrInvalidParameter): one sentinel for every package.
	ErrInvalidParameter = matrix.ErrInvalidParameter
	// ErrInfeasible reports constraints that no α satisfies, such as
	// yᵀα = Δ with Δ outside the range that 0 ≤ α ≤ C allows.
	ErrInfeasible = errors.New("infeasible constraints")
	// ErrUnbounded reports an objective that decreases without bound on the
	// feasible set. For the hard-margin SVM dual (C = +Inf) it means that
	// the primal is infeasible: the two classes cannot be separated.
	ErrUnbounded = errors.New("objective unbounded below")
)

// smoError builds "optimize: smo: <sentinel>: <detail>".
func smoError(sentinel error, format string, args ...any) error {
	return fmt.Errorf("optimize: smo: %w: %s", sentinel, fmt.Sprintf(format, args...))
}

// QMatrix is the symmetric n×n Hessian Q of an SMO problem, reached one
// row at a time, so that Q never has to be formed: for the SVMs a row costs
// n kernel evaluations, Qᵢⱼ = yᵢyⱼK(xᵢ, xⱼ).
//
// The same interface describes a kernel matrix K; SignedQ and RegressionQ
// turn one into the Q of the SVM and SVR duals.
type QMatrix interface {
	// Size returns n.
	Size() int
	// Diag returns Qᵢᵢ.
	Diag(i int) float64
	// Row sets dst[j] = Qᵢⱼ for every j in cols and leaves the other
	// entries of dst (length n) alone. The solver asks only for the columns
	// it needs: the active ones while it has shrunk the problem. Row may use
	// goroutines inside; the solver never calls it concurrently.
	Row(i int, cols []int, dst []float64)
}

// MirroredRows is implemented by a QMatrix that lets SMO's cache copy the
// entries of a new row i from the cached rows j that hold column i
// (docs/smo.md, "The cache of Q rows"). MirrorEntries must return true only
// if Row computes Qᵢⱼ and Qⱼᵢ to the same bits (a kernel that computes
// K(xᵢ, xⱼ) and K(xⱼ, xᵢ) by the same operations in the same order), so
// that the result is the same to the bit; it should return true only when
// an entry costs more to compute than to read from another row (a random
// read of memory, about 100 ns when the rows fill the cache). A QMatrix
// without the method, or returning false, has every entry computed by Row.
type MirroredRows interface {
	QMatrix
	MirrorEntries() bool
}

// mirrorEntries reports whether q lets the cache copy entries between rows.
func mirrorEntries(q QMatrix) bool {
	s, ok := q.(MirroredRows)
	return ok && s.MirrorEntries()
}

// QP is the quadratic program the SMO solver minimizes:
//
//	min over α ∈ ℝⁿ   f(α) = ½ αᵀQα + pᵀα
//	subject to        yᵀα = Δ,  0 ≤ αᵢ ≤ Cᵢ  (i = 1…n),  yᵢ = ±1,
//
// and, in the ν form (TwoEqualities set), also eᵀα = Sum.
//
// Every SVM of the notes is an instance (docs/smo.md has the table): the
// C-SVM dual has Q = (yᵢyⱼK(xᵢ, xⱼ)), p = −e, Δ = 0 and Cᵢ = C (+Inf for the
// hard margin); ε-SVR is a problem in 2n variables; ν-SVM and ν-SVR use the
// ν form. Q should be positive semidefinite; for a kernel that is not, the
// solver still makes progress (see SMO) but finds a stationary point only.
type QP struct {
	Q QMatrix   // n×n Hessian, reached by rows
	P []float64 // linear term p (n)
	Y []float64 // signs yᵢ ∈ {−1, +1} of the equality constraint (n)
	C []float64 // upper bounds Cᵢ > 0, possibly +Inf (n)

	Delta float64 // right-hand side Δ of yᵀα = Δ

	// TwoEqualities adds the constraint eᵀα = Sum, which together with
	// yᵀα = Δ fixes the sum of α over each class:
	// Σ_{yᵢ=+1} αᵢ = (Sum + Δ)/2 and Σ_{yᵢ=−1} αᵢ = (Sum − Δ)/2. This is
	// the form of ν-SVM and ν-SVR (LIBSVM's Solver_NU).
	TwoEqualities bool
	Sum           float64
}

// SMOSettings configures SMO. The zero value gives the defaults.
type SMOSettings struct {
	// Tol is the stopping tolerance on the maximal KKT violation
	// m(α) − M(α) (docs/smo.md, "Stopping rule"). Zero means 1e-3, the
	// default of LIBSVM's svm-train -e.
	Tol float64
	// CacheMB is the memory for cached rows of Q in megabytes (2²⁰ bytes).
	// Zero means 100, the default of LIBSVM's svm-train -m (scikit-learn
	// uses 200). The cache always holds at least two rows.
	CacheMB float64
	// NoShrinking turns off shrinking (docs/smo.md, "Shrinking"); the
	// answer is the same, only the time differs.
	NoShrinking bool
	// MaxIter caps the number of iterations. Zero means max(10⁷, 100n),
	// as in LIBSVM.
	MaxIter int
	// Init is a feasible starting α. Nil means the solver's own start:
	// α = 0 when that is feasible, otherwise the first variables of each
	// class filled up to their bounds until the equalities hold.
	Init []float64
	// Trace, when not nil, is called every TraceEvery iterations (zero
	// means every iteration) and once at the end, with the step just taken.
	Trace      func(SMOStep)
	TraceEvery int
}

// SMOStep describes one SMO iteration for a trace.
type SMOStep struct {
	Iteration int     // 1 for the first step
	I, J      int     // the working pair (−1, −1 in the final report)
	Violation float64 // m(α) − M(α) at the selection of the pair
	Objective float64 // f(α) after the step, updated incrementally
	Active    int     // number of variables not shrunk
	// The pair's multipliers before and after the step, and their upper
	// bounds Cᵢ, Cⱼ (zero in the final report).
	OldAlphaI, OldAlphaJ float64
	AlphaI, AlphaJ       float64
	CI, CJ               float64
	// L and H are the clipping box of αⱼ: the ends of the segment of the
	// line yᵢαᵢ + yⱼαⱼ = const (the equality constraint) inside
	// [0, Cᵢ]×[0, Cⱼ], as Platt writes them (docs/smo.md): for yᵢ = yⱼ,
	// L = max(0, αᵢ + αⱼ − Cᵢ), H = min(Cⱼ, αᵢ + αⱼ); otherwise
	// L = max(0, αⱼ − αᵢ), H = min(Cⱼ, Cᵢ + αⱼ − αᵢ) (old values).
	L, H float64
	// Final is true for the report sent once at the end (I = J = −1), after
	// the violation was measured on all variables.
	Final bool
}

// pairBox returns Platt's clipping box [L, H] of αⱼ for the pair (i, j)
// at the current α (before the step).
func (sv *solver) pairBox(i, j int) (lo, hi float64) {
	ai, aj := sv.alpha[i], sv.alpha[j]
	if sv.y[i] == sv.y[j] {
		return max(0, ai+aj-sv.c[i]), min(sv.c[j], ai+aj)
	}
	return max(0, aj-ai), min(sv.c[j], sv.c[i]+aj-ai)
}

// SMOResult is the answer of SMO, with what a caller needs to certify it.
type SMOResult struct {
	// Alpha is the solution α (n).
	Alpha []float64
	// Gradient is G = Qα + p at the solution (n), kept up to date
	// incrementally and reconstructed for shrunk variables at the end.
	Gradient []float64
	// Objective is f(α) = ½αᵀQα + pᵀα = ½ αᵀ(G + p).
	Objective float64

	// Rho is the threshold ρ. In the one-equality form it is the multiplier
	// of yᵀα = Δ: yᵢGᵢ = ρ for every free αᵢ, and an SVM decides with
	// f(x) = Σ yᵢαᵢK(xᵢ, x) − ρ, so that b = −ρ (LIBSVM's sign). With no
	// free variable ρ is the midpoint of [RhoLow, RhoHigh], the interval the
	// KKT conditions allow. In the ν form ρ = (RPos − RNeg)/2.
	Rho float64
	// RhoLow and RhoHigh bound the thresholds that satisfy the KKT
	// conditions of the bounded variables (one-equality form). Either may
	// be infinite.
	RhoLow, RhoHigh float64
	// RPos and RNeg are, in the ν form, the values of Gᵢ shared by the free
	// variables with yᵢ = +1 and with yᵢ = −1 (midpoints of the allowed
	// intervals when a class has no free variable); R = (RPos + RNeg)/2 is
	// the multiplier of eᵀα = Sum. In the one-equality form RPos = ρ,
	// RNeg = −ρ and R = 0.
	RPos, RNeg, R float64

	// Violation is the maximal KKT violation m(α) − M(α) on all variables
	// at the end (in the ν form the larger of the two classes' values).
	Violation float64
	// Iterations is the number of two-variable steps taken.
	Iterations int
	// Converged reports Violation ≤ Tol.
	Converged bool
	// NumFree and NumUpper count the αᵢ strictly between the bounds and
	// those at Cᵢ.
	NumFree, NumUpper int

	// RowsComputed and EntriesComputed count the rows of Q that missed the
	// cache and the entries of Q evaluated, including the reconstruction of
	// the gradient (not the entries copied from cached rows of a
	// MirroredRows Q).
	RowsComputed    int
	EntriesComputed int64
}

// τ replaces a non-positive curvature aᵢⱼ in the working-set selection and
// the step, so that a kernel that is not positive semidefinite cannot make
// the step infinite (Fan, Chen and Lin 2005, section 4).
const tau = 1e-12

// SMO minimizes the quadratic program ½αᵀQα + pᵀα subject to yᵀα = Δ and
// 0 ≤ αᵢ ≤ Cᵢ (and eᵀα = Sum in the ν form) by sequential minimal
// optimization: each iteration picks the pair (i, j) that violates the KKT
// conditions with the largest second-order gain, minimizes f exactly along
// the direction that moves αᵢ and αⱼ while keeping the equalities, clips
// the step at the bounds, and updates the gradient G = Qα + p with two rows
// of Q (docs/smo.md, equations (3)–(8)).
//
// Implements: 004, "SMO Algorithm (Sequential Minimal
// Optimization)", for the duals of "Using Slack Variable", "Support Vector
// Regression", "v- SVM" and "v-SVR".
//
// The solver is LIBSVM's in its essentials, rewritten for reading: second
// order working-set selection (WSS 2; in the ν form within each class), τ
// for curvatures aᵢⱼ ≤ 0, shrinking of variables stuck at a bound every
// min(n, 1000) iterations with gradient reconstruction from Ḡ before the
// final check, an LRU cache of Q rows, and the stopping rule
// m(α) − M(α) ≤ Tol. One iteration costs O(n) plus two rows of Q when they
// miss the cache (O(n·d) for a kernel on d features); memory is O(n) plus
// the cache.
//
// Special cases:
//
//	n = 0, nil Q, Q.Size() ≠ n, lengths of P, Y, C ≠ n  error (ErrEmpty, ErrShape)
//	NaN or ±Inf in P, Δ, Sum, Init, diag(Q); NaN in C error (ErrNotFinite)
//	a NaN or ±Inf in a row of Q met during the run  error (ErrNotFinite)
//	Cᵢ ≤ 0, yᵢ ∉ {−1, +1}, Tol < 0, CacheMB < 0       error (ErrInvalidParameter)
//	Δ (or Sum) outside what 0 ≤ α ≤ C allows        error (ErrInfeasible)
//	Cᵢ = +Inf and f unbounded below (hard margin on data that cannot be
//	separated)                                      error (ErrUnbounded)
//	a single variable, or all yᵢ equal with Δ = 0   α is fixed; zero iterations
//	MaxIter reached, or Tol below the rounding      partial result and an error
//	level of G (the same pair twice in a row)       wrapping matrix.ErrNoConvergence
//
// SMO returns a result whenever it has an iterate, also together with the
// non-convergence error.
//
// Reference: J. C. Platt, "Sequential minimal optimization", 1998;
// R.-E. Fan, P.-H. Chen and C.-J. Lin, "Working set selection using second
// order information for training SVM", JMLR 6, 2005; C.-C. Chang and
// C.-J. Lin, "LIBSVM: a library for support vector machines", ACM TIST 2,
// 2011, section 4.
func SMO(qp *QP, s *SMOSettings) (*SMOResult, error) {
	if s == nil {
		s = &SMOSettings{}
	}
	if err := validate(qp, s); err != nil {
		return nil, err
	}
	alpha, err := startingPoint(qp, s.Init)
	if err != nil {
		return nil, err
	}
	if !qp.TwoEqualities && hasInfiniteBound(qp.C) {
		// A recession direction of the feasible set along which f decreases
		// without bound would send α to infinity: rule it out first, and
		// start from the best point on the direction found (smo_unbounded.go).
		alpha, err = checkRecession(qp, s, alpha)
		if err != nil {
			return nil, err
		}
	}
	sv := newSolver(qp, s, alpha)
	defer sv.cache.release() // after result, which reads its statistics
	if err := sv.run(); errors.Is(err, ErrUnbounded) || errors.Is(err, matrix.ErrNotFinite) {
		return nil, err
	} else if err != nil {
		return sv.result(), err
	}
	return sv.result(), nil
}

// hasInfiniteBound reports whether some Cᵢ is +Inf.
func hasInfiniteBound(c []float64) bool {
	for _, v := range c {
		if math.IsInf(v, 1) {
			return true
		}
	}
	return false
}

// solver holds the state of one SMO run.
type solver struct {
	n     int
	q     QMatrix
	p, y  []float64
	c     []float64
	nu    bool // ν form: select pairs within a class
	tol   float64
	alpha []float64
	grad  []float64 // G = Qα + p
	gbar  []float64 // Ḡ = Σ_{j: αⱼ = Cⱼ} Cⱼ Q·ⱼ, for gradient reconstruction
	qd    []float64 // Qᵢᵢ

	// up[t] ⇔ t ∈ I_up(α) and low[t] ⇔ t ∈ I_low(α) (docs/smo.md (4));
	// upPen[t] is 0 on I_up and −Inf elsewhere, lowPen[t] 0 on I_low and
	// +Inf elsewhere, for branch-free selection loops.
	up, low       []bool
	upPen, lowPen []float64

	act       activeSet
	shrinking bool
	unshrunk  bool // the one-time unshrink near convergence was done
	cache     *qCache

	// upMax = m(α) over the active set and upArg the i attaining it, found
	// by the last step's gradient update; upValid until the active set or
	// G changes otherwise (shrink, unshrink).
	upMax   float64
	upArg   int
	upValid bool

	iter, maxIter int
	objective     float64 // f(α), updated incrementally
	violation     float64 // m(α) − M(α) at the last selection
	trace         func(SMOStep)
	traceEvery    int

	reconstructEntries int64
	unbounded          error // set when a step finds f unbounded below
}

// newSolver sets up the state at a feasible α: G = Qα + p and Ḡ from one
// full row of Q per nonzero αᵢ.
func newSolver(qp *QP, s *SMOSettings, alpha []float64) *solver {
	n := len(qp.P)
	sv := &solver{
		n: n, q: qp.Q, p: qp.P, y: qp.Y, c: qp.C, nu: qp.TwoEqualities,
		tol: s.Tol, alpha: alpha, shrinking: !s.NoShrinking, maxIter: s.MaxIter,
		trace: s.Trace, traceEvery: s.TraceEvery,
	}
	if sv.tol == 0 {
		sv.tol = 1e-3
	}
	if sv.maxIter == 0 {
		sv.maxIter = max(10_000_000, 100*n)
	}
	if sv.traceEvery <= 0 {
		sv.traceEvery = 1
	}
	mb := s.CacheMB
	if mb == 0 {
		mb = 100
	}
	sv.act.idx = make([]int, n)
	for i := range sv.act.idx {
		sv.act.idx[i] = i
	}
	sv.cache = newQCache(qp.Q, n, mb, &sv.act)
	sv.qd = make([]float64, n)
	for i := range n {
		sv.qd[i] = qp.Q.Diag(i)
	}
	sv.up, sv.low = make([]bool, n), make([]bool, n)
	sv.upPen, sv.lowPen = make([]float64, n), make([]float64, n)
	for i := range n {
		sv.setStatus(i)
	}

	// G = p + Σⱼ αⱼ Q·ⱼ and Ḡ = Σ_{αⱼ = Cⱼ} Cⱼ Q·ⱼ (Q symmetric, so column j
	// is row j).
	sv.grad = append([]float64(nil), qp.P...)
	sv.gbar = make([]float64, n)
	for j, aj := range alpha {
		if aj == 0 {
			continue
		}
		qj := sv.cache.fullRow(j)
		matrix.Axpy(aj, qj, sv.grad)
		if sv.atUpper(j) {
			matrix.Axpy(sv.c[j], qj, sv.gbar)
		}
	}
	sv.objective = sv.computeObjective()
	return sv
}

// atUpper reports αᵢ = Cᵢ; atLower reports αᵢ = 0. The step sets a
// variable that reaches a bound exactly to it.
func (sv *solver) atUpper(i int) bool { return sv.alpha[i] >= sv.c[i] }
func (sv *solver) atLower(i int) bool { return sv.alpha[i] <= 0 }

// setStatus recomputes up[i] and low[i] from αᵢ (docs/smo.md (4)):
// I_up = {t : αₜ < Cₜ, yₜ = +1 or αₜ > 0, yₜ = −1},
// I_low = {t : αₜ < Cₜ, yₜ = −1 or αₜ > 0, yₜ = +1}.
func (sv *solver) setStatus(i int) {
	belowC, aboveZero := !sv.atUpper(i), !sv.atLower(i)
	if sv.y[i] > 0 {
		sv.up[i], sv.low[i] = belowC, aboveZero
	} else {
		sv.up[i], sv.low[i] = aboveZero, belowC
	}
	sv.upPen[i], sv.lowPen[i] = 0, 0
	if !sv.up[i] {
		sv.upPen[i] = math.Inf(-1)
	}
	if !sv.low[i] {
		sv.lowPen[i] = math.Inf(1)
	}
}

// computeObjective returns f(α) = ½ αᵀ(G + p), which equals ½αᵀQα + pᵀα
// because Qα = G − p.
func (sv *solver) computeObjective() float64 {
	var f float64
	for i, a := range sv.alpha {
		if a != 0 {
			f += a * (sv.grad[i] + sv.p[i])
		}
	}
	return f / 2
}

// run is the main loop: select a pair, take the step, shrink now and then,
// and before stopping check the optimality on all variables.
func (sv *solver) run() error {
	counter := min(sv.n, 1000) + 1
	lastI, lastJ := -1, -1
	for sv.iter < sv.maxIter {
		if sv.cache.err != nil {
			return sv.cache.err
		}
		if counter--; counter == 0 {
			counter = min(sv.n, 1000)
			if sv.shrinking {
				sv.shrink()
			}
		}
		i, j := sv.selectPair()
		if j < 0 {
			if len(sv.act.idx) == sv.n {
				break // optimal: m(α) − M(α) ≤ Tol on all variables
			}
			// Optimal on the active set: bring back the shrunk variables
			// with their true gradient and check again.
			sv.unshrink()
			if i, j = sv.selectPair(); j < 0 {
				break
			}
			counter = 1 // shrink again at the next iteration
		}
		if i == lastI && j == lastJ {
			// An unclipped step leaves bᵢⱼ = 0 and a clipped one takes i
			// out of I_up or j out of I_low, so in exact arithmetic the
			// same pair cannot come back at once: the violation left is
			// rounding in G, and further steps cannot reduce it.
			sv.finish()
			return smoError(matrix.ErrNoConvergence,
				"stalled after %d iterations at KKT violation %.3g, the rounding level of the gradient (|Gᵢ| = %.3g); tolerance %.3g is too small for this problem",
				sv.iter, sv.violation, max(math.Abs(sv.grad[i]), math.Abs(sv.grad[j])), sv.tol)
		}
		lastI, lastJ = i, j
		sv.iter++
		traced := sv.trace != nil && sv.iter%sv.traceEvery == 0
		var st SMOStep
		if traced {
			st = SMOStep{Iteration: sv.iter, I: i, J: j, Violation: sv.violation,
				OldAlphaI: sv.alpha[i], OldAlphaJ: sv.alpha[j], CI: sv.c[i], CJ: sv.c[j]}
			st.L, st.H = sv.pairBox(i, j)
		}
		sv.step(i, j)
		if sv.unbounded != nil {
			return sv.unbounded
		}
		if sv.cache.err != nil {
			return sv.cache.err
		}
		if traced {
			st.AlphaI, st.AlphaJ = sv.alpha[i], sv.alpha[j]
			st.Objective, st.Active = sv.objective, len(sv.act.idx)
			sv.trace(st)
		}
	}
	sv.finish()
	if sv.cache.err != nil {
		return sv.cache.err
	}
	if sv.violation > sv.tol {
		return smoError(matrix.ErrNoConvergence, "%d iterations, KKT violation %.3g > tolerance %.3g",
			sv.iter, sv.violation, sv.tol)
	}
	return nil
}

// finish rebuilds the gradient of shrunk variables, measures the final
// violation on all variables and sends the final trace report.
func (sv *solver) finish() {
	if len(sv.act.idx) < sv.n {
		sv.unshrink()
	}
	sv.violation = sv.maxViolation()
	if sv.trace != nil {
		sv.trace(SMOStep{Iteration: sv.iter, I: -1, J: -1, Violation: sv.violation,
			Objective: sv.computeObjective(), Active: len(sv.act.idx), Final: true})
	}
}

// result packages the state as an SMOResult.
func (sv *solver) result() *SMOResult {
	r := &SMOResult{
		Alpha: sv.alpha, Gradient: sv.grad, Objective: sv.computeObjective(),
		Violation: sv.violation, Iterations: sv.iter, Converged: sv.violation <= sv.tol,
		RowsComputed: sv.cache.misses, EntriesComputed: sv.cache.entries + sv.reconstructEntries,
	}
	for i := range sv.n {
		switch {
		case sv.atUpper(i):
			r.NumUpper++
		case !sv.atLower(i):
			r.NumFree++
		}
	}
	if sv.nu {
		r.RPos, r.RNeg = sv.classThreshold(+1), sv.classThreshold(-1)
		r.Rho, r.R = (r.RPos-r.RNeg)/2, (r.RPos+r.RNeg)/2
		r.RhoLow, r.RhoHigh = r.Rho, r.Rho
	} else {
		r.Rho, r.RhoLow, r.RhoHigh = sv.threshold()
		r.RPos, r.RNeg = r.Rho, -r.Rho
	}
	return r
}
