package optimize_test

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"

	"mlnotes/optimize"
)

// TestSMOReusedRowMemory: a solver whose cache rows come from the memory
// of an earlier solver (qcache_pool.go, never cleared) finds the same bits
// as one on fresh memory, shrinking included: no entry is read before it
// is computed. (The second and third solves take the first one's slab.)
func TestSMOReusedRowMemory(t *testing.T) {
	const n = 1500 // 1398 rows of 1500 fill a pooled 16 MiB slab
	x, y := benchProblem(n)
	solve := func(gamma float64) *optimize.SMOResult {
		q, err := optimize.SignedQ(newRBFKernel(x, gamma), y)
		if err != nil {
			t.Fatal(err)
		}
		qp := &optimize.QP{Q: q, P: make([]float64, n), Y: y, C: make([]float64, n)}
		for i := range n {
			qp.P[i], qp.C[i] = -1, 1
		}
		res, err := optimize.SMO(qp, &optimize.SMOSettings{Tol: 1e-3, CacheMB: 100})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	runtime.GC()
	runtime.GC()                                     // empties the pool: the first solve runs on fresh memory
	defer debug.SetGCPercent(debug.SetGCPercent(-1)) // and nothing empties it between the solves
	fresh := solve(1.0 / 20)
	solve(1.0 / 3) // leaves other kernel values in the pooled memory
	again := solve(1.0 / 20)
	if again.Iterations != fresh.Iterations || math.Float64bits(again.Objective) != math.Float64bits(fresh.Objective) {
		t.Fatalf("on reused memory %d iterations, objective %v; on fresh memory %d, %v", again.Iterations, again.Objective, fresh.Iterations, fresh.Objective)
	}
	for i := range fresh.Alpha {
		if math.Float64bits(again.Alpha[i]) != math.Float64bits(fresh.Alpha[i]) || math.Float64bits(again.Gradient[i]) != math.Float64bits(fresh.Gradient[i]) {
			t.Fatalf("α[%d] = %v, G = %v on reused memory; %v, %v on fresh memory", i, again.Alpha[i], again.Gradient[i], fresh.Alpha[i], fresh.Gradient[i])
		}
	}
}
