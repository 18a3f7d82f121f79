package learn

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"sort"

	"mlnotes/matrix"
)

// AdaBoost is the notes' AdaBoost (004, "AdaBoost Algorithm"), step by
// step. The two labels are mapped to yᵢ ∈ {−1, +1} (the smaller label to
// −1), wᵢ(1) = 1/n, and for m = 1…M:
//
//	a. hₘ minimizes the weighted error Σᵢ wᵢ(m) I[yᵢ ≠ hₘ(xᵢ)]
//	b. ξₘ = Σᵢ wᵢ(m) I[yᵢ ≠ hₘ(xᵢ)]
//	c. αₘ = ½ ln((1 − ξₘ)/ξₘ)
//	d. wᵢ'(m+1) = wᵢ(m) exp(−αₘ yᵢ hₘ(xᵢ)), wᵢ(m+1) = wᵢ'(m+1)/Σⱼ wⱼ'(m+1)
//
// and h(x) = sgn Σₘ αₘ hₘ(x) (a zero sum gives the smaller label). After
// every update the weight of the points hₘ misclassifies is summed: the
// notes prove it is exactly ½, and each round's value is kept in the
// model (AdaRound.HalfWeight) and checked to 1e-12 by the tests.
//
// The base learner is Base: nil means exhaustive decision stumps (Stump,
// found on features sorted once for all rounds); a DecisionTree with
// MaxDepth gives trees of that depth. With Resample, step (a) is the
// notes' other way: n points are drawn with replacement with the
// probabilities wᵢ(m) and the base learner is trained, unweighted, on
// them — any ClassifierTrainer can then be boosted; ξₘ is still measured
// with the weights on the original points.
//
// Stopping. If ξₘ = 0, hₘ is right on every point: αₘ would be infinite,
// so h = hₘ; the model keeps hₘ alone and Stop says so. If ξₘ ≥ ½ (no
// better than chance), the round is discarded and boosting stops; in the
// first round that is an error.
//
// More than two classes: SAMME (Zhu, Zou, Rosset and Hastie, "Multi-class
// AdaBoost", 2009), beyond the notes: αₘ = ln((1 − ξₘ)/ξₘ) + ln(K − 1),
// wᵢ ← wᵢ exp(αₘ I[yᵢ ≠ hₘ(xᵢ)]) normalized, h(x) = argmax_c Σₘ αₘ
// I[hₘ(x) = c]; it stops when ξₘ ≥ 1 − 1/K. For K = 2 it is the notes'
// algorithm with every α doubled (the same classifier); the half-weight
// property is the notes' for K = 2 only.
type AdaBoost struct {
	// Rounds is M; zero means 50.
	Rounds int
	// Base is the base learner; nil means Stump{}. Without Resample it
	// must be a WeightedClassifierTrainer.
	Base ClassifierTrainer
	// Resample trains each round on a weighted resample (see above).
	Resample bool
	// Seed drives the resampling.
	Seed uint64
	// Trace, if not nil, receives every round, in TraceStep.Round.
	Trace Trace
}

// AdaRound is the record of one round.
type AdaRound struct {
	// Error is ξₘ and Alpha αₘ.
	Error float64 `json:"error"`
	Alpha float64 `json:"alpha"`
	// HalfWeight is Σ_{hₘ(xᵢ) ≠ yᵢ} wᵢ(m+1), ½ up to rounding.
	HalfWeight float64 `json:"half_weight"`
	// TrainError is the error rate of h with rounds 1…m on the training set.
	TrainError float64 `json:"train_error"`
}

// AdaBoostModel is a fitted AdaBoost classifier.
type AdaBoostModel struct {
	// Classes are the sorted labels; with two, Classes[0] is y = −1.
	Classes []int `json:"classes"`
	// Features is the width of the training data.
	Features int `json:"features"`
	// Alphas are the weights αₘ of the members, in order.
	Alphas []float64 `json:"alphas"`
	// Stumps or Trees hold the members when the base learner was Stump or
	// DecisionTree (the forms that can be saved).
	Stumps []*StumpModel          `json:"stumps,omitempty"`
	Trees  []*TreeClassifierModel `json:"trees,omitempty"`
	// Rounds records every completed round (one with a weight update);
	// a stopping round is not among them.
	Rounds []AdaRound `json:"rounds"`
	// Stop explains an early stop ("" when all M rounds ran), StopRound is
	// its number (1-based) and StopError its ξ (0 or ≥ ½). After a stop
	// with ξ = 0 the model's only member is that round's classifier, with
	// α = 1 (any positive weight gives the same classifier).
	Stop      string  `json:"stop,omitempty"`
	StopRound int     `json:"stop_round,omitempty"`
	StopError float64 `json:"stop_error,omitempty"`
	// Converged reports that boosting reached its fixed point before the
	// M rounds: a round's classifier made no weighted error (ξ = 0), so
	// the training error is zero and no further round could change the
	// ensemble. It is false when all M rounds ran (the cap, as MaxIter
	// for the other iterative models) and after a stop for ξ ≥ chance (a
	// failure of the base learner, not convergence). Load derives it from
	// Stop and StopError.
	Converged bool `json:"converged,omitempty"`
	// MaxHalfWeightGap is max over rounds of |HalfWeight − ½| (two classes),
	// and HalfWeightViolations the number of rounds where it exceeds
	// HalfWeightTolerance (0 unless rounding went badly wrong, e.g. weights
	// underflowing after a nearly perfect round).
	MaxHalfWeightGap     float64 `json:"max_half_weight_gap"`
	HalfWeightViolations int     `json:"half_weight_violations"`

	members []Classifier
}

// Fit boosts the base learner on X (n×d) with labels y (two or more
// classes).
func (c AdaBoost) Fit(x *matrix.Dense, y []int) (*AdaBoostModel, error) {
	const op = "learn: adaboost"
	data, err := newTreeDataClass(op, x, y, x.Cols())
	if err != nil {
		return nil, err
	}
	K := len(data.classes)
	if K < 2 {
		return nil, fmt.Errorf("%s: %w: one class (%d) in the training set", op, ErrInvalidParameter, data.classes[0])
	}
	M := c.Rounds
	if M == 0 {
		M = 50
	}
	if M < 1 {
		return nil, fmt.Errorf("%s: %w: %d rounds", op, ErrInvalidParameter, c.Rounds)
	}
	// Each round keeps a member, its α and its record in Rounds.
	if err := checkEnsembleSize(op, "rounds", M, 48); err != nil {
		return nil, err
	}
	base := c.Base
	if base == nil {
		base = Stump{}
	}
	weighted, isWeighted := base.(WeightedClassifierTrainer)
	if !c.Resample && !isWeighted {
		return nil, fmt.Errorf("%s: %w: the base learner takes no sample weights; use Resample", op, ErrInvalidParameter)
	}
	_, stumps := base.(Stump)
	// A tree base learner grows on the columns sorted once here, as the
	// stumps do, instead of sorting all d of them again every round
	// (DecisionTree.FitWeighted would): the same tree, d·n log n less work
	// per round.
	tree, trees := base.(DecisionTree)
	var treeSet treeSettings
	if trees {
		if treeSet, err = tree.settings(op, data.d); err != nil {
			return nil, err
		}
	}
	n := data.n
	w := make([]float64, n)
	for i := range w {
		w[i] = 1 / float64(n)
	}
	m := &AdaBoostModel{Classes: data.classes, Features: data.d}
	rng := rand.New(rand.NewPCG(c.Seed, 0x61646162))
	score := matrix.New(n, K) // Σ αₘ I[hₘ(xᵢ) = c], for the training error
	miss := make([]bool, n)
	for round := 1; round <= M; round++ {
		var h Classifier
		switch {
		case c.Resample:
			idx := weightedSample(rng, w, n)
			ys := make([]int, n)
			for j, i := range idx {
				ys[j] = y[i]
			}
			h, err = base.FitClassifier(rowsOf(x, idx), ys)
		case stumps:
			h = bestStump(data, w)
		case trees:
			h = data.classifier(growTree(data, treeSet, w, tree.rng()))
		default:
			h, err = weighted.FitWeighted(x, y, w)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: round %d: %w", op, round, err)
		}
		p, err := h.Predict(x)
		if err != nil {
			return nil, fmt.Errorf("%s: round %d: %w", op, round, err)
		}
		xi := 0.0
		for i := range n {
			if _, ok := slices.BinarySearch(data.classes, p[i]); !ok {
				return nil, fmt.Errorf("%s: round %d: the base classifier predicts %d, not a training label", op, round, p[i])
			}
			miss[i] = p[i] != y[i]
			if miss[i] {
				xi += w[i]
			}
		}
		if xi == 0 {
			m.StopRound, m.StopError = round, 0
			m.Stop = fmt.Sprintf("round %d: ξ = 0, the base classifier is right on every training point; α would be infinite, so the ensemble is that classifier alone", round)
			m.Alphas, m.members = []float64{1}, []Classifier{h}
			m.Converged = true
			break
		}
		chance := 1 - 1/float64(K)
		if xi >= chance {
			if round == 1 {
				return nil, fmt.Errorf("%s: %w: round 1: weighted error ξ = %.6g ≥ %.6g, the base learner is no better than chance", op, ErrNotBetter, xi, chance)
			}
			m.StopRound, m.StopError = round, xi
			m.Stop = fmt.Sprintf("round %d: ξ = %.6g ≥ %.6g, no better than chance; the round is discarded", round, xi, chance)
			break
		}
		var alpha float64
		sum := 0.0
		if K == 2 {
			alpha = 0.5 * math.Log((1-xi)/xi)
			for i := range n {
				yh := 1.0 // yᵢ hₘ(xᵢ)
				if miss[i] {
					yh = -1
				}
				w[i] *= math.Exp(-alpha * yh)
				sum += w[i]
			}
		} else {
			alpha = math.Log((1-xi)/xi) + math.Log(float64(K-1))
			for i := range n {
				if miss[i] {
					w[i] *= math.Exp(alpha)
				}
				sum += w[i]
			}
		}
		half := 0.0
		for i := range n {
			w[i] /= sum
			if miss[i] {
				half += w[i]
			}
		}
		m.Alphas = append(m.Alphas, alpha)
		m.members = append(m.members, h)
		wrong := 0
		for i := range n {
			c, _ := slices.BinarySearch(data.classes, p[i])
			score.Set(i, c, score.At(i, c)+alpha)
			if data.classes[argmaxLast2(score.Row(i), K)] != y[i] {
				wrong++
			}
		}
		m.Rounds = append(m.Rounds, AdaRound{Error: xi, Alpha: alpha, HalfWeight: half, TrainError: float64(wrong) / float64(n)})
		if c.Trace != nil {
			r := m.Rounds[len(m.Rounds)-1]
			c.Trace(TraceStep{Iteration: len(m.Rounds), Objective: xi, Round: &r})
		}
		if K == 2 {
			gap := math.Abs(half - 0.5)
			m.MaxHalfWeightGap = max(m.MaxHalfWeightGap, gap)
			if !(gap <= HalfWeightTolerance) {
				m.HalfWeightViolations++
			}
		}
	}
	m.storeMembers()
	return m, nil
}

// HalfWeightTolerance is the bound on |Σ_misclassified wᵢ(m+1) − ½| that
// Fit checks in every round of two-class boosting.
const HalfWeightTolerance = 1e-12

// ErrNotBetter reports a base learner whose weighted error is no better
// than chance in AdaBoost's first round.
var ErrNotBetter = errors.New("base learner no better than chance")

// argmaxLast2 returns the class of largest score: for two classes the
// sign rule (a zero sum gives class 0), for more the first maximum.
func argmaxLast2(s []float64, k int) int {
	if k == 2 {
		if s[1] > s[0] {
			return 1
		}
		return 0
	}
	return argmax(s)
}

// storeMembers fills Stumps or Trees when every member is of that kind.
func (m *AdaBoostModel) storeMembers() {
	var st []*StumpModel
	var tr []*TreeClassifierModel
	for _, h := range m.members {
		switch v := h.(type) {
		case *StumpModel:
			st = append(st, v)
		case *TreeClassifierModel:
			tr = append(tr, v)
		}
	}
	if len(st) == len(m.members) {
		m.Stumps = st
	} else if len(tr) == len(m.members) {
		m.Trees = tr
	}
}

// weightedSample draws n indices with replacement with probabilities w
// (summing to 1) by inverting the cumulative sum.
func weightedSample(rng *rand.Rand, w []float64, n int) []int {
	cum := make([]float64, len(w))
	s := 0.0
	for i, v := range w {
		s += v
		cum[i] = s
	}
	idx := make([]int, n)
	for k := range idx {
		u := rng.Float64() * s
		idx[k] = min(len(w)-1, sort.SearchFloat64s(cum, u))
		for w[idx[k]] == 0 { // u fell on a boundary of a zero-weight point
			idx[k]++
		}
	}
	return idx
}

// FitClassifier makes AdaBoost a ClassifierTrainer.
func (c AdaBoost) FitClassifier(x *matrix.Dense, y []int) (Classifier, error) { return c.Fit(x, y) }

// Labels returns the sorted labels.
func (m *AdaBoostModel) Labels() []int { return m.Classes }

// Members returns the base classifiers h₁, h₂, … in order.
func (m *AdaBoostModel) Members() []Classifier { return m.members }

// scores returns Σₘ αₘ I[hₘ(x) = c] for every row and class, using the
// first `rounds` members (all if rounds ≤ 0).
func (m *AdaBoostModel) scores(x *matrix.Dense, rounds int) (*matrix.Dense, error) {
	if err := checkQuery("learn: adaboost", x, m.Features); err != nil {
		return nil, err
	}
	if rounds <= 0 || rounds > len(m.members) {
		rounds = len(m.members)
	}
	s := matrix.New(x.Rows(), len(m.Classes))
	for r, h := range m.members[:rounds] {
		p, err := h.Predict(x)
		if err != nil {
			return nil, fmt.Errorf("learn: adaboost: member %d: %w", r, err)
		}
		for i, v := range p {
			c, ok := slices.BinarySearch(m.Classes, v)
			if !ok {
				return nil, fmt.Errorf("learn: adaboost: member %d predicts %d, not a class", r, v)
			}
			s.Set(i, c, s.At(i, c)+m.Alphas[r])
		}
	}
	return s, nil
}

// Predict returns h(x) = sgn Σₘ αₘ hₘ(x) (SAMME's weighted vote for more
// classes) for every row.
func (m *AdaBoostModel) Predict(x *matrix.Dense) ([]int, error) { return m.PredictRounds(x, 0) }

// PredictRounds predicts with the first `rounds` members only (all if
// rounds ≤ 0), to watch the ensemble grow.
func (m *AdaBoostModel) PredictRounds(x *matrix.Dense, rounds int) ([]int, error) {
	s, err := m.scores(x, rounds)
	if err != nil {
		return nil, err
	}
	out := make([]int, x.Rows())
	for i := range out {
		out[i] = m.Classes[argmaxLast2(s.Row(i), len(m.Classes))]
	}
	return out, nil
}

// DecisionFunction returns Σₘ αₘ hₘ(x) with hₘ ∈ {−1, +1} (positive for the
// larger label) as one column for two classes, and the K columns
// Σₘ αₘ I[hₘ(x) = c] for more.
func (m *AdaBoostModel) DecisionFunction(x *matrix.Dense) (*matrix.Dense, error) {
	s, err := m.scores(x, 0)
	if err != nil || len(m.Classes) > 2 {
		return s, err
	}
	out := matrix.New(x.Rows(), 1)
	for i := range x.Rows() {
		out.Set(i, 0, s.At(i, 1)-s.At(i, 0))
	}
	return out, nil
}

// Save writes the model under the envelope "mlnotes/adaboost"; it needs
// members that are stumps or decision trees.
func (m *AdaBoostModel) Save(w io.Writer) error {
	if m.Stumps == nil && m.Trees == nil {
		return fmt.Errorf("learn: save adaboost: %w: only stump or tree members can be saved", ErrInvalidParameter)
	}
	return saveModel(w, "adaboost", m)
}

// LoadAdaBoost reads a model written by Save, checking every member.
func LoadAdaBoost(r io.Reader) (*AdaBoostModel, error) {
	var m AdaBoostModel
	if err := loadModel(r, "adaboost", &m); err != nil {
		return nil, err
	}
	bad := func(format string, a ...any) (*AdaBoostModel, error) {
		return nil, fmt.Errorf("learn: load adaboost: %w: %s", ErrFormat, fmt.Sprintf(format, a...))
	}
	if len(m.Classes) < 2 || !strictlyIncreasing(m.Classes) || m.Features < 1 {
		return bad("classes %v (need two or more, sorted and distinct), %d features", m.Classes, m.Features)
	}
	if len(m.Stumps)+len(m.Trees) != len(m.Alphas) || len(m.Alphas) == 0 || (m.Stumps != nil && m.Trees != nil) {
		return bad("%d alphas for %d stumps and %d trees", len(m.Alphas), len(m.Stumps), len(m.Trees))
	}
	// One record per completed round, one α per member: the same number,
	// except after a stop with ξ = 0, whose only member (α = 1) is the
	// stopping round's classifier, not among the records.
	wantRounds := len(m.Alphas)
	if m.Stop != "" && m.StopError == 0 {
		wantRounds = m.StopRound - 1
	}
	if err := checkLength("rounds", len(m.Rounds), wantRounds); err != nil {
		return nil, formatError("adaboost", err)
	}
	if m.Stop != "" && m.StopRound != len(m.Rounds)+1 {
		return bad("stop_round %d after %d completed rounds", m.StopRound, len(m.Rounds))
	}
	m.Converged = m.Stop != "" && m.StopError == 0
	for r, a := range m.Alphas {
		if !isFiniteValue(a) {
			return bad("alpha %d is %g", r, a)
		}
	}
	for r, s := range m.Stumps {
		if s == nil {
			return bad("stump %d is null", r)
		}
		if err := s.check(m.Classes); err != nil || s.Features != m.Features {
			return bad("stump %d: %v", r, err)
		}
		m.members = append(m.members, s)
	}
	for r, t := range m.Trees {
		if t == nil {
			return bad("tree %d is null", r)
		}
		if err := t.check(); err != nil || t.Features != m.Features {
			return bad("tree %d: %v", r, err)
		}
		for _, c := range t.Classes {
			if !slices.Contains(m.Classes, c) {
				return bad("tree %d has class %d", r, c)
			}
		}
		m.members = append(m.members, t)
	}
	return &m, nil
}
