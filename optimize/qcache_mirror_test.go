package optimize

import (
	"math"
	"math/rand/v2"
	"testing"
)

// symCountingQ is Qᵢⱼ = 100·min(i, j) + max(i, j), symmetric, declared
// MirroredRows, recording every entry it computes.
type symCountingQ struct{ countingQ }

func (q *symCountingQ) MirrorEntries() bool { return true }
func (q *symCountingQ) Diag(i int) float64  { return float64(101 * i) }
func (q *symCountingQ) Row(i int, cols []int, dst []float64) {
	for _, j := range cols {
		dst[j] = float64(100*min(i, j) + max(i, j))
		q.entries[[2]int{i, j}]++
	}
}

// A new row takes the entries that cached rows hold (complete rows, and
// rows of the current epoch) and computes the others: never a column that
// a cached row of an earlier epoch misses.
func TestQCacheMirror(t *testing.T) {
	const n = 5
	q := &symCountingQ{countingQ{n: n, entries: map[[2]int]int{}}}
	act := &activeSet{idx: []int{0, 1, 2, 3, 4}}
	c := newQCache(q, n, 100, act)
	if !c.symmetric {
		t.Fatal("a MirroredRows Q is not mirrored")
	}
	want := func(i, j int) float64 { return float64(100*min(i, j) + max(i, j)) }
	check := func(i int, r []float64, cols []int) {
		t.Helper()
		for _, j := range cols {
			if r[j] != want(i, j) {
				t.Errorf("row %d, column %d = %v, want %v", i, j, r[j], want(i, j))
			}
		}
	}
	check(0, c.row(0), act.idx) // computes all five
	r1 := c.row(1)              // takes Q₁₀ from row 0
	check(1, r1, act.idx)
	if q.entries[[2]int{1, 0}] != 0 || q.entries[[2]int{1, 2}] != 1 {
		t.Errorf("row 1 computed %v", q.entries)
	}
	// Shrink 4 and compute row 2 on 0…3: it misses column 4.
	act.idx, act.log = []int{0, 1, 2, 3}, []int{4}
	check(2, c.row(2), act.idx)
	if q.entries[[2]int{2, 0}]+q.entries[[2]int{2, 1}] != 0 || q.entries[[2]int{2, 4}] != 0 {
		t.Errorf("row 2 computed %v", q.entries)
	}
	// Row 3 in the same epoch takes column 2 from row 2 (which misses only
	// 4, shrunk before it).
	check(3, c.row(3), act.idx)
	if q.entries[[2]int{3, 2}] != 0 {
		t.Errorf("row 3 computed Q₃₂ although row 2 holds it")
	}
	// A new epoch: rows 2 and 3 were computed without column 4 in the
	// previous one, so row 4 computes Q₄₂ and Q₄₃, and takes Q₄₀ and Q₄₁
	// from the complete rows 0 and 1.
	act.idx, act.log, act.epoch = []int{0, 1, 2, 3, 4}, nil, act.epoch+1
	check(4, c.row(4), act.idx)
	if q.entries[[2]int{4, 2}] != 1 || q.entries[[2]int{4, 3}] != 1 || q.entries[[2]int{4, 0}] != 0 {
		t.Errorf("row 4 computed %v", q.entries)
	}
	for k, v := range q.entries {
		if v != 1 {
			t.Errorf("entry %v computed %d times", k, v)
		}
	}
}

// symQ is a denseQ that declares its rows exactly symmetric.
type symQ struct{ *denseQ }

func (q symQ) MirrorEntries() bool { return true }

// The solver takes the same path to the bit whether the cache copies the
// mirrored entries or computes them, with and without shrinking, with a
// large cache and with few rows (evictions), for the C-SVM, the ν-SVM and
// ε-SVR; and with a large cache it computes fewer entries.
func TestSMOMirrorSamePath(t *testing.T) {
	x, y := blobs(rand.New(rand.NewPCG(7, 9)), 240, 5, 1.0)
	k := rbfK(x, 0.2)
	signedK := newDenseQ(signed(k, y))
	kq := newDenseQ(k)
	z := make([]float64, len(y))
	for i := range z {
		z[i] = x[i][0] + 0.1*x[i][1]
	}
	problems := map[string]func(q QMatrix) *QP{
		"C-SVM": func(q QMatrix) *QP { return svmQP(q, y, 1) },
		"nu-SVM": func(q QMatrix) *QP {
			qp := svmQP(q, y, 1)
			qp.P, qp.TwoEqualities, qp.Sum = make([]float64, len(y)), true, 0.4*float64(len(y))
			return qp
		},
	}
	for name, build := range problems {
		for _, cfg := range []struct {
			shrink  bool
			cacheMB float64
		}{{true, 100}, {false, 100}, {true, 1e-9}, {true, 15 * rowBytes(240) / (1 << 20)}} {
			plain, err1 := SMO(build(signedK), &SMOSettings{Tol: 1e-6, NoShrinking: !cfg.shrink, CacheMB: cfg.cacheMB})
			mirror, err2 := SMO(build(symQ{signedK}), &SMOSettings{Tol: 1e-6, NoShrinking: !cfg.shrink, CacheMB: cfg.cacheMB})
			if err1 != nil || err2 != nil {
				t.Fatalf("%s %+v: %v, %v", name, cfg, err1, err2)
			}
			sameResult(t, name, plain, mirror)
			if cfg.cacheMB == 100 && mirror.EntriesComputed >= plain.EntriesComputed {
				t.Errorf("%s %+v: %d entries computed with mirroring, %d without", name, cfg, mirror.EntriesComputed, plain.EntriesComputed)
			}
		}
	}
	// ε-SVR in 2n variables: RegressionQ passes the declaration on.
	svr := func(q QMatrix) *QP {
		m := len(z)
		qp := &QP{Q: RegressionQ(q), P: make([]float64, 2*m), Y: make([]float64, 2*m), C: fill(2*m, 1)}
		for i := range m {
			qp.P[i], qp.P[i+m] = 0.1-z[i], 0.1+z[i]
			qp.Y[i], qp.Y[i+m] = 1, -1
		}
		return qp
	}
	plain, err1 := SMO(svr(kq), &SMOSettings{Tol: 1e-6})
	mirror, err2 := SMO(svr(symQ{kq}), &SMOSettings{Tol: 1e-6})
	if err1 != nil || err2 != nil {
		t.Fatalf("ε-SVR: %v, %v", err1, err2)
	}
	sameResult(t, "ε-SVR", plain, mirror)
	if !mirrorEntries(RegressionQ(symQ{kq})) || mirrorEntries(RegressionQ(kq)) {
		t.Error("RegressionQ does not pass MirrorEntries on")
	}
}

// sameResult fails unless a and b are the same iterate to the bit.
func sameResult(t *testing.T, name string, a, b *SMOResult) {
	t.Helper()
	if a.Iterations != b.Iterations {
		t.Fatalf("%s: %d iterations, %d with mirroring", name, a.Iterations, b.Iterations)
	}
	for i := range a.Alpha {
		if math.Float64bits(a.Alpha[i]) != math.Float64bits(b.Alpha[i]) || math.Float64bits(a.Gradient[i]) != math.Float64bits(b.Gradient[i]) {
			t.Fatalf("%s: α[%d] = %v, G = %v; with mirroring %v, %v", name, i, a.Alpha[i], a.Gradient[i], b.Alpha[i], b.Gradient[i])
		}
	}
	if math.Float64bits(a.Objective) != math.Float64bits(b.Objective) || math.Float64bits(a.Rho) != math.Float64bits(b.Rho) {
		t.Errorf("%s: f = %v, ρ = %v; with mirroring %v, %v", name, a.Objective, a.Rho, b.Objective, b.Rho)
	}
}
