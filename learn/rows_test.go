package learn

import (
	"testing"

	"mlnotes/matrix"
)

// mustRows builds a matrix from literal rows, failing the test on a ragged
// literal.
func mustRows(t testing.TB, rows [][]float64) *matrix.Dense {
	t.Helper()
	m, err := matrix.NewFromRows(rows)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
