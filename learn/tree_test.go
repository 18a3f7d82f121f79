package learn

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"mlnotes/matrix"
)

var (
	_ ProbabilisticClassifier   = (*TreeClassifierModel)(nil)
	_ WeightedClassifierTrainer = DecisionTree{}
	_ RegressorTrainer          = DecisionTree{}
)

// TestTreeHand: a tree small enough to grow by hand. Points 1…6 on a line
// with labels 0 0 1 1 1 0. The root (Gini ½) tries the five midpoints;
// the decrease is largest at 2.5 ({0,0} | {1,1,1,0}: children Gini 0 and
// 3/8, weighted 4·3/8 = 1.5, against 5·… for the others), then the right
// child splits at 5.5 ({1,1,1} | {0}).
func TestTreeHand(t *testing.T) {
	x := col(1, 2, 3, 4, 5, 6)
	y := []int{0, 0, 1, 1, 1, 0}
	m, err := DecisionTree{}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	want := "" +
		"|--- feature_0 <= 2.5\n" +
		"|   |--- class: 0 (samples 2)\n" +
		"|--- feature_0 >  2.5\n" +
		"|   |--- feature_0 <= 5.5\n" +
		"|   |   |--- class: 1 (samples 3)\n" +
		"|   |--- feature_0 >  5.5\n" +
		"|   |   |--- class: 0 (samples 1)\n"
	if got := m.Text(nil); got != want {
		t.Errorf("tree:\n%s\nwant:\n%s", got, want)
	}
	if m.Nodes[0].Impurity != 0.5 || m.Nodes[2].Impurity != 0.375 || m.Depth() != 2 || m.Leaves() != 3 {
		t.Errorf("root Gini %v, node 2 Gini %v, depth %d, leaves %d", m.Nodes[0].Impurity, m.Nodes[2].Impurity, m.Depth(), m.Leaves())
	}
	// Importances: one feature does all the work.
	if m.Importances[0] != 1 {
		t.Errorf("importances %v", m.Importances)
	}
	// Depth 1: one split, leaves predict the majority (1 on the right, 3 to 1).
	m1, _ := DecisionTree{MaxDepth: 1}.Fit(x, y)
	if p, _ := m1.Predict(col(0, 6)); !slices.Equal(p, []int{0, 1}) || len(m1.Nodes) != 3 {
		t.Errorf("depth 1: %d nodes, predictions %v", len(m1.Nodes), p)
	}
	// Regression: the split minimizing the squared error of 1,1,1,5,5,9
	// is at 3.5; then 5.5.
	r, _ := DecisionTree{}.FitRegression(x, []float64{1, 1, 1, 5, 5, 9})
	if r.Nodes[0].Threshold != 3.5 || r.Nodes[2].Threshold != 5.5 {
		t.Errorf("regression thresholds %v, %v", r.Nodes[0].Threshold, r.Nodes[2].Threshold)
	}
	if v, _ := r.Predict(col(0, 4.5, 7)); !slices.Equal(v, []float64{1, 5, 9}) {
		t.Errorf("regression predictions %v", v)
	}
}

// TestTreeConstantFeatures: constant columns are never split on; with
// every feature constant, or one class, the tree is one leaf.
func TestTreeConstantFeatures(t *testing.T) {
	rows := [][]float64{{3, 0, 7}, {3, 1, 7}, {3, 2, 7}, {3, 3, 7}}
	x := mustRows(t, rows)
	m, err := DecisionTree{}.Fit(x, []int{5, 5, 8, 8})
	if err != nil {
		t.Fatal(err)
	}
	if m.Nodes[0].Feature != 1 || m.Nodes[0].Threshold != 1.5 || len(m.Nodes) != 3 || m.Importances[0] != 0 || m.Importances[2] != 0 {
		t.Errorf("root x%d ≤ %v, %d nodes, importances %v", m.Nodes[0].Feature, m.Nodes[0].Threshold, len(m.Nodes), m.Importances)
	}
	same := mustRows(t, [][]float64{{1, 2}, {1, 2}, {1, 2}})
	m, err = DecisionTree{}.Fit(same, []int{4, 9, 9})
	if err != nil || len(m.Nodes) != 1 {
		t.Fatalf("constant data: %v, %d nodes", err, len(m.Nodes))
	}
	if p, _ := m.Predict(same); p[0] != 9 || slices.Max(m.Importances) != 0 {
		t.Errorf("constant data predicts %v, importances %v", p, m.Importances)
	}
	m, _ = DecisionTree{}.Fit(x, []int{2, 2, 2, 2})
	if len(m.Nodes) != 1 {
		t.Errorf("one class: %d nodes", len(m.Nodes))
	}
}

// TestTreeWeights: integer weights grow the tree of the repeated rows, and
// zero weights the tree without those rows.
func TestTreeWeights(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	n := 60
	x := matrix.New(n, 3)
	y := make([]int, n)
	w := make([]float64, n)
	var rep [][]float64
	var repY, keep []int
	for i := range n {
		for j := range 3 {
			x.Set(i, j, math.Round(rng.NormFloat64()*1000)/1000)
		}
		y[i] = rng.IntN(3)
		w[i] = float64(rng.IntN(3))
		for range int(w[i]) {
			rep = append(rep, x.Row(i))
			repY = append(repY, y[i])
		}
		if w[i] > 0 {
			keep = append(keep, i)
		}
	}
	for _, crit := range []string{"gini", "entropy"} {
		c := DecisionTree{Criterion: crit, MaxDepth: 4}
		mw, err := c.fitWeighted(x, y, w)
		if err != nil {
			t.Fatal(err)
		}
		mr, _ := c.Fit(mustRows(t, rep), repY)
		pw, _ := mw.Predict(x)
		pr, _ := mr.Predict(x)
		if !slices.Equal(pw, pr) || mw.Nodes[0].Threshold != mr.Nodes[0].Threshold || mw.Nodes[0].Weight != mr.Nodes[0].Weight {
			t.Errorf("%s: weighted tree differs from the tree of repeated rows", crit)
		}
		// Samples counts distinct rows: those of weight > 0.
		if mw.Nodes[0].Samples != len(keep) {
			t.Errorf("%s: root holds %d samples, want %d", crit, mw.Nodes[0].Samples, len(keep))
		}
	}
	for _, bad := range [][]float64{{1}, slices.Repeat([]float64{0}, n), append(slices.Repeat([]float64{1}, n-1), -1), append(slices.Repeat([]float64{1}, n-1), math.NaN())} {
		if _, err := (DecisionTree{}).FitWeighted(x, y, bad); err == nil {
			t.Errorf("weights %v accepted", bad[len(bad)-1])
		}
	}
}

// TestTreeStopping: depth, min-split and min-leaf limits hold in every
// node, and without limits the tree fits distinct points exactly.
func TestTreeStopping(t *testing.T) {
	x, y := loadLabelled(t, "wine.csv")
	for _, c := range []DecisionTree{{MaxDepth: 3}, {MinSamplesLeaf: 7}, {MinSamplesSplit: 30, Criterion: "entropy"}, {}} {
		m, err := c.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		if c.MaxDepth > 0 && m.Depth() > c.MaxDepth {
			t.Errorf("%+v: depth %d", c, m.Depth())
		}
		for _, nd := range m.Nodes {
			if nd.Feature < 0 && nd.Samples < max(1, c.MinSamplesLeaf) {
				t.Errorf("%+v: leaf of %d samples", c, nd.Samples)
			}
			if nd.Feature >= 0 && nd.Samples < max(2, c.MinSamplesSplit) {
				t.Errorf("%+v: split node of %d samples", c, nd.Samples)
			}
		}
		if c.MaxDepth == 0 && c.MinSamplesLeaf == 0 && c.MinSamplesSplit == 0 && c.Criterion == "" { // the zero value
			if p, _ := m.Predict(x); !slices.Equal(p, y) {
				t.Errorf("a fully grown tree does not fit the training set")
			}
		}
	}
	for _, c := range []DecisionTree{{MaxDepth: -1}, {MinSamplesSplit: 1}, {MinSamplesLeaf: -2}, {Criterion: "gain"}, {MaxFeatures: 14}} {
		if _, err := c.Fit(x, y); !errors.Is(err, ErrInvalidParameter) {
			t.Errorf("%+v: %v", c, err)
		}
	}
}

// TestTreeSplitIsBest: the root split of random data decreases the Gini
// index at least as much as every (feature, midpoint) pair tried naively.
func TestTreeSplitIsBest(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 1))
	n, d := 80, 4
	x := matrix.New(n, d)
	y := make([]int, n)
	for i := range n {
		for j := range d {
			x.Set(i, j, rng.Float64())
		}
		y[i] = rng.IntN(3)
	}
	m, _ := DecisionTree{MaxDepth: 1}.Fit(x, y)
	gini := func(idx []int) float64 {
		cnt := map[int]float64{}
		for _, i := range idx {
			cnt[y[i]]++
		}
		s := 0.0
		for _, c := range cnt {
			p := c / float64(len(idx))
			s += p * p
		}
		return float64(len(idx)) * (1 - s)
	}
	cost := func(j int, thr float64) float64 {
		var l, r []int
		for i := range n {
			if x.At(i, j) <= thr {
				l = append(l, i)
			} else {
				r = append(r, i)
			}
		}
		return gini(l) + gini(r)
	}
	got := cost(m.Nodes[0].Feature, m.Nodes[0].Threshold)
	for j := range d {
		v := x.Col(j)
		slices.Sort(v)
		for k := 1; k < n; k++ {
			if c := cost(j, (v[k-1]+v[k])/2); c < got-1e-12 {
				t.Fatalf("x%d ≤ %v costs %v < the tree's %v", j, (v[k-1]+v[k])/2, c, got)
			}
		}
	}
}

// TestTreePersistence: a loaded tree predicts bit for bit as the saved one;
// corrupt files are ErrFormat.
func TestTreePersistence(t *testing.T) {
	x, y := loadLabelled(t, "iris.csv")
	m, _ := DecisionTree{MaxDepth: 4}.Fit(x, y)
	var buf bytes.Buffer
	if err := m.Save(&buf); err != nil {
		t.Fatal(err)
	}
	saved := buf.String()
	l, err := LoadTreeClassifier(strings.NewReader(saved))
	if err != nil {
		t.Fatal(err)
	}
	p1, _ := m.PredictProba(x)
	p2, _ := l.PredictProba(x)
	if !matrix.EqualApprox(p1, p2, 0) || l.Text(nil) != m.Text(nil) {
		t.Error("the loaded tree differs")
	}
	for _, bad := range []struct{ from, to string }{
		{`"left": 1`, `"left": 0`},
		{`"feature": 3`, `"feature": 4`},
		{`"features": 4`, `"features": 0`},
		{`"mlnotes/tree"`, `"mlnotes/forest"`},
		{`"classes": [`, `"classes": [3,`},
	} {
		s := strings.Replace(saved, bad.from, bad.to, 1)
		if s == saved {
			t.Fatalf("%q not in the saved tree", bad.from)
		}
		if _, err := LoadTreeClassifier(strings.NewReader(s)); !errors.Is(err, ErrFormat) {
			t.Errorf("%s → %s: %v", bad.from, bad.to, err)
		}
	}
}

// TestTreeProgress: Progress counts the samples that reach a leaf, up to
// all of them (those of positive weight), and leaves the tree as it is.
func TestTreeProgress(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	x := matrix.New(300, 3)
	y := make([]int, 300)
	target := make([]float64, 300)
	w := make([]float64, 300)
	for i := range 300 {
		for j := range 3 {
			x.Set(i, j, rng.NormFloat64())
		}
		if x.At(i, 0)*x.At(i, 1) > 0 {
			y[i] = 1
		}
		target[i] = x.At(i, 2) + rng.NormFloat64()
		w[i] = float64(i % 3) // a third of the samples have weight 0
	}
	check := func(name string, fit func(c DecisionTree) (*Tree, error), total int) {
		t.Helper()
		var calls []int
		c := DecisionTree{MaxDepth: 6, Progress: func(done, n int) {
			if n != total || done > n || len(calls) > 0 && done <= calls[len(calls)-1] {
				t.Errorf("%s: progress %d/%d after %v", name, done, n, calls)
			}
			calls = append(calls, done)
		}}
		got, err := fit(c)
		if err != nil {
			t.Fatal(err)
		}
		c.Progress = nil
		want, _ := fit(c)
		if len(calls) == 0 || calls[len(calls)-1] != total || len(calls) != want.Leaves() {
			t.Errorf("%s: %d calls ending at %v for %d leaves of %d samples", name, len(calls), calls[len(calls)-1:], want.Leaves(), total)
		}
		if !slices.EqualFunc(got.Nodes, want.Nodes, func(a, b TreeNode) bool {
			return a.Feature == b.Feature && a.Threshold == b.Threshold && a.Samples == b.Samples
		}) {
			t.Errorf("%s: Progress changed the tree", name)
		}
	}
	check("classifier", func(c DecisionTree) (*Tree, error) {
		m, err := c.Fit(x, y)
		return &m.Tree, err
	}, 300)
	check("weighted", func(c DecisionTree) (*Tree, error) {
		m, err := c.fitWeighted(x, y, w)
		return &m.Tree, err
	}, 200)
	check("regressor", func(c DecisionTree) (*Tree, error) {
		m, err := c.FitRegression(x, target)
		return &m.Tree, err
	}, 300)
}
