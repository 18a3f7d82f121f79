package learn

import (
	"math"
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

// greyData returns n×d grey levels k/255 (k = 0…255, half of them 0, as in
// images), with some entries negated and a −0, so that the matrix has
// at most 256 + 256 distinct values, depending on levels.
func greyData(r *rand.Rand, n, d, levels int) *matrix.Dense {
	x := matrix.New(n, d)
	for i := range n {
		row := x.Row(i)
		for f := range row {
			if r.IntN(2) == 0 {
				continue
			}
			row[f] = float64(r.IntN(levels)) / 255
			if f%5 == 1 {
				row[f] = -row[f]
			}
		}
	}
	x.Row(0)[0] = math.Copysign(0, -1)
	return x
}

// The byte form exists exactly when the matrix has at most 256 distinct
// entries, and holds every entry.
func TestByteRowsDetection(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 1))
	for _, c := range []struct {
		levels int
		want   bool
	}{{1, true}, {100, true}, {128, true}, {256, false}} {
		// levels grey values, each also negated on some columns, and ±0.
		x := greyData(r, 60, 17, c.levels)
		f := newFlatRows(x)
		distinct := map[uint64]bool{}
		for _, v := range f.x {
			distinct[math.Float64bits(v)] = true
		}
		b := newByteRows(f.x, f.d)
		if (b != nil) != (len(distinct) <= 256) || (b != nil) != c.want {
			t.Fatalf("%d levels, %d distinct values: byte form %v", c.levels, len(distinct), b != nil)
		}
		if b == nil {
			continue
		}
		for k, v := range f.x {
			if got := b.table[b.codes[k]]; math.Float64bits(got) != math.Float64bits(v) {
				t.Fatalf("%d levels: entry %d is %v, the byte form gives %v", c.levels, k, v, got)
			}
		}
	}
	if newByteRows(newFlatRows(randData(r, 30, 20)).x, 20) != nil {
		t.Error("600 normal deviates: a byte form")
	}
}

// Kernel rows from the byte form are the same bits as from the float64
// rows, for every kernel family, on all columns and on a subset in any
// order (the solver's active set).
func TestByteRowsKernelRowsExact(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 2))
	const n, d = 83, 29
	x := greyData(r, n, d, 120)
	all := make([]int, n)
	for j := range all {
		all[j] = j
	}
	some := []int{3, 4, 5, 7, 11, 12, 13, 40, 41, 82, 0}
	for _, k := range []Kernel{Linear(), Polynomial(3), Gaussian(0.5)} {
		coded := newKernelRows(k, x)
		if coded.codes == nil {
			t.Fatal("grey levels: no byte form")
		}
		plain := &kernelRows{k: k, flatRows: newFlatRows(x)}
		for _, cols := range [][]int{all, some} {
			for i := range n {
				got, want := make([]float64, n), make([]float64, n)
				coded.Row(i, cols, got)
				plain.Row(i, cols, want)
				for j := range n {
					if math.Float64bits(got[j]) != math.Float64bits(want[j]) {
						t.Fatalf("%v: K[%d][%d] = %v from bytes, %v from float64", k, i, j, got[j], want[j])
					}
				}
			}
		}
	}
}

// A byte form whose table holds an infinity keeps every term (0·∞ is NaN):
// the rows are the same bits as from the float64 rows.
func TestByteRowsNonFiniteTable(t *testing.T) {
	x := greyData(rand.New(rand.NewPCG(4, 5)), 12, 9, 50)
	x.Row(3)[2], x.Row(5)[7] = math.Inf(1), math.Inf(-1)
	coded := newKernelRows(Linear(), x)
	if coded.codes == nil || coded.codes.finite {
		t.Fatalf("a table with ±Inf: byte form %v, finite %v", coded.codes != nil, coded.codes != nil && coded.codes.finite)
	}
	plain := &kernelRows{k: Linear(), flatRows: newFlatRows(x)}
	all := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	for i := range 12 {
		got, want := make([]float64, 12), make([]float64, 12)
		coded.Row(i, all, got)
		plain.Row(i, all, want)
		for j := range 12 {
			if math.Float64bits(got[j]) != math.Float64bits(want[j]) {
				t.Fatalf("K[%d][%d] = %v from bytes, %v from float64", i, j, got[j], want[j])
			}
		}
	}
}

// nonzeros keeps exactly the entries v ≠ 0 (NaN and ±Inf included, ±0
// and nothing else left out), in order.
func TestNonzeros(t *testing.T) {
	x := []float64{0, 1, math.Copysign(0, -1), -2, math.NaN(), 0, math.Inf(-1), 5e-324, 0, 3}
	pos, val := nonzeros(x, make([]int32, 0, len(x)), make([]float64, 0, len(x)))
	want := []int32{1, 3, 4, 6, 7, 9}
	if len(pos) != len(want) || len(val) != len(want) {
		t.Fatalf("positions %v, want %v", pos, want)
	}
	for k, f := range want {
		if pos[k] != f || math.Float64bits(val[k]) != math.Float64bits(x[f]) {
			t.Errorf("entry %d: position %d value %v, want %d %v", k, pos[k], val[k], f, x[f])
		}
	}
}
