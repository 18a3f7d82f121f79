package learn

import (
	"fmt"
	"math/rand/v2"

	"mlnotes/matrix"
)

// Boost3 is the three-component ensemble of the notes' example
// (004, "Combining Classifier", "Designing classifier ensembles"), over
// any base learner:
//
//  1. D₁: N1 points drawn at random from D without replacement; h₁ is
//     trained on D₁.
//  2. D₂: built so that h₁ is right on half of it — every point of D ∖ D₁
//     that h₁ misclassifies, and as many points that it classifies
//     correctly, drawn at random (if h₁ makes no mistake outside D₁, its
//     mistakes on D₁ are used; if it makes none at all, D₂ cannot be
//     built and Fit fails). h₂ is trained on D₂.
//  3. D₃: every point of D on which h₁ and h₂ disagree; h₃ is trained on it.
//
// The ensemble outputs h₁(x) when h₁(x) = h₂(x), and h₃(x) otherwise.
//
// Degenerate sets: a D₂ or D₃ holding one class gets the constant
// classifier of that class (most learners refuse one class), and an empty
// D₃ (h₁ and h₂ agree on all of D) makes h₃ = h₁.
type Boost3 struct {
	// Base is the learner of the three members; it must be set.
	Base ClassifierTrainer
	// N1 is |D₁|; zero means n/3. It must leave points outside D₁.
	N1 int
	// Seed makes D₁ and D₂ reproducible.
	Seed uint64
}

// Boost3Model is a fitted three-classifier ensemble.
type Boost3Model struct {
	H1, H2, H3 Classifier
	// D1, D2, D3 are the indices of the training points of each member.
	D1, D2, D3 []int
	// H1OnD2 is h₁'s accuracy on D₂ (½ by construction).
	H1OnD2 float64
}

// constClassifier predicts one label everywhere: the member trained on a
// set of one class.
type constClassifier int

// Predict returns the label for every row.
func (c constClassifier) Predict(x *matrix.Dense) ([]int, error) {
	out := make([]int, x.Rows())
	for i := range out {
		out[i] = int(c)
	}
	return out, nil
}

// Fit builds D₁, D₂, D₃ and trains the three members with Base.
func (c Boost3) Fit(x *matrix.Dense, y []int) (*Boost3Model, error) {
	const op = "learn: three-classifier ensemble"
	t := c.Base
	if t == nil {
		return nil, fmt.Errorf("%s: %w: no Base learner", op, ErrInvalidParameter)
	}
	if _, err := newClassTask(op, t, x, y); err != nil {
		return nil, err
	}
	n := len(y)
	n1 := c.N1
	if n1 == 0 {
		n1 = n / 3
	}
	if n1 < 2 || n1 >= n {
		return nil, fmt.Errorf("%s: %w: n1 = %d for %d points (need 2 ≤ n1 < n)", op, ErrInvalidParameter, n1, n)
	}
	rng := rand.New(rand.NewPCG(c.Seed, 0x33636c66))
	perm := rng.Perm(n)
	m := &Boost3Model{D1: perm[:n1]}
	fit := func(idx []int, name string) (Classifier, error) {
		ys := make([]int, len(idx))
		for k, i := range idx {
			ys[k] = y[i]
		}
		if len(sortedLabels(ys)) == 1 {
			return constClassifier(ys[0]), nil
		}
		h, err := t.FitClassifier(rowsOf(x, idx), ys)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", op, name, err)
		}
		return h, nil
	}
	var err error
	if m.H1, err = fit(m.D1, "h1"); err != nil {
		return nil, err
	}
	p1, err := m.H1.Predict(x)
	if err != nil {
		return nil, fmt.Errorf("%s: h1: %w", op, err)
	}
	var right, wrong []int
	for _, i := range perm[n1:] {
		if p1[i] == y[i] {
			right = append(right, i)
		} else {
			wrong = append(wrong, i)
		}
	}
	if len(wrong) == 0 {
		for _, i := range m.D1 {
			if p1[i] != y[i] {
				wrong = append(wrong, i)
			}
		}
		right = append(right, m.D1...)
		for k := 0; k < len(right); k++ { // keep only D₁'s correctly classified points
			if p1[right[k]] != y[right[k]] {
				right = append(right[:k], right[k+1:]...)
				k--
			}
		}
	}
	if len(wrong) == 0 {
		return nil, fmt.Errorf("%s: %w: h1 classifies every training point correctly, so no D2 can make it guess", op, ErrInvalidParameter)
	}
	half := min(len(wrong), len(right))
	m.D2 = append(append([]int{}, wrong[:half]...), right[:half]...)
	if half == 0 {
		m.D2 = wrong
	}
	rng.Shuffle(len(m.D2), func(a, b int) { m.D2[a], m.D2[b] = m.D2[b], m.D2[a] })
	ok := 0
	for _, i := range m.D2 {
		if p1[i] == y[i] {
			ok++
		}
	}
	m.H1OnD2 = float64(ok) / float64(len(m.D2))
	if m.H2, err = fit(m.D2, "h2"); err != nil {
		return nil, err
	}
	p2, err := m.H2.Predict(x)
	if err != nil {
		return nil, fmt.Errorf("%s: h2: %w", op, err)
	}
	for i := range n {
		if p1[i] != p2[i] {
			m.D3 = append(m.D3, i)
		}
	}
	if len(m.D3) == 0 {
		m.H3 = m.H1
	} else if m.H3, err = fit(m.D3, "h3"); err != nil {
		return nil, err
	}
	return m, nil
}

// FitClassifier is Fit as a ClassifierTrainer.
func (c Boost3) FitClassifier(x *matrix.Dense, y []int) (Classifier, error) {
	return asClassifier(c.Fit(x, y))
}

// Predict outputs h₁(x) where h₁ and h₂ agree and h₃(x) elsewhere.
func (m *Boost3Model) Predict(x *matrix.Dense) ([]int, error) {
	var p [3][]int
	for k, h := range []Classifier{m.H1, m.H2, m.H3} {
		v, err := h.Predict(x)
		if err != nil {
			return nil, fmt.Errorf("learn: three-classifier ensemble: h%d: %w", k+1, err)
		}
		p[k] = v
	}
	out := make([]int, x.Rows())
	for i := range out {
		if p[0][i] == p[1][i] {
			out[i] = p[0][i]
		} else {
			out[i] = p[2][i]
		}
	}
	return out, nil
}
