package learn

import (
	"fmt"
	"math"

	"mlnotes/matrix"
)

// Rows that cannot be scored.
//
// Every learner decides a row from numbers it computes for it: a net input
// wᵀx + b, one per class, a distance, a log-density, a decision value. When
// such a number is not finite — features near ±1e308, or a corrupted but
// loadable model whose weights or training points are that large — its
// sign or its order is an accident of the overflow (a partial sum that
// reached +Inf stays +Inf whatever the later terms, Inf − Inf is NaN, and
// argmax over NaNs picks the first class). Such a row is refused with an
// error wrapping matrix.ErrNotFinite that names it, never given a class, a
// probability or a value; the check is this one function for every
// learner. Trees, forests and stumps are the exception by nature: they
// only compare a feature with a threshold, which is exact for every finite
// value, so a row of ±1e308 goes where the comparisons send it, like any
// row beyond the training range.

// checkScores returns an error naming the first of n rows that cannot be
// scored (bad(i) reports it) and how many rows cannot; what names the
// number that overflowed ("net input", "distance to the nearest training
// point", …), in the words of SVMClassifierModel.Predict and
// LogisticModel.Predict.
func checkScores(op, what string, n int, bad func(i int) bool) error {
	first, count := -1, 0
	for i := range n {
		if bad(i) {
			if first < 0 {
				first = i
			}
			count++
		}
	}
	if count == 0 {
		return nil
	}
	return &ScoreError{Op: op, What: what, Row: first, Count: count}
}

// ScoreError reports rows of a query that cannot be scored: a number the
// model decides them by (What: "net input", "decision value", …)
// overflowed float64. Row is the first such row (0-based) and Count how
// many there are. It wraps matrix.ErrNotFinite, so errors.Is(err,
// matrix.ErrNotFinite) holds; errors.As gives the rows, for a caller that
// names them in its own terms (the CLI names the line of the file).
type ScoreError struct {
	Op, What   string
	Row, Count int
}

// Error names the first row (1-based) and the number of rows.
func (e *ScoreError) Error() string {
	return fmt.Sprintf("%s: %v: the %s of row %d (%d row(s) in all) overflowed, so the row cannot be scored; scale the data or check the model",
		e.Op, matrix.ErrNotFinite, e.What, e.Row+1, e.Count)
}

// Unwrap returns matrix.ErrNotFinite.
func (e *ScoreError) Unwrap() error { return matrix.ErrNotFinite }

// checkScoreRows is checkScores for rows of scores that must all be
// finite (n×k scores, one row per sample).
func checkScoreRows(op, what string, s *matrix.Dense) error {
	return checkScores(op, what, s.Rows(), func(i int) bool { return !allFinite(s.Row(i)) })
}

// checkScoreValues is checkScores for one score per row.
func checkScoreValues(op, what string, v []float64) error {
	return checkScores(op, what, len(v), func(i int) bool { return !isFiniteValue(v[i]) })
}

// allFinite reports whether every entry of v is finite.
func allFinite(v []float64) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}
