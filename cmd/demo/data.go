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
