package learn

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"mlnotes/matrix"
)

// DecisionTree learns an axis-parallel binary decision tree top-down and
// greedily (004, "Random Forest" › "Decision Trees"): at each node it tries
// every feature and every threshold halfway between two consecutive
// distinct values of that feature among the node's samples, keeps the
// split that most decreases the impurity, sends xⱼ ≤ t left and the rest
// right, and recurses until a stopping rule makes the node a leaf.
//
// Classification trees measure impurity by the Gini index 1 − Σₖ pₖ² or the
// entropy −Σₖ pₖ log₂ pₖ of the weighted class proportions pₖ of a node;
// regression trees (FitRegressor) by the weighted variance of the targets,
// so that a split minimizes the squared error of the two leaf means.
//
// A node becomes a leaf when it is at depth MaxDepth (the root is at depth
// 0), holds fewer than MinSamplesSplit samples or fewer than
// 2·MinSamplesLeaf, is pure (impurity ≤ ε), or has no split leaving
// MinSamplesLeaf samples on each side (every feature constant on the node,
// for instance). These are scikit-learn's rules, and on data where no two
// candidate splits give the same impurity decrease the tree is the one
// DecisionTreeClassifier and DecisionTreeRegressor build (same nodes,
// features, thresholds, predictions): testdata/ensemble_reference.json.
//
// Ties. Splits are compared by scikit-learn's proxy −(w_L·i_L + w_R·i_R)
// (or Σ_L²/w_L + Σ_R²/w_R for squared error), and a split replaces the best
// so far only if strictly better: among equally good splits the first one
// met wins, features being visited in increasing index (or, with
// MaxFeatures, in the random order drawn for the node) and thresholds in
// increasing order. scikit-learn visits features in a random order, so on
// exact ties the two libraries may choose differently. Two values are
// distinct if they differ at all (scikit-learn also merges values within
// 10⁻⁷ of each other).
//
// Cost. Each feature is sorted once per fit (O(d·n log n), or O(d·n) for
// features of at most 1024 distinct values: tree_fewranks.go); every node
// then scans its samples in sorted order for each feature and the split
// partitions the d sorted index lists stably, O(d·n) per level of the
// tree instead of a sort per node. The Gini scans keep running sums
// (tree_gini.go), and features of at most 256 distinct values are read
// as byte ranks (tree_ranks8.go).
type DecisionTree struct {
	// Criterion is "gini" (the default, also for "") or "entropy"; it is
	// ignored by regression trees (squared error).
	Criterion string
	// MaxDepth limits the depth (root at depth 0); zero means no limit.
	MaxDepth int
	// MinSamplesSplit is the smallest node that may be split; zero means 2.
	MinSamplesSplit int
	// MinSamplesLeaf is the fewest samples a child may hold; zero means 1.
	MinSamplesLeaf int
	// MaxFeatures is the number of features drawn at random (without
	// replacement) and tried at each node, as random forests do; zero
	// means all d features in index order. Features found constant on the
	// node do not count towards it.
	MaxFeatures int
	// Seed drives the feature draws when MaxFeatures < d.
	Seed uint64
	// Progress, if not nil, is called as the tree grows, after each leaf,
	// with the number of training samples (those of positive weight) that
	// have reached a leaf and their total; the last call has done =
	// total. It does not change the tree.
	Progress func(done, total int)
}

// TreeNode is one node of a fitted tree, stored in preorder (a node's
// children come after it; the left subtree first).
type TreeNode struct {
	// Feature is the 0-based feature of the split rule x[Feature] ≤
	// Threshold, or −1 for a leaf.
	Feature   int     `json:"feature"`
	Threshold float64 `json:"threshold"`
	// Left and Right are the indices of the children (0 for a leaf).
	Left  int `json:"left"`
	Right int `json:"right"`
	// Samples is the number of distinct training samples in the node and
	// Weight their total weight.
	Samples int     `json:"samples"`
	Weight  float64 `json:"weight"`
	// Impurity is the node's Gini index, entropy or variance.
	Impurity float64 `json:"impurity"`
	// Value is the weighted fraction of each class (in the order of the
	// model's Classes), or the one-element weighted mean target.
	Value []float64 `json:"value"`
}

// Tree is the fitted structure of a decision tree, shared by the
// classification and the regression tree: its nodes, and what the nodes
// were split on.
type Tree struct {
	// Features is the number of features d.
	Features  int        `json:"features"`
	Criterion string     `json:"criterion"`
	Nodes     []TreeNode `json:"nodes"`
	// Importances are the impurity-based feature importances: for each
	// feature the total weighted impurity decrease w·i − w_L·i_L − w_R·i_R
	// of the splits on it, normalized to sum to 1 (all zero for a tree
	// that is a single leaf).
	Importances []float64 `json:"importances"`
}

// TreeClassifierModel is a fitted classification tree: a leaf's Value is
// the weighted fraction of each class, in the order of Classes.
type TreeClassifierModel struct {
	// Classes are the sorted labels.
	Classes []int `json:"classes,omitempty"`
	Tree
}

// TreeRegressorModel is a fitted regression tree: a leaf's Value is the
// one-element weighted mean target of its samples.
type TreeRegressorModel struct {
	Tree
}

// WeightedClassifierTrainer is a ClassifierTrainer that also accepts
// non-negative sample weights (AdaBoost's base learners need them): a
// weight multiplies the sample's contribution to every count and sum.
type WeightedClassifierTrainer interface {
	ClassifierTrainer
	FitWeighted(x *matrix.Dense, y []int, w []float64) (Classifier, error)
}

func (c DecisionTree) settings(op string, d int) (treeSettings, error) {
	s := treeSettings{maxDepth: c.MaxDepth, minSplit: c.MinSamplesSplit, minLeaf: c.MinSamplesLeaf, maxFeatures: c.MaxFeatures, progress: c.Progress}
	switch c.Criterion {
	case "", "gini":
		s.criterion = "gini"
	case "entropy":
		s.criterion = "entropy"
	default:
		return s, fmt.Errorf("%s: %w: criterion %q (want gini or entropy)", op, ErrInvalidParameter, c.Criterion)
	}
	if s.maxDepth < 0 {
		return s, fmt.Errorf("%s: %w: max depth %d (zero means no limit)", op, ErrInvalidParameter, s.maxDepth)
	}
	if s.maxDepth == 0 {
		s.maxDepth = math.MaxInt
	}
	if s.minSplit == 0 {
		s.minSplit = 2
	}
	if s.minSplit < 2 {
		return s, fmt.Errorf("%s: %w: min samples split %d, need at least 2", op, ErrInvalidParameter, s.minSplit)
	}
	if s.minLeaf == 0 {
		s.minLeaf = 1
	}
	if s.minLeaf < 1 {
		return s, fmt.Errorf("%s: %w: min samples leaf %d, need at least 1", op, ErrInvalidParameter, s.minLeaf)
	}
	if s.maxFeatures == 0 {
		s.maxFeatures = d
	}
	if s.maxFeatures < 1 || s.maxFeatures > d {
		return s, fmt.Errorf("%s: %w: max features %d for %d features", op, ErrInvalidParameter, c.MaxFeatures, d)
	}
	return s, nil
}

// Fit grows a classification tree on samples X (n×d) with labels y (any
// integers). Errors: empty or non-finite X, len(y) ≠ n, invalid settings.
// A training set of one class gives a single leaf.
func (c DecisionTree) Fit(x *matrix.Dense, y []int) (*TreeClassifierModel, error) {
	return c.fitWeighted(x, y, nil)
}

// fitWeighted grows a classification tree with sample weights w (nil means
// all 1). Weights must be finite and non-negative with a positive sum;
// samples of weight 0 are left out, as if absent.
func (c DecisionTree) fitWeighted(x *matrix.Dense, y []int, w []float64) (*TreeClassifierModel, error) {
	const op = "learn: decision tree"
	if x == nil {
		return nil, fmt.Errorf("%s: %w: nil data matrix", op, matrix.ErrEmpty)
	}
	d := x.Cols()
	x, keep := c.dropConstantColumns(x)
	data, err := newTreeDataClass(op, x, y, x.Cols())
	if err != nil {
		return nil, err
	}
	s, err := c.settings(op, d)
	if err != nil {
		return nil, err
	}
	s.maxFeatures = min(s.maxFeatures, data.d)
	if err := checkWeights(op, w, data.n); err != nil {
		return nil, err
	}
	t := growTree(data, s, w, c.rng())
	t.restoreColumns(keep, d)
	return data.classifier(t), nil
}

// rng returns the tree's feature-drawing source, seeded afresh for every
// fit.
func (c DecisionTree) rng() *rand.Rand { return rand.New(rand.NewPCG(c.Seed, 0x74726565)) }

// FitClassifier is Fit as a ClassifierTrainer.
func (c DecisionTree) FitClassifier(x *matrix.Dense, y []int) (Classifier, error) {
	return asClassifier(c.Fit(x, y))
}

// FitWeighted grows a classification tree with sample weights w (nil means
// all 1), making DecisionTree a WeightedClassifierTrainer; the Classifier
// is a *TreeClassifierModel. Weights must be finite and non-negative with
// a positive sum; samples of weight 0 are left out, as if absent.
func (c DecisionTree) FitWeighted(x *matrix.Dense, y []int, w []float64) (Classifier, error) {
	return asClassifier(c.fitWeighted(x, y, w))
}

// FitRegression grows a regression tree (squared error, leaves predict the
// mean target of their samples).
func (c DecisionTree) FitRegression(x *matrix.Dense, y []float64) (*TreeRegressorModel, error) {
	const op = "learn: regression tree"
	if x == nil {
		return nil, fmt.Errorf("%s: %w: nil data matrix", op, matrix.ErrEmpty)
	}
	d := x.Cols()
	x, keep := c.dropConstantColumns(x)
	data, err := newTreeDataReg(op, x, y, x.Cols())
	if err != nil {
		return nil, err
	}
	s, err := c.settings(op, d)
	if err != nil {
		return nil, err
	}
	s.criterion = "squared_error"
	s.maxFeatures = min(s.maxFeatures, data.d)
	t := growTree(data, s, nil, c.rng())
	t.restoreColumns(keep, d)
	return &TreeRegressorModel{*t}, nil
}

// FitRegressor is FitRegression as a RegressorTrainer.
func (c DecisionTree) FitRegressor(x *matrix.Dense, y []float64) (Regressor, error) {
	return asRegressor(c.FitRegression(x, y))
}

func checkWeights(op string, w []float64, n int) error {
	if w == nil {
		return nil
	}
	if len(w) != n {
		return fmt.Errorf("%s: %w: %d weights for %d samples", op, matrix.ErrShape, len(w), n)
	}
	sum := 0.0
	for i, v := range w {
		if !(v >= 0) || math.IsInf(v, 0) {
			return fmt.Errorf("%s: %w: weight %g of sample %d (need finite and ≥ 0)", op, ErrInvalidParameter, v, i)
		}
		sum += v
	}
	if !(sum > 0) {
		return fmt.Errorf("%s: %w: the weights sum to 0", op, ErrInvalidParameter)
	}
	return nil
}

// treeSettings are DecisionTree's settings with defaults applied.
type treeSettings struct {
	criterion            string
	maxDepth, minSplit   int
	minLeaf, maxFeatures int
	progress             func(done, total int) // DecisionTree.Progress
	// directGini makes the Gini scans sum the squared class weights at
	// every candidate, never keeping running sums (tree_gini.go): the
	// tests' reference for the faster scans.
	directGini bool
}

// treeData is the training set as the tree builder reads it: columns
// contiguous, each feature's sample order sorted once, labels as class
// indices. It is read-only while trees grow, so a forest shares one.
type treeData struct {
	n, d   int
	cols   [][]float64 // cols[j][i] = X[i, j]
	sorted [][]int32   // sorted[j]: 0…n−1 ordered by X[·, j] (ties by index)
	rank   [][]uint32  // rank[j][i]: the rank of X[i, j] among the column's distinct values (sort mode, when cols8 is nil)
	// The ranks as bytes when every column has at most 256 distinct
	// values, else nil (tree_ranks8.go): by columns, cols8[j·n + i], and by
	// rows, rows8[i·d + j].
	cols8, rows8 []uint8
	// binValues[j][r] is the value of rank r of column j, for the columns
	// a histogram scan may take (histValues; nil for the others).
	binValues [][]float64
	classes   []int     // sorted labels (classification)
	yc        []int32   // class index of each sample (classification)
	yr        []float64 // targets (regression)
}

// newTreeData reads X column by column and sorts the first sortCols
// columns' sample orders (all d for the presorted lists; only the first,
// the root's order, for a tree in sort mode).
func newTreeData(op string, x *matrix.Dense, ny int, sortCols int) (*treeData, error) {
	if err := checkData(op, x, 1); err != nil {
		return nil, err
	}
	n, d := x.Dims()
	if ny != n {
		return nil, fmt.Errorf("%s: %w: %d labels for %d samples", op, matrix.ErrShape, ny, n)
	}
	if n > math.MaxInt32 {
		return nil, fmt.Errorf("%s: %w: %d samples", op, ErrInvalidParameter, n)
	}
	t := &treeData{n: n, d: d, cols: columnsOf(x), sorted: make([][]int32, d)}
	sortMode := sortCols < d
	if sortMode {
		t.rank = make([][]uint32, d)
		t.binValues = make([][]float64, d)
	}
	t.cols8 = make([]uint8, n*d)
	wide := make([]bool, d) // wide[j]: column j has more than 256 distinct values
	parallelRows(d, func(j int) { wide[j] = t.prepareColumn(j, sortMode, j < sortCols) })
	if slices.Contains(wide, true) {
		t.cols8 = nil
	} else {
		t.rows8 = transposeRanks(t.cols8, n, d)
		t.rank = nil // the bytes say the same
	}
	return t, nil
}

// prepareColumn ranks column j (in sort mode: rank[j], binValues[j]),
// writes its ranks as bytes into cols8 unless it has more than 256
// distinct values (wide, returned), and, if presort, lists its samples in
// sorted order (sorted[j]).
func (t *treeData) prepareColumn(j int, sortMode, presort bool) (wide bool) {
	col := t.cols[j]
	rank, levels := fewRanks(col) // nil for more than fewRanksMax distinct values
	if sortMode && rank == nil {
		rank = denseRanks(col)
		levels = int(slices.Max(rank)) + 1
	}
	if sortMode {
		t.rank[j] = rank
		t.binValues[j] = histValues(col, rank)
	}
	wide = rank == nil || levels > 256
	if !wide {
		col8 := t.cols8[j*t.n : (j+1)*t.n]
		for i, r := range rank {
			col8[i] = uint8(r)
		}
	}
	switch {
	case !presort:
	case rank != nil:
		t.sorted[j] = countingOrder(rank, levels)
	default:
		t.sorted[j] = sortedOrder(col)
	}
	return wide
}

// columnsOf returns the columns of x (n×d), copied into one backing array
// a block of rows at a time: reading one column at a time would touch a
// different cache line for every element.
func columnsOf(x *matrix.Dense) [][]float64 {
	n, d := x.Dims()
	data, stride := x.Raw()
	back := make([]float64, n*d)
	cols := make([][]float64, d)
	for j := range cols {
		cols[j] = back[j*n : j*n+n : j*n+n]
	}
	const block = 32 // rows per block: 32 rows of 784 features are 200 KB
	for lo := 0; lo < n; lo += block {
		hi := min(n, lo+block)
		for j, col := range cols {
			for i := lo; i < hi; i++ {
				col[i] = data[i*stride+j]
			}
		}
	}
	return cols
}

// sortedOrder returns 0…n−1 ordered by (col[i], i), −0 and +0 being one
// value.
func sortedOrder(col []float64) []int32 {
	// Sort (value, index) pairs: the index breaks ties, so the order is
	// the stable one without a stable sort's cost.
	type pair struct {
		v float64
		i int32
	}
	ps := make([]pair, len(col))
	for i, v := range col {
		ps[i] = pair{v, int32(i)}
	}
	slices.SortFunc(ps, func(a, b pair) int {
		switch {
		case a.v < b.v:
			return -1
		case a.v > b.v:
			return 1
		}
		return int(a.i - b.i)
	})
	idx := make([]int32, len(col))
	for k, p := range ps {
		idx[k] = p.i
	}
	return idx
}

// row returns the features of sample i (a new slice).
func (t *treeData) row(i int) []float64 {
	r := make([]float64, t.d)
	for j := range r {
		r[j] = t.cols[j][i]
	}
	return r
}

func newTreeDataClass(op string, x *matrix.Dense, y []int, sortCols int) (*treeData, error) {
	t, err := newTreeData(op, x, len(y), sortCols)
	if err != nil {
		return nil, err
	}
	t.classes = sortedLabels(y)
	t.yc = make([]int32, len(y))
	for i, v := range y {
		c, _ := slices.BinarySearch(t.classes, v)
		t.yc[i] = int32(c)
	}
	return t, nil
}

func newTreeDataReg(op string, x *matrix.Dense, y []float64, sortCols int) (*treeData, error) {
	t, err := newTreeData(op, x, len(y), sortCols)
	if err != nil {
		return nil, err
	}
	if err := matrix.VecFinite(y); err != nil {
		return nil, fmt.Errorf("%s: targets: %w", op, err)
	}
	t.yr = slices.Clone(y)
	return t, nil
}

// treeBuilder holds the working state of one tree's growth.
type treeBuilder struct {
	data *treeData
	s    treeSettings
	w    []float64 // sample weights (all 1 when the caller gave none)
	idx  [][]int32 // idx[j][start:end]: the node's samples sorted by feature j (nil in sort mode)
	// Sort mode (a random subset of the features at every split, as in a
	// forest): instead of d sorted lists, one list of the node's samples,
	// ordered by the parent's split feature, and the few features drawn at
	// a node sorted there (tree_sortmode.go).
	sortMode bool
	node     []int32 // node[start:end]: the node's samples (sort mode)
	sorter   *nodeSorter
	// histOK: sort mode on classes with integer weights, where a feature
	// with few distinct values on the node is scanned by a histogram of
	// its ranks (tree_histscan.go) instead of sorted.
	histOK bool
	// exact: Gini with integer weights, whose scans keep running sums of
	// squared class weights (tree_gini.go).
	exact bool
	hist  treeHist
	left  []uint8 // per sample: 1 if it goes left at the split being applied
	buf   []int32
	rng   *rand.Rand
	feats []int
	// constant[j]: feature j is constant on the node being grown (found so
	// at it or an ancestor); constants lists them as a stack
	// (tree_constmemo.go).
	constant  []bool
	constants []int
	nodes     []TreeNode
	imp       []float64
	settled   int  // samples in the leaves made so far (for s.progress)
	m         int  // samples of positive weight, the tree's total
	k         int  // classes (0 for regression)
	entropy   bool // the criterion is the entropy
	// per-scan statistics
	total, lsum, rsum []float64
}

// growTree builds a tree on data with settings s and weights w (nil: 1).
func growTree(data *treeData, s treeSettings, w []float64, rng *rand.Rand) *Tree {
	return growTreeMode(data, s, w, rng, useSortMode(s.maxFeatures, data.d))
}

// growTreeMode is growTree with the builder's mode chosen by the caller
// (tree_sortmode.go): both modes grow the same tree.
func growTreeMode(data *treeData, s treeSettings, w []float64, rng *rand.Rand, sortMode bool) *Tree {
	b := &treeBuilder{data: data, s: s, rng: rng, k: len(data.classes), left: make([]uint8, data.n), entropy: s.criterion == "entropy"}
	if w == nil {
		w = make([]float64, data.n)
		for i := range w {
			w[i] = 1
		}
	}
	b.w = w
	b.exact = b.k > 0 && !b.entropy && !s.directGini && exactGini(w)
	m := 0
	for _, v := range w {
		if v > 0 {
			m++
		}
	}
	b.sortMode = sortMode
	if b.sortMode {
		b.node = keepWeighted(data.sorted[0], w, m)
		b.sorter = newNodeSorter(m)
		b.histOK = b.k > 0 && integerWeights(w)
	} else {
		b.idx = make([][]int32, data.d)
		for j := range data.d {
			b.idx[j] = keepWeighted(data.sorted[j], w, m)
		}
	}
	b.buf = make([]int32, m)
	b.feats = make([]int, data.d)
	for j := range b.feats {
		b.feats[j] = j
	}
	nv := max(b.k, 1)
	b.total, b.lsum, b.rsum = make([]float64, nv), make([]float64, nv), make([]float64, nv)
	b.imp = make([]float64, data.d)
	b.constant = make([]bool, data.d)
	b.m = m
	b.grow(0, m, 0, 0)
	model := &Tree{Features: data.d, Criterion: s.criterion, Nodes: b.nodes, Importances: b.imp}
	sum := 0.0
	for _, v := range b.imp {
		sum += v
	}
	if sum > 0 {
		for j := range b.imp {
			b.imp[j] /= sum
		}
	}
	return model
}

// nodeStats fills b.total with the weighted class counts (or the weighted
// target sum in b.total[0]) of the samples in list and returns their
// weight, impurity and value.
func (b *treeBuilder) nodeStats(list []int32) (weight, impurity float64, value []float64) {
	clear(b.total)
	sq := 0.0
	for _, i := range list {
		wi := b.w[i]
		weight += wi
		if b.k > 0 {
			b.total[b.data.yc[i]] += wi
		} else {
			y := b.data.yr[i]
			b.total[0] += wi * y
			sq += wi * y * y
		}
	}
	if b.k > 0 {
		impurity = b.classImpurity(b.total, weight)
		value = make([]float64, b.k)
		for c, v := range b.total {
			value[c] = v / weight
		}
		return weight, impurity, value
	}
	mean := b.total[0] / weight
	return weight, sq/weight - mean*mean, []float64{mean}
}

// classImpurity is the Gini index or the entropy (base 2) of weighted
// class counts cnt summing to w, written as scikit-learn evaluates them.
func (b *treeBuilder) classImpurity(cnt []float64, w float64) float64 {
	if b.entropy {
		e := 0.0
		for _, c := range cnt {
			if c > 0 {
				p := c / w
				e -= p * math.Log(p) / math.Ln2
			}
		}
		return e
	}
	sq := 0.0
	for _, c := range cnt {
		sq += c * c
	}
	return 1 - sq/(w*w)
}

// grow makes the node of the samples idx[·][start:end] at the given depth
// and, unless it is a leaf, its two subtrees; it returns the node's index.
// key is a feature whose list is ordered for this node (the parent's split
// feature): the node's statistics are summed in that order.
func (b *treeBuilder) grow(start, end, depth, key int) int {
	id := len(b.nodes)
	weight, impurity, value := b.nodeStats(b.list(key, start, end))
	b.nodes = append(b.nodes, TreeNode{Feature: -1, Samples: end - start, Weight: weight, Impurity: impurity, Value: value})
	if b.isLeaf(end-start, depth, impurity) {
		b.leafMade(end - start)
		return id
	}
	mark := len(b.constants)
	f, pos, thr, ok := b.bestSplit(start, end, weight)
	defer b.forgetConstants(mark) // the features found constant here, once the subtree is grown
	if !ok {
		b.leafMade(end - start)
		return id
	}
	// The children's statistics, in the order of feature f (whose list is
	// already split): when both children are leaves the other features'
	// lists need not be partitioned at all.
	lw, li, lv := b.nodeStats(b.list(f, start, pos))
	rw, ri, rv := b.nodeStats(b.list(f, pos, end))
	leftLeaf, rightLeaf := b.isLeaf(pos-start, depth+1, li), b.isLeaf(end-pos, depth+1, ri)
	if !b.sortMode && (!leftLeaf || !rightLeaf) {
		b.partition(f, thr, start, end, pos)
	}
	child := func(lo, hi int, leaf bool, w, imp float64, v []float64) int {
		if leaf {
			b.nodes = append(b.nodes, TreeNode{Feature: -1, Samples: hi - lo, Weight: w, Impurity: imp, Value: v})
			b.leafMade(hi - lo)
			return len(b.nodes) - 1
		}
		return b.grow(lo, hi, depth+1, f)
	}
	l := child(start, pos, leftLeaf, lw, li, lv)
	r := child(pos, end, rightLeaf, rw, ri, rv)
	n := &b.nodes[id]
	n.Feature, n.Threshold, n.Left, n.Right = f, thr, l, r
	ln, rn := b.nodes[l], b.nodes[r]
	b.imp[f] += weight*impurity - ln.Weight*ln.Impurity - rn.Weight*rn.Impurity
	return id
}

// leafMade counts the samples of a new leaf and reports the progress.
func (b *treeBuilder) leafMade(samples int) {
	b.settled += samples
	if b.s.progress != nil {
		b.s.progress(b.settled, b.m)
	}
}

// isLeaf applies the stopping rules to a node of n samples.
func (b *treeBuilder) isLeaf(n, depth int, impurity float64) bool {
	return depth >= b.s.maxDepth || n < b.s.minSplit || n < 2*b.s.minLeaf || impurity <= eps
}

// bestSplit scans the features (all in order, or a random draw of
// maxFeatures non-constant ones) and returns the best split: feature,
// the position in the sorted order where the right child starts, and the
// threshold.
func (b *treeBuilder) bestSplit(start, end int, weight float64) (feat, pos int, thr float64, ok bool) {
	d := b.data.d
	best := math.Inf(-1)
	random := b.s.maxFeatures < d
	tried := 0
	fromHist, histRank := false, uint32(0) // the best split was found by scanHist, its left child ending at rank histRank
	for v := 0; v < d && tried < b.s.maxFeatures; v++ {
		j := v
		if random { // Fisher–Yates, one draw at a time
			r := v + b.rng.IntN(d-v)
			b.feats[v], b.feats[r] = b.feats[r], b.feats[v]
			j = b.feats[v]
		}
		if b.constant[j] {
			continue // known to be constant on this node
		}
		col := b.data.cols[j]
		if b.histOK && b.data.binValues[j] != nil && len(b.data.binValues[j])*b.k <= 4*(end-start) {
			p, proxy, vlo, vhi, r, constant := b.scanHist(j, b.node[start:end], weight)
			if constant {
				b.markConstant(j)
				continue
			}
			tried++
			if p > 0 && proxy > best {
				best, feat, pos, fromHist, histRank = proxy, j, start+p, true, r
				thr = splitThreshold(vlo, vhi)
				ok = true
			}
			continue
		}
		if b.sortMode {
			keys := b.sorter.sortKeys(b.data, j, b.node[start:end], start, end)
			if keyRank(keys[len(keys)-1]) == keyRank(keys[0]) {
				b.markConstant(j)
				continue
			}
			tried++
			var p int
			var proxy float64
			if b.exact {
				p, proxy = b.scanGiniKeys(keys, weight)
			} else {
				p, proxy = b.scan(col, b.sorter.indices(keys), weight)
			}
			if p > 0 && proxy > best {
				b.sorter.keep(keys) // the order of the best feature so far
				best, feat, pos, fromHist = proxy, j, start+p, false
				ok = true
			}
			continue
		}
		idx := b.idx[j][start:end]
		if col[idx[len(idx)-1]] <= col[idx[0]] {
			b.markConstant(j)
			continue
		}
		tried++
		var p int
		var proxy float64
		if b.exact {
			p, proxy = b.scanGini(j, idx, weight)
		} else {
			p, proxy = b.scan(col, idx, weight)
		}
		if p > 0 && proxy > best {
			best, feat, pos, fromHist = proxy, j, start+p, false
			thr = splitThreshold(col[idx[p-1]], col[idx[p]])
			ok = true
		}
	}
	switch {
	case ok && fromHist:
		b.partitionByRank(feat, b.node[start:end], histRank) // the children are contiguous
	case ok && b.sortMode:
		b.sorter.keptOrder(b.node[start:end]) // the children are contiguous in feat's order
		col, p := b.data.cols[feat], pos-start
		thr = splitThreshold(col[b.node[start+p-1]], col[b.node[start+p]])
	}
	return feat, pos, thr, ok
}

// splitThreshold is the threshold between two consecutive distinct values
// lo < hi of the sorted order: their midpoint, or lo where the midpoint
// rounds to hi or overflows.
func splitThreshold(lo, hi float64) float64 {
	thr := lo/2 + hi/2
	if thr == hi || math.IsInf(thr, 0) {
		thr = lo
	}
	return thr
}

// scan walks the node's samples in the order of one feature and returns
// the best position p (the right child starts at idx[p]; 0 if none is
// valid) and its proxy of the impurity decrease.
func (b *treeBuilder) scan(col []float64, idx []int32, weight float64) (bestP int, best float64) {
	best = math.Inf(-1)
	minLeaf := b.s.minLeaf
	m := len(idx)
	clear(b.lsum)
	wl := 0.0
	classify := b.k > 0
	rsum := b.rsum
	for p := 1; p < m; p++ {
		i := idx[p-1]
		wi := b.w[i]
		wl += wi
		if classify {
			b.lsum[b.data.yc[i]] += wi
		} else {
			b.lsum[0] += wi * b.data.yr[i]
		}
		if col[idx[p]] <= col[i] || p < minLeaf || m-p < minLeaf {
			continue
		}
		wr := weight - wl
		var proxy float64
		switch {
		case !classify:
			sl := b.lsum[0]
			sr := b.total[0] - sl
			proxy = sl*sl/wl + sr*sr/wr
		case b.entropy:
			for c := range rsum {
				rsum[c] = b.total[c] - b.lsum[c]
			}
			proxy = -wr*b.classImpurity(rsum, wr) - wl*b.classImpurity(b.lsum, wl)
		default: // Gini, as scikit-learn evaluates it
			sqL, sqR := 0.0, 0.0
			for c, l := range b.lsum {
				r := b.total[c] - l
				sqL += l * l
				sqR += r * r
			}
			proxy = giniProxy(wl, wr, sqL, sqR)
		}
		if proxy > best {
			best, bestP = proxy, p
		}
	}
	return bestP, best
}

// partition splits every feature's sorted list of the node stably into
// the samples with x[f] ≤ thr followed by the others; pos is where the
// right part starts. The loop has no data-dependent branch (a left/right
// test mispredicts half the time): each sample is written both at the
// left cursor, in place (which never passes the read position), and at the
// right cursor of a scratch buffer, and only the cursor of its side moves.
func (b *treeBuilder) partition(f int, thr float64, start, end, pos int) {
	col := b.data.cols[f]
	for _, i := range b.idx[f][start:end] {
		b.left[i] = 0
		if col[i] <= thr {
			b.left[i] = 1
		}
	}
	nl := pos - start
	for j := range b.data.d {
		if j == f || b.constant[j] {
			continue // already ordered by x[f] (its left part comes first), or never read again
		}
		l := b.idx[j][start:end]
		right := b.buf[:len(l)]
		li, ri := 0, 0
		for _, i := range l {
			g := int(b.left[i])
			l[li] = i
			right[ri] = i
			li += g
			ri += 1 - g
		}
		copy(l[nl:], right[:ri])
	}
}

// classifier wraps a tree grown on classification data as a model with
// the data's classes.
func (data *treeData) classifier(t *Tree) *TreeClassifierModel {
	return &TreeClassifierModel{Classes: slices.Clone(data.classes), Tree: *t}
}

// leaf returns the index of the leaf that row x reaches.
func (m *Tree) leaf(x []float64) int {
	k := 0
	for m.Nodes[k].Feature >= 0 {
		n := &m.Nodes[k]
		if x[n.Feature] <= n.Threshold {
			k = n.Left
		} else {
			k = n.Right
		}
	}
	return k
}

// Apply returns the index (into Nodes) of the leaf each row reaches.
func (m *Tree) Apply(x *matrix.Dense) ([]int, error) {
	if err := checkQuery("learn: decision tree", x, m.Features); err != nil {
		return nil, err
	}
	out := make([]int, x.Rows())
	for i := range out {
		out[i] = m.leaf(x.Row(i))
	}
	return out, nil
}

// Labels returns the sorted class labels.
func (m *TreeClassifierModel) Labels() []int { return m.Classes }

// Predict returns the label of the leaf each row reaches: its class of
// largest weight, the smallest label on a tie.
func (m *TreeClassifierModel) Predict(x *matrix.Dense) ([]int, error) {
	leaves, err := m.Apply(x)
	if err != nil {
		return nil, err
	}
	out := make([]int, len(leaves))
	for i, l := range leaves {
		out[i] = m.Classes[argmax(m.Nodes[l].Value)]
	}
	return out, nil
}

// PredictProba returns the class proportions of the leaf each row reaches.
func (m *TreeClassifierModel) PredictProba(x *matrix.Dense) (*matrix.Dense, error) {
	leaves, err := m.Apply(x)
	if err != nil {
		return nil, err
	}
	p := matrix.New(len(leaves), len(m.Classes))
	for i, l := range leaves {
		copy(p.Row(i), m.Nodes[l].Value)
	}
	return p, nil
}

// Predict returns the value of the leaf each row reaches: the mean target
// of its training samples.
func (m *TreeRegressorModel) Predict(x *matrix.Dense) ([]float64, error) {
	leaves, err := m.Apply(x)
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(leaves))
	for i, l := range leaves {
		out[i] = m.Nodes[l].Value[0]
	}
	return out, nil
}

// Depth returns the depth of the deepest leaf (a single leaf has depth 0).
func (m *Tree) Depth() int {
	var walk func(k, d int) int
	walk = func(k, d int) int {
		n := m.Nodes[k]
		if n.Feature < 0 {
			return d
		}
		return max(walk(n.Left, d+1), walk(n.Right, d+1))
	}
	return walk(0, 0)
}

// Leaves returns the number of leaves.
func (m *Tree) Leaves() int {
	c := 0
	for _, n := range m.Nodes {
		if n.Feature < 0 {
			c++
		}
	}
	return c
}
