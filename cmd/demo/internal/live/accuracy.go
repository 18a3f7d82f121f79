package live

import (
	"mlnotes/learn"
	"mlnotes/matrix"
)

// trainingAccuracy is the fraction of the rows of x that m classifies as y
// says: the accuracy a page shows beside its command's `accuracy` field.
func trainingAccuracy(m learn.Classifier, x *matrix.Dense, y []int) (float64, error) {
	pred, err := m.Predict(x)
	if err != nil {
		return 0, err
	}
	right := 0
	for i := range pred {
		if pred[i] == y[i] {
			right++
		}
	}
	return float64(right) / float64(len(y)), nil
}
