package learn

import (
	"errors"
	"testing"

	"mlnotes/matrix"
)

// TestKDEBandwidthRange: a bandwidth whose square under- or overflows is
// refused (ErrInvalidParameter) for both windows, instead of densities
// that are NaN; the ends of the accepted range give finite densities.
func TestKDEBandwidthRange(t *testing.T) {
	x, _ := matrix.NewFromRows([][]float64{{0, 0.5}, {1, 0.2}, {0.3, 1.1}})
	q, _ := matrix.NewFromRows([][]float64{{0.5, 0.5}, {0, 0.5}})
	for _, k := range []KDEKernel{GaussWindow, BoxWindow} {
		for _, h := range []float64{1e-320, 1e-200, 1e200, 1e308} {
			if _, err := (KernelDensity{Kernel: k, H: h}).Fit(x); !errors.Is(err, ErrInvalidParameter) {
				t.Errorf("%v h = %g: %v", k, h, err)
			}
		}
		for _, h := range []float64{1e-150, 1e150} {
			m, err := KernelDensity{Kernel: k, H: h}.Fit(x)
			if err != nil {
				t.Fatalf("%v h = %g: %v", k, h, err)
			}
			p, err := m.Density(q)
			if err != nil || matrix.VecFinite(p) != nil {
				t.Errorf("%v h = %g: densities %v, %v", k, h, p, err)
			}
		}
	}
}
