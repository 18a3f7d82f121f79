package main

// Fold assignments of cv and grid: a fold file, or seeded folds.

import (
	"fmt"
	"math"

	"mlnotes/learn"
	"mlnotes/matrix"
)

// readFolds reads a fold file: one integer 0…K−1 per line (a header line
// and blank lines are skipped; the first column of a CSV is used).
func readFolds(path string, n int) ([]int, error) {
	t, err := matrix.ReadCSVFile(path)
	if err != nil {
		return nil, fmt.Errorf("-folds: %w", err)
	}
	rows := t.Data.Rows()
	if rows != n {
		return nil, fmt.Errorf("-folds %s: %d fold numbers for %d data rows", path, rows, n)
	}
	rho := make([]int, n)
	for i := range n {
		v := t.Data.At(i, 0)
		if v != math.Trunc(v) || v < 0 || v > 1e9 {
			return nil, fmt.Errorf("-folds %s: row %d: fold %v is not an integer ≥ 0", path, i+1, v)
		}
		rho[i] = int(v)
	}
	return rho, nil
}

// foldsFor returns ρ: from the fold file, or seeded (stratified for a
// classifier with -stratified).
func foldsFor(d *trainingSet, n, k int, stratified bool, seed uint64, file string) ([]int, error) {
	if file != "" {
		return readFolds(file, n)
	}
	if k < 2 || k > n {
		return nil, &usageError{msg: fmt.Sprintf("-k %d: want 2 ≤ K ≤ n = %d", k, n)}
	}
	if stratified && d.Labels != nil {
		return learn.StratifiedKFold(d.Labels, k, seed)
	}
	return learn.KFold(n, k, seed)
}
