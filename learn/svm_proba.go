package learn

import (
	"errors"
	"fmt"
	"math"

	"mlnotes/matrix"
)

// SVM class probabilities, as LIBSVM's -b 1 computes them.
//
// A two-class machine's decision value f is turned into a probability by a
// sigmoid P(positive | f) = 1/(1 + exp(A·f + B)), the logistic model of 004,
// "Logistic Regression", fitted to decision values that the machine did not
// see in training: the pair's data are shuffled, cut into five folds, and
// each fold is scored by a machine trained on the other four (004, "K-fold
// Cross-Validation"). The fit is Platt's, with the improvements of Lin,
// Lin and Weng: smoothed targets (n₊ + 1)/(n₊ + 2) and 1/(n₋ + 2) instead
// of 1 and 0, a Newton method with a backtracking line search, and a
// numerically stable evaluation of the log-likelihood. For c > 2 classes
// the pairwise probabilities rᵢⱼ are coupled into one distribution by the
// second method of Wu, Lin and Weng. docs/svm.md, "Probabilities", has the
// derivation and the comparison with LIBSVM.
//
// References: J. C. Platt, "Probabilistic outputs for support vector
// machines and comparisons to regularized likelihood methods" (1999);
// H.-T. Lin, C.-J. Lin and R. C. Weng, "A note on Platt's probabilistic
// outputs for support vector machines", Machine Learning 68 (2007);
// T.-F. Wu, C.-J. Lin and R. C. Weng, "Probability estimates for
// multi-class classification by pairwise coupling", JMLR 5 (2004).

// probabilityFolds is the number of cross-validation folds (LIBSVM's 5).
const probabilityFolds = 5

// minPairProbability clips rᵢⱼ to [1e-7, 1 − 1e-7] before the coupling, as
// LIBSVM does, so that every pair keeps some doubt and Q stays definite on
// the simplex.
const minPairProbability = 1e-7

// ErrNoProbabilities reports PredictProba on a model trained without
// SVM.Probability.
var ErrNoProbabilities = errors.New("the model was trained without probabilities")

// ErrNoDecisionFunction reports DecisionFunction on a model that has no
// real-valued scores: a Pipeline whose final model is not a
// DecisionClassifier. A caller that meets it treats the method as absent,
// as it treats PredictProba that fails with ErrNoProbabilities.
var ErrNoDecisionFunction = errors.New("the model has no decision function")

// fitSigmoid fits P(y = +1 | f) = 1/(1 + exp(A·f + B)) to the decision
// values f and labels y (±1) by minimizing the cross-entropy with the
// smoothed targets tᵢ = (n₊ + 1)/(n₊ + 2) for yᵢ = +1 and 1/(n₋ + 2) for
// yᵢ = −1 (Lin, Lin and Weng's Algorithm 1: Newton's method on the
// Hessian plus σI, σ = 1e-12, backtracking until the sufficient decrease
// F(z + s·d) < F(z) + 10⁻⁴·s·∇Fᵀd, stop when both gradient entries are
// below 1e-5, at most 100 iterations). The objective is strictly convex, so
// a line search that cannot decrease it any further (below a step of
// 1e-10) has reached the rounding level and its point is kept, as LIBSVM
// keeps it.
func fitSigmoid(f, y []float64) (a, b float64) {
	var npos, nneg float64
	for _, v := range y {
		if v > 0 {
			npos++
		} else {
			nneg++
		}
	}
	hi, lo := (npos+1)/(npos+2), 1/(nneg+2)
	t := make([]float64, len(y))
	for i, v := range y {
		t[i] = lo
		if v > 0 {
			t[i] = hi
		}
	}
	const (
		maxIter = 100
		minStep = 1e-10
		sigma   = 1e-12
		gtol    = 1e-5
	)
	// F(A, B) = Σ tᵢzᵢ + log(1 + e^{−zᵢ}), zᵢ = A fᵢ + B, written so that
	// no exponential overflows.
	loss := func(a, b float64) float64 {
		var s float64
		for i, fi := range f {
			z := fi*a + b
			if z >= 0 {
				s += t[i]*z + math.Log1p(math.Exp(-z))
			} else {
				s += (t[i]-1)*z + math.Log1p(math.Exp(z))
			}
		}
		return s
	}
	a, b = 0, math.Log((nneg+1)/(npos+1))
	fval := loss(a, b)
	for range maxIter {
		h11, h22, h21, g1, g2 := sigma, sigma, 0.0, 0.0, 0.0
		for i, fi := range f {
			z := fi*a + b
			var p, q float64 // p = 1/(1 + e^z), q = 1 − p
			if z >= 0 {
				e := math.Exp(-z)
				p, q = e/(1+e), 1/(1+e)
			} else {
				e := math.Exp(z)
				p, q = 1/(1+e), e/(1+e)
			}
			d2 := p * q
			h11 += fi * fi * d2
			h22 += d2
			h21 += fi * d2
			d1 := t[i] - p
			g1 += fi * d1
			g2 += d1
		}
		if math.Abs(g1) < gtol && math.Abs(g2) < gtol {
			break
		}
		det := h11*h22 - h21*h21
		da := -(h22*g1 - h21*g2) / det
		db := -(-h21*g1 + h11*g2) / det
		gd := g1*da + g2*db
		step := 1.0
		for step >= minStep {
			na, nb := a+step*da, b+step*db
			if nf := loss(na, nb); nf < fval+1e-4*step*gd {
				a, b, fval = na, nb, nf
				break
			}
			step /= 2
		}
		if step < minStep {
			break
		}
	}
	return a, b
}

// sigmoidProbability is 1/(1 + exp(A·f + B)), evaluated without overflow.
func sigmoidProbability(f, a, b float64) float64 {
	z := f*a + b
	if z >= 0 {
		e := math.Exp(-z)
		return e / (1 + e)
	}
	return 1 / (1 + math.Exp(z))
}

// crossValidatedDecisions returns, for every row of the two-class problem
// (x, y = ±1), the decision value of a machine trained without it: the
// rows, in the shuffled order perm, are cut into five folds; a fold whose training
// part holds one class only gets ±1 (LIBSVM's rule). The machines are
// trained with s (no trace), a ν-SVM with ν lowered to what the fold's
// class sizes allow if need be; a fold machine that reaches the iteration
// cap is used as it stands and reported in the error returned with the
// values.
func (s SVM) crossValidatedDecisions(x *matrix.Dense, y []float64, perm []int) ([]float64, error) {
	n := len(y)
	dec := make([]float64, n)
	s.Trace = nil
	var unconverged []error // folds whose machine stopped at the cap
	for k := range probabilityFolds {
		begin, end := k*n/probabilityFolds, (k+1)*n/probabilityFolds
		train := append(append([]int{}, perm[:begin]...), perm[end:]...)
		sign := make([]float64, len(train))
		npos := 0
		for j, i := range train {
			sign[j] = y[i]
			if y[i] > 0 {
				npos++
			}
		}
		var fixed float64
		switch {
		case len(train) == 0:
			fixed = 0
		case npos == len(train):
			fixed = 1
		case npos == 0:
			fixed = -1
		default:
			fold := s
			if s.Type == NuSVC {
				// ν ≤ 2·min(n₊, n₋)/n holds for the pair but may fail on
				// four folds of it: take the largest feasible ν there
				// rather than fail (LIBSVM trains an infeasible ν-SVM on
				// such a fold without a word).
				fold.Nu = min(s.Nu, 2*float64(min(npos, len(train)-npos))/float64(len(train)))
			}
			mach, err := fold.trainBinary(rowsOf(x, train), sign)
			if err != nil && mach == nil {
				return nil, fmt.Errorf("cross-validation fold %d of %d: %w", k+1, probabilityFolds, err)
			}
			if err != nil {
				unconverged = append(unconverged, fmt.Errorf("cross-validation fold %d of %d: %w", k+1, probabilityFolds, err))
			}
			f := mach.decision(s.Kernel, rowsOf(x, perm[begin:end]))
			for j, i := range perm[begin:end] {
				dec[i] = f[j]
			}
			continue
		}
		for _, i := range perm[begin:end] {
			dec[i] = fixed
		}
	}
	return dec, errors.Join(unconverged...)
}

// fitProbability sets the sigmoid (ProbA, ProbB) of a machine trained on
// (x, y = ±1) from decision values cross-validated over the folds of the
// shuffled order perm.
func (s SVM) fitProbability(mach *BinarySVM, x *matrix.Dense, y []float64, perm []int) error {
	dec, err := s.crossValidatedDecisions(x, y, perm)
	if dec == nil {
		return err
	}
	mach.ProbA, mach.ProbB = fitSigmoid(dec, y)
	return err // nil, or the folds that reached the iteration cap
}

// coupleProbabilities returns the class distribution p of Wu, Lin and
// Weng's second method from the pairwise probabilities r (k×k, rᵢⱼ the
// probability of class i given class i or j, rⱼᵢ = 1 − rᵢⱼ):
//
//	min ½ pᵀQp  s.t. Σp = 1,   Qₜₜ = Σ_{j≠t} rⱼₜ²,  Qₜⱼ = −rⱼₜrₜⱼ,
//
// whose solution is positive when every rᵢⱼ ∈ (0, 1). It runs LIBSVM's
// fixed-point iteration (each pₜ in turn moved to make (Qp)ₜ = pᵀQp, then
// p renormalized) to a tolerance at the rounding level of Q rather than
// LIBSVM's 0.005/k, capped at max(1000, 10k) sweeps; the iteration keeps p
// on the simplex at every step, so the last iterate is a distribution even
// at the cap. p has length k; r is not modified.
func coupleProbabilities(r [][]float64, p []float64) {
	k := len(p)
	q := make([][]float64, k)
	qmax := 0.0
	for t := range k {
		p[t] = 1 / float64(k)
		q[t] = make([]float64, k)
		for j := range k {
			if j == t {
				continue
			}
			q[t][t] += r[j][t] * r[j][t]
			q[t][j] = -r[j][t] * r[t][j]
		}
		qmax = max(qmax, q[t][t])
	}
	tol := 64 * float64(k) * eps * qmax
	qp := make([]float64, k)
	for range max(1000, 10*k) {
		var pqp float64
		for t := range k {
			qp[t] = matrix.Dot(q[t], p)
			pqp += p[t] * qp[t]
		}
		worst := 0.0
		for t := range k {
			worst = max(worst, math.Abs(qp[t]-pqp))
		}
		if worst <= tol {
			return
		}
		for t := range k {
			diff := (pqp - qp[t]) / q[t][t]
			p[t] += diff
			pqp = (pqp + diff*(diff*q[t][t]+2*qp[t])) / (1 + diff) / (1 + diff)
			for j := range k {
				qp[j] = (qp[j] + diff*q[t][j]) / (1 + diff)
				p[j] /= 1 + diff
			}
		}
	}
}

// PredictProba returns the class probabilities of every row (n×c, column j
// the probability of Classes[j]) of a classifier trained with
// SVM.Probability: for two classes the machine's sigmoid, for more the
// pairwise sigmoids coupled (docs/svm.md, "Probabilities"). The class of
// largest probability need not be the class Predict gives by voting
// (LIBSVM's svm-predict -b 1 prints the former, Predict and scikit-learn's
// predict give the latter). A row whose decision values are not finite
// is an error (ErrNotFinite), as in Predict.
func (m *SVMClassifierModel) PredictProba(x *matrix.Dense) (*matrix.Dense, error) {
	const op = "learn: svm: predict proba"
	if m == nil {
		return nil, errNilModel(op)
	}
	if !m.Probability {
		return nil, fmt.Errorf("%s: %w (set SVM.Probability)", op, ErrNoProbabilities)
	}
	dec, err := m.DecisionFunction(x) // refuses a row whose decision value overflowed
	if err != nil {
		return nil, err
	}
	flip := m.flipsDecision() // the sigmoids read the machines' own f
	c := len(m.Classes)
	index := map[int]int{}
	for i, v := range m.Classes {
		index[v] = i
	}
	out := matrix.New(x.Rows(), c)
	r := make([][]float64, c)
	for i := range r {
		r[i] = make([]float64, c)
	}
	for i := range x.Rows() {
		for j, mach := range m.Machines {
			pp := sigmoidProbability(orientDecision(dec.At(i, j), flip), mach.ProbA, mach.ProbB)
			pp = min(max(pp, minPairProbability), 1-minPairProbability)
			a, b := index[mach.Positive], index[mach.Negative]
			r[a][b], r[b][a] = pp, 1-pp
		}
		row := out.Row(i)
		if c == 2 {
			row[0], row[1] = r[0][1], r[1][0]
			continue
		}
		coupleProbabilities(r, row)
	}
	return out, nil
}
