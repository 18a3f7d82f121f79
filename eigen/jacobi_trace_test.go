package eigen

import (
	"math"
	"testing"

	"mlnotes/matrix"
)

// TestJacobiRotationTrace: the rotation trace's off(A) falls by 2a_pq² a
// rotation and ends each sweep at the sweep's own off(A) (to rounding,
// relative to ‖A‖); the matrix after the last sweep is diagonal with the
// eigenvalues on it.
func TestJacobiRotationTrace(t *testing.T) {
	a, _ := matrix.NewFromRows([][]float64{{4, 1, 0.5, 0}, {1, 3, 0.2, 0.1}, {0.5, 0.2, 2, 0.3}, {0, 0.1, 0.3, 1}})
	var last JacobiRotation
	var sweeps []JacobiSweep
	rotations := 0
	res, err := Jacobi(a, JacobiOptions{
		TraceMatrix: true,
		Rotation: func(r JacobiRotation) {
			if r.P >= r.Q || math.Abs(r.Angle) > math.Pi/4 || r.OffNorm < 0 {
				t.Errorf("rotation %+v", r)
			}
			last = r
			rotations++
		},
		Trace: func(s JacobiSweep) {
			tol := 64 * eps * matrix.NormFrobenius(a)
			if s.Rotations > 0 && (last.Sweep != s.Sweep || math.Abs(last.OffNorm-s.OffNorm) > tol) {
				t.Errorf("sweep %d: off(A) %v, the last rotation's %v", s.Sweep, s.OffNorm, last.OffNorm)
			}
			sweeps = append(sweeps, s)
		},
	})
	if err != nil || rotations == 0 || len(sweeps) == 0 {
		t.Fatalf("err %v, %d rotations, %d sweeps", err, rotations, len(sweeps))
	}
	final := sweeps[len(sweeps)-1].A
	for _, v := range res.Values {
		found := false
		for j := range 4 {
			found = found || final.At(j, j) == v
		}
		if !found {
			t.Errorf("eigenvalue %v not on the diagonal of the last sweep's matrix", v)
		}
	}
}
