package learn

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"mlnotes/matrix"
)

// RandomForest is a bagged ensemble of randomized decision trees combined
// by majority vote (004, "Random Forest"): each tree grows on a bootstrap
// sample of the n points (drawn with replacement, as in "Bootstrap
// Methods") and, at every node, chooses its split among MaxFeatures
// features drawn at random, which decorrelates the trees.
//
// The bootstrap sample is given to the tree as integer weights (the number
// of times each point was drawn), as scikit-learn does, so a tree sorts
// nothing: the forest sorts each feature once and every tree filters that
// order. Trees are grown in parallel on Workers goroutines; tree b draws
// its sample and its features from its own generator seeded by (Seed, b),
// so the forest — trees, votes, out-of-bag error, importances — is the
// same for a seed whatever the number of workers.
type RandomForest struct {
	// Trees is the number of trees; zero means 100.
	Trees int
	// MaxFeatures is the number of features tried per split; zero means
	// ⌊√d⌋ (at least 1). MaxFeaturesRule turns "sqrt", "log2", "all" or a
	// number into it.
	MaxFeatures int
	// Criterion, MaxDepth, MinSamplesSplit, MinSamplesLeaf are those of
	// DecisionTree (zero values: Gini, unlimited depth, 2, 1).
	Criterion       string
	MaxDepth        int
	MinSamplesSplit int
	MinSamplesLeaf  int
	// Seed makes the forest reproducible.
	Seed uint64
	// Workers is the number of goroutines growing trees; zero means
	// GOMAXPROCS.
	Workers int
	// Progress, if not nil, is called after each tree with the number of
	// trees grown so far (from one goroutine at a time).
	Progress func(done, total int)
}

// ForestModel is a fitted random forest.
type ForestModel struct {
	Classes  []int                  `json:"classes"`
	Features int                    `json:"features"`
	Trees    []*TreeClassifierModel `json:"trees"`
	// OOBAccuracy is the accuracy of the out-of-bag vote: each point
	// classified by the majority of the trees whose bootstrap sample left
	// it out, over the OOBPoints points left out by at least one tree.
	OOBAccuracy float64 `json:"oob_accuracy"`
	OOBPoints   int     `json:"oob_points"`
	// Importances is the mean over the trees (that split at least once)
	// of their impurity importances, normalized to sum to 1.
	Importances []float64 `json:"importances"`
}

// MaxFeaturesRule returns the number of features per split for d features
// by scikit-learn's names: "sqrt" ⌊√d⌋, "log2" ⌊log₂ d⌋ (both at least 1),
// "all" d, or a number M in 1…d.
func MaxFeaturesRule(rule string, d int) (int, error) {
	switch rule {
	case "sqrt", "":
		return max(1, int(math.Sqrt(float64(d)))), nil
	case "log2":
		return max(1, int(math.Log2(float64(d)))), nil
	case "all":
		return d, nil
	}
	var m int
	if _, err := fmt.Sscanf(rule, "%d", &m); err != nil || fmt.Sprint(m) != rule {
		return 0, fmt.Errorf("learn: random forest: %w: max features %q (want sqrt, log2, all or a number)", ErrInvalidParameter, rule)
	}
	if m < 1 || m > d {
		return 0, fmt.Errorf("learn: random forest: %w: max features %d for %d features", ErrInvalidParameter, m, d)
	}
	return m, nil
}

// Fit grows the forest on X (n×d) with labels y. Errors: those of
// DecisionTree, Trees < 0, MaxFeatures outside 0…d, one class.
func (c RandomForest) Fit(x *matrix.Dense, y []int) (*ForestModel, error) {
	const op = "learn: random forest"
	data, err := newTreeDataClass(op, x, y, presortColumns(c.MaxFeatures, x.Cols(), true))
	if err != nil {
		return nil, err
	}
	if len(data.classes) < 2 {
		return nil, fmt.Errorf("%s: %w: one class (%d) in the training set", op, ErrInvalidParameter, data.classes[0])
	}
	nt := c.Trees
	if nt == 0 {
		nt = 100
	}
	if nt < 1 {
		return nil, fmt.Errorf("%s: %w: %d trees", op, ErrInvalidParameter, c.Trees)
	}
	mf := c.MaxFeatures
	if mf == 0 {
		mf, _ = MaxFeaturesRule("sqrt", data.d)
	}
	tc := DecisionTree{Criterion: c.Criterion, MaxDepth: c.MaxDepth, MinSamplesSplit: c.MinSamplesSplit, MinSamplesLeaf: c.MinSamplesLeaf, MaxFeatures: mf}
	s, err := tc.settings(op, data.d)
	if err != nil {
		return nil, err
	}
	trees, inBag, err := c.growForest(op, data, s, nt)
	if err != nil {
		return nil, err
	}
	n, k := data.n, len(data.classes)
	m := &ForestModel{Classes: data.classes, Features: data.d, Trees: make([]*TreeClassifierModel, nt)}
	for b, t := range trees {
		m.Trees[b] = data.classifier(t)
	}
	// The out-of-bag vote of every point: the majority of the trees whose
	// sample left it out, counted as Predict counts (forest_predict.go).
	count := m.votesOutOfBag(x, inBag)
	correct := 0
	for i := range n {
		c := count[i*k : i*k+k]
		if slices.Max(c) == 0 {
			continue // in every tree's bag
		}
		m.OOBPoints++
		if int32(argmaxInt32(c)) == data.yc[i] {
			correct++
		}
	}
	if m.OOBPoints > 0 {
		m.OOBAccuracy = float64(correct) / float64(m.OOBPoints)
	}
	m.Importances = meanImportances(trees, data.d)
	return m, nil
}

// growForest grows nt trees on Workers goroutines. Tree b draws its
// bootstrap sample (as integer weights) and its features from its own
// generator seeded by (Seed, b), and is stored at index b, so the result
// does not depend on the number of workers. inBag[b][i] says whether tree
// b's sample holds point i.
func (c RandomForest) growForest(op string, data *treeData, s treeSettings, nt int) (trees []*Tree, inBag [][]bool, err error) {
	workers := c.Workers
	if workers < 0 {
		return nil, nil, fmt.Errorf("%s: %w: %d workers", op, ErrInvalidParameter, workers)
	}
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, nt)
	n := data.n
	if err := checkEnsembleSize(op, "trees", nt, int64(n)); err != nil { // each tree keeps its in-bag flags
		return nil, nil, err
	}
	trees, inBag = make([]*Tree, nt), make([][]bool, nt)
	var next, done atomic.Int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				b := int(next.Add(1) - 1)
				if b >= nt {
					return
				}
				rng := rand.New(rand.NewPCG(c.Seed, uint64(b)))
				w := make([]float64, n)
				for range n {
					w[rng.IntN(n)]++
				}
				in := make([]bool, n)
				for i, v := range w {
					in[i] = v > 0
				}
				trees[b], inBag[b] = growTree(data, s, w, rng), in
				if c.Progress != nil {
					mu.Lock()
					c.Progress(int(done.Add(1)), nt)
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	return trees, inBag, nil
}

// FitClassifier is Fit as a ClassifierTrainer.
func (c RandomForest) FitClassifier(x *matrix.Dense, y []int) (Classifier, error) {
	return asClassifier(c.Fit(x, y))
}

func meanImportances(trees []*Tree, d int) []float64 {
	imp := make([]float64, d)
	for _, t := range trees {
		if len(t.Nodes) > 1 {
			for j, v := range t.Importances {
				imp[j] += v
			}
		}
	}
	sum := 0.0
	for _, v := range imp {
		sum += v
	}
	if sum > 0 {
		for j := range imp {
			imp[j] /= sum
		}
	}
	return imp
}

// argmaxInt returns the index of the largest count, the first on ties.
func argmaxInt(v []int) int {
	best := 0
	for i, x := range v {
		if x > v[best] {
			best = i
		}
	}
	return best
}

// argmaxInt32 is argmaxInt for int32 counts.
func argmaxInt32(v []int32) int {
	best := 0
	for i, x := range v {
		if x > v[best] {
			best = i
		}
	}
	return best
}

// Labels returns the sorted class labels.
func (m *ForestModel) Labels() []int { return m.Classes }

// Predict returns the majority vote of the trees for every row (a tie goes
// to the smallest label).
func (m *ForestModel) Predict(x *matrix.Dense) ([]int, error) {
	if err := checkQuery("learn: random forest", x, m.Features); err != nil {
		return nil, err
	}
	count, k := m.votes(x), len(m.Classes)
	out := make([]int, x.Rows())
	for i := range out {
		out[i] = m.Classes[argmaxInt32(count[i*k:i*k+k])]
	}
	return out, nil
}

// PredictProba returns the mean over the trees of their leaves' class
// proportions (scikit-learn's soft vote; Predict uses the notes' majority
// rule, and the two can differ on close calls).
func (m *ForestModel) PredictProba(x *matrix.Dense) (*matrix.Dense, error) {
	if err := checkQuery("learn: random forest", x, m.Features); err != nil {
		return nil, err
	}
	p := matrix.New(x.Rows(), len(m.Classes))
	parallelRows(x.Rows(), func(i int) {
		row, out := x.Row(i), p.Row(i)
		for _, t := range m.Trees {
			matrix.Axpy(1/float64(len(m.Trees)), t.Nodes[t.leaf(row)].Value, out)
		}
	})
	return p, nil
}

// Save writes the forest under the envelope "mlnotes/forest".
func (m *ForestModel) Save(w io.Writer) error { return saveModel(w, "forest", m) }

// LoadForest reads a forest written by Save, checking every tree.
func LoadForest(r io.Reader) (*ForestModel, error) {
	var m ForestModel
	if err := loadModel(r, "forest", &m); err != nil {
		return nil, err
	}
	if len(m.Trees) == 0 || len(m.Classes) < 2 || len(m.Importances) != m.Features {
		return nil, fmt.Errorf("learn: load forest: %w: %d trees, %d classes, %d importances for %d features", ErrFormat, len(m.Trees), len(m.Classes), len(m.Importances), m.Features)
	}
	for b, t := range m.Trees {
		if t == nil {
			return nil, fmt.Errorf("learn: load forest: %w: tree %d is null", ErrFormat, b)
		}
		if err := t.check(); err != nil {
			return nil, fmt.Errorf("learn: load forest: %w: tree %d: %v", ErrFormat, b, err)
		}
		if t.Features != m.Features || !slices.Equal(t.Classes, m.Classes) {
			return nil, fmt.Errorf("learn: load forest: %w: tree %d has %d features and classes %v", ErrFormat, b, t.Features, t.Classes)
		}
	}
	return &m, nil
}
