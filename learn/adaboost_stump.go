package learn

import (
	"fmt"
	"math"
	"slices"

	"mlnotes/matrix"
)

// Stump is a decision stump found exhaustively to minimize the weighted
// 0–1 error Σᵢ wᵢ I[yᵢ ≠ h(xᵢ)] — AdaBoost's step 2a (004, "AdaBoost
// Algorithm") taken literally. Every feature and every midpoint between
// consecutive distinct values is tried; each side predicts its class of
// largest weight, which for two classes covers both polarities. The
// constant classifier (the heaviest class everywhere) is the candidate to
// beat; a split replaces the best so far only if its error is strictly
// smaller, so ties go to the constant, then the lowest feature, then the
// lowest threshold. Features are sorted once per fit.
type Stump struct{}

// StumpModel is a fitted stump: x[Feature] ≤ Threshold → Left, else Right
// (labels). Feature −1 is the constant classifier predicting Left.
type StumpModel struct {
	Feature   int     `json:"feature"`
	Threshold float64 `json:"threshold"`
	Left      int     `json:"left"`
	Right     int     `json:"right"`
	// Features is the width of the data it was trained on.
	Features int `json:"features"`
}

// FitClassifier finds the stump of least unweighted error.
func (Stump) FitClassifier(x *matrix.Dense, y []int) (Classifier, error) {
	return Stump{}.FitWeighted(x, y, nil)
}

// FitWeighted finds the stump of least weighted error (w nil: all 1).
func (Stump) FitWeighted(x *matrix.Dense, y []int, w []float64) (Classifier, error) {
	const op = "learn: stump"
	data, err := newTreeDataClass(op, x, y, x.Cols())
	if err != nil {
		return nil, err
	}
	if err := checkWeights(op, w, data.n); err != nil {
		return nil, err
	}
	if w == nil {
		w = make([]float64, data.n)
		for i := range w {
			w[i] = 1
		}
	}
	return bestStump(data, w), nil
}

// bestStump scans every feature of presorted data in O(n·k) each.
func bestStump(data *treeData, w []float64) *StumpModel {
	k := len(data.classes)
	total := make([]float64, k)
	for i, c := range data.yc {
		total[c] += w[i]
	}
	W := 0.0
	for _, v := range total {
		W += v
	}
	c0 := argmax(total)
	best := &StumpModel{Feature: -1, Left: data.classes[c0], Right: data.classes[c0], Features: data.d}
	bestErr := W - total[c0]
	left := make([]float64, k)
	right := make([]float64, k)
	for j := range data.d {
		col := data.cols[j]
		clear(left)
		idx := data.sorted[j]
		for p := 1; p < len(idx); p++ {
			i := idx[p-1]
			left[data.yc[i]] += w[i]
			if col[idx[p]] <= col[i] {
				continue
			}
			for c := range right {
				right[c] = total[c] - left[c]
			}
			cl, cr := argmax(left), argmax(right)
			if e := W - left[cl] - right[cr]; e < bestErr {
				lo, hi := col[i], col[idx[p]]
				thr := lo/2 + hi/2
				if thr == hi || math.IsInf(thr, 0) {
					thr = lo
				}
				bestErr = e
				best = &StumpModel{Feature: j, Threshold: thr, Left: data.classes[cl], Right: data.classes[cr], Features: data.d}
			}
		}
	}
	return best
}

// Predict applies the stump to every row.
func (m *StumpModel) Predict(x *matrix.Dense) ([]int, error) {
	if err := checkQuery("learn: stump", x, m.Features); err != nil {
		return nil, err
	}
	out := make([]int, x.Rows())
	for i := range out {
		out[i] = m.predict1(x.Row(i))
	}
	return out, nil
}

func (m *StumpModel) predict1(row []float64) int {
	if m.Feature < 0 || row[m.Feature] <= m.Threshold {
		return m.Left
	}
	return m.Right
}

func (m *StumpModel) check(classes []int) error {
	if m.Features < 1 || m.Feature < -1 || m.Feature >= m.Features || !isFiniteValue(m.Threshold) {
		return fmt.Errorf("stump on feature %d of %d at %g", m.Feature, m.Features, m.Threshold)
	}
	if !slices.Contains(classes, m.Left) || !slices.Contains(classes, m.Right) {
		return fmt.Errorf("stump predicts %d and %d, not among %v", m.Left, m.Right, classes)
	}
	return nil
}
