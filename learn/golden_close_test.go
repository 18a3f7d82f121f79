package learn

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"mlnotes/matrix"
)

// goldenClose reports whether got reproduces a value of a golden file
// written by the default amd64 build: bit for bit on that build
// (goldenBuild), otherwise within the bound on reordered sums. A sum of m
// terms evaluated in two orders (or with fused multiply-adds) differs by at
// most 2γₘ·Σ|terms| ≈ 2mu·Σ|terms| (Higham, Accuracy and Stability, §4.2),
// with u = 2⁻⁵³; scale stands for Σ|terms|, taken as the largest magnitude
// among the values compared (and at least 1), and m is the longest inner
// product behind them (training rows plus features).
func goldenClose(got, want float64, m int, scale float64) bool {
	if goldenBuild {
		return math.Float64bits(got) == math.Float64bits(want)
	}
	const u = 0x1p-53
	return math.Abs(got-want) <= 2*float64(m)*u*max(scale, 1)
}

// savedTermsScale bounds Σ|terms| of the decision sums of the saved model
// file testdata/saved/name on the rows of x: Σᵢ|coefᵢ|·maxⱼ|K(svᵢ, xⱼ)| + |ρ|
// over the machines of an SVM file (whose sums cancel: outputs near 4 from
// terms near 100), and 0 for other files, whose largest output is the
// scale.
func savedTermsScale(t *testing.T, name string, x *matrix.Dense) float64 {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "saved", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := Load(f)
	if err != nil {
		return 0
	}
	var kernel Kernel
	var machines []*BinarySVM
	switch m := m.(type) {
	case *SVMClassifierModel:
		kernel, machines = m.Kernel, m.Machines
	case *SVMRegressorModel:
		kernel, machines = m.Kernel, m.Machines
	default:
		return 0
	}
	scale := 0.0
	for _, mach := range machines {
		s := math.Abs(mach.Rho)
		for i, c := range mach.Coef {
			k := 0.0
			for j := range x.Rows() {
				k = max(k, math.Abs(kernel.Eval(mach.SupportVectors.Row(i), x.Row(j))))
			}
			s += math.Abs(c) * k
		}
		scale = max(scale, s)
	}
	return scale
}
