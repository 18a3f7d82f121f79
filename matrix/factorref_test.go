package matrix

import (
	"encoding/json"
	"os"
	"testing"
)

// The reference values of ../testdata/matrix_factor_ref.json, written by
// ../testdata/gen/matrix_factor_ref.py from numpy/LAPACK and from exact
// rational arithmetic (the file's "provenance" field and each case's
// "source" say which value came from where).

type factorRef struct {
	Provenance string         `json:"provenance"`
	LU         []luRefCase    `json:"lu"`
	QR         []qrRefCase    `json:"qr"`
	LeastSq    []lstsqRefCase `json:"lstsq"`
}

type luRefCase struct {
	Name      string      `json:"name"`
	A         [][]float64 `json:"a"`
	Det       *float64    `json:"det"` // null when |det A| is outside the float64 range
	LogAbsDet float64     `json:"log_abs_det"`
	Sign      float64     `json:"sign"`
	Inverse   [][]float64 `json:"inverse"`
	Cond1     float64     `json:"cond1"`
	B         [][]float64 `json:"b"`
	X         [][]float64 `json:"x"`
}

type qrRefCase struct {
	Name  string      `json:"name"`
	A     [][]float64 `json:"a"`
	R     [][]float64 `json:"r"`
	Cond2 float64     `json:"cond2"`
}

type lstsqRefCase struct {
	Name              string      `json:"name"`
	A                 [][]float64 `json:"a"`
	B                 [][]float64 `json:"b"`
	X                 [][]float64 `json:"x"`
	ResidualNorm      []float64   `json:"residual_norm"`
	Cond2             float64     `json:"cond2"`
	Cond2Equilibrated float64     `json:"cond2_equilibrated"`
}

// loadFactorRef reads the reference file; a missing or malformed file
// fails the test (it is part of the repository).
func loadFactorRef(t *testing.T) *factorRef {
	t.Helper()
	data, err := os.ReadFile("../testdata/matrix_factor_ref.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref factorRef
	if err := json.Unmarshal(data, &ref); err != nil {
		t.Fatalf("matrix_factor_ref.json: %v", err)
	}
	if ref.Provenance == "" || len(ref.LU) == 0 || len(ref.QR) == 0 || len(ref.LeastSq) == 0 {
		t.Fatal("matrix_factor_ref.json: missing provenance or cases")
	}
	return &ref
}

// mustRows builds a matrix from rows that are known to be rectangular.
func mustRows(t *testing.T, rows [][]float64) *Dense {
	t.Helper()
	m, err := NewFromRows(rows)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// relDiff returns ‖A − B‖_F / ‖B‖_F (‖A − B‖_F when B is zero).
func relDiff(a, b *Dense) float64 {
	d, err := Sub(a, b)
	if err != nil {
		return 1e300
	}
	nb := NormFrobenius(b)
	if nb == 0 {
		return NormFrobenius(d)
	}
	return NormFrobenius(d) / nb
}
