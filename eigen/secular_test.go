package eigen

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"mlnotes/matrix"
)

// TestRankOneEigen checks the merge kernel of divide and conquer on its
// own: the eigenpairs of M = D + ρzzᵀ (d strictly increasing, z without
// zeros, ρ > 0) must satisfy ‖MU − UΛ‖_F/(k·ε·‖M‖_F) ≤ 10 and
// ‖UUᵀ − I‖_F/(k·ε) ≤ 10, with U from the Gu–Eisenstat ẑ, on the
// configurations that make the secular equation hard: poles 1e-13 apart,
// z entries near the deflation threshold, ρ from 1e-8 to 1e8, and a root
// squeezed against a pole.
func TestRankOneEigen(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	type problem struct {
		name string
		d, z []float64
		rho  float64
	}
	random := func(k int, gap func(i int) float64, zmag func(i int) float64, rho float64, name string) problem {
		d := make([]float64, k)
		z := make([]float64, k)
		x := -1.0
		for i := range k {
			d[i] = x
			x += gap(i)
			z[i] = zmag(i) * (0.5 + rng.Float64())
			if rng.IntN(2) == 0 {
				z[i] = -z[i]
			}
		}
		s := math.Sqrt(sumSquares(z))
		for i := range z {
			z[i] /= s
		}
		return problem{name, d, z, rho}
	}
	one := func(int) float64 { return 1 }
	var cases []problem
	for _, k := range []int{2, 3, 10, 100} {
		cases = append(cases,
			random(k, func(int) float64 { return 2 * rng.Float64() / float64(k) }, one, 1, fmt.Sprintf("random %d", k)),
			random(k, func(i int) float64 { return []float64{1e-13, 0.3}[i%2] }, one, 1, fmt.Sprintf("pole pairs 1e-13 apart %d", k)),
			random(k, func(int) float64 { return 1.0 / float64(k) }, func(i int) float64 { return []float64{1e-14, 1}[i%2] }, 1, fmt.Sprintf("tiny z %d", k)),
			random(k, func(int) float64 { return 1.0 / float64(k) }, one, 1e-8, fmt.Sprintf("rho 1e-8 %d", k)),
			random(k, func(int) float64 { return 1.0 / float64(k) }, one, 1e8, fmt.Sprintf("rho 1e8 %d", k)),
			random(k, func(i int) float64 { return math.Pow(10, -float64(i%12)) }, one, 1, fmt.Sprintf("graded gaps %d", k)),
		)
	}
	totalIters, totalRoots := 0, 0
	for _, c := range cases {
		k := len(c.d)
		lambda, ut, iters, err := rankOneEigen(c.d, c.z, c.rho, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		totalIters += iters
		totalRoots += k
		if !slices.IsSorted(lambda) {
			t.Errorf("%s: roots not ascending", c.name)
		}
		// Interlacing: dᵢ ≤ λᵢ ≤ dᵢ₊₁, λ_last ≤ d_last + ρ‖z‖².
		for i, l := range lambda {
			hi := c.d[k-1] + c.rho*sumSquares(c.z)
			if i+1 < k {
				hi = c.d[i+1]
			}
			if l < c.d[i] || l > hi {
				t.Errorf("%s: λ%d = %v outside [%v, %v]", c.name, i, l, c.d[i], hi)
			}
		}
		m := matrix.Diag(c.d)
		for i := range k {
			for j := range k {
				m.Set(i, j, m.At(i, j)+c.rho*c.z[i]*c.z[j])
			}
		}
		checkEigen(t, "rank-one "+c.name, m, fromRows(lambda, ut))
	}
	t.Logf("%.1f secular iterations per root", float64(totalIters)/float64(totalRoots))
}
