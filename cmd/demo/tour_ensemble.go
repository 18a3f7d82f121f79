package main

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"mlnotes/cmd/demo/internal/plot"
	"mlnotes/learn"
	"mlnotes/matrix"
)

func init() {
	registerSection(section{order: 230, name: "tree", title: "A decision tree of depth 3, printed, and its regions",
		notes: `004, "Random Forest", "Decision Trees"`, run: tourTree})
	registerSection(section{order: 240, name: "forest", title: "Random forest: the out-of-bag error as trees are added",
		notes: `004, "Random Forest", "Bagging Estimate"`, run: tourForest})
	registerSection(section{order: 250, name: "adaboost", title: "AdaBoost round by round, and the half-weight property",
		notes: `004, "AdaBoost", "AdaBoost Algorithm"`, run: tourAdaBoost})
}

// regionsFigure draws a classifier's regions on the moons with the points.
func regionsFigure(m learn.Classifier, x *matrix.Dense, y []int, title string) (*plot.Figure, error) {
	f := &plot.Figure{Title: title, XLabel: "x₁", YLabel: "x₂", XRange: plot.Range{Min: -1.5, Max: 2.5}, YRange: plot.Range{Min: -1, Max: 1.5}}
	cls, err := classGrid(m, -1.5, 2.5, -1, 1.5, 200)
	if err != nil {
		return nil, err
	}
	f.ClassRegions(cls)
	f.ScatterClasses(x.Col(0), x.Col(1), y, []string{"class 0", "class 1"})
	return f, nil
}

func trainingAccuracy(m learn.Classifier, x *matrix.Dense, y []int) float64 {
	p, _ := m.Predict(x)
	ok := 0
	for i := range p {
		if p[i] == y[i] {
			ok++
		}
	}
	return float64(ok) / float64(len(y))
}

func tourTree(t *tour) error {
	x, y := moons(150, 0.25, 3)
	m, err := learn.DecisionTree{MaxDepth: 3}.Fit(x, y)
	if err != nil {
		return err
	}
	t.say("two moons, 300 points; Gini impurity, thresholds halfway between consecutive values, depth ≤ 3:")
	for _, line := range strings.Split(strings.TrimSuffix(m.Text([]string{"x1", "x2"}), "\n"), "\n") {
		t.say("  %s", line)
	}
	// The root split checked against every candidate, by brute force.
	root := m.Nodes[0]
	bestCost := math.Inf(1)
	for j := range 2 {
		v := x.Col(j)
		slices.Sort(v)
		for k := 1; k < len(v); k++ {
			if v[k] > v[k-1] {
				bestCost = math.Min(bestCost, giniCost(x, y, j, (v[k-1]+v[k])/2))
			}
		}
	}
	got := giniCost(x, y, root.Feature, root.Threshold)
	t.claim("each node takes the split rule that is best for its data (greedy, top-down)")
	t.checkTrue("the root split has the least weighted Gini index of all candidate splits", got <= bestCost+1e-12,
		fmt.Sprintf("x%d ≤ %.4f: %.4f (best of all %.4f)", root.Feature+1, root.Threshold, got, bestCost))
	t.checkTrue("depth ≤ 3, leaves ≤ 2³", m.Depth() <= 3 && m.Leaves() <= 8, fmt.Sprintf("depth %d, %d leaves, training accuracy %.3f", m.Depth(), m.Leaves(), trainingAccuracy(m, x, y)))
	f, err := regionsFigure(m, x, y, "A tree of depth 3 on two moons")
	if err != nil {
		return err
	}
	return t.savePlot(f, "tree-depth3")
}

// giniCost is n_L·Gini(L) + n_R·Gini(R) of the split x_j ≤ thr.
func giniCost(x *matrix.Dense, y []int, j int, thr float64) float64 {
	var cl, cr [2]float64
	for i := range y {
		if x.At(i, j) <= thr {
			cl[y[i]]++
		} else {
			cr[y[i]]++
		}
	}
	g := func(c [2]float64) float64 {
		n := c[0] + c[1]
		if n == 0 {
			return 0
		}
		return n - (c[0]*c[0]+c[1]*c[1])/n
	}
	return g(cl) + g(cr)
}

func tourForest(t *tour) error {
	x, y := moons(200, 0.3, 4)
	xt, yt := moons(500, 0.3, 5)
	t.say("two noisy moons: 400 training points, 1000 test points; trees on bootstrap samples, 1 of the 2 features tried per split (⌊√2⌋)")
	sizes := []int{1, 2, 5, 10, 20, 50, 100, 200}
	var tx, oob, test []float64
	var last *learn.ForestModel
	for _, T := range sizes {
		// Tree b has its own seed (Seed, b): the forest of T trees is the
		// first T trees of the forest of 200.
		m, err := learn.RandomForest{Trees: T, Seed: 9}.Fit(x, y)
		if err != nil {
			return err
		}
		tx = append(tx, float64(T))
		oob = append(oob, 1-m.OOBAccuracy)
		test = append(test, 1-trainingAccuracy(m, xt, yt))
		last = m
	}
	for k, T := range sizes {
		t.say("%4d trees: out-of-bag error %.3f, test error %.3f", T, oob[k], test[k])
	}
	one, err := learn.RandomForest{Trees: 200, Seed: 9, Workers: 1}.Fit(x, y)
	if err != nil {
		return err
	}
	same := one.OOBAccuracy == last.OOBAccuracy && slices.Equal(one.Importances, last.Importances)
	t.checkTrue("the same forest with 1 worker as with every core", same, fmt.Sprintf("OOB accuracy %.4f and %.4f", one.OOBAccuracy, last.OOBAccuracy))
	t.checkTrue("the out-of-bag error of 200 trees estimates the test error", math.Abs(oob[len(oob)-1]-test[len(test)-1]) < 0.05,
		fmt.Sprintf("%.3f against %.3f", oob[len(oob)-1], test[len(test)-1]))
	t.checkTrue("a forest beats a single tree on the test set", test[len(test)-1] < test[0], fmt.Sprintf("%.3f < %.3f", test[len(test)-1], test[0]))
	f := &plot.Figure{Title: "Random forest: error and trees", XLabel: "number of trees", YLabel: "error rate"}
	f.Line("out-of-bag error", tx, oob, plot.Style{Marker: plot.MarkerCircle})
	f.Line("test error", tx, test, plot.Style{Marker: plot.MarkerSquare})
	return t.savePlot(f, "forest-oob")
}

func tourAdaBoost(t *tour) error {
	x, y := moons(150, 0.2, 6)
	m, err := learn.AdaBoost{Rounds: 100}.Fit(x, y)
	if err != nil {
		return err
	}
	t.say("two moons, 300 points, 100 rounds of decision stumps found exhaustively (least weighted error)")
	for _, r := range []int{1, 2, 3, 10, 50, 100} {
		rd := m.Rounds[r-1]
		t.say("round %3d: ξ = %.4f, α = %.4f, misclassified weight after the update %.16f, training error %.3f", r, rd.Error, rd.Alpha, rd.HalfWeight, rd.TrainError)
	}
	t.claim("Σ over the points hₘ misclassifies of wᵢ(m+1) = ½ in every round")
	t.checkTrue("the half-weight property in all 100 rounds", m.MaxHalfWeightGap <= 1e-12, fmt.Sprintf("largest |Σ − ½| = %.1e", m.MaxHalfWeightGap))
	okAlpha := true
	for _, r := range m.Rounds {
		okAlpha = okAlpha && r.Error < 0.5 && r.Alpha > 0
	}
	t.checkTrue("every ξₘ < ½, so every αₘ > 0", okAlpha, "100 rounds")
	t.checkTrue("the training error falls", m.Rounds[99].TrainError < m.Rounds[0].TrainError,
		fmt.Sprintf("%.3f after 1 round, %.3f after 100", m.Rounds[0].TrainError, m.Rounds[99].TrainError))
	sep := matrix.New(4, 1)
	for i := range 4 {
		sep.Set(i, 0, float64(i))
	}
	p, err := learn.AdaBoost{}.Fit(sep, []int{-1, -1, 1, 1})
	if err != nil {
		return err
	}
	t.checkTrue("a set one stump separates stops at round 1 (ξ₁ = 0, α would be infinite)", p.StopRound == 1 && len(p.Stumps) == 1, p.Stop)
	var rx, xi, te []float64
	for k, r := range m.Rounds {
		rx, xi, te = append(rx, float64(k+1)), append(xi, r.Error), append(te, r.TrainError)
	}
	f := &plot.Figure{Title: "AdaBoost: ξₘ and training error", XLabel: "round m", YLabel: "error", YRange: plot.Range{Min: 0, Max: 0.5}}
	f.Line("ξₘ (weighted error of hₘ)", rx, xi, plot.Style{})
	f.Line("training error of h = sgn Σ αₘhₘ", rx, te, plot.Style{})
	if err := t.savePlot(f, "adaboost-errors"); err != nil {
		return err
	}
	for _, rounds := range []int{1, 10, 100} {
		sub := roundsClassifier{m, rounds}
		f, err := regionsFigure(sub, x, y, fmt.Sprintf("AdaBoost, %d round(s)", rounds))
		if err != nil {
			return err
		}
		if err := t.savePlot(f, fmt.Sprintf("adaboost-%d", rounds)); err != nil {
			return err
		}
	}
	return nil
}

// roundsClassifier predicts with the first rounds members of a model.
type roundsClassifier struct {
	m      *learn.AdaBoostModel
	rounds int
}

func (r roundsClassifier) Predict(x *matrix.Dense) ([]int, error) {
	return r.m.PredictRounds(x, r.rounds)
}
