package learn

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"

	"mlnotes/matrix"
	"mlnotes/optimize"
)

// ErrNotSeparable reports a hard-margin SVM on data that no hyperplane (in
// the kernel's feature space) separates: the dual is unbounded.
var ErrNotSeparable = errors.New("data are not separable")

// SVMType names the machine a model was trained as.
type SVMType string

// The support vector machines of the notes.
const (
	CSVC   SVMType = "c"       // soft-margin (or hard-margin) classifier
	NuSVC  SVMType = "nu"      // ν-SVM classifier
	EpsSVR SVMType = "eps-svr" // ε-insensitive support vector regression
	NuSVR  SVMType = "nu-svr"  // ν-SVR
)

// SVM configures a support vector machine of any of the four types. The
// zero value is a C-SVM with C = 1 and the linear kernel.
//
// Defaults (used when a field is zero): C = 1, Nu = 0.5, Epsilon = 0.1,
// Tol = 1e-3 (LIBSVM's), CacheMB = 400 (the rows scikit-learn's SVC keeps
// in its default 200 MB of float32; a quarter of a smaller
// matrix.MemoryLimit, at least 100), MaxIter = max(10⁷, 100n); a
// Gaussian Kernel with Gamma = 0 takes γ = 1/(d·Var(X)) from the training
// data (ScaleGamma, scikit-learn's gamma="scale"), which the fitted
// model's Kernel records. For an
// ε-SVR with ε = 0 itself (no tube: every residual costs), set Epsilon to
// a negative value, by name learn.Zero: the project's one convention for
// a setting whose zero value stands for a non-zero default (package
// documentation, "Zero values and defaults").
type SVM struct {
	Type    SVMType // default CSVC
	Kernel  Kernel  // default Linear()
	C       float64 // the cost of slack (C-SVM, ε-SVR, ν-SVR)
	Hard    bool    // C-SVM only: hard margin (C = ∞); not separable → ErrNotSeparable
	Nu      float64 // ν ∈ (0, 1] (ν-SVM, ν-SVR)
	Epsilon float64 // ε ≥ 0, the half-width of the tube (ε-SVR); negative (Zero) asks for ε = 0
	Tol     float64 // SMO stopping tolerance on the maximal KKT violation
	CacheMB float64 // kernel-row cache of the SMO solver
	// MaxIter caps the SMO iterations of each machine (LIBSVM's cap is
	// max(10⁷, 100n), the default). A machine that reaches it is kept as
	// it stands, and the fit returns the model together with an error
	// wrapping matrix.ErrNoConvergence, as svm-train warns and saves.
	MaxIter int
	// Trace, when set, receives every TraceEvery-th SMO step of every
	// binary machine trained (a teaching aid; see docs/svm.md), in
	// TraceStep.SMO. The machines are trained one after the other, in the
	// order of Machines, and each ends with a final report (I = J = −1)
	// carrying its unscaled objective. Trace is never called concurrently.
	Trace      Trace
	TraceEvery int
	// Probability, for the classifiers, also fits the sigmoids that give
	// PredictProba its class probabilities (LIBSVM's -b 1): each pair's
	// decision values are cross-validated in five folds, which costs about
	// five more trainings of each machine. Seed seeds the shuffle of the
	// folds (PCG); the same seed gives the same model.
	Probability bool
	Seed        uint64

	// cvOrder, when set (by tests only), replaces the shuffle of the
	// probability folds: given a pair's labels and its training rows, it
	// returns the order of their positions (fold k is positions k·n/5 to
	// (k+1)·n/5), so that a test can replay LIBSVM's folds.
	cvOrder func(pos, neg int, rows []int) []int
}

// BinarySVM is one trained machine: a two-class classifier or a regressor,
// with its decision function f(x) = Σᵢ coefᵢ K(svᵢ, x) − ρ and the
// certificate of the SMO run that produced it.
type BinarySVM struct {
	// Positive and Negative are the labels of the sides f > 0 and f ≤ 0:
	// the lower label of the pair is positive, except that +1 is positive
	// against −1 (LIBSVM's rule for ±1 labels); unused for regression.
	// This is the machine's own orientation (its f, Coef, Rho, ProbA,
	// ProbB); a two-class model's public decision values are positive
	// for the larger label instead (svm_sign.go).
	Positive, Negative int
	Support            []int         // indices of the support vectors in the training rows
	SupportVectors     *matrix.Dense // their feature rows
	Coef               []float64     // yᵢμᵢ for classifiers, αᵢ − αᵢ* for regression
	Rho                float64       // ρ; the notes' b is −ρ
	// Certificate of the optimization.
	Objective    float64 // the minimized dual ½αᵀQα + pᵀα (LIBSVM's sign and, for ν, scaling)
	KKTViolation float64 // maximal violation m(α) − M(α) at the end
	Iterations   int
	NumBounded   int // support vectors at the upper bound (μᵢ = C)
	// ν-SVM: the equivalent C = 1/r of a C-SVM with the same solution; the
	// notes' ρ, the margin of the problem as the notes scale it (μᵢ ≤ 1/n,
	// Σμᵢ = ν), which is r/n, so that EquivalentC = 1/(ρn) as the notes say;
	// and the fractions of support vectors and margin errors that bracket ν.
	// ν-SVR: the tube half-width ε it chose.
	EquivalentC      float64 `json:",omitempty"`
	NuRho            float64 `json:",omitempty"`
	FractionSV       float64 `json:",omitempty"`
	FractionBounded  float64 `json:",omitempty"`
	EpsilonFound     float64 `json:",omitempty"`
	TrainingExamples int
	// ProbA and ProbB are the sigmoid P(Positive | f) = 1/(1 + exp(A·f + B))
	// of a classifier trained with SVM.Probability (LIBSVM's probA, probB).
	ProbA float64 `json:",omitempty"`
	ProbB float64 `json:",omitempty"`

	// fitDecision holds f(xᵢ) for the rows the machine was trained on,
	// read from the solver's final gradient (svm_fit_decision.go); nil for
	// a model read from a file.
	fitDecision []float64
}

// SVMClassifierModel is a trained C-SVM or ν-SVM: one machine for two
// classes, c(c − 1)/2 machines voting one-versus-one for c classes.
// Predict returns labels; it is a DecisionClassifier, and a
// ProbabilisticClassifier whose PredictProba works when the model was
// trained with SVM.Probability (ErrNoProbabilities otherwise).
type SVMClassifierModel struct {
	Type     SVMType
	Kernel   Kernel
	Classes  []int        // sorted class labels
	Machines []*BinarySVM // for classes (i, j), i < j, in the order (0,1), (0,2), …, (1,2), …
	Features int
	// Probability reports that the machines carry sigmoids (ProbA, ProbB)
	// and PredictProba works.
	Probability bool `json:",omitempty"`
	// Converged reports that SMO met Tol on every machine; false when one
	// was kept at MaxIter (each machine's Iterations says how many it ran).
	// A file written before the field existed loads with false.
	Converged bool `json:",omitempty"`
}

// SVMRegressorModel is a trained ε-SVR or ν-SVR: one machine whose
// decision function is the prediction.
type SVMRegressorModel struct {
	Type     SVMType
	Kernel   Kernel
	Machines []*BinarySVM // one machine
	Features int
	// Converged reports that SMO met Tol; false when the machine was kept
	// at MaxIter. A file written before the field existed loads with false.
	Converged bool `json:",omitempty"`
}

// svmMachines is what the two SVM models share: the kernel, the machines
// and the input width, from which decision values are computed.
type svmMachines struct {
	kernel   Kernel
	machines []*BinarySVM
	features int
}

func (m *SVMClassifierModel) core() svmMachines {
	return svmMachines{kernel: m.Kernel, machines: m.Machines, features: m.Features}
}

func (m *SVMRegressorModel) core() svmMachines {
	return svmMachines{kernel: m.Kernel, machines: m.Machines, features: m.Features}
}

func (s SVM) withDefaults() SVM {
	if s.Type == "" {
		s.Type = CSVC
	}
	if s.C == 0 {
		s.C = 1
	}
	if s.Nu == 0 {
		s.Nu = 0.5
	}
	if s.Type == EpsSVR {
		s.Epsilon = zeroOr(s.Epsilon, 0.1)
	}
	if s.CacheMB == 0 {
		s.CacheMB = defaultSVMCache(matrix.MemoryLimit())
	}
	return s
}

// defaultSVMCacheMB is the kernel-row cache of SVM when CacheMB is zero:
// 400 MB of float64 rows, as many rows as scikit-learn's SVC keeps in its
// default cache_size of 200 MB of float32 (optimize.SMO alone defaults to
// svm-train's 100 MB). Memory is taken only as rows are cached, so a
// problem uses it all only from about 7 000 training points; a
// Fashion-MNIST pair of the 60 000 images (12 000 points, rows of 96 kB)
// keeps 4 370 rows instead of 1 090 (docs/performance.md, "Every
// classifier of the notes on Fashion-MNIST"). The iterates do not depend
// on it. Under a small memory limit (matrix.MemoryLimit: ulimit -v, a
// control group, MLNOTES_MEMORY_LIMIT) the default is a quarter of the
// limit, down to svm-train's 100 MB, so that the cache does not take
// what the data and the solver need.
const defaultSVMCacheMB = 400

// defaultSVMCache returns the default CacheMB under the memory limit
// limit (bytes): defaultSVMCacheMB, or limit/4 when that is less, but not
// below 100.
func defaultSVMCache(limit int64) float64 {
	quarter := float64(limit) / 4 / (1 << 20)
	return max(100, min(defaultSVMCacheMB, quarter))
}

func (s SVM) validate() error {
	const op = "learn: svm"
	switch s.Type {
	case CSVC, NuSVC, EpsSVR, NuSVR:
	default:
		return fmt.Errorf("%s: %w: type %q (want c, nu, eps-svr or nu-svr)", op, ErrInvalidParameter, s.Type)
	}
	if !(s.C > 0) || math.IsInf(s.C, 0) {
		return fmt.Errorf("%s: %w: C = %g must be positive and finite (use Hard for C = ∞)", op, ErrInvalidParameter, s.C)
	}
	if (s.Type == NuSVC || s.Type == NuSVR) && !(s.Nu > 0 && s.Nu <= 1) {
		return fmt.Errorf("%s: %w: ν = %g must be in (0, 1]", op, ErrInvalidParameter, s.Nu)
	}
	if math.IsNaN(s.Epsilon) || math.IsInf(s.Epsilon, 0) || (s.Type == EpsSVR && s.Epsilon < 0) {
		return fmt.Errorf("%s: %w: ε = %g must be finite (negative only to ask for ε = 0)", op, ErrInvalidParameter, s.Epsilon)
	}
	if s.Hard && s.Type != CSVC {
		return fmt.Errorf("%s: %w: the hard margin is an option of the C-SVM only", op, ErrInvalidParameter)
	}
	if s.Tol < 0 || s.CacheMB < 0 || s.MaxIter < 0 {
		return fmt.Errorf("%s: %w: negative tolerance, cache size or iteration cap", op, ErrInvalidParameter)
	}
	if s.Kernel.kind() == GaussianKernel && s.Kernel.Gamma == 0 {
		return nil // the default width, resolved on the data (ScaleGamma)
	}
	return s.Kernel.Validate()
}

func (s SVM) settings() *optimize.SMOSettings {
	set := &optimize.SMOSettings{Tol: s.Tol, CacheMB: s.CacheMB, MaxIter: s.MaxIter, TraceEvery: s.TraceEvery}
	if s.Trace != nil {
		set.Trace = func(st optimize.SMOStep) {
			s.Trace(TraceStep{Iteration: st.Iteration, Objective: st.Objective, SMO: &st})
		}
	}
	return set
}

// Fit trains a C-SVM or ν-SVM on X (n×d) with integer labels y.
// Two classes give one machine; c > 2 classes give c(c − 1)/2 machines, one
// for each pair, that vote (one-versus-one, as LIBSVM).
//
// C-SVM, the soft margin (004, "Using Slack Variable"): the dual
//
//	min ½ μᵀQμ − eᵀμ   s.t. yᵀμ = 0, 0 ≤ μᵢ ≤ C,   Qᵢⱼ = yᵢyⱼK(xᵢ, xⱼ),
//
// solved by optimize.SMO; the support vectors are the μᵢ > 0; b is
// averaged over the free support vectors (0 < μᵢ < C) from
// yᵢf(xᵢ) = 1, and when there are none it is the midpoint of the interval
// the KKT conditions allow (docs/svm.md). The hard margin (004, "Support
// Vector Machines") is C = ∞, where a non-separable set makes the dual
// unbounded: that is reported as ErrNotSeparable, never silently softened.
//
// ν-SVM (004, "v- SVM"): the dual min ½μᵀQμ s.t. yᵀμ = 0, eᵀμ = νn,
// 0 ≤ μᵢ ≤ 1 (the notes' problem scaled by n), then rescaled by 1/r so
// that the decision function has margin 1, which makes it the C-SVM with
// C = 1/r (EquivalentC).
//
// Implements: 004, "Support Vector Machines(SVM)", "Using Slack Variable",
// "Kernel function", "SMO Algorithm", "v- SVM".
//
// Special cases: one class only, a label count that differs from n,
// NaN/Inf, invalid C, ν or kernel are errors; a ν too large for the class
// sizes (ν > 2·min(n₊, n₋)/n) is an error wrapping ErrInvalidParameter.
// A machine that reaches MaxIter is kept: the model comes back together
// with an error wrapping matrix.ErrNoConvergence that names the pairs of
// classes (and probability folds) concerned; every other error returns a
// nil model.
//
// Reference: C. Cortes and V. Vapnik, "Support-vector networks", Machine
// Learning 20 (1995); B. Schölkopf et al., "New support vector algorithms",
// Neural Computation 12 (2000); C.-C. Chang and C.-J. Lin, LIBSVM (2011).
func (s SVM) Fit(x *matrix.Dense, y []int) (*SVMClassifierModel, error) {
	const op = "learn: svm"
	s = s.withDefaults()
	if s.Type != CSVC && s.Type != NuSVC {
		return nil, fmt.Errorf("%s: %w: a classifier needs type c or nu, got %q", op, ErrInvalidParameter, s.Type)
	}
	if err := s.validate(); err != nil {
		return nil, err
	}
	if err := checkData(op, x, 2); err != nil {
		return nil, err
	}
	s, err := s.withDataKernel(x)
	if err != nil {
		return nil, err
	}
	if err := checkKernelDiag(op, s.Kernel, x); err != nil {
		return nil, err
	}
	if len(y) != x.Rows() {
		return nil, fmt.Errorf("%s: %w: %d labels for %d samples", op, matrix.ErrShape, len(y), x.Rows())
	}
	if err := CheckClassSizes(op, y); err != nil { // n(n−1)/2 machines
		return nil, err
	}
	classes := slices.Sorted(slices.Values(uniqueInts(y)))
	if len(classes) < 2 {
		return nil, fmt.Errorf("%s: %w: the training data hold a single class (%d); a classifier needs two", op, ErrInvalidParameter, classes[0])
	}
	m := &SVMClassifierModel{Type: s.Type, Kernel: s.Kernel, Classes: classes, Features: x.Cols(), Probability: s.Probability, Converged: true}
	var unconverged []error // machines kept at the iteration cap
	var rng *rand.Rand
	if s.Probability {
		rng = rand.New(rand.NewPCG(s.Seed, 0))
	}
	points := newPointRows(x)
	for a := 0; a < len(classes); a++ {
		for b := a + 1; b < len(classes); b++ {
			pos, neg := classes[a], classes[b]
			if pos == -1 && neg == 1 {
				pos, neg = 1, -1 // f > 0 means +1, as a user of ±1 labels expects
			}
			var idx []int
			var sign []float64
			for i, c := range y {
				switch c {
				case pos:
					idx, sign = append(idx, i), append(sign, 1)
				case neg:
					idx, sign = append(idx, i), append(sign, -1)
				}
			}
			mach, err := s.trainBinaryRows(x, idx, sign, points.kernelRows(s.Kernel, idx))
			if err != nil && mach == nil {
				return nil, fmt.Errorf("%s: classes %d and %d: %w", op, classes[a], classes[b], err)
			}
			if err != nil {
				unconverged = append(unconverged, fmt.Errorf("%s: classes %d and %d: %w", op, classes[a], classes[b], err))
				m.Converged = false
			}
			mach.Positive, mach.Negative = pos, neg
			if s.Probability {
				var perm []int
				if s.cvOrder != nil {
					perm = s.cvOrder(pos, neg, idx)
				} else {
					perm = rng.Perm(len(idx))
				}
				err := s.fitProbability(mach, rowsOf(x, idx), sign, perm)
				if err != nil && !errors.Is(err, matrix.ErrNoConvergence) {
					return nil, fmt.Errorf("%s: probabilities of classes %d and %d: %w", op, classes[a], classes[b], err)
				}
				if err != nil {
					unconverged = append(unconverged, fmt.Errorf("%s: probabilities of classes %d and %d: %w", op, classes[a], classes[b], err))
				}
			}
			for k, i := range mach.Support {
				mach.Support[k] = idx[i]
			}
			m.Machines = append(m.Machines, mach)
		}
	}
	return m, errors.Join(unconverged...)
}

// trainBinary solves the two-class dual for labels y = ±1.
func (s SVM) trainBinary(x *matrix.Dense, y []float64) (*BinarySVM, error) {
	return s.trainBinaryRows(x, nil, y, newKernelRows(s.Kernel, x))
}

// trainBinaryRows is trainBinary on the rows idx of X (all rows when idx
// is nil), whose kernel rows are given; the machine's Support indexes the
// training points 0…len(y)−1.
func (s SVM) trainBinaryRows(x *matrix.Dense, idx []int, y []float64, rows *kernelRows) (*BinarySVM, error) {
	n := len(y)
	kq, err := optimize.SignedQ(rows, y)
	if err != nil {
		return nil, err
	}
	qp := &optimize.QP{Q: kq, Y: y, P: make([]float64, n), C: make([]float64, n)}
	switch s.Type {
	case CSVC:
		c := s.C
		if s.Hard {
			c = math.Inf(1)
		}
		for i := range n {
			qp.P[i], qp.C[i] = -1, c // ½μᵀQμ − eᵀμ, 0 ≤ μ ≤ C
		}
	case NuSVC:
		npos := 0
		for _, v := range y {
			if v > 0 {
				npos++
			}
		}
		if limit := 2 * float64(min(npos, n-npos)) / float64(n); s.Nu > limit {
			return nil, fmt.Errorf("%w: ν = %g is infeasible for class sizes %d and %d (need ν ≤ %.4g)", ErrInvalidParameter, s.Nu, npos, n-npos, limit)
		}
		for i := range n {
			qp.C[i] = 1 // 0 ≤ μ ≤ 1, eᵀμ = νn
		}
		qp.TwoEqualities, qp.Sum = true, s.Nu*float64(n)
	}
	res, err := optimize.SMO(qp, s.settings())
	if errors.Is(err, optimize.ErrUnbounded) {
		return nil, fmt.Errorf("%w: the hard-margin dual is unbounded (use a soft margin, C < ∞)", ErrNotSeparable)
	}
	if err != nil && !(errors.Is(err, matrix.ErrNoConvergence) && res != nil) {
		return nil, err
	}
	notConverged := err // the machine at the cap is kept, with this error
	mach := &BinarySVM{Rho: res.Rho, Objective: res.Objective, KKTViolation: res.Violation, Iterations: res.Iterations, TrainingExamples: n}
	scale := 1.0
	if s.Type == NuSVC {
		// Rescale to margin 1: μ/r, ρ/r, objective/r² (LIBSVM's convention).
		r := res.R
		if !(r > 0) {
			return nil, fmt.Errorf("%w: ν-SVM found r = %g ≤ 0 (ν too small for these data)", ErrInvalidParameter, r)
		}
		scale = 1 / r
		mach.Rho /= r
		mach.Objective /= r * r
		mach.EquivalentC = 1 / r
		mach.NuRho = r / float64(n) // the notes' ρ: our μ and r are n times theirs
	}
	bound := 0
	for i, a := range res.Alpha {
		if a <= 0 {
			continue
		}
		mach.Support = append(mach.Support, i)
		mach.Coef = append(mach.Coef, y[i]*a*scale)
		if a >= qp.C[i] {
			bound++
		}
	}
	mach.NumBounded = bound
	if idx == nil {
		mach.SupportVectors = rowsOf(x, mach.Support)
	} else {
		rowsIdx := make([]int, len(mach.Support))
		for k, i := range mach.Support {
			rowsIdx[k] = idx[i]
		}
		mach.SupportVectors = rowsOf(x, rowsIdx)
	}
	mach.fitDecision = classifierFitDecision(res, qp, scale, mach.Rho)
	if s.Type == NuSVC {
		mach.FractionSV = float64(len(mach.Support)) / float64(n)
		mach.FractionBounded = float64(bound) / float64(n)
	}
	return mach, notConverged
}

// FitRegressor trains an ε-SVR or a ν-SVR on X (n×d) with real targets y.
//
// ε-SVR (004, "Support Vector Regression"): the dual over α, α* ∈ [0, C]ⁿ,
//
//	min ½(α − α*)ᵀK(α − α*) + ε eᵀ(α + α*) − yᵀ(α − α*)   s.t. eᵀ(α − α*) = 0,
//
// is given to the solver as one problem in 2n variables (optimize.RegressionQ,
// p = (ε − y, ε + y), signs (+1…, −1…)); f(x) = Σ(αᵢ − αᵢ*)K(xᵢ, x) + b.
//
// ν-SVR (004, "v-SVR"): ε becomes a variable; the dual adds
// eᵀ(α + α*) = Cνn and drops the ε term, and the ε the machine chose is
// read from the multiplier of that constraint (EpsilonFound).
//
// Implements: 004, "Support Vector Regression", "v-SVR" (errata 18 and 19
// for the dual's quadratic term and b).
//
// Special cases: bad X, C, ν or kernel as for FitClassifier; a target
// count that differs from n or a non-finite target is an error; a single
// sample trains (f is then a constant within ε of y₁). A machine that
// reaches MaxIter comes back with an error wrapping
// matrix.ErrNoConvergence, as for FitClassifier.
//
// Reference: A. J. Smola and B. Schölkopf, "A tutorial on support vector
// regression", Statistics and Computing 14 (2004); B. Schölkopf et al.,
// "New support vector algorithms", Neural Computation 12 (2000).
func (s SVM) FitRegression(x *matrix.Dense, y []float64) (*SVMRegressorModel, error) {
	const op = "learn: svr"
	s = s.withDefaults()
	if s.Type != EpsSVR && s.Type != NuSVR {
		return nil, fmt.Errorf("%s: %w: a regressor needs type eps-svr or nu-svr, got %q", op, ErrInvalidParameter, s.Type)
	}
	if err := s.validate(); err != nil {
		return nil, err
	}
	if err := checkData(op, x, 1); err != nil {
		return nil, err
	}
	s, err := s.withDataKernel(x)
	if err != nil {
		return nil, err
	}
	if err := checkKernelDiag(op, s.Kernel, x); err != nil {
		return nil, err
	}
	n := x.Rows()
	if len(y) != n {
		return nil, fmt.Errorf("%s: %w: %d targets for %d samples", op, matrix.ErrShape, len(y), n)
	}
	if err := matrix.VecFinite(y); err != nil {
		return nil, fmt.Errorf("%s: targets: %w", op, err)
	}
	qp := &optimize.QP{Q: optimize.RegressionQ(newKernelRows(s.Kernel, x)),
		P: make([]float64, 2*n), Y: make([]float64, 2*n), C: make([]float64, 2*n)}
	for i := range n {
		qp.Y[i], qp.Y[i+n] = 1, -1
		qp.C[i], qp.C[i+n] = s.C, s.C
		if s.Type == EpsSVR {
			qp.P[i], qp.P[i+n] = s.Epsilon-y[i], s.Epsilon+y[i] // ε − yᵢ for α, ε + yᵢ for α*
		} else {
			qp.P[i], qp.P[i+n] = -y[i], y[i]
		}
	}
	if s.Type == NuSVR {
		qp.TwoEqualities, qp.Sum = true, s.C*s.Nu*float64(n)
	}
	res, err := optimize.SMO(qp, s.settings())
	if err != nil && !(errors.Is(err, matrix.ErrNoConvergence) && res != nil) {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	var notConverged error // the machine at the cap is kept, with this error
	if err != nil {
		notConverged = fmt.Errorf("%s: %w", op, err)
	}
	mach := &BinarySVM{Rho: res.Rho, Objective: res.Objective, KKTViolation: res.Violation, Iterations: res.Iterations, TrainingExamples: n}
	if s.Type == NuSVR {
		mach.EpsilonFound = -res.R
	}
	for i := range n {
		a, as := res.Alpha[i], res.Alpha[i+n]
		if a-as == 0 {
			continue
		}
		mach.Support = append(mach.Support, i)
		mach.Coef = append(mach.Coef, a-as) // αᵢ − αᵢ*
		if a >= s.C || as >= s.C {
			mach.NumBounded++
		}
	}
	mach.SupportVectors = rowsOf(x, mach.Support)
	mach.fitDecision = regressorFitDecision(res, qp, mach.Rho)
	return &SVMRegressorModel{Type: s.Type, Kernel: s.Kernel, Machines: []*BinarySVM{mach}, Features: x.Cols(), Converged: notConverged == nil}, notConverged
}

// FitClassifier is Fit as a ClassifierTrainer. A fit that reaches the
// iteration cap returns the model with the error, as Fit does.
func (s SVM) FitClassifier(x *matrix.Dense, y []int) (Classifier, error) {
	return asClassifier(s.Fit(x, y))
}

// FitRegressor is FitRegression as a RegressorTrainer. A fit that reaches
// the iteration cap returns the model with the error, as FitRegression
// does.
func (s SVM) FitRegressor(x *matrix.Dense, y []float64) (Regressor, error) {
	return asRegressor(s.FitRegression(x, y))
}

// uniqueInts returns the distinct values of v.
func uniqueInts(v []int) []int {
	seen := map[int]bool{}
	var out []int
	for _, x := range v {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// rowsOf copies the listed rows of x into a new matrix.
func rowsOf(x *matrix.Dense, idx []int) *matrix.Dense {
	out := matrix.New(len(idx), x.Cols())
	for k, i := range idx {
		copy(out.Row(k), x.Row(i))
	}
	return out
}

// decision returns f(x) = Σᵢ coefᵢ K(svᵢ, x) − ρ for every row of X. The
// rows are split over the cores (parallelRows), each evaluated on its own
// without forming the n×nSV kernel matrix, so memory stays O(n) and the
// values do not depend on the number of cores.
func (b *BinarySVM) decision(k Kernel, x *matrix.Dense) []float64 {
	out := make([]float64, x.Rows())
	sv := newFlatRows(b.SupportVectors)
	parallelRows(x.Rows(), func(i int) {
		xi := x.Row(i)
		out[i] = kernelSum(k, xi, matrix.Dot(xi, xi), sv, b.Coef) - b.Rho
	})
	return out
}

// B returns the notes' threshold b = −ρ.
func (b *BinarySVM) B() float64 { return -b.Rho }

// Decision returns the decision values of a two-class model for every row
// of X (n values), the rows split over the cores: the machine's
// f(x) = Σᵢ μᵢyᵢK(xᵢ, x) + b, negated when its Positive is the lower label,
// so that a positive value means the larger label, as in scikit-learn
// (svm_sign.go). For c > 2 classes it returns the values of the first
// machine only, positive meaning the lower label of its pair; use
// DecisionFunction. A row whose value is not finite (a kernel
// that overflowed: rows near ±1e308, a huge polynomial degree) is an error
// wrapping matrix.ErrNotFinite naming it (score_check.go): it has no sign.
//
// Implements: 004, "Kernel function" (f(X); errata 22).
func (m *SVMClassifierModel) Decision(x *matrix.Dense) ([]float64, error) {
	if m == nil {
		return nil, errNilModel("learn: svm: decision")
	}
	if m.Kernel.kind() == LinearKernel {
		dec, err := m.DecisionFunction(x)
		if err != nil {
			return nil, err
		}
		return dec.Col(0), nil // already oriented
	}
	c := m.core()
	if err := checkQuery("learn: svm: decision", x, c.features); err != nil {
		return nil, err
	}
	f := c.machineDecisions(x, 0)
	if err := checkScoreValues("learn: svm: decision", "decision value", f); err != nil {
		return nil, err
	}
	return m.orientDecisions(f), nil
}

// Decision returns f(x) = Σᵢ(αᵢ − αᵢ*)K(xᵢ, x) + b for every row of X, as
// Predict does; a value that overflowed is an error naming the row.
//
// Implements: 004, "Kernel function" (f(X); errata 22).
func (m *SVMRegressorModel) Decision(x *matrix.Dense) ([]float64, error) {
	if m == nil {
		return nil, errNilModel("learn: svm: decision")
	}
	return m.core().decision(x)
}

func (c svmMachines) decision(x *matrix.Dense) ([]float64, error) {
	if err := checkQuery("learn: svm: decision", x, c.features); err != nil {
		return nil, err
	}
	f := c.machines[0].decision(c.kernel, x)
	if err := checkScoreValues("learn: svm: decision", "decision value", f); err != nil {
		return nil, err
	}
	return f, nil
}

// DecisionFunction returns the decision values of every machine
// (n×machines): n×1 for two classes, positive meaning the larger label as
// in scikit-learn (the machine's f, negated when its Positive is the lower
// label: svm_sign.go); n×c(c − 1)/2 for c classes, one column per pair in
// the order of Machines, positive meaning the pair's lower label (the
// machine's Positive), as the one-versus-one values of LIBSVM and
// scikit-learn. A row with a value that is not finite is an error, as in
// Decision.
func (m *SVMClassifierModel) DecisionFunction(x *matrix.Dense) (*matrix.Dense, error) {
	if m == nil {
		return nil, errNilModel("learn: svm: decision")
	}
	c := m.core()
	if err := checkQuery("learn: svm: decision", x, c.features); err != nil {
		return nil, err
	}
	var out *matrix.Dense
	if c.kernel.kind() == LinearKernel {
		out = c.linearDecisions(x)
	} else if sv, pos, ok := c.sharedSupport(); ok && len(c.machines) > 1 {
		out = kernelDecisions(c.kernel, x, sv, c.machines, pos)
	} else {
		out = matrix.New(x.Rows(), len(c.machines))
		for j := range c.machines {
			out.SetCol(j, c.machineDecisions(x, j))
		}
	}
	if err := checkScoreRows("learn: svm: decision", "decision value", out); err != nil {
		return nil, err
	}
	if m.flipsDecision() {
		out.SetCol(0, m.orientDecisions(out.Col(0)))
	}
	return out, nil
}

// sharedSupport collects the support vectors of all the machines once: the
// one-versus-one machines of c classes share training points (a point of
// class i can support all c − 1 machines of i), so LIBSVM, too, evaluates
// each K(svₜ, x) once per query and lets every machine read it. It returns
// the distinct support vectors and, per machine, the position of each of
// its own among them; ok is false when a machine's support is not
// identified by training indices that agree across machines (a model
// assembled by hand), and the caller then evaluates machine by machine.
func (c svmMachines) sharedSupport() (sv *flatRows, pos [][]int, ok bool) {
	at := map[int]int{} // training index → position in rows
	var rows [][]float64
	pos = make([][]int, len(c.machines))
	for j, mach := range c.machines {
		if mach.SupportVectors == nil || len(mach.Support) != mach.SupportVectors.Rows() || len(mach.Coef) != len(mach.Support) {
			return nil, nil, false
		}
		pos[j] = make([]int, len(mach.Support))
		for t, idx := range mach.Support {
			r := mach.SupportVectors.Row(t)
			p, seen := at[idx]
			if !seen {
				p = len(rows)
				at[idx] = p
				rows = append(rows, r)
			} else if !slices.Equal(rows[p], r) {
				return nil, nil, false
			}
			pos[j][t] = p
		}
	}
	u, err := matrix.NewFromRows(rows)
	if err != nil {
		return nil, nil, false
	}
	return newFlatRows(u), pos, true
}

// machineDecisions returns the decision values of machine j alone for
// every row of X, by kernelDecisions over its own support vectors.
func (c svmMachines) machineDecisions(x *matrix.Dense, j int) []float64 {
	mach := c.machines[j]
	return kernelDecisions(c.kernel, x, newFlatRows(mach.SupportVectors), c.machines[j:j+1], nil).Col(0)
}

// Predict returns the regression value f(x) of every row. A row whose
// value overflowed is an error (ErrNotFinite).
func (m *SVMRegressorModel) Predict(x *matrix.Dense) ([]float64, error) {
	if m == nil {
		return nil, errNilModel("learn: svm: predict")
	}
	return m.Decision(x) // refuses a value that overflowed
}

// Labels returns the sorted class labels.
func (m *SVMClassifierModel) Labels() []int {
	if m == nil {
		return nil
	}
	return m.Classes
}

// Predict returns the class of every row: for two classes the sign of
// the machine's f(x) (f > 0 → the machine's Positive class, f ≤ 0 → its
// Negative); for more, the most
// votes of the one-versus-one machines, ties broken towards the lower
// label (as LIBSVM).
func (m *SVMClassifierModel) Predict(x *matrix.Dense) ([]int, error) {
	if m == nil {
		return nil, errNilModel("learn: svm: predict")
	}
	dec, err := m.DecisionFunction(x) // refuses a row whose decision value overflowed
	if err != nil {
		return nil, err
	}
	return m.Vote(dec)
}

// Vote returns the classes that the decision values dec (n × machines, in
// DecisionFunction's orientation) elect: for two classes the sign of the
// machine's f, read back from the public value (labels 0 and 1, as every
// pair but ±1: a value ≥ 0 → 1, < 0 → 0; labels −1 and +1: > 0 → +1,
// ≤ 0 → −1; a value of exactly 0 goes where the machine sends f = 0); for
// more, the most votes of the one-versus-one machines, ties broken
// towards the lower label. Predict is DecisionFunction followed by Vote.
// A column count other than the number of machines, or a value that is
// not finite, is an error.
func (m *SVMClassifierModel) Vote(dec *matrix.Dense) ([]int, error) {
	if m == nil {
		return nil, errNilModel("learn: svm: vote")
	}
	if dec == nil || dec.Cols() != len(m.Machines) {
		return nil, fmt.Errorf("learn: svm: vote: %w: want one column of decision values per machine (%d)", matrix.ErrShape, len(m.Machines))
	}
	if err := checkScoreRows("learn: svm: vote", "decision value", dec); err != nil {
		return nil, err
	}
	index := map[int]int{}
	for i, c := range m.Classes {
		index[c] = i
	}
	flip := m.flipsDecision()
	out := make([]int, dec.Rows())
	votes := make([]int, len(m.Classes))
	for i := range out {
		clear(votes)
		for j, mach := range m.Machines {
			if orientDecision(dec.At(i, j), flip) > 0 { // the machine's f
				votes[index[mach.Positive]]++
			} else {
				votes[index[mach.Negative]]++
			}
		}
		best := 0
		for c := range votes {
			if votes[c] > votes[best] {
				best = c
			}
		}
		out[i] = m.Classes[best]
	}
	return out, nil
}

// PrimalW returns w = Σᵢ coefᵢ svᵢ of a machine trained with the linear
// kernel, and the margin 2/‖w‖. Other kernels have no finite w: error.
// w is in the machine's orientation (f = wᵀx + B(), positive for its
// Positive label), not the public decision values' (svm_sign.go).
//
// Implements: 004, "Support Vector Machines(SVM)" (W* = Σᵢ μᵢ*yᵢXᵢ and the
// margin 2/‖W‖; errata 11).
func (m *SVMClassifierModel) PrimalW(machine int) (w []float64, margin float64, err error) {
	if m == nil {
		return nil, 0, errNilModel("learn: svm: w")
	}
	return m.core().primalW(machine)
}

// PrimalW returns w = Σᵢ (αᵢ − αᵢ*) svᵢ of a regressor trained with the
// linear kernel (machine 0), and 2/‖w‖. Other kernels: error.
func (m *SVMRegressorModel) PrimalW(machine int) (w []float64, margin float64, err error) {
	if m == nil {
		return nil, 0, errNilModel("learn: svm: w")
	}
	return m.core().primalW(machine)
}

func (c svmMachines) primalW(machine int) (w []float64, margin float64, err error) {
	if machine < 0 || machine >= len(c.machines) {
		return nil, 0, fmt.Errorf("learn: svm: w: %w: machine %d of %d", ErrInvalidParameter, machine, len(c.machines))
	}
	if c.kernel.kind() != LinearKernel {
		return nil, 0, fmt.Errorf("learn: svm: %w: w exists in closed form only for the linear kernel", ErrInvalidParameter)
	}
	b := c.machines[machine]
	w, _ = matrix.MulVecT(b.SupportVectors, b.Coef)
	if len(b.Coef) == 0 {
		w = make([]float64, c.features)
	}
	return w, 2 / matrix.Nrm2(w), nil
}

// Save writes the model as JSON (format "mlnotes/svm").
func (m *SVMClassifierModel) Save(w io.Writer) error { return saveModel(w, "svm", m) }

// Save writes the model as JSON (format "mlnotes/svm"; the type field
// tells a regressor from a classifier).
func (m *SVMRegressorModel) Save(w io.Writer) error { return saveModel(w, "svm", m) }

// LoadSVMClassifier reads a model written by SVMClassifierModel.Save (or
// by the SVMModel of earlier versions, when it holds a classifier). A file
// that is not such a model, holds a regressor, or whose parts do not fit
// together (the machines for the classes, the support vectors for the
// coefficients, finite numbers, a valid kernel), is an error wrapping
// ErrFormat; a loaded model never panics when it predicts.
func LoadSVMClassifier(r io.Reader) (*SVMClassifierModel, error) {
	m, err := loadSVM(r)
	if err != nil {
		return nil, err
	}
	if m.Type != CSVC && m.Type != NuSVC {
		return nil, fmt.Errorf("learn: load svm: %w: the file holds a regressor (type %s); use LoadSVMRegressor", ErrFormat, m.Type)
	}
	return m, nil
}

// LoadSVMRegressor reads a model written by SVMRegressorModel.Save (or by
// the SVMModel of earlier versions, when it holds a regressor), with the
// checks of LoadSVMClassifier.
func LoadSVMRegressor(r io.Reader) (*SVMRegressorModel, error) {
	m, err := loadSVM(r)
	if err != nil {
		return nil, err
	}
	if m.Type != EpsSVR && m.Type != NuSVR {
		return nil, fmt.Errorf("learn: load svm: %w: the file holds a classifier (type %s); use LoadSVMClassifier", ErrFormat, m.Type)
	}
	return &SVMRegressorModel{Type: m.Type, Kernel: m.Kernel, Machines: m.Machines, Features: m.Features, Converged: m.Converged}, nil
}

// loadSVM reads any SVM file into the classifier's layout, which holds
// every field either model writes, and checks it.
func loadSVM(r io.Reader) (*SVMClassifierModel, error) {
	var m SVMClassifierModel
	if err := loadModel(r, "svm", &m); err != nil {
		return nil, err
	}
	if err := m.check(); err != nil {
		return nil, fmt.Errorf("learn: load svm: %w: %v", ErrFormat, err)
	}
	return &m, nil
}

// check verifies that a model read from a file is consistent.
func (m *SVMClassifierModel) check() error {
	if err := m.Kernel.Validate(); err != nil {
		return err
	}
	if m.Features < 1 {
		return fmt.Errorf("%d features", m.Features)
	}
	switch m.Type {
	case EpsSVR, NuSVR:
		if len(m.Machines) != 1 {
			return fmt.Errorf("a regression model with %d machines", len(m.Machines))
		}
		if len(m.Classes) > 0 || m.Probability {
			return errors.New("a regression model with classes or class probabilities")
		}
	case CSVC, NuSVC:
		c := len(m.Classes)
		if c < 2 || len(m.Machines) != c*(c-1)/2 {
			return fmt.Errorf("%d machines for %d classes", len(m.Machines), c)
		}
		for i := 1; i < c; i++ {
			if m.Classes[i] <= m.Classes[i-1] {
				return errors.New("the classes are not sorted and distinct")
			}
		}
		k := 0
		for a := 0; a < c; a++ {
			for b := a + 1; b < c; b++ {
				mach := m.Machines[k]
				pair := [2]int{mach.Positive, mach.Negative}
				if pair != [2]int{m.Classes[a], m.Classes[b]} && pair != [2]int{m.Classes[b], m.Classes[a]} {
					return fmt.Errorf("machine %d separates %d and %d, not classes %d and %d", k, mach.Positive, mach.Negative, m.Classes[a], m.Classes[b])
				}
				k++
			}
		}
	default:
		return fmt.Errorf("type %q", m.Type)
	}
	for k, b := range m.Machines {
		if b == nil || b.SupportVectors == nil || b.SupportVectors.Rows() != len(b.Coef) ||
			(b.SupportVectors.Rows() > 0 && b.SupportVectors.Cols() != m.Features) {
			return fmt.Errorf("machine %d: inconsistent support vectors", k)
		}
		if len(b.Support) != len(b.Coef) {
			return fmt.Errorf("machine %d: %d support indices for %d coefficients", k, len(b.Support), len(b.Coef))
		}
		for t, i := range b.Support {
			if i < 0 || (t > 0 && i <= b.Support[t-1]) {
				return fmt.Errorf("machine %d: support index %d at position %d (the indices are training rows, increasing)", k, i, t)
			}
		}
		if b.SupportVectors.CheckFinite() != nil || matrix.VecFinite(b.Coef) != nil || !isFiniteValue(b.Rho) ||
			!isFiniteValue(b.ProbA) || !isFiniteValue(b.ProbB) {
			return fmt.Errorf("machine %d: a number is not finite", k)
		}
	}
	return nil
}

// isFiniteValue reports whether v is neither NaN nor ±Inf.
func isFiniteValue(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// checkKernelDiag refuses training data whose kernel values cannot be
// formed: k(xᵢ, xᵢ) (from ‖xᵢ‖², the form every kernel row is computed in)
// must be finite. Every |k(xᵢ, xⱼ)| is then bounded by the diagonal (up to
// rounding), so SMO never meets an infinite or NaN entry of Q. Features
// beyond about 1e154 in magnitude (whose squares overflow) fail here with
// a message that says so, instead of "Q[0][0] = NaN" deep in the solver.
func checkKernelDiag(op string, k Kernel, x *matrix.Dense) error {
	for i, nrm := range rowNorms2(x) {
		if v := k.fromDot(nrm, nrm, nrm); math.IsNaN(v) || math.IsInf(v, 0) {
			why := "the polynomial overflows float64"
			if math.IsInf(nrm, 0) {
				why = "‖x‖² overflows float64: features beyond about 1e154 in magnitude"
			}
			return fmt.Errorf("%s: %w: the kernel k(x, x) of sample %d is %v (%s); scale the features", op, matrix.ErrNotFinite, i, v, why)
		}
	}
	return nil
}
