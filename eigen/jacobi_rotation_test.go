package eigen

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"mlnotes/matrix"
)

// The Rotation hook sees every rotation: as many as the sweeps count, each
// zeroing its a_pq, off(A) never growing (each rotation lowers off(A)² by
// 2a_pq², up to rounding in the other entries), and the last matrix's
// diagonal is the eigenvalues returned.
func TestJacobiRotationHook(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 6
	a := matrix.New(n, n)
	for i := range n {
		for j := i; j < n; j++ {
			v := rng.NormFloat64()
			a.Set(i, j, v)
			a.Set(j, i, v)
		}
	}
	var rots []JacobiRotation
	counted := 0
	res, err := Jacobi(a, JacobiOptions{
		Rotation: func(r JacobiRotation) { rots = append(rots, r) },
		Trace:    func(s JacobiSweep) { counted += s.Rotations },
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rots) != counted || counted == 0 {
		t.Fatalf("%d rotations reported, sweeps count %d", len(rots), counted)
	}
	norm := matrix.NormFrobenius(a)
	tol := 4 * float64(n) * eps * norm
	prev := matrix.NormOffDiag(a)
	for k, r := range rots {
		if !(r.P < r.Q) || r.A.At(r.P, r.Q) != 0 || r.A.At(r.Q, r.P) != 0 {
			t.Fatalf("rotation %d: (p, q) = (%d, %d), a_pq = %g", k, r.P, r.Q, r.A.At(r.P, r.Q))
		}
		if r.OffNorm > prev+tol {
			t.Fatalf("rotation %d: off(A) grew from %g to %g", k, prev, r.OffNorm)
		}
		prev = r.OffNorm
	}
	last := rots[len(rots)-1].A
	diag := make([]float64, n)
	for i := range n {
		diag[i] = last.At(i, i)
	}
	vals := slices.Clone(res.Values)
	slices.Sort(diag)
	slices.Sort(vals)
	for i := range n {
		if math.Abs(diag[i]-vals[i]) > tol {
			t.Errorf("eigenvalue %d: last rotation's diagonal %g, result %g", i, diag[i], vals[i])
		}
	}
}
