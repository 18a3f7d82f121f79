package optimize

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

// SignedQ is yᵢyⱼKᵢⱼ; RegressionQ is [K −K; −K K] and evaluates each
// kernel pair once per row.
func TestSignedAndRegressionQ(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	k := newDenseQ(randomGram(r, 5, 3, 1))
	y := []float64{1, -1, -1, 1, 1}
	sq, err := SignedQ(k, y)
	if err != nil {
		t.Fatal(err)
	}
	all := []int{0, 1, 2, 3, 4}
	row := make([]float64, 5)
	for i := range 5 {
		sq.Row(i, all, row)
		for j := range 5 {
			if row[j] != y[i]*y[j]*k.a.At(i, j) {
				t.Errorf("SignedQ[%d][%d] = %v", i, j, row[j])
			}
		}
		if sq.Diag(i) != k.a.At(i, i) {
			t.Errorf("SignedQ diag %d", i)
		}
	}
	if _, err := SignedQ(k, y[:3]); !errors.Is(err, matrix.ErrShape) {
		t.Errorf("short y: %v", err)
	}
	if _, err := SignedQ(k, []float64{1, 0, 1, 1, 1}); !errors.Is(err, ErrInvalidParameter) {
		t.Errorf("y = 0: %v", err)
	}

	counting := &countingQ{n: 5, entries: map[[2]int]int{}}
	rq := RegressionQ(counting)
	if rq.Size() != 10 {
		t.Fatalf("size %d", rq.Size())
	}
	cols := []int{0, 2, 5, 7, 9, 4} // points 0, 2 (twice), 4 (twice)
	row = make([]float64, 10)
	for _, i := range []int{1, 6} { // point 1, as α and as α*
		clear(counting.entries)
		rq.Row(i, cols, row)
		si := 1.0
		if i >= 5 {
			si = -1
		}
		for _, j := range cols {
			sj := 1.0
			if j >= 5 {
				sj = -1
			}
			if want := si * sj * float64(100*1+j%5); row[j] != want {
				t.Errorf("RegressionQ[%d][%d] = %v, want %v", i, j, row[j], want)
			}
		}
		if len(counting.entries) != 3 {
			t.Errorf("row %d evaluated %v, want the 3 distinct points once each", i, counting.entries)
		}
		for key, v := range counting.entries {
			if v != 1 {
				t.Errorf("row %d evaluated %v %d times", i, key, v)
			}
		}
		if rq.Diag(i) != 101 {
			t.Errorf("diag %d = %v", i, rq.Diag(i))
		}
	}
}

// ε-SVR as a 2n-variable problem against the exhaustive reference, for
// small random data: the map of docs/smo.md, "ε-SVR".
func TestSMORegressionAgainstActiveSet(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 1))
	cases := 40
	if testing.Short() {
		cases = 12
	}
	for c := range cases {
		m := 1 + r.IntN(4)
		x := make([][]float64, m)
		z := make([]float64, m)
		for i := range m {
			x[i] = []float64{4 * r.Float64()}
			z[i] = math.Sin(x[i][0]) + 0.1*r.NormFloat64()
		}
		kd := rbfK(x, 0.5)
		k := newDenseQ(kd)
		tube, cc := 0.05+0.2*r.Float64(), 0.5+5*r.Float64()
		qp := &QP{Q: RegressionQ(k), P: make([]float64, 2*m), Y: make([]float64, 2*m), C: fill(2*m, cc)}
		for i := range m {
			qp.Y[i], qp.Y[i+m] = 1, -1
			qp.P[i], qp.P[i+m] = tube-z[i], tube+z[i]
		}
		nu := c%2 == 1
		if nu { // ν-SVR: p = (−z, z), eᵀ(α + α*) = Cν·m
			for i := range m {
				qp.P[i], qp.P[i+m] = -z[i], z[i]
			}
			qp.TwoEqualities, qp.Sum = true, cc*(0.1+0.8*r.Float64())*float64(m)
		}
		// The explicit 2m×2m Q for the reference.
		q := make([][]float64, 2*m)
		for i := range 2 * m {
			q[i] = make([]float64, 2*m)
			for j := range 2 * m {
				q[i][j] = qp.Y[i] * qp.Y[j] * kd[i%m][j%m]
			}
		}
		ref := activeSetReference(q, qp)
		if !ref.ok {
			t.Fatalf("case %d: no reference", c)
		}
		const tol = 1e-11
		res, err := SMO(qp, &SMOSettings{Tol: tol})
		if err != nil {
			t.Fatalf("case %d: %v", c, err)
		}
		cert := checkCertificate(t, "svr", qp, res, tol)
		sumC := 2 * float64(m) * cc
		if gap := res.Objective - ref.objective; gap > cert.Violation*sumC+1e3*eps*sumC*sumC || gap < -1e3*eps*sumC*sumC {
			t.Errorf("case %d (ν=%v): f = %v, reference %v", c, nu, res.Objective, ref.objective)
		}
	}
}
