package learn

import (
	"math"
	"math/rand/v2"
	"testing"

	"mlnotes/matrix"
)

// kernelRows lets optimize.SMO's cache copy entries between rows
// (MirrorEntries): K(xᵢ, xⱼ) and K(xⱼ, xᵢ) must be the same bits, from the
// float64 rows and from the byte form, for every kernel family.
func TestKernelRowsExactlySymmetric(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 3))
	const n, d = 61, 23 // fewer features than mirrorFeatures: the symmetry is what is tested
	all := make([]int, n)
	for j := range all {
		all[j] = j
	}
	for name, x := range map[string]*matrix.Dense{"grey": greyData(r, n, d, 120), "normal": randData(r, n, d)} {
		for _, k := range []Kernel{Linear(), Polynomial(3), Gaussian(0.5)} {
			for _, q := range []*kernelRows{newKernelRows(k, x), {k: k, flatRows: newFlatRows(x)}} {
				rows := make([][]float64, n)
				for i := range n {
					rows[i] = make([]float64, n)
					q.Row(i, all, rows[i])
				}
				for i := range n {
					for j := range i {
						if math.Float64bits(rows[i][j]) != math.Float64bits(rows[j][i]) {
							t.Fatalf("%s, %v, byte form %v: K[%d][%d] = %v, K[%d][%d] = %v", name, k, q.codes != nil, i, j, rows[i][j], j, i, rows[j][i])
						}
					}
				}
			}
		}
	}
}

// Entries are copied between rows only from mirrorFeatures features.
func TestKernelRowsMirrorFromFeatures(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	for _, d := range []int{1, 20, mirrorFeatures - 1, mirrorFeatures, 784} {
		if got := newKernelRows(Linear(), randData(r, 3, d)).MirrorEntries(); got != (d >= mirrorFeatures) {
			t.Errorf("%d features: MirrorEntries %v", d, got)
		}
	}
}
