package main

import (
	"fmt"

	"mlnotes/matrix"
)

// loadMatrix reads a CSV operand as a matrix; every column is used.
func loadMatrix(path string) (*matrix.Dense, error) {
	t, err := matrix.ReadCSVFile(path)
	if err != nil {
		return nil, err
	}
	return t.Data, nil
}

// loadTwo reads the A and B operands of solve and lstsq and checks that
// they have the same number of rows.
func loadTwo(ops []string) (a, b *matrix.Dense, err error) {
	if a, err = loadMatrix(ops[0]); err != nil {
		return nil, nil, err
	}
	if b, err = loadMatrix(ops[1]); err != nil {
		return nil, nil, err
	}
	if a.Rows() != b.Rows() {
		return nil, nil, fmt.Errorf("%s has %d rows but %s has %d", ops[0], a.Rows(), ops[1], b.Rows())
	}
	return a, b, nil
}

// loadFeatures reads the data of an unsupervised command: a CSV operand,
// or an IDX image file with -idx (then there must be no operand). With a
// target column (-target COL), that column is removed from the features.
func loadFeatures(ops []string, target, idx string) (*matrix.Dense, error) {
	if idx != "" {
		if len(ops) > 0 {
			return nil, &usageError{msg: "give either -idx FILE or a CSV file, not both"}
		}
		if target != "" {
			return nil, &usageError{msg: "-target applies to CSV input, not to -idx images"}
		}
		x, _, _, err := matrix.ReadIDXImagesFile(idx)
		return x, err
	}
	if len(ops) != 1 {
		return nil, &usageError{msg: fmt.Sprintf("expected one CSV file operand (or -idx FILE), got %d", len(ops))}
	}
	t, err := matrix.ReadCSVFile(ops[0])
	if err != nil {
		return nil, err
	}
	if target == "" {
		return t.Data, nil
	}
	j, err := t.Column(target)
	if err != nil {
		return nil, err
	}
	if t.Data.Cols() < 2 {
		return nil, fmt.Errorf("%s: no feature columns left after removing the target", ops[0])
	}
	x, _, _, err := t.Split(j)
	return x, err
}

// loadLabelled reads the data of select (not a supervised command: its
// target is a column of numbers): the target is the last column, or the
// column named by -target.
func loadLabelled(path, target string) (x *matrix.Dense, y []float64, err error) {
	t, err := matrix.ReadCSVFile(path)
	if err != nil {
		return nil, nil, err
	}
	if t.Data.Cols() < 2 {
		return nil, nil, fmt.Errorf("%s: need at least one feature column and a label column", path)
	}
	j := t.Data.Cols() - 1
	if target != "" {
		if j, err = t.Column(target); err != nil {
			return nil, nil, err
		}
	}
	x, y, _, err = t.Split(j)
	return x, y, err
}
